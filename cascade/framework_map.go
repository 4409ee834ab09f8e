package cascade

import (
	"context"
	"runtime"
	"sort"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

// FrameworkMap is how a workspace is wired through its frameworks: every
// event, job, topic, signal or task key with the code that publishes it
// and the handlers that subscribe to it. An AI assistant reads it once
// instead of guessing how a handler is reached.
type FrameworkMap struct {
	Root   string           `json:"root"`
	Events []FrameworkEvent `json:"events"`
	// Partial: the map was cut off by its deadline; what is listed is
	// right, but keys may be missing.
	Partial bool `json:"partial,omitempty"`
}

// FrameworkEvent is one key on one bus.
type FrameworkEvent struct {
	Bus         string              `json:"bus"` // "event", "kafka", "django-signal", "celery-task", "bull", ...
	Key         string              `json:"key"`
	Subscribers []FrameworkEndpoint `json:"subscribers"`
	Publishers  []FrameworkEndpoint `json:"publishers"`
}

// FrameworkEndpoint is a handler or a publishing site.
type FrameworkEndpoint struct {
	Symbol   string `json:"symbol"`       // Container.name, or the file for top-level code
	ID       string `json:"id,omitempty"` // the symbol id
	Location string `json:"location"`     // path:line:col, 1-based
	Sender   string `json:"sender,omitempty"`
}

// FrameworkMap builds the workspace's map from the local store: the
// subscriptions of every function, method and class, and the publications
// of every call. It stops at ctx's deadline with what it has (Partial).
func (w *Workspace) FrameworkMap(ctx context.Context) (FrameworkMap, error) {
	out := FrameworkMap{Root: w.Root, Events: []FrameworkEvent{}}
	read := w.Store
	if sn, ok := w.Store.(graph.Snapshotter); ok {
		// One consistent view while the map is built; a snapshot shares
		// the store's connections, so it is not closed (as the Neo4j edge
		// pass does).
		if snap, err := sn.Snapshot(ctx); err == nil {
			read = snap
		}
	}
	files, err := read.Files(ctx)
	if err != nil {
		return out, wrap("framework map", err)
	}
	type item struct {
		sym  fact.Symbol
		subs []FrameworkEndpoint
		keys [][2]string // bus, key per subscription
		pubs []publication
	}
	var owners []fact.Symbol
	for _, f := range files {
		syms, err := read.SymbolsInFile(ctx, f.Path)
		if err != nil {
			return out, wrap("framework map", err)
		}
		for _, s := range syms {
			switch s.Kind {
			case treesitter.KindFunction, treesitter.KindMethod, treesitter.KindClass, treesitter.KindInterface:
				owners = append(owners, s)
			}
		}
	}
	owners = append(owners, fact.Symbol{}) // the top level of every file
	results := make([]item, len(owners))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), len(owners))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = item{sym: owners[i]}
				w.mapOwner(ctx, read, &results[i].sym, &results[i].subs, &results[i].keys, &results[i].pubs)
			}
		}()
	}
feed:
	for i := range owners {
		select {
		case next <- i:
		case <-ctx.Done():
			out.Partial = true
			break feed
		}
	}
	close(next)
	wg.Wait()
	if ctx.Err() != nil {
		out.Partial = true
	}
	byKey := map[[2]string]*FrameworkEvent{}
	event := func(bus, key string) *FrameworkEvent {
		k := [2]string{bus, key}
		if e, ok := byKey[k]; ok {
			return e
		}
		e := &FrameworkEvent{Bus: bus, Key: key, Subscribers: []FrameworkEndpoint{}, Publishers: []FrameworkEndpoint{}}
		byKey[k] = e
		return e
	}
	// A call is met again through each enclosing symbol that lists it (a
	// class and its method): each site and handler once.
	seen := map[[4]string]bool{}
	for _, r := range results {
		for i, s := range r.subs {
			if k := [4]string{"sub", r.keys[i][0], r.keys[i][1], s.ID}; !seen[k] {
				seen[k] = true
				e := event(r.keys[i][0], r.keys[i][1])
				e.Subscribers = append(e.Subscribers, s)
			}
		}
		for _, p := range r.pubs {
			if k := [4]string{"pub", p.bus, p.key, p.at.Location}; !seen[k] {
				seen[k] = true
				e := event(p.bus, p.key)
				e.Publishers = append(e.Publishers, p.at)
			}
		}
	}
	for _, e := range byKey {
		out.Events = append(out.Events, *e)
	}
	sort.Slice(out.Events, func(i, j int) bool {
		a, b := out.Events[i], out.Events[j]
		if a.Bus != b.Bus {
			return a.Bus < b.Bus
		}
		return a.Key < b.Key
	})
	return out, nil
}

type publication struct {
	bus, key string
	at       FrameworkEndpoint
}

// mapOwner adds what one symbol subscribes to and what its calls publish
// (the zero symbol: the calls made at the top level of files).
func (w *Workspace) mapOwner(ctx context.Context, read graph.Store, sym *fact.Symbol, subs *[]FrameworkEndpoint, keys *[][2]string, pubs *[]publication) {
	if ctx.Err() != nil {
		return
	}
	if sym.ID != "" {
		ss, err := w.resolver.Subscriptions(ctx, *sym)
		if err == nil {
			for _, s := range ss {
				*subs = append(*subs, FrameworkEndpoint{Symbol: stage.QualifiedName(*sym), ID: sym.ID, Location: location(sym.Path, sym.Selection), Sender: s.Sender})
				*keys = append(*keys, [2]string{s.Bus, s.Event})
			}
		}
	}
	calls, err := read.CallsFrom(ctx, sym.ID)
	if err != nil {
		return
	}
	for _, c := range calls {
		ps, err := w.resolver.Publications(ctx, c)
		if err != nil {
			continue
		}
		for _, p := range ps {
			name := stage.QualifiedName(*sym)
			if sym.ID == "" {
				name = c.Path
			}
			for _, k := range p.Events {
				*pubs = append(*pubs, publication{bus: p.Bus, key: k,
					at: FrameworkEndpoint{Symbol: name, ID: sym.ID, Location: location(c.Path, c.Span), Sender: p.Sender}})
			}
		}
	}
}

// Generation changes whenever the local store is written (by this process
// or another), for caches of what was computed from it; 0 when the store
// does not say.
func (w *Workspace) Generation() int64 {
	if g, ok := w.Store.(graph.Generational); ok {
		return g.Generation()
	}
	return 0
}

package neo4j

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
	"github.com/callcascade/callcascade/treesitter"
)

// The edge pass: what `callcascade index --neo4j-uri` writes after the
// files, so that a team can ask Neo4j who calls or triggers a symbol
// without callcascade. The resolver answers over a store holding the same
// files (the workspace's embedded store: reading it is local and fast);
// the rows are computed first and written in batches (WriteEdges). It is
// never on an editor's request path.

// Edges is everything the pass writes for one repository.
type Edges struct {
	// Owners are the symbols whose edges the pass replaces: every
	// function, method, class and interface. A symbol owns its incoming
	// CALLS and its outgoing SUBSCRIBES and PUBLISHES; a file owns the
	// PUBLISHES of its top level (Files).
	Owners []string
	Files  []string
	// Calls are the resolver's caller edges, one per caller and target.
	Calls []CallRow
	// Subscriptions and Publications go through CODE_EVENT nodes.
	Subscriptions []SubscriptionRow
	Publications  []PublicationRow
	// Digest names the files (paths and content hashes) and the build the
	// edges were computed from: a pass with the digest already stored
	// writes nothing.
	Digest string
}

// CallRow is one caller edge: (caller)-[:CALLS]->(target).
type CallRow struct {
	CallerID   string // "" when the caller is the top level of CallerPath
	CallerPath string
	TargetID   string
	Resolution fact.Resolution // ast, name, event, registration
	Via        string          // the registering call, or the interface or base method dispatched through
	Event      string          // for event edges: the event key
	Lines      []int64         // 1-based lines of the call sites, in CallerPath
	// Ref names the function when the caller only uses it as a value
	// (passes, stores, returns it) at every site: fact.Edge.Ref.
	Ref string
	// RefWritten: every site writes a function over it (fact.Edge.RefWritten).
	RefWritten bool
}

// SubscriptionRow is (symbol)-[:SUBSCRIBES {sender}]->(:CODE_EVENT).
type SubscriptionRow struct {
	SymbolID string
	Bus      string
	Key      string
	Sender   string // "" when the subscription hears every sender
}

// PublicationRow is (publisher)-[:PUBLISHES {path, line, sender}]->(:CODE_EVENT).
type PublicationRow struct {
	PublisherID string // "" when the publisher is the top level of Path
	Path        string
	Line        int64
	Bus         string
	Key         string
	Sender      string
}

// EventName is a CODE_EVENT node's name: the bus and the key, so that the
// same key on two buses is two events. Bus names hold no colon.
func EventName(bus, key string) string { return bus + ":" + key }

// edgeOwnerKinds are the kinds of symbol the pass asks the resolver about.
var edgeOwnerKinds = []treesitter.SymbolKind{treesitter.KindFunction, treesitter.KindMethod, treesitter.KindClass, treesitter.KindInterface}

// FilesDigest names a set of indexed files and the build computing their
// edges; two stores holding the same files give the same digest.
func FilesDigest(files []fact.File) string {
	lines := make([]string, 0, len(files)+1)
	for _, f := range files {
		lines = append(lines, f.Path+"\x00"+f.Hash)
	}
	sort.Strings(lines)
	h := sha256.New()
	fmt.Fprintf(h, "callcascade edges v1 %s\n", buildRevision())
	for _, l := range lines {
		h.Write([]byte(l + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// buildRevision is the commit the binary was built from, when Go recorded
// it: a new resolver recomputes the edges of unchanged files.
func buildRevision() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	rev := ""
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" || s.Key == "vcs.modified" {
			rev += s.Value + " "
		}
	}
	return rev
}

// ComputeEdges asks r, over src, for the caller edges of every function,
// method, class and interface, for what each subscribes to, and for the
// publications behind its event edges, on one worker per CPU. src and
// r.Store hold the same files; src is read through a snapshot when it
// offers one. The rows come in the order of the owners, whatever the
// workers' order.
func ComputeEdges(ctx context.Context, src graph.Store, r *resolve.Resolver) (*Edges, error) {
	read := src
	if sn, ok := src.(graph.Snapshotter); ok {
		if snap, err := sn.Snapshot(ctx); err == nil {
			read = snap
		}
	}
	files, err := read.Files(ctx)
	if err != nil {
		return nil, fmt.Errorf("neo4j: edges: %w", err)
	}
	out := &Edges{Digest: FilesDigest(files)}
	var owners []fact.Symbol
	for _, f := range files {
		out.Files = append(out.Files, f.Path)
		syms, err := read.SymbolsInFile(ctx, f.Path)
		if err != nil {
			return nil, fmt.Errorf("neo4j: edges: %w", err)
		}
		for _, s := range syms {
			if slices.Contains(edgeOwnerKinds, s.Kind) {
				owners = append(owners, s)
			}
		}
	}
	sort.Slice(owners, func(i, j int) bool { return owners[i].ID < owners[j].ID })
	// The first failure stops the other workers.
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]*Edges, len(owners))
	errs := make([]error, len(owners))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), len(owners))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				p := edgePass{ctx: ctx, src: read, r: r, out: &Edges{}, callsFrom: map[string][]fact.Call{}}
				if errs[i] = p.owner(owners[i]); errs[i] != nil {
					cancel()
				}
				results[i] = p.out
			}
		}()
	}
	for i := range owners {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := parent.Err(); err != nil {
		return nil, err
	}
	for i, err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) {
			return nil, fmt.Errorf("neo4j: edges of %s: %w", owners[i].ID, err)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	seen := map[PublicationRow]bool{}
	for _, res := range results {
		out.Owners = append(out.Owners, res.Owners...)
		out.Calls = append(out.Calls, res.Calls...)
		out.Subscriptions = append(out.Subscriptions, res.Subscriptions...)
		for _, p := range res.Publications {
			if !seen[p] {
				seen[p] = true
				out.Publications = append(out.Publications, p)
			}
		}
	}
	return out, nil
}

type edgePass struct {
	ctx       context.Context
	src       graph.Store
	r         *resolve.Resolver
	out       *Edges
	callsFrom map[string][]fact.Call // by caller id, "" for top-level calls
}

// owner adds target's incoming edges, its subscriptions and the
// publications that reach them.
func (p *edgePass) owner(target fact.Symbol) error {
	if err := p.ctx.Err(); err != nil {
		return err
	}
	p.out.Owners = append(p.out.Owners, target.ID)
	edges, err := p.r.Incoming(p.ctx, target)
	if err != nil {
		return err
	}
	subs, err := p.r.Subscriptions(p.ctx, target)
	if err != nil {
		return err
	}
	for _, s := range subs {
		p.out.Subscriptions = append(p.out.Subscriptions, SubscriptionRow{SymbolID: target.ID, Bus: s.Bus, Key: s.Event, Sender: s.Sender})
	}
	for _, e := range edges {
		if e.Resolution == fact.ResolvedImplicit && e.Implicit != nil {
			// A summary in the call hierarchy; in the graph, each site
			// publishes the signal, so "who triggers" lists them all.
			for _, site := range e.Implicit.Sites {
				publisher := site.Caller.ID
				if site.Caller.Kind == fact.KindModule {
					publisher = ""
				}
				pr := PublicationRow{PublisherID: publisher, Path: site.Caller.Path, Line: int64(site.Span.Start.Line) + 1,
					Bus: "django-signal", Key: e.Implicit.Signal, Sender: site.Model}
				if !slices.Contains(p.out.Publications, pr) {
					p.out.Publications = append(p.out.Publications, pr)
				}
			}
			continue
		}
		row := CallRow{CallerID: e.Symbol.ID, CallerPath: e.Symbol.Path, TargetID: target.ID,
			Resolution: e.Resolution, Via: e.Via, Event: e.Event, Ref: e.Ref, RefWritten: e.RefWritten}
		if e.Symbol.Kind == fact.KindModule {
			row.CallerID = ""
		}
		for _, site := range e.Sites {
			row.Lines = append(row.Lines, int64(site.Start.Line)+1)
		}
		p.out.Calls = append(p.out.Calls, row)
		if e.Resolution == fact.ResolvedEvent {
			if err := p.publications(row, e, subs); err != nil {
				return err
			}
		}
	}
	return nil
}

// publications adds, for an event edge into a subscriber with subs, what
// the caller publishes at each site: the publication the call makes when
// it matches one of subs, else (a publisher the resolver links some other
// way, through a helper of the application's) the subscription it reaches.
func (p *edgePass) publications(row CallRow, e fact.Edge, subs []framework.Subscription) error {
	calls, ok := p.callsFrom[row.CallerID]
	if !ok {
		var err error
		if calls, err = p.src.CallsFrom(p.ctx, row.CallerID); err != nil {
			return err
		}
		p.callsFrom[row.CallerID] = calls
	}
	for _, site := range e.Sites {
		matched := false
		for _, c := range calls {
			if c.Path != row.CallerPath || c.Span != site {
				continue
			}
			pubs, err := p.r.Publications(p.ctx, c)
			if err != nil {
				return err
			}
			for _, pub := range pubs {
				for _, ev := range pub.Events {
					if ev != e.Event {
						continue
					}
					for _, s := range subs {
						if s.Matches(pub, ev) {
							// The subscription's key: a handler of every job
							// of a queue listens on "reports/*".
							p.publication(row, site, pub.Bus, s.Event, pub.Sender)
							matched = true
						}
					}
				}
			}
		}
		if !matched {
			for _, s := range subs {
				if s.Event == e.Event {
					p.publication(row, site, s.Bus, s.Event, s.Sender)
				}
			}
		}
	}
	return nil
}

func (p *edgePass) publication(row CallRow, site treesitter.Span, bus, key, sender string) {
	pr := PublicationRow{PublisherID: row.CallerID, Path: row.CallerPath, Line: int64(site.Start.Line) + 1, Bus: bus, Key: key, Sender: sender}
	if !slices.Contains(p.out.Publications, pr) {
		p.out.Publications = append(p.out.Publications, pr)
	}
}

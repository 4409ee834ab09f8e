package resolve

import (
	"cmp"
	"context"
	"maps"
	"slices"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/treesitter"
)

// Warm loads what the resolver keeps between requests: the file list, the
// module index over it, the registering calls of each language family
// present and each file's framework declarations; what the store's
// snapshots serve, if it has them; and what the call sites of the names
// the workspace calls most resolve to (callers_index.go). Built lazily, they cost
// the first requests after an index pass 30-130 ms on a 7,000-file
// repository, against well under a millisecond for most requests after;
// a caller that has just indexed warms them in the background instead.
func (r *Resolver) Warm(ctx context.Context) error {
	// The writes of one index pass pause now and then, and each pause
	// started a warm-up beside those still running: three at once on a
	// 1,160-file repository, each resolving the same call sites, took 7-10 s
	// against 2.5 s for one. One runs at a time, the latest: it stops the
	// one running (warmed for a store that has moved on, or for the same
	// generation, whose resolutions it kept for this one to find).
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	r.mu.Lock()
	if r.stopWarm != nil {
		r.stopWarm()
	}
	r.stopWarm = stop
	r.mu.Unlock()
	r.warming.Lock()
	defer r.warming.Unlock()
	r.snapshot(ctx) // warm the store's current generation
	// The store's bulk load first: every step below, and a request asked
	// while they run, then reads files and symbols from memory, not a
	// point read each (superplane, 5,543 files: a first ask 0.6 s after
	// an index pass took 390 ms with it last, 220-250 ms with it first).
	if s, ok := r.Store.(graph.Snapshotter); ok {
		if err := s.Warm(ctx); err != nil {
			return err
		}
	}
	files, err := r.allFiles(ctx)
	if err != nil {
		return err
	}
	r.jsModules(files)
	families := map[string]bool{}
	for _, f := range files {
		families[family(f.Language)] = true
	}
	if families[family(treesitter.Go)] {
		// The interfaces that embed a type, every Go file's symbols read
		// once a generation: 230 ms of CPU on the 7,155-file SDK cut, paid
		// by the first ask of a method such as ClientError.Error (past the
		// graph stage's budget on a loaded machine) otherwise. Early:
		// every ask of a Go method through an interface reads it.
		if _, err := r.newQuery(ctx).golang().goEmbeddingIfaces(ctx); err != nil {
			return err
		}
	}
	for fam := range families {
		if _, err := r.registrationCalls(ctx, fam, ""); err != nil {
			return err
		}
	}
	if err := r.eachFrameworkFile(ctx, func(*fileFramework) {}); err != nil {
		return err
	}
	if _, err := r.providers(ctx); err != nil {
		return err
	}
	if families["js"] {
		// The default imports and re-exports, by the module they name:
		// the first question about a function or class of a generation
		// read every JS file's for them (medusa: 50-70 ms of a first
		// ask for ProductDetail, a component).
		if _, err := r.newQuery(ctx).jsBindings(ctx); err != nil {
			return err
		}
	}
	if families[family(treesitter.Python)] {
		// Which Python modules import which (resolve_python_reach.go):
		// every file's record read once, 100 ms and more on a large
		// repository, paid by the first request that asks otherwise.
		if _, err := r.newQuery(ctx).pyImporters(ctx); err != nil {
			return err
		}
	}
	if err := r.warmSites(ctx); err != nil {
		return err
	}
	if families[family(treesitter.Python)] {
		if err := r.warmModelSignals(ctx); err != nil {
			return err
		}
	}
	return r.warmAnswers(ctx)
}

// The biggest names' answers are worked out ahead and kept for the
// generation (IncomingElsewhere's keptAnswers): the first ask for
// Client.AddAsyncTask (6,557 callers) resolved them all, 52 ms of CPU and
// past the graph stage's budget on a loaded machine. Only names called from
// warmAnswerSites sites or more and declared by a few functions: a name
// every type declares (String) would be worked out once per declaration.
const (
	warmAnswerSites   = 1000
	warmAnswerNames   = 16
	warmAnswerDeclare = 4
)

// warmAnswers works out the answers of the names called most, as the
// constants above bound them.
func (r *Resolver) warmAnswers(ctx context.Context) error {
	counter, ok := r.Store.(graph.CallCounter)
	if !ok {
		return nil
	}
	q := r.newQuery(ctx)
	if q.gen == nil {
		return nil // nothing could be kept
	}
	counts, err := counter.CalleeCounts(ctx, warmAnswerSites)
	if err != nil {
		return err
	}
	names := slices.Collect(maps.Keys(counts))
	slices.SortFunc(names, func(a, b string) int {
		if c := cmp.Compare(counts[b], counts[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	for _, name := range names[:min(len(names), warmAnswerNames)] {
		syms, err := q.named(ctx, name)
		if err != nil {
			return err
		}
		syms = slices.DeleteFunc(slices.Clone(syms), func(s fact.Symbol) bool { return !isCallable(s) })
		if len(syms) == 0 || len(syms) > warmAnswerDeclare {
			continue
		}
		for _, sym := range syms {
			if r.current() != q.gen {
				return nil // the store moved on: the next warm-up starts over
			}
			r.yield(ctx)
			if _, _, err := r.IncomingElsewhere(ctx, sym); err != nil {
				return err
			}
		}
	}
	return nil
}

// warmModelSignals works out, for each Django model signal a decorated
// receiver of the workspace subscribes to, the calls that send it
// implicitly (allModelSignalSites): the first request for a post_save
// receiver paid it otherwise, 80-150 ms on creme_crm.
func (r *Resolver) warmModelSignals(ctx context.Context) error {
	q := &frameworkView{query: r.newQuery(ctx)}
	if q.gen == nil || q.gen.id == noGeneration {
		return nil // nothing could be kept
	}
	var receivers []fact.Symbol
	if err := r.eachFrameworkFile(ctx, func(ff *fileFramework) {
		for _, s := range ff.subscribers {
			if s.Language == treesitter.Python {
				receivers = append(receivers, s)
			}
		}
	}); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, s := range receivers {
		receipts, err := q.signalReceipts(ctx, s)
		if err != nil {
			return err
		}
		for _, rc := range receipts {
			if seen[rc.signal] || framework.DjangoSignalOf(rc.signal).Source != framework.SignalModel {
				continue
			}
			seen[rc.signal] = true
			if r.current() != q.gen {
				return nil // the store moved on: the next warm-up starts over
			}
			r.yield(ctx)
			if _, err := q.allModelSignalSites(ctx, rc.signal); err != nil {
				return err
			}
		}
	}
	return nil
}

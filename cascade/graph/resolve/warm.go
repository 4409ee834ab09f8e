package resolve

import (
	"context"

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
	files, err := r.allFiles(ctx)
	if err != nil {
		return err
	}
	r.jsModules(files)
	families := map[string]bool{}
	for _, f := range files {
		families[family(f.Language)] = true
	}
	for fam := range families {
		if _, err := r.registrationCalls(ctx, fam, ""); err != nil {
			return err
		}
	}
	if err := r.eachFrameworkFile(ctx, func(*fileFramework) {}); err != nil {
		return err
	}
	if families[family(treesitter.Python)] {
		// Which Python modules import which (resolve_python_reach.go):
		// every file's record read once, 100 ms and more on a large
		// repository, paid by the first request that asks otherwise.
		if _, err := r.newQuery(ctx).pyImporters(ctx); err != nil {
			return err
		}
	}
	if s, ok := r.Store.(graph.Snapshotter); ok {
		if err := s.Warm(ctx); err != nil {
			return err
		}
	}
	return r.warmSites(ctx)
}

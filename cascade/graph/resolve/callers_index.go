package resolve

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/treesitter"
)

// The callers of a common name (get, create, find, run) are its hundreds of
// call sites, each resolved through its file's imports, its receiver's type
// and its caller: tens of microseconds each, and a name defined by a dozen
// classes is asked a dozen times. Past the graph stage's timeout the answer
// was cut off (issue 14). What a call site resolves to depends only on the
// store's generation, so it is kept for the generation the request's
// snapshot names, and Warm resolves ahead of time the sites of every name
// the workspace defines, the most called first: a request then only picks,
// among resolved sites, those that reach its target.

// warmSitesMin: Warm resolves ahead of time the sites of the names called
// at least this often; a name with fewer is resolved in a few milliseconds
// on request (and kept then).
const warmSitesMin = 64

// callKey names one call site within a generation.
type callKey struct {
	path, callee, receiver, callerID string
	start, end                       uint32
	isNew, isRef                     bool
}

// siteResolution is what one call site resolved to.
type siteResolution struct {
	targets []fact.Symbol // shared: never modified
	res     fact.Resolution
	// external: the callee is known to be outside the workspace (what
	// resolveCall leaves in query.external), kept with the rest.
	external bool
	// nameVia: what a call resolved by name went through (what
	// resolveCall leaves in query.nameVia), kept for the caller's detail.
	nameVia string
}

// resolvedSites is what the call sites of one generation resolved to.
type resolvedSites struct {
	mu sync.RWMutex
	m  map[callKey]siteResolution
	// targets: the target lists the sites hold, shared (kept_targets.go).
	targets map[string][]fact.Symbol
	// fields: what each reference site stores into (kept_fields.go).
	fields map[callKey][]string
	// receivers: what each site's receiver evaluated to where it is
	// written (receiverOfCall), for the sites that resolved to nothing:
	// "an attribute of Foo" is asked of every such site of a name at each
	// request for a method of that name with no caller, and evaluating
	// thousands of receivers (skyportal's get) took 250-650 ms a request.
	receivers map[callKey]keptReceiver
	// warmed: warmSites went through every name of the generation; the
	// next warm-up of it has nothing to add, and need not read every
	// common name's sites again to find that out.
	warmed bool
}

// keptReceiver is one evaluation of a site's receiver.
type keptReceiver struct {
	ref typeRef
	ok  bool
}

func keyOf(c fact.Call) callKey {
	return callKey{path: c.Path, callee: c.Callee, receiver: c.Receiver, callerID: c.CallerID, start: c.Span.StartByte, end: c.Span.EndByte, isNew: c.New, isRef: c.Ref}
}

func (g *generation) sites() *resolvedSites {
	g.sitesOnce.Do(func() { g.resolved = &resolvedSites{m: map[callKey]siteResolution{}} })
	return g.resolved
}

// resolveKept is resolveCall through the generation's kept resolutions: a
// site resolved before in this generation is not resolved again, and one
// resolved now is kept, unless the request's context ended on the way
// (a read cut short may have been taken for "nothing there").
func (q *query) resolveKept(ctx context.Context, c fact.Call) ([]fact.Symbol, fact.Resolution, error) {
	if q.gen == nil || c.Span.EndByte == 0 { // a call made up while typing has no site of its own
		return q.resolveCall(ctx, c)
	}
	kept, k := q.gen.sites(), keyOf(c)
	kept.mu.RLock()
	sr, ok := kept.m[k]
	kept.mu.RUnlock()
	if ok {
		q.external, q.nameVia = sr.external, sr.nameVia
		return sr.targets, sr.res, nil
	}
	targets, res, err := q.resolveCall(ctx, c)
	if err == nil && ctx.Err() == nil {
		kept.mu.Lock()
		kept.m[k] = siteResolution{targets: kept.sharedTargets(targets), res: res, external: q.external, nameVia: q.nameVia}
		kept.mu.Unlock()
	}
	return targets, res, err
}

// warmSites resolves, for the generation the store is at, the call sites
// of every name the workspace defines that is called at least
// warmSitesMin times, the most called first. It stops when ctx ends or the
// store moves to another generation (an edit: the next warm-up starts
// over). A store that cannot count its call sites in one read is left to
// fill the kept resolutions request by request.
func (r *Resolver) warmSites(ctx context.Context) error {
	counter, ok := r.Store.(graph.CallCounter)
	if !ok {
		return nil
	}
	q := r.newQuery(ctx)
	if q.gen == nil {
		return nil // the store names no generation: nothing could be kept safely
	}
	kept := q.gen.sites()
	kept.mu.RLock()
	warmed := kept.warmed
	kept.mu.RUnlock()
	if warmed {
		return nil
	}
	counts, err := counter.CalleeCounts(ctx, warmSitesMin)
	if err != nil {
		return err
	}
	type named struct {
		name  string
		sites int
	}
	var todo []named
	for name, n := range counts {
		syms, err := q.named(ctx, name)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(syms, isCallable) {
			todo = append(todo, named{name, n})
		}
	}
	slices.SortFunc(todo, func(a, b named) int {
		if c := cmp.Compare(b.sites, a.sites); c != 0 {
			return c
		}
		return cmp.Compare(a.name, b.name)
	})
	gen, since := q.gen, 0
	r.warmedNames.Store(0)
	r.warmedSites.Store(0)
	for _, n := range todo {
		r.warmedNames.Add(1)
		calls, err := q.callsNamed(ctx, n.name)
		if err != nil {
			return err
		}
		delete(q.callsByName, n.name) // the warm-up need not keep them
		for len(calls) > 0 {
			if r.current() != gen {
				return nil
			}
			if since >= warmQuerySites {
				// A query keeps every file, symbol list and answer it
				// touched, and in generated code the sites of a name are
				// each in a file of their own: over a 36,000-file
				// repository one query for the whole warm-up held a
				// gigabyte, and one name has 33,000 sites. The
				// resolutions are kept in the generation, not the query:
				// start a fresh one, within a name too.
				if q = r.newQuery(ctx); q.gen != gen {
					return nil
				}
				since = 0
			}
			r.yield(ctx)
			chunk := calls[:min(len(calls), warmQuerySites-since, warmYieldSites)]
			calls = calls[len(chunk):]
			if err := q.eachResolved(ctx, chunk, func(c fact.Call, targets []fact.Symbol, res fact.Resolution) error {
				if len(targets) > 0 || res != "" || q.external || c.Receiver == "" {
					return nil
				}
				// A Python site that resolved to nothing: a request for a
				// method of this name with no caller asks whose attribute
				// it is (memberOfClass); evaluate its receiver now.
				_, _, err := q.receiverOfCall(ctx, c, treesitter.Python)
				return err
			}); err != nil {
				return err
			}
			if err := q.warmStoredFields(ctx, chunk); err != nil {
				return err
			}
			since += len(chunk)
			r.warmedSites.Add(int64(len(chunk)))
		}
	}
	kept.mu.Lock()
	kept.warmed = true
	kept.mu.Unlock()
	return nil
}

// WarmedSites is how many names, and how many of their call sites, the
// latest warm-up resolved ahead of time (so far, while one runs): what the
// warm-up's cost grows with (the benchmark prints it).
func (r *Resolver) WarmedSites() (names, sites int64) {
	return r.warmedNames.Load(), r.warmedSites.Load()
}

// warmYieldSites is how many call sites the warm-up resolves between two
// chances to step aside for a question (Resolver.Yield): a few
// milliseconds of work.
const warmYieldSites = 256

// yield lets a question being answered go first (Resolver.Yield).
func (r *Resolver) yield(ctx context.Context) {
	if r.Yield != nil {
		r.Yield(ctx)
	}
}

// warmQuerySites is how many call sites one query of the warm-up resolves
// before the warm-up starts a fresh one (see warmSites). Fewer cost
// TypeScript workspaces time (a query keeps the barrel files it chased)
// and did not lower the peak on the 36,000-file one (5,000: within the
// noise of 20,000).
const warmQuerySites = 20000

// reexportKey is one question to reexportedFunction.
type reexportKey struct {
	path, module, name string
	depth              int
}

// reexportedFunction is chaseReexport, asked once per request: every call
// of an imported name in a file asks the same question, and following a
// chain of barrel files (index.ts re-exporting index.ts) was most of what
// resolving a common name's sites cost.
func (q *query) reexportedFunction(ctx context.Context, f *fact.File, module, name string, depth int) ([]fact.Symbol, error) {
	k := reexportKey{f.Path, module, name, depth}
	if found, ok := q.reexports[k]; ok {
		return slices.Clone(found), nil
	}
	found, err := q.chaseReexport(ctx, f, module, name, depth)
	if err != nil || ctx.Err() != nil {
		return found, err
	}
	if q.reexports == nil {
		q.reexports = map[reexportKey][]fact.Symbol{}
	}
	q.reexports[k] = slices.Clone(found)
	return found, nil
}

// Package resolve turns the call sites a store keeps into caller and callee
// edges at query time: through scopes, imports, receiver types, dispatch
// through interfaces and base classes, and framework events and
// registrations.
package resolve

import (
	"cmp"
	"context"
	"errors"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

// Resolver turns stored call sites into caller/callee edges at query time.
// Resolving on read keeps edges right under incremental re-indexing: nothing
// derived from another file is ever stored, so nothing goes stale.
type Resolver struct {
	Store graph.Store
	// Root is the workspace's directory: its tsconfig.json "paths" and
	// "baseUrl" map TypeScript imports (tsconfig.go). "" leaves them out.
	Root string
	// Yield, when set, is called between chunks of the warm-up: it waits
	// while a question is being answered (cascade's foreground).
	Yield func(context.Context)

	mu sync.Mutex
	// cur is what was derived from the store's latest generation seen.
	cur *generation
	// Kept across generations, keyed by content, so that an edit costs only
	// what it changed: framework holds per file its subscribers and
	// provider entries until the file's hash changes (see
	// eachFrameworkFile); modules is the module index, kept while the file
	// paths stay the same.
	framework map[string]*fileFramework
	// jsBindingFiles holds per file its default imports and re-exports
	// (resolve_js_defaults.go), until the file's hash changes.
	jsBindingFiles keptPerFile[[]jsBinding]
	// pyImportFiles holds per Python file the modules it imports and the
	// fields it declares (resolve_python_reach.go), until the file's hash
	// changes.
	pyImportFiles keptPerFile[pyFileKept]
	modules       moduleIndex
	pyModuleIndex pyModuleIndex
	goBuilds      goBuildComments // Go files' build constraints (resolve_go_build.go)
	goDeps        goDeps          // module dependencies' method sets (resolve_go_deps.go)
	// warming: one warm-up at a time, the latest (warm.go); stopWarm
	// stops the one running.
	warming  sync.Mutex
	stopWarm context.CancelFunc
	// warmed: what the latest warm-up's warmSites resolved (WarmedSites).
	warmedNames, warmedSites atomic.Int64
}

// generation is what the resolver derives from one generation of the
// store: its file list and, per language family, its registering calls by
// the name of what they pass by value. A request's snapshot names the
// generation it reads (graph.Generational); a store that names none keeps
// one until Invalidate.
type generation struct {
	id            int64 // noGeneration for stores that name none
	files         []fact.File
	registrations map[string]map[string][]fact.Call
	// wrappers are the project's functions that pass a parameter on to a
	// publisher, by name (framework_wrappers.go); nil until first needed.
	wrappers map[string][]wrapper
	// jsBindings are the default imports and re-exports by the file and
	// name they take (resolve_js_defaults.go); nil until first needed.
	jsBindings map[string][]jsBinding
	// providers are the dependency-injection providers every file
	// declares (framework_edges.go); read once providersRead.
	providers     []framework.Provider
	providersRead bool
	// jsGlobalAliases are the type aliases of declare global blocks in
	// declaration files, by name (resolve_js_values.go); nil until first
	// needed.
	jsGlobalAliases map[string]jsGlobalAlias
	// pyImporters are the Python files importing each Python file
	// (resolve_python_reach.go); nil until first needed.
	pyImporters map[string][]string
	// pyFields are the Python fields of the workspace by name, built with
	// pyImporters.
	pyFields map[string][]pyFieldAt
	// goEmbedding are the Go interfaces of the workspace that embed a
	// type (goEmbeddingInterfaces' candidates); nil until first needed.
	goEmbedding []fact.Symbol
	// resolved is what call sites resolved to (callers_index.go).
	sitesOnce sync.Once
	resolved  *resolvedSites
	// modelSignals are the sites that send each Django model signal
	// implicitly (save() sends post_save), every model's, by signal
	// (framework_signals.go); under the resolver's mu.
	modelSignals map[string][]fact.ImplicitSite
	// answers are the incoming answers worked out from many call sites,
	// by keptAnswerKey (IncomingElsewhere); under the resolver's mu.
	answers map[string]keptAnswer
}

const noGeneration = -1

// Invalidate drops what the resolver derived from the store, for stores
// whose snapshots name no generation (the indexer calls it after every
// write; a generation named by a snapshot makes it redundant).
func (r *Resolver) Invalidate() {
	r.mu.Lock()
	if r.cur != nil && r.cur.id == noGeneration {
		r.cur = nil
	}
	r.mu.Unlock()
}

// at makes id the current generation, dropping what was derived from
// another one.
func (r *Resolver) at(id int64) {
	r.mu.Lock()
	if r.cur == nil || r.cur.id != id {
		r.cur = &generation{id: id}
	}
	r.mu.Unlock()
}

// current is the generation derived data is read from and kept for.
func (r *Resolver) current() *generation {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		r.cur = &generation{id: noGeneration}
	}
	return r.cur
}

func (r *Resolver) allFiles(ctx context.Context) ([]fact.File, error) {
	g := r.current()
	r.mu.Lock()
	files := g.files
	r.mu.Unlock()
	if files != nil {
		return files, nil
	}
	files, err := r.Store.Files(ctx)
	if err != nil {
		return nil, err
	}
	if files == nil {
		files = []fact.File{}
	}
	r.mu.Lock()
	g.files = files
	r.mu.Unlock()
	return files, nil
}

// Incoming returns the callers of target, grouped by caller and sorted by
// location.
func (r *Resolver) Incoming(ctx context.Context, target fact.Symbol) ([]fact.Edge, error) {
	edges, _, err := r.IncomingElsewhere(ctx, target)
	return edges, err
}

// IncomingElsewhere is Incoming, with the call sites of the name that were
// resolved to something other than target (another symbol, a type outside
// the workspace), each with what it was resolved to: a fallback must not
// list them as target's callers.
//
// An answer worked out from many call sites is kept for the generation
// (keptAnswers): asked again, the biggest names' answers took the whole
// resolution again each time (Client.AddAsyncTask, 6,557 callers: 52 ms of
// CPU a request).
func (r *Resolver) IncomingElsewhere(ctx context.Context, target fact.Symbol) ([]fact.Edge, stage.ResolvedSites, error) {
	edges, settled, err := r.IncomingSettled(ctx, target)
	return edges, settled.Elsewhere, err
}

// IncomingSettled is IncomingElsewhere with how many call sites of the
// name in target's language family it could neither link to target nor
// resolve elsewhere (Settled.Undecided): a grep cut off by its budget
// weighs what it found against them.
func (r *Resolver) IncomingSettled(ctx context.Context, target fact.Symbol) ([]fact.Edge, stage.Settled, error) {
	q := r.newQuery(ctx)
	key := keptAnswerKey(target)
	if a, ok := q.gen.keptAnswer(&r.mu, key); ok {
		return cloneEdges(a.edges), stage.Settled{Elsewhere: a.elsewhere, Undecided: a.undecided}, nil
	}
	edges, elsewhere, sites, undecided, err := r.incomingElsewhere(ctx, q, target)
	if err == nil && sites >= keptAnswerSites {
		q.gen.keepAnswer(&r.mu, key, keptAnswer{edges: cloneEdges(edges), elsewhere: elsewhere, undecided: undecided})
	}
	return edges, stage.Settled{Elsewhere: elsewhere, Undecided: undecided}, err
}

// keptAnswerSites: an answer worked out from this many call sites of the
// name or more is kept for the generation.
const keptAnswerSites = 256

// maxKeptAnswers bounds the answers one generation keeps.
const maxKeptAnswers = 64

type keptAnswer struct {
	edges     []fact.Edge
	elsewhere stage.ResolvedSites // read only, by every request given it
	undecided int
}

func keptAnswerKey(t fact.Symbol) string {
	return t.ID + "\x00" + string(t.Language) + "\x00" + string(t.Kind)
}

// keptAnswer is the answer kept for key, if the generation (nil for a store
// naming none) keeps one.
func (g *generation) keptAnswer(mu *sync.Mutex, key string) (keptAnswer, bool) {
	if g == nil || g.id == noGeneration {
		return keptAnswer{}, false
	}
	mu.Lock()
	defer mu.Unlock()
	a, ok := g.answers[key]
	return a, ok
}

func (g *generation) keepAnswer(mu *sync.Mutex, key string, a keptAnswer) {
	if g == nil || g.id == noGeneration {
		return
	}
	mu.Lock()
	defer mu.Unlock()
	if g.answers == nil {
		g.answers = map[string]keptAnswer{}
	}
	if len(g.answers) < maxKeptAnswers {
		g.answers[key] = a
	}
}

// cloneEdges copies edges and their sites, so that no caller's change
// reaches a kept answer.
func cloneEdges(edges []fact.Edge) []fact.Edge {
	out := slices.Clone(edges)
	for i := range out {
		out[i].Sites = slices.Clone(out[i].Sites)
	}
	return out
}

// incomingElsewhere is IncomingSettled worked out, with how many call
// sites of the name it read.
func (r *Resolver) incomingElsewhere(ctx context.Context, q *query, target fact.Symbol) ([]fact.Edge, stage.ResolvedSites, int, int, error) {
	name := target.Name
	if target.Kind == treesitter.KindMethod && (name == "constructor" || name == "__init__") && target.Container != "" {
		name = target.Container // constructors are called by their class's name
	}
	calls, err := q.callsNamed(ctx, name)
	if err != nil {
		return nil, nil, 0, 0, err
	}
	calls = calls[:len(calls):len(calls)] // appending below must not write into the query's cache
	if framework.IsTask(q.frameworks().roles(ctx, target)) {
		// task.delay(...), task.s(...): calls of the task under another name.
		for _, callee := range framework.CalleesFor(family(target.Language), framework.RoleTaskCall) {
			more, err := q.callsNamed(ctx, callee)
			if err != nil {
				return nil, nil, 0, 0, err
			}
			for _, c := range more {
				if lastSegmentOf(c.Receiver) == target.Name {
					calls = append(calls, c)
				}
			}
		}
	}
	byCaller := edgeSet{}
	elsewhere := stage.ResolvedSites{}
	linked := map[stage.SiteKey]bool{}
	visit := func(c fact.Call, targets []fact.Symbol, res fact.Resolution) error {
		external := q.external // what resolveCall concluded, before anything below asks it again
		nameVia := q.nameVia
		if target.Language == treesitter.Go && q.golang().goOutsideBuild(ctx, target.Path, c.Path) {
			elsewhere[stage.KeyOf(c.Path, c.Span)] = outsideBuild
			return nil
		}
		if target.Language == treesitter.Go && q.golang().goOutsideView(target.Path, c.Path) {
			elsewhere[stage.KeyOf(c.Path, c.Span)] = outsideView
			return nil
		}
		if target.Language == treesitter.Go && (len(targets) > 0 || res != "") && !containsID(targets, target.ID) {
			// A target in a file the default build leaves out: c's
			// file as the target's build sees it.
			var err error
			if targets, res, err = q.golang().goInTargetBuild(ctx, c, target, targets, res); err != nil {
				return err
			}
		}
		via := ""
		if len(targets) == 0 && res == "" && family(target.Language) == "js" && c.Receiver != "" && external {
			// adapter.decide() with adapter an outside library's Adapter,
			// which the object literal holding target is declared as.
			ext, ok, err := q.jsExternalDispatch(ctx, c, target)
			if err != nil || !ok {
				elsewhere[stage.KeyOf(c.Path, c.Span)] = outsideWorkspace
				return err
			}
			via, res = ext, fact.ResolvedAST
		} else if target.Language == treesitter.Go && c.Receiver != "" &&
			(len(targets) == 0 && res == "" || !containsID(targets, target.ID) && (goLiteralMethods(targets) || q.golang().goFieldLiteralMethods(ctx, targets))) {
			// w.Write(p) with w an http.ResponseWriter, in target's package;
			// r.M() with r asserted to the interface literal declaring
			// target; x.Run() with x an interface{ Run() }, whose method it
			// resolves to, and which target's type has.
			ext, ok, err := q.golang().goExternalDispatch(ctx, c, target)
			if err != nil || !ok {
				if len(targets) > 0 {
					elsewhere[stage.KeyOf(c.Path, c.Span)] = describeTarget(targets[0])
				} else if external {
					elsewhere[stage.KeyOf(c.Path, c.Span)] = outsideWorkspace
				}
				return err
			}
			via, res = ext, fact.ResolvedAST
		} else if !containsID(targets, target.ID) {
			if res != fact.ResolvedAST || strings.HasPrefix(c.Receiver, "super") {
				switch {
				case res == fact.ResolvedAST && len(targets) > 0:
					elsewhere[stage.KeyOf(c.Path, c.Span)] = describeTarget(targets[0])
				case res == fact.ResolvedName && len(targets) > 0 && target.Language == treesitter.Python:
					// A method of the class of a pytest fixture's value
					// (resolve_pytest.go): another class's, not target's.
					elsewhere[stage.KeyOf(c.Path, c.Span)] = describeTarget(targets[0])
				case len(targets) == 0 && external:
					elsewhere[stage.KeyOf(c.Path, c.Span)] = outsideWorkspace
				case len(targets) == 0 && family(target.Language) == "js" && jsPropsReceiver(c.Receiver):
					elsewhere[stage.KeyOf(c.Path, c.Span)] = componentProps // uniqueName
				case len(targets) == 0:
					if what, ok, err := q.memberOfClass(ctx, c, target); err != nil {
						return err
					} else if ok {
						elsewhere[stage.KeyOf(c.Path, c.Span)] = what // Handler.contract(): no module function
					} else if target.Language == treesitter.Python && c.Receiver != "" {
						// Another service's repos["users"].save(user).
						if apart, err := q.pyApart(ctx, c.Path, target.Path); err != nil {
							return err
						} else if apart {
							elsewhere[stage.KeyOf(c.Path, c.Span)] = outsideReach
						}
					}
				}
				return nil // super.m() names the base method exactly: no dispatch
			}
			// A call of an interface or base-class method may run target,
			// which implements or overrides it; one on the class itself
			// (Base.contract()) runs the base's.
			for _, t := range targets {
				ok, err := q.dispatches(ctx, t, target)
				if err == nil && !ok {
					// A call of a Go method that implements the target
					// interface method, as gopls counts it.
					ok, err = q.golang().implementsInterfaceMethod(ctx, t, target)
				}
				if err == nil && !ok {
					ok, err = q.golang().goLiteralRelated(ctx, c, t, target)
				}
				if err == nil && !ok {
					ok, err = q.overridesInJS(ctx, t, target)
				}
				if err == nil && ok && q.golang().goThroughDependency(c, t, target) {
					ok = false // trace.Span from a replaced module, called in another package (resolve_go_view.go)
				}
				if err == nil && ok {
					var excluded bool
					excluded, err = q.javaReceiverExcludes(ctx, c, t, target)
					ok = !excluded
				}
				if err != nil {
					return err
				}
				if ok {
					if onClass, err := q.calledOnClass(ctx, c); err != nil || onClass {
						if onClass {
							elsewhere[stage.KeyOf(c.Path, c.Span)] = describeTarget(t)
						}
						return err
					}
					if target.Language == treesitter.Python {
						// Python checks no interface at a call: t's caller is
						// t's, as pyright answers, not every override's (58
						// of 58 such items wrong in the Python runs, see
						// docs/ACCURACY.md). The site is resolved, elsewhere.
						elsewhere[stage.KeyOf(c.Path, c.Span)] = describeTarget(t)
						return nil
					}
					via = t.Container + "." + t.Name
					break
				}
			}
			if via == "" {
				if len(targets) > 0 {
					elsewhere[stage.KeyOf(c.Path, c.Span)] = describeTarget(targets[0])
				}
				return nil
			}
		}
		if res == fact.ResolvedName && nameVia != "" && via == "" {
			via = nameVia
		}
		if res == fact.ResolvedAST && family(target.Language) == "js" {
			// A link the editor's TypeScript server does not make: a file
			// no tsconfig includes, or an import the config's paths map
			// to no file (tsconfig_project.go): possible.
			if why := q.jsEditorUnresolved(ctx, c.Path, target.Path); why != "" {
				res, via = fact.ResolvedName, why
			}
		}
		caller, err := q.callerOf(ctx, c)
		if err != nil {
			return err
		}
		if res == fact.ResolvedAST && via == "" {
			// cleanup.delay(): queues the task, a framework link
			// (framework_celery.go), not a call of it.
			if queue := q.frameworks().taskQueueVia(ctx, c, target); queue != "" {
				byCaller.add(caller, c, fact.ResolvedRegistration, queue, "")
				linked[stage.KeyOf(c.Path, c.Span)] = true
				return nil
			}
		}
		e, fresh := byCaller.link(caller, res, via)
		e.Sites = append(e.Sites, c.Span)
		linked[stage.KeyOf(c.Path, c.Span)] = true
		markRef(e, c, target.Name, fresh)
		return nil
	}
	err = q.eachResolved(ctx, calls, visit)
	if err == nil && family(target.Language) == "js" {
		// import Link from './nav-link'; <Link />: the calls under the
		// names the workspace's imports give target, after those under its
		// own (a cut-off answer has those first).
		err = q.jsCallsUnderOtherNames(ctx, target, visit)
	}
	if err != nil {
		edges, cerr := cutOff(ctx, byCaller, err)
		return edges, nil, len(calls), 0, cerr
	}
	if err := q.accessCallers(ctx, target, byCaller, elsewhere); err != nil { // resolve_access.go
		edges, cerr := cutOff(ctx, byCaller, err)
		return edges, nil, len(calls), 0, cerr
	}
	if err := q.pyInstanceCallers(ctx, target, byCaller); err != nil { // resolve_python.go: __call__
		edges, cerr := cutOff(ctx, byCaller, err)
		return edges, nil, len(calls), 0, cerr
	}
	if err := q.fieldCallers(ctx, target, calls, byCaller); err != nil { // resolve_fields.go
		edges, cerr := cutOff(ctx, byCaller, err)
		return edges, nil, len(calls), 0, cerr
	}
	if err := q.frameworks().incoming(ctx, target, byCaller); err != nil {
		edges, cerr := cutOff(ctx, byCaller, err)
		return edges, nil, len(calls), 0, cerr
	}
	edges, err := cutOff(ctx, byCaller, nil)
	if err != nil {
		return edges, nil, len(calls), 0, err // cut off: what was found, never "elsewhere" from half a scan
	}
	return edges, elsewhere, len(calls), undecidedSites(calls, target, elsewhere, linked), nil
}

// undecidedSites counts the calls of target's language family that were
// neither linked to target nor resolved elsewhere.
func undecidedSites(calls []fact.Call, target fact.Symbol, elsewhere stage.ResolvedSites, linked map[stage.SiteKey]bool) int {
	fam, n := family(target.Language), 0
	for _, c := range calls {
		key := stage.KeyOf(c.Path, c.Span)
		if linked[key] {
			continue
		}
		if _, ok := elsewhere[key]; ok {
			continue
		}
		if l, ok := treesitter.LanguageForPath(c.Path); ok && family(l) == fam {
			n++
		}
	}
	return n
}

// Outgoing returns what source calls, grouped by callee and sorted by the
// callee's location.
func (r *Resolver) Outgoing(ctx context.Context, source fact.Symbol) ([]fact.Edge, error) {
	calls, err := r.Store.CallsFrom(ctx, source.ID)
	if err != nil {
		return nil, err
	}
	q := r.newQuery(ctx)
	byCallee := edgeSet{}
	err = q.eachResolved(ctx, calls, func(c fact.Call, targets []fact.Symbol, res fact.Resolution) error {
		for _, t := range targets {
			if res == fact.ResolvedAST {
				if queue := q.frameworks().taskQueueVia(ctx, c, t); queue != "" {
					byCallee.add(t, c, fact.ResolvedRegistration, queue, "") // cleanup.delay(): queues t
					continue
				}
			}
			e := byCallee[t.ID]
			fresh := e == nil
			if fresh {
				e = &fact.Edge{Symbol: t, Resolution: res}
				byCallee[t.ID] = e
			}
			e.Sites = append(e.Sites, c.Span)
			markRef(e, c, t.Name, fresh)
		}
		return nil
	})
	if err != nil {
		return cutOff(ctx, byCallee, err)
	}
	if err := q.frameworks().outgoing(ctx, calls, byCallee); err != nil {
		return cutOff(ctx, byCallee, err)
	}
	return cutOff(ctx, byCallee, nil)
}

// eachResolved resolves each call and hands it to fn, stopping at the first
// error or when ctx ends.
func (q *query) eachResolved(ctx context.Context, calls []fact.Call, fn func(fact.Call, []fact.Symbol, fact.Resolution) error) error {
	for _, c := range calls {
		if err := ctx.Err(); err != nil {
			return err
		}
		targets, res, err := q.resolveKept(ctx, c)
		if err != nil {
			return err
		}
		if err := fn(c, targets, res); err != nil {
			return err
		}
	}
	return nil
}

// ResolveCall returns the symbols a call site may invoke and how that was
// decided. An empty result means the callee is outside the workspace, or
// ambiguous.
func (r *Resolver) ResolveCall(ctx context.Context, c fact.Call) ([]fact.Symbol, fact.Resolution, error) {
	return r.newQuery(ctx).resolveCall(ctx, c)
}

func containsID(syms []fact.Symbol, id string) bool {
	for _, s := range syms {
		if s.ID == id {
			return true
		}
	}
	return false
}

func sortedEdges(m map[string]*fact.Edge) []fact.Edge {
	out := make([]fact.Edge, 0, len(m))
	for _, e := range m {
		sort.Slice(e.Sites, func(i, j int) bool { return e.Sites[i].StartByte < e.Sites[j].StartByte })
		out = append(out, *e)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Symbol.ID == out[j].Symbol.ID { // a caller's precise item before its name matches
			return resolutionRank[out[i].Resolution] > resolutionRank[out[j].Resolution]
		}
		return fact.SymbolLess(out[i].Symbol, out[j].Symbol)
	})
	return out
}

// frameworkEdges is what the core asks of the framework side of a
// request (frameworkView, in framework_edges.go): the callers and callees
// that reach a symbol through events, queues, signals and registrations,
// the roles a framework gives a symbol, and the types dependency injection
// and task queues give to receivers.
type frameworkEdges interface {
	incoming(ctx context.Context, target fact.Symbol, byCaller edgeSet) error
	outgoing(ctx context.Context, calls []fact.Call, byCallee edgeSet) error
	roles(ctx context.Context, sym fact.Symbol) []framework.Role
	injected(ctx context.Context, f *fact.File, cls fact.Symbol, field string) (*fact.Symbol, error)
	task(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call) (*fact.Symbol, error)
	taskQueueVia(ctx context.Context, c fact.Call, t fact.Symbol) string
	injectedExcludes(ctx context.Context, c fact.Call, target fact.Symbol) (bool, error)
}

// query caches store reads for the duration of one request.
type query struct {
	r           *Resolver
	inWorkspace map[string]bool            // moduleInWorkspace answers
	pyNearRoots map[string]pyRoot          // pyNearestImportRoot answers
	pyShared    map[string]map[string]bool // pySharedRoots answers
	pyPackages  map[string]bool            // directories holding an __init__.py (pyPackageDir)
	pyReach     map[string]map[string]bool // pyReachedFrom answers
	pyDists     map[string]string          // pyDistribution answers, by directory
	pyNarrowed  map[string]bool            // pyNarrowedPaths answers, by file
	subtypes    map[string]bool            // isSubtype answers
	store       graph.Store
	files       map[string]*fact.File
	byName      map[string][]fact.Symbol
	byFamily    map[string][]fact.Symbol  // namedIn answers
	typesByFam  map[string][]fact.Symbol  // typesNamedIn answers
	goTypeDirs  map[string]map[string]int // goTypeInDir's index
	unique      map[string]uniqueAnswer   // uniqueNameIn answers
	symbols     map[string]*fact.Symbol
	modules     map[string]string // go.mod dir -> module path
	all         []fact.File       // every indexed file, loaded on first need
	depth       int               // nesting of declaredType through call results
	aliasHops   int               // nesting of instanceOf through Go type aliases
	// pos is the byte offset, in its file, of the call being resolved:
	// Go locals scoped to a block (treesitter.ScopePrefix) hold only there.
	pos         uint32
	declared    map[declaredKey]typeRef       // declaredType answers for derived types
	callsByName map[string][]fact.Call        // call sites by callee name
	reexports   map[reexportKey][]fact.Symbol // reexportedFunction answers
	callsFromID map[string][]fact.Call        // callsFrom answers (kept_fields.go)
	beansByType map[string][]springBean       // beansOf answers, by declared type (framework_spring.go)
	fieldMeths  map[string][]javaFieldMethod  // javaFieldMethods answers, by field name (resolve_java.go)
	// gen is the generation the request's snapshot names, where call site
	// resolutions are kept; nil when the store names none.
	gen *generation
	// external is what the last resolveCall concluded of a call it could
	// not link: true when the callee is known to be outside the workspace
	// (a builtin, an import from a library, a library type's method).
	external bool
	// nameVia says what the last call resolved by name went through ("" for
	// nothing said): "pytest fixture db", the value pytest hands a
	// parameter, or "field onDone", a field holding one of several
	// functions. Said in the caller's detail.
	nameVia string
	// pySites are the Python call-site bindings in force, innermost last
	// (resolve_python_callsite.go); pySerials counts those made.
	pySites   []pyCallSite
	pySerials uint64
	// The language resolvers of this request, made on first need; each
	// keeps its own answers.
	goLang *goLang
	pyLang *pyLang
	fw     frameworkEdges
}

func (q *query) allFiles(ctx context.Context) []fact.File {
	if q.all == nil {
		files, err := q.r.allFiles(ctx)
		if err != nil {
			return nil
		}
		q.all = files
	}
	return q.all
}

// snapshot is the store as one request reads it: a snapshot when the store
// offers one (the store itself if taking it fails). A snapshot that names
// its generation moves the resolver's derived data to it.
func (r *Resolver) snapshot(ctx context.Context) graph.Store {
	s, ok := r.Store.(graph.Snapshotter)
	if !ok {
		return r.Store
	}
	snap, err := s.Snapshot(ctx)
	if err != nil {
		return r.Store
	}
	if g, ok := snap.(graph.Generational); ok {
		r.at(g.Generation())
	}
	return snap
}

// newQuery starts a request's reads: from a snapshot of the store when it
// offers one (the store itself if taking it fails).
func (r *Resolver) newQuery(ctx context.Context) *query {
	store := r.snapshot(ctx)
	q := &query{r: r, store: store, files: map[string]*fact.File{}, byName: map[string][]fact.Symbol{}, symbols: map[string]*fact.Symbol{}, inWorkspace: map[string]bool{}, subtypes: map[string]bool{}}
	if g, ok := store.(graph.Generational); ok {
		if cur := r.current(); cur.id == g.Generation() { // else a newer request moved it on
			q.gen = cur
		}
	}
	return q
}

// memo returns m[key], loading it on first use; a thing the store does not
// have is remembered as nil.
func memo[V any](m map[string]*V, key string, load func() (V, error)) (*V, error) {
	if v, ok := m[key]; ok {
		return v, nil
	}
	v, err := load()
	if errors.Is(err, graph.ErrNotFound) {
		m[key] = nil
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	m[key] = &v
	return &v, nil
}

func (q *query) file(ctx context.Context, p string) (*fact.File, error) {
	return memo(q.files, p, func() (fact.File, error) { return q.store.File(ctx, p) })
}

func (q *query) named(ctx context.Context, name string) ([]fact.Symbol, error) {
	if s, ok := q.byName[name]; ok {
		return s, nil
	}
	s, err := q.store.SymbolsByName(ctx, name)
	if err != nil {
		return nil, err
	}
	q.byName[name] = s
	return s, nil
}

// namedIn is named's symbols of one language family: a common name's call
// sites are resolved one after another against the same candidates.
func (q *query) namedIn(ctx context.Context, name, fam string) ([]fact.Symbol, error) {
	key := fam + "\x00" + name
	if s, ok := q.byFamily[key]; ok {
		return s, nil
	}
	candidates, err := q.named(ctx, name)
	if err != nil {
		return nil, err
	}
	var same []fact.Symbol
	for _, s := range candidates {
		if family(s.Language) == fam {
			same = append(same, s)
		}
	}
	if q.byFamily == nil {
		q.byFamily = map[string][]fact.Symbol{}
	}
	q.byFamily[key] = same
	return same, nil
}

func (q *query) symbol(ctx context.Context, id string) (*fact.Symbol, error) {
	return memo(q.symbols, id, func() (fact.Symbol, error) { return q.store.Symbol(ctx, id) })
}

func (q *query) callerOf(ctx context.Context, c fact.Call) (fact.Symbol, error) {
	if c.CallerID != "" {
		s, err := q.symbol(ctx, c.CallerID)
		if err != nil {
			return fact.Symbol{}, err
		}
		if s != nil {
			return *s, nil
		}
	}
	f, err := q.file(ctx, c.Path)
	if err != nil {
		return fact.Symbol{}, err
	}
	var lang treesitter.Language
	if f != nil {
		lang = f.Language
	}
	return fact.ModuleSymbol(c.Path, lang), nil
}

// family groups languages whose files may call each other.
func family(l treesitter.Language) string { return treesitter.Family(l) }

func isCallable(s fact.Symbol) bool {
	return s.Kind == treesitter.KindFunction || s.Kind == treesitter.KindMethod
}

func isType(s fact.Symbol) bool {
	return s.Kind == treesitter.KindClass || s.Kind == treesitter.KindInterface
}

// resultType is the declared type of a callable's i-th result ("" if
// unknown); only Go functions declare more than one.
func resultType(s fact.Symbol, i int) string {
	if s.Language == treesitter.Go {
		return treesitter.GoResult(s.Returns, i)
	}
	if i > 0 {
		return ""
	}
	return s.Returns
}

// typeRef is what a receiver expression evaluates to, as far as we can tell.
type typeRef struct {
	kind  refKind
	class fact.Symbol // refInstance, refClass
	file  string      // refModule: the workspace file the module resolves to ("" if several)
	mod   string      // refModule: module specifier as written; a Go refExternal: the outside package it is
	from  string      // refModule: the importing file
	// alts are the other workspace classes of a Python union (refInstance;
	// treesitter.PythonUnionTypePrefix): a method called on the value is
	// each one's as well as class's. Nothing is walked past a union.
	alts []fact.Symbol
	// elems counts the Go collection wrappers around class ([]T is 1): an
	// element of the value is one fewer. Calls and fields ignore it.
	elems int
	// maps marks which of those wrappers are Python mappings (Dict[K, V]):
	// bit i for the i-th wrapper from the inside. See pyPeel.
	maps uint64
	// ext names a well-known Go type from outside the workspace that a
	// refExternal value has: an interface ("net/http.ResponseWriter",
	// "error"; see goKnownInterfaces) or a type goKnownResults has
	// methods of ("net.Dialer").
	ext string
	// above marks super() in a Python class: the method is looked up on the
	// class's bases in order (its MRO: a mixin first, then the next base),
	// never on the class itself.
	above bool
	// byName marks the value pytest hands a parameter by its name, a
	// fixture's (resolve_pytest.go): its class is known, but pyright types
	// no such parameter; a method found on it is a name match.
	byName bool
	// fixture is the name of that fixture, for the caller's detail.
	fixture string
	// open marks an instance of a JavaScript object literal (jsObjectRef)
	// whose members may be more than it writes: a call of a name it does
	// not declare may still be a workspace method's.
	open bool
	// current is what a React ref's current holds (treesitter.ReactRefTypePrefix):
	// the ref itself is React's (refExternal).
	current *typeRef
	// mapValue is what a Map's get(...) gives (treesitter.MapValueTypePrefix):
	// the map itself is the standard library's (refExternal).
	mapValue *typeRef
	// elements is what each element of a DOM NodeList holds
	// (querySelectorAll<TipSk>(...), NodeListOf<TipSk>): its forEach
	// callback's, for-of's, an index's or item(i)'s value. The list itself
	// is the platform's (refExternal).
	elements *typeRef
	// enters is what entering a Python context manager gives, its
	// __enter__ or __aenter__ (treesitter.PythonEntersTypePrefix): the
	// manager itself is the standard library's (refExternal).
	enters *typeRef
	// members is what every member of a TypeScript record holds, read by
	// name or by index (treesitter.RecordTypePrefix): the record itself is
	// no workspace class's (refExternal).
	members *typeRef
	// tuple is the type of each place of a Python tuple of fixed places
	// (treesitter.PythonTupleTypePrefix, without it), written in the file
	// tupleIn: what unpacking it gives (pyItemOf). The tuple itself is a
	// builtin (refExternal).
	tuple, tupleIn string
	// tupleFn is the unannotated function whose returned tuple it is
	// (return strategy, client): its places scoped there are evaluated in
	// it, where its locals are bound.
	tupleFn *fact.Symbol
	// calls is, for a JavaScript or TypeScript function value (an outside
	// value, refExternal), the type that calling it gives, written in the
	// file callsIn: a function returned by a workspace function
	// (treesitter.GoFuncPrefix).
	calls, callsIn string
	// targs are, for an instance of a Go generic type written with type
	// arguments (a field's resource.Getter[Arm]), those arguments as the
	// extractor writes them, comma-separated, written in the file
	// targsIn: a method's result of a type parameter is the argument in
	// its place (goTypeParamResult).
	targs, targsIn string
	// chanOuter marks a Go collection (elems > 0) whose outermost wrapper
	// is a channel, known from a dependency's declaration (IterBuffered()
	// <-chan Tuple[K, V]): ranging over it with one variable gives an
	// element, not an index.
	chanOuter bool
	// lit is, for a Go value of an interface type literal (a refExternal:
	// []interface{ Do() }'s element, what func get() interface{ Do() }
	// returns), that literal as the extractor writes it
	// (treesitter.GoInterfacePrefix), written in the file litIn: a call
	// on it runs the methods of every type in that package that has the
	// literal's methods, as gopls relates them.
	lit, litIn string
}

type refKind int

const (
	refUnknown  refKind = iota // could be anything: a name match may apply
	refExternal                // known, and not in the workspace: no edge
	refInstance                // an instance of a workspace class
	refClass                   // a workspace class itself (static call)
	refModule                  // a workspace module or package (namespace import, Go package)
)

func (q *query) resolveSite(ctx context.Context, c fact.Call) (_ []fact.Symbol, _ fact.Resolution, err error) {
	external := false // the callee is known to be outside the workspace
	defer func() { q.external = external }()
	nameVia := ""
	defer func() { q.nameVia = nameVia }()
	f, err := q.file(ctx, c.Path)
	if err != nil || f == nil {
		return nil, "", err
	}
	if c.Span.EndByte > 0 { // calls made up while typing a local keep the local's position
		defer func(saved uint32) { q.pos = saved }(q.pos)
		q.pos = c.Span.StartByte
	}
	var caller *fact.Symbol
	if c.CallerID != "" {
		if caller, err = q.symbol(ctx, c.CallerID); err != nil {
			return nil, "", err
		}
	}
	if c.Receiver != "" && f.Language == treesitter.Python {
		// render.delay(...): a call of the task render.
		if task, err := q.frameworks().task(ctx, f, caller, c); err != nil || task != nil {
			if task == nil {
				return nil, "", err
			}
			return []fact.Symbol{*task}, fact.ResolvedAST, nil
		}
	}
	sameFamily, err := q.namedIn(ctx, c.Callee, family(f.Language))
	if err != nil {
		return nil, "", err
	}
	if f.Language == treesitter.Python && c.Receiver == "" && !c.New && !c.Ref {
		// g = Greeter(); g("x"): a call of Greeter.__call__ (resolve_python.go).
		if found, err := q.pyCallOfInstance(ctx, f, caller, c); err != nil || len(found) > 0 {
			return found, fact.ResolvedAST, err
		}
	}
	if len(sameFamily) == 0 && c.Receiver == "" && !c.New && family(f.Language) == "js" {
		// import Link from './nav-link'; <Link />: a name of the importer's
		if found, err := q.jsImportedUnderOwnName(ctx, f, caller, c.Callee); err != nil || len(found) > 0 {
			return found, fact.ResolvedAST, err
		}
	}
	if f.Language == treesitter.Java && c.Receiver != "" && !c.New && !c.Ref {
		// task.run() with task = this::tick: what the field holds (resolve_java.go)
		if found, res, err := q.javaFunctionField(ctx, f, caller, c, sameFamily); err != nil || len(found) > 0 {
			return found, res, err
		}
	}
	if len(sameFamily) == 0 && c.Callee == "default" && c.Receiver != "" && !c.New && family(f.Language) == "js" {
		// mod.default() with mod = await import("./page"), or the read
		// (await import("./page")).default: the module's default export
		ref, err := q.evalReceiver(ctx, f, caller, c.Receiver)
		if err != nil {
			return nil, "", err
		}
		if ref.kind == refModule && ref.mod != "" {
			if found, err := q.jsModuleDefault(ctx, f, ref.mod, 0); err != nil || len(found) > 0 {
				return found, fact.ResolvedAST, err
			}
		}
	}
	if len(sameFamily) == 0 && c.Receiver != "" && !c.New && family(f.Language) == "js" {
		// import * as ui from './badge'; ui.Pill(): the module exports
		// Badge as Pill, or passes Pill on from another module
		if mod := q.jsNamespaceModule(f, caller, c.Receiver); mod != "" {
			if found, err := q.chaseReexport(ctx, f, mod, c.Callee, 0); err != nil || len(found) > 0 {
				return found, fact.ResolvedAST, err
			}
		}
	}
	if len(sameFamily) == 0 {
		// s.onDone(): a field holding a function
		found, res, err := q.fieldCall(ctx, f, caller, c, nil)
		nameVia = storedInField(c, res)
		return found, res, err
	}
	if c.New {
		return q.resolveConstructor(ctx, f, c, sameFamily)
	}

	var ref typeRef
	if c.Receiver == "" {
		found, known, err := q.resolveBare(ctx, f, caller, c, sameFamily)
		if err != nil || len(found) > 0 {
			return found, fact.ResolvedAST, err
		}
		if known {
			external = true
			return nil, "", nil
		}
		ref = typeRef{kind: refUnknown}
	} else {
		ref, err = q.evalReceiver(ctx, f, caller, c.Receiver)
		if err != nil {
			return nil, "", err
		}
	}
	if (ref.kind == refExternal || ref.kind == refUnknown) && family(f.Language) == "js" && treesitter.IsIdentifierName(c.Receiver) {
		// OfferShare.shareWith(...) with OfferShare = sequelize.define(...)
		// given its members by OfferShare.shareWith = shareWith or
		// Object.assign(OfferShare, { shareWith }) (resolve_fields.go)
		if found, res, err := q.fieldCall(ctx, f, caller, c, &ref); err != nil || len(found) > 0 {
			nameVia = storedInField(c, res)
			return found, res, err
		}
	}
	switch ref.kind {
	case refExternal:
		if ref.lit != "" && ref.elems == 0 && f.Language == treesitter.Go {
			// x.Run() with x an interface{ Run() } written in the caller
			// (a parameter's, a local's, an element's type): the literal's
			// method, as gopls's outgoing calls and definition answer.
			if found, err := q.golang().goLiteralMethodCalled(ctx, f, caller, c, ref); err != nil || len(found) > 0 {
				return found, fact.ResolvedAST, err
			}
			// s.observer.M() with observer a struct field declared
			// interface{ M() } (resolve_go_fieldlit.go).
			if found, err := q.golang().goFieldLiteralMethodCalled(ctx, f, caller, c); err != nil || len(found) > 0 {
				return found, fact.ResolvedAST, err
			}
		}
		external = true
		return nil, "", nil
	case refInstance, refClass:
		if ref.elems > 0 && f.Language == treesitter.Python {
			external = true
			return nil, "", nil // xs.append(x) on a List[Foo]: the list's method
		}
		if ref.above {
			return q.pyMethodAbove(ctx, ref.class, c.Callee, sameFamily, &external)
		}
		found, err := q.methodOf(ctx, ref.class, c.Callee, sameFamily, 0)
		for _, alt := range ref.alts { // memory.to_dict(), memory an EpisodicMemory | SemanticMemory
			if err != nil {
				break
			}
			var more []fact.Symbol
			more, err = q.methodOf(ctx, alt, c.Callee, sameFamily, 0)
			found = append(found, more...)
		}
		if err == nil && len(found) > 0 && ref.byName {
			nameVia = "pytest fixture " + ref.fixture
			return found, fact.ResolvedName, nil // a pytest fixture's value
		}
		if err != nil || len(found) > 0 {
			return found, fact.ResolvedAST, err
		}
		if ref.open {
			return q.uniqueNameIn(family(f.Language), sameFamily, c)
		}
		// A workspace class without that method: a field holding a
		// function, or inherited from outside the workspace, or dispatched
		// dynamically. Not ours to guess, but a Go type's promoted from an
		// embedded outside type is that type's.
		if found, res, err := q.fieldCall(ctx, f, caller, c, &ref); err != nil || len(found) > 0 {
			nameVia = storedInField(c, res)
			return found, res, err
		}
		external = ref.class.Language == treesitter.Go && q.golang().goEmbedsOutside(ctx, ref.class, 0) ||
			augmentsModule(ref.class) != "" // fastify.register(...): the package's method
		return nil, "", nil
	case refModule:
		var found []fact.Symbol
		for _, s := range sameFamily {
			if s.Container == "" && q.inModule(ctx, f, ref, s) {
				found = append(found, s)
			}
		}
		if len(found) == 0 && f.Language == treesitter.Python {
			// click.command(): defined in click/decorators.py, imported by click/__init__.py
			found, err = q.python().pyReexported(ctx, f, ref, c.Callee, func(s fact.Symbol) bool { return s.Container == "" })
		}
		if family(f.Language) == "js" && len(found) > 0 {
			// export { MemoizedCard as Card }: ns.Card is the wrapper, not
			// the file's own Card (only the found files are read: this runs
			// for every call through a namespace import)
			var aliased bool
			if found, aliased, err = q.jsExportedInstead(ctx, found, c.Callee); err != nil || len(found) > 0 {
				return found, fact.ResolvedAST, err
			} else if aliased {
				external = true // a binding that is no workspace function
				return nil, "", nil
			}
		}
		if len(found) == 0 && family(f.Language) == "js" && ref.mod != "" {
			// import * as hooks from '../controllers'; hooks.testWebhook:
			// the directory's index passes it on (export * from './webhook')
			found, err = q.chaseReexport(ctx, f, ref.mod, c.Callee, 0)
		}
		return found, fact.ResolvedAST, err
	}
	found, res, err := q.uniqueNameIn(family(f.Language), sameFamily, c)
	if len(found) == 1 && c.Receiver == "" && family(f.Language) == "js" && found[0].Path != f.Path && err == nil && !jsBindsLocal(f, c.Callee) {
		// log('x') in a file that neither declares, imports nor binds log
		// (no local of the name: not const { log } = await import(...)):
		// a global, if anything (a workflow runtime's), never the one
		// function of the name in a module (a file that imports): a
		// module's functions are reached by importing them.
		if mf, err := q.file(ctx, found[0].Path); err != nil {
			return nil, "", err
		} else if mf != nil && len(mf.Imports) > 0 {
			return nil, "", nil
		}
	}
	return found, res, err
}

// jsBindsLocal reports whether some local of f, anywhere in it, is named
// name.
func jsBindsLocal(f *fact.File, name string) bool {
	return slices.ContainsFunc(f.Locals, func(l fact.Local) bool { return l.Name == name })
}

// uniqueNameIn is uniqueName for the candidates namedIn gave for fam,
// remembered: it depends only on them and on whether c has a receiver.
func (q *query) uniqueNameIn(fam string, cands []fact.Symbol, c fact.Call) ([]fact.Symbol, fact.Resolution, error) {
	key := fam + "\x00" + c.Callee
	if c.Receiver != "" {
		key += "\x00."
	}
	if r, ok := q.unique[key]; ok {
		return r.syms, r.res, nil
	}
	syms, res, err := q.uniqueName(cands, c)
	if err != nil {
		return nil, "", err
	}
	if q.unique == nil {
		q.unique = map[string]uniqueAnswer{}
	}
	q.unique[key] = uniqueAnswer{syms, res}
	return syms, res, nil
}

type uniqueAnswer struct {
	syms []fact.Symbol
	res  fact.Resolution
}

// dispatches reports whether a call resolved to m may run target through
// dynamic dispatch: target's class implements or extends m's class and
// target has m's name.
func (q *query) dispatches(ctx context.Context, m, target fact.Symbol) (bool, error) {
	if m.Name != target.Name || !isCallable(m) || target.Kind != treesitter.KindMethod || m.Container == "" ||
		family(m.Language) != family(target.Language) {
		return false, nil
	}
	base, err := q.classOf(ctx, &m)
	if err != nil || base == nil {
		return false, err
	}
	sub, err := q.classOf(ctx, &target)
	if err == nil && sub == nil {
		sub, err = q.jsObjectClass(ctx, &target) // an object literal typed as an interface
	}
	if err != nil || sub == nil || sub.ID == base.ID {
		return false, err
	}
	if base.Language == treesitter.Go && (declaredInFunction(*base) || declaredInFunction(*sub)) && path.Dir(base.Path) != path.Dir(sub.Path) {
		// gopls matches types local to a function only with types of
		// their own package, and so do we.
		return false, nil
	}
	if base.Language == treesitter.Go && base.Kind == treesitter.KindInterface && !goExported(m.Name) && path.Dir(base.Path) != path.Dir(sub.Path) {
		// An unexported method name is its package's own: a type of
		// another package never has the interface's method, whatever it
		// declares (golang-modular-software's shared.Controller and every
		// module's controller: 25 sites gopls does not list).
		return false, nil
	}
	return q.isSubtype(ctx, *sub, *base, 0), nil
}

// goExported reports whether a Go name is exported: it starts with an
// upper-case letter.
func goExported(name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	return unicode.IsUpper(r)
}

func (q *query) isSubtype(ctx context.Context, sub, base fact.Symbol, depth int) bool {
	if sub.ID == base.ID {
		return true
	}
	if depth > 6 {
		return false
	}
	if base.Language == treesitter.Go && base.Kind != treesitter.KindInterface {
		// Go has no subclasses: a type that embeds a struct gets its
		// methods promoted, but a value of the struct is never one of
		// it, and a call on it runs the struct's own method (acis_golang's
		// Inventory embeds *Container; c.AddNew on a *Container never runs
		// Inventory.AddNew, and gopls does not list it there).
		return false
	}
	key := sub.ID + "<:" + base.ID
	if v, ok := q.subtypes[key]; ok {
		return v
	}
	q.subtypes[key] = false // cycles in broken code end here
	result := false
	if base.Language == treesitter.Go && base.Kind == treesitter.KindInterface {
		if q.golang().goHidesMethodOf(ctx, sub, base) {
			return false // embedding the interface does not help then
		}
		result = q.golang().goImplements(ctx, sub, base)
		if !result && q.golang().goShadowsMethodOf(ctx, sub, base) {
			return false // embedding the interface does not help either
		}
	}
	for _, b := range q.bases(ctx, sub) {
		if result {
			break
		}
		result = q.isSubtype(ctx, b, base, depth+1)
	}
	q.subtypes[key] = result
	return result
}

// jsObjectMethodNames are the methods every JavaScript object has from
// Object.prototype.
var jsObjectMethodNames = map[string]bool{"toString": true, "valueOf": true, "toLocaleString": true,
	"hasOwnProperty": true, "isPrototypeOf": true, "propertyIsEnumerable": true}

// jsPropsReceiver reports whether receiver is a React component's props:
// this.props, or a function component's props parameter (and members of
// either: this.props.handlers).
func jsPropsReceiver(receiver string) bool {
	for _, p := range []string{"this.props", "props"} {
		if receiver == p || strings.HasPrefix(receiver, p+".") {
			return true
		}
	}
	return false
}

// uniqueName links a call whose receiver is unknown when exactly one callable
// in the workspace has the name.
func (q *query) uniqueName(cands []fact.Symbol, c fact.Call) ([]fact.Symbol, fact.Resolution, error) {
	// A call with a receiver can only be a method; a bare call can only be
	// a function (calls of this's methods without this are resolved by scope).
	var callables []fact.Symbol
	for _, s := range cands {
		if !isCallable(s) || s.Name == "constructor" || s.Name == "__init__" {
			continue
		}
		if (c.Receiver != "") != (s.Kind == treesitter.KindMethod) {
			continue
		}
		callables = append(callables, s)
	}
	if len(callables) == 1 && c.Receiver != "" && callables[0].Language == treesitter.Python && pyBuiltinMethodNames[c.Callee] {
		// target.exists(), line.startswith("#"), d.items(): on a receiver
		// not typed, a method of Python's own types (a Path, a str, a dict)
		// far more often than the one workspace method of the name
		return nil, "", nil
	}
	if len(callables) == 1 && c.Receiver != "" && family(callables[0].Language) == "js" && jsObjectMethodNames[c.Callee] {
		// encrypted.toString("hex"), total.valueOf(): every value has
		// Object's methods, so on a receiver not typed the name says
		// nothing of the one workspace class that overrides it; tsserver
		// lists only the calls typed as that class (citybanana-nestjs-api:
		// twelve Buffer and number toString() calls matched by name)
		return nil, "", nil
	}
	if len(callables) == 1 && family(callables[0].Language) == "js" && jsPropsReceiver(c.Receiver) {
		// this.props.onSave(), props.onSave(): a callback a parent handed
		// the component, never a method of the name; the parent's
		// <Form onSave={this.save} /> is save's reference, and tsserver
		// has no definition for the call (data-portal)
		return nil, "", nil
	}
	if len(callables) == 1 && !(c.Receiver == "" && callables[0].Kind == treesitter.KindMethod && callables[0].Language == treesitter.Python) {
		return callables, fact.ResolvedName, nil
	}
	return nil, "", nil
}

// resolveBare resolves a call with no receiver: local scope, imports, the
// enclosing class (Java's implicit this), the Go package. known reports that
// the name is bound to something outside the workspace (an external import,
// a builtin), so no name match should be tried.
func (q *query) resolveBare(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call, cands []fact.Symbol) ([]fact.Symbol, bool, error) {
	name := c.Callee
	switch f.Language {
	case treesitter.Go:
		if l := q.localNamed(f, caller, name); l != nil && l.SymbolID != "" {
			return nil, true, nil // a local func value shadows the package's functions
		}
		dir := path.Dir(f.Path)
		var found []fact.Symbol
		for _, s := range cands {
			if s.Container == "" && s.Kind == treesitter.KindFunction && path.Dir(s.Path) == dir && q.samePackage(ctx, f, s) {
				found = append(found, s)
			}
		}
		if len(found) > 0 {
			return found, true, nil
		}
		for _, imp := range f.Imports { // dot imports
			if imp.Local == "." {
				if dir, ok := q.goImportDirFrom(ctx, f.Path, imp.Module); ok {
					for _, s := range cands {
						if s.Container == "" && path.Dir(s.Path) == dir {
							found = append(found, s)
						}
					}
				}
			}
		}
		return found, true, nil // Go resolves bare names completely; never guess
	case treesitter.Java:
		// The caller's class, then each class around the call, innermost
		// first: a field's initializer (int v = compute()), an anonymous
		// class's method and an inner class's call their outer class's
		// methods by their bare names.
		var tried []string
		if caller != nil && caller.Container != "" {
			tried = append(tried, caller.Container)
			found, err := q.methodInClassChain(ctx, f, caller.Container, name, cands)
			if err != nil || len(found) > 0 {
				return found, true, err
			}
		}
		around, _, err := q.classesAround(ctx, f, c.Span.StartByte)
		if err != nil {
			return nil, false, err
		}
		for _, cls := range around {
			if slices.Contains(tried, cls.Name) {
				continue
			}
			tried = append(tried, cls.Name)
			if found, err := q.methodOf(ctx, cls, name, cands, 0); err != nil || len(found) > 0 {
				return found, true, err
			}
		}
		for _, imp := range f.Imports { // static imports
			if imp.Local == name {
				cls := imp.Module[strings.LastIndex(imp.Module, ".")+1:]
				var found []fact.Symbol
				for _, s := range cands {
					if s.Container == cls {
						found = append(found, s)
					}
				}
				return found, true, nil
			}
		}
		return nil, false, nil
	}
	// Python and JS/TS: innermost scope first (nested functions), then the
	// file's top level, then imports.
	if f.Language == treesitter.Python && caller != nil && pyWrittenAs(c, name) {
		if l := q.localNamed(f, caller, name); l != nil && l.SymbolID != "" {
			return nil, true, nil // render = self.render; render(x): a variable, not the file's function
		}
		for _, p := range caller.Params {
			if p.Name == name {
				return nil, true, nil // def run(notify): notify(1) calls the argument
			}
		}
	}
	alias := writtenAsAlias(f, c)
	if family(f.Language) == "js" && caller != nil {
		written := name // the name the call is written with: the alias of an aliased import
		if alias != nil {
			written = alias.Local // import { count as countOf }; const count = countOf(x): the import
		}
		if l := q.localNamed(f, caller, written); l != nil && l.SymbolID != "" {
			return nil, true, nil // function Pills({ onChange }) { onChange(x) }: the prop, not a function of that name
		}
	}
	if family(f.Language) == "js" && alias == nil && jsLazyComponent(q.localNamed(f, caller, name)) {
		// const JoinFamily = lazy(() => import("./pages/JoinFamily")):
		// <JoinFamily /> renders the lazy component, which tsserver lists
		// under no function (the module is imported, not the function)
		return nil, true, nil
	}
	var local []fact.Symbol
	shadowed := alias != nil || pyImportedInFunction(f, caller, name)
	for _, s := range cands {
		if !shadowed && s.Path == f.Path && isCallable(s) && (s.Container == "" || s.Kind == treesitter.KindFunction) {
			local = append(local, s)
		}
	}
	local = q.blockScoped(f, local)
	var fallback []fact.Symbol
	if len(local) > 0 {
		picked := pickInnermost(local, caller)
		if !q.pyImportedToo(ctx, f, name, picked) {
			return picked, true, nil
		}
		// try: from .ai import suggest / except ImportError: def
		// suggest(...): one name, two declarations; pyright lists the
		// call under the imported function, and the file's own stands in.
		fallback = picked
	}
	scoped := q.pyImportInScope(ctx, f, caller, name)
	for i, imp := range f.Imports {
		if imp.Local != name && imp.Imported != name || alias != nil && imp != *alias || scoped >= 0 && imp.Local == name && i != scoped {
			continue
		}
		exported := imp.Imported
		var found []fact.Symbol
		for _, s := range cands {
			if s.Container != "" || !q.moduleHasFile(ctx, f, imp.Module, s.Path) {
				continue
			}
			if exported == name || exported == "default" || exported == "*" || exported == s.Name {
				found = append(found, s)
			}
		}
		if len(found) == 0 && exported != name && exported != "default" && exported != "*" {
			// aliased import: the callee name is the alias, look up the original
			orig, err := q.named(ctx, exported)
			if err != nil {
				return nil, true, err
			}
			for _, s := range orig {
				if s.Container == "" && family(s.Language) == family(f.Language) && q.moduleHasFile(ctx, f, imp.Module, s.Path) {
					found = append(found, s)
				}
			}
		}
		if family(f.Language) == "js" && exported != "*" && exported != "default" {
			// export { MemoizedCard as Card }: the module's Card is
			// MemoizedCard, not a declaration of the file named Card
			fixed, aliased, err := q.jsExportAliases(ctx, f, imp.Module, exported, found)
			if err != nil {
				return nil, true, err
			}
			if aliased && len(fixed) == 0 {
				return nil, true, nil
			}
			found = fixed
		}
		if len(found) == 0 && exported != "*" && exported != "default" {
			// A package's __init__.py or an index file passing the name on
			// (from .pipeline import run; export { run } from './run').
			re, err := q.reexportedFunction(ctx, f, imp.Module, exported, 0)
			if err != nil {
				return nil, true, err
			}
			found = re
		}
		if len(found) == 0 && exported == "default" && family(f.Language) == "js" {
			// import price from './format', whose default is formatPrice
			def, err := q.jsModuleDefault(ctx, f, imp.Module, 0)
			if err != nil {
				return nil, true, err
			}
			found = def
		}
		return append(found, fallback...), true, nil
	}
	if len(fallback) > 0 {
		return fallback, true, nil
	}
	if f.Language == treesitter.Python {
		// from services.utils import *: the module's top-level functions.
		for _, imp := range f.Imports {
			if imp.Local != "*" || imp.Imported != "*" {
				continue
			}
			var found []fact.Symbol
			for _, s := range cands {
				if s.Container == "" && isCallable(s) && s.Language == f.Language && q.moduleHasFile(ctx, f, imp.Module, s.Path) {
					found = append(found, s)
				}
			}
			if len(found) > 0 {
				return found, true, nil
			}
		}
	}
	if isBuiltin(f.Language, name) {
		return nil, true, nil
	}
	return nil, false, nil
}

// writtenAsAlias is the import whose alias c was written as, when c is
// stored under the name imported (import {format as formatDate};
// formatDate(d) is stored as format): told apart by the length written,
// since f may also define a function under the imported name, which the
// call does not call. nil when c was written as its stored name, or the
// lengths cannot tell. Where two aliases of the name have one length
// (import {load as getIt}, {load as setIt}), the call carries the alias
// written (fact.Call.Alias).
func writtenAsAlias(f *fact.File, c fact.Call) *treesitter.Import {
	if c.Alias != "" && c.Receiver == "" {
		for i := range f.Imports {
			if imp := &f.Imports[i]; imp.Imported == c.Callee && imp.Local == c.Alias {
				return imp
			}
		}
	}
	written := int(c.Span.EndByte) - int(c.Span.StartByte)
	if c.Span.EndByte == 0 || c.Receiver != "" || written == len(c.Callee) {
		return nil
	}
	for i := range f.Imports {
		if imp := &f.Imports[i]; imp.Imported == c.Callee && imp.Local != c.Callee && len(imp.Local) == written {
			return imp
		}
	}
	return nil
}

// jsExportAliases leaves out of found, the top-level functions named
// exported in module's files, those of a file that exports another binding
// under that name (export { MemoizedCard as Card },
// treesitter.ExportAliasLocalPrefix): its Card is no import's Card, as
// tsserver resolves it (React.memo's wrapper exported under the inner
// component's name). The binding is added in their place when it is a
// top-level function of that file (export { Badge as Pill }: Pill() calls
// Badge). aliased says whether a module file exports such an alias: with
// the result then empty, the name is a binding that is no function.
func (q *query) jsExportAliases(ctx context.Context, f *fact.File, module, exported string, found []fact.Symbol) ([]fact.Symbol, bool, error) {
	aliasing := map[string]bool{}
	var bound []fact.Symbol
	for _, wf := range q.r.jsModules(q.allFiles(ctx)).matching(f.Path, module) {
		mf, err := q.file(ctx, wf.Path)
		if err != nil || mf == nil {
			continue
		}
		if l, ok := jsExportAliasLocal(mf, exported); ok {
			aliasing[mf.Path] = true
			fns, err := q.jsExportedBinding(ctx, mf, l)
			if err != nil {
				return nil, true, err
			}
			bound = append(bound, fns...)
		}
	}
	if len(aliasing) == 0 {
		return found, false, nil
	}
	var out []fact.Symbol
	for _, s := range found {
		if !aliasing[s.Path] {
			out = append(out, s)
		}
	}
	return append(out, bound...), true, nil
}

// jsNamespaceModule is the module a namespace import binds to recv in f
// (import * as ui from './badge'), "" when recv is no such name or a local
// of caller shadows it.
func (q *query) jsNamespaceModule(f *fact.File, caller *fact.Symbol, recv string) string {
	for _, imp := range f.Imports {
		if imp.Local == recv && imp.Imported == "*" && !imp.Reexport && imp.Module != "" {
			if l := q.localNamed(f, caller, recv); l != nil && l.SymbolID != "" {
				return ""
			}
			return imp.Module
		}
	}
	return ""
}

// jsExportedInstead replaces, among found (top-level functions named
// exported), those whose file exports another binding under that name by
// the function it binds, if any (export { MemoizedCard as Card }: the
// wrapper, no function; export { Badge as Card }: Badge). aliased says
// whether any file did.
func (q *query) jsExportedInstead(ctx context.Context, found []fact.Symbol, exported string) ([]fact.Symbol, bool, error) {
	var out []fact.Symbol
	aliased := false
	for _, s := range found {
		mf, err := q.file(ctx, s.Path)
		if err != nil {
			return nil, aliased, err
		}
		l, ok := fact.Local{}, false
		if mf != nil {
			l, ok = jsExportAliasLocal(mf, exported)
		}
		if !ok {
			out = append(out, s)
			continue
		}
		aliased = true
		bound, err := q.jsExportedBinding(ctx, mf, l)
		if err != nil {
			return nil, aliased, err
		}
		out = append(out, bound...)
	}
	return out, aliased, nil
}

// jsExportAliasLocal is the local of mf that records its export of
// another binding as exported (export { Badge as Pill }), if any.
func jsExportAliasLocal(mf *fact.File, exported string) (fact.Local, bool) {
	for _, l := range mf.Locals {
		if l.SymbolID == "" && l.Name == treesitter.ExportAliasLocalPrefix+exported {
			return l, true
		}
	}
	return fact.Local{}, false
}

// jsExportedBinding is the function of mf (its own, or one it imports)
// that an export alias local of mf (export { Badge as Pill }) names, if
// any.
func (q *query) jsExportedBinding(ctx context.Context, mf *fact.File, alias fact.Local) ([]fact.Symbol, error) {
	name, ok := strings.CutPrefix(alias.Type, treesitter.ValueTypePrefix)
	if !ok || name == "" || strings.ContainsAny(name, ".()[") {
		return nil, nil
	}
	found, err := q.jsTopLevelNamed(ctx, mf, name, 1)
	if err != nil {
		return nil, err
	}
	out := found[:0:0]
	for _, s := range found {
		if isCallable(s) {
			out = append(out, s)
		}
	}
	return out, nil
}

// chaseReexport finds the top-level function name that module
// (written in f) passes on from another module: a Python package's
// __init__.py importing it, a JavaScript barrel re-exporting it.
func (q *query) chaseReexport(ctx context.Context, f *fact.File, module, name string, depth int) ([]fact.Symbol, error) {
	if depth > maxReexportDepth {
		return nil, nil
	}
	var files []*fact.File
	switch family(f.Language) {
	case string(treesitter.Python):
		files = q.python().pyModuleFiles(ctx, f, module)
	case "js":
		for _, wf := range q.r.jsModules(q.allFiles(ctx)).matching(f.Path, module) {
			if mf, err := q.file(ctx, wf.Path); err == nil && mf != nil {
				files = append(files, mf)
			}
		}
	default:
		return nil, nil
	}
	for _, mf := range files {
		if mf.Path == f.Path {
			continue
		}
		if l, ok := jsExportAliasLocal(mf, name); ok && family(mf.Language) == "js" {
			// export { Badge as Pill }: the module's Pill is its Badge
			if found, err := q.jsExportedBinding(ctx, mf, l); err != nil || len(found) > 0 {
				return found, err
			}
		}
		for _, inner := range mf.Imports {
			wanted := inner.Imported
			switch {
			case inner.Local == name && inner.Imported != "*":
			case inner.Reexport && inner.Local == "*":
				wanted = name
			case family(f.Language) == string(treesitter.Python) && inner.Local == "*" && inner.Imported == "*" && !strings.HasPrefix(name, "_"):
				// from .metrics.prometheus import *: the module's public
				// names are the shim's (a module moved into a package,
				// its old path kept by a star import), as pyright reads it.
				wanted = name
			default:
				continue
			}
			if wanted == "default" && family(f.Language) == "js" {
				// export { default as NavLink } from './nav-link'
				found, err := q.jsModuleDefault(ctx, mf, inner.Module, depth+1)
				if err != nil || len(found) > 0 {
					return found, err
				}
				continue
			}
			syms, err := q.named(ctx, wanted)
			if err != nil {
				return nil, err
			}
			var found []fact.Symbol
			for _, s := range syms {
				if s.Container == "" && isCallable(s) && family(s.Language) == family(f.Language) && q.moduleHasFile(ctx, mf, inner.Module, s.Path) {
					found = append(found, s)
				}
			}
			if len(found) == 0 {
				var err error
				if found, err = q.reexportedFunction(ctx, mf, inner.Module, wanted, depth+1); err != nil {
					return nil, err
				}
			}
			if len(found) > 0 {
				return found, nil
			}
		}
	}
	return nil, nil
}

// blockScoped keeps, of the file's functions named as a call at q.pos is,
// those in scope there (treesitter.BlockScopeLocal): a function declared in
// an anonymous callback's or a block's body holds in that block only, and
// there it hides the functions of its name declared further out. Two
// useEffect callbacks that each declare and call a const load call their
// own; an IIFE's const clubName hides the component's function clubName.
func (q *query) blockScoped(f *fact.File, local []fact.Symbol) []fact.Symbol {
	if family(f.Language) != "js" || q.pos == 0 {
		return local
	}
	nested := slices.ContainsFunc(local, func(s fact.Symbol) bool {
		return strings.Contains(strings.TrimPrefix(s.ID, s.Path+"#"), ".") // a function nested in a named one
	})
	if !nested && len(local) < 2 {
		// Only a nested function, or one of several of a name (each in its
		// own anonymous callback: router.get(..., async () => { function
		// bucketFor() {} ... }) three times), can be hidden by a block.
		return local
	}
	var kept, inner []fact.Symbol
	innerStart := uint32(0)
	for _, s := range local {
		start, end, scoped := q.blockScope(f, s)
		switch {
		case !scoped:
			kept = append(kept, s)
		case start <= q.pos && q.pos < end:
			if len(inner) == 0 || start > innerStart {
				inner, innerStart = nil, start
			}
			if start == innerStart {
				inner = append(inner, s)
			}
		}
	}
	if len(inner) > 0 {
		return inner
	}
	if len(kept) == 0 && !nested {
		return local // a call outside every block that declares the name: as before
	}
	return kept
}

// blockScope is the block s is declared in, when it holds there only.
func (q *query) blockScope(f *fact.File, s fact.Symbol) (start, end uint32, scoped bool) {
	for _, l := range f.Locals {
		if l.Name == treesitter.BlockScopeLocal && l.SymbolID == s.ID {
			start, end, _, _ = treesitter.CutScope(l.Type)
			return start, end, true
		}
	}
	return 0, 0, false
}

// pickInnermost prefers a function nested in the caller over a top-level one.
func pickInnermost(local []fact.Symbol, caller *fact.Symbol) []fact.Symbol {
	if caller == nil || len(local) == 1 {
		return local
	}
	var nested []fact.Symbol
	for _, s := range local {
		// By position, not by ID: the functions nested in the fifth of five
		// overloads of f have IDs under f, the overload's is f~5.
		if s.ID != caller.ID && s.Path == caller.Path && caller.Span.StartByte <= s.Span.StartByte && s.Span.EndByte <= caller.Span.EndByte {
			nested = append(nested, s)
		}
	}
	if len(nested) > 0 {
		return nested
	}
	if in := nestedBeside(local, caller); len(in) > 0 {
		return in
	}
	var top []fact.Symbol
	for _, s := range local {
		if !strings.Contains(strings.TrimPrefix(s.ID, s.Path+"#"), ".") {
			top = append(top, s)
		}
	}
	if len(top) > 0 {
		return top
	}
	return local
}

// nestedBeside is the candidates nested in the innermost function that
// also holds the caller: a handler declared beside a const cleanup in one
// promise's callback calls that cleanup, not another function's. Nested
// ids are their enclosing function's id and a dot; an overload's own id is
// f~N while its nested functions' are under f.
func nestedBeside(local []fact.Symbol, caller *fact.Symbol) []fact.Symbol {
	head := caller.Path + "#"
	if !strings.HasPrefix(caller.ID, head) {
		return nil
	}
	chain := strings.Split(caller.ID[len(head):], ".")
	for i, part := range chain {
		if j := strings.IndexByte(part, '~'); j >= 0 {
			chain[i] = part[:j]
		}
	}
	for depth := len(chain) - 1; depth >= 1; depth-- {
		prefix := head + strings.Join(chain[:depth], ".") + "."
		var in []fact.Symbol
		for _, s := range local {
			if s.Path == caller.Path && strings.HasPrefix(s.ID, prefix) && !strings.Contains(s.ID[len(prefix):], ".") {
				in = append(in, s)
			}
		}
		if len(in) > 0 {
			return in
		}
	}
	return nil
}

func (q *query) resolveConstructor(ctx context.Context, f *fact.File, c fact.Call, cands []fact.Symbol) ([]fact.Symbol, fact.Resolution, error) {
	// new Foo() calls Foo's constructor when it has one.
	cls, err := q.resolveTypeName(ctx, f, c.Callee)
	if err != nil || cls == nil {
		return nil, "", err
	}
	ctors, err := q.named(ctx, "constructor")
	if err != nil {
		return nil, "", err
	}
	var found []fact.Symbol
	for _, s := range append(ctors, cands...) {
		if s.Container == cls.Name && s.Path == cls.Path && (s.Name == "constructor" || s.Name == cls.Name) && s.Kind == treesitter.KindMethod {
			found = append(found, s)
		}
	}
	if f.Language == treesitter.Java && len(found) > 1 {
		// new Mail("a"), this("a"): the overloads taking that many
		// arguments, as javac picks a fixed arity first; all when none
		// does (varargs). Mail::new: the arity its target type passes
		// (treesitter.RefArityPrefix), all where that is not written.
		want := len(c.Args)
		if c.Ref {
			want = javaRefArity(c) // resolve_java.go
		}
		var arity []fact.Symbol
		for _, s := range found {
			if len(s.Params) == want {
				arity = append(arity, s)
			}
		}
		if len(arity) > 0 {
			found = arity
		}
	}
	return found, fact.ResolvedAST, nil
}

// receiverAt is what c's receiver is where c is, in f (c's file), and the
// function c is in (nil at the top level).
func (q *query) receiverAt(ctx context.Context, f *fact.File, c fact.Call) (typeRef, *fact.Symbol, error) {
	var caller *fact.Symbol
	if c.CallerID != "" {
		var err error
		if caller, err = q.symbol(ctx, c.CallerID); err != nil {
			return typeRef{}, nil, err
		}
	}
	defer func(saved uint32) { q.pos = saved }(q.pos)
	q.pos = c.Span.StartByte
	ref, err := q.evalReceiver(ctx, f, caller, c.Receiver)
	return ref, caller, err
}

// evalReceiver works out what a receiver expression such as "this.storage",
// "self", "svc", "fmt" or "s.store.db" refers to.
func (q *query) evalReceiver(ctx context.Context, f *fact.File, caller *fact.Symbol, recv string) (typeRef, error) {
	if stringLiteralReceiver(f.Language, recv) {
		return typeRef{kind: refExternal}, nil // "...".format(x): str's format, and what its methods give
	}
	if family(f.Language) == "js" && strings.HasPrefix(recv, "/") {
		return q.instanceOf(ctx, f, "RegExp") // /^v(\d+)$/.exec(name): no other value starts so
	}
	if spec, rest, ok := jsImportedModule(f.Language, recv); ok {
		// import("./adapter").createAdapter: a name destructured from an
		// awaited dynamic import (const { createAdapter } = await
		// import("./adapter")) reads the module's export
		cur, err := q.declaredType(ctx, f, caller, treesitter.PythonModuleTypePrefix+spec)
		if err != nil || rest == "" {
			return cur, err
		}
		segs := parseReceiver(rest)
		if segs == nil {
			return typeRef{kind: refUnknown}, nil
		}
		return q.walkReceiver(ctx, f, caller, cur, segs)
	}
	if cls, ok := constructed(f.Language, recv); ok {
		return q.instanceOf(ctx, f, cls) // new Foo().m(): a Foo's m
	}
	if cls, rest, ok := constructedHead(f.Language, recv); ok {
		// new Foo().withA(1).withB(2).m(): a builder chain, each step the
		// type its method declares it returns
		segs := parseReceiver(rest)
		if segs == nil {
			return typeRef{kind: refUnknown}, nil
		}
		cur, err := q.instanceOf(ctx, f, cls)
		if err != nil {
			return typeRef{}, err
		}
		return q.walkReceiver(ctx, f, caller, cur, segs)
	}
	if cls, ok := asserted(f.Language, recv); ok {
		return q.instanceOf(ctx, f, cls) // (x as Foo).m(): a Foo's m
	}
	if assertedObjectType(f.Language, recv) {
		return typeRef{kind: refExternal}, nil // (x as { m(): void }).m(): the written type's m
	}
	if left, method, ok := pyOperatorOperand(f.Language, recv); ok {
		// (channel / ".gitignore").open(...): what the operator's method gives
		return q.declaredType(ctx, f, caller, treesitter.CallTypePrefix+left+"."+method)
	}
	if operands := pyOrOperands(f.Language, recv); operands != nil {
		return q.python().pyEitherOf(ctx, f, caller, operands) // (classifier or DEFAULT).classify(x)
	}
	if typ, ok := goLiteralReceiver(recv); ok && f.Language == treesitter.Go {
		return q.instanceOf(ctx, f, typ) // (&Edit{}).Execute(...): an Edit's
	}
	if operand, ok := goUnaryOperand(recv); ok && f.Language == treesitter.Go {
		return q.evalReceiver(ctx, f, caller, operand) // (-time.Hour).String(): a time.Duration's
	}
	if f.Language == treesitter.Go {
		recv = goDropTypeArgs(recv) // lru.New[int, int](2).Resize(1): New's result
		recv = goDerefHead(recv)    // (*in)[i].DeepCopyInto(...): in[i]
		if operand, ok := strings.CutPrefix(recv, "*"); ok {
			return q.evalReceiver(ctx, f, caller, operand) // for _, v := range *in: what in points to
		}
	}
	segs := parseReceiver(recv)
	if segs == nil {
		return typeRef{kind: refUnknown}, nil
	}
	if f.Language != treesitter.Go {
		for _, s := range segs {
			if s.resultIndex > 0 {
				return typeRef{kind: refUnknown}, nil // an element of a call's result: read in Go only
			}
		}
	}
	if k := jsDomQueryStep(segs); k >= 0 && family(f.Language) == "js" {
		// document.querySelector<TipSk>('tip-sk')!.reset(): a TipSk's
		cur, err := q.domQueryResult(ctx, f, segs[k].name, segs[k].typeArgs)
		if err != nil {
			return typeRef{}, err
		}
		return q.walkReceiver(ctx, f, caller, cur, segs[k+1:])
	}
	if f.Language == treesitter.Python && len(segs) > 1 {
		// isinstance(call.meta, Meta) and call.meta.sig.m(): what the
		// path is narrowed to
		if cur, k, ok, err := q.python().pyNarrowedPath(ctx, f, caller, segs); err != nil || ok {
			if err != nil {
				return typeRef{}, err
			}
			return q.walkReceiver(ctx, f, caller, cur, segs[k:])
		}
	}
	var cur typeRef
	first := segs[0]
	switch {
	case first.index && !first.call: // xs[i].m(): an element of xs
		ref, err := q.evalName(ctx, f, caller, first.name)
		if err != nil {
			return typeRef{}, err
		}
		if cur, err = q.python().indexOf(ctx, f, ref); err != nil {
			return typeRef{}, err
		}
	case first.index:
		return typeRef{kind: refUnknown}, nil
	case !first.call && (first.name == "this" || ((first.name == "self" || first.name == "cls") && f.Language == treesitter.Python)):
		owner := caller
		if f.Language == treesitter.Python && caller != nil && caller.Container == "" {
			// self in a function nested in a method is the method's
			m, err := q.python().pyClosureMethod(ctx, caller, first.name)
			if err != nil {
				return typeRef{}, err
			}
			owner = m
		}
		if owner == nil && first.name == "this" && (family(f.Language) == "js" || f.Language == treesitter.Java) {
			// readonly rows = computed(() => this.build()), Consumer<String>
			// sink = this::record: this in a class field's initializer is
			// the instance of the class around it
			if cls, err := q.classAroundField(ctx, f, q.pos); err != nil || cls != nil {
				if cls == nil {
					return typeRef{}, err
				}
				cur = typeRef{kind: refInstance, class: *cls}
				break
			}
		}
		if owner != nil && owner.Container == "" && first.name == "this" && family(f.Language) == "js" {
			// const after = () => this.refresh(), an arrow declared in a
			// method: the method's this (treesitter.ThisLocal)
			if l := q.localNamed(f, owner, treesitter.ThisLocal); l != nil {
				ref, err := q.declaredType(ctx, f, owner, l.Type)
				if err != nil {
					return typeRef{}, err
				}
				if ref.kind == refInstance {
					cur = ref
					break
				}
			}
		}
		if owner == nil || owner.Container == "" {
			return typeRef{kind: refUnknown}, nil
		}
		cls, err := q.classOf(ctx, owner)
		if err != nil {
			return typeRef{}, err
		}
		if cls == nil {
			// this in a method of an object literal: the object
			object, ok, err := q.jsObjectOfMethod(ctx, owner)
			if err != nil || !ok {
				return typeRef{kind: refUnknown}, err
			}
			cur = object
			break
		}
		cur = typeRef{kind: refInstance, class: *cls}
		if first.name == "cls" {
			cur.kind = refClass
		}
	case first.name == "super": // super.m() in TS/Java, super().m() in Python
		if caller == nil {
			return typeRef{kind: refUnknown}, nil
		}
		cls, err := q.classOf(ctx, caller)
		if err != nil || cls == nil || len(cls.Extends) == 0 {
			return typeRef{kind: refUnknown}, err
		}
		if f.Language == treesitter.Python && len(segs) == 1 && len(cls.Extends) > 1 {
			// class Leaf(LoggingMixin, Middle): super().hook() is the first
			// base, in order, that has hook.
			return typeRef{kind: refInstance, class: *cls, above: true}, nil
		}
		base, err := q.resolveTypeName(ctx, q.mustFile(ctx, cls.Path, f), cls.Extends[0])
		if err != nil {
			return typeRef{}, err
		}
		if base == nil {
			return typeRef{kind: refExternal}, nil
		}
		cur = typeRef{kind: refInstance, class: *base}
	case first.call: // f(...).m(): the type f returns
		var err error
		if cur, err = q.declaredType(ctx, f, caller, treesitter.CallTypePrefix+first.name); err != nil {
			return typeRef{}, err
		}
		for range first.resultIndex { // f()[0].m(): an element of it
			if cur, err = q.elementOf(ctx, f, cur); err != nil {
				return typeRef{}, err
			}
		}
	default:
		var err error
		if cur, err = q.evalName(ctx, f, caller, first.name); err != nil {
			return typeRef{}, err
		}
	}
	return q.walkReceiver(ctx, f, caller, cur, segs[1:])
}

// walkReceiver follows the steps of a receiver after its head, whose value
// is cur: "this.repo.find(x).items" past "this".
func (q *query) walkReceiver(ctx context.Context, f *fact.File, caller *fact.Symbol, cur typeRef, segs []receiverSeg) (typeRef, error) {
	byName, fixture := cur.byName, cur.fixture
	out, err := q.walkReceiverSteps(ctx, f, caller, cur, segs)
	if err == nil && byName && (out.kind == refInstance || out.kind == refClass) {
		// db_uow.documents.search(...), db_uow a pytest fixture's value:
		// pyright types nothing reached from an unannotated parameter, so
		// what the chain reaches stays a name match, as the head is
		// (document-ai-assistant: 3 such calls listed precise).
		out.byName, out.fixture = true, fixture
	}
	return out, err
}

// walkReceiverSteps is walkReceiver's walk.
func (q *query) walkReceiverSteps(ctx context.Context, f *fact.File, caller *fact.Symbol, cur typeRef, segs []receiverSeg) (typeRef, error) {
	for _, seg := range segs {
		if seg.resultIndex > 0 {
			// x.Spans()[0]: the call's result, then an element of it
			call := seg
			call.resultIndex = 0
			next, err := q.walkReceiverSteps(ctx, f, caller, cur, []receiverSeg{call})
			for range seg.resultIndex {
				if err != nil {
					return typeRef{}, err
				}
				next, err = q.elementOf(ctx, f, next)
			}
			if err != nil {
				return typeRef{}, err
			}
			cur = next
			continue
		}
		if len(cur.alts) > 0 {
			return typeRef{kind: refUnknown}, nil // a member of a union's: one type per step is all a walk holds
		}
		if seg.index && seg.call {
			return typeRef{kind: refUnknown}, nil
		}
		if cur.current != nil && seg.name == "current" && !seg.call && !seg.index {
			cur = *cur.current // ref.current.play(): what the React ref holds
			continue
		}
		if (cur.elements != nil || cur.mapValue != nil) && f.Language == treesitter.Java {
			cur = javaCollectionStep(cur, seg) // all.get(0), all.stream().filter(...), byName.values()
			continue
		}
		if cur.mapValue != nil && seg.name == "get" && seg.call {
			cur = *cur.mapValue // servers.get(id).status(): one of the map's values
			continue
		}
		if cur.elements != nil && (seg.index && !seg.call || seg.call && seg.name == "item") {
			cur = *cur.elements // nodes[0].reset(), nodes.item(0).reset()
			continue
		}
		if cur.enters != nil && seg.call && (seg.name == "__enter__" || seg.name == "__aenter__") {
			cur = *cur.enters // async with self.get_db() as db: what the manager gives
			continue
		}
		if calls, ok := jsCallSignature(cur); ok && seg.call && seg.name == "" {
			// getJQuery()("#x").on(...): what the interface's call signature gives
			next, err := q.instanceOf(ctx, q.mustFile(ctx, cur.class.Path, f), calls)
			if err != nil {
				return typeRef{}, err
			}
			cur = next
			continue
		}
		if cur.members != nil && !seg.call {
			cur = *cur.members // gear.melee.raw(): what the record holds
			if seg.index {     // gears.melee[k]: indexing what it holds
				next, err := q.elementOf(ctx, f, cur)
				if err != nil {
					return typeRef{}, err
				}
				cur = next
			}
			continue
		}
		if seg.assert != "" {
			next, err := q.instanceOf(ctx, f, goAssertedType(seg.assert))
			if err != nil {
				return typeRef{}, err
			}
			cur = next
			continue
		}
		if cur.kind == refInstance && cur.elems > 0 && f.Language == treesitter.Python {
			cur = cur.pyCollectionMember(seg) // xs.copy() on a List[Foo]: a list's; d.get(k) on a Dict: a value
			continue
		}
		switch cur.kind {
		case refInstance, refClass:
			if seg.call { // a.b(...): the type method b returns
				if cur.targs != "" && cur.kind == refInstance && cur.elems == 0 && cur.class.Language == treesitter.Go {
					// s.store.Get(id).Validate(), store a Store[Entity]
					// (or Store[User]): Get's E is the argument
					if next, ok, err := q.golang().goInstanceMethodResult(ctx, f, cur, seg.name); err != nil || ok {
						if err != nil {
							return typeRef{}, err
						}
						cur = next
						continue
					}
				}
				next, err := q.methodResult(ctx, cur.class, seg.name)
				if err == nil && next.kind == refUnknown && cur.kind == refInstance && f.Language == treesitter.Python {
					// self._helper(Healer), _helper(self, kind) returning
					// kind(): what these arguments make of it
					next, err = q.python().pyMethodAtSite(ctx, f, caller, cur.class, seg.name, seg.args)
				}
				if err == nil && next.kind == refUnknown && cur.kind == refClass && seg.name == "__new__" && f.Language == treesitter.Python {
					// Listener.__new__(Listener).resume(): object.__new__
					// gives an instance of the class, as pyright infers (Self)
					next = typeRef{kind: refInstance, class: cur.class}
				}
				if err == nil && next.kind == refUnknown && cur.kind == refInstance && f.Language == treesitter.Python {
					next, err = q.python().pyFieldCalled(ctx, f, cur.class, seg.name) // a.handler(...), handler a field
				}
				if err == nil && next.kind == refUnknown {
					if element, ok, elemErr := q.jsArrayElement(ctx, cur, seg.name); elemErr != nil || ok {
						next, err = element, elemErr // this.providers.find(...).notify()
					}
				}
				if err != nil {
					return typeRef{}, err
				}
				cur = next
				continue
			}
			if !seg.index && !q.jsDeclaredWorkspaceField(ctx, f, cur.class, seg.name) {
				// Injected with a token: the provider map says which class.
				cls, err := q.frameworks().injected(ctx, f, cur.class, seg.name)
				if err != nil {
					return typeRef{}, err
				}
				if cls != nil {
					cur = typeRef{kind: refInstance, class: *cls}
					continue
				}
			}
			if cur.targs != "" && !seg.index {
				// reg.Default, reg a Registration[Arm] and Default a T: an Arm
				if next, ok, err := q.golang().goTypeParamField(ctx, f, cur, seg.name); err != nil || ok {
					if err != nil {
						return typeRef{}, err
					}
					cur = next
					continue
				}
			}
			t, in, err := q.fieldTypeWrittenIn(ctx, cur.class, seg.name, 0)
			if err != nil {
				return typeRef{}, err
			}
			var targs []string
			if cur.class.Language == treesitter.Go {
				t, targs = treesitter.GoCutTypeArgs(t)
				if cur.targs == "" && cur.kind == refInstance {
					// e.Getter in Extractor's own method, Getter a G
					// constrained by Getter[REQ, RESP]: called through
					// that interface, the type arguments not known
					if c, ok, err := q.golang().goFieldConstraint(ctx, cur.class, seg.name, t); err != nil {
						return typeRef{}, err
					} else if ok {
						if c == "" {
							return typeRef{kind: refUnknown}, nil
						}
						t = c
					}
				}
			}
			if t == "" && f.Language == treesitter.Python && cur.kind == refClass && q.python().pyDjangoManager(ctx, cur.class, seg.name) {
				cur = typeRef{kind: refExternal, ext: djangoQuerySet, class: cur.class} // Order.objects: Django's manager
				continue
			}
			if t == "" && cur.class.Language == treesitter.Go && q.golang().goEmbedsOutside(ctx, cur.class, 0) {
				return typeRef{kind: refExternal}, nil // a.CreatedAt, promoted from an embedded gorm.Model
			}
			if t == "" && augmentsModule(cur.class) != "" {
				return typeRef{kind: refExternal}, nil // fastify.log: the package's own member, not the augmentation's
			}
			if t == "" && cur.kind == refInstance && family(cur.class.Language) == "js" {
				if outside, err := q.jsOutsideMember(ctx, cur.class, seg.name); err != nil {
					return typeRef{}, err
				} else if outside {
					cur = typeRef{kind: refExternal} // this.prisma.user, PrismaService extends PrismaClient
					continue
				}
			}
			if t == "" && cur.kind == refInstance && f.Language == treesitter.Python {
				// self.client in a TestCase: the library base's attribute
				if outside, err := q.python().pyOutsideAttribute(ctx, cur.class, seg.name); err != nil {
					return typeRef{}, err
				} else if outside {
					cur = typeRef{kind: refExternal}
					continue
				}
				// self.session in a mixin, set from a library's value by every subclass
				if outside, err := q.python().pyOutsideInSubclasses(ctx, cur.class, seg.name); err != nil {
					return typeRef{}, err
				} else if outside {
					cur = typeRef{kind: refExternal}
					continue
				}
			}
			if t == "" {
				return typeRef{kind: refUnknown}, nil
			}
			writtenIn := cur.class.Path
			if in != "" {
				// a base class's field or property (get gear(): FullGear; a
				// mixin's sys_backups -> BackupManager), typed with the
				// imports of the file that declares it
				writtenIn = in
			}
			var next typeRef
			if method, ok := pySelfCall(t); ok && cur.class.Language == treesitter.Python {
				// self.user = self.create_user(index=0) in a helper method:
				// the method's result, self being the declaring class's
				if owner := q.python().pyFieldOwner(ctx, cur.class, seg.name, writtenIn); owner != nil {
					next, err = q.methodResult(ctx, *owner, method)
				}
			} else {
				next, err = q.declaredType(ctx, q.mustFile(ctx, writtenIn, f), nil, t)
			}
			if err != nil {
				return typeRef{}, err
			}
			if len(targs) > 0 && next.elems == 0 && (next.kind == refInstance || next.kind == refExternal && next.ext != "") {
				// coll resource.Getter[Arm]: its methods' T is an Arm; and
				// sessions cmap.ConcurrentMap[int64, ISession], a
				// dependency's, whose Get gives an ISession
				in := writtenIn
				if cur.targs == "" && cur.class.Language == treesitter.Go {
					// s.store a Store[T] in Service[T Entity]'s own method:
					// its Get gives an Entity
					targs = goConstrainedTypeArgs(cur.class, targs)
				} else if cur.class.Language == treesitter.Go {
					// reg.store, reg a Service[User]: a Store[User]
					targs, in = goSubstitutedTypeArgs(cur, targs, writtenIn)
				}
				next.targs, next.targsIn = strings.Join(targs, treesitter.GoResultSeparator), in
			}
			if seg.index { // a.items[i]: an element of the field
				if next, err = q.python().indexOf(ctx, f, next); err != nil {
					return typeRef{}, err
				}
			}
			cur = next
		case refModule:
			if seg.index {
				return typeRef{kind: refUnknown}, nil
			}
			if seg.call { // pkg.F(...): F's result
				next := typeRef{kind: refUnknown}
				syms, err := q.named(ctx, seg.name)
				if err != nil {
					return typeRef{}, err
				}
				for _, s := range syms {
					if isType(s) && (f.Language == treesitter.Python || f.Language == treesitter.Go) && q.inModule(ctx, f, cur, s) {
						// mod.Foo(...) constructs a Foo; in Go, pkg.Role("admin") converts to a Role
						next = typeRef{kind: refInstance, class: s}
						break
					}
					if isCallable(s) && s.Container == "" && q.inModule(ctx, f, cur, s) && resultType(s, 0) != "" {
						// mod.make(): what an unannotated make returns, evaluated
						// inside it (a call, a local, what a @contextmanager yields)
						if inferred, ok, err := q.pyInferredResult(ctx, s, resultType(s, 0)); err != nil {
							return typeRef{}, err
						} else if ok {
							next = inferred
							break
						}
						if next, err = q.instanceOf(ctx, q.mustFile(ctx, s.Path, f), resultType(s, 0)); err != nil {
							return typeRef{}, err
						}
						break
					}
				}
				if next.kind == refUnknown && f.Language == treesitter.Python {
					if next, err = q.python().pyReexportedMember(ctx, f, cur, seg.name, true); err != nil {
						return typeRef{}, err
					}
				}
				cur = next
				continue
			}
			// pkg.Class or module.sub: a class defined in that module
			syms, err := q.named(ctx, seg.name)
			if err != nil {
				return typeRef{}, err
			}
			next := typeRef{kind: refUnknown}
			for _, s := range syms {
				if isType(s) && q.inModule(ctx, f, cur, s) {
					next = typeRef{kind: refClass, class: s}
					break
				}
			}
			if next.kind == refUnknown && f.Language == treesitter.Python {
				if next, err = q.python().pyReexportedMember(ctx, f, cur, seg.name, false); err != nil {
					return typeRef{}, err
				}
			}
			if next.kind == refUnknown && family(f.Language) == "js" && cur.mod != "" {
				// ns.credentialBroker.audit(), with import * as ns or const
				// { credentialBroker } = await import(...): the value the
				// module exports under that name (an object literal, an
				// instance), as a named import of it is typed
				from := f
				if cur.from != "" && cur.from != f.Path {
					from = q.mustFile(ctx, cur.from, f)
				}
				if ref, ok, err := q.jsImportedValue(ctx, from, cur.mod, seg.name); err != nil {
					return typeRef{}, err
				} else if ok {
					next = ref
				}
			}
			if next.kind == refUnknown && f.Language == treesitter.Go {
				// manifest.ErrInvalidDigestFormat: a package-level variable
				if typed, ok, err := q.golang().goPackageMember(ctx, cur, seg.name); err != nil {
					return typeRef{}, err
				} else if ok {
					next = typed
				}
			}
			if next.kind == refUnknown && f.Language == treesitter.Python {
				// import a; a.b.c(): a package's submodule
				next = typeRef{kind: refModule, mod: cur.mod + "." + seg.name, from: cur.from}
			}
			cur = next
		case refExternal: // w.Header(): what an outside type's method or field gives is outside
			if cur.calls != "" && seg.name == "" && seg.call { // make()(): what the function make returns gives
				next, err := q.instanceOf(ctx, q.mustFile(ctx, cur.callsIn, f), cur.calls)
				if err != nil {
					return typeRef{}, err
				}
				cur = next
				continue
			}
			if jsContainer(cur) { // container.resolve(Foo): a Foo
				next, err := q.containerStep(ctx, f, cur, seg)
				if err != nil {
					return typeRef{}, err
				}
				cur = next
				continue
			}
			if f.Language == treesitter.Go {
				if cur.targs != "" && seg.assert == "" && seg.name != "" {
					// m.source.Current().Write(...), m.box.Items[0].Close():
					// a dependency's generic type's member, its type
					// arguments the project's
					next, ok, err := q.golang().goDepMember(ctx, f, cur, seg.name, seg.call, 0)
					if err != nil {
						return typeRef{}, err
					}
					if ok && seg.index && !seg.call {
						next, err = q.elementOf(ctx, f, next)
						if err != nil {
							return typeRef{}, err
						}
					}
					if ok {
						cur = next
						continue
					}
				}
				if seg.call && !seg.index && (cur.mod != "" || cur.ext != "" && cur.elems == 0) {
					// slices.Clone(cs)[0].Do(), h.cur.Load().Do(): the
					// standard library's generic function or method
					key := cur.ext + "." + seg.name
					if cur.mod != "" {
						key = cur.mod + "." + seg.name
					}
					args := treesitter.SplitTopLevel(seg.args)
					if next, ok, err := q.golang().goStdGenericResult(ctx, f, caller, key, 0, cur, args, "", ""); err != nil {
						return typeRef{}, err
					} else if ok {
						cur = next
						continue
					}
				}
				cur = goStdStep(cur, seg) // db.QueryRow(...).Scan: a *sql.Row's
				continue
			}
			cur = cur.djangoResult(seg)
		default:
			return cur, nil
		}
	}
	return cur, nil
}

// elementOf is the type of an element of a collection of type ref. Go keeps
// its collection wrappers (ref.elems) and records a named collection type's
// element type as its Returns; other languages' declared types drop
// wrappers, so there it is ref itself.
func (q *query) elementOf(ctx context.Context, f *fact.File, ref typeRef) (typeRef, error) {
	if ref.members != nil {
		return *ref.members, nil // gear[setup]: what the record holds
	}
	if ref.elements != nil {
		return *ref.elements, nil // for (const el of nodes): what the NodeList holds
	}
	if ref.kind != refInstance {
		if ref.kind == refExternal && ref.ext == djangoQuerySet {
			return typeRef{kind: refInstance, class: ref.class}, nil // for o in Order.objects.all(): an Order
		}
		if ref.kind == refExternal && ref.ext == pyUnknownElements {
			return typeRef{kind: refUnknown}, nil
		}
		if ref.kind == refExternal {
			if ref.elems > 0 {
				ref.elems--
				return ref, nil
			}
			return typeRef{kind: refExternal}, nil // some element of an outside type
		}
		return typeRef{kind: refUnknown}, nil
	}
	if ref.elems > 0 && ref.class.Language == treesitter.Python {
		if ref.pyOuterMap() {
			return typeRef{kind: refUnknown}, nil // a mapping's keys
		}
		return ref.pyPeel(), nil
	}
	if ref.elems > 0 {
		ref.elems--
		return ref, nil
	}
	if ref.class.Language == treesitter.Go {
		if ref.class.Returns == "" || strings.HasPrefix(ref.class.Returns, treesitter.GoDefinedPrefix) ||
			strings.HasPrefix(ref.class.Returns, treesitter.GoAliasPrefix) || strings.HasPrefix(ref.class.Returns, treesitter.GoFuncPrefix) {
			return typeRef{kind: refUnknown}, nil // not a collection we know of
		}
		return q.instanceOf(ctx, q.mustFile(ctx, ref.class.Path, f), strings.TrimPrefix(ref.class.Returns, treesitter.GoChanPrefix))
	}
	if ref.class.Language == treesitter.Python {
		return q.python().pyElementOf(ctx, ref)
	}
	return ref, nil
}

// methodResult is the type that cls.name(...) returns.
func (q *query) methodResult(ctx context.Context, cls fact.Symbol, name string) (typeRef, error) {
	cands, err := q.named(ctx, name)
	if err != nil {
		return typeRef{}, err
	}
	methods, err := q.methodOf(ctx, cls, name, cands, 0)
	if err != nil {
		return typeRef{}, err
	}
	for _, m := range methods {
		if t := resultType(m, 0); pySelf(m, t) {
			return typeRef{kind: refInstance, class: cls}, nil
		} else if ref, ok, err := q.pyInferredResult(ctx, m, t); ok {
			if err != nil || ref.kind != refUnknown {
				return ref, err
			}
		} else if t != "" {
			if m.Language == treesitter.Go {
				if ref, ok, err := q.golang().goPromotedResult(ctx, cls, m, t); err != nil || ok {
					return ref, err // SetImage(...) on a Container, promoted from ContainerMutations[Container]
				}
			}
			// The result type is written in the method's file, with its imports.
			mf, err := q.file(ctx, m.Path)
			if err != nil || mf == nil {
				return typeRef{kind: refUnknown}, err
			}
			if calls, ok := strings.CutPrefix(t, treesitter.GoFuncPrefix); ok && family(mf.Language) == "js" {
				return typeRef{kind: refExternal, calls: calls, callsIn: mf.Path}, nil // a function it returns
			}
			return q.instanceOf(ctx, mf, t)
		}
	}
	return typeRef{kind: refUnknown}, nil
}

// receiverSeg is one step of a receiver expression: a name, a call of that
// name (name(...)), or an indexing (name[...]).
type receiverSeg struct {
	name  string
	call  bool
	index bool
	// assert is the type of a Go type assertion, x.(*T): the step has no
	// name, and its value is a T.
	assert string
	// typeArgs and args are, for a call, the text of its type arguments
	// (TypeScript's get<Foo>(...)) and of its arguments, as written.
	typeArgs, args string
	// resultIndex counts the indexes of a call's result (trace.Spans()[0]
	// is Spans called, then indexed once): the step's value is an element
	// of what the call gives.
	resultIndex int
}

// parseReceiver splits "this.repo.find(x).items" into its steps; it returns
// nil for anything else (literals, operators, lambdas).
func parseReceiver(recv string) []receiverSeg {
	recv = strings.TrimSpace(recv)
	var segs []receiverSeg
	i := 0
	for i < len(recv) {
		if recv[i] == '(' && len(segs) > 0 { // x.(T)
			end := treesitter.MatchBracket(recv, i)
			if end < 0 {
				return nil
			}
			segs = append(segs, receiverSeg{assert: strings.TrimSpace(recv[i+1 : end])})
			i = end + 1
			if i == len(recv) {
				break
			}
			if recv[i] != '.' || i+1 == len(recv) {
				return nil
			}
			i++
			continue
		}
		start := i
		for i < len(recv) && isIdentByte(recv[i]) {
			i++
		}
		if i == start {
			return nil
		}
		seg := receiverSeg{name: recv[start:i]}
		if i < len(recv) && recv[i] == '<' { // TS type arguments: get<Foo>(...)
			end := matchAngle(recv, i)
			if end < 0 || end+1 >= len(recv) || recv[end+1] != '(' {
				return nil
			}
			seg.typeArgs = strings.TrimSpace(recv[i+1 : end])
			i = end + 1
		}
		for i < len(recv) && (recv[i] == '(' || recv[i] == '[' || recv[i] == '!') {
			if recv[i] == '!' { // TS non-null assertion
				i++
				continue
			}
			end := treesitter.MatchBracket(recv, i)
			if end < 0 {
				return nil
			}
			switch {
			case recv[i] == '(' && seg.resultIndex > 0:
				return nil // f()[0](): a call of an element
			case recv[i] == '(':
				if seg.call { // f()(): a call of what f() gives, a step with no name
					segs = append(segs, seg)
					seg = receiverSeg{}
				}
				seg.args = recv[i+1 : end]
				seg.call = true
			case seg.call: // f()[0]: an element of what f() gives
				seg.resultIndex++
			default:
				seg.index = true
			}
			i = end + 1
		}
		segs = append(segs, seg)
		if seg.call && seg.index {
			return nil
		}
		if i == len(recv) {
			break
		}
		if recv[i] != '.' {
			return nil
		}
		i++
		if i == len(recv) {
			return nil
		}
	}
	return segs
}

// matchAngle is the index of the '>' that closes the '<' at open, -1 if
// none: type arguments nest (get<Map<string, Foo>>) and hold no quotes
// worth a scan; the '>' of an arrow (=>) closes nothing.
func matchAngle(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '<':
			depth++
		case '>':
			if i > 0 && s[i-1] == '=' {
				continue
			}
			depth--
			if depth == 0 {
				return i
			}
		case '(', ')', ';', '{', '}':
			if s[i] == '(' || s[i] == ')' {
				continue // a function type's parameters
			}
			return -1
		}
	}
	return -1
}

func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

func (q *query) mustFile(ctx context.Context, p string, fallback *fact.File) *fact.File {
	if p == fallback.Path {
		return fallback
	}
	f, err := q.file(ctx, p)
	if err != nil || f == nil {
		return fallback
	}
	return f
}

// evalName resolves the first identifier of a receiver: a local or parameter
// with a known type, a field of the enclosing class (Java), an import, or a
// class name.
func (q *query) evalName(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (typeRef, error) {
	lang := q.lang(f)
	if ref, found, err := lang.local(ctx, f, caller, name); err != nil || found {
		return ref, err
	}
	// Java (and Go struct-literal-free code) reach fields without this.
	if f.Language == treesitter.Java && caller != nil && caller.Container != "" {
		if cls, err := q.classOf(ctx, caller); err == nil && cls != nil {
			if t, err := q.fieldType(ctx, *cls, name, 0); err != nil {
				return typeRef{}, err
			} else if t != "" {
				return q.declaredType(ctx, q.mustFile(ctx, cls.Path, f), nil, t)
			}
		}
	}
	scoped := q.pyImportInScope(ctx, f, caller, name)
	for i, imp := range f.Imports {
		if imp.Local != name || scoped >= 0 && i != scoped {
			continue
		}
		if f.Language == treesitter.Go {
			if _, ok := q.goImportDir(ctx, imp.Module); ok {
				return typeRef{kind: refModule, mod: imp.Module, from: f.Path}, nil
			}
			return typeRef{kind: refExternal, mod: imp.Module}, nil // sql in sql.Open(...)
		}
		if imp.Imported == "*" {
			if q.moduleInWorkspace(ctx, f, imp.Module) {
				if family(f.Language) == "js" {
					// const users = require('./users'), the module assigning
					// module.exports = new UserService(): that value
					if ref, ok, err := q.jsCommonJSExports(ctx, f, imp.Module); err != nil || ok {
						return ref, err
					}
				}
				return typeRef{kind: refModule, mod: imp.Module, from: f.Path}, nil
			}
			return jsOutside(f, imp.Module), nil
		}
		if f.Language == treesitter.Java { // import com.x.Foo; Foo.m(): Java binds classes by package
			if cls, err := q.resolveTypeName(ctx, f, name); err != nil || cls != nil {
				if cls == nil {
					return typeRef{}, err
				}
				return typeRef{kind: refClass, class: *cls}, nil
			}
		}
		// a named or default import: a class (static call) or a submodule
		exported := imp.Imported
		if exported == "default" {
			exported = name
		}
		syms, err := q.named(ctx, exported)
		if err != nil {
			return typeRef{}, err
		}
		for _, s := range syms {
			if isType(s) && q.moduleHasFile(ctx, f, imp.Module, s.Path) {
				return typeRef{kind: refClass, class: s}, nil
			}
		}
		if f.Language == treesitter.Python {
			if sub := pySubmodule(imp); q.moduleInWorkspace(ctx, f, sub) {
				return typeRef{kind: refModule, mod: sub, from: f.Path}, nil
			}
			if ref, ok, err := q.python().pyImportedValue(ctx, f, imp); err != nil || ok {
				return ref, err
			}
			// from core.models import Record; Record.get_root(): the package
			// passes Record on by a star import (from .storage import *), as
			// Django apps' models/__init__.py do; pyright follows it.
			if cls, err := q.python().pyReexportedType(ctx, f, imp); err != nil {
				return typeRef{}, err
			} else if cls != nil {
				return typeRef{kind: refClass, class: *cls}, nil
			}
		}
		if q.moduleInWorkspace(ctx, f, imp.Module) {
			if family(f.Language) == "js" {
				if outside, err := q.jsScopedLacks(ctx, f, imp.Module, exported); err != nil {
					return typeRef{}, err
				} else if outside {
					return jsOutside(f, imp.Module), nil
				}
				// export const logger = { ... }, export const log = pino()
				if ref, ok, err := q.jsImportedValue(ctx, f, imp.Module, imp.Imported); err != nil || ok {
					return ref, err
				}
			}
			return typeRef{kind: refUnknown}, nil // an exported value of unknown type
		}
		return jsOutside(f, imp.Module), nil
	}
	if ref, ok := lang.moduleName(ctx, f, name); ok {
		return ref, nil // import a.b; a.b.f()
	}
	// A class name in scope: static call.
	if cls, err := q.resolveTypeName(ctx, f, name); err != nil {
		return typeRef{}, err
	} else if cls != nil {
		return typeRef{kind: refClass, class: *cls}, nil
	}
	if ref, ok, err := lang.unbound(ctx, f, caller, name); err != nil || ok {
		return ref, err // @click.group() def cli(): cli.command(); a Go package variable
	}
	if isGlobalObject(f.Language, name) {
		return typeRef{kind: refExternal}, nil
	}
	return typeRef{kind: refUnknown}, nil
}

// jsDeclaredWorkspaceField reports whether cls.field, in JavaScript or
// TypeScript, declares a type that names an interface or class of the
// workspace (@Inject(AUDIT_SINK) private readonly audit: AuditSink).
// tsserver types such a field as declared, whatever a provider map binds
// its token to: a call through it is the interface's, listed under every
// implementation (a test double's too), so the provider map does not
// narrow it. A field declared without a type, or with one from outside,
// is still typed by the provider map.
func (q *query) jsDeclaredWorkspaceField(ctx context.Context, f *fact.File, cls fact.Symbol, field string) bool {
	if family(cls.Language) != "js" {
		return false
	}
	t, in, err := q.fieldTypeWrittenIn(ctx, cls, field, 0)
	if err != nil || t == "" || !isDeclaredTypeName(t) {
		return false
	}
	written := cls.Path
	if in != "" {
		written = in
	}
	declared, err := q.resolveTypeName(ctx, q.mustFile(ctx, written, f), t)
	return err == nil && declared != nil && isType(*declared)
}

// jsImportedModule splits a JavaScript or TypeScript receiver written
// import("m") or import("m").rest into the module specifier and rest; also
// one written (await import("m")) or (await import("m")).rest, the module
// awaited in place: (await import("./page")).default.
func jsImportedModule(lang treesitter.Language, recv string) (spec, rest string, ok bool) {
	if inner, after, awaited := treesitter.CutAwaitedImport(recv); awaited {
		recv = inner + after
	}
	after, found := strings.CutPrefix(recv, "import(")
	if !found || family(lang) != "js" || after == "" || after[0] != '"' && after[0] != '\'' {
		return "", "", false
	}
	end := strings.IndexByte(after[1:], after[0])
	if end < 0 || !strings.HasPrefix(after[end+2:], ")") {
		return "", "", false
	}
	spec, rest = after[1:end+1], after[end+3:]
	if rest != "" {
		if rest, found = strings.CutPrefix(rest, "."); !found || rest == "" {
			return "", "", false
		}
	}
	return spec, rest, true
}

// jsDestructuredFunction is, for a bare name bound by destructuring a
// value (const { createAdapter } = deps, or = await import("./adapter")),
// the member it was read from (deps.createAdapter): what calling the name
// gives is what calling that member gives. The call itself stays the
// local value's (treesitter.BoundLocally): tsserver stops at the binding
// and lists it under no function. False for any other name, and where a
// nearer local of another kind binds it.
func (q *query) jsDestructuredFunction(f *fact.File, caller *fact.Symbol, name string) (string, bool) {
	if family(f.Language) != "js" || name == "" || strings.ContainsAny(name, ".()[]<>") {
		return "", false
	}
	valued := func(l fact.Local) bool {
		typ := l.Type
		if _, _, rest, scoped := treesitter.CutScope(typ); scoped {
			typ = rest
		}
		return strings.HasPrefix(typ, treesitter.ValueTypePrefix)
	}
	var held *fact.Local
	if caller != nil {
		held = q.localIn(f, name, func(l fact.Local) bool {
			return valued(l) && l.SymbolID != "" && (l.SymbolID == caller.ID || strings.HasPrefix(caller.ID, l.SymbolID+"."))
		})
	}
	if held == nil {
		held = q.localIn(f, name, func(l fact.Local) bool { return valued(l) && l.SymbolID == "" })
	}
	if held == nil {
		return "", false
	}
	if near := q.localNamed(f, caller, name); near != nil && near != held && near.Type != treesitter.BoundLocally {
		return "", false
	}
	typ := held.Type
	if _, _, rest, scoped := treesitter.CutScope(typ); scoped {
		typ = rest
	}
	member, _ := strings.CutPrefix(typ, treesitter.ValueTypePrefix)
	if !strings.Contains(member, ".") || strings.HasPrefix(member, "require(") {
		// const { openStore } = require('./store'): an import, through
		// which the call resolves (require(...) itself is no call to type)
		return "", false
	}
	return member, true
}

// localNamed finds the local or parameter name in scope at q.pos in caller:
// the innermost block-scoped one around the position, else the first
// unscoped one of the caller or its enclosing functions, else a top-level
// one of the file.
func (q *query) localNamed(f *fact.File, caller *fact.Symbol, name string) *fact.Local {
	if caller != nil {
		if l := q.localIn(f, name, func(l fact.Local) bool {
			return l.SymbolID != "" && (l.SymbolID == caller.ID || strings.HasPrefix(caller.ID, l.SymbolID+"."))
		}); l != nil {
			return l
		}
	}
	// At the top level too, a local scoped to a block (a callback's body in
	// a test file) holds only there.
	return q.localIn(f, name, func(l fact.Local) bool { return l.SymbolID == "" })
}

// localIn is the local of f named name, among those bound accepts, in
// scope at q.pos: the innermost block-scoped one around the position, else
// the first unscoped one.
func (q *query) localIn(f *fact.File, name string, bound func(fact.Local) bool) *fact.Local {
	scoped, scopedStart, unscoped := -1, uint32(0), -1
	for i, l := range f.Locals {
		if l.Name != name || !bound(l) {
			continue
		}
		if start, end, _, ok := treesitter.CutScope(l.Type); ok {
			if start < q.pos && q.pos < end && (scoped < 0 || start >= scopedStart) {
				scoped, scopedStart = i, start
			}
		} else if unscoped < 0 {
			unscoped = i
		}
	}
	if scoped >= 0 {
		return &f.Locals[scoped]
	}
	if unscoped >= 0 {
		return &f.Locals[unscoped]
	}
	return nil
}

// declaredType evaluates a declared type written in file f: a type name, or
// "call:callee" for the result of a call, which is the called function's
// declared result type (or the class, when the call constructs one).
func (q *query) declaredType(ctx context.Context, f *fact.File, caller *fact.Symbol, typ string) (typeRef, error) {
	if typ == treesitter.BoundLocally {
		return typeRef{kind: refUnknown}, nil // bound by a pattern or a value the extractor cannot type
	}
	if start, _, rest, scoped := treesitter.CutScope(typ); scoped {
		// What a block-scoped local is bound to is evaluated where it is declared.
		defer func(saved uint32) { q.pos = saved }(q.pos)
		q.pos, typ = start, rest
		if caller == nil && f.Language == treesitter.Python {
			// a field's value evaluated in the method that assigns it
			// (self.cls = Healer, Healer imported there)
			caller = q.python().pyFunctionAt(ctx, f, start)
		}
		if family(f.Language) == "js" {
			// just inside its block, where the block's other locals hold:
			// const po = new MultiPO(); const simple = po.simple, in a test's
			// callback
			q.pos = start + 1
		}
	}
	if wraps, rest := pyWrappers(f, typ); len(wraps) > 0 {
		// [Foo(x)]: a list of what its element is.
		ref, err := q.declaredType(ctx, f, caller, rest)
		if ref.kind == refInstance {
			ref = ref.pyWrap(wraps)
		} else if ref.kind == refUnknown && err == nil {
			// list(xs) of an xs nothing types, a dict[str, Any]: still a
			// builtin list or dict (self._agents.clear() is dict's clear),
			// of elements that may be anything.
			ref = typeRef{kind: refExternal, ext: pyUnknownElements}
		}
		return ref, err
	}
	if ref, ok := jsObjectRef(f, typ); ok {
		return ref, nil // const logger = { warn() {} }
	}
	if mod, ok := strings.CutPrefix(typ, treesitter.PythonModuleTypePrefix); ok && (f.Language == treesitter.Python || family(f.Language) == "js") {
		// migration = importlib.import_module("app.migrations.v1");
		// const m = await import("./jobs"), import("./x").then(m => ...)
		if q.moduleInWorkspace(ctx, f, mod) {
			return typeRef{kind: refModule, mod: mod, from: f.Path}, nil
		}
		if f.Language != treesitter.Python {
			return jsOutside(f, mod), nil
		}
		return typeRef{kind: refExternal}, nil
	}
	if held, ok := strings.CutPrefix(typ, treesitter.ReactRefTypePrefix); ok {
		return q.jsReactRef(ctx, f, held) // useRef<Player>(null)
	}
	if held, ok := strings.CutPrefix(typ, treesitter.MapValueTypePrefix); ok {
		inner, err := q.instanceOf(ctx, f, held) // Map<string, Server>
		return typeRef{kind: refExternal, mapValue: &inner}, err
	}
	if members, ok := strings.CutPrefix(typ, treesitter.PythonEitherTypePrefix); ok && f.Language == treesitter.Python {
		return q.python().pyEitherType(ctx, f, caller, strings.Split(members, "|")) // DiskStorage() if fast else MemoryStorage()
	}
	if name, ok := strings.CutPrefix(typ, treesitter.PytestFixtureTypePrefix); ok {
		return q.python().pyFixtureField(ctx, f, name) // self.factory = request_factory in a fixture
	}
	derived := strings.HasPrefix(typ, treesitter.RangeTypePrefix) || strings.HasPrefix(typ, treesitter.RangeKeyTypePrefix) || strings.HasPrefix(typ, treesitter.CallTypePrefix) ||
		strings.HasPrefix(typ, treesitter.ClassArgTypePrefix) ||
		strings.HasPrefix(typ, treesitter.ValueTypePrefix) || strings.HasPrefix(typ, treesitter.ItemTypePrefix) || strings.HasPrefix(typ, treesitter.CallbackElementTypePrefix) ||
		strings.HasPrefix(typ, treesitter.ContextParamTypePrefix) || strings.HasPrefix(typ, treesitter.MemberTypePrefix)
	if !derived {
		if f.Language == treesitter.Go && caller != nil && len(caller.TypeParams) > 0 {
			// specs T, T the type parameter of caller's receiver (or its
			// own): a value of T's constraint, not a type named T
			if ref, ok, err := q.golang().goTypeParamValue(ctx, f, caller, typ); err != nil || ok {
				return ref, err
			}
		}
		return q.instanceOf(ctx, f, typ)
	}
	if q.depth > 6 { // x = x.next() chains: give up rather than recurse
		return typeRef{kind: refUnknown}, nil
	}
	q.depth++
	defer func() { q.depth-- }()
	// A chain of locals (x = a.b(); y = x.c(); y.d()) has each step's
	// receiver evaluated by several rules in turn, each of which evaluates
	// the step before again: without this, the work doubles or triples at
	// each step. The depth is part of the key, so a value is reused only
	// where evaluating again would give the same.
	key := declaredKey{path: f.Path, typ: typ, pos: q.pos, depth: q.depth, site: q.pySiteSerial()}
	if caller != nil {
		key.caller = caller.ID
	}
	if ref, ok := q.declared[key]; ok {
		return ref, nil
	}
	ref, err := q.derivedType(ctx, f, caller, typ)
	if err == nil && ctx.Err() == nil {
		if q.declared == nil {
			q.declared = map[declaredKey]typeRef{}
		}
		q.declared[key] = ref
	}
	return ref, err
}

// domQueries are the DOM's methods whose one type argument is the type of
// what they return (querySelector<E extends Element = Element>(selectors:
// string): E | null), or, for querySelectorAll, of each element of the
// NodeListOf<E> it returns.
var domQueries = map[string]bool{"querySelector": true, "closest": true, "querySelectorAll": true}

// domQueryResult is what a DOM query given the type argument cls returns:
// a cls, or a NodeList of them (querySelectorAll).
func (q *query) domQueryResult(ctx context.Context, f *fact.File, query, cls string) (typeRef, error) {
	inst, err := q.instanceOf(ctx, f, cls)
	if err != nil || query != "querySelectorAll" {
		return inst, err
	}
	if inst.kind != refInstance {
		return typeRef{kind: refExternal}, nil
	}
	return typeRef{kind: refExternal, elements: &inst}, nil
}

// jsDomQueryStep is the last step of a JavaScript or TypeScript receiver
// that calls a DOM query with a type argument naming one type
// (this.shadowRoot!.querySelector<TipSk>('tip-sk')!.reset()), -1 if none:
// what it returns does not depend on the steps before it.
func jsDomQueryStep(segs []receiverSeg) int {
	for k := len(segs) - 1; k >= 0; k-- {
		if s := segs[k]; s.call && domQueries[s.name] && isTypeNameJS(s.typeArgs) {
			return k
		}
	}
	return -1
}

// declaredKey is one evaluation of a derived type (query.declared).
type declaredKey struct {
	path, caller, typ string
	pos               uint32
	depth             int
	site              uint64 // the Python call-site binding in force (pySiteSerial)
}

// derivedType is declaredType for a type derived from an expression: an
// element of a collection or a callback's, a call's result, a value.
func (q *query) derivedType(ctx context.Context, f *fact.File, caller *fact.Symbol, typ string) (typeRef, error) {
	typeArg := ""       // the class a JavaScript or TypeScript call is given (ClassArgTypePrefix)
	givenClass := false // a JavaScript or TypeScript call given a class or a type argument
	if rest, ok := strings.CutPrefix(typ, treesitter.ContextParamTypePrefix); ok && family(f.Language) == "js" {
		return q.jsContextParam(ctx, f, rest) // const hunt: Task = { run(data, { user }) {} }
	}
	if rest, ok := strings.CutPrefix(typ, treesitter.MemberTypePrefix); ok && family(f.Language) == "js" {
		return q.jsDestructuredMember(ctx, f, caller, rest) // function make({ intents }: Deps)
	}
	if rest, ok := strings.CutPrefix(typ, treesitter.CallbackElementTypePrefix); ok {
		// xs.map(x => ...): x is an element of xs when xs is an array
		method, coll, _ := strings.Cut(rest, ":")
		of, err := q.evalReceiver(ctx, f, caller, coll)
		if err != nil {
			return typeRef{}, err
		}
		if f.Language == treesitter.Java {
			if elem, ok := javaCallbackElement(of, method); ok {
				return elem, nil
			}
			return typeRef{kind: refUnknown}, nil
		}
		if method == "$transaction" || method == "transaction" {
			// prisma.$transaction(async (tx) => ...) (treesitter's
			// ecmaHandleCallbacks), no Array's: on a library's client the
			// handle the callback gets is the library's; else unknown
			if outside, err := q.jsOutsideValue(ctx, of, method); err != nil || outside {
				return typeRef{kind: refExternal}, err
			}
			// a workspace client's (Prisma's generated one): the handle
			// its method declares the callback gets
			if handle, ok, err := q.jsCallbackHandle(ctx, of, method); err != nil || ok {
				return handle, err
			}
			return typeRef{kind: refUnknown}, nil
		}
		if of.mapValue != nil && (method == "values" || method == "entries" || method == "forEach") {
			return *of.mapValue, nil // servers.forEach((s) => ...), for (const [id, s] of servers.entries())
		}
		if of.elements != nil && method != "entries" {
			return *of.elements, nil // nodes.forEach((el) => ...), Array.from(nodes).map(...)
		}
		if method == "entries" {
			return typeRef{kind: refUnknown}, nil // an array's entries are [index, element]: not typed here
		}
		if elem, ok, err := q.jsElementVia(ctx, of, method); err != nil || ok {
			return elem, err
		}
		return typeRef{kind: refUnknown}, nil
	}
	if coll, isRange := strings.CutPrefix(typ, treesitter.RangeTypePrefix); isRange {
		ref, err := q.evalReceiver(ctx, f, caller, coll)
		if err != nil {
			return typeRef{}, err
		}
		return q.elementOf(ctx, f, ref)
	}
	if coll, isKey := strings.CutPrefix(typ, treesitter.RangeKeyTypePrefix); isKey {
		return q.golang().goRangeKey(ctx, f, caller, coll)
	}
	if item, isItem := strings.CutPrefix(typ, treesitter.ItemTypePrefix); isItem {
		return q.python().pyItemOf(ctx, f, caller, item)
	}
	if expr, isValue := strings.CutPrefix(typ, treesitter.ValueTypePrefix); isValue {
		return q.evalReceiver(ctx, f, caller, expr)
	}
	if rest, ok := strings.CutPrefix(typ, treesitter.ClassArgTypePrefix); ok {
		// container.resolve(Foo): a Foo when container is one; else the call's result
		cls, callee, _ := treesitter.CutClassArg(rest)
		givenClass = cls != ""
		if ref, ok, err := q.containerCall(ctx, f, caller, callee, cls); err != nil || ok {
			return ref, err
		}
		if domQueries[lastSegmentOf(callee)] && family(f.Language) == "js" && cls != "" {
			// document.querySelector<ClusterSummary2Sk>('x')!: the DOM's
			// generic queries give their type argument (lib.dom.d.ts)
			return q.domQueryResult(ctx, f, lastSegmentOf(callee), cls)
		}
		if family(f.Language) == "js" && strings.ToUpper(cls) != cls {
			typeArg = cls // not a SCREAMING_CASE token: inject(AUDIT_SINK)
		}
		typ = treesitter.CallTypePrefix + callee
	} else if ref, ok, err := q.containerCall(ctx, f, caller, strings.TrimPrefix(typ, treesitter.CallTypePrefix), ""); err != nil || ok {
		return ref, err // container.createChildContainer()
	}
	expr, _ := strings.CutPrefix(typ, treesitter.CallTypePrefix)
	if held, ok := q.jsDestructuredFunction(f, caller, expr); ok {
		// const { createAdapter } = deps; const a = createAdapter(): what
		// deps.createAdapter(...) gives
		expr = held
	} else if ref, ok, err := q.jsCalledValue(ctx, f, caller, expr); err != nil || ok {
		return ref, err // const $ = getJQuery(); $("#x"): what calling the value gives
	}
	result := 0
	var targs []string
	if f.Language == treesitter.Go {
		expr, result = treesitter.CutResultIndex(expr)
		expr, targs = treesitter.GoCutTypeArgs(expr) // utils.AssertType[arm.Arm](r)
	}
	recv, callee := "", expr
	if i := strings.LastIndex(expr, "."); i >= 0 {
		recv, callee = expr[:i], expr[i+1:]
	}
	if result == 0 && (recv == "" || !strings.ContainsAny(recv, "()[]")) {
		// Foo() or models.Foo(): a constructor call in Python and friends.
		if cls, err := q.resolveTypeName(ctx, f, expr); err != nil || cls != nil {
			if cls == nil {
				return typeRef{}, err
			}
			return typeRef{kind: refInstance, class: *cls}, nil
		}
	}
	if recv == "" && q.isExternalName(ctx, f, callee) {
		return typeRef{kind: refExternal}, nil
	}
	if f.Language == treesitter.Python && callee == "__new__" && recv != "" && !strings.ContainsAny(recv, "()[]") {
		// Listener.__new__(Listener), a test's instance made without
		// __init__: object.__new__ gives the class's instance, as pyright
		// infers (Self)
		if cls, err := q.resolveTypeName(ctx, f, recv); err != nil || cls != nil {
			if cls == nil || cls.Kind != treesitter.KindClass {
				return typeRef{kind: refUnknown}, err
			}
			return typeRef{kind: refInstance, class: *cls}, nil
		}
	}
	if f.Language == treesitter.Python && recv != "" {
		if ref, ok, err := q.python().pyMadeOutside(ctx, f, caller, recv, callee); err != nil || ok {
			return ref, err
		}
	}
	if f.Language == treesitter.Go && len(targs) > 0 && recv != "" && !strings.ContainsAny(recv, ".()[]") {
		// cmap.New[*Conn](): a dependency's generic function, instantiated
		if ref, ok, err := q.golang().goDepFuncResult(ctx, f, caller, recv, callee, result, targs); err != nil || ok {
			return ref, err
		}
	}
	if ref, ok, err := q.lang(f).callResult(ctx, f, caller, recv, callee, result); err != nil || ok {
		return ref, err
	}
	if ref, ok, err := q.python().pyDjangoCallResult(ctx, f, caller, recv, callee); err != nil || ok {
		return ref, err
	}
	call := fact.Call{Path: f.Path, Callee: callee, Receiver: recv}
	if caller != nil {
		call.CallerID = caller.ID
	}
	if imp := pyAliasOf(f, recv, callee); imp != nil {
		// from .m import aggregate as agg; x = agg(...): the extractor
		// stores such a call under the name imported, its span as long as
		// the alias written (writtenAsAlias), and so does this one.
		call.Callee = imp.Imported
		call.Span.StartByte, call.Span.EndByte = q.pos, q.pos+uint32(len(callee))
	}
	targets, res, err := q.resolveCall(ctx, call)
	if err != nil {
		return typeRef{}, err
	}
	if len(targets) == 0 && recv != "" && !givenClass && f.Language == treesitter.JavaScript {
		// const prisma = base.$extends({...}), base a PrismaClient: what an
		// outside value's method gives is outside, as in a chain
		// (walkReceiver). Not in TypeScript, where an outside type is
		// often written with the workspace's type arguments
		// (repo: Repository<User>, whose findOne gives a User) and the
		// extractor keeps the name alone; nor for a call given a class
		// (em.findOne(User)), which may give the class's instance.
		of, err := q.evalReceiver(ctx, f, caller, recv)
		if err != nil {
			return typeRef{}, err
		}
		if outside, err := q.jsOutsideValue(ctx, of, callee); err != nil || outside {
			return typeRef{kind: refExternal}, err
		}
	}
	if len(targets) == 0 && recv != "" && f.Language == treesitter.Python && !strings.ContainsAny(recv, "()[]") {
		return q.python().pyFieldCallResult(ctx, f, caller, recv, callee) // self.highlighter(text)
	}
	if res != fact.ResolvedAST {
		return typeRef{kind: refUnknown}, nil // a name match is too weak to type a value
	}
	for _, t := range targets {
		if isType(t) {
			if result > 0 {
				return typeRef{kind: refUnknown}, nil
			}
			return typeRef{kind: refInstance, class: t}, nil
		}
		rt := resultType(t, result)
		if rt == "" {
			if family(t.Language) == "js" && result == 0 {
				// function buildClient() { ...; return base.$extends({...}) }
				if ref, ok, err := q.jsReturnedCall(ctx, t); err != nil || ok {
					return ref, err
				}
			}
			continue
		}
		if typeArg != "" && family(t.Language) == "js" && len(t.TypeParams) == 1 && t.TypeParams[0] == rt {
			// $$<ChartTooltipSk>('chart-tooltip-sk', this), with function
			// $$<E extends Element>(...): E | null: a ChartTooltipSk
			return q.instanceOf(ctx, f, typeArg)
		}
		if len(targs) > 0 {
			// AssertType[Arm](r), func AssertType[T any](from any) (T, error): an Arm
			if ref, ok, err := q.golang().goTypeArgResult(ctx, f, t, rt, result, targs); err != nil || ok {
				return ref, err
			}
		} else if t.Language == treesitter.Go && t.Kind == treesitter.KindFunction && len(t.TypeParams) > 0 && caller != nil {
			// Must(NewClient()), func Must[T any](v T, err error) T: a
			// *Client, T inferred from the argument, as gopls infers it
			if ref, ok, err := q.golang().goInferredResult(ctx, f, caller, recv, callee, t, rt); err != nil || ok {
				return ref, err
			}
		}
		if recv != "" && t.Language == treesitter.Go {
			// s.coll.Resource(name), coll a resource.Getter[Arm]: an Arm
			if ref, ok, err := q.golang().goTypeParamResult(ctx, f, caller, recv, t, rt); err != nil || ok {
				return ref, err
			}
		}
		if pySelf(t, rt) {
			if recv != "" && t.Language == treesitter.Python {
				// with FileMetadata(d) as meta, FileLock.__enter__ returning
				// self: the receiver's own class, a subclass (pyright's Self)
				of, err := q.evalReceiver(ctx, f, caller, recv)
				if err != nil {
					return typeRef{}, err
				}
				if (of.kind == refInstance || of.kind == refClass) && of.elems == 0 {
					of.kind = refInstance
					return of, nil
				}
			}
			if cls, err := q.classOf(ctx, &t); err != nil || cls != nil {
				if cls == nil {
					return typeRef{}, err
				}
				return typeRef{kind: refInstance, class: *cls}, nil
			}
			continue
		}
		if ref, ok, err := q.pyInferredResult(ctx, t, rt); ok {
			if err != nil || ref.kind != refUnknown {
				return ref, err
			}
			// def _make_agent(cls): ... return agent, agent = cls(): what
			// this call's arguments make of it, as pyright infers it
			if ref, ok, err := q.python().pyResultAtSite(ctx, f, caller, recv, callee, t, rt); err != nil || ok && ref.kind != refUnknown {
				return ref, err
			}
			continue
		}
		tf, err := q.file(ctx, t.Path)
		if err != nil || tf == nil {
			return typeRef{kind: refUnknown}, err
		}
		if calls, ok := strings.CutPrefix(rt, treesitter.GoFuncPrefix); ok && family(tf.Language) == "js" {
			return typeRef{kind: refExternal, calls: calls, callsIn: tf.Path}, nil // a function it returns
		}
		return q.instanceOf(ctx, tf, rt)
	}
	return typeRef{kind: refUnknown}, nil
}

// pyImportedToo reports whether a Python file that defines name at its top
// level (picked) also imports it by name: a fallback declared where the
// import may fail (try: from x import f / except ImportError: def f()).
// An import inside a function that does not hold the declaration binds
// the name in that function only, and is no such import.
func (q *query) pyImportedToo(ctx context.Context, f *fact.File, name string, picked []fact.Symbol) bool {
	if f.Language != treesitter.Python {
		return false
	}
	for _, s := range picked {
		if s.Container != "" || s.Span.Start.Character == 0 {
			return false // a def at the line's start replaces the import for what follows
		}
	}
	var syms []fact.Symbol
	for _, imp := range f.Imports {
		if imp.Local != name || imp.Imported == "*" {
			continue
		}
		if syms == nil {
			syms, _ = q.store.SymbolsInFile(ctx, f.Path)
		}
		if pyImportBindsAt(syms, imp.Span, picked) {
			return true
		}
	}
	return false
}

// pyImportBindsAt reports whether an import at span binds its name where
// each of picked is declared: it is at the top level, or inside a
// function that holds them.
func pyImportBindsAt(syms []fact.Symbol, span treesitter.Span, picked []fact.Symbol) bool {
	for _, s := range syms {
		if !isCallable(s) || span.StartByte < s.Span.StartByte || s.Span.EndByte < span.EndByte {
			continue
		}
		for _, p := range picked {
			if p.Span.StartByte < s.Span.StartByte || s.Span.EndByte < p.Span.EndByte {
				return false // def g(): from m import f as h; def k(): def h()
			}
		}
	}
	return true
}

// pyImportInScope is the index of the import of name that binds it where
// caller runs, -1 when the file's first import of it does. A Python
// import inside a function binds the name in that function only: tests
// that each import a different module as svc (def test_a(): from
// app.services import billing as svc) must each see their own, and the
// innermost import wins over the module's.
func (q *query) pyImportInScope(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) int {
	if f.Language != treesitter.Python {
		return -1
	}
	count := 0
	for _, imp := range f.Imports {
		if imp.Local == name {
			count++
		}
	}
	// One import of the name binds it wherever it runs (another
	// function's import alone would fail at run time): the file's
	// symbols are read only where two imports compete.
	if count < 2 {
		return -1
	}
	syms, err := q.store.SymbolsInFile(ctx, f.Path)
	if err != nil {
		return -1
	}
	best, bestDepth := -1, -1
	for i, imp := range f.Imports {
		if imp.Local != name {
			continue
		}
		if d, ok := pyImportDepth(syms, caller, imp.Span); ok && d > bestDepth {
			best, bestDepth = i, d
		}
	}
	if best < 0 {
		return len(f.Imports) // none binds it here
	}
	return best
}

// pyImportDepth is how many functions around an import at span also hold
// caller (the import is then in caller's scope), false when one of them
// does not (the import binds in another function).
func pyImportDepth(syms []fact.Symbol, caller *fact.Symbol, span treesitter.Span) (int, bool) {
	depth := 0
	for _, s := range syms {
		if !isCallable(s) || span.StartByte < s.Span.StartByte || s.Span.EndByte < span.EndByte {
			continue
		}
		if caller == nil || caller.Span.StartByte < s.Span.StartByte || s.Span.EndByte < caller.Span.EndByte {
			return 0, false
		}
		depth++
	}
	return depth, true
}

// isExternalName reports whether name is bound, in f, to an import from
// outside the workspace or to a well-known global.
func (q *query) isExternalName(ctx context.Context, f *fact.File, name string) bool {
	for _, imp := range f.Imports {
		if imp.Local != name {
			continue
		}
		if f.Language == treesitter.Go {
			_, ok := q.goImportDir(ctx, imp.Module)
			return !ok
		}
		return !q.moduleInWorkspace(ctx, f, imp.Module)
	}
	return isGlobalObject(f.Language, name) || isBuiltin(f.Language, name)
}

// unionOf is the type of a value annotated with a union of several
// classes (a Python or a TypeScript union, treesitter.PythonUnionTypePrefix): an instance of the first workspace class among them, with the
// others as its alts; outside the workspace when no member is in it.
func (q *query) unionOf(ctx context.Context, f *fact.File, members []string) (typeRef, error) {
	var classes []fact.Symbol
	known := true // every member a workspace class or from outside it
	for _, m := range members {
		ref, err := q.instanceOf(ctx, f, m)
		if err != nil {
			return typeRef{}, err
		}
		switch {
		case ref.kind == refInstance && ref.elems == 0 && len(ref.alts) == 0:
			classes = append(classes, ref.class)
		case ref.kind != refExternal:
			known = false
		}
	}
	switch {
	case len(classes) > 0 && known:
		return typeRef{kind: refInstance, class: classes[0], alts: classes[1:]}, nil
	case len(classes) == 0 && known:
		return typeRef{kind: refExternal}, nil
	}
	return typeRef{kind: refUnknown}, nil
}

func (q *query) instanceOf(ctx context.Context, f *fact.File, typeName string) (typeRef, error) {
	if ref, ok := jsObjectRef(f, typeName); ok {
		return ref, nil // what function make() { return { ... } } returns
	}
	if members, ok := strings.CutPrefix(typeName, treesitter.PythonUnionTypePrefix); ok && (f.Language == treesitter.Python || family(f.Language) == "js") {
		return q.unionOf(ctx, f, strings.Split(members, "|"))
	}
	if members, ok := strings.CutPrefix(typeName, treesitter.PythonEitherTypePrefix); ok && f.Language == treesitter.Python {
		return q.python().pyEitherType(ctx, f, nil, strings.Split(members, "|")) // a function returning FastBuilder() or Builder()
	}
	if places, ok := strings.CutPrefix(typeName, treesitter.PythonTupleTypePrefix); ok && f.Language == treesitter.Python {
		return typeRef{kind: refExternal, tuple: places, tupleIn: f.Path}, nil
	}
	if wraps, rest := pyWrappers(f, typeName); len(wraps) > 0 {
		ref, err := q.instanceOf(ctx, f, rest)
		if ref.kind == refInstance {
			ref = ref.pyWrap(wraps)
		}
		return ref, err
	}
	if ref, ok, err := q.javaCollectionOf(ctx, f, typeName); ok {
		return ref, err // List<Notifier>, Map<String, Notifier>: the library's, holding Notifiers
	}
	elems := 0
	if f.Language == treesitter.Go {
		for strings.HasPrefix(typeName, treesitter.GoCollectionPrefix) {
			typeName = typeName[len(treesitter.GoCollectionPrefix):]
			elems++
		}
	}
	if typeName == "" || strings.HasPrefix(typeName, treesitter.ParamsTypePrefix) {
		return typeRef{kind: refUnknown}, nil // a function-typed member: no class's instance
	}
	if f.Language == treesitter.Go && strings.HasPrefix(typeName, treesitter.GoAnonymousStructPrefix) {
		// struct{...} has no symbol; its fields are recorded in f under this name.
		anon := fact.Symbol{ID: f.Path + "#" + typeName, Path: f.Path, Language: f.Language, Name: typeName, Kind: treesitter.KindClass}
		return typeRef{kind: refInstance, class: anon, elems: elems}, nil
	}
	if held, ok := strings.CutPrefix(typeName, treesitter.PythonEntersTypePrefix); ok && f.Language == treesitter.Python {
		inner, err := q.instanceOf(ctx, f, held) // AbstractAsyncContextManager[DatabaseContext]
		return typeRef{kind: refExternal, enters: &inner}, err
	}
	if held, ok := strings.CutPrefix(typeName, treesitter.MapValueTypePrefix); ok && family(f.Language) == "js" {
		// function load(): Promise<Map<string, Loaded>>: its get(...) is a
		// Loaded, named where load is declared
		inner, err := q.instanceOf(ctx, f, held)
		return typeRef{kind: refExternal, mapValue: &inner}, err
	}
	if held, ok := strings.CutPrefix(typeName, treesitter.RecordTypePrefix); ok && family(f.Language) == "js" {
		inner, err := q.instanceOf(ctx, f, held) // { [key in SetupType]: Gear }
		return typeRef{kind: refExternal, members: &inner}, err
	}
	if f.Language == treesitter.Go {
		if base, targs := treesitter.GoCutTypeArgs(typeName); len(targs) > 0 {
			// Getter[Arm], cmap.ConcurrentMap[int64, ISession] (a
			// parameter's, a local's): the type, with its arguments known
			ref, err := q.instanceOf(ctx, f, strings.Repeat(treesitter.GoCollectionPrefix, elems)+base)
			if err == nil && (ref.kind == refInstance && len(ref.class.TypeParams) == len(targs) || ref.kind == refExternal && ref.ext != "") {
				ref.targs, ref.targsIn = strings.Join(targs, treesitter.GoResultSeparator), f.Path
			}
			return ref, err
		}
	}
	cls, err := q.resolveTypeName(ctx, f, typeName)
	if err != nil {
		return typeRef{}, err
	}
	if cls == nil && family(f.Language) == "js" {
		// type FullGear = { [key in SetupType]: Gear }, here, imported or global
		if mf, aliased, ok, err := q.jsAliasedType(ctx, f, typeName); err != nil {
			return typeRef{}, err
		} else if ok && (strings.HasPrefix(aliased, treesitter.RecordTypePrefix) || strings.HasPrefix(aliased, treesitter.PythonUnionTypePrefix)) {
			return q.instanceOf(ctx, mf, aliased) // or type Memory = Episodic | Semantic
		} else if ok && strings.HasPrefix(aliased, treesitter.ValueTypePrefix) && q.aliasHops < 5 {
			// type InvitationsRepo = ReturnType<typeof createInvitationsRepo>:
			// what createInvitationsRepo() gives, called where the alias is
			q.aliasHops++
			ref, err := q.derivedType(ctx, mf, nil, aliased)
			q.aliasHops--
			return ref, err
		} else if calls, isFunc := strings.CutPrefix(aliased, treesitter.GoFuncPrefix); ok && isFunc {
			// type JQuery = (selector: string) => JQueryNode: a function
			// whose call gives a JQueryNode, named where the alias is
			return typeRef{kind: refExternal, calls: calls, callsIn: mf.Path}, nil
		}
	}
	if cls == nil {
		if f.Language == treesitter.Python && q.pyOutsideAnnotation(ctx, f, typeName) {
			// request: HttpRequest (from django.http), d: dict: what a value
			// declared so has is the library's or the builtin's, as pyright says.
			return typeRef{kind: refExternal}, nil
		}
		if f.Language == treesitter.JavaScript && q.jsImportedFromOutside(ctx, f, typeName) {
			// const handler = new Fuse(data) with Fuse imported from
			// 'fuse.js': JavaScript records a construction by its class's
			// name, and this class is a library's (data-portal)
			return jsOutsideType(f, typeName), nil
		}
		if f.Language == treesitter.JavaScript && jsBuiltinClasses[typeName] {
			// const re = /x/g or new RegExp(s), new Map(), new URL(u): a
			// class of the language's own that the workspace does not
			// declare, so re.exec(s) is not a project method called exec
			// (n2store's 90 name matches of a db object's exec)
			return jsOutsideType(f, typeName), nil
		}
		if f.Language == treesitter.Python || f.Language == treesitter.JavaScript {
			// Python locals come from any call x = f(); only a class tells a type.
			return typeRef{kind: refUnknown}, nil
		}
		if f.Language == treesitter.Go {
			if strings.HasPrefix(typeName, treesitter.GoInterfacePrefix) {
				return typeRef{kind: refExternal, lit: typeName, litIn: f.Path, elems: elems}, nil
			}
			return typeRef{kind: refExternal, ext: goKnownOutside(f, typeName), elems: elems}, nil
		}
		if untypedNames[typeName] || len(typeName) == 1 && typeName[0] >= 'A' && typeName[0] <= 'Z' {
			// any, Object, a type parameter T: could be a workspace class.
			return typeRef{kind: refUnknown}, nil
		}
		return jsOutsideType(f, typeName), nil
	}
	if strings.HasPrefix(cls.Returns, treesitter.RecordTypePrefix) && cls.Kind == treesitter.KindInterface && family(cls.Language) == "js" && q.aliasHops < 5 {
		// interface LootBank { [key: string]: Bank }: loot[id] is a Bank
		q.aliasHops++
		ref, err := q.instanceOf(ctx, q.mustFile(ctx, cls.Path, f), cls.Returns)
		q.aliasHops--
		return ref, err
	}
	if aliased, ok := strings.CutPrefix(cls.Returns, treesitter.GoAliasPrefix); ok && cls.Language == treesitter.Go && q.aliasHops < 5 {
		// type PgxPool = pgx.PgxPool: a value of the alias is one of the
		// type it names, read where the alias is declared, with its methods.
		q.aliasHops++
		ref, err := q.instanceOf(ctx, q.mustFile(ctx, cls.Path, f), aliased)
		q.aliasHops--
		ref.elems += elems
		return ref, err
	}
	return typeRef{kind: refInstance, class: *cls, elems: elems}, nil
}

// classOf finds the class (or Go type) a method belongs to.
func (q *query) classOf(ctx context.Context, method *fact.Symbol) (*fact.Symbol, error) {
	if method.Container == "" {
		return nil, nil
	}
	syms, err := q.named(ctx, method.Container)
	if err != nil {
		return nil, err
	}
	for _, s := range syms {
		if !isType(s) {
			continue
		}
		if method.Language == treesitter.Go && declaredInFunction(s) &&
			(s.Path != method.Path || method.Span.StartByte < s.Span.StartByte || s.Span.EndByte < method.Span.EndByte) {
			// a type declared in a function (type Inline struct{...} in
			// func (p Proxy) Inline()) has no methods but its own
			// interface's, declared within it: a package-level Inline's
			// methods are not its.
			continue
		}
		if s.Path == method.Path || (method.Language == treesitter.Go && path.Dir(s.Path) == path.Dir(method.Path)) {
			s := s
			return &s, nil
		}
	}
	return nil, nil
}

// resolveTypeName finds the workspace class a type name written in file f
// refers to: same file, imported, same package/directory, or unique.
func (q *query) resolveTypeName(ctx context.Context, f *fact.File, typeName string) (*fact.Symbol, error) {
	typeName = strings.TrimSpace(typeName)
	if typeName == "" {
		return nil, nil
	}
	qualifier := ""
	if i := strings.LastIndex(typeName, "."); i >= 0 {
		qualifier, typeName = typeName[:i], typeName[i+1:]
	}
	if qualifier == "" && family(f.Language) == "js" {
		// import App from './app', the default export a class of another name
		if cls, ok, err := q.jsDefaultImportedClass(ctx, f, typeName); err != nil || ok {
			return cls, err
		}
	}
	types, err := q.typesNamedIn(ctx, typeName, family(f.Language))
	if err != nil {
		return nil, err
	}
	if f.Language == treesitter.Go {
		if types, err = q.golang().goVisibleTypes(ctx, f, typeName, types); err != nil {
			return nil, err
		}
	}
	if imp, ok := renamedImport(f, typeName); ok && qualifier == "" && !declaresIn(types, f.Path) {
		// from .base import GoogleSheetsAPIClient as GoogleSheetsClient,
		// import { Base as B } from './base': the type the import names,
		// whatever else the workspace calls B
		return q.renamedImportType(ctx, f, imp)
	}
	if len(types) == 0 {
		if qualifier == "" && family(f.Language) == "js" {
			// type Ref = Scrollbars, here or imported: no class has the name
			if cls, ok, err := q.jsTypeAlias(ctx, f, typeName); err != nil || ok {
				return cls, err
			}
		}
		if qualifier == "" && f.Language == treesitter.Python {
			// Repo = Annotated[Repository, Depends(get_repo)], here or imported
			return q.python().pyTypeAlias(ctx, f, typeName)
		}
		return nil, nil
	}
	if qualifier != "" {
		for _, imp := range f.Imports {
			if imp.Local != qualifier {
				continue
			}
			mod := imp.Module
			if f.Language == treesitter.Python && imp.Imported != "*" {
				mod = pySubmodule(imp) // from app import models; models.Invoice
			}
			for _, s := range types {
				if q.inModule(ctx, f, typeRef{kind: refModule, mod: mod, from: f.Path}, s) {
					return &s, nil
				}
			}
			if f.Language == treesitter.Python { // click.Context, re-exported by click/__init__.py
				found, err := q.python().pyReexported(ctx, f, typeRef{kind: refModule, mod: mod, from: f.Path}, typeName, isType)
				if err != nil || len(found) == 0 {
					return nil, err
				}
				return &found[0], nil
			}
			if family(f.Language) == "js" && imp.Imported == "*" {
				// import * as Prisma from './prismaNamespace'; Prisma.KycDelegate,
				// passed on by export type * from '../models'
				return q.jsReexportedType(ctx, f, mod, typeName, types, 0)
			}
			return nil, nil
		}
		if f.Language == treesitter.Java { // fully qualified name
			for _, s := range types {
				if sf, err := q.file(ctx, s.Path); err == nil && sf != nil && sf.Package == qualifier {
					return &s, nil
				}
			}
		}
		return nil, nil
	}
	for _, s := range types {
		if s.Path == f.Path {
			return &s, nil
		}
	}
	for _, imp := range f.Imports {
		if imp.Local != typeName && !(f.Language == treesitter.Java && imp.Local == "*") {
			continue
		}
		for _, s := range types {
			switch f.Language {
			case treesitter.Java:
				sf, err := q.file(ctx, s.Path)
				if err != nil {
					return nil, err
				}
				if sf != nil && (imp.Module == sf.Package+"."+typeName || (imp.Local == "*" && imp.Module == sf.Package)) {
					return &s, nil
				}
			default:
				if q.moduleHasFile(ctx, f, imp.Module, s.Path) {
					return &s, nil
				}
			}
		}
		if imp.Local == typeName && f.Language == treesitter.Python && imp.Imported == typeName {
			// from m import T, where m imports T itself
			return q.python().pyReexportedType(ctx, f, imp)
		}
		if imp.Local == typeName && family(f.Language) == "js" {
			if aug := augmentationOf(types, imp.Module, f.Path); aug != nil {
				// import type { FastifyInstance } from "fastify", which the
				// workspace augments (declare module "fastify" { interface
				// FastifyInstance { container: AppContainer } })
				return aug, nil
			}
			// import { PrismaClient } from './generated/client', where the
			// module declares the name a type alias of another module's
			// type (Prisma's generated client: export type PrismaClient =
			// $Class.PrismaClient, beside a const of the same name)
			if cls, ok, err := q.jsTypeAlias(ctx, f, typeName); err != nil || ok {
				return cls, err
			}
			// import { T } from './dir', a barrel passing T on
			return q.jsReexportedType(ctx, f, imp.Module, imp.Imported, types, 0)
		}
		if imp.Local == typeName {
			return nil, nil // imported from outside the workspace
		}
	}
	switch f.Language {
	case treesitter.Go:
		return q.goTypeInDir(typeName, types, path.Dir(f.Path)), nil
	case treesitter.Java:
		for _, s := range types {
			if sf, err := q.file(ctx, s.Path); err == nil && sf != nil && sf.Package == f.Package {
				return &s, nil
			}
		}
	}
	if len(types) == 1 && f.Language != treesitter.Python {
		s := types[0] // a copy: types is the query's (typesNamedIn)
		return &s, nil
	}
	return nil, nil
}

// fieldType returns the declared type of cls.field, searching base classes
// and Go embedded structs; a Go generic type's type arguments are left out
// (fieldTypeWritten keeps them).
func (q *query) fieldType(ctx context.Context, cls fact.Symbol, field string, depth int) (string, error) {
	t, err := q.fieldTypeWritten(ctx, cls, field, depth)
	if cls.Language == treesitter.Go {
		t, _ = treesitter.GoCutTypeArgs(t)
	}
	return t, err
}

// fieldTypeWritten is fieldType with a Go field's type arguments as the
// extractor keeps them (resource.Getter[Arm]).
func (q *query) fieldTypeWritten(ctx context.Context, cls fact.Symbol, field string, depth int) (string, error) {
	t, _, err := q.fieldTypeWrittenIn(ctx, cls, field, depth)
	return t, err
}

// fieldTypeWrittenIn is fieldTypeWritten and the path of the file that
// writes the type: a base class's, for a field it declares.
func (q *query) fieldTypeWrittenIn(ctx context.Context, cls fact.Symbol, field string, depth int) (string, string, error) {
	if depth > 5 {
		return "", "", nil
	}
	files := []string{cls.Path}
	if cls.Language == treesitter.Go {
		files = q.sameDirFiles(ctx, cls.Path)
	}
	for _, p := range files {
		cf, err := q.file(ctx, p)
		if err != nil || cf == nil {
			return "", "", err
		}
		for _, fl := range cf.Fields {
			if fl.Container == cls.Name && fl.Name == field {
				return fl.Type, p, nil
			}
		}
	}
	if cls.Language == treesitter.Python {
		if t, err := q.python().pyPropertyType(ctx, cls, field); err != nil || t != "" {
			return t, cls.Path, err
		}
	}
	if under := q.golang().goUnderlying(ctx, cls); under != nil {
		return q.fieldTypeWrittenIn(ctx, *under, field, depth+1) // type mtpDraft Model: Model's fields
	}
	for _, base := range q.bases(ctx, cls) {
		if t, in, err := q.fieldTypeWrittenIn(ctx, base, field, depth+1); err != nil || t != "" {
			return t, in, err
		}
	}
	return "", "", nil
}

// renamedImport is the import that binds name in f to a type exported
// under another name (from m import T as name, import { T as name }), if
// any. A namespace or default import, or one passed on (export { T as name }
// from m, which binds nothing), is not one.
func renamedImport(f *fact.File, name string) (treesitter.Import, bool) {
	if f.Language != treesitter.Python && family(f.Language) != "js" {
		return treesitter.Import{}, false
	}
	for _, imp := range f.Imports {
		if imp.Local == name && !imp.Reexport && imp.Imported != name && imp.Imported != "*" &&
			imp.Imported != "default" && isIdentifierName(imp.Imported) {
			return imp, true
		}
	}
	return treesitter.Import{}, false
}

// declaresIn reports whether one of types is declared in the file at p.
func declaresIn(types []fact.Symbol, p string) bool {
	return slices.ContainsFunc(types, func(s fact.Symbol) bool { return s.Path == p })
}

// renamedImportType is the workspace type imp imports under another name:
// declared in imp's module, or passed on by it.
func (q *query) renamedImportType(ctx context.Context, f *fact.File, imp treesitter.Import) (*fact.Symbol, error) {
	types, err := q.typesNamedIn(ctx, imp.Imported, family(f.Language))
	if err != nil {
		return nil, err
	}
	for _, s := range types {
		if q.moduleHasFile(ctx, f, imp.Module, s.Path) {
			return &s, nil
		}
	}
	if f.Language == treesitter.Python {
		return q.python().pyReexportedType(ctx, f, imp)
	}
	return q.jsReexportedType(ctx, f, imp.Module, imp.Imported, types, 0)
}

// bases resolves a class's superclasses and, for Go, its embedded structs.
func (q *query) bases(ctx context.Context, cls fact.Symbol) []fact.Symbol {
	cf, err := q.file(ctx, cls.Path)
	if err != nil || cf == nil {
		return nil
	}
	// Go's embedded types are in Extends; a field named after its type
	// (Expression hcl.Expression) is not embedded, and promotes nothing.
	var out []fact.Symbol
	for _, n := range cls.Extends {
		if b, err := q.resolveTypeName(ctx, cf, n); err == nil && b != nil && b.ID != cls.ID {
			out = append(out, *b)
		} else if err == nil && b == nil && family(cf.Language) == "js" {
			// class Api extends withPki(Base): the class withPki returns
			if b := q.jsMixinClass(ctx, cf, n); b != nil && b.ID != cls.ID {
				out = append(out, *b)
			}
		}
	}
	return out
}

// methodOf finds method name on cls or its bases.
func (q *query) methodOf(ctx context.Context, cls fact.Symbol, name string, cands []fact.Symbol, depth int) ([]fact.Symbol, error) {
	if depth > 5 {
		return nil, nil
	}
	var found []fact.Symbol
	for _, s := range cands {
		if s.Container != cls.Name || !isCallable(s) {
			continue
		}
		if s.Path == cls.Path || (cls.Language == treesitter.Go && path.Dir(s.Path) == path.Dir(cls.Path)) {
			found = append(found, s)
		}
	}
	if len(found) > 0 {
		return found, nil
	}
	for _, base := range q.bases(ctx, cls) {
		if f, err := q.methodOf(ctx, base, name, cands, depth+1); err != nil || len(f) > 0 {
			return f, err
		}
	}
	return nil, nil
}

func (q *query) methodInClassChain(ctx context.Context, f *fact.File, className, name string, cands []fact.Symbol) ([]fact.Symbol, error) {
	if className == "" {
		return nil, nil
	}
	cls, err := q.resolveTypeName(ctx, f, className)
	if err != nil || cls == nil {
		return nil, err
	}
	return q.methodOf(ctx, *cls, name, cands, 0)
}

func (q *query) sameDirFiles(ctx context.Context, p string) []string {
	// Go types keep their fields in the file that declares them; methods may
	// be elsewhere in the package but fields are not, so one file suffices.
	return []string{p}
}

func (q *query) samePackage(ctx context.Context, f *fact.File, s fact.Symbol) bool {
	if s.Path == f.Path {
		return true
	}
	sf, err := q.file(ctx, s.Path)
	if err != nil || sf == nil {
		return false
	}
	return sf.Package == f.Package
}

// inModule reports whether symbol s is defined by the module ref names.
func (q *query) inModule(ctx context.Context, f *fact.File, ref typeRef, s fact.Symbol) bool {
	if ref.file != "" {
		return s.Path == ref.file
	}
	switch f.Language {
	case treesitter.Go:
		from := ref.from
		if from == "" {
			from = f.Path
		}
		dir, ok := q.goImportDirFrom(ctx, from, ref.mod)
		return ok && path.Dir(s.Path) == dir
	case treesitter.Java:
		sf, err := q.file(ctx, s.Path)
		return err == nil && sf != nil && (sf.Package == ref.mod || sf.Package+"."+s.Name == ref.mod)
	}
	from := f
	if ref.from != "" && ref.from != f.Path {
		from = q.mustFile(ctx, ref.from, f)
	}
	return q.moduleHasFile(ctx, from, ref.mod, s.Path)
}

// moduleInWorkspace reports whether a module specifier written in f names a
// workspace file or package.
func (q *query) moduleInWorkspace(ctx context.Context, f *fact.File, module string) bool {
	switch f.Language {
	case treesitter.Go:
		_, ok := q.goImportDir(ctx, module)
		return ok
	}
	key := family(f.Language) + "\x00" + path.Dir(f.Path) + "\x00" + module
	if known, ok := q.inWorkspace[key]; ok {
		return known
	}
	if family(f.Language) == "js" { // an index, not a scan (see modules.go)
		found := q.r.jsModules(q.allFiles(ctx)).has(f.Path, module)
		q.inWorkspace[key] = found
		return found
	}
	found := false
	files := q.allFiles(ctx)
	if family(f.Language) == family(treesitter.Python) { // an index, not a scan (modules_python.go)
		files = q.r.pyModuleCandidates(files, f.Path, module)
	}
	for _, wf := range files {
		if family(wf.Language) == family(f.Language) && q.moduleHasFile(ctx, f, module, wf.Path) {
			found = true
			break
		}
	}
	q.inWorkspace[key] = found
	return found
}

// moduleHasFile reports whether the module specifier, written in file f,
// resolves to the workspace file candidate.
func (q *query) moduleHasFile(ctx context.Context, f *fact.File, module, candidate string) bool {
	switch family(f.Language) {
	case "js":
		if aliased := q.r.tsAliases().candidates(f.Path, module); len(aliased) > 0 {
			cand := stripExt(candidate)
			candIndex := strings.TrimSuffix(cand, "/index")
			for _, a := range aliased {
				if cand == a || candIndex == a {
					return true
				}
			}
			if q.r.jsModules(q.allFiles(ctx)).namesFile(aliased) {
				// The project's own mapping names another workspace file:
				// the specifier's tail (.../updatedAt) matching this one
				// is a coincidence, as it is to tsserver.
				return false
			}
		}
		if strings.HasPrefix(module, "@") || !strings.Contains(module, "/") {
			// a monorepo's package by its name, mapped by the root config (modules.go)
			if rooted := q.r.tsAliases().atRoot(module); len(rooted) > 0 && q.r.jsModules(q.allFiles(ctx)).namesFile(rooted) {
				cand := stripExt(candidate)
				candIndex := strings.TrimSuffix(cand, "/index")
				return slices.Contains(rooted, cand) || slices.Contains(rooted, candIndex)
			}
		}
		return jsModuleMatches(f.Path, module, candidate)
	case string(treesitter.Python):
		if !pyModuleMatches(f.Path, module, candidate) {
			return false
		}
		if strings.HasPrefix(module, ".") {
			return true
		}
		if nearest, ok := q.pyNearestImportRoot(ctx, f.Path, module); ok {
			return pyImportRoot(module, candidate) == nearest
		}
		// Under a directory that does not hold the importer: a root it
		// can reach, and one that holds the file's other modules of the
		// package.
		root := pyImportRoot(module, candidate)
		if root == "" {
			return true
		}
		if !q.pyRootReachable(ctx, f, root) {
			return false
		}
		if shared := q.pySharedRoots(ctx, f, module); shared != nil {
			return shared[root]
		}
		return true
	case string(treesitter.Java):
		return false // Java resolves by package, see inModule
	}
	return false
}

func stripExt(p string) string {
	for _, ext := range []string{".d.ts", ".tsx", ".ts", ".mts", ".cts", ".jsx", ".js", ".mjs", ".cjs", ".pyi", ".py"} {
		if strings.HasSuffix(p, ext) {
			return strings.TrimSuffix(p, ext)
		}
	}
	return p
}

func jsModuleMatches(from, module, candidate string) bool {
	cand := stripExt(candidate)
	candIndex := strings.TrimSuffix(cand, "/index")
	if treesitter.IsRelativeModule(module) {
		want := stripExt(path.Join(path.Dir(from), module))
		return cand == want || candIndex == want
	}
	// Path aliases (tsconfig paths, baseUrl): match the specifier's tail
	// against the candidate path, dropping alias prefixes such as "@app/" or "~/".
	spec := stripExt(strings.TrimPrefix(module, "~/"))
	if spec == "" {
		return false
	}
	parts := strings.Split(spec, "/")
	for i := 0; i < len(parts); i++ {
		tail := strings.Join(parts[i:], "/")
		if i == len(parts)-1 && !strings.Contains(tail, ".") && len(parts) > 1 {
			// a single trailing segment alone is too weak, except for file-like names
			if cand == tail || strings.HasSuffix(cand, "/"+tail) || candIndex == tail || strings.HasSuffix(candIndex, "/"+tail) {
				if len(parts) > 2 && strings.HasPrefix(parts[0], "@") {
					return jsUnderPackage(candidate, parts[1]) // @mui/material/Paper: not src/components/Paper.tsx
				}
				return strings.HasPrefix(parts[0], "@") || parts[0] == "src" || parts[0] == "app"
			}
			continue
		}
		if cand == tail || strings.HasSuffix(cand, "/"+tail) || candIndex == tail || strings.HasSuffix(candIndex, "/"+tail) {
			return i > 0 || len(parts) > 1 || strings.Contains(spec, ".")
		}
	}
	return false
}

// A repository of several Python services (services/a/app/settings.py,
// services/b/app/settings.py) runs each from its own directory: `from
// app.settings import get_settings` in services/a/app/main.py is a's, and
// b's only if a had none. So an absolute module that names a file under a
// directory holding the importer is that file; one under another
// directory is a candidate only where no such file exists.

// pyImportRoot is the directory an absolute module is imported from when
// it names candidate (services/a for app.settings and
// services/a/app/settings.py); "" for the workspace root.
func pyImportRoot(module, candidate string) string {
	want := strings.ReplaceAll(module, ".", "/")
	if addon, ok := strings.CutPrefix(module, "odoo.addons."); ok {
		want = strings.ReplaceAll(addon, ".", "/")
	}
	for _, c := range []string{stripExt(candidate), strings.TrimSuffix(stripExt(candidate), "/__init__")} {
		if root, ok := strings.CutSuffix(c, "/"+want); ok {
			return root
		}
	}
	return ""
}

// underDir reports whether dir is root or below it ("" is the workspace).
func underDir(root, dir string) bool {
	return root == "" || dir == root || strings.HasPrefix(dir, root+"/")
}

// pyNearestImportRoot is the deepest directory holding from that the
// absolute module, written in from, is imported from (see pyImportRoot);
// false when no workspace file of the module is under a directory holding
// from. A service committed twice, one copy inside the other
// (dmm_backend/ and dmm_backend/dmm_backend/), runs each copy from its own
// directory: the inner copy's import is the inner copy's file, as pyright
// resolves it, though the outer directory holds the importer too.
func (q *query) pyNearestImportRoot(ctx context.Context, from, module string) (string, bool) {
	key := path.Dir(from) + "\x00" + module
	if root, ok := q.pyNearRoots[key]; ok {
		return root.dir, root.found
	}
	// A root that is itself a package (tests/unit, holding an __init__.py) is
	// imported under its parent's name, not from: where a root that is no
	// package holds the module too (the workspace root's chroma_core/ beside
	// tests/unit/chroma_core/), Python and pyright import that one.
	nearest, found, nearestPkg := "", false, false
	atWorkspaceRoot := false
	for _, wf := range q.r.pyModuleCandidates(q.allFiles(ctx), from, module) {
		if wf.Language != treesitter.Python || !pyModuleMatches(from, module, wf.Path) {
			continue
		}
		root := pyImportRoot(module, wf.Path)
		if !underDir(root, path.Dir(from)) {
			continue
		}
		if root == "" {
			atWorkspaceRoot = true
		}
		pkg := q.pyPackageDir(ctx, root)
		if !found || nearestPkg && !pkg || pkg == nearestPkg && len(root) > len(nearest) {
			nearest, found, nearestPkg = root, true, pkg
		}
	}
	if atWorkspaceRoot {
		// pyright resolves an absolute import from its execution root (the
		// workspace's) first, and walks up from the importer only when
		// that finds nothing: a backup copy's test importing jd_parser.x,
		// with jd_parser/ at the root and in the copy, imports the root's
		nearest = ""
	}
	if q.pyNearRoots == nil {
		q.pyNearRoots = map[string]pyRoot{}
	}
	q.pyNearRoots[key] = pyRoot{dir: nearest, found: found}
	return nearest, found
}

// pyRootReachable reports whether f may import a module from root, a
// directory that does not hold f: only where root is not inside a package
// (it or its parent holding an __init__.py), or f is beside it (a
// service's tests/ beside its src/): backend/app/database/alembic/ is
// app.database.alembic, not the library alembic that backend/tests
// imports (from alembic import command).
func (q *query) pyRootReachable(ctx context.Context, f *fact.File, root string) bool {
	parent := path.Dir(root)
	if parent == "." {
		parent = ""
	}
	if q.pyPackageDir(ctx, root) || q.pyPackageDir(ctx, parent) {
		return underDir(parent, path.Dir(f.Path))
	}
	return true
}

// pySharedRoots narrows the roots an absolute module imported in f may come
// from, when no root holds f (pyNearestImportRoot found none), to those
// that hold every module of the same top-level package f imports: a
// process has one app package, so a test beside ten services, each with
// its own app/main.py, importing app.main and app.application.health
// (which only the gateway has) imports the gateway's app.main. Nil when
// that says nothing: no other such import, or no root holding them all (a
// namespace package may span roots).
func (q *query) pySharedRoots(ctx context.Context, f *fact.File, module string) map[string]bool {
	top, _, _ := strings.Cut(module, ".")
	key := f.Path + "\x00" + top
	if roots, ok := q.pyShared[key]; ok {
		return roots
	}
	var shared map[string]bool
	others := false
	for _, imp := range f.Imports {
		m := imp.Module
		if m != top && !strings.HasPrefix(m, top+".") {
			continue
		}
		if m != module {
			others = true
		}
		roots := map[string]bool{}
		for _, wf := range q.r.pyModuleCandidates(q.allFiles(ctx), f.Path, m) {
			if wf.Language == treesitter.Python && pyModuleMatches(f.Path, m, wf.Path) {
				if root := pyImportRoot(m, wf.Path); root != "" && q.pyRootReachable(ctx, f, root) {
					roots[root] = true
				}
			}
		}
		if len(roots) == 0 {
			continue // a module outside the workspace (or a name imported from a package): says nothing
		}
		if shared == nil {
			shared = roots
			continue
		}
		for r := range shared {
			if !roots[r] {
				delete(shared, r)
			}
		}
	}
	if !others || len(shared) == 0 {
		shared = nil
	}
	if q.pyShared == nil {
		q.pyShared = map[string]map[string]bool{}
	}
	q.pyShared[key] = shared
	return shared
}

// pyRoot is a cached pyNearestImportRoot.
type pyRoot struct {
	dir   string
	found bool
}

func pyModuleMatches(from, module, candidate string) bool {
	cand := stripExt(candidate)
	candPkg := strings.TrimSuffix(cand, "/__init__")
	want, relative := pyModulePath(from, module)
	if relative {
		return cand == want || candPkg == want
	}
	return cand == want || candPkg == want || strings.HasSuffix(cand, "/"+want) || strings.HasSuffix(candPkg, "/"+want)
}

// pyModulePath is the slash path a module name written in from stands for:
// the whole path from the workspace root for a relative module (relative
// true), else a tail the file's path without extension (or its package's
// directory) must end in.
func pyModulePath(from, module string) (want string, relative bool) {
	if strings.HasPrefix(module, ".") {
		dots := len(module) - len(strings.TrimLeft(module, "."))
		dir := path.Dir(from)
		for i := 1; i < dots; i++ {
			dir = path.Dir(dir)
		}
		rest := strings.ReplaceAll(strings.TrimLeft(module, "."), ".", "/")
		return path.Join(dir, rest), true
	}
	if addon, ok := strings.CutPrefix(module, "odoo.addons."); ok {
		// Odoo imports every addon directory as odoo.addons.<name>.
		return strings.ReplaceAll(addon, ".", "/"), false
	}
	return strings.ReplaceAll(module, ".", "/"), false
}

// goImportDir maps a Go import path to a workspace directory through the
// workspace's go.mod files.
func (q *query) goImportDir(ctx context.Context, importPath string) (string, bool) {
	return q.goImportDirFrom(ctx, "", importPath)
}

// goImportDirFrom is goImportDir for an import written in the workspace file
// from: where two go.mod files declare the same module path (CGO-go-echo's
// root and scheduler/ both say "module github.com"), the import is the
// importing file's own module's package, as the go command builds it; with
// no such module, the one nearest the root. Before, a map's order chose,
// and the same call resolved one way or the other from run to run.
func (q *query) goImportDirFrom(ctx context.Context, from, importPath string) (string, bool) {
	if q.modules == nil {
		q.modules = map[string]string{}
		for _, f := range q.allFiles(ctx) {
			if f.Language == fact.LanguageGoMod && f.Package != "" {
				q.modules[path.Dir(f.Path)] = f.Package
			}
		}
	}
	best, bestDir := "", ""
	for dir, mod := range q.modules {
		if importPath != mod && !strings.HasPrefix(importPath, mod+"/") {
			continue
		}
		if best == "" || len(mod) > len(best) || len(mod) == len(best) && goNearerModule(dir, bestDir, from) {
			best, bestDir = mod, dir
		}
	}
	if best == "" {
		return "", false
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(importPath, best), "/")
	return path.Clean(path.Join(bestDir, rel)), true
}

// goNearerModule reports whether the module in dir is a better home than
// the one in other for an import written in from, both declaring the same
// path: the innermost holding from, else the outermost, else by name.
func goNearerModule(dir, other, from string) bool {
	holds, otherHolds := goDirHolds(dir, from), goDirHolds(other, from)
	switch {
	case holds != otherHolds:
		return holds
	case holds:
		return len(dir) > len(other)
	case len(dir) != len(other):
		return len(dir) < len(other)
	}
	return dir < other
}

// goDirHolds reports whether the workspace-relative file p is under dir
// ("." holds every file); false for no file.
func goDirHolds(dir, p string) bool {
	return p != "" && (dir == "." || strings.HasPrefix(p, dir+"/"))
}

var builtins = map[treesitter.Language]map[string]bool{
	treesitter.Python:     setOf("print", "len", "range", "open", "isinstance", "getattr", "setattr", "hasattr", "super", "str", "int", "float", "list", "dict", "set", "tuple", "sorted", "enumerate", "zip", "map", "filter", "any", "all", "min", "max", "sum", "repr", "type", "iter", "next", "format", "abs", "round", "bool", "id", "hash", "vars", "dir", "callable", "reversed", "issubclass", "object", "bytes", "exec", "eval"),
	treesitter.JavaScript: setOf("require", "setTimeout", "setInterval", "clearTimeout", "clearInterval", "parseInt", "parseFloat", "isNaN", "Number", "String", "Boolean", "Symbol", "BigInt", "fetch", "structuredClone", "queueMicrotask", "encodeURIComponent", "decodeURIComponent", "alert"),
}

// jsBuiltinClasses are JavaScript's own classes (treesitter's list): a
// value of one has their methods, not a workspace method of the same name
// (unless the workspace declares a class so named, which resolveTypeName
// finds first).
var jsBuiltinClasses = treesitter.JSBuiltinClasses

var globalObjects = setOf("console", "Math", "JSON", "Object", "Array", "Promise", "Number", "String", "Date", "Reflect", "process", "window", "document", "globalThis", "Buffer", "Intl", "Symbol", "Map", "Set", "Error", "RegExp",
	// the browser's (window's members read bare): localStorage.clear() is Storage's
	"localStorage", "sessionStorage", "navigator", "location", "history", "performance",
	// Python standard modules used without import tracking are still imported; builtins:
	"str", "dict", "list")

func isBuiltin(lang treesitter.Language, name string) bool {
	if family(lang) == "js" {
		return builtins[treesitter.JavaScript][name]
	}
	return builtins[lang][name]
}

func isGlobalObject(lang treesitter.Language, name string) bool {
	switch family(lang) {
	case "js":
		return globalObjects[name]
	case string(treesitter.Java):
		return name == "System" || name == "String" || name == "Math" || name == "Objects" || name == "Arrays" || name == "Collections" || name == "List" || name == "Map" || name == "Optional"
	case string(treesitter.Python):
		// object.__setattr__(self, name, value), dict.__setitem__(self, k, v):
		// a builtin class, when nothing in the file or workspace binds the
		// name first (evalName asks locals, imports and classes before this).
		return pyBuiltinClasses[name]
	}
	return false
}

// pyBuiltinClasses are the builtin classes a Python method body calls
// through by name; pyright defines such calls in builtins.pyi.
var pyBuiltinClasses = setOf("object", "type", "str", "bytes", "bytearray", "int", "float", "complex", "bool",
	"dict", "list", "set", "frozenset", "tuple", "BaseException", "Exception")

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// callsNamed loads call sites by callee name once per query.
func (q *query) callsNamed(ctx context.Context, name string) ([]fact.Call, error) {
	if q.callsByName == nil {
		q.callsByName = map[string][]fact.Call{}
	}
	if cs, ok := q.callsByName[name]; ok {
		return cs, nil
	}
	cs, err := q.store.CallsByCallee(ctx, name)
	if err != nil {
		return nil, err
	}
	q.callsByName[name] = cs
	return cs, nil
}

// edgeSet collects edges by symbol, keeping the strongest resolution when
// one symbol is linked several ways.
type edgeSet map[string]*fact.Edge

var resolutionRank = map[fact.Resolution]int{fact.ResolvedAST: 4, fact.ResolvedEvent: 3, fact.ResolvedRegistration: 2, fact.ResolvedName: 1}

// link returns caller's edge, made with res and via if it is new (fresh).
// A site resolved precisely makes an existing edge precise, with the
// site's via: a direct call ("") outranks one dispatched through another
// method, and either outranks what a name match or registration said.
func (s edgeSet) link(caller fact.Symbol, res fact.Resolution, via string) (e *fact.Edge, fresh bool) {
	if e = s[caller.ID]; e == nil {
		e = &fact.Edge{Symbol: caller, Resolution: res, Via: via}
		s[caller.ID] = e
		return e, true
	}
	if key, apart := s.nameMatchesApart(caller, res); apart {
		if e = s[key]; e == nil {
			e = &fact.Edge{Symbol: caller, Resolution: res, Via: via}
			s[key] = e
			return e, true
		}
		return e, false
	}
	if res == fact.ResolvedAST {
		if e.Resolution != fact.ResolvedAST {
			e.Resolution, e.Via = fact.ResolvedAST, via
		} else if via == "" {
			e.Via = ""
		}
	}
	return e, false
}

func (s edgeSet) add(sym fact.Symbol, site fact.Call, res fact.Resolution, via, event string) {
	e := s[sym.ID]
	if key, apart := s.nameMatchesApart(sym, res); apart && e != nil {
		if e = s[key]; e == nil {
			e = &fact.Edge{Symbol: sym, Resolution: res, Via: via, Event: event}
			s[key] = e
		}
		if !slices.Contains(e.Sites, site.Span) {
			e.Sites = append(e.Sites, site.Span)
		}
		return
	}
	if e == nil {
		e = &fact.Edge{Symbol: sym, Resolution: res, Via: via, Event: event}
		s[sym.ID] = e
	} else if e.Ref != "" && res == fact.ResolvedRegistration {
		registrationWins(e, via, site.Span)
	} else if resolutionRank[res] > resolutionRank[e.Resolution] {
		e.Resolution, e.Via, e.Event = res, via, event
	} else if res == fact.ResolvedRegistration && e.Resolution != res && via != "" && e.AlsoRegistered == "" && !slices.Contains(e.Sites, site.Span) {
		// calculateTimeLeft(); setInterval(calculateTimeLeft, 1000): the
		// caller's item is the direct call's, and also holds the
		// registration, which its detail names.
		e.AlsoRegistered = via
	}
	for _, sp := range e.Sites {
		if sp == site.Span {
			return
		}
	}
	e.Sites = append(e.Sites, site.Span)
}

// nameMatchSuffix keys a caller's name-match sites apart from its precise
// ones (nameMatchesApart).
const nameMatchSuffix = "\x00name match"

// nameMatchesApart decides where a site of caller resolved with res goes
// when the caller already has an edge: a name match beside precise sites,
// or a precise site beside name matches, is kept in an edge of its own
// (key), so that one caller gives two items, the precise one and a flagged
// one. Merged, the name matches were shown as precise calls: a test file's
// module scope reads roundReadyStateModule.setReady (a reference tsserver
// lists) and calls a let of that name in another callback (which tsserver
// types any), and both sites were one precise item. When a precise site
// comes second, the name matches found so far move to their own key.
func (s edgeSet) nameMatchesApart(caller fact.Symbol, res fact.Resolution) (key string, apart bool) {
	e := s[caller.ID]
	if e == nil {
		return "", false
	}
	key = caller.ID + nameMatchSuffix
	switch {
	case res == fact.ResolvedName && e.Resolution == fact.ResolvedAST:
		return key, true
	case res == fact.ResolvedAST && e.Resolution == fact.ResolvedName:
		if held := s[key]; held != nil {
			held.Sites = append(held.Sites, e.Sites...)
		} else {
			s[key] = e
		}
		delete(s, caller.ID) // the caller's precise edge is made afresh
		return caller.ID, true
	}
	return "", false
}

func lastSegmentOf(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// stringLiteralReceiver reports whether a Python receiver starts with a
// string literal ("{} chars".format(n), f"{a}".strip(), 'a,b'.split(',')[0]):
// the literal is a str, and everything its methods give is builtin
// (strings, lists of strings, numbers), never a workspace object.
func stringLiteralReceiver(lang treesitter.Language, recv string) bool {
	if lang != treesitter.Python {
		return false
	}
	i := 0
	for i < len(recv) && i < 2 && strings.ContainsRune("rRbBuUfF", rune(recv[i])) {
		i++
	}
	return i < len(recv) && (recv[i] == '"' || recv[i] == '\'')
}

// jsLazyMakers are the calls that wrap a dynamically imported component:
// React's lazy and Next.js's dynamic.
var jsLazyMakers = map[string]bool{"lazy": true, "React.lazy": true, "dynamic": true}

// jsLazyComponent reports whether l, a local, holds a component made by
// one of jsLazyMakers.
func jsLazyComponent(l *fact.Local) bool {
	if l == nil {
		return false
	}
	_, _, typ, _ := treesitter.CutScope(l.Type)
	made, ok := strings.CutPrefix(typ, treesitter.CallTypePrefix)
	return ok && jsLazyMakers[made]
}

// augmentsModule is the package whose interface the TypeScript interface
// sym augments (declared inside declare module "pkg" { ... }), or "".
func augmentsModule(sym fact.Symbol) string {
	for _, d := range sym.Decorators {
		if d.Name == treesitter.AugmentsModuleDecorator && len(d.Args) == 1 {
			return d.Args[0]
		}
	}
	return ""
}

// augmentationOf is, among types (the workspace's types of one name), the
// interface that augments module's interface of that name, for a file at
// from: the one in the directory nearest from (a repository of several
// services augments Fastify once in each); nil when none does. Its members
// are the augmentation's; any other member is the package's own.
func augmentationOf(types []fact.Symbol, module, from string) *fact.Symbol {
	var best *fact.Symbol
	bestShared := -1
	for i := range types {
		if augmentsModule(types[i]) != module {
			continue
		}
		if shared := sharedDirs(types[i].Path, from); shared > bestShared {
			best, bestShared = &types[i], shared
		}
	}
	return best
}

// sharedDirs counts the leading directories two workspace paths share.
func sharedDirs(a, b string) int {
	da, db := strings.Split(path.Dir(a), "/"), strings.Split(path.Dir(b), "/")
	n := 0
	for n < len(da) && n < len(db) && da[n] == db[n] {
		n++
	}
	return n
}

// classAroundField is the innermost class of the file f (JavaScript,
// TypeScript or Java) whose declaration holds the byte offset pos, when no
// method or function of it does (a class field's initializer); nil for none.
func (q *query) classAroundField(ctx context.Context, f *fact.File, pos uint32) (*fact.Symbol, error) {
	classes, inFunction, err := q.classesAround(ctx, f, pos)
	if err != nil || inFunction || len(classes) == 0 {
		return nil, err // inside a function: its own this, not the class's
	}
	return &classes[0], nil
}

// classesAround is every class or interface of the file f whose
// declaration holds the byte offset pos, innermost first, and whether a
// function or method there holds it too.
func (q *query) classesAround(ctx context.Context, f *fact.File, pos uint32) ([]fact.Symbol, bool, error) {
	syms, err := q.store.SymbolsInFile(ctx, f.Path)
	if err != nil {
		return nil, false, err
	}
	var classes []fact.Symbol
	inFunction := false
	for _, s := range syms {
		if s.Span.StartByte > pos || pos >= s.Span.EndByte {
			continue
		}
		inFunction = inFunction || isCallable(s)
		if isType(s) {
			classes = append(classes, s)
		}
	}
	slices.SortFunc(classes, func(a, b fact.Symbol) int { return cmp.Compare(b.Span.StartByte, a.Span.StartByte) })
	return classes, inFunction, nil
}

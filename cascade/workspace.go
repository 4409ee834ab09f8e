package cascade

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/graph/resolve"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/grep"
	"github.com/callcascade/callcascade/cascade/keyword"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

// Workspace is one workspace root with its store, indexer and engine.
type Workspace struct {
	Root    string
	Store   graph.Store // the local (embedded) store the indexer writes
	Indexer *index.Indexer
	Engine  *Engine
	Walk    files.WalkOptions

	resolver *resolve.Resolver
	searcher *grep.Searcher

	refreshMu    sync.Mutex
	refreshTimer *time.Timer
	warmTimer    *time.Timer // a WarmResolver pending after writes
	refreshCtx   context.Context
	stopRefresh  context.CancelFunc
	refreshing   sync.WaitGroup
	closed       bool
}

// Options configure a workspace.
type Options struct {
	Walk    files.WalkOptions
	Engine  Config
	Logger  *slog.Logger
	Workers int
	// Shared are graph backends tried before the local store (a team's
	// Neo4j); each is behind its own breaker.
	Shared []GraphBackend
	// Breakers and Metrics are shared by every workspace of a process; nil
	// makes private ones.
	Breakers *Breakers
	Metrics  *Metrics
	// Buffers returns the editor's unsaved buffers under root, by
	// workspace-relative path (the grep stage reads them instead of disk).
	Buffers func() map[string][]byte
	// NoGrep and NoKeyword leave those stages out (tests of one stage).
	NoGrep, NoKeyword bool
	// OneShot is for a command that indexes, answers at most once and
	// exits (callcascade index, callers): the resolver is not warmed in
	// the background after index writes. That warm-up, for the requests a
	// server will get, ran beside the command's own work and was thrown
	// away: on creme_crm it started mid-index (a second without writes,
	// parsing a 1.8 MB file) and took `index` from 280 MB to 600 MB.
	OneShot bool
}

// BackendEmbedded names the local store's breaker.
const BackendEmbedded = "embedded"

// NewWorkspace wires a store to an indexer and an engine for root.
func NewWorkspace(root string, store graph.Store, opts Options) *Workspace {
	root = filepath.Clean(root)
	resolver := &resolve.Resolver{Store: store, Root: root, Yield: YieldToRequests}
	if s, ok := store.(interface{ SetYield(func(context.Context)) }); ok {
		s.SetYield(YieldToRequests) // its full-text build, in the background
	}
	breakers := opts.Breakers
	if breakers == nil {
		breakers = &Breakers{Config: opts.Engine.Breaker, Logger: opts.Logger}
	}
	w := &Workspace{
		Root:     root,
		Store:    store,
		Walk:     opts.Walk,
		Indexer:  &index.Indexer{Root: root, Store: store, Walk: opts.Walk, Logger: opts.Logger, Workers: opts.Workers},
		resolver: resolver,
	}
	w.Indexer.Changed = func() {
		resolver.Invalidate()
		if !opts.OneShot {
			w.warmSoon()
		}
	}
	graphs := append([]GraphBackend(nil), opts.Shared...)
	graphs = append(graphs, GraphBackend{Name: BackendEmbedded, Store: store, Resolver: resolver})
	w.Engine = &Engine{Root: root, Graphs: graphs, Config: opts.Engine, Breakers: breakers, Metrics: opts.Metrics, Logger: opts.Logger,
		Context: w.targetContext, Index: w.Indexer}
	if !opts.NoKeyword {
		w.Engine.Search = NewKeywordStore(store, root, opts.Buffers)
	}
	if !opts.NoGrep {
		w.searcher = &grep.Searcher{Yield: YieldToRequests}
		w.Engine.Grep = grep.NewWorkspaceSearcher(root, opts.Walk, opts.Buffers, w.searcher)
	}
	w.refreshCtx, w.stopRefresh = context.WithCancel(context.Background())
	return w
}

// Warm starts the grep stage's walk of the workspace in the background, so
// the first fallback does not pay for it.
func (w *Workspace) Warm() {
	if w.searcher != nil {
		w.searcher.Warm(w.Root, w.Walk)
	}
}

// refreshDelay gathers a burst of file events (a branch switch, a build)
// into one incremental index pass.
const refreshDelay = 300 * time.Millisecond

// FilesChanged says files under the root were created, changed or deleted
// outside the editor: the grep stage's file list is dropped (unless it is
// watched, and has seen the changes) and an incremental index pass
// (content hashes: only what changed is parsed, and .gitignore and the size
// limit apply as always) runs shortly after.
func (w *Workspace) FilesChanged() {
	if w.searcher != nil {
		w.searcher.Invalidate(w.Root)
	}
	w.afterQuiet(&w.refreshTimer, refreshDelay, func() {
		if _, err := w.Indexer.IndexAll(w.refreshCtx, nil); err != nil && w.Indexer.Logger != nil && w.refreshCtx.Err() == nil {
			w.Indexer.Logger.Warn("re-index after file changes failed", "root", w.Root, "error", err)
		}
	})
}

// afterQuiet runs fn once delay has passed without another call for the
// same timer, as background work that Close waits for.
func (w *Workspace) afterQuiet(timer **time.Timer, delay time.Duration, fn func()) {
	w.refreshMu.Lock()
	defer w.refreshMu.Unlock()
	if w.closed {
		return
	}
	if *timer != nil && (*timer).Stop() {
		w.refreshing.Done() // the run it would have made
	}
	w.refreshing.Add(1)
	*timer = time.AfterFunc(delay, func() {
		defer w.refreshing.Done()
		fn()
	})
}

// WarmResolver loads what the graph stage keeps between requests, after an
// index pass wrote (see resolve.Resolver.Warm); failures are only logged, as
// the first request loads what is missing anyway.
func (w *Workspace) WarmResolver(ctx context.Context) {
	start := time.Now()
	err := w.resolver.Warm(ctx)
	if w.Indexer.Logger == nil || ctx.Err() != nil {
		return
	}
	if errors.Is(err, context.Canceled) {
		return // a later warm-up took over (resolve.Resolver.Warm)
	}
	if err != nil {
		w.Indexer.Logger.Debug("warming the resolver failed", "root", w.Root, "error", err)
		return
	}
	// When the common names' callers became ready (unless an edit moved the
	// store on meanwhile): a request before it resolves their sites itself,
	// and may run out of time (issue 14).
	w.Indexer.Logger.Info("resolver warm-up ended", "root", w.Root, "duration", time.Since(start).Round(time.Millisecond))
}

// GrepState reports the grep stage's kept file list, false when there is
// no grep stage or no list yet.
func (w *Workspace) GrepState() (grep.ListState, bool) {
	if w.searcher == nil {
		return grep.ListState{}, false
	}
	return w.searcher.State(w.Root)
}

// warmDelay gathers the writes of an index pass, or of a burst of edits,
// into one WarmResolver after them.
const warmDelay = time.Second

// warmSoon warms the resolver once writes have paused: after an edit, the
// resolver has dropped its file list and registrations, and the first
// request would rebuild them (30-130 ms on a large repository).
//
// Not while the first index pass runs: a pause in its writes (a second
// spent parsing one large file) would warm over a store the next write
// makes stale, at the cost of the pass's CPU and of memory (creme_crm's
// first index went from 280 to 600 MB). It waits for the pass to end.
func (w *Workspace) warmSoon() {
	w.afterQuiet(&w.warmTimer, warmDelay, func() {
		if w.Indexer.Progress().Running {
			w.warmSoon()
			return
		}
		w.WarmResolver(w.refreshCtx)
	})
}

// Close stops the workspace's background work (a grep walk finishing for
// the next search, a pending re-index) and waits for it. The store is
// closed by whoever opened it.
func (w *Workspace) Close() {
	w.refreshMu.Lock()
	w.closed = true
	if w.refreshTimer != nil && w.refreshTimer.Stop() {
		w.refreshing.Done()
	}
	if w.warmTimer != nil && w.warmTimer.Stop() {
		w.refreshing.Done()
	}
	w.refreshMu.Unlock()
	w.stopRefresh()
	w.refreshing.Wait()
	if w.searcher != nil {
		w.searcher.Close()
	}
}

// targetContext tells the report what the graph cannot: whether the
// target's file is too big to index or search.
func (w *Workspace) targetContext(ctx context.Context, t fact.Symbol) TargetContext {
	var tc TargetContext
	if t.Path == "" {
		return tc
	}
	// How a framework invokes it (a route, an event handler, a schedule):
	// the likeliest reason no code calls it.
	if roles, err := w.resolver.FrameworkRoles(ctx, t); err == nil {
		for _, r := range roles {
			tc.Roles = append(tc.Roles, r.Hint())
			tc.Events = append(tc.Events, r.Events...)
			if r.Unresolved != "" {
				tc.ComputedKeys = append(tc.ComputedKeys, r.Unresolved)
			}
		}
		tc.Entry = entryPoints(t, roles)
	}
	limit := w.Walk.MaxFileSize
	if limit <= 0 {
		limit = files.DefaultMaxFileSize
	}
	if fi, err := os.Stat(filepath.Join(w.Root, filepath.FromSlash(t.Path))); err == nil && fi.Size() > limit {
		tc.Oversized = true
	}
	return tc
}

// Resolver is the local store's resolver.
func (w *Workspace) Resolver() *resolve.Resolver { return w.resolver }

// TargetAt finds the symbol a position in a file refers to: the declaration
// whose name is under the cursor, or else what the call under the cursor
// resolves to. content is the file's current text (an editor buffer may be
// newer than the disk); it is indexed first if it changed.
func (w *Workspace) TargetAt(ctx context.Context, rel string, content []byte, offset uint32) (fact.Symbol, error) {
	// Indexed now from content, ahead of a first index that has not
	// reached it yet: the cursor's file is what the request needs.
	if err := w.Indexer.IndexAhead(ctx, rel, content); err != nil {
		return fact.Symbol{}, wrap("index "+rel, err)
	}
	syms, err := w.Store.SymbolsInFile(ctx, rel)
	if err != nil {
		return fact.Symbol{}, wrap("symbols of "+rel, err)
	}
	var best *fact.Symbol
	for i := range syms {
		s := &syms[i]
		if s.Selection.Contains(offset) && (best == nil || s.Selection.EndByte-s.Selection.StartByte < best.Selection.EndByte-best.Selection.StartByte) {
			best = s
		}
	}
	if best != nil {
		return *best, nil
	}
	// Not on a declaration: on a call?
	lang, ok := treesitter.LanguageForPath(rel)
	if !ok {
		return fact.Symbol{}, ErrNoSymbol
	}
	facts, err := treesitter.Extract(ctx, lang, content)
	if err != nil {
		return fact.Symbol{}, wrap("parse "+rel, err)
	}
	ff := fact.BuildFileFacts(rel, content, facts)
	for _, c := range ff.Calls {
		if !c.Span.Contains(offset) {
			continue
		}
		targets, _, err := w.resolver.ResolveCall(ctx, c)
		if err != nil {
			return fact.Symbol{}, wrap("resolve call", err)
		}
		if len(targets) > 0 {
			sort.Slice(targets, func(i, j int) bool { return fact.SymbolLess(targets[i], targets[j]) })
			return targets[0], nil
		}
	}
	return fact.Symbol{}, ErrNoSymbol
}

// TargetsByName finds symbols by "name", "Container.name" or a symbol ID.
func (w *Workspace) TargetsByName(ctx context.Context, name string) ([]fact.Symbol, error) {
	if strings.Contains(name, "#") {
		s, err := w.Store.Symbol(ctx, name)
		if errors.Is(err, graph.ErrNotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, wrap("symbol "+name, err)
		}
		return []fact.Symbol{s}, nil
	}
	container, short := "", name
	if i := strings.LastIndex(name, "."); i >= 0 {
		container, short = name[:i], name[i+1:]
	}
	syms, err := w.Store.SymbolsByName(ctx, short)
	if err != nil {
		return nil, wrap("symbols named "+short, err)
	}
	var out []fact.Symbol
	for _, s := range syms {
		if container == "" || s.Container == container || strings.HasSuffix(strings.TrimPrefix(s.ID, s.Path+"#"), name) {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return fact.SymbolLess(out[i], out[j]) })
	return out, nil
}

// What front ends ask of a workspace beyond the engine's answers: the
// index's reads and writes they need, so that they never hold its parts.

// IndexStats is what one index pass did.
type IndexStats = index.IndexStats

// ProgressFunc receives an index pass's progress: files done of total.
type ProgressFunc = index.ProgressFunc

// SearchHit is one full-text match of the keyword index.
type SearchHit = fact.SearchHit

// ErrNoGrep: the workspace was made without the grep stage.
var ErrNoGrep = errors.New("cascade: the grep stage is not available")

// Symbol is the indexed symbol with this id (ErrNotFound when none).
func (w *Workspace) Symbol(ctx context.Context, id string) (Symbol, error) {
	return w.Store.Symbol(ctx, id)
}

// FrameworkSummaries says, one per role, how frameworks invoke s ("NestJS
// route GET /reports/:id", "handles event 'report.created'"); none when
// no catalog entry applies.
func (w *Workspace) FrameworkSummaries(ctx context.Context, s Symbol) ([]string, error) {
	roles, err := w.resolver.FrameworkRoles(ctx, s)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(roles))
	for _, r := range roles {
		out = append(out, r.Summary)
	}
	return out, nil
}

// Backends names the graph backends the engine asks, in order.
func (w *Workspace) Backends() []string {
	out := make([]string, 0, len(w.Engine.Graphs))
	for _, g := range w.Engine.Graphs {
		out = append(out, g.Name)
	}
	return out
}

// IndexedFiles is how many files the index holds.
func (w *Workspace) IndexedFiles(ctx context.Context) (int, error) {
	files, err := w.Store.Files(ctx)
	return len(files), err
}

// Reindex runs an incremental index pass over the whole workspace (only
// changed content is parsed).
func (w *Workspace) Reindex(ctx context.Context, progress ProgressFunc) (IndexStats, error) {
	return w.Indexer.IndexAll(ctx, progress)
}

// Rel is path relative to the root, false when it is outside it.
func (w *Workspace) Rel(path string) (string, bool) { return w.Indexer.Rel(path) }

// BufferChanged indexes an editor's buffer of rel (buffer: it is unsaved,
// and newer than the disk).
func (w *Workspace) BufferChanged(ctx context.Context, rel string, text []byte, buffer bool) error {
	w.Indexer.SetBuffer(rel, buffer)
	return w.Indexer.IndexContent(ctx, rel, text)
}

// BufferClosed forgets an editor's buffer of rel and indexes the file as
// it is on disk.
func (w *Workspace) BufferClosed(ctx context.Context, rel string) error {
	w.Indexer.SetBuffer(rel, false)
	return w.Indexer.Reload(ctx, rel)
}

// GrepSites finds the code sites of a name in the live workspace, up to
// limit (ErrNoGrep without a grep stage).
func (w *Workspace) GrepSites(ctx context.Context, name string, limit int) (GrepResult, error) {
	if w.Engine.Grep == nil {
		return GrepResult{}, ErrNoGrep
	}
	if all, ok := w.Engine.Grep.(interface {
		AllSites(ctx context.Context, name string, limit int) (GrepResult, error)
	}); ok {
		return all.AllSites(ctx, name, limit)
	}
	return w.Engine.Grep.SearchCallers(ctx, Symbol{Name: name}, limit, stage.Settled{})
}

// SearchText ranks the index's symbols and string literals against text.
func (w *Workspace) SearchText(ctx context.Context, text string, limit int) ([]SearchHit, error) {
	return w.Store.Search(ctx, text, limit)
}

// NewKeywordStore is the keyword stage's store for a workspace: store, and
// the files under root (buffers, when given, in their place).
func NewKeywordStore(store graph.Store, root string, buffers func() map[string][]byte) keyword.Store {
	return keywordStore{Store: store, root: root, buffers: buffers}
}

// keywordStore is the keyword stage's store: the graph store, and the
// workspace's files (an open buffer first) for the source of the function
// that holds a literal, where a dispatch by computed name may be.
type keywordStore struct {
	graph.Store
	root    string
	buffers func() map[string][]byte
}

// maxSourceSize bounds the files the keyword stage reads for dispatches.
const maxSourceSize = 4 << 20

func (k keywordStore) Source(_ context.Context, rel string) ([]byte, error) {
	if k.buffers != nil {
		if b, ok := k.buffers()[rel]; ok {
			return b, nil
		}
	}
	p := filepath.Join(k.root, filepath.FromSlash(rel))
	if st, err := os.Stat(p); err != nil || st.Size() > maxSourceSize {
		return nil, fmt.Errorf("cascade: %s: not read for the keyword stage", rel)
	}
	return os.ReadFile(p)
}

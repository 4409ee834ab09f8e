package graph_test

// The indexing and query benchmark of docs/PERFORMANCE.md. It measures a real
// repository, so it runs only when CALLCASCADE_BENCH_REPO names one (and
// skips, saying so, otherwise):
//
//	CALLCASCADE_BENCH_REPO=/path/to/repo go test ./cascade/graph -run '^$' -bench Repo -benchtime 1x
//
// One run walks the repository once and measures, on that same file list,
// in this order: a cold index into a fresh embedded store (with its peak
// RSS and the store's size), a warm restart with nothing changed,
// incomingCalls latency over a fixed sample of symbols, the raw tree-sitter
// parse (the floor of this design) on one worker and on every CPU,
// extraction without storage, and universal-ctags (skipped when absent).
//
// Each sub-benchmark reports its figures with b.ReportMetric, so benchstat
// compares runs; the parent prints them all as one table at the end, with
// the ratios against the references. Throughput is given per wall second
// and per CPU-second (getrusage): on a machine shared with other work only
// the latter is steady. Each phase runs under a pprof label "phase", so one
// -cpuprofile splits by phase (go tool pprof -tagfocus phase=index-cold).

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/graph/resolve"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/treesitter"
)

// benchRepoEnv names the repository to measure.
const benchRepoEnv = "CALLCASCADE_BENCH_REPO"

// incomingSample is how many symbols the latency figures are taken over, and
// incomingSeed makes the sample the same on every run.
const (
	incomingSample = 500
	incomingSeed   = 20240601
)

// benchFile is one walked file, read into memory for the parse references
// (so they measure parsing, not the disk).
type benchFile struct {
	files.WalkedFile
	lang    treesitter.Language // "" for go.mod
	content []byte
}

// benchRepo is the shared state of one benchmark process: the walk, and the
// store the cold index built, which the warm restart and the latency
// figures reuse.
type benchRepo struct {
	root   string
	files  []benchFile
	bytes  int64         // all walked files
	walk   time.Duration // one files.Walk, OS cache warm
	byLang map[treesitter.Language]*langCount

	dir      string // temporary directory holding the store
	storeDir string
	store    *embedded.Store // open store, nil until indexed

	mu      sync.Mutex
	results []benchResult      // in the order measured
	nums    map[string]float64 // figures the ratios are computed from
}

type langCount struct {
	files int
	bytes int64
}

type benchResult struct {
	name, value, note string
}

var (
	repoOnce sync.Once
	repo     *benchRepo
	repoErr  error
)

// loadRepo walks the repository once per process and reads its files.
func loadRepo(b *testing.B) *benchRepo {
	b.Helper()
	root := os.Getenv(benchRepoEnv)
	if root == "" {
		b.Skipf("set %s to the root of a repository to measure (see docs/PERFORMANCE.md)", benchRepoEnv)
	}
	repoOnce.Do(func() {
		abs, err := filepath.Abs(root)
		if err != nil {
			repoErr = err
			return
		}
		r := &benchRepo{root: abs, byLang: map[treesitter.Language]*langCount{}}
		start := time.Now()
		pprof.Do(context.Background(), pprof.Labels("phase", "walk"), func(ctx context.Context) {
			_, err = files.Walk(ctx, abs, files.WalkOptions{}, func(f files.WalkedFile) error {
				lang, _ := treesitter.LanguageForPath(f.Rel)
				r.files = append(r.files, benchFile{WalkedFile: f, lang: lang})
				return nil
			})
		})
		r.walk = time.Since(start)
		if err != nil {
			repoErr = err
			return
		}
		for i := range r.files {
			f := &r.files[i]
			r.bytes += f.Size
			lc := r.byLang[f.lang]
			if lc == nil {
				lc = &langCount{}
				r.byLang[f.lang] = lc
			}
			lc.files++
			lc.bytes += f.Size
		}
		repo = r
	})
	if repoErr != nil {
		b.Fatalf("walk %s: %v", root, repoErr)
	}
	return repo
}

// contents reads every file once, after the cold index so that the index's
// peak RSS does not include them.
func (r *benchRepo) contents(b *testing.B) {
	b.Helper()
	for i := range r.files {
		f := &r.files[i]
		if f.content != nil {
			continue
		}
		c, err := os.ReadFile(f.Path)
		if err != nil {
			b.Fatal(err)
		}
		f.content = c
	}
}

func (r *benchRepo) record(name, value, note string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range r.results {
		if r.results[i].name == name { // -count > 1: keep the latest
			r.results[i] = benchResult{name, value, note}
			return
		}
	}
	r.results = append(r.results, benchResult{name, value, note})
}

func (r *benchRepo) setNum(name string, v float64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.nums == nil {
		r.nums = map[string]float64{}
	}
	r.nums[name] = v
}

// BenchmarkRepo measures everything docs/PERFORMANCE.md reports. Its
// sub-benchmarks run in the order below; each builds what it needs if run
// alone (-bench Repo/incoming indexes first, untimed).
func BenchmarkRepo(b *testing.B) {
	r := loadRepo(b)
	dir, err := os.MkdirTemp("", "callcascade-bench-")
	if err != nil {
		b.Fatal(err)
	}
	r.dir, r.storeDir = dir, filepath.Join(dir, "store")
	b.Cleanup(func() {
		if r.store != nil {
			r.store.Close()
			r.store = nil
		}
		os.RemoveAll(dir)
	})
	mbps := func(bytes int64, d time.Duration) float64 { return float64(bytes) / 1e6 / d.Seconds() }
	fps := func(files int, d time.Duration) float64 { return float64(files) / d.Seconds() }
	cpus := runtime.NumCPU()

	// Each phase runs under a pprof label, so one -cpuprofile of the whole
	// run splits by phase: go tool pprof -tagfocus phase=index-cold -top.
	run := func(name string, f func(b *testing.B)) {
		b.Run(name, func(b *testing.B) {
			pprof.Do(context.Background(), pprof.Labels("phase", name), func(context.Context) { f(b) })
		})
	}
	run("index-cold", func(b *testing.B) { r.benchColdIndex(b, mbps, fps, cpus) })
	run("search-build", func(b *testing.B) { r.benchSearchBuild(b) })
	run("index-warm", func(b *testing.B) { r.benchWarmRestart(b) })
	run("incoming", func(b *testing.B) { r.benchIncoming(b) })
	run("first-asks", func(b *testing.B) { r.benchFirstAsks(b) })
	run("parse-w1", func(b *testing.B) { r.benchParse(b, 1, false, mbps, fps) })
	run(fmt.Sprintf("parse-w%d", cpus), func(b *testing.B) { r.benchParse(b, cpus, false, mbps, fps) })
	run(fmt.Sprintf("extract-w%d", cpus), func(b *testing.B) { r.benchParse(b, cpus, true, mbps, fps) })
	run("ctags", func(b *testing.B) { r.benchCtags(b, mbps, fps) })

	r.printTable(cpus)
}

// openStore opens (or creates) the benchmark's store.
func (r *benchRepo) openStore(b *testing.B) *embedded.Store {
	b.Helper()
	s, err := embedded.Open(filepath.Join(r.storeDir, "graph.db"), embedded.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

func (r *benchRepo) closeStore(b *testing.B) {
	b.Helper()
	if r.store != nil {
		if err := r.store.Close(); err != nil {
			b.Fatal(err)
		}
		r.store = nil
	}
}

// timedStore clocks the store calls IndexAll makes, to tell the cost of
// writing from the cost of parsing.
type timedStore struct {
	graph.Store
	replace, files time.Duration // wall time inside ReplaceFiles, Files
	batches        int
}

// ReplaceFiles is called from IndexAll's one collecting goroutine only.
func (s *timedStore) ReplaceFiles(ctx context.Context, batch []fact.FileFacts) error {
	start := time.Now()
	err := s.Store.ReplaceFiles(ctx, batch)
	s.replace += time.Since(start)
	s.batches++
	return err
}

func (s *timedStore) Files(ctx context.Context) ([]fact.File, error) {
	start := time.Now()
	files, err := s.Store.Files(ctx)
	s.files += time.Since(start)
	return files, err
}

// FilesUnordered is what IndexAll lists an embedded store's files with.
func (s *timedStore) FilesUnordered(ctx context.Context) ([]fact.File, error) {
	start := time.Now()
	files, err := s.Store.(*embedded.Store).FilesUnordered(ctx)
	s.files += time.Since(start)
	return files, err
}

// coldIndex indexes the repository into a fresh store and leaves it open.
func (r *benchRepo) coldIndex(b *testing.B) (index.IndexStats, time.Duration, *timedStore) {
	b.Helper()
	r.closeStore(b)
	if err := os.RemoveAll(r.storeDir); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	r.store = r.openStore(b)
	ts := &timedStore{Store: r.store}
	ix := &index.Indexer{Root: r.root, Store: ts}
	stats, err := ix.IndexAll(context.Background(), nil)
	d := time.Since(start)
	if err != nil {
		b.Fatal(err)
	}
	return stats, d, ts
}

func (r *benchRepo) ensureIndexed(b *testing.B) {
	b.Helper()
	if r.store == nil {
		if _, err := os.Stat(filepath.Join(r.storeDir, "graph.db")); err == nil {
			r.store = r.openStore(b)
			return
		}
		b.StopTimer()
		r.coldIndex(b)
		b.StartTimer()
	}
}

func (r *benchRepo) benchColdIndex(b *testing.B, mbps func(int64, time.Duration) float64, fps func(int, time.Duration) float64, cpus int) {
	var rssBefore = maxRSS()
	var total, writes time.Duration
	var stats index.IndexStats
	var ts *timedStore
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		var d time.Duration
		stats, d, ts = r.coldIndex(b)
		total += d
		writes += ts.replace
	}
	writes /= time.Duration(b.N)
	cpu := (cpuTime() - cpu0) / time.Duration(b.N)
	d := total / time.Duration(b.N)
	b.StopTimer()
	rss := maxRSS()
	r.closeStore(b) // checkpoints the WAL, so the size is the store's own
	size := dirSize(r.storeDir)
	r.store = r.openStore(b)

	if stats.Parsed+stats.Failed != len(r.files) {
		b.Logf("cold index parsed %d and failed %d of %d walked files", stats.Parsed, stats.Failed, len(r.files))
	}
	b.ReportMetric(d.Seconds(), "s")
	b.ReportMetric(fps(stats.Files, d), "files/s")
	b.ReportMetric(mbps(r.bytes, d), "MB/s")
	b.ReportMetric(float64(rss)/1024, "peak-RSS-MB")
	b.ReportMetric(float64(size)/1e6, "store-MB")
	b.ReportMetric(float64(stats.Symbols), "symbols")
	b.ReportMetric(float64(stats.Calls), "calls")
	b.ReportMetric(cpu.Seconds(), "cpu-s")
	b.ReportMetric(mbps(r.bytes, cpu), "MB/cpu-s")
	b.ReportMetric(writes.Seconds(), "write-s")
	r.record("cold index", fmt.Sprintf("%.2f s, %.0f files/s, %.2f MB/s; %.2f CPU-s, %.2f MB/CPU-s", d.Seconds(), fps(stats.Files, d), mbps(r.bytes, d), cpu.Seconds(), mbps(r.bytes, cpu)),
		fmt.Sprintf("fresh store, %d workers, %.0f%% of %d CPUs busy; %d parsed, %d failed; %d symbols, %d calls",
			cpus, 100*cpu.Seconds()/d.Seconds()/float64(cpus), cpus, stats.Parsed, stats.Failed, stats.Symbols, stats.Calls))
	r.record("  of which store writes", fmt.Sprintf("%.2f s (%.0f%% of the cold index)", writes.Seconds(), 100*writes.Seconds()/d.Seconds()),
		fmt.Sprintf("wall time inside Store.ReplaceFiles, %d batches, on IndexAll's collecting goroutine", ts.batches))
	r.setNum("cold index MB/s", mbps(r.bytes, d))
	r.setNum("cold index MB/CPU-s", mbps(r.bytes, cpu))
	r.record("peak RSS", fmt.Sprintf("%.0f MB", float64(rss)/1024),
		fmt.Sprintf("getrusage max RSS of the process after walk + cold index (%.0f MB before the index)", float64(rssBefore)/1024))
	r.record("store size", fmt.Sprintf("%.1f MB", float64(size)/1e6), "graph.db after close (WAL checkpointed)")
}

// benchSearchBuild builds the full-text index that the cold index leaves
// to be built after the first answers (in the background once the
// resolver warms up, or on the keyword stage's first use): its cost, apart
// from the cold index's.
func (r *benchRepo) benchSearchBuild(b *testing.B) {
	r.ensureIndexed(b)
	cpu0 := cpuTime()
	start := time.Now()
	if err := r.store.BuildSearch(context.Background()); err != nil {
		b.Fatal(err)
	}
	d, cpu := time.Since(start), cpuTime()-cpu0
	b.StopTimer()
	b.ReportMetric(d.Seconds(), "s")
	b.ReportMetric(cpu.Seconds(), "cpu-s")
	r.record("full-text index", fmt.Sprintf("%.2f s; %.2f CPU-s; peak RSS %d MB after", d.Seconds(), cpu.Seconds(), maxRSS()>>10),
		"Store.BuildSearch after the cold index: the FTS5 rows, which the cold index leaves to after the first answers (not in the cold index's figures)")
}

// warmRestarts is how many restarts one warm-restart measurement takes the
// median of: on a machine shared with other work a single one is noise.
const warmRestarts = 5

func (r *benchRepo) benchWarmRestart(b *testing.B) {
	r.ensureIndexed(b)
	type restart struct{ open, index, listing, cpu time.Duration }
	var runs []restart
	var stats index.IndexStats
	for i := 0; i < b.N; i++ {
		for range warmRestarts {
			b.StopTimer()
			r.closeStore(b)
			b.StartTimer()
			cpu0 := cpuTime()
			start := time.Now()
			r.store = r.openStore(b)
			opened := time.Now()
			ts := &timedStore{Store: r.store}
			ix := &index.Indexer{Root: r.root, Store: ts}
			var err error
			stats, err = ix.IndexAll(context.Background(), nil)
			if err != nil {
				b.Fatal(err)
			}
			runs = append(runs, restart{open: opened.Sub(start), index: time.Since(opened), listing: ts.files, cpu: cpuTime() - cpu0})
		}
	}
	b.StopTimer()
	if stats.Parsed != 0 || stats.Deleted != 0 {
		b.Errorf("warm restart parsed %d and deleted %d files; want nothing changed", stats.Parsed, stats.Deleted)
	}
	slices.SortFunc(runs, func(a, b restart) int { return cmp.Compare(a.open+a.index, b.open+b.index) })
	med, best := runs[len(runs)/2], runs[0]
	cpus := make([]time.Duration, len(runs))
	for i, run := range runs {
		cpus[i] = run.cpu
	}
	slices.Sort(cpus)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }
	b.ReportMetric(ms(med.open+med.index), "ms")
	b.ReportMetric(ms(best.open+best.index), "best-ms")
	b.ReportMetric(ms(cpus[len(cpus)/2]), "cpu-ms")
	b.ReportMetric(ms(med.open), "open-ms")
	b.ReportMetric(ms(med.index), "indexall-ms")
	r.record("warm restart", fmt.Sprintf("%.0f ms (best %.0f ms; %.0f CPU-ms)", ms(med.open+med.index), ms(best.open+best.index), ms(cpus[len(cpus)/2])),
		fmt.Sprintf("median of %d: embedded.Open %.0f ms + IndexAll %.0f ms (the store's file list %.0f ms, read while the walk runs; %d unchanged); OS cache warm; files.Walk alone took %.0f ms at start",
			len(runs), ms(med.open), ms(med.index), ms(med.listing), stats.Unchanged, ms(r.walk)))
}

// sampleSymbols picks up to n functions and methods from the store with a
// fixed seed: the same symbols on every run over the same store.
func (r *benchRepo) sampleSymbols(b *testing.B, n int) []fact.Symbol {
	b.Helper()
	ctx := context.Background()
	files, err := r.store.Files(ctx)
	if err != nil {
		b.Fatal(err)
	}
	var all []fact.Symbol
	for _, f := range files {
		syms, err := r.store.SymbolsInFile(ctx, f.Path)
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range syms {
			if s.Kind == treesitter.KindFunction || s.Kind == treesitter.KindMethod {
				all = append(all, s)
			}
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	rng := rand.New(rand.NewPCG(incomingSeed, incomingSeed))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return all[:min(n, len(all))]
}

func (r *benchRepo) benchIncoming(b *testing.B) {
	r.ensureIndexed(b)
	b.StopTimer()
	sample := r.sampleSymbols(b, incomingSample)
	if len(sample) == 0 {
		b.Skip("no functions or methods indexed")
	}
	resolver := &resolve.Resolver{Store: r.store}
	ctx := context.Background()
	// The store starts the full-text index in the background when it is
	// warmed (a second or two of CPU on medusa): finished first, so that
	// the figures time the resolver, not the machine's two cores shared
	// with that build (an incoming-only run timed both, and a larger
	// build looked like a slower resolver).
	if err := r.store.BuildSearch(ctx); err != nil {
		b.Fatal(err)
	}
	// As the server does once an index pass is done: what the resolver
	// keeps between requests is loaded before the first request.
	warmStart, warmCPU := time.Now(), cpuTime()
	if err := resolver.Warm(ctx); err != nil {
		b.Fatal(err)
	}
	if out := os.Getenv("CALLCASCADE_BENCH_HEAPPROFILE"); out != "" {
		writeHeapProfile(b, out) // what the warm-up keeps, not what the bench keeps later
	}
	warmWall, warmCPU := time.Since(warmStart), cpuTime()-warmCPU
	warmNames, warmSites := resolver.WarmedSites()
	r.record("resolver warm-up", fmt.Sprintf("%.1f ms (%.2f CPU-s), peak RSS %d MB after; %d call sites of %d names", float64(warmWall.Microseconds())/1e3, warmCPU.Seconds(), maxRSS()>>10, warmSites, warmNames),
		"resolve.Resolver.Warm after the index: file list, module index, registering calls, framework declarations, every file and symbol loaded for the store's snapshots, the call sites of every declared name called 64 times or more; not in the figures below")
	type timed struct {
		d     time.Duration
		sym   fact.Symbol
		edges int
	}
	var lat []timed
	withCallers := 0
	b.StartTimer()
	for i := 0; i < b.N; i++ {
		lat = lat[:0]
		withCallers = 0
		for _, s := range sample {
			start := time.Now()
			edges, err := resolver.Incoming(ctx, s)
			d := time.Since(start)
			if err != nil {
				b.Fatalf("Incoming(%s): %v", s.ID, err)
			}
			if len(edges) > 0 {
				withCallers++
			}
			lat = append(lat, timed{d, s, len(edges)})
		}
	}
	b.StopTimer()
	slices.SortFunc(lat, func(x, y timed) int { return int(x.d - y.d) })
	pct := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))].d }
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }
	var sum time.Duration
	over10, over150 := 0, 0
	for _, l := range lat {
		sum += l.d
		if l.d > 10*time.Millisecond {
			over10++
		}
		if l.d > cascade.DefaultGraphTimeout {
			over150++
		}
	}
	worst := lat[len(lat)-1]
	b.ReportMetric(ms(pct(0.50)), "p50-ms")
	b.ReportMetric(ms(pct(0.95)), "p95-ms")
	b.ReportMetric(ms(pct(0.99)), "p99-ms")
	b.ReportMetric(ms(worst.d), "max-ms")
	b.ReportMetric(ms(sum/time.Duration(len(lat))), "mean-ms")
	r.record("incomingCalls p50 / p95 / p99 / max",
		fmt.Sprintf("%.2f / %.2f / %.2f / %.1f ms", ms(pct(0.50)), ms(pct(0.95)), ms(pct(0.99)), ms(worst.d)),
		fmt.Sprintf("Resolver.Incoming on %d sampled functions/methods (seed %d), %d with callers; %d over 10 ms, %d over the graph stage's %v timeout",
			len(lat), incomingSeed, withCallers, over10, over150, cascade.DefaultGraphTimeout))
	var slow []string
	for _, l := range lat[max(0, len(lat)-20):] {
		slow = append(slow, fmt.Sprintf("%s %.1f ms (%d callers)", l.sym.ID, ms(l.d), l.edges))
	}
	slices.Reverse(slow)
	r.record("slowest incomingCalls", strings.Join(slow, "; "), "")
}

// firstAsks is how many of the incoming sample benchFirstAsks asks while
// the warm-up runs.
const firstAsks = 20

// benchFirstAsks times what an editor's first requests after an index pass
// pay: the store opened afresh and a new resolver, whose warm-up starts in
// the background as the server starts it; the first firstAsks symbols of
// the incoming sample are asked at once, one after another, while it runs.
// Each ask's latency counts the warm-up's work it shares the machine with,
// as it does in the server.
func (r *benchRepo) benchFirstAsks(b *testing.B) {
	r.ensureIndexed(b)
	b.StopTimer()
	sample := r.sampleSymbols(b, incomingSample)
	sample = sample[:min(len(sample), firstAsks)]
	if len(sample) == 0 {
		b.Skip("no functions or methods indexed")
	}
	ctx := context.Background()
	var lat []time.Duration
	var warm, all time.Duration
	for i := 0; i < b.N; i++ {
		r.closeStore(b)
		r.store = r.openStore(b)
		resolver := &resolve.Resolver{Store: r.store}
		done := make(chan time.Duration, 1)
		start := time.Now()
		go func() {
			if err := resolver.Warm(ctx); err != nil {
				b.Error(err)
			}
			done <- time.Since(start)
		}()
		b.StartTimer()
		lat = lat[:0]
		for _, s := range sample {
			t := time.Now()
			if _, err := resolver.Incoming(ctx, s); err != nil {
				b.Fatalf("Incoming(%s): %v", s.ID, err)
			}
			lat = append(lat, time.Since(t))
		}
		all = time.Since(start)
		b.StopTimer()
		warm = <-done
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }
	var first, worst time.Duration
	first = lat[0]
	over := 0
	for _, d := range lat {
		worst = max(worst, d)
		if d > cascade.DefaultGraphTimeout {
			over++
		}
	}
	b.ReportMetric(ms(first), "first-ms")
	b.ReportMetric(ms(worst), "max-ms")
	r.record("first asks during warm-up",
		fmt.Sprintf("first %.1f ms, max %.1f ms, %d over %v; all %d in %.0f ms, warm-up %.0f ms", ms(first), ms(worst), over, cascade.DefaultGraphTimeout, len(lat), ms(all), ms(warm)),
		fmt.Sprintf("Resolver.Incoming on the first %d of the sample, asked one after another as the warm-up starts on a freshly opened store; the resolver alone", len(lat)))
}

// benchParse parses every file on workers goroutines: tree-sitter alone
// (a parser per file, as Extract does, then Close), or with extract set,
// treesitter.Extract (parse, query, facts) without storage.
func (r *benchRepo) benchParse(b *testing.B, workers int, extract bool, mbps func(int64, time.Duration) float64, fps func(int, time.Duration) float64) {
	b.StopTimer()
	r.contents(b)
	var todo []*benchFile
	var bytes int64
	for i := range r.files {
		if r.files[i].lang != "" {
			todo = append(todo, &r.files[i])
			bytes += int64(len(r.files[i].content))
		}
	}
	ctx := context.Background()
	var failed atomic.Int64
	b.StartTimer()
	cpu0 := cpuTime()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					k := int(next.Add(1)) - 1
					if k >= len(todo) {
						return
					}
					f := todo[k]
					if extract {
						if _, err := treesitter.Extract(ctx, f.lang, f.content); err != nil {
							failed.Add(1)
						}
						continue
					}
					p := sitter.NewParser()
					grammar, _ := treesitter.Grammar(f.lang) // walked files are all of known languages
					p.SetLanguage(grammar)
					tree, err := p.ParseCtx(ctx, nil, f.content)
					if err != nil {
						failed.Add(1)
					} else {
						tree.Close()
					}
					p.Close()
				}
			}()
		}
		wg.Wait()
	}
	d := time.Since(start) / time.Duration(b.N)
	cpu := (cpuTime() - cpu0) / time.Duration(b.N)
	b.StopTimer()
	if n := failed.Load(); n > 0 {
		b.Logf("%d files failed", n)
	}
	b.ReportMetric(d.Seconds(), "s")
	b.ReportMetric(mbps(bytes, d), "MB/s")
	b.ReportMetric(fps(len(todo), d), "files/s")
	b.ReportMetric(cpu.Seconds(), "cpu-s")
	b.ReportMetric(mbps(bytes, cpu), "MB/cpu-s")
	what := "raw parse"
	note := "tree-sitter only: NewParser, SetLanguage, ParseCtx, Close; contents in memory"
	if extract {
		what = "extract (no store)"
		note = "treesitter.Extract: parse + facts query + hooks; contents in memory"
	}
	name := fmt.Sprintf("%s, %d worker(s)", what, workers)
	r.record(name, fmt.Sprintf("%.2f s, %.0f files/s, %.2f MB/s; %.2f CPU-s, %.2f MB/CPU-s", d.Seconds(), fps(len(todo), d), mbps(bytes, d), cpu.Seconds(), mbps(bytes, cpu)),
		fmt.Sprintf("%s; %.0f%% of %d workers busy", note, 100*cpu.Seconds()/d.Seconds()/float64(workers), workers))
	r.setNum(name+" MB/s", mbps(bytes, d))
	r.setNum(name+" MB/CPU-s", mbps(bytes, cpu))
}

// benchCtags runs universal-ctags over exactly the walked files (-L), with
// the same extension mapping as treesitter's registry.
func (r *benchRepo) benchCtags(b *testing.B, mbps func(int64, time.Duration) float64, fps func(int, time.Duration) float64) {
	ctags, err := exec.LookPath("ctags")
	if err != nil {
		r.record("universal-ctags", "skipped", "ctags not on PATH")
		b.Skip("ctags not on PATH: the universal-ctags reference is skipped")
	}
	b.StopTimer()
	if out, err := exec.Command(ctags, "--version").Output(); err != nil || !bytes.Contains(out, []byte("Universal Ctags")) {
		r.record("universal-ctags", "skipped", "ctags is not universal-ctags")
		b.Skip("ctags is not universal-ctags: the reference is skipped")
	}
	var list bytes.Buffer
	var n int
	var size int64
	for _, f := range r.files {
		if f.lang != "" {
			list.WriteString(f.Path + "\n")
			n++
			size += f.Size
		}
	}
	listFile := filepath.Join(r.dir, "ctags-files")
	tagsFile := filepath.Join(r.dir, "tags")
	if err := os.WriteFile(listFile, list.Bytes(), 0o600); err != nil {
		b.Fatal(err)
	}
	args := []string{"-L", listFile, "-f", tagsFile,
		"--languages=TypeScript,JavaScript,Python,Go,Java",
		"--langmap=TypeScript:+.tsx.mts.cts,JavaScript:+.cjs,Python:+.pyi"}
	var d, cpu time.Duration
	b.StartTimer()
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(ctags, args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		start := time.Now()
		err := cmd.Run()
		d += time.Since(start)
		if err != nil {
			b.Fatalf("ctags: %v: %s", err, stderr.String())
		}
		cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	b.StopTimer()
	d /= time.Duration(b.N)
	cpu /= time.Duration(b.N)
	tags := countTags(tagsFile)
	b.ReportMetric(d.Seconds(), "s")
	b.ReportMetric(mbps(size, d), "MB/s")
	b.ReportMetric(fps(n, d), "files/s")
	b.ReportMetric(float64(tags), "tags")
	b.ReportMetric(cpu.Seconds(), "cpu-s")
	b.ReportMetric(mbps(size, cpu), "MB/cpu-s")
	r.record("universal-ctags", fmt.Sprintf("%.2f s, %.0f files/s, %.2f MB/s; %.2f CPU-s, %.2f MB/CPU-s", d.Seconds(), fps(n, d), mbps(size, d), cpu.Seconds(), mbps(size, cpu)),
		fmt.Sprintf("one process (ctags is single-threaded), -L the walked files, sorted tags file; %d tags", tags))
}

func countTags(path string) int {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if !bytes.HasPrefix(sc.Bytes(), []byte("!_TAG_")) {
			n++
		}
	}
	return n
}

func (r *benchRepo) printTable(cpus int) {
	fmt.Printf("\ncallcascade benchmark: %s\n", r.root)
	fmt.Printf("machine: %d CPUs (GOMAXPROCS %d), %s/%s, %s\n", runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH, runtime.Version())
	var langs []string
	for l, c := range r.byLang {
		name := string(l)
		if name == "" {
			name = "go.mod"
		}
		langs = append(langs, fmt.Sprintf("%s %d files %.1f MB", name, c.files, float64(c.bytes)/1e6))
	}
	sort.Strings(langs)
	fmt.Printf("files: %d walked, %.1f MB (%s); walk %.0f ms\n\n", len(r.files), float64(r.bytes)/1e6, strings.Join(langs, ", "), float64(r.walk.Microseconds())/1e3)
	r.mu.Lock()
	results := slices.Clone(r.results)
	r.mu.Unlock()
	w := 0
	for _, res := range results {
		w = max(w, len(res.name))
	}
	for _, res := range results {
		fmt.Printf("%-*s  %s\n", w, res.name, res.value)
		if res.note != "" {
			fmt.Printf("%-*s    %s\n", w, "", res.note)
		}
	}

	// Ratios against the references and the aims.
	num := func(name string) float64 {
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.nums[name]
	}
	idx := num("cold index MB/s")
	one := num("raw parse, 1 worker(s) MB/s")
	all := num(fmt.Sprintf("raw parse, %d worker(s) MB/s", cpus))
	ext := num(fmt.Sprintf("extract (no store), %d worker(s) MB/s", cpus))
	idxCPU := num("cold index MB/CPU-s")
	oneCPU := num("raw parse, 1 worker(s) MB/CPU-s")
	allCPU := num(fmt.Sprintf("raw parse, %d worker(s) MB/CPU-s", cpus))
	extCPU := num(fmt.Sprintf("extract (no store), %d worker(s) MB/CPU-s", cpus))
	fmt.Println()
	ratio := func(label string, v float64) { fmt.Printf("%-46s = %.0f%%\n", label, 100*v) }
	if idxCPU > 0 && oneCPU > 0 && allCPU > 0 {
		fmt.Printf("per CPU-second: cold index %.2f MB, extract %.2f MB, raw parse %.2f MB (1 worker) / %.2f MB (%d workers)\n", idxCPU, extCPU, oneCPU, allCPU, cpus)
		ratio("cold index / raw parse, per CPU-second", idxCPU/oneCPU)
		ratio("extract / raw parse, per CPU-second", extCPU/oneCPU)
	}
	if idx > 0 && one > 0 {
		ratio(fmt.Sprintf("cold index / (raw parse 1 worker × %d CPUs)", cpus), idx/(one*float64(cpus)))
		fmt.Printf("%-46s   (aim ≥ 75%%)\n", "")
	}
	if idx > 0 && all > 0 {
		ratio(fmt.Sprintf("cold index / raw parse on %d workers", cpus), idx/all)
	}
	if ext > 0 && all > 0 {
		ratio(fmt.Sprintf("extract / raw parse on %d workers", cpus), ext/all)
	}
	fmt.Println()
}

// cpuTime is the CPU time (user + system, all threads, C included) the
// process has used. On a machine shared with other work, throughput per
// CPU-second is the figure that does not depend on the neighbours.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// maxRSS is the process's peak resident set size in KiB (Linux units).
func maxRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return int64(ru.Maxrss)
}

func dirSize(dir string) int64 {
	var n int64
	filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			n += info.Size()
		}
		return nil
	})
	return n
}

// writeHeapProfile writes the live heap, after a collection, to out.
func writeHeapProfile(b *testing.B, out string) {
	b.Helper()
	runtime.GC()
	f, err := os.Create(out)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := pprof.WriteHeapProfile(f); err != nil {
		b.Fatal(err)
	}
}

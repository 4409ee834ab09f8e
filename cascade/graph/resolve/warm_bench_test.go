package resolve_test

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
	"github.com/callcascade/callcascade/treesitter"
)

// BenchmarkWarmRepo measures the resolver's warm-up (Resolver.Warm) alone
// on the repository CALLCASCADE_BENCH_REPO names: its time, its CPU, the
// process's peak RSS after it and the heap it leaves live. The store is
// built once, in CALLCASCADE_BENCH_STORE when set (kept between runs, so
// that a later run's peak RSS is the warm-up's, not the index's), else in
// a temporary directory. CALLCASCADE_WARM_MEMPROFILE names a file for a
// heap profile taken at the warm-up's end, with the resolver still live;
// -cpuprofile splits by phase: go tool pprof -tagfocus phase=warm.
//
//	CALLCASCADE_BENCH_REPO=/path/to/repo CALLCASCADE_BENCH_STORE=/tmp/store \
//	  go test ./cascade/graph/resolve -run '^$' -bench WarmRepo -benchtime 1x
func BenchmarkWarmRepo(b *testing.B) {
	root := os.Getenv("CALLCASCADE_BENCH_REPO")
	if root == "" {
		b.Skip("set CALLCASCADE_BENCH_REPO to the root of a repository to index")
	}
	dir := os.Getenv("CALLCASCADE_BENCH_STORE")
	if dir == "" {
		dir = b.TempDir()
	}
	ctx := context.Background()
	store, err := embedded.Open(filepath.Join(dir, "graph.db"), embedded.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	if _, err := (&index.Indexer{Root: root, Store: store}).IndexAll(ctx, nil); err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	rssBefore := maxRSSKiB()
	b.ResetTimer()
	for b.Loop() {
		r := &resolve.Resolver{Store: store}
		stopSampling := sampleHeap()
		start, cpu0 := time.Now(), cpuTime()
		pprof.Do(ctx, pprof.Labels("phase", "warm"), func(ctx context.Context) {
			if err := r.Warm(ctx); err != nil {
				b.Fatal(err)
			}
		})
		d, cpu := time.Since(start), cpuTime()-cpu0
		b.StopTimer()
		peakLive, peakObjects := stopSampling()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		peakHeap := ms.HeapSys - ms.HeapReleased
		runtime.GC()
		runtime.ReadMemStats(&ms)
		b.ReportMetric(d.Seconds(), "warm-s")
		b.ReportMetric(cpu.Seconds(), "warm-cpu-s")
		b.ReportMetric(float64(maxRSSKiB())/1024, "max-RSS-MB")
		b.ReportMetric(float64(ms.HeapAlloc)/1e6, "live-heap-MB")
		b.ReportMetric(float64(peakLive)/1e6, "peak-live-MB")
		b.Logf("warm-up %.2f s (%.2f CPU-s); max RSS %d MB after (%d MB before); heap held from the OS at the end %d MB; during the warm-up: heap live after a GC up to %d MB, heap objects up to %d MB; at the end, live after GC %d MB, %d objects",
			d.Seconds(), cpu.Seconds(), maxRSSKiB()>>10, rssBefore>>10, peakHeap>>20, peakLive>>20, peakObjects>>20, ms.HeapAlloc>>20, ms.HeapObjects)
		if p := os.Getenv("CALLCASCADE_WARM_MEMPROFILE"); p != "" {
			f, err := os.Create(p)
			if err != nil {
				b.Fatal(err)
			}
			if err := pprof.WriteHeapProfile(f); err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
		if p := os.Getenv("CALLCASCADE_WARM_DUMP"); p != "" {
			dumpCommonCallers(b, store, r, p)
		}
		runtime.KeepAlive(r)
		b.StartTimer()
	}
}

// dumpCommonCallers writes, after the warm-up, what Resolver.IncomingElsewhere
// answers for every function and method named by one of the names called
// most (at most dumpNames names, dumpPerName definitions of each), one JSON
// line per target: the same file from two builds must be the same.
func dumpCommonCallers(b *testing.B, store *embedded.Store, r *resolve.Resolver, out string) {
	const dumpNames, dumpPerName = 12, 25
	ctx := context.Background()
	counts, err := store.CalleeCounts(ctx, 64)
	if err != nil {
		b.Fatal(err)
	}
	names := slices.Collect(maps.Keys(counts))
	slices.SortFunc(names, func(x, y string) int {
		if c := cmp.Compare(counts[y], counts[x]); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	})
	f, err := os.Create(out)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	enc := json.NewEncoder(f)
	done := 0
	for _, name := range names {
		if done == dumpNames {
			break
		}
		syms, err := store.SymbolsByName(ctx, name)
		if err != nil {
			b.Fatal(err)
		}
		syms = slices.DeleteFunc(slices.Clone(syms), func(s fact.Symbol) bool {
			return s.Kind != treesitter.KindFunction && s.Kind != treesitter.KindMethod
		})
		if len(syms) == 0 {
			continue
		}
		done++
		slices.SortFunc(syms, func(x, y fact.Symbol) int { return cmp.Compare(x.ID, y.ID) })
		for _, s := range syms[:min(len(syms), dumpPerName)] {
			edges, sites, err := r.IncomingElsewhere(ctx, s)
			if err != nil {
				b.Fatal(err)
			}
			slices.SortFunc(edges, func(x, y fact.Edge) int { return cmp.Compare(x.Symbol.ID, y.Symbol.ID) })
			var elsewhere []string
			for k, v := range sites {
				elsewhere = append(elsewhere, fmt.Sprintf("%s:%d:%d=%s", k.Path, k.Line, k.Character, v))
			}
			slices.Sort(elsewhere)
			if err := enc.Encode(map[string]any{"target": s.ID, "calls": counts[name], "edges": edges, "elsewhere": elsewhere}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// sampleHeap polls the runtime's heap figures every 20 ms until the
// returned function is called, which gives the largest heap found live
// by a collection and the largest heap (live and garbage) seen.
// CALLCASCADE_WARM_PEAKPROFILE names a file for a heap profile taken when
// the live heap was largest.
func sampleHeap() func() (live, objects uint64) {
	samples := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	var maxLive, maxObjects uint64
	peakProfile := os.Getenv("CALLCASCADE_WARM_PEAKPROFILE")
	read := func() {
		metrics.Read(samples)
		if live := samples[0].Value.Uint64(); live > maxLive+maxLive/20 && peakProfile != "" {
			// A heap profile's in-use figures are those of the last
			// collection: the one that found this much live.
			if f, err := os.Create(peakProfile); err == nil {
				pprof.WriteHeapProfile(f)
				f.Close()
			}
		}
		maxLive = max(maxLive, samples[0].Value.Uint64())
		maxObjects = max(maxObjects, samples[1].Value.Uint64())
	}
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				read()
			}
		}
	}()
	return func() (uint64, uint64) {
		close(stop)
		<-done
		read()
		return maxLive, maxObjects
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// maxRSSKiB is the process's peak resident set size in KiB (Linux units).
func maxRSSKiB() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return int64(ru.Maxrss)
}

package cascade_test

// The full cascade's worst case, for docs/PERFORMANCE.md (issue 3, item 10):
// every stage misses, so the graph, a grep of the whole workspace, the
// keyword search and the report all run. It measures a real repository, so it
// runs only when CALLCASCADE_BENCH_REPO names one, and skips saying so
// otherwise:
//
//	CALLCASCADE_BENCH_REPO=/path/to/repo go test ./cascade -run '^$' -bench CascadeWorstCase -benchtime 1x
//
// CALLCASCADE_BENCH_VERBOSE=1 also prints each grep attempt: the slowest
// are the names whose word is in hundreds of files.
//
// Two samples: names nobody declares or mentions (the true worst case: no
// stage can stop early) and indexed functions without graph callers (what a
// user asking about dead code meets), with the default budgets.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
)

func BenchmarkCascadeWorstCase(b *testing.B) {
	repo := os.Getenv("CALLCASCADE_BENCH_REPO")
	if repo == "" {
		b.Skip("CALLCASCADE_BENCH_REPO is not set: this benchmark measures a real repository (see docs/PERFORMANCE.md)")
	}
	ctx := context.Background()
	store, ws, stats := indexedWorkspace(b, repo)

	// Indexed functions and methods the graph has no caller for.
	files, err := store.Files(ctx)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 11))
	var dead []fact.Symbol
	for _, i := range rng.Perm(len(files)) {
		if len(dead) == 40 {
			break
		}
		syms, err := store.SymbolsInFile(ctx, files[i].Path)
		if err != nil || len(syms) == 0 {
			continue
		}
		s := syms[rng.IntN(len(syms))]
		if s.Kind != "function" && s.Kind != "method" {
			continue
		}
		edges, err := ws.Resolver().Incoming(ctx, s)
		if err == nil && len(edges) == 0 {
			dead = append(dead, s)
		}
	}
	var missing []fact.Symbol
	for i := range 40 {
		missing = append(missing, fact.Symbol{Name: fmt.Sprintf("zqNoSuchHandler%dQx", i)})
	}

	// The first query may still wait for the warm-up's walk; it is
	// reported on its own.
	start := time.Now()
	if _, err := ws.Engine.Incoming(ctx, missing[0]); err != nil {
		b.Fatal(err)
	}
	first := time.Since(start)

	verbose := os.Getenv("CALLCASCADE_BENCH_VERBOSE") != ""
	measure := func(targets []fact.Symbol) (total []time.Duration, stages map[string][]time.Duration, answered map[string]int) {
		stages, answered = map[string][]time.Duration{}, map[string]int{}
		for _, t := range targets {
			start := time.Now()
			res, err := ws.Engine.Incoming(ctx, t)
			if err != nil {
				b.Fatal(err)
			}
			total = append(total, time.Since(start))
			answered[res.Stage]++
			for _, a := range res.Attempts {
				stages[a.Stage] = append(stages[a.Stage], a.Duration)
				if verbose && a.Stage == "grep" {
					fmt.Printf("grep %-40s %8s %-5s %-16s %s\n", t.Name, a.Duration.Round(100*time.Microsecond), a.Outcome, a.Reason, a.Observed)
				}
			}
		}
		return total, stages, answered
	}
	b.ResetTimer()
	var out strings.Builder
	for range b.N {
		out.Reset()
		fmt.Fprintf(&out, "\ncascade worst case on %s: %d files indexed, GOMAXPROCS %d\n", repo, stats.Files, runtime.GOMAXPROCS(0))
		fmt.Fprintf(&out, "first query (after the index and the grep warm-up ran side by side): %s\n\n", first.Round(time.Millisecond))
		fmt.Fprintf(&out, "%-34s %6s %9s %9s %9s   %s\n", "sample", "n", "p50 ms", "p95 ms", "max ms", "answered by")
		for _, s := range []struct {
			name    string
			targets []fact.Symbol
		}{{"names nobody mentions (all miss)", missing[1:]}, {"indexed, no graph callers", dead}} {
			total, stages, answered := measure(s.targets)
			fmt.Fprintf(&out, "%-34s %6d %9.2f %9.2f %9.2f   %v\n", s.name, len(total), ms(pct(total, 50)), ms(pct(total, 95)), ms(pct(total, 100)), answered)
			names := make([]string, 0, len(stages))
			for k := range stages {
				names = append(names, k)
			}
			sort.Strings(names)
			for _, k := range names {
				fmt.Fprintf(&out, "  stage %-26s %6d %9.2f %9.2f %9.2f\n", k, len(stages[k]), ms(pct(stages[k], 50)), ms(pct(stages[k], 95)), ms(pct(stages[k], 100)))
			}
		}
	}
	b.StopTimer()
	fmt.Print(out.String())
}

// indexedWorkspace indexes repo into a fresh embedded store, as the server
// does at initialize (the grep stage's list and contents warmed in the
// background meanwhile); both are closed when the benchmark ends.
func indexedWorkspace(b *testing.B, repo string) (*embedded.Store, *cascade.Workspace, index.IndexStats) {
	b.Helper()
	store, err := embedded.Open(filepath.Join(b.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	ws := cascade.NewWorkspace(repo, store, cascade.Options{})
	b.Cleanup(ws.Close)
	ws.Warm()
	stats, err := ws.Indexer.IndexAll(context.Background(), nil)
	if err != nil {
		b.Fatal(err)
	}
	return store, ws, stats
}

func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	return s[max(0, min(len(s)-1, i-1))]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// BenchmarkCascadeTargets answers incomingCalls for chosen symbols, as the
// server does once warm (the grep stage's contents and the resolver's
// warm-up done): the per-stage times of the slowest answers an editor
// meets, to profile one of them.
//
//	CALLCASCADE_BENCH_REPO=/path/to/repo CALLCASCADE_BENCH_TARGETS='path#Class.get,path#f' \
//	  go test ./cascade -run '^$' -bench CascadeTargets -benchtime 1x [-cpuprofile cpu.out]
//
// Each target is asked CALLCASCADE_BENCH_ROUNDS times (default 10); the
// line printed per target gives the total's p50 and max and each stage's p50.
func BenchmarkCascadeTargets(b *testing.B) {
	repo, list := os.Getenv("CALLCASCADE_BENCH_REPO"), os.Getenv("CALLCASCADE_BENCH_TARGETS")
	if repo == "" || list == "" {
		b.Skip("CALLCASCADE_BENCH_REPO and CALLCASCADE_BENCH_TARGETS are not set: this benchmark measures chosen symbols of a real repository")
	}
	rounds := 10
	fmt.Sscan(os.Getenv("CALLCASCADE_BENCH_ROUNDS"), &rounds)
	ctx := context.Background()
	store, ws, _ := indexedWorkspace(b, repo)
	// The full-text index and the resolver's warm-up, which the server runs
	// in the background after the index, done first; then a settle, for the
	// warm-up the index's writes scheduled (CALLCASCADE_BENCH_SETTLE seconds,
	// default 5): what an editor meets once the workspace is quiet.
	if err := store.BuildSearch(ctx); err != nil {
		b.Fatal(err)
	}
	ws.WarmResolver(ctx)
	settle := 5
	fmt.Sscan(os.Getenv("CALLCASCADE_BENCH_SETTLE"), &settle)
	time.Sleep(time.Duration(settle) * time.Second)
	var targets []fact.Symbol
	for _, id := range strings.Split(list, ",") {
		s, err := store.Symbol(ctx, strings.TrimSpace(id))
		if err != nil {
			b.Fatalf("target %s: %v", id, err)
		}
		targets = append(targets, s)
	}
	verbose := os.Getenv("CALLCASCADE_BENCH_VERBOSE") != ""
	if _, err := ws.Engine.Incoming(ctx, targets[0]); err != nil { // waits for the grep warm-up if still running
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		for _, t := range targets {
			var total []time.Duration
			stages := map[string][]time.Duration{}
			var last string
			for range rounds {
				start := time.Now()
				res, err := ws.Engine.Incoming(ctx, t)
				if err != nil {
					b.Fatal(err)
				}
				total = append(total, time.Since(start))
				last = res.Stage
				for _, a := range res.Attempts {
					stages[a.Stage] = append(stages[a.Stage], a.Duration)
					if verbose && len(total) == 1 {
						fmt.Printf("  %s %s %s: %s\n", a.Stage, a.Outcome, a.Reason, a.Observed)
					}
				}
			}
			fmt.Printf("%-60s answered by %-8s p50 %7.2f max %7.2f ms;", t.ID, last, ms(pct(total, 50)), ms(pct(total, 100)))
			for _, k := range []string{"graph", "grep", "keyword", "report"} {
				if ds := stages[k]; len(ds) > 0 {
					fmt.Printf(" %s %.2f", k, ms(pct(ds, 50)))
				}
			}
			fmt.Println()
		}
	}
}

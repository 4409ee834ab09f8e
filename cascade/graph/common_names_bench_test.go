package graph_test

// The graph stage on the names a repository calls most (issue 14, item 4):
// the functions and methods whose name has the most call sites are the ones
// the resolver takes longest over, and those that ran past the graph stage's
// timeout were answered "no callers". It measures a real repository, so it
// runs only when CALLCASCADE_BENCH_REPO names one:
//
//	CALLCASCADE_BENCH_REPO=/path/to/repo go test ./cascade/graph -run '^$' -bench CommonNames -benchtime 1x
//
// After the cold index and the resolver's warm-up (both timed and reported,
// not in the latencies), it asks Resolver.Incoming, with no deadline, for
// every function and method named by one of the commonNames most called
// names that the project defines, or by one of the commonNames/2 names
// whose sites times definitions are the most, and reports the latency over those
// targets: component timings of the resolver alone, not the cascade and not
// the wire.

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
	"github.com/callcascade/callcascade/treesitter"
)

// commonNames is how many of the most called names are measured.
const commonNames = 20

func BenchmarkCommonNames(b *testing.B) {
	r := loadRepo(b)
	if r.dir == "" {
		dir := b.TempDir()
		r.dir, r.storeDir = dir, dir+"/store"
		b.Cleanup(func() {
			r.closeStore(b)
			r.dir = ""
		})
	}
	r.ensureIndexed(b)
	b.StopTimer()
	ctx := context.Background()
	targets, names := r.commonTargets(b, commonNames)
	resolver := &resolve.Resolver{Store: r.store}
	warmStart, warmCPU0 := time.Now(), cpuTime()
	if err := resolver.Warm(ctx); err != nil {
		b.Fatal(err)
	}
	warm, warmCPU := time.Since(warmStart), cpuTime()-warmCPU0
	type timed struct {
		d     time.Duration
		sym   fact.Symbol
		edges int
	}
	var lat []timed
	b.StartTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		lat = lat[:0]
		for _, s := range targets {
			start := time.Now()
			edges, err := resolver.Incoming(ctx, s)
			d := time.Since(start)
			if err != nil {
				b.Fatalf("Incoming(%s): %v", s.ID, err)
			}
			lat = append(lat, timed{d, s, len(edges)})
		}
	}
	b.StopTimer()
	cpu := (cpuTime() - cpu0) / time.Duration(b.N)
	slices.SortFunc(lat, func(x, y timed) int { return cmp.Compare(x.d, y.d) })
	pct := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))].d }
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }
	over := 0
	for _, l := range lat {
		if l.d > cascade.DefaultGraphTimeout {
			over++
		}
	}
	b.ReportMetric(ms(warm), "warm-ms")
	b.ReportMetric(ms(warmCPU), "warm-cpu-ms")
	b.ReportMetric(ms(cpu), "all-targets-cpu-ms")
	b.ReportMetric(ms(pct(0.50)), "p50-ms")
	b.ReportMetric(ms(pct(0.95)), "p95-ms")
	b.ReportMetric(ms(pct(0.99)), "p99-ms")
	b.ReportMetric(ms(lat[len(lat)-1].d), "max-ms")
	b.ReportMetric(float64(over), "over-timeout")
	b.Logf("names: %s", strings.Join(names, ", "))
	b.Logf("resolver warm-up %.1f ms (%.0f CPU-ms); Resolver.Incoming on %d targets (%.0f CPU-ms in all): p50 %.2f / p95 %.2f / p99 %.2f / max %.1f ms; %d over the graph stage's %v",
		ms(warm), ms(warmCPU), len(lat), ms(cpu), ms(pct(0.50)), ms(pct(0.95)), ms(pct(0.99)), ms(lat[len(lat)-1].d), over, cascade.DefaultGraphTimeout)
	var slow []string
	for _, l := range lat[max(0, len(lat)-10):] {
		slow = append(slow, fmt.Sprintf("%s %.1f ms (%d callers)", l.sym.ID, ms(l.d), l.edges))
	}
	slices.Reverse(slow)
	b.Logf("slowest: %s", strings.Join(slow, "; "))
}

// commonTargets is every function and method named by one of the n names
// with the most call sites among the names the project defines, or by one
// of the n/2 with the most sites times definitions, and those names with
// their counts.
func (r *benchRepo) commonTargets(b *testing.B, n int) ([]fact.Symbol, []string) {
	b.Helper()
	ctx := context.Background()
	files, err := r.store.Files(ctx)
	if err != nil {
		b.Fatal(err)
	}
	byName := map[string][]fact.Symbol{}
	for _, f := range files {
		syms, err := r.store.SymbolsInFile(ctx, f.Path)
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range syms {
			if s.Kind == treesitter.KindFunction || s.Kind == treesitter.KindMethod {
				byName[s.Name] = append(byName[s.Name], s)
			}
		}
	}
	type named struct {
		name  string
		sites int
	}
	var all []named
	for name := range byName {
		calls, err := r.store.CallsByCallee(ctx, name)
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, named{name, len(calls)})
	}
	slices.SortFunc(all, func(x, y named) int {
		if c := cmp.Compare(y.sites, x.sites); c != 0 {
			return c
		}
		return cmp.Compare(x.name, y.name)
	})
	// And the names whose definitions all together cost most to ask, their
	// sites times their definitions (create, list, update, delete: a
	// method of that name on every service).
	picked := all[:min(n, len(all))]
	byWork := slices.Clone(all)
	slices.SortStableFunc(byWork, func(x, y named) int {
		return cmp.Compare(y.sites*len(byName[y.name]), x.sites*len(byName[x.name]))
	})
	for _, nm := range byWork[:min(n/2, len(byWork))] {
		if !slices.Contains(picked, nm) {
			picked = append(picked, nm)
		}
	}
	var targets []fact.Symbol
	var names []string
	for _, nm := range picked {
		syms := byName[nm.name]
		slices.SortFunc(syms, func(x, y fact.Symbol) int { return cmp.Compare(x.ID, y.ID) })
		targets = append(targets, syms...)
		names = append(names, fmt.Sprintf("%s (%d sites, %d definitions)", nm.name, nm.sites, len(syms)))
	}
	return targets, names
}

package grep

// The grep stage benchmark of docs/PERFORMANCE.md (issue 3, item 10): the
// grep stage's Search over a large real repository, set next to ripgrep
// (`rg -w NAME`) searching the same checkout in the same run. It runs only
// when CALLCASCADE_BENCH_REPO names a repository, and skips saying so
// otherwise:
//
//	CALLCASCADE_BENCH_REPO=/path/to/repo go test ./cascade/grep -run '^$' -bench Ripgrep -benchtime 1x
//
// Names: common method names (get, run, create, map, ...) and a fixed
// random sample of the function and method names the repository declares.
// Per name, each tool runs benchRounds times, alternating, and the median
// counts. The grep stage runs as the server runs it: a Searcher keeping the
// walked file list (checked against directory times on every search), with
// the stage's settings (Limit 50, stop after 200 sites). For comparison,
// "cold" is one package-level Search, which walks the workspace itself, and
// "full parse" parses every candidate (StopAfter -1). CPU time (user +
// system, from getrusage for the stage and from rg's own rusage) is given
// beside wall time: on a shared machine it is the steadier figure.

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/treesitter"
)

const (
	benchRepoEnv  = "CALLCASCADE_BENCH_REPO"
	benchSeed     = 20261122
	benchSampled  = 16  // names sampled from the repository's declarations
	benchRounds   = 5   // runs of each tool per name; the median counts
	benchNameFile = 400 // files whose declarations the sample is drawn from
)

// benchSourceGlobs restrict rg to the files the grep stage reads (by
// extension; rg still lists every directory).
var benchSourceGlobs = []string{"-g", "*.{ts,mts,cts,tsx,js,jsx,mjs,cjs,py,pyi,go,java}"}

// benchCommon are names common in most code bases.
var benchCommon = []string{"get", "run", "create", "map", "update", "list", "delete", "find"}

type benchRow struct {
	name                                  string
	candidates, sites                     int
	capped                                bool
	grep, cold, full, ripgrep, ripgrepSrc time.Duration
	grepCPU, ripgrepCPU                   time.Duration // CPU time, user + system
	ratio                                 float64
	first                                 time.Duration // the first search of the name
}

func BenchmarkRipgrep(b *testing.B) {
	root := os.Getenv(benchRepoEnv)
	if root == "" {
		b.Skipf("set %s to a repository checkout to compare the grep stage with ripgrep", benchRepoEnv)
	}
	rg, err := exec.LookPath("rg")
	if err != nil {
		b.Skipf("ripgrep (rg) is not installed: apt-get install -y ripgrep")
	}
	ctx := context.Background()
	loadBefore := loadAverage()
	names := benchNames(b, root)
	searcher := &Searcher{}
	defer searcher.Close()
	if _, err := searcher.Search(ctx, Query{Name: "warmup", Root: root}); err != nil {
		b.Fatal(err)
	}

	var rows []benchRow
	for i := 0; i < b.N; i++ {
		rows = rows[:0]
		for _, name := range names {
			row := benchRow{name: name}
			var g, r, rs, gc, rc []time.Duration
			for round := range benchRounds {
				// Alternate which tool goes first, so neither always runs
				// on the cache the other warmed.
				runRg := func() {
					wall, cpu := timeRipgrep(b, rg, root, name)
					r, rc = append(r, wall), append(rc, cpu)
					wall, _ = timeRipgrep(b, rg, root, name, benchSourceGlobs...)
					rs = append(rs, wall)
				}
				if round%2 == 0 {
					runRg()
				}
				start, startCPU := time.Now(), cpuTime()
				res, err := searcher.Search(ctx, Query{Name: name, Root: root})
				g, gc = append(g, time.Since(start)), append(gc, cpuTime()-startCPU)
				if err != nil {
					b.Fatal(err)
				}
				row.candidates, row.sites, row.capped = res.Candidates, res.Total, res.Capped
				if round%2 == 1 {
					runRg()
				}
			}
			start := time.Now()
			if _, err := Search(ctx, Query{Name: name, Root: root}); err != nil {
				b.Fatal(err)
			}
			row.cold = time.Since(start)
			start = time.Now()
			if _, err := searcher.Search(ctx, Query{Name: name, Root: root, StopAfter: -1}); err != nil {
				b.Fatal(err)
			}
			row.full = time.Since(start)
			row.grep, row.ripgrep, row.ripgrepSrc = median(g), median(r), median(rs)
			row.first = g[0] // before the kept files remember this name's sites
			row.grepCPU, row.ripgrepCPU = median(gc), median(rc)
			row.ratio = float64(row.grep) / float64(row.ripgrep)
			rows = append(rows, row)
		}
	}
	b.StopTimer()

	ratios := make([]float64, len(rows))
	for i, row := range rows {
		ratios[i] = row.ratio
	}
	sort.Float64s(ratios)
	med, p95 := quantile(ratios, 0.5), quantile(ratios, 0.95)
	srcRatios := make([]float64, len(rows))
	cpuRatios := make([]float64, len(rows))
	var stage []float64
	for i, row := range rows {
		srcRatios[i] = float64(row.grep) / float64(row.ripgrepSrc)
		cpuRatios[i] = float64(row.grepCPU) / float64(max(row.ripgrepCPU, 1))
		stage = append(stage, ms(row.grep))
	}
	sort.Float64s(srcRatios)
	sort.Float64s(cpuRatios)
	sort.Float64s(stage)
	b.ReportMetric(med, "median-ratio")
	b.ReportMetric(p95, "p95-ratio")

	out := &strings.Builder{}
	fmt.Fprintf(out, "\n| name | candidate files | sites | grep stage ms | first search ms | cold (walk) ms | full parse ms | rg -w ms | ratio | rg -w -g source ms | ratio | grep CPU ms | rg CPU ms | CPU ratio |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, row := range rows {
		sites := fmt.Sprint(row.sites)
		if row.capped {
			sites = "≥" + sites
		}
		fmt.Fprintf(out, "| `%s` | %d | %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %.1f | %.2f | %.1f | %.1f | %.2f |\n", row.name, row.candidates, sites,
			ms(row.grep), ms(row.first), ms(row.cold), ms(row.full), ms(row.ripgrep), row.ratio, ms(row.ripgrepSrc), float64(row.grep)/float64(row.ripgrepSrc),
			ms(row.grepCPU), ms(row.ripgrepCPU), float64(row.grepCPU)/float64(max(row.ripgrepCPU, 1)))
	}
	fmt.Fprintf(out, "\nnames: %d; ratio grep stage / rg -w: median %.2f, p95 %.2f, max %.2f\n", len(rows), med, p95, ratios[len(ratios)-1])
	firstRatios := make([]float64, len(rows))
	for i, row := range rows {
		firstRatios[i] = float64(row.first) / float64(row.ripgrep)
	}
	sort.Float64s(firstRatios)
	fmt.Fprintf(out, "ratio of the first search of each name (no sites remembered yet) / rg -w: median %.2f, p95 %.2f, max %.2f\n",
		quantile(firstRatios, 0.5), quantile(firstRatios, 0.95), firstRatios[len(firstRatios)-1])
	fmt.Fprintf(out, "ratio grep stage / rg -w on source globs: median %.2f, p95 %.2f, max %.2f\n",
		quantile(srcRatios, 0.5), quantile(srcRatios, 0.95), srcRatios[len(srcRatios)-1])
	fmt.Fprintf(out, "CPU time ratio grep stage / rg -w: median %.2f, p95 %.2f\n", quantile(cpuRatios, 0.5), quantile(cpuRatios, 0.95))
	fmt.Fprintf(out, "grep stage ms: median %.1f, p95 %.1f, max %.1f\n", quantile(stage, 0.5), quantile(stage, 0.95), stage[len(stage)-1])
	fmt.Fprintf(out, "load average (1 min) before and after: %s, %s\n", loadBefore, loadAverage())
	fmt.Print(out.String())
}

// loadAverage is the 1-minute load average, "?" where /proc has none: the
// machine may be shared, and the figures mean little without it.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if fields := strings.Fields(string(data)); err == nil && len(fields) > 0 {
		return fields[0]
	}
	return "?"
}

// timeRipgrep runs rg -w NAME over root, its output discarded as a
// terminal would drain it, and returns the wall time. Exit status 1 means
// no match, not a failure.
func timeRipgrep(b *testing.B, rg, root, name string, flags ...string) (wall, cpu time.Duration) {
	cmd := exec.Command(rg, append(append([]string{"-w"}, flags...), "--", name)...)
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	start := time.Now()
	err := cmd.Run()
	elapsed := time.Since(start)
	if exit, ok := err.(*exec.ExitError); err != nil && (!ok || exit.ExitCode() != 1) {
		b.Fatalf("rg -w %s: %v", name, err)
	}
	return elapsed, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

// benchNames are the common names and a fixed sample of declared ones.
func benchNames(b *testing.B, root string) []string {
	var walked []files.WalkedFile
	if _, err := files.Walk(context.Background(), root, files.WalkOptions{}, func(f files.WalkedFile) error {
		if _, ok := treesitter.LanguageForPath(f.Rel); ok {
			walked = append(walked, f)
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	rnd := rand.New(rand.NewPCG(benchSeed, benchSeed))
	rnd.Shuffle(len(walked), func(i, j int) { walked[i], walked[j] = walked[j], walked[i] })
	seen := map[string]bool{}
	var declared []string
	for _, f := range walked[:min(len(walked), benchNameFile)] {
		src, err := os.ReadFile(f.Path)
		if err != nil {
			continue
		}
		lang, _ := treesitter.LanguageForPath(f.Rel)
		facts, err := treesitter.Extract(context.Background(), lang, src)
		if err != nil {
			continue
		}
		for _, s := range facts.Symbols {
			if (s.Kind == treesitter.KindFunction || s.Kind == treesitter.KindMethod) && len(s.Name) >= 3 && !seen[s.Name] {
				seen[s.Name] = true
				declared = append(declared, s.Name)
			}
		}
	}
	slices.Sort(declared) // the sample must not depend on map or walk order
	rnd.Shuffle(len(declared), func(i, j int) { declared[i], declared[j] = declared[j], declared[i] })
	names := slices.Clone(benchCommon)
	for _, n := range declared {
		if len(names) == len(benchCommon)+benchSampled {
			break
		}
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// quantile of sorted values, nearest rank.
func quantile(sorted []float64, q float64) float64 {
	i := int(q*float64(len(sorted))+0.5) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

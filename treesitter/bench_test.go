package treesitter

// BenchmarkExtract sets the cost of Extract next to the cost of the raw
// parse it contains, on the same files in the same run, so the overhead of
// fact extraction is visible as a ratio:
//
//	CALLCASCADE_BENCH_REPO=/path/to/repo go test ./treesitter -run '^$' -bench Extract -benchtime 3x -cpu 1
//
// Without CALLCASCADE_BENCH_REPO it measures this module's own sources (the
// parent of this package's folder). Each iteration parses every file, then
// extracts every file, one file at a time on one goroutine; CPU time comes
// from getrusage (user + system, every thread, C included), which stays
// steadier on a shared machine than wall time does. The two alternate in
// chunks of benchChunk files, so that both see the same load. Reported:
//
//	parse-MB/cpu-s    raw parse: NewParser, SetLanguage, ParseCtx, Close
//	extract-MB/cpu-s  Extract (the parse, the facts query and the hooks)
//	extract/parse-%   extract-MB/cpu-s ÷ parse-MB/cpu-s (100% = free extraction)
//
// Add -cpuprofile to see where extraction spends its time; the two phases
// run under the pprof labels phase=parse and phase=extract.

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/pprof"
	"sync"
	"syscall"
	"testing"
	"time"

	sitter "github.com/smacker/go-tree-sitter"
)

const benchRepoEnv = "CALLCASCADE_BENCH_REPO"

// benchChunk is how many files are parsed, then extracted, at a time.
const benchChunk = 200

type benchSource struct {
	path string
	lang Language
	src  []byte
}

var (
	benchOnce   sync.Once
	benchCorpus []benchSource
	benchBytes  int64
	benchErr    error
)

// benchSkipDirs are directories that hold no source of the repository's own
// (dependencies, build outputs, VCS data); the same names files.Walk skips.
var benchSkipDirs = map[string]bool{
	".git": true, ".hg": true, ".svn": true,
	"node_modules": true, "bower_components": true, "vendor": true,
	".venv": true, "venv": true, "__pycache__": true,
	"dist": true, "build": true, "target": true, ".next": true, ".nuxt": true, "coverage": true,
}

// eachSourceFile calls visit with every file under root in a language the
// extractor reads, leaving out benchSkipDirs (and the directories skipDir
// names), files over 1 MiB and binary ones. Unreadable entries are not
// part of a corpus.
func eachSourceFile(root string, skipDir func(name string) bool, visit func(path string, lang Language, src []byte) error) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if path != root && (benchSkipDirs[d.Name()] || skipDir != nil && skipDir(d.Name())) {
				return filepath.SkipDir
			}
			return nil
		}
		lang, ok := LanguageForPath(path)
		if !ok || !d.Type().IsRegular() {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil || len(src) > 1<<20 || looksBinary(src) {
			return nil
		}
		return visit(path, lang, src)
	})
}

func loadBenchCorpus() ([]benchSource, int64, error) {
	benchOnce.Do(func() {
		root := os.Getenv(benchRepoEnv)
		if root == "" {
			root = ".."
		}
		benchErr = eachSourceFile(root, nil, func(path string, lang Language, src []byte) error {
			benchCorpus = append(benchCorpus, benchSource{path: path, lang: lang, src: src})
			benchBytes += int64(len(src))
			return nil
		})
	})
	return benchCorpus, benchBytes, benchErr
}

// cpuTime is the process's user + system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func rawParse(ctx context.Context, b *testing.B, files []benchSource) {
	for _, f := range files {
		g, err := lookup(f.lang)
		if err != nil {
			b.Fatal(err)
		}
		grammar, _, err := g.compiled()
		if err != nil {
			b.Fatal(err)
		}
		p := sitter.NewParser()
		p.SetLanguage(grammar)
		tree, err := p.ParseCtx(ctx, nil, f.src)
		if err != nil {
			b.Fatalf("%s: %v", f.path, err)
		}
		tree.Close()
		p.Close()
	}
}

func extractAll(ctx context.Context, b *testing.B, files []benchSource) {
	for _, f := range files {
		if _, err := Extract(ctx, f.lang, f.src); err != nil {
			b.Fatalf("%s: %v", f.path, err)
		}
	}
}

func BenchmarkExtract(b *testing.B) {
	files, total, err := loadBenchCorpus()
	if err != nil {
		b.Fatal(err)
	}
	if len(files) == 0 {
		b.Skip("no source files in the corpus")
	}
	b.Logf("corpus: %d files, %.1f MB", len(files), float64(total)/1e6)
	ctx := context.Background()
	for _, lang := range Languages() { // compile the queries outside the timing
		g, _ := lookup(lang)
		if _, _, err := g.compiled(); err != nil {
			b.Fatal(err)
		}
	}

	var parseCPU, extractCPU, parseWall, extractWall time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for start := 0; start < len(files); start += benchChunk {
			chunk := files[start:min(start+benchChunk, len(files))]
			pprof.Do(ctx, pprof.Labels("phase", "parse"), func(ctx context.Context) {
				c0, w0 := cpuTime(), time.Now()
				rawParse(ctx, b, chunk)
				parseCPU += cpuTime() - c0
				parseWall += time.Since(w0)
			})
			pprof.Do(ctx, pprof.Labels("phase", "extract"), func(ctx context.Context) {
				c0, w0 := cpuTime(), time.Now()
				extractAll(ctx, b, chunk)
				extractCPU += cpuTime() - c0
				extractWall += time.Since(w0)
			})
		}
	}
	b.StopTimer()

	mb := float64(total) * float64(b.N) / 1e6
	parseRate := mb / parseCPU.Seconds()
	extractRate := mb / extractCPU.Seconds()
	b.ReportMetric(parseRate, "parse-MB/cpu-s")
	b.ReportMetric(extractRate, "extract-MB/cpu-s")
	b.ReportMetric(100*extractRate/parseRate, "extract/parse-%")
	b.ReportMetric(mb/parseWall.Seconds(), "parse-MB/s")
	b.ReportMetric(mb/extractWall.Seconds(), "extract-MB/s")
}

// BenchmarkFacts times what extraction adds to the parse, without the parse:
// the trees are parsed once before the timer, then every iteration copies
// each tree into Go memory (flatten) and extracts its facts, as Extract does
// after its parse. Run it with -benchmem to see the allocations per pass:
//
//	CALLCASCADE_BENCH_REPO=/path/to/repo go test ./treesitter -run '^$' -bench Facts -benchtime 5x -cpu 1 -benchmem
//
// Reported: facts-MB/cpu-s (source bytes per CPU-second of flatten +
// extraction) and flatten-MB/cpu-s (the flatten alone, measured in its own
// pass over the same trees), with CPU from getrusage as in BenchmarkExtract.
func BenchmarkFacts(b *testing.B) {
	files, total, err := loadBenchCorpus()
	if err != nil {
		b.Fatal(err)
	}
	if len(files) == 0 {
		b.Skip("no source files in the corpus")
	}
	ctx := context.Background()
	trees := make([]cTree, len(files))
	grammars := make([]*grammar, len(files))
	for i, f := range files {
		g, err := lookup(f.lang)
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := g.compiled(); err != nil {
			b.Fatal(err)
		}
		if trees[i], err = parseC(ctx, g, f.src); err != nil {
			b.Fatalf("%s: %v", f.path, err)
		}
		grammars[i] = g
	}
	defer func() {
		for _, t := range trees {
			t.delete()
		}
	}()
	b.Logf("corpus: %d files, %.1f MB", len(files), float64(total)/1e6)

	var factsCPU, flattenCPU time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c0 := cpuTime()
		for k, f := range files {
			flat, hasErrors := flattenTree(trees[k], grammars[k])
			err := overTree(ctx, f.lang, flat, hasErrors, f.src, "extract", func(e *extractor, t *syntaxTree) error {
				return e.run(t)
			})
			if err != nil {
				b.Fatalf("%s: %v", f.path, err)
			}
		}
		factsCPU += cpuTime() - c0
	}
	b.StopTimer()
	for i := 0; i < b.N; i++ {
		c0 := cpuTime()
		for k := range files {
			flat, _ := flattenTree(trees[k], grammars[k])
			flat.release()
		}
		flattenCPU += cpuTime() - c0
	}
	mb := float64(total) * float64(b.N) / 1e6
	b.ReportMetric(mb/factsCPU.Seconds(), "facts-MB/cpu-s")
	b.ReportMetric(mb/flattenCPU.Seconds(), "flatten-MB/cpu-s")
}

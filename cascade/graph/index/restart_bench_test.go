package index_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime/pprof"
	"syscall"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
)

// BenchmarkRestartRepo measures a warm restart with nothing changed (open
// the store, IndexAll over unchanged files) on the repository
// CALLCASCADE_BENCH_REPO names, apart from the cold index BenchmarkRepo
// in cascade/graph runs first. The store is built once, in
// CALLCASCADE_BENCH_STORE when set (kept between runs), else in a
// temporary directory.
//
//	CALLCASCADE_BENCH_REPO=/path/to/repo go test ./cascade/graph/index -run '^$' -bench RestartRepo
func BenchmarkRestartRepo(b *testing.B) {
	root := os.Getenv("CALLCASCADE_BENCH_REPO")
	if root == "" {
		b.Skip("set CALLCASCADE_BENCH_REPO to the root of a repository to index")
	}
	dir := os.Getenv("CALLCASCADE_BENCH_STORE")
	if dir == "" {
		dir = b.TempDir()
	}
	path := filepath.Join(dir, "graph.db")
	ctx := context.Background()
	// The first pass indexes whatever the store lacks (everything, in a
	// fresh directory); the restarts measured after it find nothing to do.
	open := func() *embedded.Store {
		s, err := embedded.Open(path, embedded.Options{})
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
	s := open()
	if _, err := (&index.Indexer{Root: root, Store: s}).IndexAll(ctx, nil); err != nil {
		b.Fatal(err)
	}
	// As the server leaves a store: with the full-text rows its
	// background build adds after the first index (and the files table
	// rewritten by it).
	if err := s.BuildSearch(ctx); err != nil {
		b.Fatal(err)
	}
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	var stats index.IndexStats
	// Under a pprof label, so a -cpuprofile shows the restarts apart from
	// the first pass: go tool pprof -tagfocus phase=restart.
	var cpu time.Duration
	pprof.Do(ctx, pprof.Labels("phase", "restart"), func(ctx context.Context) {
		for b.Loop() {
			cpu0 := cpuTime()
			s := open()
			var err error
			if stats, err = (&index.Indexer{Root: root, Store: s}).IndexAll(ctx, nil); err != nil {
				b.Fatal(err)
			}
			cpu += cpuTime() - cpu0
			b.StopTimer()
			if err := s.Close(); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
	})
	if stats.Parsed != 0 || stats.Deleted != 0 {
		b.Errorf("a restart parsed %d and deleted %d files; want nothing changed", stats.Parsed, stats.Deleted)
	}
	b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(stats.Unchanged), "unchanged")
}

// cpuTime is the process's user + system CPU time: on a machine shared
// with other work it is steadier than the wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

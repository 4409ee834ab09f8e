package files

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"
)

// BenchmarkWalkRepo walks the repository CALLCASCADE_BENCH_REPO names as a
// warm restart does (DeferBinaryCheck, OS cache warm): the walk is nearly
// all of a restart with nothing changed (docs/PERFORMANCE.md).
//
//	CALLCASCADE_BENCH_REPO=/path/to/repo go test ./cascade/files -run '^$' -bench WalkRepo
func BenchmarkWalkRepo(b *testing.B) {
	root := os.Getenv("CALLCASCADE_BENCH_REPO")
	if root == "" {
		b.Skip("set CALLCASCADE_BENCH_REPO to the root of a repository to walk")
	}
	opts := WalkOptions{DeferBinaryCheck: true}
	files := 0
	cpu0 := cpuTime()
	for b.Loop() {
		files = 0
		if _, err := Walk(context.Background(), root, opts, func(WalkedFile) error { files++; return nil }); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1e3/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(files), "files")
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

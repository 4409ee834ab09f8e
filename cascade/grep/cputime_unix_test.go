//go:build unix

package grep

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system, every thread) the process has
// used: on a shared machine it varies far less than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }

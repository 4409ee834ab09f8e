//go:build !unix

package grep

import (
	"errors"
	"time"
)

// cpuTime is not measured here: CPU columns read 0.
func cpuTime() time.Duration { return 0 }

func mkfifo(string) error { return errors.ErrUnsupported }

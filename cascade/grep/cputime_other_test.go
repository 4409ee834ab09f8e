//go:build !unix

package grep

import "time"

// cpuTime is not measured here: CPU columns read 0.
func cpuTime() time.Duration { return 0 }

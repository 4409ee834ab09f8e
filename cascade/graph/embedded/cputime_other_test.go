//go:build !unix

package embedded

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }

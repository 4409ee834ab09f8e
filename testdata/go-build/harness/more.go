//go:build e2e

package harness

func Both() int {
	NewHub().Token()
	return WithOps()
}

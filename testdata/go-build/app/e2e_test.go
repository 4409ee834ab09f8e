//go:build e2e

package app

import (
	"testing"

	"example.com/gb/harness"
	"example.com/gb/store"
)

// Built only with the e2e tag, which gopls does not set: its calls are no
// callers of DB.Close, nor of the e2e harness's functions.
func TestEndToEnd(t *testing.T) {
	var s store.Service = store.Open()
	defer s.Close()
	d := store.Open()
	d.Close()
	h := harness.NewHub()
	_ = h.Token()
	_ = harness.WithOps()
}

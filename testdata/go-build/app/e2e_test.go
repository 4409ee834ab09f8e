//go:build e2e

package app

import (
	"testing"

	"example.com/gb/store"
)

// Built only with the e2e tag, which gopls does not set: its calls are no
// callers of DB.Close.
func TestEndToEnd(t *testing.T) {
	var s store.Service = store.Open()
	defer s.Close()
	d := store.Open()
	d.Close()
}

//go:build e2e

// Package harness is built only with the e2e tag, which no configuration
// gopls tries sets: gopls type-checks this file as a package of its own
// (as nexus-gateway's testharness), so only calls in this file are callers
// of its functions; harness/more.go, in the same package under the same
// tag, and app/e2e_test.go are not.
package harness

type Hub struct{}

func WithOps() int { return 1 } // @def(withOps, "WithOps") @callers(withOps, newHub)

func NewHub() *Hub { // @def(newHub, "NewHub")
	_ = WithOps() // @site(newHubWithOps, "WithOps") @call(newHub, withOps, newHubWithOps)
	return &Hub{}
}

func (h *Hub) Token() string { return "" } // @def(token, "Token") @callers(token)

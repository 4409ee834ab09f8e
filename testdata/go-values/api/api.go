// Package api re-exports its subpackages' constructors, as a package kept
// for older importers does: each is a variable holding the function.
package api

import "example.com/values/handlers"

type Auth = handlers.Auth

var (
	NewAuth     = handlers.NewAuth
	NewReferral = newReferral
)

func newReferral() *handlers.Referral { return &handlers.Referral{} }

// Unwrapper is what Wrap and OpenWrap return.
type Unwrapper interface {
	Unwrap() (int, error)
}

// Variables holding a function, swapped out in tests: a function literal,
// and a declared func type set elsewhere. Calling them gives their results.
var Wrap = func(v int, opts ...string) (Unwrapper, error) {
	return &handlers.Wrapper{}, nil
}

var OpenWrap func() Unwrapper

// Registry's Lookup is held by the package variable of the same name: a
// method value of a package variable.
type Registry struct{}

func (Registry) Lookup(name string) (Unwrapper, error) { return &handlers.Wrapper{}, nil }

var registry = Registry{}

var Lookup = registry.Lookup

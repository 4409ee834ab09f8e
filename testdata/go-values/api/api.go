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

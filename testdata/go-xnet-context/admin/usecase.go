package admin

import "golang.org/x/net/context"

// Usecase is written with golang.org/x/net/context, whose Context is an
// alias of the standard library's.
type Usecase interface {
	ValidateToken(ctx context.Context, token string) (string, error) // @def(ifaceValidate, "ValidateToken")
	Cancel(stop context.CancelFunc)                                  // @def(ifaceCancel, "Cancel")
}

// Package shared declares the interface every module's controller is meant
// to follow (golang-modular-software's shared.Controller). Its methods are
// unexported: only a type of this package can have them, so no module's
// controller implements it, whatever it declares.
package shared

type Ctx struct{ id string }

type Controller interface {
	Routes(r *Router)
	details(c *Ctx) error // @def(ifaceDetails, "details") @callers(ifaceDetails, show)
}

type Router struct{ handlers map[string]func(*Ctx) error }

func (r *Router) Get(path string, h func(*Ctx) error) { r.handlers[path] = h }

// local is this package's own controller: it does have details.
type local struct{}

func (local) Routes(r *Router) {}

func (local) details(c *Ctx) error { return nil } // @def(localDetails, "details") @callers(localDetails, show)

func show(c Controller, x *Ctx) error { // @def(show, "show")
	return c.details(x) // @site(showSite, "details") @call(show, ifaceDetails, showSite) @dispatch(show, localDetails, showSite)
}

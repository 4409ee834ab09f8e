package users

import "example.com/unexported/shared"

type UserController struct{}

func (ctrl *UserController) Routes(r *shared.Router) { // @def(routes, "Routes")
	r.Get("/:id/info", ctrl.details) // @site(routesSite, "details") @ref(routes, userDetails, routesSite)
}

func (ctrl *UserController) details(c *shared.Ctx) error { // @def(userDetails, "details") @callers(userDetails, routes)
	return nil
}

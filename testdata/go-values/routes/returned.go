package routes

import "example.com/values/handlers"

// Method values of parameters returned where the function declares a func
// (or a named func type) for that result, and one given to a local the
// function then calls: gopls counts each as a reference of the method
// (session 36). Field reads returned or kept in a local are no reference.
func Handler(auth *handlers.Auth) func(*handlers.Context) { // @def(handlerResult, "Handler")
	return auth.Verify // @site(handlerVerify, "Verify") @ref(handlerResult, verify, handlerVerify)
}

type HandlerFunc func(*handlers.Context)

// A named func type, the first of two results, through a field path.
func Pick(deps Deps) (HandlerFunc, error) { // @def(pickResult, "Pick")
	return deps.Referral.Create, nil // @site(pickCreate, "Create") @ref(pickResult, referralCreate, pickCreate)
}

// A local the function calls.
func Run(auth *handlers.Auth) { // @def(runLocal, "Run")
	logout := auth.Logout // @site(runLogout, "Logout") @ref(runLocal, logout, runLogout)
	logout(nil)
}

// A string returned, and a field kept in a local that is only passed on.
func Named(req handlers.Request) string {
	return req.Name
}

func Kept(req handlers.Request) {
	name := req.Name
	log(name)
}

// A named result, and a var, declared with a func type: the method value
// given to either is returned or kept as a function (temporal's
// pickClientForRead: release = token.Release).
func Release(auth *handlers.Auth) (release func(*handlers.Context), err error) { // @def(releaseResult, "Release")
	release = auth.Logout // @site(releaseLogout, "Logout") @ref(releaseResult, logout, releaseLogout)
	return release, nil
}

func Later(auth *handlers.Auth) func(*handlers.Context) { // @def(later, "Later")
	var next func(*handlers.Context)
	next = auth.Verify // @site(laterVerify, "Verify") @ref(later, verify, laterVerify)
	return next
}

// A string-typed result given a field: no reference.
func Title(req handlers.Request) (title string) {
	title = req.Name
	return title
}

package routes

import "example.com/values/handlers"

type Router interface {
	GET(path string, h func(*handlers.Context))
	POST(path string, h func(*handlers.Context))
}

type Deps struct {
	Referral *handlers.Referral
}

func use(h func(*handlers.Context)) {}

func log(s string) {}

// A constructed local's methods passed by value, to a router's method and
// to a plain function.
func Setup(r Router) { // @def(setup, "Setup")
	auth := handlers.NewAuth()
	r.POST("/verify", auth.Verify) // @site(setupVerify, "Verify") @ref(setup, verify, setupVerify)
	use(auth.Logout)               // @site(setupLogout, "Logout") @ref(setup, logout, setupLogout)
}

// A parameter's field path, and a parameter itself.
func Mount(r Router, deps Deps, auth *handlers.Auth, req handlers.Request) { // @def(mount, "Mount")
	r.POST("/referrals", deps.Referral.Create) // @site(mountCreate, "Create") @ref(mount, referralCreate, mountCreate)
	r.GET("/logout", auth.Logout)              // @site(mountLogout, "Logout") @ref(mount, logout, mountLogout)
	log(req.Name)
}

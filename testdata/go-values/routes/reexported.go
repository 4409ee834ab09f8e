package routes

import "example.com/values/api"

// A local typed by a constructor called through a package's variable
// (api.NewAuth holds handlers.NewAuth): its methods are handlers.Auth's.
func Reexported(r Router) { // @def(reexported, "Reexported")
	auth := api.NewAuth()
	r.POST("/verify", auth.Verify) // @site(reVerify, "Verify") @ref(reexported, verify, reVerify)
	auth.Logout(nil)               // @site(reLogout, "Logout") @call(reexported, logout, reLogout)
	referral := api.NewReferral()
	referral.Create(nil) // @site(reCreate, "Create") @call(reexported, referralCreate, reCreate)
}

var newAuth = api.NewAuth

// The same through a variable of this package.
func Local(r Router) { // @def(local, "Local")
	a := newAuth()
	a.Logout(nil) // @site(localLogout, "Logout") @call(local, logout, localLogout)
}

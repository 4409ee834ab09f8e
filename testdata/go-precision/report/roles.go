package report

import "example.com/gop/store"

func CheckAdmin() bool { // @def(checkAdmin, "CheckAdmin")
	return store.Role("admin").IsValid() // @site(adminValid, "IsValid") @call(checkAdmin, roleValid, adminValid)
}

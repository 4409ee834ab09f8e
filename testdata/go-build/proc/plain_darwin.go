package proc

func Plain(p string) bool { // @def(plain, "Plain")
	return hasSuffix(p) // @site(plainHas, "hasSuffix") @call(plain, hasSuffix, plainHas)
}

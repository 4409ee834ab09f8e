package lib

import "strings"

func Trim(s string) string { // @def(trim, "Trim")
	return strings.TrimSpace(s)
}

func Twice(s string) string { // @def(twice, "Twice")
	t := Trim(s)   // @site(twiceTrim1, "Trim") @call(twice, trim, twiceTrim1, twiceTrim2)
	return Trim(t) // @site(twiceTrim2, "Trim")
}

// Thrice is called from nowhere in lib's module: tools's call is of the
// module cache's copy.
func Thrice(s string) string { // @def(thrice, "Thrice") @callers(thrice)
	return s
}

package sub

import "example.com/lib"

// Another package of lib's module: a caller.
func Use() string { // @def(use, "Use")
	return lib.Trim("y") // @site(useTrim, "Trim") @call(use, trim, useTrim)
}

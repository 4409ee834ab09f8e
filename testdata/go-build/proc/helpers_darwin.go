package proc

func hasSuffix(p string) bool { return p != "" } // @def(hasSuffix, "hasSuffix") @callers(hasSuffix, plain)

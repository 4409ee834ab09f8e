package routes

import "example.com/values/api"

// Locals typed by calling a package's function variables: their Unwrap is
// api.Unwrapper's, which handlers.Wrapper implements.
func Unwrapped() int { // @def(unwrapped, "Unwrapped")
	w, err := api.Wrap(1)
	if err != nil {
		return 0
	}
	n, _ := w.Unwrap() // @site(unwrappedUnwrap, "Unwrap") @dispatch(unwrapped, wrapperUnwrap, unwrappedUnwrap)
	return n
}

func Opened() int { // @def(opened, "Opened")
	w := api.OpenWrap()
	n, _ := w.Unwrap() // @site(openedUnwrap, "Unwrap") @dispatch(opened, wrapperUnwrap, openedUnwrap)
	return n
}

// api.Lookup holds registry.Lookup, a method value: its results.
func Looked() int { // @def(looked, "Looked")
	w, _ := api.Lookup("x")
	n, _ := w.Unwrap() // @site(lookedUnwrap, "Unwrap") @dispatch(looked, wrapperUnwrap, lookedUnwrap)
	return n
}

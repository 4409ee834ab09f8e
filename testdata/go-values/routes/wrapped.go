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

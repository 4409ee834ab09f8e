package app

// RunAll ranges over a slice of interface{ Run() } in another package than
// Job's and Task's: gopls looks for calls through an interface literal
// only in the implementation's own package, so neither lists it.
func RunAll(xs []interface{ Run() }) { // @def(appRunAll, "RunAll")
	for _, x := range xs {
		x.Run()
	}
}

package b

import "example.com/a"

// b and a are both used by work/go.work: one view, and b calls a.Run.
func Start() { // @def(bStart, "Start")
	a.Run() // @site(bRun, "Run") @call(bStart, aRun, bRun)
}

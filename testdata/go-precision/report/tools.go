package report

import "example.com/gop/store"

// Run types err from a method called on a composite literal, got from a
// channel of errors, and reads a package's error variable: every Error
// call here is error's, none is Problem.Error's.
func Run() string { // @def(run, "Run")
	err := (&store.Tool{}).Run() // @site(runLiteral, "Run") @call(run, toolRun, runLiteral)
	done := make(chan error, 1)
	done <- err
	select {
	case got := <-done:
		return got.Error() + store.ErrMissing.Error()
	}
}

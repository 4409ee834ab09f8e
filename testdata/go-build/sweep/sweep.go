//go:build !fastsweep

package sweep

// Sweeper is declared again in sweep_fast.go, for builds with the fastsweep
// tag: gopls answers in the default build, where only this one exists.
type Sweeper struct{ n int }

func (s *Sweeper) emit() { s.n++ } // @def(emit, "emit")

func (s *Sweeper) Run() { // @def(run, "Run")
	s.emit() // @site(runEmit, "emit") @call(run, emit, runEmit)
}

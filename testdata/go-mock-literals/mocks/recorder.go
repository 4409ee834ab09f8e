package mocks

type Recorder struct{}

func (r *Recorder) Cleanup(f func()) {} // @def(recorderCleanup, "Cleanup") @nocallers(recorderCleanup)

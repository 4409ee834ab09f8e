package app

import "example.com/core/v3"

// recorder embeds the dependency's RW, which embeds
// http.ResponseWriter: it has that interface's methods, and its Write's
// call through the embedded field is a call of http.ResponseWriter's Write,
// which recorder implements: gopls lists it among recorder.Write's callers
// (session 26, gzydong/go-chat's gin.ResponseWriter).
type recorder struct {
	core.RW
	n int
}

func (r recorder) Write(b []byte) (int, error) { // @def(recorderWrite, "Write")
	r.n += len(b)
	return r.RW.Write(b) // @site(innerWrite, "Write") @dispatch(recorderWrite, recorderWrite, innerWrite)
}

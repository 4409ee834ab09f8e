package resp

// Resp declares no interface: relay's writeFlusher, which Resp implements,
// is declared in a package that does not import this one.
type Resp struct{}

func (*Resp) Write(p []byte) (int, error) { return len(p), nil } // @def(respWrite, "Write") @callers(respWrite, sum)

func (*Resp) Flush() {}

package sweep

func (s *Sweeper) flush() {} // @def(flushWindows, "flush")

// Close's call is flush_windows.go's flush: gopls answers on this file in
// a windows build, where flush_other.go is left out.
func (s *Sweeper) Close() { // @def(closeWindows, "Close")
	s.flush() // @site(closeWindowsFlush, "flush") @call(closeWindows, flushWindows, closeWindowsFlush)
}

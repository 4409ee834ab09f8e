//go:build !windows

package sweep

func (s *Sweeper) flush() { s.n = 0 }

func (s *Sweeper) Close() {
	s.flush()
}

package report

import (
	"time"

	"github.com/stretchr/testify/mock"
)

// Recorder embeds an outside type: what its promoted Called returns is
// that package's, and String on it is no call of Silencer.String.
type Recorder struct{ mock.Mock }

func Recorded(r *Recorder, n int) string {
	args := r.Called()
	dur := time.Duration(n) * time.Second
	return args.String(0) + dur.String()
}

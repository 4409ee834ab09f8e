package report

import (
	"math/big"
	"time"

	"github.com/stretchr/testify/mock"
	"k8s.io/client-go/dynamic/dynamicinformer"
)

// Recorder embeds an outside type: what its promoted Called returns is
// that package's, and String on it is no call of Silencer.String.
type Recorder struct{ mock.Mock }

func Recorded(r *Recorder, n int) string {
	args := r.Called()
	dur := time.Duration(n) * time.Second
	return args.String(0) + dur.String()
}

// Delta's d is new(big.Int)'s, a math/big value: String on it is no call
// of Silencer.String.
func Delta(a, b *big.Int) string {
	d := new(big.Int).Sub(a, b)
	return d.String()
}

// Unsynced ranges over what an outside package's value returns: its keys
// are that package's values.
func Unsynced(done chan struct{}) string {
	factory := dynamicinformer.NewFilteredDynamicSharedInformerFactory(nil, 0, "", nil)
	for gvr, synced := range factory.WaitForCacheSync(done) {
		if !synced {
			return gvr.String()
		}
	}
	return ""
}

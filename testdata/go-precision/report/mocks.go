package report

import (
	"math/big"
	"time"

	"github.com/prometheus/common/model"
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

// Kind's constants are Kinds, those after the first by repeating its
// type: Cron.String() is Kind's String, a precise call, and no caller of
// Silencer.String.
type Kind int

const (
	Interval Kind = iota
	// Cron is the second.
	Cron
)

func (k Kind) String() string { return "kind" } // @def(kindString, "String")

func Kinds() string { // @def(kinds, "Kinds")
	return Cron.String() // @site(kindsString, "String") @call(kinds, kindString, kindsString)
}

// A conversion to a pointer of a type defined from an outside type, and an
// outside value negated: String on their values is no caller of
// Silencer.String.
type sample model.Sample

func NaN(samples []*model.Sample) bool {
	for _, s := range samples {
		metric := (*sample)(s)
		if metric.Value.String() == "NaN" {
			return true
		}
	}
	return (-time.Hour).String() == ""
}

package report

import (
	"github.com/prometheus/common/model"

	"example.com/gop/store"
)

type Head struct{ Norm *store.Cache }

type Model struct{ Head *Head }

// draft is defined from Model: it has Model's fields (none of its methods).
type draft Model

func (d *draft) Step() string { // @def(draftStep, "Step")
	return d.Head.Norm.Get("k") // @site(draftGet, "Get") @call(draftStep, CacheGet, draftGet)
}

// sample is defined from an outside type: its fields are that package's.
type sample model.Sample

func (s *sample) Describe() string {
	return s.Value.String()
}

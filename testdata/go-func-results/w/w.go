package w

import "example.com/gofuncresults/db"

// poll calls the FactoryFunc that db.Factory returns, held in a local: the
// call gives a TraceDB, whose Get is called.
func poll() { // @def(poll, "poll")
	mk := db.Factory()
	ds, err := mk("jaeger")
	if err != nil {
		return
	}
	ds.Get("a") // @site(pollGet, "Get") @call(poll, traceGet, pollGet) @dispatch(poll, jaegerGet, pollGet)
}

// pollParam is given the FactoryFunc.
func pollParam(mk db.FactoryFunc) { // @def(pollParam, "pollParam")
	ds, _ := mk("jaeger")
	ds.Get("b") // @site(paramGet, "Get") @call(pollParam, traceGet, paramGet) @dispatch(pollParam, jaegerGet, paramGet)
}

// pollRange ranges over the FactoryFuncs db.Factories returns.
func pollRange() { // @def(pollRange, "pollRange")
	for _, mk := range db.Factories() {
		ds, _ := mk("jaeger")
		ds.Get("c") // @site(rangeGet, "Get") @call(pollRange, traceGet, rangeGet) @dispatch(pollRange, jaegerGet, rangeGet)
	}
}

type holder struct{ mk db.FactoryFunc }

// pollField calls a field of the func type.
func (h holder) pollField() { // @def(pollField, "pollField")
	ds, _ := h.mk("jaeger")
	ds.Get("d") // @site(fieldGet, "Get") @call(pollField, traceGet, fieldGet) @dispatch(pollField, jaegerGet, fieldGet)
}

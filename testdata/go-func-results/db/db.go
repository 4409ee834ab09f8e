package db

// TraceDB is what a FactoryFunc makes.
type TraceDB interface {
	Get(id string) string // @def(traceGet, "Get") @callers(traceGet, poll, pollParam, pollRange, pollField)
}

// FactoryFunc is a workspace func type: calling a value of it gives a
// TraceDB.
type FactoryFunc func(kind string) (TraceDB, error)

type factory struct{}

// Factory returns a FactoryFunc (a method value).
func Factory() FactoryFunc {
	f := factory{}
	return f.New
}

// Factories returns several.
func Factories() []FactoryFunc { return []FactoryFunc{Factory()} }

func (f *factory) New(kind string) (TraceDB, error) { return &jaeger{}, nil }

type jaeger struct{}

func (j *jaeger) Get(id string) string { return id } // @def(jaegerGet, "Get") @callers(jaegerGet, poll, pollParam, pollRange, pollField)

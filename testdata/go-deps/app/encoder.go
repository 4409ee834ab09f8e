package app

import (
	"time"

	"example.com/core/v3"
)

// arrayEncoder implements the dependency's ArrayEncoder, whose methods
// come partly from an embedded interface and name the dependency's types
// unqualified (opentelemetry-go-contrib's otelzap and zapcore.ArrayEncoder,
// the thirty-seventh held-aside set).
type arrayEncoder struct{ out []any }

func (a *arrayEncoder) AppendBool(v bool)                       { a.out = append(a.out, v) }
func (a *arrayEncoder) AppendInt16(v int16)                     { a.out = append(a.out, v) } // @def(appendInt16, "AppendInt16")
func (a *arrayEncoder) AppendDuration(v time.Duration)          { a.out = append(a.out, v) }
func (a *arrayEncoder) AppendArray(v core.ArrayMarshaler) error { return v.MarshalLogArray(a) }
func (a *arrayEncoder) AppendReflected(v any) error             { a.out = append(a.out, v); return nil }

// encodeAll calls through the interface in a table's function literals.
func encodeAll() []any { // @def(encodeAll, "encodeAll")
	cases := []struct {
		name string
		f    func(core.ArrayEncoder)
	}{
		{"int16", func(e core.ArrayEncoder) {
			e.AppendInt16(42) // @site(tableCall, "AppendInt16") @dispatch(encodeAll, appendInt16, tableCall)
		}},
	}
	enc := &arrayEncoder{}
	for _, c := range cases {
		c.f(enc)
	}
	return enc.out
}

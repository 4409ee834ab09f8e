package codec

// EncodePlan is what a codec plans for a value: pgx's pgtype shape.
type EncodePlan interface {
	Encode(value any, buf []byte) ([]byte, error)
}

type BitsCodec struct{}

func (BitsCodec) Plan(format int16, value any) EncodePlan { // @def(bitsPlan, "Plan")
	return bitsText{}
}

type bitsText struct{}

func (bitsText) Encode(value any, buf []byte) ([]byte, error) { // @def(bitsEncode, "Encode")
	return append(buf, 'b'), nil
}

type IntCodec struct{ size int }

func (c *IntCodec) Plan(format int16, value any) EncodePlan { // @def(intPlan, "Plan")
	return intText{}
}

type intText struct{}

func (intText) Encode(value any, buf []byte) ([]byte, error) { // @def(intEncode, "Encode")
	return append(buf, 'i'), nil
}

// Bits encodes through a literal's method chain: gopls lists the call of
// Encode, made through the EncodePlan interface, under every Encode.
func Bits(b []byte) string { // @def(bits, "Bits")
	buf, _ := BitsCodec{}.Plan(0, b).Encode(b, nil) // @site(bitsPlanCall, "Plan") @site(bitsEncodeCall, "Encode") @call(bits, bitsPlan, bitsPlanCall)
	return string(buf)                              // @dispatch(bits, bitsEncode, bitsEncodeCall) @dispatch(bits, intEncode, bitsEncodeCall)
}

// Int does the same through a pointer literal with fields.
func Int(v int) string { // @def(intFn, "Int")
	buf, _ := (&IntCodec{size: 8}).Plan(0, v).Encode(v, nil) // @site(intPlanCall, "Plan") @site(intEncodeCall, "Encode") @call(intFn, intPlan, intPlanCall)
	return string(buf)                                       // @dispatch(intFn, bitsEncode, intEncodeCall) @dispatch(intFn, intEncode, intEncodeCall)
}

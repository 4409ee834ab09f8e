// Package core stands for a module dependency (vendored here, as the
// module cache holds it elsewhere): callcascade does not index it, and
// reads its types' method sets on need.
package core

import (
	"net/http"
	"time"
)

type ObjectMeta struct{ Name string }

// Resource declares GetMetadata and embeds Generated's methods.
type Resource interface {
	GetMetadata() *ObjectMeta
	Generated
}

type Generated interface {
	Validate() error
}

// Labeled has a GetMetadata of another result.
type Labeled interface {
	GetMetadata() map[string]string
}

// RW embeds the standard library's ResponseWriter (as gin's ResponseWriter does): its Write
// is http.ResponseWriter's.
type RW interface {
	http.ResponseWriter
	Size() int
}

// Reader has unexported methods (as go.opentelemetry.io/otel/sdk/metric's
// Reader does): only a type embedding a Reader implements it outside this
// package.
type Reader interface {
	register(int)
	Collect() error
	Shutdown() error
}

// ArrayEncoder embeds PrimitiveArrayEncoder and names its own types
// unqualified (as go.uber.org/zap's zapcore.ArrayEncoder does).
type ArrayEncoder interface {
	PrimitiveArrayEncoder
	AppendDuration(time.Duration)
	AppendArray(ArrayMarshaler) error
	AppendReflected(value interface{}) error
}

type PrimitiveArrayEncoder interface {
	AppendBool(bool)
	AppendInt16(int16)
}

type ArrayMarshaler interface {
	MarshalLogArray(ArrayEncoder) error
}

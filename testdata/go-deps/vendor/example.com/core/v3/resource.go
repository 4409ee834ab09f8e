// Package core stands for a module dependency (vendored here, as the
// module cache holds it elsewhere): callcascade does not index it, and
// reads its types' method sets on need.
package core

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

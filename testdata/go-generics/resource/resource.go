package resource

// Resource is what every component is.
type Resource interface {
	Name() string
}

// Getter hands out the resources of one kind: Resource gives a T.
type Getter[T Resource] interface {
	Resource(name string) (T, error)
}

// AssertType is r as a T.
func AssertType[T any](r any) (T, error) {
	t, _ := r.(T)
	return t, nil
}

// CreateClient makes a client of a T: a generic func type.
type CreateClient[T Resource] func(name string) (T, error)

// Registration holds what one kind of resource registers: its RPCClient
// makes a T.
type Registration[T Resource] struct {
	RPCClient CreateClient[T]
	Other     func(name string) (T, error)
	Default   T
}

// Lookup finds the registration of a T: a generic type instantiated with the
// function's own type parameter.
func Lookup[T Resource](api string) (Registration[T], bool, error) {
	var zero Registration[T]
	return zero, false, nil
}

// LookupPtr is Lookup through a pointer.
func LookupPtr[T Resource](api string) *Registration[T] {
	return nil
}

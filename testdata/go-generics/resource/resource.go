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

package rm

// Spec constrains the type parameters below: a value of such a type
// parameter is called through Spec's methods.
type Spec interface {
	HasID() bool
	Validate() error // @def(specValidate, "Validate") @callers(specValidate, create, check, provide, build, provision, firstValid, lookup)
}

type manager[T Spec] struct{ items []T }

// create's specs has the receiver's type parameter T, constrained by Spec
// in manager's declaration.
func (m *manager[T]) create(specs T) error { // @def(create, "create")
	if !specs.HasID() {
		return nil
	}
	return specs.Validate() // @site(createValidate, "Validate") @call(create, specValidate, createValidate) @dispatch(create, suiteValidate, createValidate)
}

// check's s has its own type parameter S, constrained by Spec.
func check[S Spec](s S) error { // @def(check, "check")
	return s.Validate() // @site(checkValidate, "Validate") @call(check, specValidate, checkValidate) @dispatch(check, suiteValidate, checkValidate)
}

// anyOf's a is constrained by any: it has no methods to call.
func anyOf[A any](a A) {}

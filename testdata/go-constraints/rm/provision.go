package rm

// provision is a method of manager declared in another file than the
// type (kubeshop/tracetest's provisioner.go): its specs, a T, is called
// through Spec, manager's constraint, kept with the type's symbol.
func (m *manager[T]) provision(specs T) error { // @def(provision, "provision")
	return specs.Validate() // @site(provisionValidate, "Validate") @call(provision, specValidate, provisionValidate) @dispatch(provision, suiteValidate, provisionValidate)
}

// firstValid's local has the receiver's parameter, renamed X here.
func (m *manager[X]) firstValid() bool { // @def(firstValid, "firstValid")
	var item X
	if len(m.items) > 0 {
		item = m.items[0]
	}
	return item.Validate() == nil // @site(firstValidValidate, "Validate") @call(firstValid, specValidate, firstValidValidate) @dispatch(firstValid, suiteValidate, firstValidValidate)
}

// lookup's own type parameter K, constrained by Spec, types its local.
func lookup[K Spec](keys []K) error { // @def(lookup, "lookup")
	var k K
	if len(keys) > 0 {
		k = keys[0]
	}
	return k.Validate() // @site(lookupValidate, "Validate") @call(lookup, specValidate, lookupValidate) @dispatch(lookup, suiteValidate, lookupValidate)
}

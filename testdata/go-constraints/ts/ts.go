package ts

// Suite implements rm.Spec.
type Suite struct{}

func (Suite) HasID() bool { return true }

func (Suite) Validate() error { return nil } // @def(suiteValidate, "Validate") @callers(suiteValidate, create, check, provide, build, provision, firstValid, lookup)

// Other has a Validate but no HasID: no Spec.
type Other struct{}

func (Other) Validate() error { return nil } // @def(otherValidate, "Validate") @callers(otherValidate)

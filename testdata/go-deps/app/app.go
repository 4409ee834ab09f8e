package app

import "example.com/core/v3"

// Check implements core.Resource.
type Check struct{}

func (c *Check) GetMetadata() *core.ObjectMeta { return nil } // @def(checkGetMetadata, "GetMetadata")

func (c *Check) Validate() error { return nil }

// A literal asserted on a value: its GetMetadata is called here directly,
// and, in this package, through core.Resource (which has every method of
// the literal); Check's is called through both.
func nameOf(src interface{}) string { // @def(nameOf, "nameOf")
	obj := src.(interface{ GetMetadata() *core.ObjectMeta }) // @def(litGetMetadata, "GetMetadata")
	return obj.GetMetadata().Name                            // @site(nameGet, "GetMetadata") @incoming(nameOf, litGetMetadata, nameGet) @dispatch(nameOf, checkGetMetadata, nameGet)
}

func namespaceOf(r core.Resource) string { // @def(namespaceOf, "namespaceOf")
	return r.GetMetadata().Name // @site(nsGet, "GetMetadata") @dispatch(namespaceOf, litGetMetadata, nsGet) @dispatch(namespaceOf, checkGetMetadata, nsGet)
}

// core.Labeled's GetMetadata has another result: no call of either.
func labels(l core.Labeled) map[string]string {
	return l.GetMetadata()
}

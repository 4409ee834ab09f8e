package store

// Resolvers is implemented elsewhere; generated handlers call its methods
// through interface literals asserted on the implementation. gopls lists a
// call through a literal whose method set Resolvers has, in Resolvers'
// package, among the callers of Resolvers' method.
type Resolvers interface {
	Rules() error
	Meta() error // @def(resolversMeta, "Meta")
}

func metaHandler(impl interface{}) func() error { // @def(metaHandler, "metaHandler")
	r := impl.(interface{ Meta() error })
	return func() error {
		return r.Meta() // @site(handlerMeta, "Meta") @dispatch(metaHandler, resolversMeta, handlerMeta)
	}
}

// A literal whose Meta has another signature is no call of Resolvers.Meta.
func countHandler(impl interface{}) int {
	r := impl.(interface{ Meta() int })
	return r.Meta()
}

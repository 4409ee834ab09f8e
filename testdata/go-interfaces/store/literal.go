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

// Two methods named ToEntity, on two types, each asserting the same
// literal: each literal's GetMeta is called in its own method directly, and
// in the other through a literal with its method set (gopls relates the two
// in their package).
type configExt struct{}
type stateExt struct{}

func (configExt) ToEntity(src interface{}) string { // @def(configToEntity, "ToEntity")
	obj := src.(interface{ GetMeta() string }) // @def(configGetMeta, "GetMeta")
	return obj.GetMeta()                       // @site(configCall, "GetMeta") @incoming(configToEntity, configGetMeta, configCall) @dispatch(configToEntity, stateGetMeta, configCall)
}

func (stateExt) ToEntity(src interface{}) string { // @def(stateToEntity, "ToEntity")
	obj := src.(interface{ GetMeta() string }) // @def(stateGetMeta, "GetMeta")
	return obj.GetMeta()                       // @site(stateCall, "GetMeta") @incoming(stateToEntity, stateGetMeta, stateCall) @dispatch(stateToEntity, configGetMeta, stateCall)
}

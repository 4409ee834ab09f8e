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

// A test table's field declared with an interface literal: tt.resolver.ID()
// calls through it, and so calls idImpl.ID, in idImpl's package.
type idImpl struct{}

func (*idImpl) ID(n int) (string, error) { return "", nil } // @def(idImplID, "ID")

func checkIDs() { // @def(checkIDs, "checkIDs")
	tests := []struct {
		name     string
		resolver interface {
			ID(n int) (string, error)
		}
	}{
		{name: "one", resolver: &idImpl{}},
	}
	for _, tt := range tests {
		_, _ = tt.resolver.ID(1) // @site(ttID, "ID") @dispatch(checkIDs, idImplID, ttID)
	}
}

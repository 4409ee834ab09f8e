package schema

type Params struct{ Field string }

// CheckAliases and EntityAliases both have an IsSilenced; only
// CheckAliases' takes Params, as the interface literal below asks.
type CheckAliases struct{}

func (CheckAliases) IsSilenced(p Params) (bool, error) { return false, nil } // @def(checkSilenced, "IsSilenced")

type EntityAliases struct{}

func (EntityAliases) IsSilenced(name string) (bool, error) { return true, nil } // @def(entitySilenced, "IsSilenced") @nocallers(entitySilenced)

// isSilencedHandler calls through an interface type literal, as generated
// GraphQL resolvers do.
func isSilencedHandler(impl interface{}) func(Params) (bool, error) { // @def(handler, "isSilencedHandler")
	resolver := impl.(interface {
		IsSilenced(p Params) (bool, error)
	})
	return func(frp Params) (bool, error) {
		return resolver.IsSilenced(frp) // @site(literalSilenced, "IsSilenced") @dispatch(handler, checkSilenced, literalSilenced)
	}
}

package config

type Proxy struct{}

func (p Proxy) Inline() interface{} { // @def(proxyInline, "Inline") @callers(proxyInline, check, inlineOf)
	type Inline struct {
		URL string
	}
	return &Inline{URL: "p"}
}

func (p Proxy) Schema(inline bool) *Schema { // @def(proxySchema, "Schema") @callers(proxySchema, check, schemaOf)
	return nil
}

// inlineOf asserts config.Inline in the package.
func inlineOf(obj any) interface{} { // @def(inlineOf, "inlineOf")
	if i, ok := obj.(Inline); ok {
		return i.Inline() // @site(inlineOfInline, "Inline") @call(inlineOf, inlineInline, inlineOfInline) @dispatch(inlineOf, backendInline, inlineOfInline) @dispatch(inlineOf, proxyInline, inlineOfInline)
	}
	return nil
}

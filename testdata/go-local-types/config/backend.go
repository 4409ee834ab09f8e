package config

// Backend implements Inline; its Inline method declares a struct type
// named Inline too, visible in that method only.
var _ Inline = &Backend{}

type Backend struct{}

func (b Backend) Inline() interface{} { // @def(backendInline, "Inline") @callers(backendInline, check, inlineOf, backendSchema)
	type Inline struct {
		Name string
	}
	return &Inline{Name: "b"}
}

func (b Backend) Schema(inline bool) *Schema { // @def(backendSchema, "Schema") @callers(backendSchema, check, schemaOf)
	_ = b.Inline() // @site(ownInline, "Inline") @call(backendSchema, backendInline, ownInline) @dispatch(backendSchema, inlineInline, ownInline)
	return nil
}

// schemaOf is given a value of the interface Inline, written in the file
// that declares the struct Inline in a method: the interface's.
func schemaOf(i Inline) *Schema { // @def(schemaOf, "schemaOf")
	return i.Schema(false) // @site(schemaOfSchema, "Schema") @call(schemaOf, inlineSchema, schemaOfSchema) @dispatch(schemaOf, backendSchema, schemaOfSchema) @dispatch(schemaOf, proxySchema, schemaOfSchema)
}

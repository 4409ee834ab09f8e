package config

type Schema struct{}

// Inline is the interface; backend.go and proxy.go declare structs of the
// same name in functions, which are not it.
type Inline interface {
	Inline() interface{}        // @def(inlineInline, "Inline") @callers(inlineInline, check, inlineOf, backendSchema)
	Schema(inline bool) *Schema // @def(inlineSchema, "Schema") @callers(inlineSchema, check, schemaOf)
}

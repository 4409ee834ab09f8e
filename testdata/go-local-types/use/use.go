package use

import "example.com/golocaltypes/config"

// Check asserts config.Inline from another package.
func Check(obj any) { // @def(check, "Check")
	if i, ok := obj.(config.Inline); ok {
		i.Inline()     // @site(checkInline, "Inline") @call(check, inlineInline, checkInline) @dispatch(check, backendInline, checkInline) @dispatch(check, proxyInline, checkInline)
		i.Schema(true) // @site(checkSchema, "Schema") @call(check, inlineSchema, checkSchema) @dispatch(check, backendSchema, checkSchema) @dispatch(check, proxySchema, checkSchema)
	}
}

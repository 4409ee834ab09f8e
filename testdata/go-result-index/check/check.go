package check

import "example.com/goresultindex/tr"

// An element of what a call returns, indexed in the receiver itself.
func firstAttr(t tr.Trace) string { // @def(firstAttr, "firstAttr")
	return t.Spans()[0].Attributes.Get("a") // @site(firstAttrGet, "Get") @call(firstAttr, attrsGet, firstAttrGet)
}

func firstName(t tr.Trace) string { // @def(firstName, "firstName")
	return t.Spans()[0].Name() // @site(firstNameName, "Name") @call(firstName, spanName, firstNameName)
}

// Indexed twice, a package's function's result.
func nestedName() string { // @def(nestedName, "nestedName")
	return tr.Grid()[0][1].Name() // @site(nestedNameName, "Name") @call(nestedName, spanName, nestedNameName)
}

func nestedAttr() string { // @def(nestedAttr, "nestedAttr")
	return tr.Grid()[1][0].Attributes.Get("b") // @site(nestedAttrGet, "Get") @call(nestedAttr, attrsGet, nestedAttrGet)
}

// A map's value, by key.
func byKey() string { // @def(byKey, "byKey")
	return tr.Lookup()["root"].Name() // @site(byKeyName, "Name") @call(byKey, spanName, byKeyName)
}

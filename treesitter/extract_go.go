package treesitter

import (
	"regexp"
	"strings"
)

type goHooks struct{}

// match implements queries/go.scm.
func (goHooks) match(_ *extractor, n *node, c *captures) {
	if !n.named {
		return
	}
	switch n.Type() {
	case "package_clause":
		// (package_clause (package_identifier) @package): the last one wins
		for p := n.FirstChild(); p != nil; p = p.NextSibling() {
			if is(p, "package_identifier") {
				c.pkg = p
			}
		}
	case "function_declaration":
		c.symbol(KindFunction, n, fieldChild(n, "name", isIdentifier))
	case "method_declaration":
		c.symbol(KindMethod, n, fieldChild(n, "name", func(c *node) bool { return is(c, "field_identifier") }))
	case "type_spec":
		name := fieldChild(n, "name", isTypeIdentifier)
		if name == nil {
			return
		}
		// The type comes after the name.
		typ := goSpecType(name)
		switch {
		case is(typ, "struct_type"), isAny(typ, goNamedTypeKinds...):
			c.symbol(KindClass, n, name)
		case is(typ, "interface_type"):
			c.symbol(KindInterface, n, name)
		}
	case "type_alias":
		c.symbol(KindClass, n, fieldChild(n, "name", isTypeIdentifier))
	case "method_elem":
		c.symbol(KindMethod, n, fieldChild(n, "name", func(c *node) bool { return is(c, "field_identifier") }))
	case "field_declaration":
		// (type_spec name: (type_identifier) @container
		//   type: (struct_type (field_declaration_list (field_declaration) @field)))
		if list := n.Parent(); is(list, "field_declaration_list") {
			if st := list.Parent(); is(st, "struct_type") && st.FieldName() == "type" {
				if spec := st.Parent(); is(spec, "type_spec") {
					if name := fieldChild(spec, "name", isTypeIdentifier); name != nil && follows(st, name) {
						c.field(n, name)
					}
				}
			}
		}
	case "call_expression":
		c.call(n)
	case "type_conversion_expression":
		// (type_conversion_expression type: (generic_type)) @call
		if fieldChild(n, "type", func(t *node) bool { return is(t, "generic_type") }) != nil {
			c.call(n)
		}
	case "import_spec":
		c.imp(n)
	case "short_var_declaration", "var_spec", "range_clause":
		c.local(n)
	case "interpreted_string_literal", "raw_string_literal":
		c.str(n)
	}
}

func (goHooks) symbol(e *extractor, s *Symbol, decl, _ *node) {
	switch decl.Type() {
	case "method_declaration":
		receiver := goParams(e, field(decl, "receiver"))
		if len(receiver) > 0 {
			s.Container = receiver[0].Type // the base type: *S[T] → S
		}
		s.Params = append(receiver, goParams(e, field(decl, "parameters"))...)
		s.Returns = goResult(e, field(decl, "result"))
	case "function_declaration":
		s.Params = goParams(e, field(decl, "parameters"))
		s.Returns = goResult(e, field(decl, "result"))
	case "type_spec":
		// Embedded types are what a Go type "extends": their methods are promoted.
		switch t := field(decl, "type"); nodeType(t) {
		case "struct_type":
			for _, fd := range namedChildren(firstNamed(t)) {
				if fd.Type() == "field_declaration" && field(fd, "name") == nil {
					s.Extends = append(s.Extends, goType(e, field(fd, "type")))
				}
			}
		case "interface_type":
			for _, c := range namedChildren(t) {
				if c.Type() == "type_elem" || c.Type() == "constraint_elem" {
					if cs := namedChildren(c); len(cs) == 1 {
						s.Extends = append(s.Extends, goType(e, cs[0]))
					}
				}
			}
		case "slice_type", "array_type", "map_type", "channel_type":
			// type Diagnostics []*Diagnostic: what indexing or ranging yields.
			s.Returns = goType(e, t)
		}
	}
}

// goNamedTypeKinds are the non-struct types a named type may have
// (type List []Node): such types get symbols, since they have methods.
var goNamedTypeKinds = []string{"type_identifier", "qualified_type", "generic_type", "slice_type", "array_type",
	"map_type", "pointer_type", "function_type", "channel_type"}

// goSpecType is the type that follows a type_spec's name in its type field,
// when it is one a symbol is made for.
func goSpecType(name *node) *node {
	for t := name.NextSibling(); t != nil; t = t.NextSibling() {
		if t.field != 0 && t.FieldName() == "type" && (isAny(t, "struct_type", "interface_type") || isAny(t, goNamedTypeKinds...)) {
			return t
		}
	}
	return nil
}

// goParams reads a parameter list; "a, b int" gives two params, an unnamed
// parameter gives one with no name.
func goParams(e *extractor, list *node) []Param {
	var out []Param
	for _, p := range namedChildren(list) {
		switch p.Type() {
		case "parameter_declaration", "variadic_parameter_declaration":
			typ := goType(e, field(p, "type"))
			names := childrenByField(p, "name")
			if len(names) == 0 {
				out = append(out, Param{Type: typ})
			}
			for _, n := range names {
				out = append(out, Param{Name: e.text(n), Type: typ})
			}
		}
	}
	return out
}

// goType reduces a type to its base name: pointers, slices, arrays and type
// arguments are stripped; package-qualified names stay (pkg.Type); map,
// chan and func types stay as written.
func goType(e *extractor, n *node) string {
	switch nodeType(n) {
	case "":
		return ""
	case "pointer_type", "parenthesized_type":
		return goType(e, firstNamed(n))
	case "slice_type", "array_type", "implicit_length_array_type":
		return goType(e, field(n, "element"))
	case "map_type", "channel_type": // like slices: the element, what indexing or ranging yields
		return goType(e, field(n, "value"))
	case "generic_type":
		return goType(e, field(n, "type"))
	case "type_elem":
		if cs := namedChildren(n); len(cs) == 1 {
			return goType(e, cs[0])
		}
	}
	return e.squeezed(n)
}

func (goHooks) call(e *extractor, n *node) {
	var c Call
	var fn *node
	switch n.Type() {
	case "call_expression":
		fn = field(n, "function")
		c.Args = e.argTexts(field(n, "arguments"))
	case "type_conversion_expression": // F[int](x): a call of a generic function
		fn = field(n, "type")
		c.Args = []string{e.text(field(n, "operand"))}
	default:
		return
	}
	// Instantiations name the function they instantiate: F[int], pkg.F[T].
	switch nodeType(fn) {
	case "index_expression":
		fn = field(fn, "operand")
	case "generic_type":
		fn = field(fn, "type")
	}
	callee := fn
	switch nodeType(fn) {
	case "identifier", "type_identifier":
	case "selector_expression":
		callee = field(fn, "field")
		c.Receiver = e.squeezed(field(fn, "operand"))
	case "qualified_type":
		callee = field(fn, "name")
		c.Receiver = e.text(field(fn, "package"))
	default: // func literals, conversions like []byte(x), calls of calls
		return
	}
	e.addCallTo(c, callee, n)
}

// goMajorVersion matches a module path's major version element, "v2".
var goMajorVersion = regexp.MustCompile(`^v[0-9]+$`)

// goGopkgVersion matches a gopkg.in style version suffix, "yaml.v3".
var goGopkgVersion = regexp.MustCompile(`\.v[0-9]+$`)

func (goHooks) imports(e *extractor, n *node) {
	path := e.innerText(field(n, "path"))
	if path == "" {
		return
	}
	local := e.text(field(n, "name")) // an alias, "." or "_"
	at := field(n, "name")
	if local == "" {
		at = field(n, "path")
		local = goPackageName(path)
	}
	e.addImport(local, "*", path, at)
}

// goPackageName guesses the name a package is imported under from its path:
// the last element, skipping a major version ("github.com/x/y/v2" → y) and
// a gopkg.in version suffix ("gopkg.in/yaml.v3" → yaml).
func goPackageName(path string) string {
	parts := strings.Split(path, "/")
	name := parts[len(parts)-1]
	if len(parts) > 1 && goMajorVersion.MatchString(name) {
		name = parts[len(parts)-2]
	}
	return goGopkgVersion.ReplaceAllString(name, "")
}

func (goHooks) fields(e *extractor, n, container *node) {
	containerName := e.text(container)
	typ := goType(e, field(n, "type"))
	names := childrenByField(n, "name")
	if len(names) == 0 { // embedded: named after its type
		e.addField(n.StartByte(), Field{Container: containerName, Name: lastSegment(typ), Type: typ})
	}
	for _, name := range names {
		e.addField(n.StartByte(), Field{Container: containerName, Name: e.text(name), Type: typ})
	}
}

func (goHooks) locals(e *extractor, n *node) {
	switch n.Type() {
	case "short_var_declaration": // x := &Foo{}, a, b := Foo{}, 2
		names := namedChildren(field(n, "left"))
		values := namedChildren(field(n, "right"))
		if len(values) == 1 && len(names) > 1 && nodeType(values[0]) == "call_expression" {
			values = append(values, make([]*node, len(names)-1)...) // v, err := f(): v is f's first result
		}
		if len(names) != len(values) {
			return
		}
		for i, name := range names {
			if name.Type() == "identifier" && values[i] != nil {
				e.addLocal(n.StartByte(), e.text(name), goValueType(e, values[i]))
			}
		}
	case "range_clause": // for _, v := range xs: v is an element of xs
		names := namedChildren(field(n, "left"))
		if len(names) == 2 && names[1].Type() == "identifier" {
			e.addLocal(n.StartByte(), e.text(names[1]), RangeTypePrefix+e.squeezed(field(n, "right")))
		}
	case "var_spec": // var x Foo, var x = &Foo{}
		names := childrenByField(n, "name")
		if typ := goType(e, field(n, "type")); typ != "" {
			for _, name := range names {
				e.addLocal(n.StartByte(), e.text(name), typ)
			}
			return
		}
		values := namedChildren(field(n, "value"))
		if len(names) != len(values) {
			return
		}
		for i, name := range names {
			e.addLocal(n.StartByte(), e.text(name), goValueType(e, values[i]))
		}
	}
}

// goResult is the type of a function's first result.
func goResult(e *extractor, n *node) string {
	if nodeType(n) == "parameter_list" {
		for _, p := range namedChildren(n) {
			if p.Type() == "parameter_declaration" {
				return goType(e, field(p, "type"))
			}
		}
		return ""
	}
	return goType(e, n)
}

// goValueType is the type a value evidently has: Foo{}, &Foo{}, new(Foo).
// Composite literals of slices and maps are not values of their element type.
func goValueType(e *extractor, v *node) string {
	switch nodeType(v) {
	case "unary_expression":
		if e.text(field(v, "operator")) == "&" {
			return goValueType(e, field(v, "operand"))
		}
	case "composite_literal":
		switch t := field(v, "type"); nodeType(t) {
		case "type_identifier", "qualified_type", "generic_type":
			return goType(e, t)
		}
	case "call_expression":
		fn := field(v, "function")
		if nodeType(fn) == "identifier" && e.text(fn) == "new" {
			if args := namedChildren(field(v, "arguments")); len(args) == 1 {
				return goType(e, args[0])
			}
		}
		switch nodeType(fn) {
		case "identifier", "selector_expression":
			return CallTypePrefix + e.squeezed(fn)
		}
	}
	return ""
}

func (goHooks) stringLit(e *extractor, n *node) {
	switch nodeType(parent(n)) {
	case "import_spec", "field_declaration": // import paths, struct tags
		return
	}
	text := e.innerBytes(n)
	goConstant(e, n, text)
	e.addString(text, n)
}

// goConstant records a package-level const or var bound to a string
// literal: const TopicOrders = "orders".
func goConstant(e *extractor, n *node, text []byte) {
	list := parent(n)
	spec := parent(list)
	if nodeType(list) != "expression_list" || !isAny(spec, "const_spec", "var_spec") || nodeType(parent(parent(spec))) != "source_file" {
		return
	}
	var names []*node
	for _, c := range childrenByField(spec, "name") {
		if is(c, "identifier") { // the field holds the commas too
			names = append(names, c)
		}
	}
	for i, v := range namedChildren(list) {
		if v == n && i < len(names) {
			e.addConstant("", e.text(names[i]), text)
		}
	}
}

package treesitter

import (
	"strings"
)

type pythonHooks struct{}

// match implements queries/python.scm.
func (pythonHooks) match(e *extractor, n *node, c *captures) {
	if !n.named {
		return
	}
	switch n.Type() {
	case "function_definition":
		c.symbol(KindFunction, n, fieldChild(n, "name", isIdentifier))
	case "class_definition":
		c.symbol(KindClass, n, fieldChild(n, "name", isIdentifier))
	case "call":
		c.call(n)
	case "import_statement", "import_from_statement":
		c.imp(n)
	case "assignment":
		// (class_definition body: (block (expression_statement
		//   (assignment left: (identifier) type: (_)) @field)))
		if pythonAnnotated(n) {
			if st := n.Parent(); is(st, "expression_statement") {
				if body := st.Parent(); is(body, "block") && body.FieldName() == "body" && is(body.Parent(), "class_definition") {
					c.field(n, nil)
				}
			}
		}
		// (assignment left: (attribute object: (identifier) @_self) (#eq? @_self "self")) @field
		if fieldChild(n, "left", func(l *node) bool { return is(l, "attribute") && pythonOnSelf(e, l) }) != nil {
			c.field(n, nil)
		}
		// (assignment left: (identifier)) @local
		if fieldChild(n, "left", isIdentifier) != nil {
			c.local(n)
		}
	case "string":
		c.str(n)
	}
}

// pythonAnnotated matches (assignment left: (identifier) type: (_)): the
// type comes after the name.
func pythonAnnotated(a *node) bool {
	left := fieldChild(a, "left", isIdentifier)
	if left == nil {
		return false
	}
	for t := left.NextSibling(); t != nil; t = t.NextSibling() {
		if t.field != 0 && t.FieldName() == "type" && isWildcard(t) {
			return true
		}
	}
	return false
}

// pythonOnSelf matches (attribute object: (identifier) @_self) with
// (#eq? @_self "self").
func pythonOnSelf(e *extractor, attr *node) bool {
	return fieldChild(attr, "object", func(o *node) bool { return is(o, "identifier") && e.text(o) == "self" }) != nil
}

func (pythonHooks) symbol(e *extractor, s *Symbol, decl, _ *node) {
	if p := parent(decl); nodeType(p) == "decorated_definition" {
		s.Span = e.span(p) // the decorators are part of the declaration
		for _, d := range namedChildren(p) {
			if d.Type() == "decorator" {
				if dec, ok := pythonDecorator(e, d); ok {
					s.Decorators = append(s.Decorators, dec)
				}
			}
		}
	}

	switch decl.Type() {
	case "class_definition":
		for _, b := range namedChildren(field(decl, "superclasses")) {
			switch b.Type() {
			case "identifier", "attribute":
				s.Extends = append(s.Extends, e.squeezed(b))
			case "subscript": // Generic[T], Base[int]
				s.Extends = append(s.Extends, e.squeezed(field(b, "value")))
			}
		}
	case "function_definition":
		s.Returns = pythonType(e, field(decl, "return_type"))
		for _, p := range namedChildren(field(decl, "parameters")) {
			if param, ok := pythonParam(e, p); ok {
				s.Params = append(s.Params, param)
			}
		}
	}
}

func pythonDecorator(e *extractor, d *node) (Decorator, bool) {
	expr := firstNamed(d)
	dec := Decorator{Span: e.span(d)}
	if nodeType(expr) == "call" {
		dec.Name = e.squeezed(field(expr, "function"))
		dec.Args = e.argTexts(field(expr, "arguments"))
	} else {
		dec.Name = e.squeezed(expr)
	}
	return dec, dec.Name != ""
}

func pythonParam(e *extractor, p *node) (Param, bool) {
	var name *node
	var param Param
	switch p.Type() {
	case "identifier":
		name = p
	case "typed_parameter": // the name is its first child; *args: T and **kw: T too
		name = firstNamed(p)
		param.Type = pythonType(e, field(p, "type"))
	case "default_parameter":
		name = field(p, "name")
	case "typed_default_parameter":
		name = field(p, "name")
		param.Type = pythonType(e, field(p, "type"))
	case "list_splat_pattern", "dictionary_splat_pattern":
		name = p
	default: // the bare * and / separators
		return param, false
	}
	switch nodeType(name) {
	case "list_splat_pattern", "dictionary_splat_pattern":
		name = firstNamed(name)
	}
	param.Name = e.text(name)
	return param, param.Name != ""
}

// pythonType reduces an annotation to its base type name: Foo for Foo,
// Optional[Foo], Foo | None, "Foo"; list[Foo] → list; mod.Foo stays as written.
func pythonType(e *extractor, n *node) string {
	switch nodeType(n) {
	case "":
		return ""
	case "type":
		return pythonType(e, firstNamed(n))
	case "identifier", "attribute":
		return e.squeezed(n)
	case "none":
		return "None"
	case "generic_type": // Optional[Foo] in newer grammars
		cs := namedChildren(n)
		if len(cs) == 0 {
			return ""
		}
		base := e.squeezed(cs[0])
		if lastSegment(base) == "Optional" && len(cs) > 1 {
			return pythonType(e, firstNamed(cs[1]))
		}
		return base
	case "subscript": // typing.Optional[Foo]
		base := e.squeezed(field(n, "value"))
		if lastSegment(base) == "Optional" {
			return pythonType(e, field(n, "subscript"))
		}
		return base
	case "binary_operator": // Foo | None
		for _, side := range []*node{field(n, "left"), field(n, "right")} {
			if t := pythonType(e, side); t != "None" && t != "" {
				return t
			}
		}
		return ""
	case "string": // a forward reference, "Foo" or "Optional[Foo]"
		t := strings.TrimSpace(e.innerText(n))
		if i := strings.IndexAny(t, "[ |"); i >= 0 {
			t = t[:i]
		}
		return t
	}
	return e.squeezed(n)
}

func (pythonHooks) call(e *extractor, n *node) {
	var c Call
	fn := field(n, "function")
	callee := fn
	switch nodeType(fn) {
	case "identifier":
	case "attribute":
		callee = field(fn, "attribute")
		c.Receiver = e.squeezed(field(fn, "object"))
	default:
		return
	}
	c.Args = e.argTexts(field(n, "arguments"))
	e.addCallTo(c, callee, n)
}

func (pythonHooks) imports(e *extractor, n *node) {
	switch n.Type() {
	case "import_statement": // import a.b, c as d
		for _, c := range childrenByField(n, "name") {
			switch c.Type() {
			case "dotted_name":
				e.addImport(e.text(c), "*", e.text(c), c)
			case "aliased_import":
				alias := field(c, "alias")
				e.addImport(e.text(alias), "*", e.text(field(c, "name")), alias)
			}
		}
	case "import_from_statement": // from m import a, b as c, *
		module := e.squeezed(field(n, "module_name"))
		for _, c := range childrenByField(n, "name") {
			switch c.Type() {
			case "dotted_name":
				e.addImport(e.text(c), e.text(c), module, c)
			case "aliased_import":
				alias := field(c, "alias")
				e.addImport(e.text(alias), e.text(field(c, "name")), module, alias)
			}
		}
		for _, c := range namedChildren(n) {
			if c.Type() == "wildcard_import" {
				e.addImport("*", "*", module, c)
			}
		}
	}
}

func (pythonHooks) fields(e *extractor, n, _ *node) {
	left := field(n, "left")
	typ := pythonType(e, field(n, "type"))
	if typ == "" {
		typ = pythonValueType(e, field(n, "right"))
	}
	if right := field(n, "right"); typ == "" && nodeType(right) == "identifier" {
		// self.x = x, where x is an annotated parameter
		typ = e.paramType(e.enclosingFunction(n.StartByte()), e.text(right))
	}
	name := left
	if nodeType(left) == "attribute" {
		name = field(left, "attribute")
	}
	e.addField(n.StartByte(), Field{Name: e.text(name), Type: typ})
}

// pythonValueType is the class a value is evidently built from: the called
// name's last segment (Foo for mod.Foo(...)); the resolver checks that it
// is a class.
func pythonValueType(e *extractor, v *node) string {
	if nodeType(v) != "call" {
		return ""
	}
	fn := field(v, "function")
	switch nodeType(fn) {
	case "identifier", "attribute":
		// Foo() constructs a Foo; make_foo() returns what it declares: the
		// resolver tells them apart.
		return CallTypePrefix + e.squeezed(fn)
	}
	return ""
}

func (pythonHooks) locals(e *extractor, n *node) {
	pos := n.StartByte()
	if i := e.innermost(pos); i >= 0 && e.facts.Symbols[i].Kind == KindClass {
		// A class attribute: svc = Svc() is a field; annotated ones are
		// already captured as fields.
		if field(n, "type") == nil {
			e.addField(pos, Field{Name: e.text(field(n, "left")), Type: pythonValueType(e, field(n, "right"))})
		}
		return
	}
	typ := pythonType(e, field(n, "type"))
	if typ == "" {
		typ = pythonValueType(e, field(n, "right"))
	}
	e.addLocal(pos, e.text(field(n, "left")), typ)
}

func (pythonHooks) stringLit(e *extractor, n *node) {
	if nodeType(parent(n)) == "type" {
		return // a forward reference annotation, "Foo"
	}
	var start, end *node
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c.Type() {
		case "interpolation":
			return // an f-string with values: no fixed text
		case "string_start":
			start = c
		case "string_end":
			end = c
		}
	}
	if start == nil || end == nil || start.EndByte() > end.StartByte() {
		return
	}
	text := e.src[start.EndByte():end.StartByte()]
	pythonConstant(e, n, text)
	e.addString(text, n)
}

// pythonConstant records X = "x" at module level, or in a class body (an
// Enum's members, a class of names), as a constant.
func pythonConstant(e *extractor, n *node, text []byte) {
	a := parent(n)
	if nodeType(a) != "assignment" || field(a, "right") != n {
		return
	}
	name := fieldChild(a, "left", isIdentifier)
	st := parent(a)
	if name == nil || nodeType(st) != "expression_statement" {
		return
	}
	switch up := parent(st); nodeType(up) {
	case "module":
		e.addConstant("", e.text(name), text)
	case "block":
		if class := parent(up); nodeType(class) == "class_definition" {
			e.addConstant(e.text(field(class, "name")), e.text(name), text)
		}
	}
}

package treesitter

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// ecmaHooks read TypeScript, TSX and JavaScript trees; the grammars share
// their node types except for type annotations and class fields
// (public_field_definition in TypeScript, field_definition in JavaScript).
type ecmaHooks struct{}

func (ecmaHooks) symbol(e *extractor, s *Symbol, decl, name *sitter.Node) {
	s.Decorators = ecmaDecorators(e, decl)

	switch decl.Type() {
	case "class_declaration", "abstract_class_declaration":
		s.Extends = ecmaHeritage(e, decl)
		return
	case "interface_declaration":
		for _, c := range namedChildren(decl) {
			if c.Type() == "extends_type_clause" {
				for _, t := range namedChildren(c) {
					s.Extends = append(s.Extends, ecmaType(e, t))
				}
			}
		}
		return
	}

	fn := decl
	if v := field(decl, "value"); v != nil { // const f = () => {}, handle = () => {}
		fn = v
	}
	s.Returns = ecmaReturnType(e, field(fn, "return_type"))
	isConstructor := decl.Type() == "method_definition" && e.text(name) == "constructor"
	if p := field(fn, "parameter"); p != nil { // x => ..., a lone untyped parameter
		s.Params = append(s.Params, Param{Name: e.text(p)})
	}
	for _, p := range namedChildren(field(fn, "parameters")) {
		param, isProperty := ecmaParam(e, p)
		if param.Name == "" && param.Type == "" {
			continue // an untyped destructuring pattern
		}
		s.Params = append(s.Params, param)
		if isConstructor && isProperty {
			// constructor(private readonly svc: Svc) declares the field svc.
			e.addField(p.StartByte(), Field{Name: param.Name, Type: param.Type})
		}
	}
}

// ecmaParam reads one formal parameter; isProperty says it is a TypeScript
// parameter property (it has an accessibility modifier, readonly or override).
func ecmaParam(e *extractor, p *sitter.Node) (param Param, isProperty bool) {
	pattern := p
	switch p.Type() {
	case "required_parameter", "optional_parameter":
		pattern = field(p, "pattern")
		param.Type = ecmaType(e, field(p, "type"))
		for i := 0; i < int(p.ChildCount()); i++ {
			switch c := p.Child(i); nodeType(c) {
			case "accessibility_modifier", "override_modifier", "readonly":
				isProperty = true
			}
		}
	case "assignment_pattern": // JavaScript default value
		pattern = field(p, "left")
	}
	if nodeType(pattern) == "rest_pattern" {
		pattern = firstNamed(pattern)
	}
	switch nodeType(pattern) {
	case "identifier", "this":
		param.Name = e.text(pattern)
	}
	return param, isProperty
}

// ecmaDecorators collects a declaration's decorators in source order. They
// sit in three places: before a class member as its siblings (TypeScript),
// inside the declaration (JavaScript members, classes, fields), and on the
// export statement around an exported class.
func ecmaDecorators(e *extractor, decl *sitter.Node) []Decorator {
	var nodes []*sitter.Node
	if p := parent(decl); nodeType(p) == "export_statement" {
		for _, c := range namedChildren(p) {
			if c.Type() == "decorator" {
				nodes = append(nodes, c)
			}
		}
	}
	var before []*sitter.Node
	for s := decl.PrevSibling(); s != nil && s.Type() == "decorator"; s = s.PrevSibling() {
		before = append([]*sitter.Node{s}, before...)
	}
	nodes = append(nodes, before...)
	for _, c := range namedChildren(decl) {
		if c.Type() == "decorator" {
			nodes = append(nodes, c)
		}
	}

	var out []Decorator
	for _, d := range nodes {
		expr := firstNamed(d)
		dec := Decorator{Span: e.span(d)}
		if nodeType(expr) == "call_expression" {
			dec.Name = e.squeezed(field(expr, "function"))
			if args := field(expr, "arguments"); nodeType(args) == "arguments" {
				dec.Args = e.argTexts(args)
			}
		} else {
			dec.Name = e.squeezed(expr)
		}
		if dec.Name != "" {
			out = append(out, dec)
		}
	}
	return out
}

// ecmaHeritage lists a class's superclass and implemented interfaces.
func ecmaHeritage(e *extractor, class *sitter.Node) []string {
	var out []string
	add := func(s string) {
		if s != "" {
			out = append(out, s)
		}
	}
	for _, h := range namedChildren(class) {
		if h.Type() != "class_heritage" {
			continue
		}
		for _, c := range namedChildren(h) {
			switch c.Type() {
			case "extends_clause":
				for _, v := range childrenByField(c, "value") {
					add(ecmaExprName(e, v))
				}
			case "implements_clause":
				for _, t := range namedChildren(c) {
					add(ecmaType(e, t))
				}
			default: // JavaScript: class_heritage holds the expression itself
				add(ecmaExprName(e, c))
			}
		}
	}
	return out
}

// ecmaExprName names the class an expression refers to: "Base", "ns.Base";
// for a mixin call Mixin(Base) the called name.
func ecmaExprName(e *extractor, n *sitter.Node) string {
	switch nodeType(n) {
	case "call_expression":
		return ecmaExprName(e, field(n, "function"))
	case "identifier", "member_expression", "type_identifier", "nested_type_identifier":
		return e.squeezed(n)
	}
	return ""
}

// ecmaType reduces a type annotation to its base type name: Foo for Foo<T>,
// Foo[], readonly Foo[], Foo | null; qualified names stay as written (ns.Foo).
func ecmaType(e *extractor, n *sitter.Node) string {
	switch nodeType(n) {
	case "":
		return ""
	case "type_annotation", "opting_type_annotation", "omitting_type_annotation",
		"parenthesized_type", "readonly_type", "array_type", "optional_type", "rest_type":
		return ecmaType(e, firstNamed(n))
	case "generic_type":
		return ecmaType(e, field(n, "name"))
	case "union_type":
		for _, c := range namedChildren(n) {
			if t := ecmaType(e, c); t != "null" && t != "undefined" && t != "" {
				return t
			}
		}
		return ""
	}
	return e.squeezed(n)
}

func (ecmaHooks) call(e *extractor, n *sitter.Node) {
	var c Call
	var callee *sitter.Node
	switch n.Type() {
	case "call_expression":
		fn := field(n, "function")
		switch nodeType(fn) {
		case "identifier", "super":
			callee = fn
		case "member_expression":
			callee = field(fn, "property")
			c.Receiver = ecmaReceiver(e, field(fn, "object"))
		default: // f()(), (a || b)(), import('x'): nothing to name
			return
		}
		args := field(n, "arguments")
		if nodeType(args) == "template_string" { // tag`...`
			c.Args = []string{e.text(args)}
		} else {
			c.Args = e.argTexts(args)
		}
	case "new_expression":
		c.New = true
		ctor := field(n, "constructor")
		switch nodeType(ctor) {
		case "identifier":
			callee = ctor
		case "member_expression":
			callee = field(ctor, "property")
			c.Receiver = ecmaReceiver(e, field(ctor, "object"))
		default:
			return
		}
		c.Args = e.argTexts(field(n, "arguments"))
	default:
		return
	}
	if callee == nil {
		return
	}
	c.Callee = e.text(callee)
	c.Span = e.span(callee)
	e.addCall(c, n)
}

// ecmaReceiver is the receiver as the resolver reads it: whitespace
// squeezed, optional chaining and non-null assertions dropped
// ("this.a?.b!" reads "this.a.b").
func ecmaReceiver(e *extractor, n *sitter.Node) string {
	for nodeType(n) == "non_null_expression" {
		n = firstNamed(n)
	}
	s := e.squeezed(n)
	return strings.NewReplacer("?.", ".", "!.", ".").Replace(s)
}

func (ecmaHooks) imports(e *extractor, n *sitter.Node) {
	switch n.Type() {
	case "import_statement":
		module := e.innerText(field(n, "source"))
		for _, c := range namedChildren(n) {
			switch c.Type() {
			case "import_clause":
				ecmaImportClause(e, c, module)
			case "import_require_clause": // import x = require('m')
				module := e.innerText(field(c, "source"))
				if id := firstNamed(c); nodeType(id) == "identifier" {
					e.addImport(e.text(id), "*", module, id)
				}
			}
		}
	case "variable_declarator": // const x = require('m'), const {a, b: c} = require('m')
		module := e.innerText(firstNamed(field(field(n, "value"), "arguments")))
		name := field(n, "name")
		switch nodeType(name) {
		case "identifier":
			e.addImport(e.text(name), "*", module, name)
		case "object_pattern":
			for _, p := range namedChildren(name) {
				switch p.Type() {
				case "shorthand_property_identifier_pattern":
					e.addImport(e.text(p), e.text(p), module, p)
				case "pair_pattern":
					if v := field(p, "value"); nodeType(v) == "identifier" {
						e.addImport(e.text(v), e.text(field(p, "key")), module, v)
					}
				}
			}
		}
	}
}

func ecmaImportClause(e *extractor, clause *sitter.Node, module string) {
	for _, c := range namedChildren(clause) {
		switch c.Type() {
		case "identifier": // import X from
			e.addImport(e.text(c), "default", module, c)
		case "namespace_import": // import * as ns from
			if id := firstNamed(c); id != nil {
				e.addImport(e.text(id), "*", module, id)
			}
		case "named_imports": // import {a, b as c} from
			for _, spec := range namedChildren(c) {
				if spec.Type() != "import_specifier" {
					continue
				}
				name, local := field(spec, "name"), field(spec, "alias")
				if local == nil {
					local = name
				}
				e.addImport(ecmaName(e, local), ecmaName(e, name), module, local)
			}
		}
	}
}

// ecmaName reads an identifier or a string used as a name (import {"a-b" as c}).
func ecmaName(e *extractor, n *sitter.Node) string {
	if nodeType(n) == "string" {
		return e.innerText(n)
	}
	return e.text(n)
}

func (ecmaHooks) fields(e *extractor, n, _ *sitter.Node) {
	switch n.Type() {
	case "public_field_definition", "field_definition":
		name := field(n, "name")
		if name == nil {
			name = field(n, "property")
		}
		value := field(n, "value")
		switch nodeType(value) {
		case "arrow_function", "function_expression", "generator_function":
			return // a method, not a field
		}
		typ := ecmaType(e, field(n, "type"))
		if typ == "" {
			typ = ecmaValueType(e, value)
		}
		e.addField(n.StartByte(), Field{Name: e.text(name), Type: typ})
	case "assignment_expression": // this.x = new Foo(), this.x = typedParam
		left, right := field(n, "left"), field(n, "right")
		typ := ecmaValueType(e, right)
		if typ == "" && nodeType(right) == "identifier" {
			typ = e.paramType(e.enclosingFunction(n.StartByte()), e.text(right))
		}
		e.addField(n.StartByte(), Field{Name: e.text(field(left, "property")), Type: typ})
	}
}

// ecmaValueType is the type an initialiser evidently has: new Foo() or
// x as Foo. Qualified constructors stay as written (new ns.Foo() → ns.Foo).
// ecmaReturnType is a declared return type, looking through Promise<T>.
func ecmaReturnType(e *extractor, n *sitter.Node) string {
	t := n
	if nodeType(t) == "type_annotation" {
		t = firstNamed(t)
	}
	if nodeType(t) == "generic_type" && e.text(field(t, "name")) == "Promise" {
		for _, c := range namedChildren(t) {
			if c.Type() == "type_arguments" {
				if args := namedChildren(c); len(args) == 1 {
					return ecmaType(e, args[0])
				}
			}
		}
	}
	return ecmaType(e, n)
}

func ecmaValueType(e *extractor, v *sitter.Node) string {
	switch nodeType(v) {
	case "call_expression":
		switch fn := field(v, "function"); nodeType(fn) {
		case "identifier", "member_expression":
			return CallTypePrefix + e.squeezed(fn)
		}
	case "new_expression":
		ctor := field(v, "constructor")
		switch nodeType(ctor) {
		case "identifier", "member_expression":
			return e.squeezed(ctor)
		}
	case "as_expression", "satisfies_expression":
		cs := namedChildren(v)
		if len(cs) == 2 {
			return ecmaType(e, cs[1])
		}
	case "await_expression", "parenthesized_expression", "non_null_expression":
		return ecmaValueType(e, firstNamed(v))
	}
	return ""
}

func (ecmaHooks) locals(e *extractor, n *sitter.Node) {
	name := field(n, "name")
	if nodeType(name) != "identifier" {
		return // destructuring: no single type
	}
	value := field(n, "value")
	switch nodeType(value) {
	case "arrow_function", "function_expression", "generator_function":
		return // a function symbol
	}
	typ := ecmaType(e, field(n, "type"))
	if typ == "" {
		typ = ecmaValueType(e, value)
	}
	e.addLocal(n.StartByte(), e.text(name), typ)
}

func (ecmaHooks) stringLit(e *extractor, n *sitter.Node) {
	switch nodeType(parent(n)) {
	case "import_statement", "export_statement", "import_require_clause":
		return // module paths are in Imports
	}
	if n.Type() == "template_string" {
		for _, c := range namedChildren(n) {
			if c.Type() == "template_substitution" {
				return
			}
		}
	}
	e.addString(e.innerText(n), n)
}

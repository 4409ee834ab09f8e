package treesitter

import (
	"slices"
	"strconv"
	"strings"
)

// ecmaHooks read TypeScript, TSX and JavaScript trees; the grammars share
// their node types except for type annotations and class fields
// (public_field_definition in TypeScript, field_definition in JavaScript).
type ecmaHooks struct {
	typed bool // TypeScript or TSX: queries/typescript.scm, else javascript.scm
}

// match implements queries/typescript.scm and queries/javascript.scm.
func (h ecmaHooks) match(e *extractor, n *node, c *captures) {
	if !n.named {
		return
	}
	switch n.Type() {
	case "function_declaration", "generator_function_declaration":
		c.symbol(KindFunction, n, fieldChild(n, "name", isIdentifier))
	case "class_declaration":
		if h.typed {
			c.symbol(KindClass, n, fieldChild(n, "name", isTypeIdentifier))
		} else {
			c.symbol(KindClass, n, fieldChild(n, "name", isIdentifier))
		}
	case "abstract_class_declaration":
		if h.typed {
			c.symbol(KindClass, n, fieldChild(n, "name", isTypeIdentifier))
		}
	case "class":
		// (class name: (type_identifier) @name) @class: a named class
		// expression, as a mixin returns one (return class Pki extends Base {})
		if h.typed {
			c.symbol(KindClass, n, fieldChild(n, "name", isTypeIdentifier))
		} else {
			c.symbol(KindClass, n, fieldChild(n, "name", isIdentifier))
		}
	case "interface_declaration":
		if h.typed {
			c.symbol(KindInterface, n, fieldChild(n, "name", isTypeIdentifier))
		}
	case "method_definition":
		c.symbol(KindMethod, n, fieldChild(n, "name", isWildcard))
		// (method_definition "get" name: (_) return_type: (_)) @field: a
		// getter's declared result is what reading the member gives
		if h.typed && ecmaGetter(n) && is(n.Parent(), "class_body") {
			c.field(n, nil)
		}
	case "abstract_method_signature":
		if h.typed {
			c.symbol(KindMethod, n, fieldChild(n, "name", isWildcard))
		}
	case "method_signature":
		// (interface_body (method_signature name: (_) @name) @method)
		if h.typed && (is(n.Parent(), "interface_body") || ecmaObjectTypeAlias(parent(n.Parent()))) {
			c.symbol(KindMethod, n, fieldChild(n, "name", isWildcard))
			// interface PrismaClient { get kyc(): KycDelegate }: reading
			// the member gives the getter's declared result
			if is(n.Parent(), "interface_body") && ecmaGetter(n) {
				c.field(n, nil)
			}
		}
	case "variable_declarator":
		// (variable_declarator name: (identifier) @name value: [functions]) @function
		if fieldChild(n, "value", isFunctionValue) != nil {
			c.symbol(KindFunction, n, fieldChild(n, "name", isIdentifier))
		}
		// (variable_declarator value: (call_expression function: (identifier) @_require
		//   arguments: (arguments . (string) .)) (#eq? @_require "require")) @import
		if fieldChild(n, "value", func(v *node) bool { return isRequireCall(e, v) }) != nil {
			c.imp(n)
		}
		c.local(n)
	case "for_in_statement":
		// (for_in_statement left: (identifier) "of" right: (_)) @local
		c.local(n)
	case "binary_expression":
		// (ternary_expression condition: (binary_expression left: (identifier)
		//   "instanceof" right: (identifier))) @local, and an if's condition
		if h.typed && ecmaInstanceofNarrowed(e, n) != nil {
			c.local(n)
		}
	case "type_alias_declaration":
		// (program (type_alias_declaration value: (object_type))) @interface:
		// type Breaker = { onFailure(): void } declares what an interface
		// does, and an object literal typed by it implements its methods
		// (tsserver lists breaker.onFailure() under the literal's method)
		if h.typed && ecmaObjectTypeAlias(n) {
			c.symbol(KindInterface, n, fieldChild(n, "name", isTypeIdentifier))
		}
		// (program (type_alias_declaration)) @local: type Ref = Scrollbars
		// (ambient_declaration (statement_block (type_alias_declaration))) @local:
		//   declare global { type MUser = import('./user').MUserClass }
		if h.typed && (ecmaTopLevelStatement(n) || ecmaDeclaredGlobal(n)) {
			c.local(n)
		}
	case "property_signature":
		// (interface_body (property_signature name: (_) type: (_))) @field
		if h.typed && ecmaObjectTypeAlias(parent(n.Parent())) && ecmaFunctionTypedMember(n) {
			// type Breaker = { isOpen: () => boolean }: a method of the
			// alias, as of an interface (the alias's fields are recorded
			// with the alias, ecmaObjectTypeMembers)
			c.symbol(KindMethod, n, fieldChild(n, "name", isWildcard))
		}
		if h.typed && is(n.Parent(), "interface_body") {
			// (interface_body (property_signature type: (type_annotation
			//   (function_type)))) @method: execute: (input: any) => Promise<unknown>
			// is called as a method is, and an object literal typed by the
			// interface implements it (tsserver lists tool.execute(...)
			// under each literal's execute)
			if ecmaFunctionTypedMember(n) {
				c.symbol(KindMethod, n, fieldChild(n, "name", isWildcard))
			}
			c.field(n, nil)
		}
	case "public_field_definition":
		if h.typed {
			if fieldChild(n, "value", isFunctionValue) != nil {
				c.symbol(KindMethod, n, fieldChild(n, "name", isWildcard))
			}
			c.field(n, nil)
		}
	case "field_definition":
		if !h.typed {
			if fieldChild(n, "value", isFunctionValue) != nil {
				c.symbol(KindMethod, n, fieldChild(n, "property", isWildcard))
			}
			c.field(n, nil)
		}
	case "call_expression", "new_expression":
		c.call(n)
		// (call_expression function: (member_expression object: (call_expression
		//   function: (import)) property: "then") arguments: (arguments .
		//   [(arrow_function) (function_expression)])) @local: the module
		if ecmaImportThenParam(e, n) != nil {
			c.local(n)
		}
		// (call_expression function: (member_expression property: "map")
		//   arguments: (arguments . (arrow_function))) @local: the callback's element
		if cb, _, _ := ecmaElementCallback(e, n); cb != nil && n.Type() == "call_expression" {
			c.local(n)
		}
	case "arrow_function", "function_expression":
		// (arguments (arrow_function parameters: (formal_parameters
		//   (required_parameter type: (_))))) @local: a callback's typed parameter
		if h.typed && ecmaTypedParams(n) {
			c.local(n)
		}
	case "jsx_opening_element", "jsx_self_closing_element":
		// (jsx_opening_element name: (_) @_name (#match? @_name "^[A-Z]")) @call
		if name := field(n, "name"); name != nil && isComponentName(e.text(name)) {
			c.call(n)
		}
	case "import_statement":
		c.imp(n)
	case "comment":
		// /** @param {import('@prisma/client').PrismaClient} db */: a
		// JavaScript file's JSDoc import type binds its name, as a
		// TypeScript import type does
		if !h.typed && strings.Contains(e.text(n), "import(") {
			c.imp(n)
		}
	case "export_statement":
		// (export_statement source: (string)) @import: a re-export
		// (export_statement (export_clause) !source) @import: a module's
		// own bindings exported, some under another name
		if field(n, "source") != nil || firstNamedOfType(n, "export_clause") != nil {
			c.imp(n)
		}
		// (export_statement value: (_)) @local: export default <value>
		// (export_statement "default" declaration: (class_declaration)) @local
		// (export_statement "default" declaration: (function_declaration)) @local
		if field(n, "value") != nil || ecmaExportsDefaultDeclaration(n) {
			c.local(n)
		}
	case "pair":
		// (object (pair) @field): { service: new Svc() }, a named object's property
		if is(n.Parent(), "object") {
			c.field(n, nil)
		}
	case "assignment_expression":
		// (assignment_expression left: (member_expression object: (this))) @field
		if fieldChild(n, "left", isThisMember) != nil {
			c.field(n, nil)
		}
		// (program (expression_statement (assignment_expression left:
		//   (member_expression object: (identifier) @_m property: (property_identifier) @_e)) @local)
		//   (#eq? @_m "module") (#eq? @_e "exports"))
		if isModuleExports(e, field(n, "left")) && is(parent(n), "expression_statement") && is(parent(parent(n)), "program") {
			c.local(n)
		}
	case "string", "template_string":
		c.str(n)
	case "identifier", "member_expression", "shorthand_property_identifier":
		if ecmaRefPosition(e, n) {
			c.ref(n)
		}
		// (member_expression property: (property_identifier)) @access: a
		// read or write that may run a getter or setter (extract_access.go)
		if h.typed && n.Type() == "member_expression" && ecmaAccessCandidate(e, n) {
			c.access(n)
		}
		// (object (shorthand_property_identifier) @field): return { service }
		if n.Type() == "shorthand_property_identifier" && is(n.Parent(), "object") {
			c.field(n, nil)
		}
		// (type_annotation (member_expression object: (call_expression
		//   function: (import)) property: (property_identifier))) @import
		if h.typed && n.Type() == "member_expression" && (is(n.Parent(), "type_annotation") || is(n.Parent(), "type_alias_declaration")) {
			if _, name := ecmaImportTypeParts(e, n); name != "" {
				c.imp(n)
			}
		}
	}
}

// ecmaCallFunction is a call's callee. The TypeScript grammar parses
// `await this.get<T>(url)` as a call of `await this.get` with type
// arguments; an await expression is never itself called unparenthesised,
// so the callee is what it awaits.
func ecmaCallFunction(call *node) *node {
	fn := field(call, "function")
	if isAny(fn, "await_expression", "unary_expression") {
		// The grammar reads a unary operator before a call with type
		// arguments as applied to the callee: !getCached<T>(key) and
		// typeof f<T>(x) parse as (!getCached)<T>(key); (!f)(x) would be a
		// parenthesized_expression, so the call is the operand's.
		return firstNamed(fn)
	}
	return fn
}

func isIdentifier(n *node) bool     { return is(n, "identifier") }
func isTypeIdentifier(n *node) bool { return is(n, "type_identifier") }

// ecmaDynamicImport is the module specifier of import("./x"), "" for any
// other call or a specifier that is not a plain string.
func ecmaDynamicImport(e *extractor, call *node) string {
	if !is(call, "call_expression") || !is(field(call, "function"), "import") {
		return ""
	}
	args := namedChildren(field(call, "arguments"))
	if len(args) != 1 || !is(args[0], "string") {
		return ""
	}
	return strings.Trim(e.text(args[0]), `"'`)
}

// ecmaImportThenParam is, for import("./x").then(cb), the name cb's first
// parameter binds (the module), nil otherwise.
func ecmaImportThenParam(e *extractor, call *node) *node {
	fn := field(call, "function")
	if !is(fn, "member_expression") || e.text(field(fn, "property")) != "then" || ecmaDynamicImport(e, field(fn, "object")) == "" {
		return nil
	}
	cb := firstNamed(field(call, "arguments"))
	if !isAny(cb, "arrow_function", "function_expression") {
		return nil
	}
	if p := field(cb, "parameter"); is(p, "identifier") {
		return p // m => ...
	}
	first := firstNamed(field(cb, "parameters"))
	if is(first, "required_parameter") {
		first = field(first, "pattern")
	}
	if is(first, "identifier") {
		return first
	}
	return nil
}

// ecmaDeclaringBlock is, for a function declared in a block that is not
// the body of a function recorded as a symbol (an anonymous callback's or
// IIFE's body, an if's or a loop's block), that block: the function's name
// holds there only. nil for a function declared at the top level, in a
// named function's own body, or as a method or member.
func ecmaDeclaringBlock(e *extractor, decl *node) *node {
	at := decl
	switch decl.Type() {
	case "function_declaration", "generator_function_declaration":
	case "variable_declarator": // const load = async () => {}
		if at = parent(decl); !isAny(at, "lexical_declaration", "variable_declaration") {
			return nil
		}
	default:
		return nil
	}
	block := parent(at)
	if !is(block, "statement_block") {
		return nil
	}
	if fn := parent(block); ecmaFunctionTypes.has(fn) && ecmaFunctionName(e, fn) != "" {
		return nil // a named function's own body
	}
	return block
}

// ecmaObjectTypeAlias reports whether n is a top-level type alias of an
// object type, without type parameters (type Breaker = { onFailure(): void }):
// an interface under another spelling.
func ecmaObjectTypeAlias(n *node) bool {
	return is(n, "type_alias_declaration") && ecmaTopLevelStatement(n) && field(n, "type_parameters") == nil &&
		is(field(n, "value"), "object_type")
}

// ecmaFunctionTypedMember reports whether a property signature's declared
// type is a function type (parentheses around it allowed).
func ecmaFunctionTypedMember(n *node) bool {
	t := firstNamed(field(n, "type"))
	for is(t, "parenthesized_type") {
		t = firstNamed(t)
	}
	return is(t, "function_type")
}

// ecmaFunctionTypeOf is the function type a member is declared with
// (getJQuery: () => JQuery, or in parentheses), else the member itself.
func ecmaFunctionTypeOf(n *node) *node {
	if t := ecmaFunctionType(firstNamed(field(n, "type"))); t != nil {
		return t
	}
	return n
}

// ecmaFunctionType is t, a written type, when it is a function type (in
// parentheses or not); nil otherwise.
func ecmaFunctionType(t *node) *node {
	for is(t, "parenthesized_type") {
		t = firstNamed(t)
	}
	if is(t, "function_type") {
		return t
	}
	return nil
}

// ecmaCallSignatureType is GoFuncPrefix and the result type of the call
// signature an interface body declares (interface JQuery { (target:
// string): JQueryNode; ui: Ui }), when it declares one and the result is a
// type name; "" otherwise.
func ecmaCallSignatureType(e *extractor, body *node) string {
	var out string
	for m := range eachNamed(body) {
		if m.Type() != "call_signature" {
			continue
		}
		t := ecmaReturnType(e, field(m, "return_type"))
		if out != "" || !isTypeName(t) {
			return "" // overloads: which one a call takes is not read here
		}
		out = GoFuncPrefix + t
	}
	return out
}

func isFunctionValue(n *node) bool {
	return isAny(n, "arrow_function", "function_expression", "generator_function")
}

func isThisMember(n *node) bool {
	return is(n, "member_expression") && fieldChild(n, "object", func(o *node) bool { return is(o, "this") }) != nil
}

// isModuleExports reports whether n is module.exports, what a CommonJS
// module gives require.
func isModuleExports(e *extractor, n *node) bool {
	return is(n, "member_expression") && e.text(field(n, "object")) == "module" && e.text(field(n, "property")) == "exports" &&
		is(field(n, "object"), "identifier") && is(field(n, "property"), "property_identifier")
}

// isRequireCall reports whether n is require('m'): a call of the identifier
// require whose arguments are exactly one string (a comment counts as an
// argument, as it does for the query's anchors).
func isRequireCall(e *extractor, n *node) bool {
	if !is(n, "call_expression") {
		return false
	}
	if fieldChild(n, "function", func(f *node) bool { return is(f, "identifier") && e.text(f) == "require" }) == nil {
		return false
	}
	return fieldChild(n, "arguments", func(args *node) bool {
		if !is(args, "arguments") {
			return false
		}
		var only *node
		for a := args.FirstChild(); a != nil; a = a.NextSibling() {
			if a.named {
				if only != nil {
					return false
				}
				only = a
			}
		}
		return is(only, "string")
	}) != nil
}

// ecmaAugmentedModule is the package a TypeScript interface declaration
// augments, when it is written inside declare module "fastify" { ... }
// (module augmentation: its members are added to the package's interface
// of that name); "" otherwise.
func ecmaAugmentedModule(e *extractor, decl *node) string {
	body := parent(decl)
	if is(body, "export_statement") {
		body = parent(body)
	}
	module := parent(body)
	if !is(body, "statement_block") || !is(module, "module") {
		return ""
	}
	name := field(module, "name")
	if !is(name, "string") {
		return ""
	}
	return strings.Trim(e.text(name), `"'`)
}

func (h ecmaHooks) symbol(e *extractor, s *Symbol, decl, name *node) {
	s.Decorators = ecmaDecorators(e, decl)
	if decl.Type() == "variable_declarator" {
		// const after = () => this.refresh(), in a method: the arrow's this
		// is the method's, an instance of its class
		if v := field(decl, "value"); is(v, "arrow_function") {
			if cls := ecmaLexicalThisClass(e, decl); cls != "" {
				if body := field(v, "body"); body != nil {
					e.addLocal(body.StartByte(), ThisLocal, cls)
				}
			}
		}
	}
	if decl.Type() == "method_definition" && is(parent(decl), "object") {
		s.Container = ecmaObjectName(e, parent(decl)) // const logger = { warn() {} }: logger's warn
	}

	switch decl.Type() {
	case "class_declaration", "abstract_class_declaration", "class":
		s.Extends = ecmaHeritage(e, decl)
		return
	case "type_alias_declaration": // type Bank = { [key: string]: Gear }: a record of Gears
		s.Returns = ecmaRecordType(e, field(decl, "value"))
		return
	case "interface_declaration":
		for c := range eachNamed(decl) {
			if c.Type() == "extends_type_clause" {
				for t := range eachNamed(c) {
					s.Extends = append(s.Extends, ecmaType(e, t))
				}
			}
		}
		// interface LootBank { [key: string]: Bank }: a record of Banks
		s.Returns = ecmaRecordType(e, field(decl, "body"))
		if s.Returns == "" {
			// interface JQuery { (target: string): JQueryNode }: calling a
			// JQuery gives a JQueryNode
			s.Returns = ecmaCallSignatureType(e, field(decl, "body"))
		}
		if module := ecmaAugmentedModule(e, decl); module != "" {
			s.Decorators = append(s.Decorators, Decorator{Name: AugmentsModuleDecorator, Args: []string{module}, Span: e.span(decl)})
		}
		return
	}

	if isAny(decl, "method_definition", "abstract_method_signature", "method_signature") {
		// get length(), set length(n), abstract get opts(), and an
		// interface's get kyc(): KycDelegate (Prisma's generated client)
		s.Accessor = ecmaAccessorKind(decl)
	}
	if block := ecmaDeclaringBlock(e, decl); block != nil {
		// useEffect(() => { const load = ...; load() }): load holds in the
		// callback's body only (BlockScopeLocal)
		e.addLocal(name.StartByte(), BlockScopeLocal, ScopedType(block.StartByte(), block.EndByte(), ""))
	}
	fn := decl
	if v := field(decl, "value"); v != nil { // const f = () => {}, handle = () => {}
		fn = v
	}
	if decl.Type() == "property_signature" {
		// getJQuery: () => JQuery, a method of an interface or an object
		// type alias: its function type's parameters and result
		fn = ecmaFunctionTypeOf(decl)
	}
	s.Returns = ecmaReturnType(e, field(fn, "return_type"))
	var doc []jsdocEntry // a JavaScript function's JSDoc tags, read once
	if !h.typed {
		doc = jsdocEntries(jsdocComment(e, decl))
	}
	if s.Returns == "" {
		s.Returns = jsdocTagType(e, decl, doc, "returns", "return") // /** @returns {Store} */
	}
	if s.Returns == "" && field(fn, "return_type") == nil && !(decl.Type() == "method_definition" && e.text(name) == "constructor") {
		s.Returns = ecmaReturnedType(e, fn, s.Name) // function make() { return x as Cache }
		if s.Returns == "" {
			if typ, pos := ecmaReturnedCall(e, fn); typ != "" {
				e.addLocal(pos, ReturnedLocal, typ) // function buildClient() { ...; return base.$extends({...}) }
			}
		}
		if s.Returns == ecmaReturnsThis {
			// add(r) { ...; return this; }: a builder's method gives its class
			s.Returns = ""
			if class := parent(parent(decl)); decl.Type() == "method_definition" && isAny(class, "class_declaration", "abstract_class_declaration", "class") {
				if cn := field(class, "name"); cn != nil {
					s.Returns = e.text(cn)
				}
			}
		}
	}
	// function $$<E extends Element>(q: string): E | null: a call with a
	// type argument ($$<Tooltip>('x')) gives that argument's type
	s.TypeParams = ecmaTypeParams(e, field(fn, "type_parameters"))
	if decl.Type() == "method_definition" && ecmaStatic(decl) {
		if class := parent(parent(decl)); isAny(class, "class_declaration", "abstract_class_declaration", "class") {
			ecmaStaticReturn(e, e.text(field(class, "name")), s.Name, field(decl, "body"))
		}
	}
	isConstructor := decl.Type() == "method_definition" && e.text(name) == "constructor"
	if p := field(fn, "parameter"); p != nil { // x => ..., a lone untyped parameter
		s.Params = append(s.Params, Param{Name: e.text(p)})
	}
	context, member := ecmaContextType(e, decl, name)
	index := -1
	for p := range eachNamed(field(fn, "parameters")) {
		index++
		if context != "" {
			// const hunt: Task = { run(data, { user }) {} }: typed by Task's run
			ecmaContextParam(e, p, ContextParamTypePrefix+context+":"+member+":"+strconv.Itoa(index))
		}
		param, isProperty := ecmaParam(e, p)
		if param.Type == "" && param.Name != "" {
			param.Type = jsdocParamType(e, decl, doc, param.Name) // /** @param {Store} store */
		}
		if param.Type == "" {
			ecmaParamDefaults(e, p) // (client = prisma), ({ db = prisma } = {})
		}
		if param.Name == "" && param.Type == "" {
			continue // an untyped destructuring pattern
		}
		if param.Name == "" {
			ecmaDestructuredParam(e, p) // ({ bank }: { bank: GearBank })
		}
		s.Params = append(s.Params, param)
		if isConstructor && isProperty {
			// constructor(private readonly svc: Svc) declares the field svc.
			decorators := ecmaDecoratorsOf(e, p)
			e.addField(p.StartByte(), Field{Name: param.Name, Type: param.Type, Token: ecmaInjectToken(e, decorators), Queue: ecmaDecoratorArg(decorators, "InjectQueue")})
		}
	}
}

// ecmaParam reads one formal parameter; isProperty says it is a TypeScript
// parameter property (it has an accessibility modifier, readonly or override).
func ecmaParam(e *extractor, p *node) (param Param, isProperty bool) {
	pattern := p
	switch p.Type() {
	case "required_parameter", "optional_parameter":
		pattern = field(p, "pattern")
		param.Type = ecmaType(e, field(p, "type"))
		for c := p.FirstChild(); c != nil; c = c.NextSibling() {
			switch c.Type() {
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

// ecmaDestructuredParam types the names a destructured parameter binds by
// the members its written object type declares, as locals of the function:
// ({ gearBank, setup: chosen }: { gearBank: GearBank; setup: Setup }) makes
// gearBank a GearBank and chosen a Setup. Under a named type ({ intents }:
// Deps) each name is that type's member (MemberTypePrefix), which only the
// resolver can read: the type may be declared in another file.
func ecmaDestructuredParam(e *extractor, p *node) {
	pattern, typ := field(p, "pattern"), firstNamed(field(p, "type"))
	if nodeType(pattern) != "object_pattern" {
		return
	}
	if nodeType(typ) != "object_type" {
		if named := ecmaType(e, field(p, "type")); isTypeName(named) && ecmaNamedTypeNodes.has(typ) {
			ecmaPatternNames(pattern, func(key, local *node) {
				e.addLocal(p.StartByte(), e.text(local), MemberTypePrefix+named+":"+e.text(key))
			})
		}
		return
	}
	declared := map[string]string{}
	for m := range eachNamed(typ) {
		if m.Type() == "property_signature" {
			if t := ecmaType(e, field(m, "type")); isTypeName(strings.TrimPrefix(t, RecordTypePrefix)) {
				declared[ecmaName(e, field(m, "name"))] = t
			}
		}
	}
	ecmaPatternNames(pattern, func(key, local *node) {
		if t := declared[e.text(key)]; t != "" {
			e.addLocal(p.StartByte(), e.text(local), t)
		}
	})
}

// ecmaParamDefaults types an untyped parameter by its default value, as
// tsserver infers it: (client = prisma) makes client what prisma is, and
// ({ now = new Date(), db = prisma } = {}) makes now a Date and db what
// prisma is, as locals of the function. A default that is neither a value
// whose type the extractor reads nor a name or a path of fields types
// nothing.
func ecmaParamDefaults(e *extractor, p *node) {
	bind := func(local, value *node) {
		if nodeType(local) != "identifier" && nodeType(local) != "shorthand_property_identifier_pattern" {
			return
		}
		typ := ecmaValueType(e, value)
		if typ == "" && ecmaFieldPath(value) && !is(value, "this") {
			typ = ValueTypePrefix + e.squeezed(value)
		}
		if typ != "" && e.text(local) != e.squeezed(value) {
			e.addLocal(p.StartByte(), e.text(local), typ)
		}
	}
	pattern, value := field(p, "pattern"), field(p, "value") // TypeScript: (client = prisma)
	if is(p, "assignment_pattern") {
		pattern, value = field(p, "left"), field(p, "right") // JavaScript
	}
	switch nodeType(pattern) {
	case "identifier":
		if value != nil {
			bind(pattern, value)
		}
	case "object_pattern":
		for b := range eachNamed(pattern) {
			switch b.Type() {
			case "object_assignment_pattern": // { db = prisma }
				bind(field(b, "left"), field(b, "right"))
			case "pair_pattern": // { client: db = prisma }
				if v := field(b, "value"); is(v, "assignment_pattern") {
					bind(field(v, "left"), field(v, "right"))
				}
			}
		}
	}
}

// ecmaNamedTypeNodes are the written types ecmaDestructuredParam reads as
// a named type: Deps, ns.Deps, Deps<T>, Readonly<Deps>.
var ecmaNamedTypeNodes = newTypeSet("type_identifier", "nested_type_identifier", "generic_type")

// ecmaPatternNames calls fn with each name an object pattern binds and the
// key it is bound from: { a, b: local } gives (a, a) and (b, local).
// Nested patterns and defaults bind nothing here.
func ecmaPatternNames(pattern *node, fn func(key, local *node)) {
	for b := range eachNamed(pattern) {
		var key, local *node
		switch b.Type() {
		case "shorthand_property_identifier_pattern":
			key, local = b, b
		case "pair_pattern":
			key, local = field(b, "key"), field(b, "value")
		}
		if nodeType(local) == "identifier" || nodeType(local) == "shorthand_property_identifier_pattern" {
			fn(key, local)
		}
	}
}

// ecmaDecorators collects a declaration's decorators in source order. They
// sit in three places: before a class member as its siblings (TypeScript),
// inside the declaration (JavaScript members, classes, fields), and on the
// export statement around an exported class.
func ecmaDecorators(e *extractor, decl *node) []Decorator {
	var nodes []*node
	if p := parent(decl); nodeType(p) == "export_statement" {
		for c := range eachNamed(p) {
			if c.Type() == "decorator" {
				nodes = append(nodes, c)
			}
		}
	}
	var before []*node
	for s := decl.PrevSibling(); s != nil && s.Type() == "decorator"; s = s.PrevSibling() {
		before = append([]*node{s}, before...)
	}
	nodes = append(nodes, before...)
	for c := range eachNamed(decl) {
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

// ecmaDecoratorsOf reads the decorators written inside a node, such as a
// parameter's (@Inject(TOKEN) private readonly x: T).
func ecmaDecoratorsOf(e *extractor, n *node) []Decorator {
	var out []Decorator
	for d := range eachNamed(n) {
		if d.Type() != "decorator" {
			continue
		}
		expr := firstNamed(d)
		if nodeType(expr) == "call_expression" {
			out = append(out, Decorator{Name: e.squeezed(field(expr, "function")), Args: e.argTexts(field(expr, "arguments")), Span: e.span(d)})
		}
	}
	return out
}

// ecmaInjectToken is the token of an @Inject(TOKEN) among decorators.
func ecmaInjectToken(e *extractor, decorators []Decorator) string {
	for _, d := range decorators {
		if lastSegment(d.Name) == "Inject" && len(d.Args) > 0 {
			return d.Args[0]
		}
	}
	return ""
}

// ecmaDecoratorArg is the first argument of the decorator named name among
// decorators, as written; "" when there is none.
func ecmaDecoratorArg(decorators []Decorator, name string) string {
	for _, d := range decorators {
		if lastSegment(d.Name) == name && len(d.Args) > 0 {
			return d.Args[0]
		}
	}
	return ""
}

// ecmaHeritage lists a class's superclass and implemented interfaces.
func ecmaHeritage(e *extractor, class *node) []string {
	var out []string
	add := func(s string) {
		if s != "" {
			out = append(out, s)
		}
	}
	for h := range eachNamed(class) {
		if h.Type() != "class_heritage" {
			continue
		}
		for c := range eachNamed(h) {
			switch c.Type() {
			case "extends_clause":
				for _, v := range childrenByField(c, "value") {
					add(ecmaExprName(e, v))
					for _, inner := range ecmaMixedIn(e, v) {
						add(inner)
					}
				}
			case "implements_clause":
				for t := range eachNamed(c) {
					add(ecmaType(e, t))
				}
			default: // JavaScript: class_heritage holds the expression itself
				add(ecmaExprName(e, c))
			}
		}
	}
	return out
}

// ecmaMixedIn names, for a mixin call WithA(WithB(Base)), what the first
// argument brings in, outermost first: WithB, then Base. A class built so
// has the methods of the class each mixin returns, and of Base.
func ecmaMixedIn(e *extractor, n *node) []string {
	var out []string
	for depth := 0; nodeType(n) == "call_expression" && depth < 16; depth++ {
		args := namedChildren(field(n, "arguments"))
		if len(args) == 0 {
			break
		}
		n = args[0]
		if name := ecmaExprName(e, n); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// ecmaExprName names the class an expression refers to: "Base", "ns.Base";
// for a mixin call Mixin(Base) the called name.
func ecmaExprName(e *extractor, n *node) string {
	switch nodeType(n) {
	case "call_expression":
		return ecmaExprName(e, field(n, "function"))
	case "identifier", "member_expression", "type_identifier", "nested_type_identifier":
		return e.squeezed(n)
	}
	return ""
}

// ecmaLocalTypeIn is the type of the local name as declared in the
// function around at (const service = new Svc(), const s: Svc = ...),
// before at and outside nested functions: "" if none says one.
func ecmaLocalTypeIn(e *extractor, at *node, name string) string {
	fn := parent(at)
	for fn != nil && !ecmaFunctionTypes.has(fn) {
		fn = parent(fn)
	}
	body := field(fn, "body")
	if body == nil {
		return ""
	}
	typ := ""
	var walk func(n *node)
	walk = func(n *node) {
		for c := range eachNamed(n) {
			if c.StartByte() >= at.StartByte() {
				return
			}
			switch {
			case ecmaFunctionTypes.has(c) || isAny(c, "class_declaration", "class"):
			case c.Type() == "variable_declarator" && nodeType(field(c, "name")) == "identifier" && e.text(field(c, "name")) == name:
				if typ = ecmaType(e, field(c, "type")); typ == "" {
					typ = ecmaValueType(e, field(c, "value"))
				}
			default:
				walk(c)
			}
		}
	}
	walk(body)
	return typ
}

// ecmaImportType reads an import type, import('./m.js').Svc, as the name
// Svc: "" for anything else. The imports hook records the name as
// imported from that module, as tsserver binds it.
func ecmaImportType(e *extractor, n *node) string {
	if _, name := ecmaImportTypeParts(e, n); name != "" {
		return name
	}
	return ""
}

// ecmaImportTypeParts is the module and the name of an import type, or "".
func ecmaImportTypeParts(e *extractor, n *node) (module, name string) {
	call, prop := field(n, "object"), field(n, "property")
	if nodeType(n) != "member_expression" || nodeType(call) != "call_expression" || nodeType(field(call, "function")) != "import" ||
		nodeType(prop) != "property_identifier" {
		return "", ""
	}
	args := namedChildren(field(call, "arguments"))
	if len(args) != 1 || nodeType(args[0]) != "string" {
		return "", ""
	}
	return e.innerText(args[0]), e.text(prop)
}

// ecmaReturnTypeCall reads the standard ReturnType<typeof f> as the call
// that gives a value of that type, "f()", and ReturnType<ReturnType<typeof
// f>> as "f()()": "" for any other type.
func ecmaReturnTypeCall(e *extractor, n *node) string {
	if nodeType(n) != "generic_type" || e.squeezed(field(n, "name")) != "ReturnType" {
		return ""
	}
	arg := ecmaSingleTypeArgument(n)
	switch nodeType(arg) {
	case "type_query":
		if f := firstNamed(arg); isAny(f, "identifier", "member_expression") {
			return e.squeezed(f) + "()"
		}
	case "generic_type":
		if inner := ecmaReturnTypeCall(e, arg); inner != "" {
			return inner + "()"
		}
	}
	return ""
}

// ecmaType reduces a type annotation to its base type name: Foo for Foo<T>,
// Foo[], readonly Foo[], Foo | null; qualified names stay as written (ns.Foo).
func ecmaType(e *extractor, n *node) string {
	switch nodeType(n) {
	case "":
		return ""
	case "type_annotation", "opting_type_annotation", "omitting_type_annotation",
		"parenthesized_type", "readonly_type", "array_type", "optional_type", "rest_type":
		return ecmaType(e, firstNamed(n))
	case "generic_type":
		if call := ecmaReturnTypeCall(e, n); call != "" {
			return ValueTypePrefix + call // ReturnType<typeof make>: what make() gives
		}
		if name := e.squeezed(field(n, "name")); ecmaRefTypes[name] {
			if arg := ecmaSingleTypeArgument(n); arg != nil {
				if t := ecmaType(e, arg); t != "" {
					return ReactRefTypePrefix + t // RefObject<Player>: its current is a Player
				}
			}
		} else if ecmaMapTypes[name] {
			if t := ecmaMapValueType(e, n); t != "" {
				return t // Map<string, Server>: its get(...) is a Server
			}
		} else if ecmaMemberKeepingTypes[name] {
			if args := ecmaTypeArguments(n); len(args) > 0 {
				if t := ecmaType(e, args[0]); isTypeName(t) {
					return t // Pick<UserRepository, "create">: its create is UserRepository's
				}
			}
		} else if name == "Record" {
			if args := ecmaTypeArguments(n); len(args) == 2 {
				if t := ecmaType(e, args[1]); isTypeName(t) {
					return RecordTypePrefix + t // Record<string, Outfit>: outfits.casual is an Outfit
				}
			}
		}
		return ecmaType(e, field(n, "name"))
	case "object_type":
		if t := ecmaRecordType(e, n); t != "" {
			return t // { [key in SetupType]: Gear }: gear.melee is a Gear
		}
		if t := ecmaObjectTypeLiteral(e, n); t != "" {
			return t // { provider: AIProvider }: r.provider is an AIProvider
		}
	case "member_expression":
		if t := ecmaImportType(e, n); t != "" {
			return t
		}
	case "union_type":
		return ecmaUnion(e, n)
	case "intersection_type":
		return ecmaIntersection(e, n)
	case "type_query":
		if spec := ecmaDynamicImport(e, firstNamed(n)); spec != "" {
			return PythonModuleTypePrefix + spec // let mod: typeof import('./x'): the module, as await import('./x') gives it
		}
	}
	return e.squeezed(n)
}

// ecmaUnion is the type of a union, null and undefined left out: the one
// member left (Foo | undefined is a Foo); a union of several named types,
// each a type name (A | B | null), PythonUnionTypePrefix and the names, a
// method called on the value being each member's, as tsserver lists it;
// else the first member (string | Foo is read as before, a string).
func ecmaUnion(e *extractor, n *node) string {
	var first string
	var names []string
	plain := true
	var walk func(u *node)
	walk = func(u *node) {
		for c := range eachNamed(u) {
			if is(c, "union_type") { // A | B | C is (A | B) | C
				walk(c)
				continue
			}
			t := ecmaType(e, c)
			if t == "null" || t == "undefined" || t == "" {
				continue
			}
			if first == "" {
				first = t
			}
			if !isAny(c, "type_identifier", "nested_type_identifier", "generic_type") || !isTypeName(t) {
				plain = false
			} else if !slices.Contains(names, t) {
				names = append(names, t)
			}
		}
	}
	walk(n)
	if plain && len(names) > 1 {
		return PythonUnionTypePrefix + strings.Join(names, "|")
	}
	return first
}

// ecmaIntersection is the type of an intersection (A & B, Port & { id:
// string }): its named members, a method called on the value being the
// member's that declares it, as tsserver resolves it (the union's prefix,
// which the resolver reads as each member that has the method); the one
// named member where there is one; "" for none.
func ecmaIntersection(e *extractor, n *node) string {
	var names []string
	var walk func(u *node)
	walk = func(u *node) {
		for c := range eachNamed(u) {
			if is(c, "intersection_type") { // A & B & C is (A & B) & C
				walk(c)
				continue
			}
			if !isAny(c, "type_identifier", "nested_type_identifier", "generic_type") {
				continue // { id: string }: adds fields, no method of a class
			}
			if t := ecmaType(e, c); isTypeName(t) && !slices.Contains(names, t) {
				names = append(names, t)
			}
		}
	}
	walk(n)
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return PythonUnionTypePrefix + strings.Join(names, "|")
}

func (ecmaHooks) call(e *extractor, n *node) {
	var c Call
	var callee *node
	switch n.Type() {
	case "call_expression":
		fn := ecmaCallFunction(n)
		switch nodeType(fn) {
		case "identifier", "super":
			callee = fn
			if fn.Type() == "identifier" && ecmaBoundLocally(e, n, e.text(fn)) {
				e.addBoundLocal(n.StartByte(), e.text(fn))
			}
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
	case "jsx_opening_element", "jsx_self_closing_element":
		// <Foo a={1} />: a call of the component Foo with its props.
		name := field(n, "name")
		switch nodeType(name) {
		case "identifier":
			callee = name
		case "member_expression": // <ui.Foo />
			callee = field(name, "property")
			c.Receiver = ecmaReceiver(e, field(name, "object"))
		case "nested_identifier": // <ui.Foo /> in older grammars
			parts := namedChildren(name)
			if len(parts) < 2 {
				return
			}
			callee = parts[len(parts)-1]
			c.Receiver = strings.TrimSuffix(strings.TrimSuffix(e.text(name), e.text(callee)), ".")
		default:
			return
		}
	default:
		return
	}
	e.addCallTo(c, callee, n)
}

// isComponentName reports whether a JSX element's name is a component's
// (capitalized) rather than an intrinsic element's (<div>).
func isComponentName(name string) bool { return name != "" && name[0] >= 'A' && name[0] <= 'Z' }

// ecmaReceiver is the receiver as the resolver reads it: whitespace
// squeezed, optional chaining and non-null assertions dropped
// ("this.a?.b!" reads "this.a.b").
func ecmaReceiver(e *extractor, n *node) string {
	for nodeType(n) == "non_null_expression" {
		n = firstNamed(n)
	}
	s := e.squeezed(n)
	if strings.Contains(s, "//") || strings.Contains(s, "/*") {
		s = e.uncommented(n, s) // a chain over lines, a comment between its steps
	}
	if strings.IndexByte(s, '?') < 0 && strings.IndexByte(s, '!') < 0 {
		return s // nothing to drop: Replace would copy it all the same
	}
	return optionalChain.Replace(s)
}

// uncommented is n's squeezed text without the comments inside it, s when
// it has none: a comment kept would hide the steps after it (a line
// comment runs to the end of the squeezed text) and its brackets and quotes
// would unbalance the receiver's.
func (e *extractor) uncommented(n *node, s string) string {
	var b strings.Builder
	at := n.StartByte()
	var walk func(c *node)
	walk = func(c *node) {
		for k := c.FirstChild(); k != nil; k = k.NextSibling() {
			switch k.Type() {
			case "comment":
				if k.StartByte() >= at && k.EndByte() <= uint32(len(e.src)) {
					b.Write(e.src[at:k.StartByte()])
					b.WriteByte(' ')
					at = k.EndByte()
				}
			case "string", "template_string", "regex":
			default:
				walk(k)
			}
		}
	}
	walk(n)
	if at == n.StartByte() {
		return s
	}
	if n.EndByte() <= uint32(len(e.src)) && at <= n.EndByte() {
		b.Write(e.src[at:n.EndByte()])
	}
	t := strings.Join(strings.Fields(b.String()), " ")
	if strings.Contains(t, " .") || strings.Contains(t, ". ") {
		t = strings.ReplaceAll(strings.ReplaceAll(t, " .", "."), ". ", ".")
	}
	return t
}

// optionalChain drops optional chaining and non-null assertions from a
// receiver.
var optionalChain = strings.NewReplacer("?.", ".", "!.", ".")

func (ecmaHooks) imports(e *extractor, n *node) {
	switch n.Type() {
	case "comment":
		jsdocImports(e, n)
	case "member_expression": // svc: import('./m.js').Svc, an import type
		if module, name := ecmaImportTypeParts(e, n); name != "" {
			e.addImport(name, name, module, field(n, "property"))
		}
	case "import_statement":
		module := e.innerText(field(n, "source"))
		for c := range eachNamed(n) {
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
	case "export_statement": // export * from 'm', export { a as b } from 'm'
		module := e.innerText(field(n, "source"))
		clause := (*node)(nil)
		for c := range eachNamed(n) {
			if c.Type() == "export_clause" {
				clause = c
			}
		}
		if clause == nil {
			e.addReexport("*", "*", module, n)
			return
		}
		for spec := range eachNamed(clause) {
			if spec.Type() != "export_specifier" {
				continue
			}
			name, alias := field(spec, "name"), field(spec, "alias")
			if alias == nil {
				alias = name
			}
			if module == "" && e.text(alias) != e.text(name) && ecmaTopLevelStatement(n) {
				// export { MemoizedCard as Card }: Card, imported, is
				// MemoizedCard, whatever else the file names Card
				e.addLocal(n.StartByte(), ExportAliasLocalPrefix+e.text(alias), ValueTypePrefix+e.text(name))
			}
			e.addReexport(e.text(alias), e.text(name), module, spec)
		}
	case "variable_declarator": // const x = require('m'), const {a, b: c} = require('m')
		if e.facts.Language == TypeScript || e.facts.Language == TSX {
			// In a TypeScript file require(...) gives any (only import x =
			// require('m') is typed), so tsserver follows none of these names
			// to the module: a call through them is nobody's caller there.
			return
		}
		module := e.innerText(firstNamed(field(field(n, "value"), "arguments")))
		name := field(n, "name")
		switch nodeType(name) {
		case "identifier":
			e.addImport(e.text(name), "*", module, name)
		case "object_pattern":
			for p := range eachNamed(name) {
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

func ecmaImportClause(e *extractor, clause *node, module string) {
	for c := range eachNamed(clause) {
		switch c.Type() {
		case "identifier": // import X from
			e.addImport(e.text(c), "default", module, c)
		case "namespace_import": // import * as ns from
			if id := firstNamed(c); id != nil {
				e.addImport(e.text(id), "*", module, id)
			}
		case "named_imports": // import {a, b as c} from
			for spec := range eachNamed(c) {
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
func ecmaName(e *extractor, n *node) string {
	if nodeType(n) == "string" {
		return e.innerText(n)
	}
	return e.text(n)
}

func (ecmaHooks) fields(e *extractor, n, _ *node) {
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
		if typ == "" && nodeType(value) == "identifier" && e.text(value) != "undefined" {
			// public catalog = catalogManager: the value's type, as
			// tsserver infers it (an imported instance, a module constant)
			typ = ValueTypePrefix + e.text(value)
		}
		decorators := ecmaDecorators(e, n)
		token := ecmaInjectToken(e, decorators)
		if fn := field(value, "function"); nodeType(value) == "call_expression" && e.text(fn) == "inject" {
			// Angular: private audit = inject(AUDIT_SINK)
			if args := namedChildren(field(value, "arguments")); len(args) > 0 {
				token = e.text(args[0])
				if typ == CallTypePrefix+"inject" {
					typ = ""
				}
			}
		}
		if typ == "" && token == "" && nodeType(name) == "property_identifier" {
			typ = BoundLocally // declared, of a type not read: the class's own member all the same
		}
		e.addField(n.StartByte(), Field{Name: e.text(name), Type: typ, Token: token, Queue: ecmaDecoratorArg(decorators, "InjectQueue")})
		if ecmaStatic(n) {
			if class := parent(parent(n)); isAny(class, "class_declaration", "abstract_class_declaration", "class") {
				ecmaConstantExpr(e, e.text(field(class, "name")), ecmaName(e, name), value)
			}
		}
	case "method_definition", "method_signature": // get gear(): FullGear; an interface's get kyc(): KycDelegate
		if typ := ecmaType(e, field(n, "return_type")); isTypeName(strings.TrimPrefix(typ, RecordTypePrefix)) || isUnionTypeName(typ) {
			e.addField(n.StartByte(), Field{Name: ecmaName(e, field(n, "name")), Type: typ})
		}
	case "shorthand_property_identifier": // return { service }: the object's service, as the local is
		name := ecmaObjectName(e, parent(n))
		if name == "" {
			return
		}
		if typ := ecmaLocalTypeIn(e, parent(n), e.text(n)); isTypeName(typ) || ecmaModuleCallType(e, n, typ) {
			e.addField(n.StartByte(), Field{Container: name, Name: e.text(n), Type: typ})
		}
	case "pair": // return { service: new OidcSettingsService(db) }: the object's service
		object, key := parent(n), field(n, "key")
		if nodeType(key) != "property_identifier" {
			return
		}
		name := ecmaObjectName(e, object)
		if name == "" {
			return
		}
		if inner := ecmaPairValue(n); nodeType(inner) == "object" {
			// { Agency: { type() {} } }: the inner object, whose methods are
			// name.Agency's (ecmaObjectName)
			e.addField(n.StartByte(), Field{Container: name, Name: e.text(key), Type: ecmaObjectType(inner, name+"."+e.text(key))})
			return
		}
		if value := field(n, "value"); nodeType(value) == "identifier" {
			// return { app: launched }: the object's app, as the local is
			if typ := ecmaLocalTypeIn(e, object, e.text(value)); isTypeName(typ) || ecmaModuleCallType(e, n, typ) {
				e.addField(n.StartByte(), Field{Container: name, Name: e.text(key), Type: typ})
			}
			return
		}
		switch typ := ecmaValueType(e, field(n, "value")); typ {
		case "", "const", "any", "unknown", "object", "Object", "never":
		default:
			if isTypeName(typ) {
				e.addField(n.StartByte(), Field{Container: name, Name: e.text(key), Type: typ})
			}
		}
	case "property_signature": // interface Options { cache: CacheService }
		if typ := ecmaType(e, field(n, "type")); isTypeName(strings.TrimPrefix(typ, MapValueTypePrefix)) || isMemberTypeName(typ) {
			e.addField(n.StartByte(), Field{Name: ecmaName(e, field(n, "name")), Type: typ})
		}
	case "assignment_expression": // this.x = new Foo(), this.x = typedParam
		left, right := field(n, "left"), field(n, "right")
		typ := ecmaValueType(e, right)
		if typ == "" && nodeType(right) == "identifier" {
			typ = e.paramType(e.enclosingFunction(n.StartByte()), e.text(right))
		}
		if typ == "" {
			typ = BoundLocally // this.cache = {}: the class's own member, of a type not read
		}
		e.addField(n.StartByte(), Field{Name: e.text(field(left, "property")), Type: typ})
	}
}

// ecmaValueType is the type an initialiser evidently has: new Foo() or
// x as Foo. Qualified constructors stay as written (new ns.Foo() → ns.Foo).
// ecmaReturnType is a declared return type, looking through Promise<T>.
func ecmaReturnType(e *extractor, n *node) string {
	if t := ecmaReturnTypeOnly(e, n); !strings.HasPrefix(t, ValueTypePrefix) {
		return t
	}
	return "" // ReturnType<typeof f> as a result: not a type the resolver reads there
}

func ecmaReturnTypeOnly(e *extractor, n *node) string {
	t := n
	if nodeType(t) == "type_annotation" {
		t = firstNamed(t)
	}
	if nodeType(t) == "generic_type" && e.text(field(t, "name")) == "Promise" {
		for c := range eachNamed(t) {
			if c.Type() == "type_arguments" {
				if args := namedChildren(c); len(args) == 1 {
					return ecmaType(e, args[0])
				}
			}
		}
	}
	return ecmaType(e, n)
}

// ecmaRefTypes and ecmaRefMakers are React's ref object types and the calls
// that make one: the one type argument is what the ref's current holds.
var (
	ecmaRefTypes  = map[string]bool{"RefObject": true, "MutableRefObject": true, "React.RefObject": true, "React.MutableRefObject": true}
	ecmaRefMakers = map[string]bool{"useRef": true, "createRef": true, "React.useRef": true, "React.createRef": true}
)

// ecmaMemberKeepingTypes are TypeScript's utility types whose members are
// their first type argument's own declarations (a subset, or the same
// members made optional, required or read-only): tsserver resolves
// repo.create on a Pick<UserRepository, "create"> to UserRepository's.
var ecmaMemberKeepingTypes = map[string]bool{"Pick": true, "Omit": true, "Partial": true, "Required": true, "Readonly": true, "NonNullable": true}

// ecmaMapTypes are the standard keyed collections whose get(key) gives
// one of their values.
var ecmaMapTypes = map[string]bool{"Map": true, "ReadonlyMap": true, "WeakMap": true}

// ecmaMapValueType is MapValueTypePrefix and the value type of a generic
// Map type or constructor call with two type arguments, or "".
func ecmaMapValueType(e *extractor, n *node) string {
	if args := ecmaTypeArguments(n); len(args) == 2 {
		if t := ecmaType(e, args[1]); isTypeName(t) {
			return MapValueTypePrefix + t
		}
	}
	return ""
}

// ecmaRecordType is RecordTypePrefix and the type every member of an
// object type holds, when its one member is an index signature or a mapped
// type's clause ({ [name: string]: Outfit }, { [key in SetupType]: Gear })
// of a named type; "" for any other object type.
func ecmaRecordType(e *extractor, n *node) string {
	members := namedChildren(n)
	if len(members) != 1 || members[0].Type() != "index_signature" {
		return ""
	}
	if t := ecmaType(e, field(members[0], "type")); isTypeName(t) {
		return RecordTypePrefix + t
	}
	return ""
}

// ecmaSingleTypeArgument is the one type argument of a generic type or a
// call (useRef<Player>(null)), or nil.
func ecmaSingleTypeArgument(n *node) *node {
	if args := ecmaTypeArguments(n); len(args) == 1 {
		return args[0]
	}
	return nil
}

// ecmaTypeArguments are the type arguments of a generic type or a call,
// nil when it has none.
func ecmaTypeArguments(n *node) []*node {
	args := field(n, "type_arguments")
	if args == nil {
		for c := range eachNamed(n) {
			if c.Type() == "type_arguments" {
				args = c
			}
		}
	}
	if args == nil {
		return nil
	}
	return namedChildren(args)
}

// ecmaClassArgument is the class a call is given, as ClassArgTypePrefix
// reads it: its one type argument when that names a type, else its first
// argument when that is a bare name starting with a capital; "" if none.
func ecmaClassArgument(e *extractor, call *node) string {
	if arg := ecmaSingleTypeArgument(call); arg != nil {
		if t := ecmaType(e, arg); isTypeName(t) {
			return t
		}
		return ""
	}
	first := firstNamed(field(call, "arguments"))
	if nodeType(first) != "identifier" {
		return ""
	}
	if name := e.text(first); name[0] >= 'A' && name[0] <= 'Z' {
		return name
	}
	return ""
}

func ecmaValueType(e *extractor, v *node) string {
	switch nodeType(v) {
	case "regex":
		return "RegExp" // const re = /^v(\d+)$/: re.exec(s) is RegExp's
	case "call_expression":
		if spec := ecmaDynamicImport(e, v); spec != "" {
			return PythonModuleTypePrefix + spec // await import("./jobs"): the module
		}
		switch fn := ecmaCallFunction(v); nodeType(fn) {
		case "identifier", "member_expression":
			if ecmaRefMakers[e.squeezed(fn)] {
				if arg := ecmaSingleTypeArgument(v); arg != nil {
					if t := ecmaType(e, arg); t != "" {
						return ReactRefTypePrefix + t // useRef<Player>(null): its current is a Player
					}
				}
			}
			if cls := ecmaClassArgument(e, v); cls != "" && (nodeType(fn) == "member_expression" || ecmaSingleTypeArgument(v) != nil) {
				// container.resolve(Foo); $$<Tooltip>('x'), a function's type argument
				return ClassArgTypePrefix + cls + ":" + e.squeezed(fn)
			}
			return CallTypePrefix + e.squeezed(fn)
		}
	case "new_expression":
		ctor := field(v, "constructor")
		switch nodeType(ctor) {
		case "identifier", "member_expression":
			if ecmaMapTypes[e.squeezed(ctor)] {
				if t := ecmaMapValueType(e, v); t != "" {
					return t // new Map<string, Server>()
				}
			}
			return e.squeezed(ctor)
		}
	case "as_expression", "satisfies_expression":
		cs := namedChildren(v)
		if len(cs) == 2 {
			return ecmaType(e, cs[1])
		}
	case "await_expression", "parenthesized_expression", "non_null_expression":
		return ecmaValueType(e, firstNamed(v))
	case "ternary_expression":
		// cond ? authenticatedPipe : guestPipe: tsserver types it as the
		// union of both, and a call on it is a call of each one's method;
		// the first branch that says its type is one of them.
		for _, branch := range []*node{field(v, "consequence"), field(v, "alternative")} {
			if t := ecmaValueType(e, branch); t != "" {
				return t
			}
			if is(branch, "identifier") {
				return ValueTypePrefix + e.text(branch)
			}
		}
	case "binary_expression":
		// opts.breaker ?? getBreaker(name), cached || load(): the value of
		// one side or the other, and tsserver types it as either side's
		// (NonNullable<A> | B); the side whose value says its type, else a
		// name or a path of fields on the left, as a receiver is read.
		if op := e.text(field(v, "operator")); op != "??" && op != "||" {
			return ""
		}
		left, right := field(v, "left"), field(v, "right")
		for _, side := range []*node{left, right} {
			if t := ecmaValueType(e, side); t != "" {
				return t
			}
		}
		for _, side := range []*node{left, right} {
			if ecmaFieldPath(side) {
				return ValueTypePrefix + e.squeezed(side)
			}
		}
	}
	return ""
}

// ecmaFieldPath reports whether n is a name or a path of fields on one
// (opts, opts.breaker, this.cache.store), with no call or index.
func ecmaFieldPath(n *node) bool {
	for is(n, "member_expression") && is(field(n, "property"), "property_identifier") {
		n = field(n, "object")
	}
	return isAny(n, "identifier", "this")
}

func (h ecmaHooks) locals(e *extractor, n *node) {
	if n.Type() == "export_statement" {
		ecmaDefaultExport(e, n)
		return
	}
	if n.Type() == "for_in_statement" {
		ecmaForOf(e, n)
		return
	}
	if n.Type() == "binary_expression" {
		// x instanceof Gear ? x.raw() : x: x is a Gear in the branch taken
		if scope := ecmaInstanceofNarrowed(e, n); scope != nil {
			e.addLocal(n.StartByte(), e.text(field(n, "left")), ScopedType(scope.StartByte(), scope.EndByte(), e.text(field(n, "right"))))
		}
		return
	}
	if n.Type() == "call_expression" {
		if m := ecmaImportThenParam(e, n); m != nil {
			// import("./pages/Login").then(m => ({ default: m.LoginPage })):
			// m is the module, in the callback
			cb := firstNamed(field(n, "arguments"))
			e.addLocal(cb.StartByte(), e.text(m), ScopedType(cb.StartByte(), cb.EndByte(),
				PythonModuleTypePrefix+ecmaDynamicImport(e, field(field(n, "function"), "object"))))
			return
		}
		ecmaCallbackElement(e, n)
		return
	}
	if n.Type() == "assignment_expression" {
		ecmaModuleExports(e, n)
		return
	}
	if isAny(n, "arrow_function", "function_expression") {
		ecmaAnonymousParams(e, n)
		return
	}
	if n.Type() == "type_alias_declaration" {
		// type CustomScrollbarsRef = CustomScrollbars: another name of a
		// type, as the resolver reads it.
		// type Full = { [key in SetupType]: Gear }: a record of Gears;
		// type MUser = import('./user').MUserClass: that module's class.
		prefix := TypeAliasPrefix
		if ecmaDeclaredGlobal(n) {
			prefix = GlobalTypeAliasPrefix
			// A row named globalalias:MinionTask finds the file that
			// declares it by name, without reading every file's locals.
			if name := field(n, "name"); name != nil {
				e.addCall(Call{Callee: GlobalTypeAliasPrefix + e.text(name), Span: e.span(name)}, n)
			}
		}
		if aliased := field(n, "value"); aliased.Type() == "object_type" {
			if t := ecmaRecordType(e, aliased); t != "" {
				e.addLocal(n.StartByte(), e.text(field(n, "name")), prefix+t)
			} else {
				ecmaObjectTypeMembers(e, e.text(field(n, "name")), aliased) // type Opts = { user: Member }
				// a value of type Opts has those members (opts.user.greet())
				e.addLocal(n.StartByte(), e.text(field(n, "name")), prefix+ObjectTypePrefix+e.text(field(n, "name")))
			}
		} else if isAny(aliased, "type_identifier", "nested_type_identifier", "generic_type", "member_expression") {
			if t := ecmaType(e, aliased); t != "" {
				e.addLocal(n.StartByte(), e.text(field(n, "name")), prefix+t)
			}
		} else if fn := ecmaFunctionType(aliased); fn != nil {
			// type JQuery = (selector: string) => JQueryNode: calling a
			// JQuery gives a JQueryNode
			if t := ecmaReturnType(e, field(fn, "return_type")); isTypeName(t) {
				e.addLocal(n.StartByte(), e.text(field(n, "name")), prefix+GoFuncPrefix+t)
			}
		} else if is(aliased, "union_type") {
			// type Memory = Episodic | Semantic: each member's method
			if t := ecmaUnion(e, aliased); strings.HasPrefix(t, PythonUnionTypePrefix) {
				e.addLocal(n.StartByte(), e.text(field(n, "name")), prefix+t)
			}
		} else if is(aliased, "intersection_type") {
			// type Repository = ChatPort & MessengerPort: the member's that declares it
			if t := ecmaIntersection(e, aliased); t != "" {
				e.addLocal(n.StartByte(), e.text(field(n, "name")), prefix+t)
			}
		}
		return
	}
	name := field(n, "name")
	if nodeType(name) == "object_pattern" {
		ecmaDestructured(e, n, name, field(n, "value"))
		return
	}
	if nodeType(name) == "array_pattern" {
		ecmaStateDestructured(e, n, name, field(n, "value"))
		return
	}
	if nodeType(name) != "identifier" {
		return
	}
	value := field(n, "value")
	switch nodeType(value) {
	case "arrow_function", "function_expression", "generator_function":
		return // a function symbol
	case "call_expression":
		if isRequireCall(e, value) {
			// const repo = require('./repo'): the import binds repo to the
			// module; a local typed by the call require(...) would shadow it,
			// and repo.save() would reach no module (CommonJS)
			return
		}
	}
	typ := ecmaType(e, field(n, "type"))
	if typ == "" && !h.typed {
		typ = jsdocTagType(e, n, jsdocEntries(jsdocComment(e, n)), "type") // /** @type {Store} */ let shared
	}
	if typ == "" {
		typ = ecmaValueType(e, value)
	}
	if typ == "" {
		typ = ecmaObjectType(value, e.text(name))
	}
	if typ == "" && isAny(value, "member_expression", "subscript_expression") {
		// const current = user.gear[setup]: what the chain reads, as a
		// call on the chain itself would have it
		typ = ValueTypePrefix + ecmaReceiver(e, value)
	}
	if typ == "" && nodeType(value) == "identifier" && e.text(value) != "undefined" && e.text(value) != e.text(name) {
		// export const locationQRService = LocationQRService (the class
		// itself, whose static methods it calls), const api = client: what
		// the name holds, as tsserver infers it
		typ = ValueTypePrefix + e.text(value)
	}
	e.addLocal(n.StartByte(), e.text(name), ecmaScoped(e, n, typ))
	if h.typed && typ != "" && ecmaDeclaredGlobal(n.Parent()) {
		// declare global { var globalClient: Client }: a name of every file
		e.addCall(Call{Callee: GlobalVarPrefix + e.text(name), Span: e.span(name)}, n)
	}
	if ecmaTopLevelConst(n) {
		ecmaConstantExpr(e, "", e.text(name), value)
	}
}

// ecmaStateHooks are React's hooks whose result is [state, setState], the
// state of their one type argument's type, else of their initial value's.
var ecmaStateHooks = map[string]bool{"useState": true, "React.useState": true}

// ecmaStateDestructured types the state a React state hook gives,
// const [scheduler] = useState<DebouncedKeyedScheduler>(() => ...), or
// useState(() => new Scheduler()), useState(new Scheduler()): the first
// name of the pattern holds it, as tsserver types it. Other array
// patterns stay untyped.
func ecmaStateDestructured(e *extractor, decl, pattern, value *node) {
	first := firstNamed(pattern)
	if nodeType(first) != "identifier" || nodeType(value) != "call_expression" || !ecmaStateHooks[e.squeezed(field(value, "function"))] {
		return
	}
	typ := ""
	if arg := ecmaSingleTypeArgument(value); arg != nil {
		typ = ecmaType(e, arg)
	} else if init := firstNamed(field(value, "arguments")); init != nil {
		if isAny(init, "arrow_function") && !is(field(init, "body"), "statement_block") {
			init = field(init, "body") // useState(() => new Scheduler())
		}
		if is(init, "new_expression") {
			typ = ecmaValueType(e, init)
		}
	}
	if !isTypeName(typ) {
		return
	}
	e.addLocal(decl.StartByte(), e.text(first), ecmaScoped(e, decl, typ))
}

// ecmaAnonymousFunction reports whether n, an arrow function or a
// function expression, is no symbol of its own (a callback passed, a
// property's value): its parameters are no symbol's, so its typed ones are
// recorded as locals of the function around it (ecmaAnonymousParams).
func ecmaAnonymousFunction(n *node) bool {
	switch nodeType(n.Parent()) {
	case "variable_declarator", "public_field_definition", "field_definition":
		return false
	}
	return true
}

// ecmaTypedParams reports whether a function declares a parameter with
// a written type.
func ecmaTypedParams(fn *node) bool {
	for p := range eachNamed(field(fn, "parameters")) {
		if isAny(p, "required_parameter", "optional_parameter") && field(p, "type") != nil {
			return true
		}
	}
	return false
}

// ecmaAnonymousParams types the parameters of a function with no symbol
// of its own, newInstance((self: DebuggerAppSk) => self.run()), as
// written, within its body: a call there is the function around it's,
// as tsserver lists it, and a parameter's declared type is what it holds.
// Untyped and destructured parameters are left to the other rules
// (ecmaCallbackElement, contextual parameters).
func ecmaAnonymousParams(e *extractor, fn *node) {
	body := field(fn, "body")
	if body == nil || !ecmaAnonymousFunction(fn) {
		return
	}
	for p := range eachNamed(field(fn, "parameters")) {
		if !isAny(p, "required_parameter", "optional_parameter") || field(p, "type") == nil {
			continue
		}
		param, _ := ecmaParam(e, p)
		if param.Name == "" || param.Name == "this" || param.Type == "" {
			continue
		}
		e.addLocal(body.StartByte(), param.Name, ScopedType(body.StartByte(), body.EndByte(), param.Type))
	}
}

// ecmaForOf types the variable of for (const p of providers) as an
// element of providers, within the loop: a declared array type is recorded
// as its element's type (Provider[] is Provider), so the element of a
// workspace class's value is that class, as tsserver types it. Only a
// name or a member chain is iterated this way; for ... in (keys) and
// destructured variables stay untyped.
func ecmaForOf(e *extractor, n *node) {
	left, right := field(n, "left"), field(n, "right")
	if nodeType(right) == "call_expression" && !ecmaTypedQueryAll(e, right) {
		ecmaForOfValues(e, n, left, right)
		return
	}
	if nodeType(left) != "identifier" || !isAny(right, "identifier", "member_expression", "call_expression") {
		return
	}
	of := false
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if !c.named && c.Type() == "of" {
			of = true
		}
	}
	if !of {
		return
	}
	scope := n
	if body := field(n, "body"); body != nil {
		scope = body
	}
	e.addLocal(n.StartByte(), e.text(left), ScopedType(scope.StartByte(), scope.EndByte(), RangeTypePrefix+ecmaReceiver(e, right)))
}

// ecmaElementCallbacks are the Array methods whose callback gets an
// element of the array as its first parameter.
var ecmaElementCallbacks = map[string]bool{
	"forEach": true, "map": true, "flatMap": true, "filter": true, "find": true, "findLast": true,
	"findIndex": true, "findLastIndex": true, "some": true, "every": true,
	"sort": true, "toSorted": true,
}

// ecmaHandleCallbacks are the methods, no Array's, whose callback gets the
// receiver's handle as its first parameter: a transaction's
// (prisma.$transaction(async (tx) => ...)), the library's when the
// receiver is a library's client (the resolver decides). They are typed
// as ecmaElementCallbacks are, the method named.
var ecmaHandleCallbacks = map[string]bool{"$transaction": true, "transaction": true}

// ecmaComparators are the Array methods whose callback compares two
// elements: xs.sort((a, b) => ...) types both parameters.
var ecmaComparators = map[string]bool{"sort": true, "toSorted": true}

// ecmaSameElements are the Array methods that give an array of the same
// elements: xs.filter(...).map(x => ...) maps elements of xs.
var ecmaSameElements = map[string]bool{
	"filter": true, "slice": true, "sort": true, "reverse": true, "concat": true, "toSorted": true, "toReversed": true,
}

// ecmaElementCallback is the callback of xs.map(x => ...), an arrow or a
// function expression passed first to one of ecmaElementCallbacks (or
// ecmaHandleCallbacks), with
// the array it maps: a name or a member chain, possibly through methods
// that keep the elements (xs.filter(...).map(...)), and the method first
// called on it (filter there, map in xs.map). nil for any other call.
func ecmaElementCallback(e *extractor, call *node) (cb, array *node, method string) {
	fn := field(call, "function")
	if name := e.text(field(fn, "property")); nodeType(fn) != "member_expression" || !ecmaElementCallbacks[name] && !ecmaHandleCallbacks[name] {
		return nil, nil, ""
	}
	cb = firstNamed(field(call, "arguments"))
	if !isAny(cb, "arrow_function", "function_expression") {
		return nil, nil, ""
	}
	array, method = field(fn, "object"), e.text(field(fn, "property"))
	for depth := 0; nodeType(array) == "call_expression" && !ecmaTypedQueryAll(e, array) && depth < 4; depth++ {
		inner := field(array, "function")
		if nodeType(inner) != "member_expression" {
			return nil, nil, ""
		}
		if e.text(inner) == "Array.from" {
			// Array.from(servers.values()).filter(...): the map's values;
			// Array.from(xs): the elements of xs
			arg := firstNamed(field(array, "arguments"))
			if f := field(arg, "function"); nodeType(arg) == "call_expression" && nodeType(f) == "member_expression" &&
				e.text(field(f, "property")) == "values" && firstNamed(field(arg, "arguments")) == nil {
				array, method = field(f, "object"), "values"
			} else {
				array, method = arg, "values"
			}
			break
		}
		if !ecmaSameElements[e.text(field(inner, "property"))] {
			return nil, nil, ""
		}
		array, method = field(inner, "object"), e.text(field(inner, "property"))
	}
	if inner, values := ecmaSpreadCopy(e, array); inner != nil {
		// [...xs].sort(...): a copy of the elements of xs; [...m.values()]
		// of the map's values
		array = inner
		if values {
			method = "values"
		}
	}
	if !isAny(array, "identifier", "member_expression") && !ecmaTypedQueryAll(e, array) {
		return nil, nil, ""
	}
	return cb, array, method
}

// ecmaSpreadCopy is, for an array literal that only spreads one collection
// ([...xs], [...m.values()]), the collection (xs, m), and whether its
// values() were spread; nil for any other node.
func ecmaSpreadCopy(e *extractor, n *node) (*node, bool) {
	if nodeType(n) != "array" {
		return nil, false
	}
	kids := namedChildren(n)
	if len(kids) != 1 || nodeType(kids[0]) != "spread_element" {
		return nil, false
	}
	inner := firstNamed(kids[0])
	if fn := field(inner, "function"); nodeType(inner) == "call_expression" && nodeType(fn) == "member_expression" &&
		e.text(field(fn, "property")) == "values" && firstNamed(field(inner, "arguments")) == nil {
		return field(fn, "object"), true
	}
	if isAny(inner, "identifier", "member_expression") {
		return inner, false
	}
	return nil, false
}

// ecmaTypedQueryAll reports whether n is a call of the DOM's
// querySelectorAll with one type argument naming a type,
// document.querySelectorAll<TipSk>('tip-sk'): a NodeList of them, which
// the resolver reads from the call's text.
func ecmaTypedQueryAll(e *extractor, n *node) bool {
	if nodeType(n) != "call_expression" {
		return false
	}
	fn := field(n, "function")
	if nodeType(fn) != "member_expression" || e.text(field(fn, "property")) != "querySelectorAll" {
		return false
	}
	arg := ecmaSingleTypeArgument(n)
	return arg != nil && isTypeName(ecmaType(e, arg))
}

// ecmaCallbackElement types the first parameter of xs.map(x => ...) as an
// element of xs within the callback, as tsserver does for an array; the
// resolver checks that xs is one (its type declares no map of its own).
// A parameter with a declared type, or a destructured one, is left to what
// is written.
func ecmaCallbackElement(e *extractor, call *node) {
	cb, array, method := ecmaElementCallback(e, call)
	if cb == nil {
		return
	}
	body := field(cb, "body")
	if body == nil {
		return
	}
	params := []*node{field(cb, "parameter")} // x => ...
	if params[0] == nil {
		params = namedChildren(field(cb, "parameters"))
	}
	count := 1
	if ecmaComparators[e.text(field(field(call, "function"), "property"))] {
		count = 2 // xs.sort((a, b) => a.rank - b.rank): both are elements
	}
	for i, param := range params {
		if i == count {
			break
		}
		if nodeType(param) == "required_parameter" { // TypeScript: (x) => ..., (x: T) => ...
			if field(param, "type") != nil {
				continue
			}
			param = field(param, "pattern")
		}
		if nodeType(param) != "identifier" {
			continue
		}
		e.addLocal(call.StartByte(), e.text(param), ScopedType(body.StartByte(), body.EndByte(),
			CallbackElementTypePrefix+method+":"+ecmaReceiver(e, array)))
	}
}

// ecmaForOfValues types the variable of for (const s of servers.values())
// and the value of for (const [id, s] of servers.entries()) as one of the
// collection's values, within the loop: a Map's values, an array's
// elements (the resolver decides which, from the collection's type); and
// the variable of for (const t of tools.filter(keep)) as an element of
// tools, through the Array methods that keep the elements (ecmaSameElements).
func ecmaForOfValues(e *extractor, n, left, right *node) {
	fn := field(right, "function")
	if nodeType(fn) != "member_expression" || field(right, "arguments") == nil {
		return
	}
	method, coll := e.text(field(fn, "property")), field(fn, "object")
	if !isAny(coll, "identifier", "member_expression") {
		return
	}
	if firstNamed(field(right, "arguments")) != nil && !ecmaSameElements[method] {
		return
	}
	var bound *node
	switch {
	case ecmaSameElements[method] && nodeType(left) == "identifier":
		bound = left // for (const tool of tools.filter(keep)): an element of tools
	case method == "values" && nodeType(left) == "identifier":
		bound = left
	case method == "entries" && nodeType(left) == "array_pattern":
		if kids := namedChildren(left); len(kids) == 2 && nodeType(kids[1]) == "identifier" {
			bound = kids[1]
		}
	}
	if bound == nil {
		return
	}
	scope := n
	if body := field(n, "body"); body != nil {
		scope = body
	}
	e.addLocal(n.StartByte(), e.text(bound), ScopedType(scope.StartByte(), scope.EndByte(), CallbackElementTypePrefix+method+":"+ecmaReceiver(e, coll)))
}

// ecmaDestructured types the names a declaration binds from an object,
// const { cache, logger: log } = opts, as the object's members are:
// opts.cache and opts.logger, evaluated where the object is (opts typed by
// its declared interface, this.deps by the class's field). Nested
// patterns and rest elements are left untyped.
func ecmaDestructured(e *extractor, decl, pattern, value *node) {
	for nodeType(value) == "await_expression" {
		value = firstNamed(value)
	}
	var object string
	switch nodeType(value) {
	case "identifier", "member_expression", "this":
		object = ecmaReceiver(e, value)
	case "call_expression": // const { service } = createService(dispatch)
		if ecmaDynamicImport(e, value) != "" {
			// const { createAdapter } = await import("./adapter"): the
			// module's export, read off the module (a call of it is no
			// caller for tsserver, which stops at the binding, but what
			// the call gives is the function's result)
			object = e.squeezed(value)
			break
		}
		if !isAny(ecmaCallFunction(value), "identifier", "member_expression") {
			return
		}
		if object = e.squeezed(value); len(object) > 200 {
			return // a call with a body in its arguments: not worth evaluating again
		}
	default:
		return // a literal: no expression to evaluate again
	}
	for p := range eachNamed(pattern) {
		var key, bound *node
		switch p.Type() {
		case "shorthand_property_identifier_pattern": // { cache }
			key, bound = p, p
		case "object_assignment_pattern": // { cache = fallback }
			if left := field(p, "left"); nodeType(left) == "shorthand_property_identifier_pattern" {
				key, bound = left, left
			}
		case "pair_pattern": // { cache: c }
			if v := field(p, "value"); nodeType(v) == "identifier" && nodeType(field(p, "key")) == "property_identifier" {
				key, bound = field(p, "key"), v
			}
		}
		if key != nil {
			e.addLocal(decl.StartByte(), e.text(bound), ecmaScoped(e, decl, ValueTypePrefix+object+"."+e.text(key)))
		}
	}
}

// isTypeName reports whether typ names one type (Foo, ns.Foo), not a
// function type, an object type or a literal.
func isTypeName(typ string) bool {
	if typ == "" {
		return false
	}
	for _, r := range typ {
		if r != '.' && !isIdentRune(r) {
			return false
		}
	}
	return true
}

// ecmaStaticReturn records a static method or getter whose body only
// returns a key (static get Created() { return 'order.created' }) as the
// constant Container.Name: events are named through such accessors too.
func ecmaStaticReturn(e *extractor, container, name string, body *node) {
	stmts := namedChildren(body)
	if len(stmts) != 1 || stmts[0].Type() != "return_statement" {
		return
	}
	value := firstNamed(stmts[0])
	switch nodeType(value) {
	case "string":
		e.addConstant(container, name, e.innerBytes(value))
	case "template_string":
		hasSub := false
		for c := value.FirstChild(); c != nil; c = c.NextSibling() {
			hasSub = hasSub || c.named && c.Type() == "template_substitution"
		}
		if !hasSub {
			e.addConstant(container, name, e.innerBytes(value))
			return
		}
		ecmaConstantExpr(e, container, name, value)
	default:
		ecmaConstantExpr(e, container, name, value)
	}
}

// ecmaConstantExpr records container.name as bound to value when value is
// an expression a key can be evaluated from (a name, a member, a template
// string with substitutions, a concatenation); literals are recorded by
// stringLit.
func ecmaConstantExpr(e *extractor, container, name string, value *node) {
	for isAny(value, "as_expression", "satisfies_expression", "parenthesized_expression") {
		value = firstNamed(value)
	}
	switch nodeType(value) {
	case "identifier", "member_expression", "binary_expression":
		e.addConstantExpr(container, name, []byte(e.squeezed(value)))
	case "template_string":
		for c := value.FirstChild(); c != nil; c = c.NextSibling() {
			if c.named && c.Type() == "template_substitution" {
				e.addConstantExpr(container, name, []byte(e.text(value)))
				return
			}
		}
	}
}

func (ecmaHooks) stringLit(e *extractor, n *node) {
	switch nodeType(parent(n)) {
	case "import_statement", "export_statement", "import_require_clause":
		return // module paths are in Imports
	}
	if n.Type() == "template_string" {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if c.named && c.Type() == "template_substitution" {
				return
			}
		}
	}
	text := e.innerBytes(n)
	ecmaConstant(e, n, text)
	e.addString(text, n)
}

// ecmaConstant records the literal n as a constant when it is bound to a
// name at the top level: const X = 'x', enum E { X = 'x' }, const E = { X:
// 'x' } (as const), or a class's static field.
func ecmaConstant(e *extractor, n *node, text []byte) {
	v := n
	for isAny(parent(v), "as_expression", "satisfies_expression", "parenthesized_expression") {
		v = parent(v)
	}
	p := parent(v)
	switch nodeType(p) {
	case "variable_declarator":
		if field(p, "value") == v && ecmaTopLevelConst(p) {
			e.addConstant("", e.text(fieldChild(p, "name", isIdentifier)), text)
		}
	case "enum_assignment":
		if enum := parent(parent(p)); nodeType(enum) == "enum_declaration" && field(p, "value") == v {
			e.addConstant(e.text(field(enum, "name")), ecmaName(e, field(p, "name")), text)
		}
	case "pair":
		if field(p, "value") != v {
			return
		}
		if container := ecmaConstObject(e, parent(p)); container != "" {
			e.addConstant(container, ecmaName(e, field(p, "key")), text)
		}
	case "public_field_definition", "field_definition":
		if !ecmaStatic(p) {
			return
		}
		name := field(p, "name")
		if name == nil {
			name = field(p, "property")
		}
		if class := parent(parent(p)); isAny(class, "class_declaration", "abstract_class_declaration", "class") {
			e.addConstant(e.text(field(class, "name")), ecmaName(e, name), text)
		}
	}
}

// ecmaTopLevelConst reports whether a declarator belongs to a const
// declaration at the top level of the module (exported or not).
func ecmaTopLevelConst(declarator *node) bool {
	decl := parent(declarator)
	if nodeType(decl) != "lexical_declaration" || nodeType(decl.FirstChild()) != "const" {
		return false
	}
	up := parent(decl)
	if nodeType(up) == "export_statement" {
		up = parent(up)
	}
	return nodeType(up) == "program"
}

// ecmaConstObject names a top-level constant object literal, dotted for
// nested ones ("Events.Report" for the inner object of const Events =
// {Report: {...}}); "" for any other object.
func ecmaConstObject(e *extractor, obj *node) string {
	if nodeType(obj) != "object" {
		return ""
	}
	v := obj
	for isAny(parent(v), "as_expression", "satisfies_expression", "parenthesized_expression") {
		v = parent(v)
	}
	switch p := parent(v); nodeType(p) {
	case "variable_declarator":
		if field(p, "value") == v && ecmaTopLevelConst(p) {
			return e.text(fieldChild(p, "name", isIdentifier))
		}
	case "pair":
		if outer := ecmaConstObject(e, parent(p)); outer != "" && field(p, "value") == v {
			return outer + "." + ecmaName(e, field(p, "key"))
		}
	}
	return ""
}

func ecmaStatic(member *node) bool {
	for c := member.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Type() == "static" {
			return true
		}
	}
	return false
}

// ecmaFunctionTypes are the nodes whose parameters and body bind names.
var ecmaFunctionTypes = newTypeSet("arrow_function", "function_expression", "function_declaration",
	"function", "generator_function_declaration", "generator_function", "method_definition")

// ecmaBoundLocally reports whether a parameter or a local declaration of a
// function around the call binds name: onChange(x) in function
// Pills({ onChange }) or after const { onChange } = props calls the prop.
// A local function (const f = () => {}) is a symbol, resolved as such.
func ecmaBoundLocally(e *extractor, call *node, name string) bool {
	for a := parent(call); a != nil; a = parent(a) {
		if !ecmaFunctionTypes.has(a) {
			continue
		}
		if e.boundNames == nil {
			e.boundNames = map[uint32]map[string]bool{}
		}
		names, ok := e.boundNames[a.StartByte()]
		if !ok {
			names = map[string]bool{}
			if p := field(a, "parameter"); p != nil {
				ecmaBindings(e, p, names)
			}
			for p := range eachNamed(field(a, "parameters")) {
				if pat := field(p, "pattern"); pat != nil { // TypeScript's required_parameter
					p = pat
				}
				ecmaBindings(e, p, names)
			}
			ecmaBodyBindings(e, field(a, "body"), names)
			e.boundNames[a.StartByte()] = names
		}
		if names[name] {
			return true
		}
	}
	return false
}

// ecmaBindings adds the names a binding pattern binds.
func ecmaBindings(e *extractor, n *node, names map[string]bool) {
	switch nodeType(n) {
	case "identifier", "shorthand_property_identifier_pattern":
		names[e.text(n)] = true
	case "object_pattern", "array_pattern":
		for c := range eachNamed(n) {
			ecmaBindings(e, c, names)
		}
	case "pair_pattern":
		ecmaBindings(e, field(n, "value"), names)
	case "assignment_pattern", "object_assignment_pattern":
		ecmaBindings(e, field(n, "left"), names)
	case "rest_pattern":
		ecmaBindings(e, firstNamed(n), names)
	}
}

// ecmaBodyBindings adds the names declared in a function's body, nested
// functions and classes left out: variables whose value is not a function,
// loop variables, catch parameters.
//
// The tree's nodes are in pre-order, so a node's descendants are the nodes
// that follow it up to its subtree's end: the body is read in one run over
// the array, jumping over the subtrees left out, rather than by recursion
// through each node's children.
func ecmaBodyBindings(e *extractor, n *node, names map[string]bool) {
	if e.tree == nil {
		ecmaBodyBindingsUnder(e, n, names)
		return
	}
	end := e.tree.subtreeEnd(n, nil)
	for i := n.self + 1; i < end; {
		c := n.at(i)
		if !c.named || ecmaFunctionTypes.has(c) || ecmaClassTypes.has(c) {
			i = e.tree.subtreeEnd(c, n)
			continue
		}
		ecmaBodyBinding(e, c, names)
		i++
	}
}

// ecmaBodyBindingsUnder is ecmaBodyBindings by recursion, for a node with
// no tree at hand.
func ecmaBodyBindingsUnder(e *extractor, n *node, names map[string]bool) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if !c.named || ecmaFunctionTypes.has(c) || ecmaClassTypes.has(c) {
			continue
		}
		ecmaBodyBinding(e, c, names)
		ecmaBodyBindingsUnder(e, c, names)
	}
}

// ecmaBodyBinding adds the names c itself declares, for ecmaBodyBindings.
func ecmaBodyBinding(e *extractor, c *node, names map[string]bool) {
	if !ecmaBindingTypes.has(c) {
		return
	}
	switch c.Type() {
	case "variable_declarator":
		if !isFunctionValue(field(c, "value")) {
			ecmaBindings(e, field(c, "name"), names)
		}
	case "for_in_statement":
		ecmaBindings(e, field(c, "left"), names)
	case "catch_clause":
		ecmaBindings(e, field(c, "parameter"), names)
	}
}

// ecmaClassTypes and ecmaBindingTypes are the nodes ecmaBodyBindings stops
// at and reads, tested on every node of a body.
var (
	ecmaClassTypes   = newTypeSet("class_declaration", "class")
	ecmaBindingTypes = newTypeSet("variable_declarator", "for_in_statement", "catch_clause")
)

// ecmaObjectName is the name an object literal's methods are recorded
// under: the variable it initialises (const logger = { warn() {} }), or
// "default" for export default { ... }; "" for any other object (an
// argument, a property's value, a returned object), whose methods keep no
// container.
func ecmaObjectName(e *extractor, object *node) string {
	p := parent(object)
	for isAny(p, "parenthesized_expression", "as_expression", "satisfies_expression") {
		p = parent(p)
	}
	switch nodeType(p) {
	case "variable_declarator":
		if name := field(p, "name"); nodeType(name) == "identifier" {
			return e.text(name)
		}
	case "export_statement":
		return "default"
	case "return_statement": // function make() { return { ... } }: make's
		for a := parent(p); a != nil; a = parent(a) {
			if ecmaFunctionTypes.has(a) {
				return ecmaFunctionName(e, a)
			}
			if a.Type() == "class_body" {
				break
			}
		}
	case "arrow_function": // const make = () => ({ ... })
		return ecmaFunctionName(e, p)
	case "pair": // const resolvers = { Agency: { type() {} } }: resolvers.Agency's type
		if key := field(p, "key"); nodeType(key) == "property_identifier" && ecmaPairValue(p) == object {
			if outer := ecmaObjectName(e, parent(p)); outer != "" {
				return outer + "." + e.text(key)
			}
		}
	}
	return ""
}

// ecmaPairValue is a pair's value, casts and parentheses around it left
// out.
func ecmaPairValue(pair *node) *node {
	v := field(pair, "value")
	for isAny(v, "parenthesized_expression", "as_expression", "satisfies_expression") {
		v = firstNamed(v)
	}
	return v
}

// ecmaFunctionName is the name fn is recorded under as a symbol: a
// function's or method's own, or the variable or class field an arrow or a
// function expression is assigned to; "" for an anonymous function.
func ecmaFunctionName(e *extractor, fn *node) string {
	if name := field(fn, "name"); name != nil {
		return e.text(name)
	}
	switch p := parent(fn); nodeType(p) {
	case "variable_declarator":
		if name := field(p, "name"); nodeType(name) == "identifier" {
			return e.text(name)
		}
	case "public_field_definition":
		return e.text(field(p, "name"))
	case "field_definition":
		return e.text(field(p, "property"))
	}
	return ""
}

// ecmaModuleCallType reports whether typ, a local's type read where n is,
// is the result of calling a function the file's top level binds
// (const app = await configureApp(page), configureApp imported): a member
// of an object literal holding that local is typed so, and the call is
// evaluated where the field is read, in the file's scope, so its callee
// must be bound there and not by the function.
func ecmaModuleCallType(e *extractor, n *node, typ string) bool {
	callee, ok := strings.CutPrefix(typ, CallTypePrefix)
	if !ok || !IsIdentifierName(callee) {
		return false
	}
	return ecmaTopLevelNames(e, n)[callee] && !ecmaBoundLocally(e, n, callee)
}

// ecmaObjectType is the type of a name bound to value when value is an
// object literal: ObjectTypePrefix and the name, which its methods are
// recorded under (ecmaObjectName); "" for any other value.
func ecmaObjectType(value *node, name string) string {
	for isAny(value, "parenthesized_expression") {
		value = firstNamed(value)
	}
	if nodeType(value) != "object" {
		return ""
	}
	for c := range eachNamed(value) {
		if c.Type() == "spread_element" {
			return OpenObjectTypePrefix + name
		}
	}
	return ObjectTypePrefix + name
}

// ecmaDefaultExport records what export default names as a top-level local
// "default", so that an import of the default is typed as the value
// exported: export default { warn() {} } is an object whose methods are
// default's, export default logger is logger.
// ecmaTopLevelStatement reports whether n is a statement of the module's
// top level, exported or not.
func ecmaTopLevelStatement(n *node) bool {
	p := n.Parent()
	if is(p, "export_statement") {
		p = p.Parent()
	}
	return is(p, "program")
}

// ecmaGetter reports whether n, a method definition, is a getter (get x()).
func ecmaGetter(n *node) bool {
	name := field(n, "name")
	for c := n.FirstChild(); c != nil && !sameNode(c, name); c = c.NextSibling() {
		if !c.named && c.Type() == "get" {
			return true
		}
	}
	return false
}

// ecmaDeclaredGlobal reports whether n is a statement of a declare global
// block: what it declares is named in every file of the program.
func ecmaDeclaredGlobal(n *node) bool {
	p := n.Parent()
	if is(p, "export_statement") {
		p = p.Parent()
	}
	if !is(p, "statement_block") || !is(p.Parent(), "ambient_declaration") {
		return false
	}
	for c := p.Parent().FirstChild(); c != nil; c = c.NextSibling() {
		if !c.named && c.Type() == "global" {
			return true
		}
	}
	return false
}

// ecmaExportsDefaultDeclaration reports whether n is export default class
// X {} or export default function x() {}.
func ecmaExportsDefaultDeclaration(n *node) bool {
	if !isAny(field(n, "declaration"), "class_declaration", "abstract_class_declaration", "function_declaration", "generator_function_declaration") {
		return false
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Type() == "default" {
			return true
		}
	}
	return false
}

func ecmaDefaultExport(e *extractor, n *node) {
	value := field(n, "value")
	if value == nil {
		// export default class AppRenderer {}: the default is the class,
		// imported under any name (import App from './app'); export
		// default function formatPrice() {} likewise the function.
		if ecmaExportsDefaultDeclaration(n) {
			if name := field(field(n, "declaration"), "name"); name != nil {
				e.addLocal(n.StartByte(), "default", ValueTypePrefix+e.text(name))
			}
		}
		return
	}
	typ := ecmaObjectType(value, "default")
	if typ == "" && nodeType(value) == "identifier" {
		typ = ValueTypePrefix + e.text(value)
	}
	if typ == "" {
		// export default new ApiService(), export default
		// NotificationService.getInstance(): a module's one instance,
		// imported under any name (import api from './api'; api.get())
		typ = ecmaValueType(e, value)
	}
	e.addLocal(n.StartByte(), "default", typ)
}

// CommonJSExportsLocal names the local that records what a CommonJS module
// assigns to module.exports, when it is one value rather than an object of
// names: a class (module.exports = UserService), a function, or an instance
// (module.exports = new UserService()). require gives that value, so
// const users = require('./users'); users.find() calls the instance's find.
// No declaration can have this name.
const CommonJSExportsLocal = "module.exports"

// ecmaModuleExports records module.exports = X (X a name or new X()) as
// the CommonJSExportsLocal. An object literal (module.exports = { a, b })
// is not recorded: require then gives the module's names, as for import *.
func ecmaModuleExports(e *extractor, n *node) {
	value := field(n, "right")
	for is(value, "parenthesized_expression") {
		value = firstNamed(value)
	}
	switch nodeType(value) {
	case "identifier":
		e.addLocal(n.StartByte(), CommonJSExportsLocal, ValueTypePrefix+e.text(value))
	case "new_expression":
		if typ := ecmaValueType(e, value); typ != "" {
			e.addLocal(n.StartByte(), CommonJSExportsLocal, typ)
		}
	}
}

// ecmaReturnedType is the type a function without a declared result type
// returns, as tsserver infers it, where every return says it alike: a
// class constructed (return new Cache()) or a cast to a type name (return
// { ... } as unknown as CacheService, a test double's factory). "" when a
// return says otherwise, or nothing.
func ecmaReturnedType(e *extractor, fn *node, name string) string {
	body := field(fn, "body")
	if body == nil {
		return ""
	}
	if body.Type() != "statement_block" {
		return ecmaTypeOfReturned(e, body, name) // () => new Cache()
	}
	typ := ""
	agreed := ecmaEachReturn(body, func(ret *node) bool {
		t := ecmaTypeOfReturned(e, firstNamed(ret), name)
		if t == "" || typ != "" && t != typ {
			return false
		}
		typ = t
		return true
	})
	if !agreed {
		return ""
	}
	return typ
}

// ecmaInstanceofNarrowed is the branch in which n, name instanceof Class,
// narrows name to a Class, as tsserver does: the consequence of the
// ternary or the if whose condition n is; nil for any other n.
func ecmaInstanceofNarrowed(e *extractor, n *node) *node {
	if n.Type() != "binary_expression" || nodeType(field(n, "left")) != "identifier" || nodeType(field(n, "right")) != "identifier" {
		return nil
	}
	instanceof := false
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if !c.named && c.Type() == "instanceof" {
			instanceof = true
		}
	}
	if !instanceof {
		return nil
	}
	p := n.Parent()
	switch {
	case is(p, "ternary_expression") && sameNode(field(p, "condition"), n):
		return field(p, "consequence")
	case is(p, "parenthesized_expression") && is(p.Parent(), "if_statement") && sameNode(field(p.Parent(), "condition"), p):
		return field(p.Parent(), "consequence")
	}
	return nil
}

// ecmaEachReturn calls visit with each return statement of a function's
// body, in order, leaving out those of nested functions and classes (their
// returns are their own), until visit says false; it reports whether
// every visit said true.
func ecmaEachReturn(body *node, visit func(ret *node) bool) bool {
	ok := true
	var walk func(n *node)
	walk = func(n *node) {
		for c := range eachNamed(n) {
			if !ok {
				return
			}
			switch {
			case ecmaFunctionTypes.has(c) || isAny(c, "class_declaration", "class"):
			case c.Type() == "return_statement":
				ok = visit(c)
			default:
				walk(c)
			}
		}
	}
	walk(body)
	return ok
}

// ecmaReturnedCall is, for a function without a declared result type whose
// every return gives the result of one call written alike (return
// base.$extends({...}), () => makeRepo()), that call as a Local's type
// (CallTypePrefix or ClassArgTypePrefix), scoped to the first return so
// that the function's locals are read there, and the position of that
// return; "" otherwise. tsserver infers the result from the call.
func ecmaReturnedCall(e *extractor, fn *node) (string, uint32) {
	body := field(fn, "body")
	if body == nil {
		return "", 0
	}
	callType := func(v *node) string {
		for isAny(v, "parenthesized_expression", "await_expression") {
			v = firstNamed(v)
		}
		if nodeType(v) != "call_expression" {
			return ""
		}
		if t := ecmaValueType(e, v); strings.HasPrefix(t, CallTypePrefix) || strings.HasPrefix(t, ClassArgTypePrefix) {
			return t
		}
		return ""
	}
	if body.Type() != "statement_block" {
		if t := callType(body); t != "" {
			return ScopedType(body.StartByte(), body.EndByte(), t), body.StartByte()
		}
		return "", 0
	}
	typ := ""
	var first *node
	agreed := ecmaEachReturn(body, func(ret *node) bool {
		t := callType(firstNamed(ret))
		if t == "" || typ != "" && t != typ {
			return false
		}
		if first == nil {
			first = ret
		}
		typ = t
		return true
	})
	if !agreed || first == nil {
		return "", 0
	}
	return ScopedType(first.StartByte(), first.EndByte(), typ), first.StartByte()
}

// ecmaReturnsThis is what ecmaTypeOfReturned says of return this.
const ecmaReturnsThis = "this"

// ecmaTypeOfReturned is the type of a value that the function name returns,
// when it says one: new Cache(...) is a Cache, x as Cache is a Cache, an
// object literal is the object whose methods are recorded under name
// (ecmaObjectName); "" otherwise.
func ecmaTypeOfReturned(e *extractor, v *node, name string) string {
	for isAny(v, "parenthesized_expression", "await_expression") {
		v = firstNamed(v)
	}
	switch nodeType(v) {
	case "this":
		return ecmaReturnsThis // the method's class, where the caller knows it
	case "identifier":
		return ecmaReturnedLocal(e, v) // const loot = new TeamLoot(); ...; return loot
	case "object":
		if name != "" {
			return ecmaObjectType(v, name)
		}
	case "new_expression":
		return ecmaValueType(e, v)
	case "class": // a mixin's return class Pki extends Base {}: the class
		if name := field(v, "name"); name != nil {
			return e.text(name)
		}
	case "function_expression", "arrow_function":
		// return function adapter(): Adapter { ... }: calling the value
		// returned gives what its declared result says
		if t := ecmaReturnType(e, field(v, "return_type")); isTypeName(t) {
			return GoFuncPrefix + t
		}
	case "as_expression":
		typ := ecmaValueType(e, v)
		switch typ {
		case "const", "any", "unknown", "object", "Object":
			return ""
		}
		if isTypeName(typ) {
			return typ
		}
	}
	return ""
}

// ecmaReturnedLocal is the type of a returned name that the function
// around it declares as a const whose type is written or whose value is
// constructed or cast (const teamLoot = new TeamLoot(...); ... return
// teamLoot), as tsserver infers the result; "" for any other name (a
// parameter, a let, a name of a nested function or of the file).
func ecmaReturnedLocal(e *extractor, id *node) string {
	fn := parent(id)
	for fn != nil && !ecmaFunctionTypes.has(fn) {
		fn = parent(fn)
	}
	if fn == nil {
		return ""
	}
	name := e.text(id)
	typ, found := "", false
	var walk func(n *node)
	walk = func(n *node) {
		for c := range eachNamed(n) {
			if found {
				return
			}
			switch {
			case ecmaFunctionTypes.has(c) || isAny(c, "class_declaration", "class"):
				// a nested function's names are its own
			case c.Type() == "variable_declarator" && nodeType(field(c, "name")) == "identifier" && e.text(field(c, "name")) == name:
				found = true
				if !ecmaConstDeclaration(c) {
					return
				}
				if t := field(c, "type"); t != nil {
					typ = ecmaType(e, t)
				} else if v := field(c, "value"); isAny(v, "new_expression", "as_expression") {
					typ = ecmaTypeOfReturned(e, v, "")
				}
				if !isTypeName(typ) {
					typ = ""
				}
			default:
				walk(c)
			}
		}
	}
	walk(field(fn, "body"))
	return typ
}

// ecmaConstDeclaration reports whether a variable declarator is a
// const's: the name holds its value throughout.
func ecmaConstDeclaration(decl *node) bool {
	p := parent(decl)
	if !is(p, "lexical_declaration") {
		return false
	}
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		if !c.named && c.Type() == "const" {
			return true
		}
	}
	return false
}

// ecmaScoped scopes typ, a local's declared at decl, to the block it is
// declared in when that block is nested in its function or in the file (an
// if, a loop, a callback's body: a test file's describe and it callbacks
// bind one name again and again, each to its own class). A local of a
// function's own body, or of the file's top level, holds throughout.
func ecmaScoped(e *extractor, decl *node, typ string) string {
	if typ == "" {
		return ""
	}
	var block *node
	for a := parent(decl); a != nil && block == nil; a = parent(a) {
		switch {
		case a.Type() == "statement_block":
			block = a
		case ecmaFunctionTypes.has(a) || isAny(a, "class_body"):
			return typ
		}
	}
	if block == nil {
		return typ
	}
	if fn := parent(block); ecmaFunctionTypes.has(fn) {
		if i := e.enclosingFunction(decl.StartByte()); i >= 0 && fn.EndByte() == e.facts.Symbols[i].Span.EndByte {
			return typ // the function's own body
		}
	}
	return ScopedType(block.StartByte(), block.EndByte(), typ)
}

// ecmaObjectTypeMembers records the members of a top-level type alias of
// an object type as fields of the alias (ParamsTypePrefix): what a value
// of the type holds, and the parameters of its function-typed members.
func ecmaObjectTypeMembers(e *extractor, alias string, object *node) {
	for m := range eachNamed(object) {
		var typ string
		switch m.Type() {
		case "property_signature":
			t := firstNamed(field(m, "type"))
			if is(t, "function_type") {
				typ = ecmaParamsType(e, field(t, "parameters"))
			} else if typ = ecmaType(e, t); !isMemberTypeName(typ) {
				typ = ""
			}
		case "method_signature":
			typ = ecmaParamsType(e, field(m, "parameters"))
		}
		if typ != "" {
			e.addField(m.StartByte(), Field{Container: alias, Name: ecmaName(e, field(m, "name")), Type: typ})
		}
	}
}

// isMemberTypeName reports whether a member's declared type, as ecmaType
// reads it, says what reading the member gives: a type name, a record of
// one, a union of type names, or an object type literal's members
// (ObjectTypeLiteralPrefix).
func isMemberTypeName(typ string) bool {
	if name, ok := strings.CutPrefix(typ, ObjectTypePrefix); ok && strings.HasPrefix(name, ObjectTypeLiteralPrefix) {
		return true
	}
	return isTypeName(strings.TrimPrefix(typ, RecordTypePrefix)) || isUnionTypeName(typ)
}

// isUnionTypeName reports whether typ is a union of type names, as
// ecmaUnion writes one (A | B).
func isUnionTypeName(typ string) bool {
	names, ok := strings.CutPrefix(typ, PythonUnionTypePrefix)
	return ok && !slices.ContainsFunc(strings.Split(names, "|"), func(n string) bool { return !isTypeName(n) })
}

// ecmaObjectTypeLiteral is the type of a value declared with an object
// type literal written in place ({ provider: AIProvider; model: string },
// as a function's result, a parameter's, a local's or a field's type):
// ObjectTypePrefix and the literal's name (ObjectTypeLiteralPrefix and its
// offset), its members recorded as fields of that name, as an alias's are.
// "" for one whose members say nothing of a type (nothing to read).
func ecmaObjectTypeLiteral(e *extractor, n *node) string {
	name := ObjectTypeLiteralPrefix + strconv.FormatUint(uint64(n.StartByte()), 10)
	before := len(e.pendingFields)
	ecmaObjectTypeMembers(e, name, n)
	if len(e.pendingFields) == before {
		return ""
	}
	return ObjectTypePrefix + name
}

// ecmaParamsType is ParamsTypePrefix and the type name of each formal
// parameter ("" for one of no such type).
func ecmaParamsType(e *extractor, params *node) string {
	var types []string
	for p := range eachNamed(params) {
		if !isAny(p, "required_parameter", "optional_parameter") {
			continue
		}
		t := ecmaType(e, field(p, "type"))
		if !isTypeName(t) || untypedTS[t] {
			t = ""
		}
		types = append(types, t)
	}
	return ParamsTypePrefix + strings.Join(types, GoResultSeparator)
}

// untypedTS are type names that say nothing of a value's class.
var untypedTS = map[string]bool{"any": true, "unknown": true, "object": true, "Object": true, "never": true}

// ecmaContextType is, for a method of an object literal that a variable
// declared with a type name is bound to (const hunt: Task = { run() {} },
// or an element of const tasks: Task[] = [{ run() {} }]), that type and
// the method's name; "" otherwise.
func ecmaContextType(e *extractor, decl, name *node) (string, string) {
	if e.facts.Language != TypeScript && e.facts.Language != TSX || decl.Type() != "method_definition" || !is(name, "property_identifier") {
		return "", ""
	}
	object := parent(decl)
	if !is(object, "object") {
		return "", ""
	}
	holder := parent(object)
	if is(holder, "array") {
		holder = parent(holder)
	}
	if !is(holder, "variable_declarator") {
		return "", ""
	}
	t := ecmaType(e, field(holder, "type"))
	if !isTypeName(t) || untypedTS[t] {
		return "", ""
	}
	return t, e.text(name)
}

// ecmaContextParam records the names an untyped parameter binds, a name
// or a destructuring of names, as locals of type typ (ContextParamTypePrefix).
func ecmaContextParam(e *extractor, p *node, typ string) {
	if !isAny(p, "required_parameter", "optional_parameter") || field(p, "type") != nil {
		return
	}
	pattern := field(p, "pattern")
	switch nodeType(pattern) {
	case "identifier":
		e.addLocal(p.StartByte(), e.text(pattern), typ)
	case "object_pattern":
		ecmaPatternNames(pattern, func(key, local *node) {
			e.addLocal(p.StartByte(), e.text(local), typ+":"+e.text(key))
		})
	}
}

// ecmaTypeParams are the names of a function's type parameters, nil when
// it has none.
func ecmaTypeParams(e *extractor, params *node) []string {
	var out []string
	for p := range eachNamed(params) {
		if p.Type() == "type_parameter" {
			if name := field(p, "name"); name != nil {
				out = append(out, e.text(name))
			}
		}
	}
	return out
}

// ecmaLexicalThisClass is the class whose instance this is at n, where n
// is reached from a method of that class through arrow functions only (an
// arrow binds no this of its own); "" under a function written with the
// function keyword, a static method, an object literal's method, or no
// method at all.
func ecmaLexicalThisClass(e *extractor, n *node) string {
	for a := parent(n); a != nil; a = parent(a) {
		switch a.Type() {
		case "function_expression", "function_declaration", "function", "generator_function_declaration", "generator_function", "class_body", "program":
			return ""
		case "method_definition":
			class := parent(parent(a))
			if ecmaStatic(a) || !is(parent(a), "class_body") || !isAny(class, "class_declaration", "abstract_class_declaration", "class") {
				return ""
			}
			if name := field(class, "name"); name != nil {
				return e.text(name)
			}
			return ""
		}
	}
	return ""
}

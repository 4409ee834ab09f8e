package treesitter

import (
	"strconv"
	"strings"
)

// References: a function or method used as a value, not called. The precise
// servers (gopls, pyright, tsserver, jdtls) count such a site as a caller
// of the function, so the graph must see it: a handler passed to a
// registration (http.HandleFunc("/", s.handle)), a callback
// (items.map(this.format), run(this::handle)), a method stored for later
// (advance = self.advance, s.onDone = h, Server{handler: h}, {"a": h}),
// returned, or bound (this.handle.bind(this)).
//
// Only value positions are read: an argument, the right side of an
// assignment or declaration, a literal's element or value, a return. Never
// a call's callee, a declaration's name, a key, or a string. A name bound
// in the function itself (a parameter or a local whose type is known) is
// a variable, not a function, and is not recorded: that keeps the store
// from filling with every argument. The resolver decides the rest: a
// reference links only when it resolves through scope, import or receiver
// type, never by name alone.

// ref records n as a reference candidate; match calls it only for nodes in
// a value position.
func (c *captures) ref(n *node) {
	c.refs = append(c.refs, n)
}

// goRefPosition reports whether n (an identifier or selector) is a value:
// an argument, an assigned or declared value, a returned value, or an
// element or value (not a key) of a composite literal.
func goRefPosition(n *node) bool {
	p := n.Parent()
	switch nodeType(p) {
	case "argument_list":
		return true
	case "type_conversion_expression":
		// createActionCommandWithT[args](ModuleBuildLocalAction): the
		// argument of a generic function called with type arguments,
		// which the grammar reads as a conversion to a generic type.
		return n.FieldName() == "operand" && is(field(p, "type"), "generic_type")
	case "expression_list":
		f := p.FieldName()
		return f == "right" || f == "value" || is(p.Parent(), "return_statement")
	case "literal_element":
		if kv := p.Parent(); is(kv, "keyed_element") {
			return firstNamed(kv) != p // Server{handler: h}: handler is a key
		}
		return true
	}
	return false
}

// pythonRefPosition is goRefPosition for Python's identifiers and
// attributes.
func pythonRefPosition(e *extractor, n *node) bool {
	p := n.Parent()
	switch nodeType(p) {
	case "attribute":
		// repo.save.assert_called_once(): the mock's member, read off the
		// method; self.moneda.nombre, self.moneda.upper(): a member read
		// as a receiver, which pyright counts (a property's reads).
		return n.FieldName() == "object" && is(n, "attribute")
	case "argument_list", "list", "tuple", "set", "return_statement":
		return true
	case "keyword_argument", "pair":
		return n.FieldName() == "value"
	case "assignment":
		// obj.m = v writes over a method of obj: pyright lists the
		// attribute written as a reference of the method (a test's
		// job.fetch = lambda: None).
		return n.FieldName() == "right" || n.FieldName() == "left" && is(n, "attribute")
	case "expression_list": // return a, b
		return is(p.Parent(), "return_statement")
	case "conditional_expression": // x = a if cond else b: a branch is the value
		cs := namedChildren(p)
		return len(cs) == 3 && !sameNode(cs[1], n) && pythonRefPosition(e, p) || is(n, "attribute")
	case "subscript": // MESSAGES[self.refusal]: the index is a value
		return n.FieldName() == "subscript" || is(n, "attribute") && n.FieldName() == "value"
	case "comparison_operator": // self.refusal in REFUSALS, self.handler == other
		return true
	}
	return is(n, "attribute") && pythonMemberRead(n, p)
}

// pythonMemberRead reports whether attribute n, under p, is read in an
// expression the positions above do not list: pyright's call hierarchy
// lists every member access of a class instance that finds the function
// (its visitMemberAccess), wherever it stands, and a property (@property,
// SQLAlchemy's @hybrid_property) is only ever read: f"{obj.destino}",
// self.total * self.proyectado, self.es_flete or self.es_merma,
// not self.activo, if self.vencido:. The receiver filter of addRefs still
// keeps only members of self and of typed names.
func pythonMemberRead(n, p *node) bool {
	switch nodeType(p) {
	case "binary_operator", "boolean_operator", "not_operator", "unary_operator", "parenthesized_expression",
		"await", "conditional_expression", "assert_statement", "yield", "list_splat", "dictionary_splat",
		"expression_statement":
		return true
	case "interpolation": // f"{obj.destino_nombre}", not its format specifier
		return n.FieldName() == "expression"
	case "if_statement", "elif_clause", "while_statement", "if_clause":
		return n.FieldName() == "condition" || is(p, "if_clause")
	case "for_statement", "for_in_clause": // for x in self.items
		return n.FieldName() == "right"
	case "augmented_assignment": // total += self.monto
		return n.FieldName() == "right"
	case "lambda":
		return n.FieldName() == "body"
	case "list_comprehension", "set_comprehension", "generator_expression", "dictionary_comprehension":
		return n.FieldName() == "body"
	case "subscript": // self.items[0]
		return n.FieldName() == "value"
	}
	return false
}

// ecmaRefPosition is goRefPosition for TypeScript and JavaScript: also the
// object of a .bind() call (this.handle.bind(this)).
func ecmaRefPosition(e *extractor, n *node) bool {
	p := n.Parent()
	switch nodeType(p) {
	case "arguments", "array", "return_statement":
		return true
	case "template_substitution", "jsx_expression":
		// html`<button @click=${this.open}>`: lit binds the method as the
		// listener; tsserver counts the reference (skia-buildbot). The same
		// in JSX: <Button onClick={this.open} /> (data-portal)
		return isAny(n, "identifier", "member_expression")
	case "object":
		// { handle }; not module.exports = { handle }, an export
		return is(n, "shorthand_property_identifier") && !ecmaExportsAssignment(e, p.Parent())
	case "pair":
		return n.FieldName() == "value" && !ecmaExportsAssignment(e, parent(parent(p)))
	case "variable_declarator":
		return n.FieldName() == "value"
	case "unary_expression":
		// typeof gateway.markAsRead === 'function': a method looked for
		// before it is called; tsserver lists the property access
		return ecmaTypeofMember(e, n)
	case "as_expression", "satisfies_expression", "non_null_expression", "parenthesized_expression":
		// { create: runtime.create as Deps["create"] }: the value under the
		// assertion stands where the assertion does (tsserver lists the
		// property access wherever it is)
		return sameNode(firstNamed(p), n) && isAny(n, ecmaValueWrappers...) && ecmaRefPosition(e, p)
	case "assignment_expression":
		if n.FieldName() == "left" {
			// t.pull = async () => [], s.find = jest.fn(): a test writes
			// its own function over a method; tsserver lists the property
			// access under the method (and under the interface method it
			// implements)
			return ecmaWrittenWithFunction(e, n)
		}
		return n.FieldName() == "right" && !ecmaExportsAssignment(e, p)
	case "member_expression":
		// (call_expression function: (member_expression object: (_) @ref
		//   property: (property_identifier) @bind (#eq? @bind "bind")))
		if n.FieldName() != "object" || !isAny(n, ecmaValueWrappers...) {
			return false
		}
		if prop := e.text(field(p, "property")); ecmaReadOffFunction(prop) {
			// repo.insert.mock.calls[0], (repo.save as jest.Mock).mock,
			// repo.find.mockResolvedValue(x): what a test reads off a
			// mocked method; tsserver lists the method's property access
			return true
		}
		return p.FieldName() == "function" && is(p.Parent(), "call_expression") && e.text(field(p, "property")) == "bind"
	}
	return false
}

// ecmaWrittenWithFunction reports whether n is a member access assigned a
// function: an arrow function, a function expression, or a mock made by a
// test library (jest.fn(), vi.fn(...).mockResolvedValue(x), sinon.stub()).
// Other values written to members are data (this.count = 0), and a row
// per write would cost more than the rare method written over. Not a
// CommonJS export (module.exports.f = function) nor a prototype's method
// (Foo.prototype.bar = function), which declare the function.
func ecmaWrittenWithFunction(e *extractor, n *node) bool {
	p := n.Parent()
	if !is(n, "member_expression") || !is(p, "assignment_expression") || n.FieldName() != "left" || ecmaExportsAssignment(e, p) {
		return false
	}
	if obj := e.text(field(n, "object")); obj == "prototype" || strings.HasSuffix(obj, ".prototype") {
		return false
	}
	right := field(p, "right")
	for isAny(right, "as_expression", "satisfies_expression", "parenthesized_expression") {
		right = firstNamed(right)
	}
	switch nodeType(right) {
	case "arrow_function", "function_expression", "function":
		return true
	case "call_expression":
		return ecmaMockFactory(e, right)
	}
	return false
}

// ecmaMockFactory reports whether call makes a mock function: jest.fn(),
// vi.fn(), sinon.stub()/spy()/fake(), or such a call configured further
// (jest.fn().mockReturnValue(x)).
func ecmaMockFactory(e *extractor, call *node) bool {
	for is(call, "call_expression") {
		fn := field(call, "function")
		if !is(fn, "member_expression") {
			return false
		}
		obj, prop := field(fn, "object"), e.text(field(fn, "property"))
		if is(obj, "identifier") {
			switch e.text(obj) + "." + prop {
			case "jest.fn", "vi.fn", "sinon.stub", "sinon.spy", "sinon.fake":
				return true
			}
			return false
		}
		if !ecmaReadOffFunction(prop) {
			return false
		}
		call = obj
	}
	return false
}

// ecmaValueWrappers are the nodes that stand for the name or member
// access they wrap, (repo.save as jest.Mock) or repo.save!, besides the
// name or access itself.
var ecmaValueWrappers = []string{"identifier", "member_expression", "as_expression", "satisfies_expression", "non_null_expression", "parenthesized_expression"}

// ecmaReadOffFunction reports whether prop, read off a value, says the
// value is a function: a jest or vitest mock's members (mock, mockClear,
// mockResolvedValue, ...) exist on mocked functions only. Data has them
// under no other meaning, so the value before them is a method read.
func ecmaReadOffFunction(prop string) bool {
	rest, ok := strings.CutPrefix(prop, "mock")
	return ok && (rest == "" || rest[0] >= 'A' && rest[0] <= 'Z')
}

// ecmaExportsAssignment reports whether n is a CommonJS export: an
// assignment to module.exports, module.exports.x or exports.x. What it
// assigns is no reference (tsserver lists none, as export default f is
// none either).
func ecmaExportsAssignment(e *extractor, n *node) bool {
	if !is(n, "assignment_expression") {
		return false
	}
	left := field(n, "left")
	if isModuleExports(e, left) {
		return true
	}
	if !is(left, "member_expression") {
		return false
	}
	obj := field(left, "object")
	return isModuleExports(e, obj) || is(obj, "identifier") && e.text(obj) == "exports"
}

// addRefs turns the captured value positions into reference sites. Most
// values in those positions are data (req.body, input, id, s.config), and
// a store row per value would cost more than the references are worth, so
// only what the precise servers count, and the resolver can follow, is
// kept:
//   - a bare name, in Go only (gopls counts every reference; tsserver and
//     pyright count only member accesses): a function declared in the file,
//     or a name the function does not bind itself (parameters, := and var,
//     range variables), unless spelled as an error value (ErrClosed) or in
//     a file with a dot import (gocheck's IsNil);
//   - a member of this, self or super; in Go, of an imported package not in
//     the standard library (handlers.Health), of the method's own receiver
//     (s.handle), or of a typed value stored in a field; in Python, of a
//     typed local or parameter (pyright counts members of instances); in
//     TypeScript, of an imported namespace or a class of the file;
//   - never a constant (SCREAMING_CASE); Java's method references always.
//
// A value stored in a field also gets a row under the field's name
// (AssignPrefix), for the calls of that field.
func (e *extractor) addRefs(nodes []*node, locals []*node) {
	if len(nodes) == 0 {
		return
	}
	r := refScope{e: e}
	for _, n := range nodes {
		c := Call{Ref: true}
		var name *node
		switch n.Type() {
		case "identifier", "shorthand_property_identifier":
			name = n
		case "selector_expression": // Go: s.handle, pkg.Handler
			name = field(n, "field")
			c.Receiver = e.squeezed(field(n, "operand"))
		case "attribute": // Python: self.advance, module.func
			name = field(n, "attribute")
			c.Receiver = e.squeezed(field(n, "object"))
		case "member_expression": // this.format, obj.handle
			name = field(n, "property")
			if !is(name, "property_identifier") {
				continue
			}
			c.Receiver = ecmaReceiver(e, field(n, "object"))
		case "method_reference": // Java: this::handle, Foo::bar, Foo::new
			kids := namedChildren(n)
			if len(kids) == 1 && javaConstructorRef(n) {
				// Mail::new names Mail's constructor, as new Mail(...) calls it
				name, c.Receiver = javaConstructedName(e, kids[0])
				c.New = true
				if arity, ok := javaTargetArity(e, n); ok {
					c.Args = []string{RefArityPrefix + strconv.Itoa(arity)}
				}
				break
			}
			if len(kids) != 2 || !is(kids[1], "identifier") {
				continue
			}
			name = kids[1]
			c.Receiver = e.squeezed(kids[0])
		default:
			continue
		}
		if name == nil {
			continue
		}
		fn := e.enclosingFunction(n.StartByte())
		into, owner := e.storedInto(n)
		stored := into != nil && owner != ""
		keep := e.facts.Language == Java || r.keep(fn, e.text(name), c.Receiver, stored, n, locals)
		if keep && pythonWrittenOver(n) && !r.funcs[e.text(name)] && (c.Receiver == "self" || strings.HasPrefix(c.Receiver, "self.")) {
			// self.count = 0: a method of the class is rarely written
			// over; a row per field set in __init__ would cost more.
			keep = false
		}
		// A function-typed parameter stored in a field (s.handler = h with
		// h func(), self.cb = cb with cb: Callable) is followed to the
		// calls that pass it; other values stored are data.
		funcParam := c.Receiver == "" && strings.HasPrefix(e.paramType(fn, e.text(name)), GoFuncPrefix)
		// A function of the file, or an imported name, set as a member of
		// an object literal ({ testWebhookEndpoint }): its calls through the
		// object (webhookService.testWebhookEndpoint()) call it. tsserver
		// lists no reference at the literal itself, so none is kept.
		objectMember := stored && c.Receiver == "" && isEcma(e.facts.Language) && r.namesFunction(e.text(name))
		if stored && (keep || funcParam || objectMember) {
			c.Field = e.text(into)
			args := []string{e.squeezed(n)}
			if c.New && len(c.Args) == 1 {
				args = append(args, c.Args[0]) // Mail::new's arity (RefArityPrefix)
			}
			e.addCall(Call{Callee: AssignPrefix + c.Field, Receiver: owner, Span: e.span(into), Ref: true, Args: args}, n)
		}
		if objectMember && c.Field != e.text(name) {
			// { list: listEndpoints }: the calls of list are listEndpoints'
			// callers only through this reference, which says so (Field).
			keep = true
		}
		if !keep {
			continue
		}
		if isEcma(e.facts.Language) && ecmaWrittenWithFunction(e, n) {
			c.Args = []string{RefWrittenArg}
		}
		e.addCallTo(c, name, n)
	}
}

// pythonWrittenOver reports whether n is the attribute an assignment
// writes (obj.m = v).
func pythonWrittenOver(n *node) bool {
	return is(n, "attribute") && n.FieldName() == "left" && is(n.Parent(), "assignment")
}

// storedInto is, for a value stored in a field, the field's name node and
// what owns the field as written: s.onDone = v gives onDone and "s";
// Server{onDone: v} gives onDone and "Server"; self.cb = v, this.cb = v.
func (e *extractor) storedInto(n *node) (*node, string) {
	p := n.Parent()
	switch e.facts.Language {
	case Go:
		switch nodeType(p) {
		case "expression_list": // s.onDone = v, the i-th value to the i-th target
			st := p.Parent()
			if !is(st, "assignment_statement") || p.FieldName() != "right" {
				return nil, ""
			}
			left := namedChildren(field(st, "left"))
			right := namedChildren(p)
			if len(left) != len(right) {
				return nil, ""
			}
			for i, v := range right {
				if sameNode(v, n) && is(left[i], "selector_expression") {
					return field(left[i], "field"), e.squeezed(field(left[i], "operand"))
				}
			}
		case "literal_element": // Server{onDone: v}
			kv := p.Parent()
			if !is(kv, "keyed_element") {
				return nil, ""
			}
			key := firstNamed(kv)
			lit := parent(parent(kv))
			if !is(lit, "composite_literal") || !is(firstNamed(key), "identifier") {
				return nil, ""
			}
			return firstNamed(key), e.squeezed(field(lit, "type"))
		}
	case Python:
		if is(p, "assignment") && n.FieldName() == "right" {
			if left := field(p, "left"); is(left, "attribute") {
				return field(left, "attribute"), e.squeezed(field(left, "object"))
			}
		}
	case Java:
		// private final Runnable task = this::tick; this.later = this::stop;
		// a field of the class around it holds the method reference
		switch {
		case is(p, "variable_declarator") && n.FieldName() == "value" && is(parent(p), "field_declaration"):
			return field(p, "name"), "this"
		case is(p, "variable_declarator") && n.FieldName() == "value" && is(parent(p), "local_variable_declaration"):
			return field(p, "name"), LocalStoreOwner // Runnable r = this::tick: the local r holds it
		case is(p, "assignment_expression") && n.FieldName() == "right":
			if left := field(p, "left"); is(left, "field_access") && e.text(field(left, "object")) == "this" {
				return field(left, "field"), "this"
			}
		}
	case TypeScript, TSX, JavaScript:
		if is(p, "assignment_expression") && n.FieldName() == "right" {
			if left := field(p, "left"); is(left, "member_expression") && is(field(left, "property"), "property_identifier") {
				return field(left, "property"), ecmaReceiver(e, field(left, "object"))
			}
		}
		// const webhookService = { testWebhookEndpoint, list: listAll }: the
		// object's member is the function (a service written as an object
		// of functions), owned by the object's variable.
		var key, object *node
		switch {
		case is(n, "shorthand_property_identifier") && is(p, "object"):
			key, object = n, p
		case is(p, "pair") && n.FieldName() == "value" && is(n, "identifier") && is(field(p, "key"), "property_identifier"):
			key, object = field(p, "key"), p.Parent()
		}
		if key != nil && is(object, "object") && ecmaBoundObject(object) {
			return key, ecmaObjectName(e, object)
		}
		if key != nil && is(object, "object") {
			// Object.assign(OfferShare, { shareWith, shareWithMany }): the
			// members are the first argument's (a Sequelize model's class
			// methods), as OfferShare.shareWith = shareWith would make them.
			if target := ecmaAssignTarget(e, object); target != nil {
				return key, ecmaReceiver(e, target)
			}
		}
	}
	return nil, ""
}

// ecmaAssignTarget is the object Object.assign(target, ..., object, ...)
// copies the object literal's members into: its first argument, when the
// literal is a later one; nil otherwise.
func ecmaAssignTarget(e *extractor, object *node) *node {
	args := parent(object)
	call := parent(args)
	if !is(args, "arguments") || !is(call, "call_expression") || e.squeezed(field(call, "function")) != "Object.assign" {
		return nil
	}
	first := firstNamed(args)
	if first == nil || sameNode(first, object) || !isAny(first, "identifier", "member_expression", "this") {
		return nil
	}
	return first
}

// ecmaBoundObject reports whether an object literal is a variable's value
// (const x = { ... }, as written or cast) or a module's default export
// (export default { ... }, imported under any name), which a call reaches
// it by.
func ecmaBoundObject(object *node) bool {
	p := parent(object)
	for isAny(p, "parenthesized_expression", "as_expression", "satisfies_expression") {
		p = parent(p)
	}
	return is(p, "variable_declarator") || is(p, "export_statement")
}

// refScope answers, for addRefs, what a file and its functions bind; it
// reads the facts once, on the first question.
type refScope struct {
	e        *extractor
	ready    bool
	funcs    map[string]bool // functions and methods declared in the file
	types    map[string]bool // classes and interfaces declared in the file
	imported map[string]bool
	typed    map[refLocal]bool // locals and parameters with a known type
	// localType: Go, the type of each typed local, as recorded.
	localType map[refLocal]string
	bound     map[refLocal]bool // Go: every name a function binds
	// dotImport: a Go file importing a package into its own scope
	// (import . "gopkg.in/check.v1").
	dotImport bool
	// stdlib: Go imports of the standard library (goStdlibPath), whose
	// values are never the workspace's functions.
	stdlib map[string]bool
	// modules: JavaScript and TypeScript locals bound to a dynamically
	// imported module (PythonModuleTypePrefix).
	modules map[refLocal]bool
	// calledBare: each name a function calls bare (f()), read on the
	// first question.
	calledBare map[refLocal]bool
}

// goStdlibRoots are the first elements of the standard library's import
// paths (and cgo's "C").
var goStdlibRoots = map[string]bool{
	"archive": true, "bufio": true, "builtin": true, "bytes": true, "cmp": true, "compress": true, "container": true,
	"context": true, "crypto": true, "database": true, "debug": true, "embed": true, "encoding": true, "errors": true,
	"expvar": true, "flag": true, "fmt": true, "go": true, "hash": true, "html": true, "image": true, "index": true,
	"io": true, "iter": true, "log": true, "maps": true, "math": true, "mime": true, "net": true, "os": true, "path": true,
	"plugin": true, "reflect": true, "regexp": true, "runtime": true, "slices": true, "sort": true, "strconv": true,
	"strings": true, "structs": true, "sync": true, "syscall": true, "testing": true, "text": true, "time": true,
	"unicode": true, "unique": true, "unsafe": true, "weak": true, "C": true,
}

// goStdlibPath reports whether a Go import path is the standard
// library's: no dot in its first element, and that element one of the
// standard library's roots. A module named without a dot
// (module ItsBagelBot) imports its own packages as
// "ItsBagelBot/app/commands/ent/commands": those are the workspace's.
func goStdlibPath(importPath string) bool {
	first, _, _ := strings.Cut(importPath, "/")
	return !strings.Contains(first, ".") && goStdlibRoots[first]
}

type refLocal struct {
	fn   int
	name string
}

func (r *refScope) init(locals []*node) {
	r.ready = true
	e := r.e
	r.funcs, r.types, r.imported = map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, s := range e.facts.Symbols {
		switch s.Kind {
		case KindFunction, KindMethod:
			r.funcs[s.Name] = true
		default:
			r.types[s.Name] = true
		}
	}
	for _, imp := range e.facts.Imports {
		if !imp.Reexport {
			r.imported[imp.Local] = true
		}
		if e.facts.Language == Go {
			r.dotImport = r.dotImport || imp.Local == "."
			if goStdlibPath(imp.Module) {
				if r.stdlib == nil {
					r.stdlib = map[string]bool{}
				}
				r.stdlib[imp.Local] = true
			}
		}
	}
	r.typed = make(map[refLocal]bool, len(e.facts.Locals))
	for _, l := range e.facts.Locals {
		r.typed[refLocal{l.Enclosing, l.Name}] = true
		if _, _, typ, _ := CutScope(l.Type); isEcma(e.facts.Language) && strings.HasPrefix(typ, PythonModuleTypePrefix) {
			if r.modules == nil {
				r.modules = map[refLocal]bool{}
			}
			r.modules[refLocal{l.Enclosing, l.Name}] = true // import("./x").then(m => ...)
		}
	}
	if e.facts.Language == Go {
		r.localType = make(map[refLocal]string, len(e.facts.Locals))
		for _, l := range e.facts.Locals {
			r.localType[refLocal{l.Enclosing, l.Name}] = l.Type
		}
	}
	if e.facts.Language == Go {
		r.bound = map[refLocal]bool{}
		for _, n := range locals {
			fn := e.enclosingFunction(n.StartByte())
			for _, id := range goBoundNames(n) {
				r.bound[refLocal{fn, e.text(id)}] = true
			}
		}
	}
}

func (r *refScope) keep(fn int, name, recv string, stored bool, node *node, locals []*node) bool {
	if !r.ready {
		r.init(locals)
	}
	e := r.e
	lang := e.facts.Language
	if constantName(name) {
		return false // Modules.PRODUCT, Status.ACTIVE: constants, never functions
	}
	if recv == "" {
		// Only gopls counts a bare name as a reference: tsserver counts a
		// property access (this.format), pyright a member of an instance.
		if lang != Go || refNotAFunction[name] || hasParam(e.facts.Symbols, fn, name) || r.typed[refLocal{fn, name}] {
			return false
		}
		if r.funcs[name] {
			return true
		}
		// Error values (ErrNotFound) and what a dot import brings in
		// (gocheck's IsNil, Equals) are the names most passed that are no
		// function of the package.
		return !r.bound[refLocal{fn, name}] && !goErrorName(name) && !r.dotImport
	}
	first, rest := recv, ""
	if i := strings.IndexAny(recv, ".[(!?"); i >= 0 {
		first, rest = recv[:i], recv[i:]
	}
	switch first {
	case "this", "self", "super":
		return true
	}
	typed := r.typed[refLocal{fn, first}] || r.typed[refLocal{-1, first}]
	switch lang {
	case Python:
		// pyright counts a member of a class instance: self.x.m, obj.m
		// with obj typed; not a module's function or a class's.
		return typed
	case Go:
		// A package's function (pkg.Handler), a method value of the
		// method's own receiver (s.handle), or of a typed value stored in
		// a field (s.onDone = s.finish): other selectors passed are mostly
		// field reads. A method value of a value whose type is spelled
		// out ((*MockClient)(nil).Get in gomock's recorders, (&T{}).Run,
		// new(T).Run) is a method: gopls counts it.
		if goTypeSpelled(recv) {
			return true
		}
		if goErrorName(name) {
			return false
		}
		if rest == "" && (r.imported[first] && !r.stdlib[first] || r.receiver(fn) == first || stored && typed) {
			return true
		}
		// A method value of a typed local or parameter, or of a field path
		// from one, passed as an argument or set in a composite literal:
		// h := handlers.New(db); r.GET("/", h.List), or
		// func routes(r Router, deps Deps) { r.Post("/", deps.Referral.Create) }.
		// gopls counts each; the resolver types the receiver as for a call
		// and links only a method, so a field read (req.Name) links nothing.
		// Assigned values (x := req.Body) are left out: nearly all are field
		// reads, and a row each would cost more than the rare method value.
		// Except a value returned where the function returns a func (or a
		// named type, which may be one: return s.Create), and a local's
		// value that the function calls (f := s.Delete; f()): both hold a
		// method value, as gopls counts them.
		if goPassed(node) && r.imported[first] && !r.stdlib[first] && goOneCall(rest) {
			// kafka.NewConsumer(..., consumer.NewLifecycle(log).Handler):
			// a method value of what a project package's function returns,
			// passed on; gopls counts it, and the resolver types the call
			// and links only a method.
			return true
		}
		if !(goPassed(node) || goReturnedAsFunc(e, node) || r.goAssignedToCalledLocal(fn, node)) ||
			r.imported[first] || !goFieldPath(rest) || goDataArgument(e, node) {
			return false
		}
		typ, ok := r.localType[refLocal{fn, first}]
		if !ok {
			typ, ok = r.localType[refLocal{-1, first}]
		}
		if !ok {
			typ = e.paramType(fn, first)
		}
		return goNamedType(typ)
	}
	// TypeScript, JavaScript: a method of this, a namespace's function
	// (utils.format) or a class's static (Foo.bar). An unbound method of
	// another object loses its this: passed as a value, it is this.x.m or
	// bound, not req.params.
	if rest == "" && (r.imported[first] || r.types[first] || r.modules[refLocal{fn, first}] || r.modules[refLocal{-1, first}]) {
		return true // and a dynamically imported module's: m.LoginPage
	}
	if first == "" && ecmaAwaitedImport(recv) {
		return true // const Page = (await import('./page')).default
	}
	// Except a member of a typed local or parameter handed to a test's
	// expect(service.send) or vi.mocked(service.send), where the method is
	// looked at, not run: tsserver counts each. Other arguments
	// (on('x', req.params)) are nearly all data, and a row each would cost
	// more than the rare method passed unbound. The resolver types the
	// receiver as for a call and links only a method.
	// And a member of a typed local or parameter bound in a tagged
	// template, html`<input @change=${el.onToggle}>`: a template engine's
	// event binding, which tsserver counts as the others.
	// And one whose mock a test reads (repo.insert.mock.calls[0],
	// (repo.find as jest.Mock).mockResolvedValue(x)): tsserver lists the
	// property access under the method.
	return rest == "" && typed && (ecmaTestInspects(e, node) || ecmaTaggedSubstitution(node) || ecmaTypeofMember(e, node) || ecmaMockRead(e, node) || ecmaWrittenWithFunction(e, node) || r.ecmaAssignedToCalledLocal(fn, node))
}

// ecmaMockRead reports whether member read n, or an assertion or
// parentheses around it, is read further with a mock's member (see
// ecmaReadOffFunction).
func ecmaMockRead(e *extractor, n *node) bool {
	if !is(n, "member_expression") {
		return false
	}
	for p := n.Parent(); ; n, p = p, p.Parent() {
		switch nodeType(p) {
		case "as_expression", "satisfies_expression", "non_null_expression", "parenthesized_expression":
			if !sameNode(firstNamed(p), n) {
				return false
			}
			continue
		case "member_expression":
			return n.FieldName() == "object" && ecmaReadOffFunction(e.text(field(p, "property")))
		}
		return false
	}
}

// ecmaTypeofMember reports whether n is a member read under typeof
// (typeof gateway.markAsRead): an optional method tested before it is
// called, which tsserver counts as a reference.
func ecmaTypeofMember(e *extractor, n *node) bool {
	p := n.Parent()
	return is(n, "member_expression") && is(p, "unary_expression") && e.text(field(p, "operator")) == "typeof"
}

// ecmaAwaitedImport reports whether recv is a module awaited in place,
// (await import('./page')), the specifier a string.
func ecmaAwaitedImport(recv string) bool {
	inner, after, ok := CutAwaitedImport(recv)
	spec, isCall := strings.CutPrefix(inner, "import(")
	return ok && after == "" && isCall && len(spec) > 2 && (spec[0] == '"' || spec[0] == '\'') && strings.IndexByte(spec[1:], spec[0]) == len(spec)-3
}

// CutAwaitedImport splits a receiver written "(await import("m")).rest"
// into `import("m")` and ".rest"; ok is false for any other receiver.
func CutAwaitedImport(recv string) (inner, after string, ok bool) {
	if !strings.HasPrefix(recv, "(await ") {
		return "", "", false
	}
	end := MatchBracket(recv, 0)
	if end < 0 {
		return "", "", false
	}
	inner = strings.TrimSpace(recv[len("(await "):end])
	if !strings.HasPrefix(inner, "import(") {
		return "", "", false
	}
	return inner, recv[end+1:], true
}

// ecmaTaggedSubstitution reports whether n is the whole expression of a
// substitution in a tagged template (html`...${n}...`), not a plain
// template string, whose substitutions are formatted text.
func ecmaTaggedSubstitution(n *node) bool {
	sub := n.Parent()
	if !is(sub, "template_substitution") {
		return false
	}
	tmpl := sub.Parent()
	return is(tmpl, "template_string") && is(tmpl.Parent(), "call_expression") && tmpl.FieldName() == "arguments"
}

// ecmaTestInspects reports whether n is the argument of a test's
// expect(...) or mocked(...) (vi.mocked, jest.mocked).
func ecmaTestInspects(e *extractor, n *node) bool {
	args := n.Parent()
	if !is(args, "arguments") || !is(args.Parent(), "call_expression") {
		return false
	}
	fn := field(args.Parent(), "function")
	if is(fn, "member_expression") {
		fn = field(fn, "property")
	}
	if !isAny(fn, "identifier", "property_identifier") {
		return false
	}
	switch e.text(fn) {
	case "expect", "mocked":
		return true
	}
	return false
}

// constantName reports whether name is written as a constant
// (SCREAMING_SNAKE_CASE, two letters or more), which no function is.
func constantName(name string) bool {
	letters := 0
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c >= 'A' && c <= 'Z':
			letters++
		case c == '_' || c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return letters >= 2
}

// receiver is the receiver's name of Go method fn, "" for a function.
func (r *refScope) receiver(fn int) string {
	if fn < 0 {
		return ""
	}
	s := r.e.facts.Symbols[fn]
	if s.Kind != KindMethod || len(s.Params) == 0 {
		return ""
	}
	return s.Params[0].Name
}

// goErrorName reports whether name is spelled as a Go error value:
// ErrNotFound, errClosed.
func goErrorName(name string) bool {
	for _, p := range []string{"Err", "err"} {
		if rest, ok := strings.CutPrefix(name, p); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
			return true
		}
	}
	return false
}

// goBoundNames lists the identifiers a Go local capture binds: the left
// side of :=, a var's names, range variables, a closure's parameters.
func goBoundNames(n *node) []*node {
	var out []*node
	switch n.Type() {
	case "short_var_declaration", "range_clause":
		out = namedChildren(field(n, "left"))
	case "var_spec":
		out = childrenByField(n, "name")
	case "func_literal":
		for p := range eachNamed(field(n, "parameters")) {
			out = append(out, childrenByField(p, "name")...)
		}
	}
	return out
}

// hasParam reports whether function i declares a parameter called name,
// typed or not.
func hasParam(syms []Symbol, i int, name string) bool {
	if i < 0 {
		return false
	}
	for _, p := range syms[i].Params {
		if p.Name == name {
			return true
		}
	}
	return false
}

// refNotAFunction are bare names that are never a workspace function:
// the receiver words and constants some grammars parse as identifiers.
var refNotAFunction = map[string]bool{
	"self": true, "cls": true, "this": true, "super": true, "undefined": true, "arguments": true,
	"nil": true, "iota": true, "true": true, "false": true, "null": true, "None": true, "True": true, "False": true,
	"_": true,
}

// goPassed reports whether n, in a value position, is a call's argument or
// a composite literal's element or value, not an assigned or returned value.
func goPassed(n *node) bool {
	return isAny(n.Parent(), "argument_list", "literal_element")
}

// goReturnedAsFunc reports whether n is a value returned where the
// function around the return (a declaration or a literal) declares a func
// type, or a named type that may be one (http.HandlerFunc), for that
// result: not a builtin, a pointer, a slice, a map or a struct, whose
// returned selectors are field reads.
func goReturnedAsFunc(e *extractor, n *node) bool {
	list := n.Parent()
	if !is(list, "expression_list") || !is(list.Parent(), "return_statement") {
		return false
	}
	at := -1
	for i, v := range namedChildren(list) {
		if sameNode(v, n) {
			at = i
		}
	}
	result := field(goEnclosingFunc(list), "result")
	var types []*node
	if is(result, "parameter_list") {
		// (func(), error), or named results (h http.HandlerFunc, err error)
		for _, d := range namedChildren(result) {
			if !is(d, "parameter_declaration") {
				continue
			}
			for range goParamNames(d) {
				types = append(types, field(d, "type"))
			}
		}
	} else if result != nil {
		types = []*node{result}
	}
	if at < 0 || at >= len(types) || len(namedChildren(list)) != len(types) {
		return false
	}
	return goMayHoldFunc(e, types[at])
}

// goMayHoldFunc reports whether a value of declared type t may be a
// function: a func type, or a named type that is no builtin (HandlerFunc,
// http.HandlerFunc); not a pointer, slice, map, struct or builtin.
func goMayHoldFunc(e *extractor, t *node) bool {
	switch nodeType(t) {
	case "function_type", "qualified_type", "generic_type":
		return true
	case "type_identifier":
		return !goBuiltinTypes[e.text(t)]
	case "parenthesized_type":
		return goMayHoldFunc(e, firstNamed(t))
	}
	return false
}

// goEnclosingFunc is the function declaration, method or literal around n.
func goEnclosingFunc(n *node) *node {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if isAny(p, "function_declaration", "method_declaration", "func_literal") {
			return p
		}
	}
	return nil
}

// goDeclaredFuncTyped reports whether the function around n declares
// name, as a parameter, a named result or a var of its body, with a type
// that may hold a function (release func(), h http.HandlerFunc).
func goDeclaredFuncTyped(e *extractor, n *node, name string) bool {
	fn := goEnclosingFunc(n)
	if fn == nil {
		return false
	}
	declares := func(d *node) bool {
		for _, c := range childrenByField(d, "name") {
			if e.text(c) == name {
				return goMayHoldFunc(e, field(d, "type"))
			}
		}
		return false
	}
	for _, list := range []*node{field(fn, "parameters"), field(fn, "result")} {
		if !is(list, "parameter_list") {
			continue
		}
		for _, d := range namedChildren(list) {
			if is(d, "parameter_declaration") && declares(d) {
				return true
			}
		}
	}
	found := false
	var walk func(x *node)
	walk = func(x *node) {
		for _, c := range namedChildren(x) {
			if found || is(c, "func_literal") {
				continue // a literal's own vars are its scope
			}
			if is(c, "var_spec") && field(c, "type") != nil && declares(c) {
				found = true
				return
			}
			walk(c)
		}
	}
	walk(field(fn, "body"))
	return found
}

// goAssignedToCalledLocal reports whether n is the value given to a local
// (f := s.Delete, f = h.Run, var f = s.Delete) that the same function
// then calls (f()), or that it declares with a type that may hold a
// function (a named result release func(), then release = token.Release):
// a method value, not a field read.
func (r *refScope) goAssignedToCalledLocal(fn int, n *node) bool {
	list := n.Parent()
	if !is(list, "expression_list") || fn < 0 {
		return false
	}
	st := list.Parent()
	var left *node
	switch {
	case isAny(st, "short_var_declaration", "assignment_statement") && list.FieldName() == "right":
		left = field(st, "left")
	case is(st, "var_spec") && list.FieldName() == "value":
		left = st
	default:
		return false
	}
	var names []*node
	for _, c := range namedChildren(left) {
		if is(c, "identifier") && (!is(left, "var_spec") || c.FieldName() == "name") {
			names = append(names, c)
		}
	}
	values := namedChildren(list)
	if len(names) != len(values) {
		return false
	}
	for i, v := range values {
		if sameNode(v, n) {
			name := r.e.text(names[i])
			return r.callsBare(fn, name) || goDeclaredFuncTyped(r.e, n, name)
		}
	}
	return false
}

// callsBare reports whether function fn (-1: the top level) calls name bare,
// name().
func (r *refScope) callsBare(fn int, name string) bool {
	if r.calledBare == nil {
		r.calledBare = map[refLocal]bool{}
		for _, c := range r.e.facts.Calls {
			if c.Receiver == "" && !c.Ref {
				r.calledBare[refLocal{c.Enclosing, c.Callee}] = true
			}
		}
	}
	return r.calledBare[refLocal{fn, name}]
}

// ecmaAssignedToCalledLocal reports whether member read n is the value of a
// declaration whose name the same function calls bare: const original =
// t.pull, then original(...args), keeps the method to call it, and tsserver
// lists the property access. Other declared member reads are nearly all
// data (const name = user.name).
func (r *refScope) ecmaAssignedToCalledLocal(fn int, n *node) bool {
	p := n.Parent()
	if !is(n, "member_expression") || !is(p, "variable_declarator") || n.FieldName() != "value" {
		return false
	}
	name := field(p, "name")
	return is(name, "identifier") && r.callsBare(fn, r.e.text(name))
}

// goDataArgument reports whether n is an argument of a call that takes
// data, never a function: a builtin or conversion (append, len, string),
// formatting, errors, logging and test assertions (fmt.Sprintf, zap.String,
// log.Info, assert.Equal, t.Errorf). Nearly every member passed to one is
// a field read (req.UserID); leaving them out keeps the store from a row
// per field read.
func goDataArgument(e *extractor, n *node) bool {
	args := n.Parent()
	if !is(args, "argument_list") {
		return false
	}
	fn := field(args.Parent(), "function")
	switch nodeType(fn) {
	case "identifier":
		return goDataBuiltins[e.text(fn)] || goBuiltinTypes[e.text(fn)]
	case "selector_expression":
		if op := field(fn, "operand"); is(op, "identifier") && goDataPackages[e.text(op)] {
			return true
		}
		return goDataMethods[e.text(field(fn, "field"))]
	}
	return false
}

var (
	goDataBuiltins = setOfNames("append", "len", "cap", "make", "delete", "copy", "print", "println", "panic", "min", "max", "clear", "new", "complex", "real", "imag")
	goDataPackages = setOfNames("fmt", "errors", "strconv", "strings", "bytes", "log", "slog", "zap", "zerolog", "logrus", "assert", "require", "math", "json", "filepath", "path", "url", "decimal", "uuid", "utf8", "base64", "hex")
	// Logging and assertion methods, whatever the receiver (s.logger.Info,
	// t.Errorf, suite.Equal).
	goDataMethods = setOfNames("Errorf", "Fatalf", "Logf", "Printf", "Sprintf", "Infof", "Warnf", "Debugf", "Tracef",
		"Info", "Warn", "Debug", "Error", "Fatal", "Log", "Trace", "Infow", "Warnw", "Debugw", "Errorw",
		"Str", "Int", "Int64", "Bool", "Any", "Interface", "Msg", "Msgf", "Equal", "NotEqual", "Equalf", "Len", "Contains", "True", "False", "Nil", "NotNil", "NoError", "Empty", "NotEmpty")
)

func setOfNames(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// goFieldPath reports whether rest, what follows a receiver's first name,
// is empty or a path of fields (.Referral, .deps.Store): no call, index or
// assertion, whose result the resolver would have to guess.
// goOneCall reports whether rest, after a receiver's first name, is one
// call of a member of it: .New(x, y).
func goOneCall(rest string) bool {
	open := strings.IndexByte(rest, '(')
	return open > 1 && goFieldPath(rest[:open]) && strings.Count(rest[:open], ".") == 1 && MatchBracket(rest, open) == len(rest)-1
}

func goFieldPath(rest string) bool {
	for rest != "" {
		if rest[0] != '.' {
			return false
		}
		rest = rest[1:]
		n := 0
		for n < len(rest) && (rest[n] == '_' || rest[n] >= 'a' && rest[n] <= 'z' || rest[n] >= 'A' && rest[n] <= 'Z' || n > 0 && rest[n] >= '0' && rest[n] <= '9') {
			n++
		}
		if n == 0 {
			return false
		}
		rest = rest[n:]
	}
	return true
}

// goNamedType reports whether a Go parameter's type, as written, names a
// type whose methods may be passed as values: not a builtin (string, int,
// error, any), a function, a map, slice, channel or an interface literal.
func goNamedType(typ string) bool {
	if _, _, rest, scoped := CutScope(typ); scoped {
		typ = rest
	}
	t := strings.TrimPrefix(typ, "*")
	if t == "" || strings.HasPrefix(t, GoFuncPrefix) || strings.HasPrefix(t, "func") || strings.HasPrefix(t, "[") ||
		strings.HasPrefix(t, "map[") || strings.HasPrefix(t, "chan") || strings.HasPrefix(t, "<-") || strings.HasPrefix(t, "interface") || strings.HasPrefix(t, "...") {
		return false
	}
	return !goBuiltinTypes[t]
}

var goBuiltinTypes = map[string]bool{
	"any": true, "bool": true, "byte": true, "complex64": true, "complex128": true, "error": true, "float32": true, "float64": true,
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true, "rune": true, "string": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "uintptr": true,
}

// goTypeSpelled reports whether a Go receiver spells its type: a
// conversion to a pointer ((*T)(x)), an address of a composite literal
// ((&T{...})), or new(T).
func goTypeSpelled(recv string) bool {
	if !strings.HasSuffix(recv, ")") {
		return false
	}
	return strings.HasPrefix(recv, "(*") || (strings.HasPrefix(recv, "(&") && strings.Contains(recv, "{")) || strings.HasPrefix(recv, "new(")
}

// namesFunction reports whether name, written bare in the file, is a
// function or method the file declares, or a name it imports.
func (r *refScope) namesFunction(name string) bool {
	if !r.ready {
		r.init(nil)
	}
	return r.funcs[name] || r.imported[name]
}

func isEcma(lang Language) bool {
	return lang == TypeScript || lang == TSX || lang == JavaScript
}

// javaConstructorRef reports whether a Java method reference names a
// constructor (Mail::new).
func javaConstructorRef(n *node) bool {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Type() == "new" {
			return true
		}
	}
	return false
}

// javaConstructedName is the class name node of the type a constructor
// reference or an object creation names, and the qualifier written before
// it (com.acme.Mail: Mail, "com.acme"); nil for an array or a type
// variable's constructor (String[]::new).
func javaConstructedName(e *extractor, t *node) (*node, string) {
	if nodeType(t) == "generic_type" {
		t = firstNamed(t)
	}
	qualifier := ""
	if nodeType(t) == "scoped_type_identifier" {
		cs := namedChildren(t)
		if len(cs) < 2 {
			return nil, ""
		}
		qualifier, t = e.squeezed(cs[0]), cs[len(cs)-1]
	}
	if !isAny(t, "type_identifier", "identifier") {
		return nil, ""
	}
	return t, qualifier
}

// javaArities are how many arguments the standard functional interfaces
// pass to the method they run.
var javaArities = map[string]int{
	"Runnable": 0, "Supplier": 0, "Callable": 0, "Function": 1, "UnaryOperator": 1, "Consumer": 1,
	"IntFunction": 1, "LongFunction": 1, "DoubleFunction": 1, "Predicate": 1,
	"BiFunction": 2, "BinaryOperator": 2, "BiConsumer": 2, "BiPredicate": 2,
}

// javaTargetArity is how many arguments the functional interface a method
// reference is converted to passes, where its type is written beside it:
// the declared type of the variable or field it initializes, or the result
// type of the method it is returned from (Supplier<Mail> make() { return
// Mail::new; } passes none).
func javaTargetArity(e *extractor, n *node) (int, bool) {
	var t *node
	switch p := n.Parent(); {
	case is(p, "variable_declarator") && n.FieldName() == "value":
		t = field(parent(p), "type")
	case is(p, "return_statement"):
		for m := parent(p); m != nil; m = parent(m) {
			if isAny(m, "lambda_expression", "class_body") {
				return 0, false
			}
			if m.Type() == "method_declaration" {
				t = field(m, "type")
				break
			}
		}
	}
	if t == nil {
		return 0, false
	}
	arity, ok := javaArities[lastSegment(javaType(e, t))]
	return arity, ok
}

package treesitter

import (
	"slices"
	"strconv"
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
	case "decorator":
		// (decorator [(identifier) (attribute)]) @call: @d over a def calls d
		if d := firstNamed(n); isAny(d, "identifier", "attribute") && !pythonLanguageDecorators[lastSegment(e.text(d))] {
			c.call(n)
		}
	case "import_statement", "import_from_statement":
		c.imp(n)
	case "assignment":
		// (class_definition body: (block (expression_statement
		//   (assignment left: (identifier) type: (_)) @field)))
		if st := n.Parent(); is(st, "expression_statement") {
			if body := st.Parent(); is(body, "block") && body.FieldName() == "body" && is(body.Parent(), "class_definition") {
				if pythonAnnotated(n) {
					c.field(n, nil)
				}
				// (class_definition body: (block (expression_statement
				//   (assignment left: (identifier) @name
				//     right: (call function: (identifier) @_w (#match? @_w "^(static|class)method$"))))))
				// clean = staticmethod(clean_text): a method of the class,
				// which Class.clean(x) calls (pyright's definition), not
				// the function wrapped.
				if pythonWrappedMethod(e, n) != "" {
					c.symbol(KindFunction, n, field(n, "left"))
				}
			}
		}
		// (assignment left: (attribute object: (identifier) @_self) (#eq? @_self "self")) @field
		if fieldChild(n, "left", func(l *node) bool { return is(l, "attribute") && pythonOnSelf(e, l) }) != nil {
			c.field(n, nil)
		}
		// (assignment left: (identifier)) @local, and pattern_list or
		// tuple_pattern for unpacking
		if fieldChild(n, "left", func(l *node) bool { return isAny(l, "identifier", "pattern_list", "tuple_pattern") }) != nil {
			c.local(n)
		}
	case "named_expression":
		// (named_expression name: (identifier)) @local: if x := f(): binds x
		c.local(n)
	case "for_statement", "for_in_clause", "with_item", "except_clause":
		// (for_statement left: (_) right: (_)) @local, likewise in
		// comprehensions, (with_item value: (as_pattern)) @local and
		// (except_clause (as_pattern)) @local
		c.local(n)
	case "assert_statement":
		// (assert_statement) @local: assert isinstance(x, C) narrows x
		c.local(n)
	case "conditional_expression":
		// (conditional_expression (_) (call) (_)) @local: a if isinstance(x, C) else b
		if cs := namedChildren(n); len(cs) == 3 && isAny(cs[1], "call", "boolean_operator", "parenthesized_expression") {
			c.local(n)
		}
	case "if_statement":
		// (if_statement condition: [(call) (boolean_operator)
		// (parenthesized_expression)]) @local: if isinstance(x, C):, if
		// (isinstance(x, C) and x.ready):
		if isAny(field(n, "condition"), "call", "boolean_operator", "parenthesized_expression") {
			c.local(n)
		}
	case "string":
		c.str(n)
	case "identifier", "attribute":
		if pythonRefPosition(e, n) {
			c.ref(n)
		}
	}
}

// pythonLanguageDecorators are decorators of the language and its standard
// library (@property, @x.setter, @typing.overload): calls of them never
// reach the workspace, so they are not recorded.
var pythonLanguageDecorators = map[string]bool{
	"property": true, "setter": true, "getter": true, "deleter": true, "staticmethod": true,
	"classmethod": true, "abstractmethod": true, "overload": true, "override": true, "final": true,
	"cached_property": true, "dataclass": true, "total_ordering": true, "runtime_checkable": true,
}

// pythonWrappedMethod is "staticmethod" or "classmethod" for an assignment
// name = staticmethod(f) with a plain name on the left, "" otherwise.
func pythonWrappedMethod(e *extractor, a *node) string {
	right := field(a, "right")
	if !is(field(a, "left"), "identifier") || !is(right, "call") {
		return ""
	}
	fn := field(right, "function")
	if !is(fn, "identifier") {
		return ""
	}
	switch w := e.text(fn); w {
	case "staticmethod", "classmethod":
		return w
	}
	return ""
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
		for d := range eachNamed(p) {
			if d.Type() == "decorator" {
				if dec, ok := pythonDecorator(e, d); ok {
					s.Decorators = append(s.Decorators, dec)
				}
			}
		}
	}

	switch decl.Type() {
	case "class_definition":
		for b := range eachNamed(field(decl, "superclasses")) {
			switch b.Type() {
			case "identifier", "attribute":
				s.Extends = append(s.Extends, e.squeezed(b))
			case "subscript": // Generic[T], Base[int]
				s.Extends = append(s.Extends, e.squeezed(field(b, "value")))
			}
		}
	case "assignment": // clean = staticmethod(clean_text)
		if w := pythonWrappedMethod(e, decl); w != "" {
			s.Decorators = append(s.Decorators, Decorator{Name: w, Span: e.span(field(decl, "right"))})
		}
	case "function_definition":
		s.Returns = pythonType(e, field(decl, "return_type"))
		if s.Returns == "" {
			s.Returns = pythonConstructedReturn(e, decl)
		}
		for p := range eachNamed(field(decl, "parameters")) {
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
// Optional[Foo], Foo | None, "Foo"; mod.Foo stays as written. Collections
// keep their element type after GoCollectionPrefix (List[Foo] and
// Iterator[Foo] are "[]Foo"), so iterating or indexing one gives a Foo;
// mappings keep their value type after PythonMappingPrefix (Dict[str, Foo]
// is "{}Foo"); a Callable keeps its result after GoFuncPrefix
// (Callable[[A], Foo] is "func:Foo"), and so does a class object, which
// constructs one when called (type[Foo] is "func:Foo"). Other generics
// are their base.
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
		var args []*node
		if len(cs) > 1 {
			args = namedChildren(cs[1])
		}
		return pythonGeneric(e, e.squeezed(cs[0]), args)
	case "subscript": // typing.Optional[Foo]
		return pythonGeneric(e, e.squeezed(field(n, "value")), childrenByField(n, "subscript"))
	case "parenthesized_expression": // x: (Foo | None), written over lines
		return pythonType(e, firstNamed(n))
	case "binary_operator", "union_type": // Foo | None, str | Foo
		// A | B | C is (A | B) | C: its members are the leaves, so that
		// three classes are no more one than two are. The grammar reads
		// list[Foo] | None, whose left is no expression, as a union_type
		// of two types.
		if is(n, "binary_operator") && e.text(field(n, "operator")) != "|" {
			return "" // a + b: an expression, no type (and no union to split)
		}
		var members []*node
		var leaves func(m *node)
		leaves = func(m *node) {
			switch {
			case is(m, "binary_operator") && e.text(field(m, "operator")) == "|":
				leaves(field(m, "left"))
				leaves(field(m, "right"))
				return
			case is(m, "union_type"):
				for c := range eachNamed(m) {
					leaves(c)
				}
				return
			case is(m, "type") && isAny(firstNamed(m), "union_type", "binary_operator"):
				leaves(firstNamed(m))
				return
			}
			members = append(members, m)
		}
		leaves(n)
		return pythonUnion(e, members, "")
	case "string": // a forward reference, "Foo" or "Optional[Foo]"
		t := strings.TrimSpace(e.innerText(n))
		if inner, ok := pythonQuotedClassOf(t); ok {
			return GoFuncPrefix + inner // "type[Session]": calling it constructs one
		}
		if i := strings.IndexAny(t, "[ |"); i >= 0 {
			t = t[:i]
		}
		return t
	}
	return e.squeezed(n)
}

// pythonQuotedClassOf reads a quoted "type[Foo]" (or "Type[Foo]") as the
// class Foo, so that calling the value makes a Foo and not a builtin type.
func pythonQuotedClassOf(t string) (string, bool) {
	for _, head := range []string{"type[", "Type["} {
		if inner, ok := strings.CutPrefix(t, head); ok {
			inner, ok = strings.CutSuffix(inner, "]")
			inner = strings.TrimSpace(inner)
			if ok && inner != "" && !strings.ContainsAny(inner, "[]|, ") {
				return inner, true
			}
		}
	}
	return "", false
}

// pythonCollections are the generic types whose first argument is what
// iterating over one of them gives.
var pythonCollections = map[string]bool{
	"List": true, "list": true, "Sequence": true, "MutableSequence": true,
	"Iterable": true, "Iterator": true, "AsyncIterable": true, "AsyncIterator": true,
	"Collection": true, "Reversible": true, "Set": true, "set": true, "FrozenSet": true,
	"frozenset": true, "AbstractSet": true, "MutableSet": true, "Deque": true, "deque": true,
	"Generator": true, "AsyncGenerator": true,
}

// pythonContextManagers are the generic types of typing and contextlib
// whose first argument is what entering one gives (with cm as x).
var pythonContextManagers = map[string]bool{
	"AbstractContextManager": true, "AbstractAsyncContextManager": true,
	"ContextManager": true, "AsyncContextManager": true,
}

// pythonMappings are the generic types whose second argument is the type
// of their values.
var pythonMappings = map[string]bool{
	"Dict": true, "dict": true, "Mapping": true, "MutableMapping": true, "DefaultDict": true,
	"defaultdict": true, "OrderedDict": true,
}

// pythonGeneric is pythonType of base[args...].
func pythonGeneric(e *extractor, base string, args []*node) string {
	if len(args) == 0 {
		return base
	}
	elem := func(i int) string {
		if t := pythonType(e, args[i]); t != "None" {
			return t
		}
		return ""
	}
	switch name := lastSegment(base); {
	case name == "Optional":
		return pythonType(e, args[0])
	case name == "Annotated":
		// Annotated[DatabaseContext, Depends(get_db)]: FastAPI's
		// dependencies; the value is of the first argument's type.
		return pythonType(e, args[0])
	case name == "Union":
		return pythonUnion(e, args, base)
	case pythonCollections[name], (name == "Tuple" || name == "tuple") && len(args) == 2 && pythonEllipsis(args[1]):
		if t := elem(0); t != "" {
			return GoCollectionPrefix + t
		}
	case pythonMappings[name] && len(args) == 2:
		if t := elem(1); t != "" {
			return PythonMappingPrefix + t
		}
	case (name == "Tuple" || name == "tuple") && len(args) > 1:
		// tuple[A, B]: each place its own type, none with a comma in it.
		places := make([]string, len(args))
		typed := false
		for i := range args {
			if t := elem(i); !strings.Contains(t, GoResultSeparator) {
				places[i], typed = t, typed || t != ""
			}
		}
		if typed {
			return PythonTupleTypePrefix + strings.Join(places, GoResultSeparator)
		}
	case pythonContextManagers[name] && len(args) >= 1:
		if t := elem(0); t != "" {
			return PythonEntersTypePrefix + t
		}
	case name == "Callable" && len(args) == 2:
		if t := elem(1); t != "" {
			return GoFuncPrefix + t
		}
	case (name == "type" || name == "Type") && len(args) == 1:
		// A class (lexer_class: type[Lexer]): calling it constructs one.
		if t := elem(0); t != "" {
			return GoFuncPrefix + t
		}
	}
	return base
}

// pythonBuiltinTypes are the types a union of one of them and a class is
// most often written with (Union[str, Text]): the class is what a method
// call on the value can reach in the workspace.
var pythonBuiltinTypes = map[string]bool{
	"str": true, "int": true, "float": true, "bool": true, "bytes": true, "complex": true,
	"object": true, "None": true, "Any": true, "dict": true, "Dict": true, "tuple": true, "Tuple": true,
}

// pythonUnion is the type of a union of members: the one member that is not
// None or a builtin, else the first that is not None, else fallback.
func pythonUnion(e *extractor, members []*node, fallback string) string {
	first := ""
	var classes []string
	for _, m := range members {
		t := pythonType(e, m)
		if t == "" || t == "None" {
			continue
		}
		if first == "" {
			first = t
		}
		if !pythonBuiltinTypes[lastSegment(t)] && !slices.Contains(classes, t) {
			classes = append(classes, t)
		}
	}
	switch {
	case len(classes) == 1:
		return classes[0]
	case len(classes) == 0 && first != "":
		return first
	case len(classes) > 1 && !slices.ContainsFunc(classes, pythonCompoundType):
		return PythonUnionTypePrefix + strings.Join(classes, "|")
	}
	return fallback
}

// pythonCompoundType reports whether a recorded type is more than a class
// name (a collection, a tuple, a callable): a union of such stays unread.
func pythonCompoundType(t string) bool {
	return !isTypeName(t)
}

// pythonEllipsis reports whether a type argument is ..., as in Tuple[Foo, ...].
func pythonEllipsis(n *node) bool {
	if is(n, "type") {
		n = firstNamed(n)
	}
	return is(n, "ellipsis")
}

func (pythonHooks) call(e *extractor, n *node) {
	var c Call
	fn := field(n, "function")
	if n.Type() == "decorator" { // @d or @a.d with no arguments: d(the function)
		fn = firstNamed(n)
	}
	if is(fn, "list_splat") {
		// [*get_model()], {*g()}: tree-sitter-python parses the star of a
		// list or set display onto the callee, (call (list_splat g) ()),
		// which is still a call of g.
		fn = firstNamed(fn)
	}
	callee := fn
	switch nodeType(fn) {
	case "identifier":
	case "attribute":
		callee = field(fn, "attribute")
		c.Receiver = pythonReceiver(e, field(fn, "object"))
	default:
		return
	}
	if n.Type() == "call" {
		c.Args = e.argTexts(field(n, "arguments"))
	}
	e.addCallTo(c, callee, n)
}

// PythonComprehensionLocal starts the name of the local the extractor
// makes up for a comprehension written as a call's receiver
// ({i.path: i for i in items}[k].update()), followed by its byte offset:
// the receiver is written with that name in its place, so that the
// resolver reads a path it can follow.
const PythonComprehensionLocal = "__comprehension_"

// pythonReceiver is the receiver of a call, as written; one that starts
// with a comprehension ([m for m in ms][0].mount()) is written from a
// local holding the comprehension (PythonComprehensionLocal), typed as a
// local assigned it would be.
func pythonReceiver(e *extractor, obj *node) string {
	base := obj
	for {
		switch nodeType(base) {
		case "attribute":
			base = field(base, "object")
			continue
		case "subscript":
			base = field(base, "value")
			continue
		case "call":
			base = field(base, "function")
			continue
		}
		break
	}
	if is(base, "list_splat") {
		// [*get_model().info_field_names()], [*self.repo.keys()]: the star
		// of the display, parsed onto the receiver's head, is no part of it.
		return strings.TrimPrefix(e.squeezed(obj), "*")
	}
	if !isAny(base, "list_comprehension", "set_comprehension", "dictionary_comprehension") {
		return e.squeezed(obj)
	}
	typ := pythonLocalComprehensionType(e, base)
	if typ == "" {
		return e.squeezed(obj)
	}
	name := PythonComprehensionLocal + strconv.FormatUint(uint64(base.StartByte()), 10)
	e.addLocal(base.StartByte(), name, typ)
	return name + squeeze(string(e.src[base.EndByte():obj.EndByte()]))
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
		for c := range eachNamed(n) {
			if c.Type() == "wildcard_import" {
				e.addImport("*", "*", module, c)
			}
		}
	}
}

func (pythonHooks) fields(e *extractor, n, _ *node) {
	left := field(n, "left")
	typ := pythonType(e, field(n, "type"))
	if right := field(n, "right"); typ == "" && nodeType(right) == "boolean_operator" && e.text(field(right, "operator")) == "or" && nodeType(field(right, "left")) == "identifier" {
		// self.storage = storage or MemoryStorage(), storage: DiskStorage |
		// None: either class, as pyright lists it
		typ = pythonEither(e.paramType(e.enclosingFunction(n.StartByte()), e.text(field(right, "left"))), pythonValueType(e, field(right, "right")))
	}
	if typ == "" {
		typ = pythonValueType(e, field(n, "right"))
	}
	if right := field(n, "right"); typ == "" && nodeType(right) == "identifier" {
		// self.x = x, where x is an annotated parameter
		fn := e.enclosingFunction(n.StartByte())
		typ = e.paramType(fn, e.text(right))
		if typ == "" && fn >= 0 && pythonFixtureParam(e.facts.Symbols[fn], e.text(right)) {
			// self.factory = request_factory in a fixture: what pytest hands it
			typ = PytestFixtureTypePrefix + e.text(right)
		}
		if typ == "" && fn >= 0 && !pythonHasParam(e.facts.Symbols[fn], e.text(right)) && pythonNamesImportOrClass(e, e.text(right)) {
			// self.cls = AutoHealerAgent, the class a test's fixture
			// imports: the class itself (pyright declares type[...]), so
			// self.cls() makes one. Evaluated in the method that assigns
			// it, where a function's own import binds the name.
			typ = ScopedType(n.StartByte(), e.facts.Symbols[fn].Span.EndByte, ValueTypePrefix+e.text(right))
		}
	}
	if right := field(n, "right"); typ == "" && nodeType(right) == "attribute" && nodeType(field(right, "object")) == "identifier" {
		// self._locations = dependencies.locations, dependencies: an
		// annotated parameter (a dataclass of ports): what its attribute
		// is declared, evaluated in the method that assigns it
		if fn := e.enclosingFunction(n.StartByte()); fn >= 0 && e.paramType(fn, e.text(field(right, "object"))) != "" {
			typ = ScopedType(n.StartByte(), e.facts.Symbols[fn].Span.EndByte, ValueTypePrefix+e.text(right))
		}
	}
	if right := field(n, "right"); typ == "" && nodeType(right) == "list" {
		// self.hooks = []: self.hooks.remove(h) is list's remove, never a
		// project method of that name; self.jobs = [Job()]: a list of Job.
		typ = pythonLocalValueType(e, right)
	}
	if builtin := pythonLiteralTypes[nodeType(field(n, "right"))]; typ == "" && builtin != "" {
		// self.table = {}: self.table.get(k) is dict's get.
		typ = CallTypePrefix + builtin
	}
	name := left
	if nodeType(left) == "attribute" {
		name = field(left, "attribute")
	}
	e.addField(n.StartByte(), Field{Name: e.text(name), Type: typ})
}

// pythonValueType is the class a value is evidently built from: the called
// name's last segment (Foo for mod.Foo(...)); the resolver checks that it
// is a class. A conditional value is its first branch that has such a type,
// a or Default() the default's, and a list comprehension a list of its
// element's.
func pythonValueType(e *extractor, v *node) string {
	switch nodeType(v) {
	case "parenthesized_expression":
		return pythonValueType(e, firstNamed(v))
	case "await": // await get_repo(): what the coroutine returns, as async def declares it
		return pythonValueType(e, firstNamed(v))
	case "conditional_expression": // a if cond else b
		cs := namedChildren(v)
		if len(cs) == 3 {
			if t := pythonEither(pythonValueType(e, cs[0]), pythonValueType(e, cs[2])); t != "" {
				return t // DiskStorage() if fast else MemoryStorage(): either
			}
		}
		for _, branch := range []int{0, 2} {
			if branch < len(cs) {
				if t := pythonValueType(e, cs[branch]); t != "" {
					return t
				}
			}
		}
		return ""
	case "boolean_operator": // a or Default(): the default when it is built, else a
		if e.text(field(v, "operator")) != "or" {
			return ""
		}
		if t := pythonValueType(e, field(v, "right")); t != "" {
			return t
		}
		return pythonValueType(e, field(v, "left"))
	case "list_comprehension":
		return pythonComprehensionType(e, v)
	case "call":
	default:
		return ""
	}
	fn := field(v, "function")
	if args := namedChildren(field(v, "arguments")); lastSegment(e.text(fn)) == "cast" && len(args) == 2 {
		return pythonType(e, args[0]) // typing.cast(Group, x) is a Group
	}
	if args := namedChildren(field(v, "arguments")); pythonRunsAwaitable(e, fn) && len(args) > 0 && !isAny(args[0], "keyword_argument", "list_splat", "dictionary_splat") {
		// loop.run_until_complete(make()), asyncio.run(make()), await
		// asyncio.wait_for(make(), 5): what the awaitable gives, as
		// typeshed's generics make pyright infer it
		return pythonValueType(e, args[0])
	}
	if m := pythonImportedModule(e, v); m != "" {
		return PythonModuleTypePrefix + m
	}
	switch nodeType(fn) {
	case "identifier", "attribute":
		// Foo() constructs a Foo; make_foo() returns what it declares: the
		// resolver tells them apart.
		return CallTypePrefix + e.squeezed(fn)
	}
	return ""
}

// pythonEither is the type of a value that is one of two typed ones, a and
// b (either branch of a conditional, either operand of or), when both are
// typed and differ: PythonEitherTypePrefix and both. "" when one is
// untyped, both name the same class, or one is compound (a union, a collection,
// a scoped or tuple type), where the first typed one stays the answer.
func pythonEither(a, b string) string {
	if a == "" || b == "" || strings.TrimPrefix(a, CallTypePrefix) == strings.TrimPrefix(b, CallTypePrefix) {
		return "" // collector or Collector(), collector: Collector
	}
	for _, t := range []string{a, b} {
		if strings.ContainsAny(t, "|[") || strings.Contains(strings.TrimPrefix(t, CallTypePrefix), ":") {
			return ""
		}
	}
	return PythonEitherTypePrefix + a + "|" + b
}

// pythonRunsAwaitable reports whether calling fn gives what its first
// argument, an awaitable, gives: an event loop's run_until_complete,
// asyncio.run, and asyncio.wait_for and asyncio.shield awaited. Not
// create_task or ensure_future, whose Task has methods of its own.
func pythonRunsAwaitable(e *extractor, fn *node) bool {
	switch e.squeezed(fn) {
	case "asyncio.run", "asyncio.wait_for", "asyncio.shield":
		return true
	}
	return is(fn, "attribute") && e.text(field(fn, "attribute")) == "run_until_complete"
}

// pythonComprehensionType is the type of a list comprehension whose
// element is evidently built ([Collector(h) for h in hosts] is a list of
// Collector): iterating or indexing it gives one. "" otherwise.
func pythonComprehensionType(e *extractor, v *node) string {
	if t := pythonValueType(e, field(v, "body")); t != "" {
		return GoCollectionPrefix + t
	}
	return ""
}

// pythonExitingBlock is the innermost block around n, inside its function,
// whose last statement leaves it (return, raise, continue, break): an
// assignment there holds only to the block's end, as pyright's flow
// analysis sees it. nil when there is none.
func pythonExitingBlock(n *node) *node {
	for b := parent(n); b != nil; b = parent(b) {
		switch b.Type() {
		case "function_definition", "class_definition", "module", "lambda":
			return nil
		case "block":
			if cs := namedChildren(b); len(cs) > 0 && isAny(cs[len(cs)-1], "return_statement", "raise_statement", "continue_statement", "break_statement") {
				return b
			}
		}
	}
	return nil
}

// pythonLocalComprehensionType is the type of a comprehension assigned to
// a local: a collection of its element's type (a mapping of its value's,
// for a dict comprehension), as pyright infers list[T], set[T],
// Generator[T] and dict[K, T]. The element is evaluated inside the
// comprehension, where its loop variables are bound: [b.mount for b in
// bound] is a list of what an element of bound holds in mount. "" when
// the element is no name, path or call.
func pythonLocalComprehensionType(e *extractor, v *node) string {
	body := field(v, "body")
	wrap := GoCollectionPrefix
	if is(v, "dictionary_comprehension") {
		body, wrap = field(body, "value"), PythonMappingPrefix // {k: v for ...}: body is the pair
	}
	elem := pythonValueType(e, body)
	if elem == "" {
		if shape := pythonShape(e, body); shape != "" {
			elem = ValueTypePrefix + shape
		}
	}
	if elem == "" {
		return ""
	}
	// Just inside the comprehension, where the scope of its loop
	// variables (pythonElements) begins.
	return wrap + ScopedType(v.StartByte()+1, v.EndByte(), elem)
}

// pythonOperators names the method a binary operator calls on its left
// operand: a + b is a.__add__(b).
var pythonOperators = map[string]string{
	"+": "__add__", "-": "__sub__", "*": "__mul__", "/": "__truediv__", "//": "__floordiv__",
	"%": "__mod__", "@": "__matmul__", "**": "__pow__", "|": "__or__", "&": "__and__",
	"^": "__xor__", "<<": "__lshift__", ">>": "__rshift__",
}

// pythonLocalValueType is pythonValueType for a local, which may also take
// the type of another name or path (y = x, parser = self.parser), of an
// operator's method (a + b), or of a list's first element ([Foo(x)]). These
// are evaluated in the local's function; fields, evaluated outside it, keep
// to pythonValueType.
func pythonLocalValueType(e *extractor, v *node) string {
	switch nodeType(v) {
	case "parenthesized_expression", "await":
		return pythonLocalValueType(e, firstNamed(v))
	case "identifier", "attribute", "subscript":
		if shape := pythonShape(e, v); shape != "" {
			return ValueTypePrefix + shape
		}
	case "binary_operator":
		op := pythonOperators[e.text(field(v, "operator"))]
		if shape := pythonOperandShape(e, field(v, "left")); op != "" && shape != "" {
			return CallTypePrefix + shape + "." + op // tmp_path / "a" / "b": __truediv__ of __truediv__'s result
		}
	case "boolean_operator": // a or Default(): the default when it is built, else a
		if e.text(field(v, "operator")) != "or" {
			return ""
		}
		right := pythonLocalValueType(e, field(v, "right"))
		if left := field(v, "left"); strings.HasPrefix(right, CallTypePrefix) && nodeType(left) == "identifier" {
			// active = client or httpx.Client(), client: HttpClient | None:
			// either, as pyright lists it (the fields' rule, above)
			if either := pythonEither(e.paramType(e.enclosingFunction(v.StartByte()), e.text(left)), right); either != "" {
				return either
			}
		}
		if strings.HasPrefix(right, CallTypePrefix) {
			return right
		}
		if left := pythonLocalValueType(e, field(v, "left")); left != "" {
			return left
		}
		return right
	case "list_comprehension", "set_comprehension", "generator_expression", "dictionary_comprehension":
		if t := pythonLocalComprehensionType(e, v); t != "" {
			return t
		}
	case "call":
		// checks = tuple(readiness_checks): a builtin collection of the
		// same elements, as pyright infers tuple[ReadinessCheck, ...]
		if inner := pythonSameElements(e, v); inner != v {
			if shape := pythonShape(e, inner); shape != "" {
				return GoCollectionPrefix + RangeTypePrefix + shape
			}
		}
	case "list":
		if elems := namedChildren(v); len(elems) > 0 {
			if t := pythonValueType(e, elems[0]); t != "" {
				return GoCollectionPrefix + t
			}
		}
		if t := pythonScalarsType(namedChildren(v)); t != "" {
			return GoCollectionPrefix + t // ["a", "b"]: a list of str
		}
		return CallTypePrefix + "list"
	case "dictionary":
		var values []*node
		for pair := range eachNamed(v) {
			if !is(pair, "pair") {
				values = nil // **other: anything may be in it
				break
			}
			values = append(values, field(pair, "value"))
		}
		if t := pythonScalarsType(values); t != "" {
			// TEMPLATES = {"config": "..."}: TEMPLATES.get(k) is a str, as
			// pyright infers dict[str, str]
			return PythonMappingPrefix + t
		}
	}
	if builtin := pythonLiteralTypes[nodeType(v)]; builtin != "" {
		// d = {}; d.get(k) is dict's get, never a project method of that name.
		return CallTypePrefix + builtin
	}
	return pythonValueType(e, v)
}

// pythonLiteralTypes are the builtin types of Python's literal values, as
// the builtin call that makes one: the resolver knows them as outside the
// workspace.
var pythonLiteralTypes = map[string]string{
	"dictionary": "dict", "dictionary_comprehension": "dict", "list_comprehension": "list",
	"set": "set", "set_comprehension": "set", "tuple": "tuple",
	"string": "str", "concatenated_string": "str", "integer": "int", "float": "float",
}

// pythonShape writes an expression the way the resolver reads a receiver,
// without the arguments and indexes it does not need: a.b(x, y)[0].c is
// "a.b()[].c". It is "" for anything else (literals, operators, lambdas).
func pythonShape(e *extractor, n *node) string {
	return pythonShapeOps(e, n, false)
}

// pythonOperandShape is pythonShape that also writes an operator as the
// method it calls on its left operand: tmp_path / "a" / "b" is
// "tmp_path.__truediv__().__truediv__()", and (channel / ".gitignore").open()
// "channel.__truediv__().open()". Only where a value's type is read from
// it (a local bound to an operation, a with statement's manager), not
// for every receiver.
func pythonOperandShape(e *extractor, n *node) string {
	return pythonShapeOps(e, n, true)
}

func pythonShapeOps(e *extractor, n *node, ops bool) string {
	switch nodeType(n) {
	case "identifier":
		return e.text(n)
	case "attribute":
		if obj := pythonShapeOps(e, field(n, "object"), ops); obj != "" {
			return obj + "." + e.text(field(n, "attribute"))
		}
	case "call":
		if fn := pythonShapeOps(e, field(n, "function"), ops); fn != "" && !strings.HasSuffix(fn, "]") {
			return fn + "()"
		}
	case "subscript":
		v := pythonShapeOps(e, field(n, "value"), ops)
		if is(field(n, "subscript"), "slice") {
			return v // xs[1:] is a list like xs
		}
		if v != "" && !strings.HasSuffix(v, ")") && !strings.HasSuffix(v, "]") {
			return v + "[]"
		}
	case "parenthesized_expression":
		return pythonShapeOps(e, firstNamed(n), ops)
	case "binary_operator":
		op := pythonOperators[e.text(field(n, "operator"))]
		if left := pythonShapeOps(e, field(n, "left"), ops); ops && op != "" && left != "" {
			return left + "." + op + "()"
		}
	}
	return ""
}

// pythonEnumLike reports whether class cls may be an enum, whose class
// attributes are its members, not their values: a base named as Enum's
// kinds are (Enum, IntEnum, StrEnum, Flag, IntFlag, a Django TextChoices).
func pythonEnumLike(cls Symbol) bool {
	for _, b := range cls.Extends {
		b = b[strings.LastIndexByte(b, '.')+1:]
		if strings.Contains(b, "Enum") || strings.Contains(b, "Flag") || strings.Contains(b, "Choices") {
			return true
		}
	}
	return false
}

func (pythonHooks) locals(e *extractor, n *node) {
	pos := n.StartByte()
	inClass := false
	if i := e.innermost(pos); i >= 0 && e.facts.Symbols[i].Kind == KindClass {
		inClass = true
	}
	switch n.Type() {
	case "for_statement": // for x in xs: x is an element of xs, in the loop
		pythonElements(e, n, field(n, "left"), field(n, "right"), inClass)
		return
	case "for_in_clause": // [f(x) for x in xs], in the comprehension
		pythonElements(e, parent(n), field(n, "left"), field(n, "right"), inClass)
		return
	case "named_expression": // if params := lookup(name): params is what lookup returns
		if name := field(n, "name"); isIdentifier(name) && !inClass {
			e.addLocal(pos, e.text(name), pythonLocalValueType(e, field(n, "value")))
		}
		return
	case "assert_statement": // assert isinstance(x, C): x is a C below it, as pyright narrows it
		if block := parent(n); block != nil && !inClass {
			pythonNarrowings(e, firstNamed(n), func(_ *node, name, cls string) {
				e.addLocal(pos, name, ScopedType(n.EndByte(), block.EndByte(), CallTypePrefix+cls))
			})
		}
		return
	case "if_statement": // if isinstance(x, C): x is a C in the if's block
		body := field(n, "consequence")
		cond := field(n, "condition")
		if body == nil || inClass {
			return
		}
		pythonNarrowings(e, cond, func(call *node, name, cls string) {
			start := body.StartByte()
			if !sameNode(call, cond) {
				// isinstance(x, C) and x.ready: from the call on
				start = call.EndByte()
			}
			e.addLocal(pos, name, ScopedType(start, body.EndByte(), CallTypePrefix+cls))
		})
		return
	case "conditional_expression": // x.m() if isinstance(x, C) else x: x is a C in the first operand
		cs := namedChildren(n)
		if len(cs) != 3 || inClass {
			return
		}
		pythonNarrowings(e, cs[1], func(_ *node, name, cls string) {
			e.addLocal(pos, name, ScopedType(cs[0].StartByte(), cs[0].EndByte(), CallTypePrefix+cls))
		})
		return
	case "except_clause": // except E as e: e is an E, in the clause
		as := firstNamed(n)
		target := firstNamed(field(as, "alias"))
		if !is(as, "as_pattern") || !isIdentifier(target) || inClass {
			return
		}
		exc := firstNamed(as)
		if isAny(exc, "identifier", "attribute") {
			e.addLocal(pos, e.text(target), ScopedType(n.StartByte(), n.EndByte(), CallTypePrefix+e.squeezed(exc)))
			return
		}
		for is(exc, "parenthesized_expression") {
			exc = firstNamed(exc)
		}
		if is(exc, "tuple") {
			// except (TextError, ValueError) as err: one of them, and
			// err.explain() is TextError's, as pyright lists it
			var members []string
			for _, c := range namedChildren(exc) {
				if !isAny(c, "identifier", "attribute") {
					return
				}
				members = append(members, CallTypePrefix+e.squeezed(c))
			}
			if len(members) > 0 {
				e.addLocal(pos, e.text(target), ScopedType(n.StartByte(), n.EndByte(), PythonEitherTypePrefix+strings.Join(members, "|")))
			}
		}
		return
	case "with_item": // with C() as c: c is what C().__enter__() returns
		as := field(n, "value")
		target := firstNamed(field(as, "alias"))
		if !is(as, "as_pattern") || !isIdentifier(target) || inClass {
			return
		}
		scope := parent(parent(n)) // with_item < with_clause < with_statement
		enter := ".__enter__"
		if scope != nil && scope.FirstChild() != nil && scope.FirstChild().Type() == "async" {
			enter = ".__aenter__" // async with C() as c: what C().__aenter__() returns, awaited
		}
		if shape := pythonOperandShape(e, firstNamed(as)); shape != "" && scope != nil {
			e.addLocal(pos, e.text(target), ScopedType(scope.StartByte(), scope.EndByte(), CallTypePrefix+shape+enter))
		}
		return
	}
	if left := field(n, "left"); !isIdentifier(left) { // a, b = ...
		if !inClass {
			pythonUnpack(e, nil, left, pythonItemTypes(e, field(n, "right"), len(namedChildren(left))))
		}
		return
	}
	pythonConstantExpr(e, n)
	if inClass {
		// A class attribute: svc = Svc() is a field; annotated ones are
		// already captured as fields.
		if field(n, "type") == nil {
			right := field(n, "right")
			typ := pythonValueType(e, right)
			if cls := e.facts.Symbols[e.innermost(pos)]; pythonEnumLike(cls) {
				// class Level(Enum): LOW = "low" (or auto()): Level.LOW is a
				// Level, as pyright types a member, whatever its value
				if name := e.text(field(n, "left")); !strings.HasPrefix(name, "_") && !isAny(right, "lambda") {
					typ = CallTypePrefix + cls.Name
				}
			} else if typ == "" {
				// DEFAULT_RATES = {...}: cls.DEFAULT_RATES.copy() is dict's
				// copy, never a project method of that name (an enum's
				// members are the enum's, whatever their values)
				if nodeType(right) == "list" {
					typ = pythonLocalValueType(e, right)
				} else if builtin := pythonLiteralTypes[nodeType(right)]; builtin != "" {
					typ = CallTypePrefix + builtin
				}
			}
			e.addField(pos, Field{Name: e.text(field(n, "left")), Type: typ})
		}
		return
	}
	typ := pythonType(e, field(n, "type"))
	if alias := pythonTypeAlias(e, n); alias != "" && e.innermost(pos) < 0 {
		typ = TypeAliasPrefix + alias
	} else if typ == "" {
		typ = pythonLocalValueType(e, pythonAssignedValue(n))
	}
	name := e.text(field(n, "left"))
	fn := e.enclosingFunction(pos)
	if key := (boundLocal{fn, name}); e.assigned[key] {
		// x = a(); ... x = b(): from here on x is what b() gives, as
		// pyright's flow analysis narrows it to the last assignment; the
		// first assignment holds before (and the evaluation of this one
		// starts at its end, where its own name is still the earlier one).
		end := uint32(len(e.src))
		if fn >= 0 {
			end = e.scopeEnd[fn]
		}
		if exit := pythonExitingBlock(n); exit != nil && exit.EndByte() < end {
			// if not found: found = {}; return found: below the
			// branch, found is still the first assignment's
			end = exit.EndByte()
		}
		if typ != "" && n.EndByte() <= end {
			typ = ScopedType(n.EndByte()-1, end, typ)
		}
	} else {
		if e.assigned == nil {
			e.assigned = map[boundLocal]bool{}
		}
		e.assigned[key] = true
	}
	e.addLocal(pos, name, typ)
}

// pythonAssignedValue is the value an assignment binds its left side to:
// its right side, or in a chained assignment (registry = entry.registry =
// CreationMenuRegistry()) the last assignment's right side, which every
// target holds.
func pythonAssignedValue(n *node) *node {
	right := field(n, "right")
	for i := 0; is(right, "assignment") && i < 8; i++ {
		right = field(right, "right")
	}
	return right
}

// pythonTypeAlias is the type a module-level assignment names when it
// writes a type alias, as pyright reads one: Repo = Annotated[Repository,
// Depends(get_repo)] (FastAPI's dependency aliases), Maybe = Optional[Repo],
// Either = Union[Repo, None], Nullable = Repo | None, and R: TypeAlias =
// Repo. A parameter annotated with the alias in another module is then an
// instance of the aliased class. "" for any other assignment.
func pythonTypeAlias(e *extractor, n *node) string {
	right := field(n, "right")
	if t := field(n, "type"); t != nil {
		if lastSegment(e.squeezed(firstNamed(t))) != "TypeAlias" {
			return ""
		}
		return pythonType(e, right)
	}
	switch nodeType(right) {
	case "subscript":
		switch lastSegment(e.squeezed(field(right, "value"))) {
		case "Annotated", "Optional", "Union", "Callable":
			// ReposFactory = Callable[[UnitOfWork], IamRepositories]: a
			// value of it, called, gives an IamRepositories
			return pythonType(e, right)
		}
	case "binary_operator":
		// X | None: a union with None is a type; A | B alone may be flags
		if e.text(field(right, "operator")) == "|" && (is(field(right, "left"), "none") || is(field(right, "right"), "none")) {
			return pythonType(e, right)
		}
	}
	return ""
}

// pythonElements binds the target of a for loop or a comprehension over
// coll to an element of coll, in scope: for x in xs, and the second name of
// for i, x in enumerate(xs).
func pythonElements(e *extractor, scope, target, coll *node, inClass bool) {
	if scope == nil || inClass {
		return
	}
	coll = pythonSameElements(e, coll)
	names := namedChildren(target)
	shape, rewritten := "", false
	if isAny(target, "pattern_list", "tuple_pattern") && len(names) == 2 && isIdentifier(names[1]) && nodeType(coll) == "call" {
		fn := field(coll, "function")
		args := namedChildren(field(coll, "arguments"))
		switch {
		case e.text(fn) == "enumerate": // for i, x in enumerate(xs): x is an element of xs
			if len(args) == 0 || nodeType(args[0]) == "keyword_argument" {
				return
			}
			target, shape, rewritten = names[1], pythonShape(e, args[0]), true
		case is(fn, "attribute") && e.text(field(fn, "attribute")) == "items" && len(args) == 0:
			// for k, v in d.items(): v is a value of d
			if obj := pythonShape(e, field(fn, "object")); obj != "" {
				target, shape, rewritten = names[1], obj+".values()", true
			}
		}
	}
	if !rewritten {
		shape = pythonShape(e, coll)
	}
	if shape == "" && isIdentifier(target) {
		// for c in [Cable(), Cable()]: an element of a literal whose
		// elements are all built from one class is one of that class.
		if elem := pythonLiteralElementType(e, coll); elem != "" {
			e.addLocal(target.StartByte(), e.text(target), ScopedType(scope.StartByte(), scope.EndByte(), elem))
		}
		return
	}
	if shape == "" {
		return
	}
	if isIdentifier(target) {
		e.addLocal(target.StartByte(), e.text(target), ScopedType(scope.StartByte(), scope.EndByte(), RangeTypePrefix+shape))
		return
	}
	items := make([]string, len(names))
	for i := range items {
		items[i] = ItemTypePrefix + strconv.Itoa(i) + ":" + RangeTypePrefix + shape
	}
	pythonUnpack(e, scope, target, items)
}

// pythonLiteralElementType is the type of every element of a list, tuple
// or set literal, when they all have one evidently (pythonValueType); ""
// when they differ, as pyright's union of them is no one type.
func pythonLiteralElementType(e *extractor, coll *node) string {
	if !isAny(coll, "list", "tuple", "set") {
		return ""
	}
	elem := ""
	for i, c := range namedChildren(coll) {
		t := pythonValueType(e, c)
		if t == "" || i > 0 && t != elem {
			return ""
		}
		elem = t
	}
	return elem
}

// pythonSameElementsCalls are the builtins whose result iterates over the
// same elements as their first argument: sorted(d.items()) gives d's
// items, list(xs) the elements of xs.
var pythonSameElementsCalls = map[string]bool{
	"sorted": true, "reversed": true, "list": true, "tuple": true, "set": true, "frozenset": true, "iter": true,
}

// pythonSameElements is the collection a for loop or comprehension over
// coll iterates over the elements of: coll itself, or the first argument
// of sorted(...), list(...) and their like, as far as they nest.
func pythonSameElements(e *extractor, coll *node) *node {
	for nodeType(coll) == "call" && pythonSameElementsCalls[e.text(field(coll, "function"))] {
		args := namedChildren(field(coll, "arguments"))
		if len(args) == 0 || isAny(args[0], "keyword_argument", "list_splat", "dictionary_splat") {
			break
		}
		coll = args[0]
	}
	return coll
}

// pythonItemTypes is the type of each of n names unpacked from v: one per
// element of a tuple written out (a, b = Foo(), Bar()), else the place in
// what v gives (text, style = segment).
func pythonItemTypes(e *extractor, v *node, n int) []string {
	items := make([]string, n)
	if isAny(v, "expression_list", "tuple") {
		if values := namedChildren(v); len(values) == n {
			for i, value := range values {
				items[i] = pythonLocalValueType(e, value)
			}
		}
		return items
	}
	t := pythonLocalValueType(e, v)
	if t == "" {
		return items
	}
	for i := range items {
		items[i] = ItemTypePrefix + strconv.Itoa(i) + ":" + t
	}
	return items
}

// pythonUnpack binds each name of a pattern (a, b or (a, b)) to its item
// type, in scope when there is one; places after a *rest are unknown.
func pythonUnpack(e *extractor, scope, pattern *node, items []string) {
	for i, name := range namedChildren(pattern) {
		if i >= len(items) || nodeType(name) == "list_splat_pattern" {
			return
		}
		if !isIdentifier(name) || items[i] == "" {
			continue
		}
		typ := items[i]
		if scope != nil {
			typ = ScopedType(scope.StartByte(), scope.EndByte(), typ)
		}
		e.addLocal(name.StartByte(), e.text(name), typ)
	}
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
	pythonBeatEntry(e, n) // extract_python_celery.go
	e.addString(text, n)
}

// pythonConstant records X = "x" at module level, or in a class body (an
// Enum's members, a class of names), as a constant.
// pythonConstantExpr records a module-level or class-level name bound to
// another name (ORDER_PAID = events.PAID, class Topics: PAID = PAID_TOPIC)
// or to a concatenation, for the resolver to evaluate as a key.
func pythonConstantExpr(e *extractor, a *node) {
	name, value := fieldChild(a, "left", isIdentifier), field(a, "right")
	st := parent(a)
	if name == nil || nodeType(st) != "expression_statement" || !isAny(value, "identifier", "attribute", "binary_operator") {
		return
	}
	switch up := parent(st); nodeType(up) {
	case "module":
		e.addConstantExpr("", e.text(name), []byte(e.squeezed(value)))
	case "block":
		if class := parent(up); nodeType(class) == "class_definition" {
			e.addConstantExpr(e.text(field(class, "name")), e.text(name), []byte(e.squeezed(value)))
		}
	}
}

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

// pythonImportedModule is the absolute module a call of
// importlib.import_module imports when it is written as a plain string
// literal (migration = importlib.import_module("app.migrations.0014_fk"),
// whose name is no identifier to import by statement), "" otherwise. So
// is pytest.importorskip's (uvicorn = pytest.importorskip("uvicorn",
// minversion="0.30")), which returns the module it imports.
func pythonImportedModule(e *extractor, call *node) string {
	args := namedChildren(field(call, "arguments"))
	switch e.squeezed(field(call, "function")) {
	case "importlib.import_module", "import_module":
	case "pytest.importorskip", "importorskip":
		for len(args) > 1 && is(args[len(args)-1], "keyword_argument") {
			args = args[:len(args)-1]
		}
	default:
		return ""
	}
	if len(args) != 1 || !is(args[0], "string") {
		return ""
	}
	for c := range eachNamed(args[0]) {
		if c.Type() == "interpolation" {
			return ""
		}
	}
	m := e.innerText(args[0])
	if m == "" || strings.HasPrefix(m, ".") || strings.ContainsAny(m, " /\\\"'{}") {
		return ""
	}
	return m
}

// pythonFixtureParam reports whether name is a parameter, other than self,
// of fn, a pytest fixture (@pytest.fixture, @fixture): pytest fills it with
// the fixture of that name.
// pythonHasParam reports whether fn takes a parameter called name.
func pythonHasParam(fn Symbol, name string) bool {
	for _, p := range fn.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}

// pythonNamesImportOrClass reports whether name is bound in the file by an
// import (at the top or in a function) or is a class the file declares at
// its top level: a name that, assigned to a field, is that module's value
// or class wherever the method runs.
func pythonNamesImportOrClass(e *extractor, name string) bool {
	for _, imp := range e.facts.Imports {
		if imp.Local == name && !imp.Reexport {
			return true
		}
	}
	for _, s := range e.facts.Symbols {
		if s.Kind == KindClass && s.Name == name && s.Container == "" {
			return true
		}
	}
	return false
}

func pythonFixtureParam(fn Symbol, name string) bool {
	fixture := false
	for _, d := range fn.Decorators {
		fixture = fixture || d.Name == "fixture" || strings.HasSuffix(d.Name, ".fixture")
	}
	if !fixture {
		return false
	}
	for i, p := range fn.Params {
		if p.Name == name && p.Type == "" {
			return i > 0 || fn.Kind != KindMethod
		}
	}
	return false
}

// pythonScalarsType is the builtin type every one of the literal values
// has, "" when there are none, one is no scalar literal or two differ.
func pythonScalarsType(values []*node) string {
	typ := ""
	for _, v := range values {
		t := ""
		switch nodeType(v) {
		case "string", "concatenated_string":
			t = "str"
		case "integer":
			t = "int"
		case "float":
			t = "float"
		}
		if t == "" || typ != "" && typ != t {
			return ""
		}
		typ = t
	}
	return typ
}

// pythonNarrowings calls each for the isinstance(x, Cls) that cond is, or
// each that is an operand of its top-level and (isinstance(x, C) and
// x.ready): wherever cond holds, x is a Cls. x is a name, or a path of
// attributes (call.provider_metadata), which pyright narrows as well: the
// local recorded is then named by that path.
func pythonNarrowings(e *extractor, cond *node, each func(call *node, name, cls string)) {
	switch {
	case is(cond, "parenthesized_expression"):
		pythonNarrowings(e, firstNamed(cond), each)
	case is(cond, "boolean_operator") && e.text(field(cond, "operator")) == "and":
		pythonNarrowings(e, field(cond, "left"), each)
		pythonNarrowings(e, field(cond, "right"), each)
	default:
		if name, cls := pythonIsinstance(e, cond); name != "" {
			each(cond, name, cls)
		}
	}
}

// pythonIsinstance reads isinstance(x, Cls) (x a name or a path of
// attributes, Cls a name or a dotted path; not a tuple of classes): what is
// narrowed and the class, or "".
func pythonIsinstance(e *extractor, cond *node) (name, cls string) {
	if nodeType(cond) != "call" || e.text(field(cond, "function")) != "isinstance" {
		return "", ""
	}
	args := namedChildren(field(cond, "arguments"))
	if len(args) != 2 || !isAny(args[0], "identifier", "attribute") || !isAny(args[1], "identifier", "attribute") {
		return "", ""
	}
	name = pythonShape(e, args[0])
	if name == "" || strings.ContainsAny(name, "()[]") {
		return "", ""
	}
	return name, e.squeezed(args[1])
}

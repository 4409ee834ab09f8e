package treesitter

type javaHooks struct{}

// match implements queries/java.scm.
func (javaHooks) match(_ *extractor, n *node, c *captures) {
	if !n.named {
		return
	}
	switch n.Type() {
	case "package_declaration":
		// (package_declaration [(identifier) (scoped_identifier)] @package): the last one wins
		for p := n.FirstChild(); p != nil; p = p.NextSibling() {
			if isAny(p, "identifier", "scoped_identifier") {
				c.pkg = p
			}
		}
	case "class_declaration", "enum_declaration":
		c.symbol(KindClass, n, fieldChild(n, "name", isIdentifier))
	case "record_declaration":
		c.symbol(KindClass, n, fieldChild(n, "name", isIdentifier))
		c.field(n, nil)
	case "interface_declaration":
		c.symbol(KindInterface, n, fieldChild(n, "name", isIdentifier))
	case "method_declaration", "constructor_declaration":
		c.symbol(KindMethod, n, fieldChild(n, "name", isIdentifier))
	case "method_invocation", "object_creation_expression", "explicit_constructor_invocation":
		c.call(n)
	case "assignment_expression": // this.action = action: a parameter's function stored (javaStoredParameter)
		if nodeType(field(n, "left")) == "field_access" && nodeType(field(n, "right")) == "identifier" {
			c.call(n)
		}
	case "import_declaration":
		c.imp(n)
	case "field_declaration", "constant_declaration":
		c.field(n, nil)
	case "local_variable_declaration", "enhanced_for_statement", "catch_formal_parameter",
		"instanceof_expression", "resource", "lambda_expression":
		c.local(n)
	case "string_literal":
		c.str(n)
	case "method_reference":
		c.ref(n)
	}
}

func (javaHooks) symbol(e *extractor, s *Symbol, decl, _ *node) {
	for c := range eachNamed(decl) {
		if c.Type() == "modifiers" {
			s.Decorators = javaAnnotations(e, c)
		}
	}
	if decl.Type() == "method_declaration" {
		s.Returns = javaValueType(e, field(decl, "type"))
	}
	switch decl.Type() {
	case "method_declaration", "constructor_declaration":
		for p := range eachNamed(field(decl, "parameters")) {
			switch p.Type() {
			case "formal_parameter":
				s.Params = append(s.Params, Param{Name: e.text(field(p, "name")), Type: javaValueType(e, field(p, "type"))})
			case "spread_parameter": // String... args
				var param Param
				for c := range eachNamed(p) {
					if c.Type() == "variable_declarator" {
						param.Name = e.text(field(c, "name"))
					} else if c.Type() != "modifiers" && param.Type == "" {
						param.Type = javaType(e, c)
					}
				}
				s.Params = append(s.Params, param)
			}
		}
	case "class_declaration", "enum_declaration", "record_declaration", "interface_declaration":
		if sc := field(decl, "superclass"); sc != nil {
			s.Extends = append(s.Extends, javaType(e, firstNamed(sc)))
		}
		for c := range eachNamed(decl) {
			switch c.Type() {
			case "super_interfaces", "extends_interfaces":
				for t := range eachNamed(firstNamed(c)) { // the type_list
					s.Extends = append(s.Extends, javaType(e, t))
				}
			}
		}
	}
}

// javaAnnotations reads @Foo and @Foo(args) from a modifiers node.
func javaAnnotations(e *extractor, modifiers *node) []Decorator {
	var out []Decorator
	for a := range eachNamed(modifiers) {
		switch a.Type() {
		case "marker_annotation", "annotation":
			dec := Decorator{Name: e.squeezed(field(a, "name")), Span: e.span(a)}
			dec.Args = e.argTexts(field(a, "arguments"))
			if dec.Name != "" {
				out = append(out, dec)
			}
		}
	}
	return out
}

// javaType reduces a type to its base name: type arguments and array
// dimensions stripped, qualified names kept as written (java.util.List).
func javaType(e *extractor, n *node) string {
	switch nodeType(n) {
	case "":
		return ""
	case "generic_type":
		return javaType(e, firstNamed(n))
	case "array_type":
		return javaType(e, field(n, "element"))
	case "annotated_type": // @NonNull Foo
		cs := namedChildren(n)
		if len(cs) > 0 {
			return javaType(e, cs[len(cs)-1])
		}
	}
	return e.squeezed(n)
}

func (javaHooks) call(e *extractor, n *node) {
	var c Call
	var callee *node
	switch n.Type() {
	case "method_invocation": // obj.name(args), name(args)
		callee = field(n, "name")
		c.Receiver = e.squeezed(field(n, "object"))
	case "explicit_constructor_invocation": // this(...), super(...), outer.super(...)
		callee = field(n, "constructor")
		c.Receiver = e.squeezed(field(n, "object"))
		if class := javaEnclosingClass(n); class != nil && c.Receiver == "" {
			// this(x) calls a constructor of the class, super(x) one of
			// its superclass: a construction of that class, by its name
			name := e.text(field(class, "name"))
			if nodeType(callee) == "super" {
				name = ""
				if sc := field(class, "superclass"); sc != nil {
					name = javaType(e, firstNamed(sc))
				}
			}
			if name != "" {
				c.New = true
				c.Args = e.argTexts(field(n, "arguments"))
				c.Callee = lastSegment(name)
				if c.Callee != name {
					c.Receiver = name[:len(name)-len(c.Callee)-1]
				}
				c.Span = e.span(callee)
				e.addCall(c, n)
				return
			}
		}
	case "assignment_expression":
		javaStoredParameter(e, n)
		return
	case "object_creation_expression": // new Foo<>(), new com.x.Foo()
		c.New = true
		t := field(n, "type")
		if nodeType(t) == "generic_type" {
			t = firstNamed(t)
		}
		callee = t
		if nodeType(t) == "scoped_type_identifier" {
			cs := namedChildren(t)
			if len(cs) < 2 {
				return
			}
			callee = cs[len(cs)-1]
			c.Receiver = e.squeezed(cs[0])
		}
		if nodeType(callee) != "type_identifier" {
			return
		}
	default:
		return
	}
	c.Args = e.argTexts(field(n, "arguments"))
	e.addCallTo(c, callee, n)
}

func (javaHooks) imports(e *extractor, n *node) {
	var name *node
	static, wildcard := false, false
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c.Type() {
		case "static":
			static = true
		case "asterisk":
			wildcard = true
		case "identifier", "scoped_identifier":
			name = c
		}
	}
	if name == nil {
		return
	}
	full := e.squeezed(name)
	switch {
	case wildcard: // import com.x.*; import static com.x.Foo.*;
		e.addImport("*", "*", full, name)
	case static: // import static com.x.Foo.bar; binds bar
		member := e.text(field(name, "name"))
		e.addImport(member, member, e.squeezed(field(name, "scope")), name)
	default: // import com.x.Foo; binds Foo
		simple := lastSegment(full)
		e.addImport(simple, simple, full, name)
	}
}

func (javaHooks) fields(e *extractor, n, _ *node) {
	switch n.Type() {
	case "field_declaration", "constant_declaration": // constant_declaration: an interface's constants
		typ := javaValueType(e, field(n, "type"))
		for _, d := range childrenByField(n, "declarator") {
			name := e.text(field(d, "name"))
			e.addField(n.StartByte(), Field{Name: name, Type: typ, Token: javaFieldToken(e, n, name)}) // extract_java_spring.go
			// static final String ORDERS = Topics.PREFIX + ".orders": a key
			// expression of its class, for the resolver to evaluate.
			if v := field(d, "value"); isAny(v, "identifier", "field_access", "binary_expression") {
				if class := parent(parent(n)); class != nil && field(class, "name") != nil {
					e.addConstantExpr(e.text(field(class, "name")), e.text(field(d, "name")), []byte(e.squeezed(v)))
				}
			}
		}
	case "record_declaration": // record R(Foo foo): components are fields
		for p := range eachNamed(field(n, "parameters")) {
			if p.Type() == "formal_parameter" {
				e.addField(p.StartByte(), Field{Name: e.text(field(p, "name")), Type: javaValueType(e, field(p, "type"))})
			}
		}
	}
}

func (javaHooks) locals(e *extractor, n *node) {
	switch n.Type() {
	case "enhanced_for_statement", "resource": // for (Notifier each : all), try (Reader r = open())
		if name := field(n, "name"); name != nil {
			t := javaValueType(e, field(n, "type"))
			if t == "var" && n.Type() == "enhanced_for_statement" {
				// for (var n : all): an element of all (RangeTypePrefix)
				t = RangeTypePrefix + e.squeezed(field(n, "value"))
			} else if t == "var" {
				t = "" // a var resource: no declared type to read here
			}
			if t != "" {
				e.addLocal(name.StartByte(), e.text(name), t)
			}
		}
		return
	case "catch_formal_parameter": // catch (NotFound e): the first of a multi-catch's types is not all of them
		var t *node
		for c := range eachNamed(n) {
			if c.Type() == "catch_type" {
				t = c
			}
		}
		if t != nil && len(namedChildren(t)) == 1 {
			if name := field(n, "name"); name != nil {
				e.addLocal(name.StartByte(), e.text(name), javaType(e, firstNamed(t)))
			}
		}
		return
	case "instanceof_expression": // x instanceof Order order
		if name := field(n, "name"); name != nil {
			e.addLocal(name.StartByte(), e.text(name), javaType(e, field(n, "right")))
		}
		return
	case "lambda_expression": // (Notifier n) -> n.send(m): declared parameter types
		params := field(n, "parameters")
		switch nodeType(params) {
		case "identifier": // n -> n.send(m) passed to all.forEach
			javaLambdaElements(e, n, []*node{params})
			return
		case "inferred_parameters": // (a, b) -> ...
			javaLambdaElements(e, n, namedChildren(params))
			return
		case "formal_parameters":
		default:
			return
		}
		for p := range eachNamed(params) {
			if p.Type() == "formal_parameter" {
				if t := javaValueType(e, field(p, "type")); t != "var" {
					e.addLocal(field(p, "name").StartByte(), e.text(field(p, "name")), t)
				}
			}
		}
		return
	}
	typeNode := field(n, "type")
	typ := javaValueType(e, typeNode)
	for _, d := range childrenByField(n, "declarator") {
		t := typ
		if t == "var" { // var x = new Foo<>(): the constructed type
			t = ""
			switch v := field(d, "value"); nodeType(v) {
			case "object_creation_expression":
				t = javaValueType(e, field(v, "type")) // new ArrayList<Notifier>(): a collection of Notifiers
			case "method_invocation":
				t = CallTypePrefix + e.squeezed(field(v, "name"))
				if obj := field(v, "object"); obj != nil {
					t = CallTypePrefix + e.squeezed(obj) + "." + e.squeezed(field(v, "name"))
				}
			}
		}
		e.addLocal(n.StartByte(), e.text(field(d, "name")), t)
	}
}

func (javaHooks) stringLit(e *extractor, n *node) {
	text := e.innerBytes(n)
	// static final String TOPIC = "orders": a constant of its class; an
	// interface's String TOPIC = "orders" is one too.
	if d := parent(n); nodeType(d) == "variable_declarator" && field(d, "value") == n {
		if fd := parent(d); isAny(fd, "field_declaration", "constant_declaration") {
			if class := parent(parent(fd)); class != nil && field(class, "name") != nil {
				e.addConstant(e.text(field(class, "name")), e.text(field(d, "name")), text)
			}
		}
	}
	e.addString(text, n)
}

// javaEnclosingClass is the class or enum declaration whose body holds n.
func javaEnclosingClass(n *node) *node {
	for p := parent(n); p != nil; p = parent(p) {
		switch p.Type() {
		case "class_declaration", "enum_declaration", "record_declaration":
			return p
		case "object_creation_expression", "interface_declaration":
			return nil
		}
	}
	return nil
}

// javaFunctionalTypes are the standard functional interfaces: a parameter
// of one of these types holds a function its callers pass.
var javaFunctionalTypes = map[string]bool{
	"Runnable": true, "Callable": true, "Supplier": true, "Consumer": true, "BiConsumer": true,
	"Function": true, "BiFunction": true, "UnaryOperator": true, "BinaryOperator": true,
	"Predicate": true, "BiPredicate": true, "IntSupplier": true, "LongSupplier": true, "DoubleSupplier": true,
	"BooleanSupplier": true, "IntConsumer": true, "LongConsumer": true, "DoubleConsumer": true,
	"IntPredicate": true, "LongPredicate": true, "DoublePredicate": true, "IntFunction": true,
	"LongFunction": true, "DoubleFunction": true, "ToIntFunction": true, "ToLongFunction": true,
	"ToDoubleFunction": true, "IntUnaryOperator": true, "IntBinaryOperator": true,
	"LongUnaryOperator": true, "DoubleUnaryOperator": true,
}

// javaStoredParameter records this.action = action, action a parameter of
// the method or constructor around it declared with a standard functional
// type (Runnable action): a store of the parameter into the field
// (AssignPrefix), which the resolver follows to the functions the
// callers pass (new Retry(this::send)), as Go's NewWorker(job) storing
// run: job.
func javaStoredParameter(e *extractor, n *node) {
	left, right := field(n, "left"), field(n, "right")
	if e.text(field(left, "object")) != "this" || field(left, "field") == nil {
		return
	}
	name := e.text(right)
	for p := parent(n); p != nil; p = parent(p) {
		switch p.Type() {
		case "lambda_expression", "class_body":
			return
		case "method_declaration", "constructor_declaration":
			for param := range eachNamed(field(p, "parameters")) {
				if param.Type() == "formal_parameter" && e.text(field(param, "name")) == name &&
					javaFunctionalTypes[lastSegment(javaType(e, field(param, "type")))] {
					into := field(left, "field")
					e.addCall(Call{Callee: AssignPrefix + e.text(into), Receiver: "this", Span: e.span(into), Ref: true, Args: []string{name}}, n)
				}
			}
			return
		}
	}
}

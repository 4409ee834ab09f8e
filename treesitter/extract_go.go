package treesitter

import (
	"regexp"
	"slices"
	"strconv"
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
		// and, for anonymous structs,
		// (struct_type (field_declaration_list (field_declaration) @field)) @container
		if list := n.Parent(); is(list, "field_declaration_list") {
			if st := list.Parent(); is(st, "struct_type") {
				if name := goStructName(st); name != nil {
					c.field(n, name)
				} else {
					c.field(n, st)
				}
			}
		}
	case "call_expression":
		c.call(n)
	case "composite_literal":
		// (composite_literal type: (qualified_type) body: (literal_value (keyed_element))) @call
		if is(field(n, "type"), "qualified_type") && goKeyedLiteral(field(n, "body")) {
			c.call(n)
		}
	case "type_conversion_expression":
		// (type_conversion_expression type: (generic_type)) @call
		if fieldChild(n, "type", func(t *node) bool { return is(t, "generic_type") }) != nil {
			c.call(n)
		}
	case "import_spec":
		c.imp(n)
	case "short_var_declaration", "var_spec", "const_spec", "range_clause", "receive_statement", "type_switch_statement", "func_literal":
		c.local(n)
	case "parameter_list":
		// (function_declaration result: (parameter_list) @local): named results
		if n.FieldName() == "result" && isAny(n.Parent(), "function_declaration", "method_declaration", "func_literal") {
			c.local(n)
		}
	case "interpreted_string_literal", "raw_string_literal":
		c.str(n)
	case "identifier", "selector_expression":
		if goRefPosition(n) {
			c.ref(n)
		}
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
		goConstrainedParams(e, decl, s.Params[len(receiver):])
		s.Returns = goResults(e, field(decl, "result"))
		s.ResultsWritten = goResultsWritten(e, field(decl, "result"))
		s.TypeParams = goReceiverTypeParams(e, field(decl, "receiver"))
		s.Shapes = goMethodShapes(e, field(decl, "parameters"), field(decl, "result"))
	case "function_declaration":
		s.Params = goParams(e, field(decl, "parameters"))
		goConstrainedParams(e, decl, s.Params)
		s.Returns = goResults(e, field(decl, "result"))
		s.ResultsWritten = goResultsWritten(e, field(decl, "result"))
		s.TypeParams = goTypeParams(e, field(decl, "type_parameters"))
		s.TypeConstraints = goTypeConstraints(e, field(decl, "type_parameters"), len(s.TypeParams))
	case "type_alias":
		// type SearchOptions = internal.SearchOptions: the same type.
		if t := goType(e, field(decl, "type")); t != "" {
			s.Returns = GoAliasPrefix + t
		}
	case "method_elem":
		// Interface methods type what calls through the interface return,
		// and their arity tells implementations apart. Their parameters
		// have no body to be locals of: only the types are kept.
		for _, p := range goParams(e, field(decl, "parameters")) {
			s.Params = append(s.Params, Param{Type: p.Type})
		}
		s.Returns = goResults(e, field(decl, "result"))
		s.Shapes = goMethodShapes(e, field(decl, "parameters"), field(decl, "result"))
	case "type_spec":
		s.TypeParams = goTypeParams(e, field(decl, "type_parameters"))
		s.TypeConstraints = goTypeConstraints(e, field(decl, "type_parameters"), len(s.TypeParams))
		if goGenericAlias(decl) {
			// type Handler[T any] = transport.Handler[T], an alias with type
			// parameters (Go 1.24), which the grammar reads as a type_spec
			// with an error where the = is: the same type all the same.
			if t := goType(e, field(decl, "type")); t != "" {
				s.Returns = GoAliasPrefix + t
			}
			return
		}
		// Embedded types are what a Go type "extends": their methods are promoted.
		switch t := field(decl, "type"); nodeType(t) {
		case "struct_type":
			for fd := range eachNamed(firstNamed(t)) {
				if fd.Type() == "field_declaration" && field(fd, "name") == nil {
					s.Extends = append(s.Extends, goType(e, field(fd, "type")))
					s.ExtendsWritten = append(s.ExtendsWritten, goTypeWithArgs(e, field(fd, "type")))
				}
			}
		case "interface_type":
			for c := range eachNamed(t) {
				if c.Type() == "type_elem" || c.Type() == "constraint_elem" {
					if cs := namedChildren(c); len(cs) == 1 {
						s.Extends = append(s.Extends, goType(e, cs[0]))
						s.ExtendsWritten = append(s.ExtendsWritten, goTypeWithArgs(e, cs[0]))
					}
				}
			}
		}
		if slices.Equal(s.ExtendsWritten, s.Extends) {
			s.ExtendsWritten = nil // no embedded type written with arguments
		}
		switch t := field(decl, "type"); nodeType(t) {
		case "slice_type", "array_type", "map_type":
			// type Diagnostics []*Diagnostic: what indexing or ranging yields.
			s.Returns = strings.TrimPrefix(goType(e, t), GoCollectionPrefix)
		case "channel_type":
			// type WatchChan <-chan WatchResponse: what receiving or ranging yields
			s.Returns = GoChanPrefix + strings.TrimPrefix(goType(e, t), GoCollectionPrefix)
		case "function_type":
			// type dialFunc func(addr string) (Conn, error): what calling a
			// value of the type gives (GoFuncPrefix and its results).
			s.Returns = goType(e, t)
		case "type_identifier", "qualified_type", "generic_type":
			// type mtpDraft Model: Model's fields, none of its methods.
			if under := goType(e, t); under != "" {
				s.Returns = GoDefinedPrefix + under
			}
		}
	}
}

// goTypeParams are the names a type_parameter_list declares, in order:
// [K comparable, V any] gives K and V.
func goTypeParams(e *extractor, list *node) []string {
	var out []string
	for p := range eachNamed(list) {
		if p.Type() != "type_parameter_declaration" {
			continue
		}
		for _, name := range childrenByField(p, "name") {
			if is(name, "identifier") {
				out = append(out, e.text(name))
			}
		}
	}
	return out
}

// goTypeConstraints are the named interfaces constraining the n type
// parameters of list, in order (Symbol.TypeConstraints); nil when none is
// constrained by one.
func goTypeConstraints(e *extractor, list *node, n int) []string {
	var out []string
	for i := range n {
		if c := goParamConstraint(e, list, i, ""); c != "" {
			if out == nil {
				out = make([]string, n)
			}
			out[i] = c
		}
	}
	return out
}

// goReceiverTypeParams are the type parameters a method's receiver names
// for its generic type: U and V in func (s *coll[U, V]) Get() U.
func goReceiverTypeParams(e *extractor, receiver *node) []string {
	var out []string
	for p := range eachNamed(receiver) {
		t := field(p, "type")
		for is(t, "pointer_type") || is(t, "parenthesized_type") {
			t = firstNamed(t)
		}
		if !is(t, "generic_type") {
			continue
		}
		for a := range eachNamed(field(t, "type_arguments")) {
			if cs := namedChildren(a); is(a, "type_elem") && len(cs) == 1 && is(cs[0], "type_identifier") {
				out = append(out, e.text(cs[0]))
			} else if is(a, "type_identifier") {
				out = append(out, e.text(a))
			} else {
				return nil
			}
		}
	}
	return out
}

// goTypeWithArgs is goType, with the type arguments of a generic type
// kept after it (resource.Getter[Arm], pointers stripped, each argument as
// goType writes it) when each is a plain type: what a method of the type
// returns in place of a type parameter is its argument. Any other type is
// goType's.
func goTypeWithArgs(e *extractor, n *node) string {
	base := goType(e, n)
	for is(n, "pointer_type") || is(n, "parenthesized_type") {
		n = firstNamed(n)
	}
	if !is(n, "generic_type") || base == "" {
		return base
	}
	return base + goTypeArgsWritten(e, field(n, "type_arguments"))
}

// goTypeArgsWritten is a type argument list as goTypeWithArgs writes it
// ("[Arm,int]"), "" when it is empty or an argument is no plain type.
func goTypeArgsWritten(e *extractor, list *node) string {
	var args []string
	for a := range eachNamed(list) {
		t := goType(e, a)
		if t == "" || strings.ContainsAny(t, GoResultSeparator+"({ ") || strings.HasPrefix(t, GoFuncPrefix) ||
			strings.Contains(strings.TrimLeft(t, GoCollectionPrefix), "[") {
			return ""
		}
		args = append(args, t)
	}
	if len(args) == 0 {
		return ""
	}
	return "[" + strings.Join(args, GoResultSeparator) + "]"
}

// GoCutTypeArgs splits a type written with its type arguments
// (goTypeWithArgs: "resource.Getter[Arm,int]") into the type and the
// arguments; a type without them is itself, with none.
func GoCutTypeArgs(t string) (string, []string) {
	i := strings.IndexByte(t, '[')
	if i <= 0 || !strings.HasSuffix(t, "]") || strings.HasPrefix(t, GoCollectionPrefix) {
		return t, nil
	}
	return t[:i], strings.Split(t[i+1:len(t)-1], GoResultSeparator)
}

// goNamedTypeKinds are the non-struct types a named type may have
// (type List []Node): such types get symbols, since they have methods.
var goNamedTypeKinds = []string{"type_identifier", "qualified_type", "generic_type", "slice_type", "array_type",
	"map_type", "pointer_type", "function_type", "channel_type"}

// goGenericAlias reports whether spec, a type_spec, is an alias with type
// parameters: the grammar leaves its = as an error between the type
// parameters and the type.
func goGenericAlias(spec *node) bool {
	if !is(spec, "type_spec") || field(spec, "type_parameters") == nil {
		return false
	}
	for c := spec.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Type() == "ERROR" && c.EndByte()-c.StartByte() <= 3 {
			return true
		}
	}
	return false
}

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
	for p := range eachNamed(list) {
		if types, ok := goMisparsedMap(e, p); ok {
			for _, t := range types {
				out = append(out, Param{Type: t})
			}
			continue
		}
		switch p.Type() {
		case "parameter_declaration", "variadic_parameter_declaration":
			typ := goType(e, field(p, "type"))
			if p.Type() == "variadic_parameter_declaration" { // ids ...string is a []string
				typ = goCollectionOf(typ)
			}
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

// goMisparsedMap reads a parameter declaration that the grammar got wrong:
// in a list of unnamed parameters, "string, map[string]any" parses as the
// names string and map with the array type [string]any. map is a keyword,
// never a name: the declaration is the unnamed types its names spell, and
// the map (what indexing it gives). ok is false for any other declaration.
// gopls reads Write(context.Context, string, map[string]any) as three
// parameters, and a method with them implements it.
func goMisparsedMap(e *extractor, p *node) ([]string, bool) {
	if !is(p, "parameter_declaration") {
		return nil, false
	}
	t := field(p, "type")
	names := childrenByField(p, "name")
	if !is(t, "array_type") || len(names) == 0 || e.text(names[len(names)-1]) != "map" {
		return nil, false
	}
	var types []string
	for _, name := range names[:len(names)-1] {
		if !is(name, "identifier") {
			return nil, false
		}
		types = append(types, e.text(name))
	}
	return append(types, goCollectionOf(goType(e, field(t, "element")))), true
}

// goType reduces a type to its base name: pointers and type arguments are
// stripped; package-qualified names stay (pkg.Type); slices, arrays, maps
// and channels are GoCollectionPrefix and their element (what indexing or
// ranging yields); func types are GoFuncPrefix and their results; an
// anonymous struct is named by its offset (GoAnonymousStructPrefix);
// interface literals stay as written.
func goType(e *extractor, n *node) string {
	switch nodeType(n) {
	case "":
		return ""
	case "pointer_type", "parenthesized_type":
		return goType(e, firstNamed(n))
	case "slice_type", "array_type", "implicit_length_array_type":
		return goCollectionOf(goType(e, field(n, "element")))
	case "map_type", "channel_type":
		return goCollectionOf(goType(e, field(n, "value")))
	case "generic_type":
		return goType(e, field(n, "type"))
	case "struct_type":
		return goAnonymousStruct(n)
	case "function_type":
		return GoFuncPrefix + goResults(e, field(n, "result"))
	case "interface_type":
		return goInterfaceLiteral(e, n)
	case "type_elem":
		if cs := namedChildren(n); len(cs) == 1 {
			return goType(e, cs[0])
		}
	case "type_identifier":
		if c := goTypeParamConstraint(e, n); c != nil {
			return goInterfaceLiteral(e, c)
		}
		if name := goTypeParamEmbeddedInterface(e, n); name != "" {
			return name // U interface{ *P; codeProvider }: a U is called through codeProvider
		}
	}
	return e.squeezed(n)
}

// goConstrainedParams notes, for the parameters of decl whose type is a
// type parameter constrained by a named interface (specs T, with T
// ResourceSpec), that interface as the type of the local each parameter
// is: a call on specs is a call of the interface's method, as gopls
// relates it. The parameter's own type (its signature) stays T.
func goConstrainedParams(e *extractor, decl *node, params []Param) {
	for _, p := range params {
		if p.Name == "" {
			continue
		}
		c := goNamedConstraint(e, decl, p.Type)
		if c == "" {
			c = goConstrainedFuncResults(e, decl, p.Type)
		}
		if c != "" {
			if e.paramLocalTypes == nil {
				e.paramLocalTypes = map[paramLocal]string{}
			}
			e.paramLocalTypes[paramLocal{decl.StartByte(), p.Name}] = c
		}
	}
	goGenericParams(e, decl)
}

// goConstrainedFuncResults is, for typ a func type (GoFuncPrefix and its
// results) some of whose results name a type parameter constrained by a
// named interface, the same type with those results the interface:
// calling newManagerFn func(Factory) (T, error), T Closeable, gives a
// Closeable whose Close is every Close of a type that satisfies it, as
// gopls relates it (temporal's managerProvider). "" otherwise.
func goConstrainedFuncResults(e *extractor, decl *node, typ string) string {
	results, ok := strings.CutPrefix(typ, GoFuncPrefix)
	if !ok || results == "" {
		return ""
	}
	parts := strings.Split(results, GoResultSeparator)
	changed := false
	for i, r := range parts {
		if c := goNamedConstraint(e, decl, r); c != "" {
			parts[i], changed = c, true
		}
	}
	if !changed {
		return ""
	}
	return GoFuncPrefix + strings.Join(parts, GoResultSeparator)
}

// goGenericParams notes, for the parameters of decl (not its receiver)
// whose type is a generic type written with type arguments, that type
// with them (goTypeWithArgs) as the type of the local each parameter is:
// with all a cmap.ConcurrentMap[int64, Session], all.Get(id) gives a
// Session, as gopls types it. Arguments that name a type parameter of
// decl or of its receiver's type are left as they were (the parameter's
// local keeps goType's type). The parameter's own type (its signature)
// stays goType's.
func goGenericParams(e *extractor, decl *node) {
	for p := range eachNamed(field(decl, "parameters")) {
		if p.Type() != "parameter_declaration" {
			continue
		}
		with := goTypeWithArgs(e, field(p, "type"))
		if !strings.HasSuffix(with, "]") || goNamesTypeParam(e, decl, with) {
			continue
		}
		for _, n := range childrenByField(p, "name") {
			k := paramLocal{decl.StartByte(), e.text(n)}
			if _, ok := e.paramLocalTypes[k]; ok {
				continue
			}
			if e.paramLocalTypes == nil {
				e.paramLocalTypes = map[paramLocal]string{}
			}
			e.paramLocalTypes[k] = with
		}
	}
}

// goNamesTypeParam reports whether one of the type arguments of with
// (goTypeWithArgs's "Getter[T,int]") is a type parameter of the function
// around at (goTypeParamIn), whose argument is not known where the value
// is used.
func goNamesTypeParam(e *extractor, at *node, with string) bool {
	_, args := GoCutTypeArgs(with)
	for _, a := range args {
		a = strings.TrimLeft(a, GoCollectionPrefix)
		if strings.Contains(a, ".") {
			continue
		}
		if goTypeParamIn(e, at, a) {
			return true
		}
	}
	return false
}

// goNamedConstraint is, for typ a bare type name (goType's) written in a
// parameter list of fn, the name of the interface constraining it when it
// names a type parameter of fn (func f[T Spec](x T)) or of the generic type
// of fn's receiver, declared in the same file (type manager[T Spec]
// struct{...}; func (m *manager[T]) do(x T)); "" for any other type, and
// for constraints that are no plain type name (any, comparable, a union,
// an interface literal).
func goNamedConstraint(e *extractor, fn *node, typ string) string {
	if typ == "" || strings.ContainsAny(typ, ".[]{}()*, ") {
		return ""
	}
	var params *node
	index := -1
	switch nodeType(fn) {
	case "function_declaration":
		params = field(fn, "type_parameters")
	case "method_declaration":
		recv := namedChildren(field(fn, "receiver"))
		if len(recv) != 1 {
			return ""
		}
		t := field(recv[0], "type")
		for is(t, "pointer_type") || is(t, "parenthesized_type") {
			t = firstNamed(t)
		}
		if !is(t, "generic_type") {
			return ""
		}
		for i, a := range namedChildren(field(t, "type_arguments")) {
			if cs := namedChildren(a); is(a, "type_elem") && len(cs) == 1 {
				a = cs[0]
			}
			if e.text(a) == typ {
				index = i
			}
		}
		base := e.text(field(t, "type"))
		if index < 0 || base == "" {
			return ""
		}
		root := fn
		for parent(root) != nil {
			root = parent(root)
		}
		for d := range eachNamed(root) {
			if !is(d, "type_declaration") {
				continue
			}
			for spec := range eachNamed(d) {
				if is(spec, "type_spec") && e.text(field(spec, "name")) == base {
					params = field(spec, "type_parameters")
				}
			}
		}
	default:
		return ""
	}
	return goParamConstraint(e, params, index, typ)
}

// goParamConstraint is the named interface constraining a type parameter
// in the list params: the one at index when index is not negative, else
// the one named typ; "" when it is constrained by no plain type name (any,
// comparable, a union, an interface literal).
func goParamConstraint(e *extractor, params *node, index int, typ string) string {
	i := 0
	for d := range eachNamed(params) {
		if d.Type() != "type_parameter_declaration" {
			continue
		}
		for _, name := range childrenByField(d, "name") {
			if index >= 0 && i != index || index < 0 && e.text(name) != typ {
				i++
				continue
			}
			c := field(d, "type")
			if is(c, "type_constraint") {
				if cs := namedChildren(c); len(cs) == 1 {
					c = cs[0]
				}
			}
			if is(c, "type_elem") {
				if cs := namedChildren(c); len(cs) == 1 {
					c = cs[0]
				}
			}
			if is(c, "generic_type") {
				// C repository.Creator[R]: a generic interface instantiated;
				// its methods are called on a C as gopls relates them, the
				// arguments unified (a type parameter matches any type).
				c = field(c, "type")
			}
			if !isAny(c, "type_identifier", "qualified_type") {
				return ""
			}
			if name := e.squeezed(c); name != "any" && name != "comparable" {
				return name
			}
			return ""
		}
	}
	return ""
}

// goTypeParamConstraint is, for a type name that names a type parameter
// of the function it is written in, that parameter's constraint when it
// is an interface literal with methods (func count[Q interface{
// sqlCount(context.Context) (int, error) }]()): a value of type Q is
// called through that interface, as gopls relates it (query.sqlCount(ctx)
// runs every sqlCount of a type in the package that has the literal's
// methods). nil for anything else, and inside the type parameter list.
func goTypeParamConstraint(e *extractor, n *node) *node {
	if c, _ := goEnclosingConstraint(e, n); is(c, "interface_type") && goHasMethodElem(c) {
		return c
	}
	return nil
}

// goEnclosingConstraint is, for a type name that names a type parameter of
// the function it is written in, that parameter's constraint (a
// type_constraint's one child unwrapped), with the names of all the
// function's type parameters; nil inside the type parameter list, in a
// method, and for any other name.
func goEnclosingConstraint(e *extractor, n *node) (*node, map[string]bool) {
	for p := parent(n); p != nil; p = parent(p) {
		switch p.Type() {
		case "type_parameter_list", "source_file", "type_spec", "method_declaration":
			return nil, nil
		case "function_declaration":
			params := map[string]bool{}
			var constraint *node
			for d := range eachNamed(field(p, "type_parameters")) {
				if d.Type() != "type_parameter_declaration" {
					continue
				}
				for _, name := range childrenByField(d, "name") {
					params[e.text(name)] = true
					if constraint == nil && is(name, "identifier") && e.text(name) == e.text(n) {
						constraint = field(d, "type")
					}
				}
			}
			if is(constraint, "type_constraint") {
				if cs := namedChildren(constraint); len(cs) == 1 {
					constraint = cs[0]
				}
			}
			return constraint, params
		}
	}
	return nil, nil
}

// goTypeParamEmbeddedInterface is, for a type name that names a type
// parameter of the function it is written in, the one named type its
// constraint embeds when that constraint is an interface literal without
// methods of its own (func use[P any, U interface{ *P; codeProvider }](...)
// has codeProvider for U): the rest of such a literal (*P, ~int, a union)
// adds no method, so a value of type U is called through that interface,
// as gopls relates it. "" for anything else, and inside the type parameter
// list.
func goTypeParamEmbeddedInterface(e *extractor, n *node) string {
	constraint, params := goEnclosingConstraint(e, n)
	if !is(constraint, "interface_type") || goHasMethodElem(constraint) {
		return ""
	}
	embedded := ""
	for c := range eachNamed(constraint) {
		cs := namedChildren(c)
		if !isAny(c, "type_elem", "constraint_elem") || len(cs) != 1 || !isAny(cs[0], "type_identifier", "qualified_type") {
			continue // *P, ~int, a union: a type set's terms, no methods
		}
		name := e.squeezed(cs[0])
		if params[name] || name == "any" || name == "comparable" {
			continue
		}
		if embedded != "" {
			return "" // two embedded names: the literal's method set is both
		}
		embedded = name
	}
	return embedded
}

// goHasMethodElem reports whether an interface type declares a method.
func goHasMethodElem(it *node) bool {
	for c := range eachNamed(it) {
		if c.Type() == "method_elem" || c.Type() == "method_spec" {
			return true
		}
	}
	return false
}

// goInterfaceLiteral writes an interface type literal so that its method
// set can be read back (GoInterfacePrefix): its methods with their
// parameter and result types as goType keeps them, its embedded types
// after GoEmbeddedMarker. A value asserted to one
// (impl.(interface{ IsSilenced(p P) (bool, error) })) is called through
// it, and its methods are what an implementation must have.
func goInterfaceLiteral(e *extractor, n *node) string {
	var elems []string
	for c := range eachNamed(n) {
		switch c.Type() {
		case "method_elem", "method_spec":
			var params []string
			for _, p := range goParams(e, field(c, "parameters")) {
				params = append(params, p.Type)
			}
			elems = append(elems, e.text(field(c, "name"))+"("+strings.Join(params, GoResultSeparator)+")"+goResults(e, field(c, "result")))
		case "type_elem", "constraint_elem":
			if cs := namedChildren(c); len(cs) == 1 {
				elems = append(elems, GoEmbeddedMarker+goType(e, cs[0]))
			}
		}
	}
	return GoInterfacePrefix + strings.Join(elems, GoMethodSeparator) + "}"
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
	case "composite_literal":
		goLiteralCall(e, n)
		return
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

// goKeyedLiteral reports whether a literal's body has a keyed element.
func goKeyedLiteral(body *node) bool {
	for el := body.FirstChild(); el != nil; el = el.NextSibling() {
		if is(el, "keyed_element") {
			return true
		}
	}
	return false
}

// goLiteralCall records a keyed composite literal of a package's type,
// pkg.T{K: v}, as a call of "T{}" with receiver pkg, whose arguments are
// its keyed elements written K=v, the form keyword arguments take: a
// framework may register functions by value in one
// (cobra.Command{Use: "serve", RunE: runServe}). The braces keep the call
// from resolving to any symbol named T: a literal calls nothing.
func goLiteralCall(e *extractor, n *node) {
	typ := field(n, "type")
	name := field(typ, "name")
	if name == nil {
		return
	}
	c := Call{Callee: e.text(name) + "{}", Receiver: e.text(field(typ, "package")), Span: e.span(name)}
	for el := field(n, "body").FirstChild(); el != nil; el = el.NextSibling() {
		if !is(el, "keyed_element") {
			continue
		}
		var parts []*node
		for p := el.FirstChild(); p != nil; p = p.NextSibling() {
			if isNamedNonComment(p) {
				parts = append(parts, p)
			}
		}
		if len(parts) != 2 {
			continue
		}
		c.Args = append(c.Args, e.text(parts[0])+"="+e.text(parts[1]))
	}
	e.addCall(c, n)
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
// a gopkg.in version suffix ("gopkg.in/yaml.v3" → yaml). An element that
// is no Go identifier is named as Go's convention names such packages: a
// "go-" prefix and a "-go" or ".go" suffix left out
// ("github.com/dustin/go-humanize" → humanize, "github.com/minio/madmin-go/v3"
// → madmin, "github.com/nats-io/nats.go" → nats), then any other "-" or
// "." ("go-isatty" → isatty, "foo-bar" → foobar); an identifier is kept as
// it is (go_foo stays go_foo).
func goPackageName(path string) string {
	parts := strings.Split(path, "/")
	name := parts[len(parts)-1]
	if len(parts) > 1 && goMajorVersion.MatchString(name) {
		name = parts[len(parts)-2]
	}
	name = goGopkgVersion.ReplaceAllString(name, "")
	if !strings.ContainsAny(name, "-.") {
		return name
	}
	trimmed := strings.TrimPrefix(name, "go-")
	for _, suffix := range []string{"-go", ".go"} {
		trimmed = strings.TrimSuffix(trimmed, suffix)
	}
	if trimmed = strings.NewReplacer("-", "", ".", "").Replace(trimmed); trimmed != "" {
		return trimmed
	}
	return name
}

// goStructName is the name of the type a struct type declares, nil for an
// anonymous struct.
func goStructName(st *node) *node {
	if st.FieldName() != "type" {
		return nil
	}
	if spec := st.Parent(); is(spec, "type_spec") {
		if name := fieldChild(spec, "name", isTypeIdentifier); name != nil && follows(st, name) {
			return name
		}
	}
	return nil
}

// goAnonymousStruct names an anonymous struct type after its offset, so its
// fields have a container (see GoAnonymousStructPrefix).
func goAnonymousStruct(st *node) string {
	return GoAnonymousStructPrefix + strconv.FormatUint(uint64(st.StartByte()), 10)
}

func (goHooks) fields(e *extractor, n, container *node) {
	containerName := e.text(container)
	if is(container, "struct_type") {
		containerName = goAnonymousStruct(container)
	}
	typ := goTypeWithArgs(e, field(n, "type"))
	names := childrenByField(n, "name")
	if len(names) == 0 { // embedded: named after its type
		typ = goType(e, field(n, "type"))
		e.addField(n.StartByte(), Field{Container: containerName, Name: lastSegment(typ), Type: typ})
	}
	constraint := goFieldConstraint(e, container, typ)
	for _, name := range names {
		e.addField(n.StartByte(), Field{Container: containerName, Name: e.text(name), Type: typ, Constraint: constraint})
	}
}

// goFieldConstraint is, for typ a field's type that names one of its
// struct's own type parameters (or a collection of one), the named
// interface constraining that parameter (type Extractor[G Getter[Req]]
// struct{ Getter G }: Getter); "" otherwise.
func goFieldConstraint(e *extractor, container *node, typ string) string {
	spec := parent(container)
	if !is(container, "type_identifier") || !is(spec, "type_spec") {
		return ""
	}
	params := field(spec, "type_parameters")
	name := strings.TrimLeft(typ, GoCollectionPrefix)
	if params == nil || name == "" || strings.ContainsAny(name, ".[]{}()*, ") {
		return ""
	}
	return goParamConstraint(e, params, -1, name)
}

func (goHooks) locals(e *extractor, n *node) {
	switch n.Type() {
	case "short_var_declaration": // x := &Foo{}, a, b := Foo{}, 2, v, err := f()
		goBind(e, n, namedChildren(field(n, "left")), namedChildren(field(n, "right")))
	case "var_spec": // var x Foo, var x = &Foo{}, var v, err = f()
		var names []*node
		for _, name := range childrenByField(n, "name") {
			if is(name, "identifier") { // the field holds the commas too
				names = append(names, name)
			}
		}
		if typ := goType(e, field(n, "type")); typ != "" {
			if with := goTypeWithArgs(e, field(n, "type")); strings.HasSuffix(with, "]") && !goNamesTypeParam(e, n, with) {
				typ = with // var m cmap.ConcurrentMap[int64, Session]: its methods' V is a Session
			}
			for _, name := range names {
				goAddLocal(e, n, name, typ)
			}
			return
		}
		goBind(e, n, names, namedChildren(field(n, "value")))
	case "const_spec": // const Cron Type = iota, and the specs after it that repeat it
		typ := ""
		for spec := n; spec != nil && typ == ""; spec = spec.PrevSibling() {
			if !spec.IsNamed() || is(spec, "comment") {
				continue
			}
			if !is(spec, "const_spec") {
				break
			}
			typ = goType(e, field(spec, "type"))
			if value := field(spec, "value"); typ == "" && value != nil {
				// const APINamespaceRDK = APINamespace("rdk"): a conversion
				// types it as a var's value does (an untyped constant's
				// literal gives nothing); the specs after it repeat it.
				var names []*node
				for _, name := range childrenByField(n, "name") {
					if is(name, "identifier") {
						names = append(names, name)
					}
				}
				if values := namedChildren(value); len(values) == len(names) && goConstConversions(values) {
					goBind(e, n, names, values)
				}
				return
			}
		}
		if typ == "" {
			return
		}
		for _, name := range childrenByField(n, "name") {
			goAddLocal(e, n, name, typ)
		}
	case "receive_statement": // select { case v, ok := <-ch: }
		if left := field(n, "left"); left != nil && strings.Contains(e.text(n)[:field(n, "right").StartByte()-n.StartByte()], ":=") {
			goBind(e, n, namedChildren(left), []*node{field(n, "right")})
		}
	case "range_clause": // for _, v := range xs: v is an element of xs
		names := namedChildren(field(n, "left"))
		if len(names) > 0 && len(names) <= 2 {
			// for k := range m: a key of m (an outside package's keys are
			// its; over a channel, k is an element, of that package too)
			goAddLocal(e, n, names[0], RangeKeyTypePrefix+e.squeezed(field(n, "right")))
		}
		if len(names) != 2 || names[1].Type() != "identifier" {
			return
		}
		if right := goUnparen(field(n, "right")); is(right, "composite_literal") {
			// for _, test := range []struct{...}{...}: the literal's element type
			if typ, ok := strings.CutPrefix(goValueType(e, right), GoCollectionPrefix); ok {
				goAddLocal(e, n, names[1], typ)
			}
			return
		}
		goAddLocal(e, n, names[1], RangeTypePrefix+e.squeezed(field(n, "right")))
	case "type_switch_statement":
		goTypeSwitch(e, n)
	case "parameter_list": // named results: func f() (v Value, diags Diagnostics)
		fn := parent(n)
		for p := range eachNamed(n) {
			typ := goType(e, field(p, "type"))
			for _, name := range childrenByField(p, "name") {
				if !is(name, "identifier") || typ == "" || e.text(name) == "_" {
					continue
				}
				if is(fn, "func_literal") {
					e.addLocal(n.StartByte(), e.text(name), ScopedType(fn.StartByte(), fn.EndByte(), typ))
				} else {
					e.addLocal(n.StartByte(), e.text(name), typ)
				}
			}
		}
	case "func_literal": // a closure's parameters, inside the closure
		for p := range eachNamed(field(n, "parameters")) {
			typ := goType(e, field(p, "type"))
			for _, name := range childrenByField(p, "name") {
				if is(name, "identifier") && typ != "" && e.text(name) != "_" {
					e.addLocal(n.StartByte(), e.text(name), ScopedType(n.StartByte(), n.EndByte(), typ))
				}
			}
		}
	}
}

// goBind records the locals an assignment-like declaration binds: one value
// per name, or one multi-valued expression for several names (the results
// of a call, v, ok := m[k], v, ok := x.(T)).
func goBind(e *extractor, decl *node, names, values []*node) {
	if len(values) == 1 && len(names) > 1 {
		v := goUnparen(values[0])
		switch nodeType(v) {
		case "call_expression", "type_conversion_expression": // v, err := f(x); a, err := utils.AssertType[arm.Arm](r)
			first := goValueType(e, v)
			if !strings.HasPrefix(first, CallTypePrefix) {
				goAddLocal(e, decl, names[0], first) // new(T), T(x): one value
				return
			}
			for i, name := range names {
				typ := first
				if i > 0 {
					typ += ResultIndexSeparator + strconv.Itoa(i)
				}
				goAddLocal(e, decl, name, typ)
			}
		case "index_expression", "type_instantiation_expression", "type_assertion_expression", "unary_expression": // the comma-ok forms (v, ok := <-ch)
			goAddLocal(e, decl, names[0], goValueType(e, v))
		}
		return
	}
	if len(names) != len(values) {
		return
	}
	for i, name := range names {
		goAddLocal(e, decl, name, goValueType(e, values[i]))
	}
}

// goTypeSwitch binds switch v := x.(type): in a case naming one type, v has
// that type; elsewhere it has x's.
func goTypeSwitch(e *extractor, n *node) {
	alias := namedChildren(field(n, "alias"))
	if len(alias) != 1 || !is(alias[0], "identifier") {
		return
	}
	name := e.text(alias[0])
	value := e.squeezed(goUnparen(field(n, "value")))
	for c := range eachNamed(n) {
		if !isAny(c, "type_case", "default_case") {
			continue
		}
		typ := ValueTypePrefix + value
		if types := childrenByField(c, "type"); len(types) == 1 && !is(types[0], "nil") {
			typ = goType(e, types[0])
		}
		if typ != "" && typ != ValueTypePrefix {
			e.addLocal(c.StartByte(), name, ScopedType(c.StartByte(), c.EndByte(), typ))
		}
	}
}

// goAddLocal records a local declared by decl in a function, scoped from
// the end of decl to the end of its block: in Go a name is in scope only
// after its declaration, so in `h := http.HandlerFunc(h)` the right-hand h
// is the package's function, not the variable.
func goAddLocal(e *extractor, decl, name *node, typ string) {
	if !is(name, "identifier") || typ == "" || e.text(name) == "_" {
		return
	}
	if end := goScopeEnd(decl); end > 0 {
		typ = ScopedType(decl.EndByte(), end, typ)
	}
	e.addLocal(decl.StartByte(), e.text(name), typ)
}

// goScopeEnd is where the scope of a name declared by decl ends: the end of
// the block or statement around it, 0 at package level.
func goScopeEnd(decl *node) uint32 {
	for p := parent(decl); p != nil; p = parent(p) {
		switch p.Type() {
		case "block", "if_statement", "for_statement", "expression_switch_statement", "type_switch_statement",
			"select_statement", "expression_case", "default_case", "type_case", "communication_case", "func_literal":
			return p.EndByte()
		case "source_file":
			return 0
		}
	}
	return 0
}

// goCollectionOf is the type of a collection of elem, "" if elem is unknown.
func goCollectionOf(elem string) string {
	if elem == "" {
		return ""
	}
	return GoCollectionPrefix + elem
}

func goUnparen(n *node) *node {
	for is(n, "parenthesized_expression") {
		n = firstNamed(n)
	}
	return n
}

// goResults lists a function's result types, joined by GoResultSeparator:
// "(v Value, a, b int)" gives "Value,int,int".
func goResults(e *extractor, n *node) string {
	if nodeType(n) != "parameter_list" {
		return goResultType(e, n)
	}
	var out []string
	for p := range eachNamed(n) {
		if p.Type() != "parameter_declaration" && p.Type() != "variadic_parameter_declaration" {
			continue
		}
		if types, ok := goMisparsedMap(e, p); ok {
			for _, t := range types {
				if strings.ContainsAny(t, GoResultSeparator+"({ ") || strings.HasPrefix(t, GoFuncPrefix) {
					t = ""
				}
				out = append(out, t)
			}
			continue
		}
		typ := goResultType(e, field(p, "type"))
		for range goParamNames(p) {
			out = append(out, typ)
		}
	}
	return strings.Join(out, GoResultSeparator)
}

// goConstConversions reports whether every value is a call with one
// argument, as a constant's conversion is (APINamespace("rdk"),
// pkg.Kind(iota)); any other constant expression is typed by no rule.
func goConstConversions(values []*node) bool {
	for _, v := range values {
		v = goUnparen(v)
		if !is(v, "call_expression") || !isAny(field(v, "function"), "identifier", "selector_expression") {
			return false
		}
		if args := namedChildren(field(v, "arguments")); len(args) != 1 {
			return false
		}
	}
	return true
}

// goResultsWritten are the results goResults lists, each written with its
// type arguments (goTypeWithArgs), when one of them has some: func
// Lookup[T Resource](api API) (Registration[T], bool, error) gives
// Registration[T], bool, error. nil when none has.
func goResultsWritten(e *extractor, n *node) []string {
	if nodeType(n) != "parameter_list" {
		if t := goTypeWithArgs(e, n); strings.HasSuffix(t, "]") && goResultType(e, n) != "" {
			return []string{t}
		}
		return nil
	}
	var out []string
	args := false
	for p := range eachNamed(n) {
		if p.Type() != "parameter_declaration" && p.Type() != "variadic_parameter_declaration" {
			continue
		}
		if types, ok := goMisparsedMap(e, p); ok {
			for range types {
				out = append(out, "")
			}
			continue
		}
		typ := ""
		if goResultType(e, field(p, "type")) != "" {
			typ = goTypeWithArgs(e, field(p, "type"))
		}
		if strings.HasSuffix(typ, "]") {
			args = true
		}
		for range goParamNames(p) {
			out = append(out, typ)
		}
	}
	if !args {
		return nil
	}
	return out
}

// goResultType is a result's base type name; func and interface types are
// left empty, so that they never hold the separator.
func goResultType(e *extractor, n *node) string {
	t := goType(e, n)
	if t == GoInterfacePrefix+"}" {
		// interface{} is any: a result of it is one, not none (Value(key
		// interface{}) interface{} implements context.Context, as couper's
		// eval.Context does)
		return "any"
	}
	if !strings.ContainsAny(t, GoResultSeparator+"({ ") && !strings.HasPrefix(t, GoFuncPrefix) {
		return t
	}
	return ""
}

// goValueType is the type a value evidently has: Foo{}, &Foo{}, new(Foo),
// x.(Foo), a call's result, an element of xs[i], or whatever type a name or
// field path has. Composite literals of slices and maps are not values of
// their element type.
func goValueType(e *extractor, v *node) string {
	v = goUnparen(v)
	switch nodeType(v) {
	case "unary_expression":
		switch e.text(field(v, "operator")) {
		case "&", "*":
			return goValueType(e, field(v, "operand"))
		case "<-": // <-ch: an element of ch
			if operand := field(v, "operand"); isAny(operand, "identifier", "selector_expression", "index_expression") {
				return RangeTypePrefix + e.squeezed(operand)
			}
		}
	case "composite_literal": // Foo{}, []struct{...}{...}: not []Foo{}, whose type is the element's
		switch t := field(v, "type"); nodeType(t) {
		case "generic_type":
			// Extractor[Request, Response, httpGetter]{}: its fields of a
			// type parameter have the arguments' types, as gopls types
			// them; arguments that name a type parameter around it are
			// not known, and left out
			if with := goTypeWithArgs(e, t); strings.HasSuffix(with, "]") && !goNamesTypeParam(e, v, with) {
				return with
			}
			return goType(e, t)
		case "type_identifier", "qualified_type", "struct_type", "slice_type", "array_type",
			"implicit_length_array_type", "map_type":
			return goType(e, t)
		}
	case "call_expression":
		fn := field(v, "function")
		if nodeType(fn) == "identifier" && e.text(fn) == "new" {
			if args := namedChildren(field(v, "arguments")); len(args) == 1 {
				return goType(e, args[0])
			}
		}
		if nodeType(fn) == "identifier" && e.text(fn) == "append" { // steps := append(w.Setup, w.Steps...): w.Setup's type
			if args := namedChildren(field(v, "arguments")); len(args) > 0 {
				return goValueType(e, args[0])
			}
		}
		if nodeType(fn) == "identifier" && e.text(fn) == "make" { // make(chan error, 1), make(map[K]*V)
			if args := namedChildren(field(v, "arguments")); len(args) > 0 {
				return goType(e, args[0])
			}
		}
		switch nodeType(fn) {
		case "identifier", "selector_expression":
			// cmap.New[*Conn](): one type argument parses as the call's
			// (several as a conversion, below); kept as they are there
			return CallTypePrefix + e.squeezed(fn) + goTypeArgsWritten(e, field(v, "type_arguments"))
		case "parenthesized_expression": // (*T)(x): a conversion to *T
			if u := goUnparen(fn); is(u, "unary_expression") && e.text(field(u, "operator")) == "*" {
				if t := field(u, "operand"); isAny(t, "identifier", "selector_expression") {
					return e.squeezed(t)
				}
			}
		}
	case "type_conversion_expression": // pkg.Make[K, V](x): a generic function's result, its type arguments kept
		if t := field(v, "type"); isAny(t, "parenthesized_type", "pointer_type", "interface_type") { // (*T)(x), interface{...}(x)
			return goType(e, t)
		}
		if t := field(v, "type"); is(t, "generic_type") {
			if fn := field(t, "type"); isAny(fn, "type_identifier", "qualified_type") {
				if with := goTypeWithArgs(e, t); strings.HasSuffix(with, "]") {
					return CallTypePrefix + e.squeezed(fn) + with[strings.IndexByte(with, '['):]
				}
				return CallTypePrefix + e.squeezed(fn)
			}
		}
	case "type_assertion_expression":
		return goType(e, field(v, "type"))
	case "binary_expression": // time.Duration(n) * time.Second: arithmetic keeps its operands' type
		switch e.text(field(v, "operator")) {
		case "+", "-", "*", "/", "%", "&", "|", "^", "&^", "<<", ">>":
			if t := goValueType(e, field(v, "left")); t != "" {
				return t
			}
			if op := e.text(field(v, "operator")); op != "<<" && op != ">>" { // 2 * d: the typed operand's
				return goValueType(e, field(v, "right"))
			}
		}
	case "func_literal": // getCmd := func() *Command {...}
		return GoFuncPrefix + goResults(e, field(v, "result"))
	case "index_expression":
		if operand := field(v, "operand"); isAny(operand, "identifier", "selector_expression", "index_expression") {
			return RangeTypePrefix + e.squeezed(operand)
		}
	case "type_instantiation_expression":
		// c[subSys][tgt]: tree-sitter-go reads two indexes as a generic
		// type instantiated again, which Go cannot write (one type
		// argument list per instantiation): an element of c[subSys]
		if t := field(v, "type"); is(t, "generic_type") {
			return RangeTypePrefix + e.squeezed(t)
		}
	case "identifier":
		switch name := e.text(v); name {
		case "nil", "true", "false", "iota", "_":
		default:
			return ValueTypePrefix + name
		}
	case "selector_expression":
		return ValueTypePrefix + e.squeezed(v)
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

// goParamNames is how many values a Go parameter or result declaration
// holds: one per name (a, b int), one when unnamed (int).
func goParamNames(p *node) int {
	names := 0
	for _, name := range childrenByField(p, "name") {
		if is(name, "identifier") {
			names++
		}
	}
	return max(names, 1)
}

// goTypeParamIn reports whether name is a type parameter of the function
// declaration around n (n itself included), or of the generic type its
// receiver names (func (m *manager[T]) ...: T).
func goTypeParamIn(e *extractor, n *node, name string) bool {
	for p := n; p != nil; p = parent(p) {
		switch p.Type() {
		case "function_declaration":
			for d := range eachNamed(field(p, "type_parameters")) {
				for _, tp := range childrenByField(d, "name") {
					if e.text(tp) == name {
						return true
					}
				}
			}
			return false
		case "method_declaration":
			recv := namedChildren(field(p, "receiver"))
			if len(recv) != 1 {
				return false
			}
			t := field(recv[0], "type")
			for is(t, "pointer_type") || is(t, "parenthesized_type") {
				t = firstNamed(t)
			}
			if !is(t, "generic_type") {
				return false
			}
			for a := range eachNamed(field(t, "type_arguments")) {
				if e.text(a) == name {
					return true
				}
			}
			return false
		}
	}
	return false
}

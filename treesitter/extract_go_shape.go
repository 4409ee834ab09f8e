package treesitter

import "strings"

// GoShapeUnknown is a shape (see Symbol.Shapes) that cannot be told: a
// type written with a type parameter, an array whose length is a constant's
// name, a type the shape rules do not cover. It matches any shape.
const GoShapeUnknown = "?"

// goMethodShapes are a Go method's Symbol.Shapes: its parameters' (its
// receiver left out) and its results', nil when each is a bare name.
func goMethodShapes(e *extractor, params, result *node) []string {
	var out []string
	bare := true
	add := func(s string) {
		out = append(out, s)
		bare = bare && s == ""
	}
	for p := range eachNamed(params) {
		if _, ok := goMisparsedMap(e, p); ok {
			// "string, map[string]any" read as names: the names are bare
			// types, the map's key is lost.
			for range childrenByField(p, "name") {
				add("")
			}
			out[len(out)-1] = GoShapeUnknown
			bare = false
			continue
		}
		if !isAny(p, "parameter_declaration", "variadic_parameter_declaration") {
			continue
		}
		s := goShape(e, field(p, "type"), true)
		if p.Type() == "variadic_parameter_declaration" {
			s = goVariadicShape(e, field(p, "type"))
		}
		for range max(1, len(childrenByField(p, "name"))) {
			add(s)
		}
	}
	if nodeType(result) == "parameter_list" {
		for p := range eachNamed(result) {
			if !isAny(p, "parameter_declaration", "variadic_parameter_declaration") {
				continue
			}
			if _, ok := goMisparsedMap(e, p); ok {
				for range childrenByField(p, "name") {
					add(GoShapeUnknown)
				}
				continue
			}
			s := goShape(e, field(p, "type"), true)
			for range goParamNames(p) {
				add(s)
			}
		}
	} else if result != nil {
		add(goShape(e, result, true))
	}
	if bare {
		return nil
	}
	return out
}

func goVariadicShape(e *extractor, elem *node) string {
	if s := goShape(e, elem, false); s != GoShapeUnknown {
		return "..." + s
	}
	return GoShapeUnknown
}

// goShape is how a type is written around the names in it, as go/types
// tells types apart beyond the names goType keeps: *Ctx is "*@" where Ctx
// is "" (top: a bare name, whatever it names), []string is "[]string",
// map[string]*Ctx is "map[string]*@", <-chan int is "<-chan int", a
// variadic ...T is "...@", func(*Ctx) error is "func(*@)(error)". Named
// types are "@" (their names are compared as goType keeps them, or not at
// all), predeclared ones keep their names (byte is uint8, rune is int32).
// GoShapeUnknown when any part cannot be told (a type parameter).
func goShape(e *extractor, n *node, top bool) string {
	var b strings.Builder
	if !goWriteShape(e, n, &b) {
		return GoShapeUnknown
	}
	s := b.String()
	if top && (s == "@" || goBuiltinShape(s)) {
		return ""
	}
	return s
}

func goBuiltinShape(s string) bool {
	switch s {
	case "bool", "string", "error", "uintptr", "int", "int8", "int16", "int32", "int64",
		"uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "complex64", "complex128":
		return true
	}
	return false
}

// GoNameShape is the shape of a type written as a plain name that is not
// a type parameter: a predeclared type names itself (byte and rune as the
// types they stand for), any other type is "@" (any is interface{}: "@"
// too). The resolver writes a dependency's shapes with it.
func GoNameShape(name string) string {
	switch name {
	case "byte":
		name = "uint8"
	case "rune":
		name = "int32"
	}
	if goBuiltinShape(name) {
		return name
	}
	return "@"
}

func goWriteShape(e *extractor, n *node, b *strings.Builder) bool {
	switch nodeType(n) {
	case "type_identifier":
		name := e.text(n)
		if goIsTypeParam(e, n, name) {
			return false
		}
		b.WriteString(GoNameShape(name))
		return true
	case "qualified_type", "struct_type", "interface_type":
		b.WriteString("@")
		return true
	case "parenthesized_type":
		return goWriteShape(e, firstNamed(n), b)
	case "type_elem":
		cs := namedChildren(n)
		return len(cs) == 1 && goWriteShape(e, cs[0], b)
	case "pointer_type":
		b.WriteString("*")
		return goWriteShape(e, firstNamed(n), b)
	case "slice_type":
		b.WriteString("[]")
		return goWriteShape(e, field(n, "element"), b)
	case "array_type":
		length := e.text(field(n, "length"))
		if length == "" || strings.Trim(length, "0123456789") != "" {
			return false // [N]T: N's value is not at hand
		}
		b.WriteString("[" + length + "]")
		return goWriteShape(e, field(n, "element"), b)
	case "map_type":
		b.WriteString("map[")
		if !goWriteShape(e, field(n, "key"), b) {
			return false
		}
		b.WriteString("]")
		return goWriteShape(e, field(n, "value"), b)
	case "channel_type":
		value := field(n, "value")
		if value == nil {
			return false
		}
		dir := strings.Join(strings.Fields(string(e.src[n.StartByte():value.StartByte()])), "")
		switch dir {
		case "chan", "<-chan", "chan<-":
		default:
			return false
		}
		b.WriteString(dir + " ")
		return goWriteShape(e, value, b)
	case "generic_type":
		if !goWriteShape(e, field(n, "type"), b) {
			return false
		}
		b.WriteString("[")
		i := 0
		for a := range eachNamed(field(n, "type_arguments")) {
			if i > 0 {
				b.WriteString(",")
			}
			i++
			if !goWriteShape(e, a, b) {
				return false
			}
		}
		b.WriteString("]")
		return true
	case "function_type":
		b.WriteString("func(")
		if !goWriteParamShapes(e, field(n, "parameters"), b) {
			return false
		}
		b.WriteString(")(")
		result := field(n, "result")
		if nodeType(result) == "parameter_list" {
			if !goWriteParamShapes(e, result, b) {
				return false
			}
		} else if result != nil && !goWriteShape(e, result, b) {
			return false
		}
		b.WriteString(")")
		return true
	}
	return false
}

// goWriteParamShapes writes a parameter list's types' shapes, one per
// parameter, comma-separated.
func goWriteParamShapes(e *extractor, list *node, b *strings.Builder) bool {
	i := 0
	for p := range eachNamed(list) {
		if !isAny(p, "parameter_declaration", "variadic_parameter_declaration") {
			continue
		}
		if _, ok := goMisparsedMap(e, p); ok {
			return false
		}
		var one strings.Builder
		if p.Type() == "variadic_parameter_declaration" {
			one.WriteString("...")
		}
		if !goWriteShape(e, field(p, "type"), &one) {
			return false
		}
		for range max(1, len(childrenByField(p, "name"))) {
			if i > 0 {
				b.WriteString(",")
			}
			i++
			b.WriteString(one.String())
		}
	}
	return true
}

// goIsTypeParam reports whether the type name at n names a type parameter
// in scope there: of the generic type whose declaration it is in, of the
// generic type a method's receiver names (func (c *coll[U]) ...), or of a
// generic function.
func goIsTypeParam(e *extractor, n *node, name string) bool {
	for p := parent(n); p != nil; p = parent(p) {
		var names []string
		switch p.Type() {
		case "type_spec":
			names = goTypeParams(e, field(p, "type_parameters"))
		case "method_declaration":
			names = goReceiverTypeParams(e, field(p, "receiver"))
		case "function_declaration":
			names = goTypeParams(e, field(p, "type_parameters"))
		case "source_file":
			return false
		}
		for _, tp := range names {
			if tp == name {
				return true
			}
		}
	}
	return false
}

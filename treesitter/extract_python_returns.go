package treesitter

import (
	"slices"
	"strings"
	"unicode"
)

// pythonConstructedReturn is the class an unannotated Python function
// returns when every value it returns is built by calling that class:
// `return Folder(name=name, uuid=pk)` in a static factory, `return cls()`
// in a classmethod ("Self"). pyright infers the same result, so
// folder = Folder.create("x"); folder.get_encryption_key() is a call of
// Folder's method. A class is told from a function by its name (PEP 8's
// CapWords); a bare return or `return None` leaves the result optional,
// which pyright still resolves methods on. Two or more different classes
// (return FastBuilder() here, Builder() there) are either of them
// (PythonEitherTypePrefix), as pyright infers FastBuilder | Builder.
// Anything else, or a generator: "" (not inferred).
//
// A function whose every returned value is a call of one same function or
// method (return al.raise_concern(...), return self.repo.get(x)) returns
// what that call returns, as pyright infers it: the result is that call's
// CallTypePrefix type, scoped at the first such return
// (ScopedType), so that the resolver evaluates it inside the function,
// where its self, parameters and locals are bound. So does one whose every
// return is one same local (manager = SDKManager(); ...; return manager):
// a ValueTypePrefix type, scoped there. A pytest fixture's yield is its
// result too: what the test is handed.
func pythonConstructedReturn(e *extractor, fn *node) string {
	inferred, ok := "", true
	var others []string // the other classes constructed, after inferred
	tuple := ""         // a returned tuple's type (pythonReturnedTuple)
	called, calledAt := "", (*node)(nil)
	local, localAt := "", (*node)(nil)
	fixture := pythonIsFixtureDef(e, fn)
	manager := pythonIsContextManagerDef(e, fn)
	returned := func(value, at *node) {
		if value == nil || value.Type() == "none" {
			return
		}
		if isAny(value, "expression_list", "tuple") {
			// return strategy, client: a tuple of each place's type,
			// a local's evaluated where it is returned
			t := pythonReturnedTuple(e, value, at)
			if t == "" || tuple != "" && tuple != t {
				ok = false
				return
			}
			tuple = t
			return
		}
		class := pythonConstructedClass(e, value)
		if class == "" && pythonReturnsSelf(e, fn, value) {
			class = "Self" // def __enter__(self): return self, as pyright infers it
		}
		if class == "" {
			if call := pythonReturnedCall(e, value); call != "" && (called == "" || called == call) {
				called, calledAt = call, at
				return
			}
			if path := pythonReturnedPath(e, value); path != "" && (local == "" || local == path) {
				// manager = SDKManager(); ...; return manager: what the
				// local holds where it is returned, as pyright infers it;
				// return self.db_conn: what the field holds
				local, localAt = path, at
				return
			}
		}
		if class == "" || class == "Self" && inferred != "" && inferred != class || inferred == "Self" && inferred != class {
			ok = false
			return
		}
		if inferred != "" && inferred != class {
			// return FastBuilder() here, Builder() there: either, as
			// pyright infers FastBuilder | Builder
			if !slices.Contains(others, class) {
				others = append(others, class)
			}
			return
		}
		inferred = class
	}
	var walk func(n *node)
	walk = func(n *node) {
		for c := range eachNamed(n) {
			if !ok {
				return
			}
			switch c.Type() {
			case "function_definition", "class_definition", "lambda", "decorated_definition":
				continue // their returns are not fn's
			case "yield":
				if !fixture && !manager {
					ok = false
					return
				}
				// a generator fixture hands the test what it yields; a
				// @contextmanager generator, the with statement
				returned(firstNamed(c), c)
				continue
			case "return_statement":
				if !manager { // a generator's return gives the with nothing
					returned(firstNamed(c), c)
				}
				continue
			}
			walk(c)
		}
	}
	walk(field(fn, "body"))
	kinds := 0
	for _, k := range []bool{inferred != "", called != "", local != "", tuple != ""} {
		if k {
			kinds++
		}
	}
	result := inferred
	if len(others) > 0 {
		result = PythonEitherTypePrefix + strings.Join(append([]string{inferred}, others...), "|")
	}
	switch {
	case !ok || kinds > 1:
		return ""
	case called != "":
		result = ScopedType(calledAt.StartByte(), calledAt.EndByte(), called)
	case local != "":
		result = ScopedType(localAt.StartByte(), localAt.EndByte(), ValueTypePrefix+local)
	case tuple != "":
		result = tuple
	}
	if manager && result != "" {
		// @contextmanager def session(): yield Session(): entering
		// session() gives a Session, as pyright infers
		// _GeneratorContextManager[Session]
		return PythonEntersTypePrefix + result
	}
	return result
}

// pythonReturnedPath is a returned name (return manager) or path of
// attributes (return self.db_conn), as the resolver reads a receiver; ""
// for anything else (a call, an index, an operation).
func pythonReturnedPath(e *extractor, value *node) string {
	switch value.Type() {
	case "identifier":
		return e.text(value)
	case "attribute":
		if shape := pythonShape(e, value); shape != "" && !strings.ContainsAny(shape, "()[]") {
			return shape
		}
	}
	return ""
}

// pythonIsContextManagerDef reports whether the function definition fn is
// decorated with contextlib's contextmanager or asynccontextmanager.
func pythonIsContextManagerDef(e *extractor, fn *node) bool {
	return pythonDecoratedWith(e, fn, func(name string) bool {
		switch name {
		case "contextmanager", "asynccontextmanager", "contextlib.contextmanager", "contextlib.asynccontextmanager":
			return true
		}
		return false
	})
}

// pythonIsFixtureDef reports whether the function definition fn is
// decorated as a pytest fixture (@pytest.fixture, @pytest.fixture(...),
// @fixture).
func pythonIsFixtureDef(e *extractor, fn *node) bool {
	return pythonDecoratedWith(e, fn, func(name string) bool {
		return name == "fixture" || strings.HasSuffix(name, ".fixture")
	})
}

// pythonDecoratedWith reports whether the function definition fn has a
// decorator whose name named accepts.
func pythonDecoratedWith(e *extractor, fn *node, named func(string) bool) bool {
	dd := parent(fn)
	if nodeType(dd) != "decorated_definition" {
		return false
	}
	for c := range eachNamed(dd) {
		if c.Type() != "decorator" {
			continue
		}
		if d, ok := pythonDecorator(e, c); ok && named(d.Name) {
			return true
		}
	}
	return false
}

// pythonReturnedTuple is the type of a returned tuple (return a, B()):
// PythonTupleTypePrefix and each place's type, a class it constructs or a
// name, scoped at the return (at), which the resolver evaluates inside the
// function; "" for a place of neither. "" when no place is a name (a
// tuple of classes only is left to annotations, as before).
func pythonReturnedTuple(e *extractor, value, at *node) string {
	places := namedChildren(value)
	out := make([]string, len(places))
	scoped := false
	for i, p := range places {
		switch {
		case nodeType(p) == "identifier":
			out[i] = ScopedType(at.StartByte(), at.EndByte(), ValueTypePrefix+e.text(p))
			scoped = true
		case pythonConstructedClass(e, p) != "" && pythonConstructedClass(e, p) != "Self":
			out[i] = pythonConstructedClass(e, p)
		}
		if strings.Contains(out[i], GoResultSeparator) {
			return ""
		}
	}
	if !scoped {
		return ""
	}
	return PythonTupleTypePrefix + strings.Join(out, GoResultSeparator)
}

// pythonReturnedCall is the CallTypePrefix type of a returned call of a
// named function or method (make(x), self.repo.get(x), await svc.load()),
// "" for anything else.
func pythonReturnedCall(e *extractor, value *node) string {
	if value.Type() == "await" {
		value = firstNamed(value)
	}
	if nodeType(value) != "call" || !isAny(field(value, "function"), "identifier", "attribute") {
		return ""
	}
	t := pythonValueType(e, value)
	if !strings.HasPrefix(t, CallTypePrefix) {
		return ""
	}
	return t
}

// pythonConstructedClass is the class a returned expression constructs
// (Foo(...), pkg.Foo(...); "Self" for cls(...), type(self)(...) and
// self.__class__(...)), or "".
func pythonConstructedClass(e *extractor, value *node) string {
	if value.Type() != "call" {
		return ""
	}
	callee := e.squeezed(field(value, "function"))
	switch callee {
	case "cls", "type(self)", "self.__class__":
		return "Self"
	}
	if kind := nodeType(field(value, "function")); kind != "identifier" && kind != "attribute" {
		return ""
	}
	last := callee[strings.LastIndex(callee, ".")+1:]
	for _, r := range last {
		if !unicode.IsUpper(r) {
			return ""
		}
		break
	}
	if last == "" || strings.ToUpper(last) == last {
		return "" // CONSTANT(...) is no class by its name
	}
	return callee
}

// pythonReturnsSelf reports whether value is the self of fn, a method
// whose first parameter is named self.
func pythonReturnsSelf(e *extractor, fn, value *node) bool {
	if value.Type() != "identifier" || e.text(value) != "self" {
		return false
	}
	first := firstNamed(field(fn, "parameters"))
	return first != nil && first.Type() == "identifier" && e.text(first) == "self"
}

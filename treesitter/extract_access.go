package treesitter

// Accessor sites: tsserver lists a member read (bank.length) among the
// incoming calls of a getter, and a write (el.summary = x, n.count += 1,
// n.count++) among those of a setter, both of a get/set pair for either.
// Which member is an accessor is known only once the receiver is typed, so
// the extractor records the member reads and writes it cannot rule out as
// rows named AccessReadPrefix or AccessWritePrefix + the member, and the
// resolver reads them only for a symbol with Accessor set. A store row per
// member read of a whole program would cost more than the calls do, so
// what can be ruled out here is: a call's callee (a call row already), a
// private name (#x), a name starting with a capital or read off a chain
// rooted at a name that does (Status.Active, Config.defaults.size,
// Monsters.Zulrah.id: enum members, statics, namespaces and the constants
// a module exports; a static accessor, or an accessor of an instance so
// held, is missed), a member of a platform global (process.env.home,
// window.location), and this.x in a class that extends nothing and
// declares no accessor x.

// ecmaAccessGlobals are objects of the platform whose members are no
// workspace class's.
var ecmaAccessGlobals = map[string]bool{
	"process": true, "window": true, "document": true, "console": true, "globalThis": true,
	"navigator": true, "location": true, "module": true, "exports": true, "require": true,
}

// access captures a member expression that may read or write an accessor.
func (c *captures) access(n *node) {
	c.accesses = append(c.accesses, n)
}

// ecmaAccessCandidate reports whether a member expression may read or
// write an accessor: it is no call's callee and names a lower-case member
// of something other than a capitalized name.
func ecmaAccessCandidate(e *extractor, n *node) bool {
	prop := field(n, "property")
	if !is(prop, "property_identifier") {
		return false
	}
	name := e.text(prop)
	if name == "" || name[0] >= 'A' && name[0] <= 'Z' {
		return false
	}
	p := n.Parent()
	if isAny(p, "call_expression", "new_expression") && n.FieldName() == "function" {
		return false
	}
	if is(p, "decorator") || isAny(p, "type_annotation", "type_query", "type_alias_declaration", "nested_type_identifier") {
		return false
	}
	// The root of the receiver: bank in bank.gear.wildy, Monsters in
	// Monsters.Zulrah.id, process in process.env.home.
	root := field(n, "object")
	for {
		switch nodeType(root) {
		case "non_null_expression", "parenthesized_expression":
			root = firstNamed(root)
			continue
		case "member_expression":
			root = field(root, "object")
			continue
		case "subscript_expression":
			root = field(root, "object")
			continue
		}
		break
	}
	if is(root, "identifier") {
		o := e.text(root)
		if o == "" || o[0] >= 'A' && o[0] <= 'Z' || ecmaAccessGlobals[o] {
			return false
		}
	}
	return true
}

// ecmaAccessWrite reports whether the member expression n is written:
// the left side of an assignment (an augmented one reads it too, and
// counts as a write), or the operand of ++ or --.
func ecmaAccessWrite(n *node) bool {
	p := n.Parent()
	switch nodeType(p) {
	case "assignment_expression", "augmented_assignment_expression":
		return n.FieldName() == "left"
	case "update_expression":
		return true
	}
	return false
}

// addAccesses records the captured member reads and writes (see above).
func (e *extractor) addAccesses(nodes []*node) {
	type key struct {
		class uint32
		name  string
	}
	var mayHave map[key]bool
	for _, n := range nodes {
		prop := field(n, "property")
		name := e.text(prop)
		obj := field(n, "object")
		if is(obj, "this") {
			class := ecmaEnclosingClass(n)
			if class == nil {
				continue // this of a function or an object literal
			}
			if mayHave == nil {
				mayHave = map[key]bool{}
			}
			k := key{class.StartByte(), name}
			has, ok := mayHave[k]
			if !ok {
				has = len(ecmaHeritage(e, class)) > 0 || ecmaDeclaresAccessor(e, class, name)
				mayHave[k] = has
			}
			if !has {
				continue
			}
		}
		c := Call{Callee: AccessReadPrefix + name, Receiver: ecmaReceiver(e, obj), Span: e.span(prop)}
		if ecmaAccessWrite(n) {
			c.Callee = AccessWritePrefix + name
		}
		e.addCall(c, n)
	}
}

// ecmaEnclosingClass is the class whose method n is in, seen through
// arrow functions and object literals' property values (which keep this:
// { url: `${this.endpoint}/models` } in a method reads the class's
// getter); nil inside a function or an object literal's method, whose
// this is another.
func ecmaEnclosingClass(n *node) *node {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.Type() {
		case "function_declaration", "function_expression", "generator_function_declaration", "generator_function":
			return nil
		case "method_definition":
			if is(p.Parent(), "object") {
				return nil // { run() { this.x } }: this is the object
			}
		case "class_body":
			if c := p.Parent(); isAny(c, "class_declaration", "abstract_class_declaration", "class") {
				return c
			}
			return nil
		}
	}
	return nil
}

// ecmaDeclaresAccessor reports whether class declares a getter or setter
// named name.
func ecmaDeclaresAccessor(e *extractor, class *node, name string) bool {
	for m := range eachNamed(field(class, "body")) {
		if isAny(m, "method_definition", "abstract_method_signature") && ecmaAccessorKind(m) != "" && e.text(field(m, "name")) == name {
			return true
		}
	}
	return false
}

// ecmaAccessorKind is "get" or "set" for a getter's or setter's method
// definition, "" for any other.
func ecmaAccessorKind(n *node) string {
	name := field(n, "name")
	for c := n.FirstChild(); c != nil && !sameNode(c, name); c = c.NextSibling() {
		if !c.named && (c.Type() == "get" || c.Type() == "set") {
			return c.Type()
		}
	}
	return ""
}

package resolve

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// memberOfClass reports, for a Python call with a receiver that resolved
// to nothing, whether the receiver is a workspace class or one of its
// instances (Handler.contract(), self.contract()) with no field of the
// callee's name: the call is that class's attribute, a method it inherits
// from outside the workspace or makes dynamically, and never a module-level
// function, which only its module or a name bound to it reaches. It
// returns what to tell people the site calls.
//
// For a method of another class, the same holds of an instance of a
// workspace class that neither is nor may be the target's class (the
// target's class is no subclass of it), or of that class itself: hrw4u's
// params.validate, params a MapParams that answers attributes from a dict,
// is never a Conan recipe's validate, nor casego's
// Script_libraryQueryModel.validate(row), pydantic's classmethod, a task
// executor's.
func (q *query) memberOfClass(ctx context.Context, c fact.Call, target fact.Symbol) (string, bool, error) {
	if target.Language != treesitter.Python || c.Receiver == "" {
		return "", false, nil
	}
	ref, ok, err := q.receiverOfCall(ctx, c, treesitter.Python)
	if !ok || (ref.kind != refInstance && ref.kind != refClass) || ref.elems > 0 || ref.class.Language != treesitter.Python {
		return "", false, err
	}
	if target.Container != "" {
		// An instance, or the class itself (ItemQueryModel.validate(row),
		// a pydantic model's classmethod): either reaches the class's
		// attributes only.
		cls, err := q.classOf(ctx, &target)
		if err != nil || cls == nil || q.isSubtype(ctx, *cls, ref.class, 0) {
			return "", false, err // an instance of a base may be the target's class
		}
	}
	if t, err := q.fieldType(ctx, ref.class, c.Callee, 0); err != nil || t != "" && !pyDataType(t) {
		if err == nil && c.Ref {
			if held, ok, err := q.pyFieldHoldsInstance(ctx, ref.class, t); err != nil || ok {
				return "the field " + c.Callee + " of " + ref.class.Name + " (" + ref.class.Path + "), " + held, ok, err
			}
			// A read of a field the receiver's class declares is that
			// field, whatever it holds (chofer.pais = relationship(Pais),
			// a library's value): pyright finds the class's own member
			// and lists the read under no method of another class.
			// Calls of the field are fieldCallers' to follow.
			return "the field " + c.Callee + " of " + ref.class.Name + " (" + ref.class.Path + ")", true, nil
		}
		return "", false, err // a field may hold the function: fieldCallers follows it
	}
	return "an attribute of " + ref.class.Name + " (" + ref.class.Path + ")", true, nil
}

// pyFieldHoldsInstance reports whether a field of cls declared typ (run:
// QualificationRun, refusal: PayloadRefusal | None, self.run =
// RunRecord(...)) holds an instance of a workspace class that cannot be
// called (no __call__ of its own or inherited), or builtin data a function
// of the class's module declares it returns (self.run = _canonical(...),
// _canonical declared -> bytes): a read of the field
// (self.run, view.run) is the field, as pyright defines it there, never a
// method of the field's name passed as a value. It says what the field
// holds, for people.
func (q *query) pyFieldHoldsInstance(ctx context.Context, cls fact.Symbol, typ string) (string, bool, error) {
	f, err := q.file(ctx, cls.Path)
	if err != nil || f == nil {
		return "", false, err
	}
	if callee, ok := strings.CutPrefix(typ, treesitter.CallTypePrefix); ok && !strings.ContainsAny(callee, ".()[]") {
		// self.run = _canonical(...), def _canonical(value) -> bytes: data.
		syms, err := q.named(ctx, callee)
		if err != nil {
			return "", false, err
		}
		for _, fn := range syms {
			if fn.Path == cls.Path && fn.Container == "" && fn.Kind == treesitter.KindFunction && pyDataType(fn.Returns) {
				return "a " + fn.Returns, true, nil
			}
		}
	}
	ref, err := q.declaredType(ctx, f, nil, typ)
	if err != nil || ref.kind != refInstance || ref.elems > 0 || ref.class.Language != treesitter.Python {
		return "", false, err
	}
	cands, err := q.namedIn(ctx, "__call__", family(treesitter.Python))
	if err != nil {
		return "", false, err
	}
	if len(cands) > 0 {
		if calls, err := q.methodOf(ctx, ref.class, "__call__", cands, 0); err != nil || len(calls) > 0 {
			return "", false, err
		}
	}
	return "an instance of " + ref.class.Name, true, nil
}

// calledOnClass reports whether a call's receiver is a workspace class
// itself, not an instance nor cls (Base.contract(), Base.run(obj)): the
// method looked up on a class object is that class's own or an
// ancestor's, never a subclass's override, so the call dispatches to none.
func (q *query) calledOnClass(ctx context.Context, c fact.Call) (bool, error) {
	if c.Receiver == "" || c.Receiver == "cls" || strings.HasPrefix(c.Receiver, "cls.") || strings.HasPrefix(c.Receiver, "super") {
		return false, nil
	}
	ref, ok, err := q.receiverOfCall(ctx, c, "")
	return ok && ref.kind == refClass, err
}

// receiverOfCall evaluates the receiver of call c where it is written: in
// its file, inside its caller, at its position. ok is false when the file
// is not indexed, is not in lang ("" for any), or the receiver could not
// be evaluated.
func (q *query) receiverOfCall(ctx context.Context, c fact.Call, lang treesitter.Language) (ref typeRef, ok bool, err error) {
	f, err := q.file(ctx, c.Path)
	if err != nil || f == nil || (lang != "" && f.Language != lang) {
		return typeRef{}, false, err
	}
	var caller *fact.Symbol
	if c.CallerID != "" {
		if caller, err = q.symbol(ctx, c.CallerID); err != nil {
			return typeRef{}, false, err
		}
	}
	var kept *resolvedSites
	if q.gen != nil && c.Span.EndByte > 0 {
		kept = q.gen.sites()
		kept.mu.RLock()
		r, found := kept.receivers[keyOf(c)]
		kept.mu.RUnlock()
		if found {
			return r.ref, r.ok, nil
		}
	}
	defer func(saved uint32) { q.pos = saved }(q.pos)
	q.pos = c.Span.StartByte
	ref, err = q.evalReceiver(ctx, f, caller, c.Receiver)
	if kept != nil && err == nil && ctx.Err() == nil {
		kept.mu.Lock()
		if kept.receivers == nil {
			kept.receivers = map[callKey]keptReceiver{}
		}
		kept.receivers[keyOf(c)] = keptReceiver{ref: ref, ok: true}
		kept.mu.Unlock()
	}
	return ref, err == nil, err
}

// pyOutsideAttribute reports whether name, read on an instance of the
// workspace class cls (self.client in a Locust user or a Django TestCase),
// can only be an attribute of a base from outside the workspace: no class
// of its workspace chain declares a field or method of that name, and one
// of them names a library's class as a base. Django models are left out:
// a reverse relation (order.items) is declared on the other model.
func (q *pyLang) pyOutsideAttribute(ctx context.Context, cls fact.Symbol, name string) (bool, error) {
	if cls.Language != treesitter.Python || (&frameworkView{query: q.query}).isDjangoModel(ctx, cls, 0) {
		return false, nil
	}
	cands, err := q.named(ctx, name)
	if err != nil {
		return false, err
	}
	if found, err := q.methodOf(ctx, cls, name, cands, 0); err != nil || len(found) > 0 {
		return false, err
	}
	return q.outsideBase(ctx, cls, 0), nil
}

// pyOutsideInSubclasses reports whether name, read on an instance of the
// workspace class cls that neither it nor a workspace base declares, is a
// value from outside the workspace in every class self can be there: a
// mixin's self.session whose subclasses each set self.session from a
// sqlalchemy Session. pyright types the read as unknown (the mixin has no
// such attribute) and lists no call made on it; a call on a library's
// value is no call of a project method of the same name either. At least
// one subclass declares it, and every declaration in a subclass types it
// as a value from outside; one of a workspace class, or untyped, keeps it
// unknown.
//
// Only a class without an __init__ of its own is looked at (a mixin's
// reads are what this is for).
func (q *pyLang) pyOutsideInSubclasses(ctx context.Context, cls fact.Symbol, name string) (bool, error) {
	if cls.Language != treesitter.Python {
		return false, nil
	}
	key := cls.ID + "\x00" + name
	if v, ok := q.pySubclassOutside[key]; ok {
		return v, nil
	}
	if q.pySubclassOutside == nil {
		q.pySubclassOutside = map[string]bool{}
	}
	q.pySubclassOutside[key] = false // a cycle through a subclass's own reads ends here
	inits, err := q.named(ctx, "__init__")
	if err != nil {
		return false, err
	}
	for _, init := range inits {
		if init.Container == cls.Name && init.Path == cls.Path {
			return false, nil // a class with its own __init__ is no mixin: its reads are its own
		}
	}
	at, err := q.pyFieldsNamed(ctx, name)
	if err != nil {
		return false, err
	}
	seen := 0
	for _, fa := range at {
		if fa.field.Container == cls.Name && fa.path == cls.Path {
			return false, nil
		}
		sub, err := q.pyClassIn(ctx, fa.path, fa.field.Container)
		if err != nil {
			return false, err
		}
		if sub == nil || !q.isSubtype(ctx, *sub, cls, 0) {
			continue
		}
		sf, err := q.file(ctx, fa.path)
		if err != nil || sf == nil {
			return false, err
		}
		ref, err := q.declaredType(ctx, sf, nil, fa.field.Type)
		if err != nil {
			return false, err
		}
		if ref.kind != refExternal || len(ref.alts) > 0 {
			return false, nil
		}
		seen++
	}
	q.pySubclassOutside[key] = seen > 0
	return seen > 0, nil
}

// pyClassIn is the class named name declared in the file at p, or nil.
func (q *pyLang) pyClassIn(ctx context.Context, p, name string) (*fact.Symbol, error) {
	cands, err := q.named(ctx, name)
	if err != nil {
		return nil, err
	}
	for i := range cands {
		if cands[i].Path == p && cands[i].Kind == treesitter.KindClass {
			return &cands[i], nil
		}
	}
	return nil, nil
}

// outsideBase reports whether cls or a workspace class it extends names a
// base imported from outside the workspace (Python, JavaScript and
// TypeScript classes).
func (q *query) outsideBase(ctx context.Context, cls fact.Symbol, depth int) bool {
	if depth > 5 {
		return false
	}
	cf, err := q.file(ctx, cls.Path)
	if err != nil || cf == nil {
		return false
	}
	for _, n := range cls.Extends {
		base, err := q.resolveTypeName(ctx, cf, n)
		if err != nil {
			return false
		}
		if base == nil || base.ID == cls.ID {
			if first, _, _ := strings.Cut(n, "."); n != "object" && q.isExternalName(ctx, cf, first) {
				return true
			}
			continue
		}
		if q.outsideBase(ctx, *base, depth+1) {
			return true
		}
	}
	return false
}

// jsOutsideMember reports whether name, read on an instance of the
// JavaScript or TypeScript workspace class cls, is a member of a base from
// outside the workspace: neither cls nor a workspace base declares it as a
// field (typed or not, this.x = ... included) or a method, and the chain
// reaches an outside class (class PrismaService extends PrismaClient:
// this.prisma.user is the client's). tsserver types it from the library,
// and a call on it is no call of a workspace method of the same name.
func (q *query) jsOutsideMember(ctx context.Context, cls fact.Symbol, name string) (bool, error) {
	if family(cls.Language) != "js" || !q.outsideBase(ctx, cls, 0) {
		return false, nil
	}
	cands, err := q.named(ctx, name)
	if err != nil {
		return false, err
	}
	found, err := q.methodOf(ctx, cls, name, cands, 0)
	return err == nil && len(found) == 0, err
}

// pyDataType reports whether a Python field's type is a builtin that holds
// data and never a function (count: int, tags: list[str], a field
// assigned a literal): a read of that field is no reference to a method
// of the same name.
func pyDataType(t string) bool {
	if _, _, rest, scoped := treesitter.CutScope(t); scoped {
		t = rest
	}
	for _, p := range []string{treesitter.GoCollectionPrefix, treesitter.PythonMappingPrefix, treesitter.PythonTupleTypePrefix} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	if pyLiteralType(t) {
		return true
	}
	switch t {
	case "str", "int", "float", "bool", "bytes", "complex", "list", "dict", "set", "frozenset", "tuple",
		"List", "Dict", "Set", "FrozenSet", "Tuple":
		return true
	}
	return false
}

// jsOutsideValue reports whether of, a JavaScript or TypeScript value
// whose method is called, is a library's: an outside value, or an instance
// of a workspace class whose chain reaches an outside base and declares no
// such method (PrismaService extends PrismaClient, calling $transaction).
func (q *query) jsOutsideValue(ctx context.Context, of typeRef, method string) (bool, error) {
	switch {
	case of.kind == refExternal:
		return !jsContainer(of) && of.calls == "", nil
	case of.kind == refInstance && of.elems == 0 && of.elements == nil:
		return q.jsOutsideMember(ctx, of.class, method)
	}
	return false, nil
}

// jsReturnedCall is what calling the JavaScript or TypeScript function fn
// gives when fn declares no result type and every return gives one call's
// result (treesitter.ReturnedLocal): that call's result, read in fn. ok is
// false when fn records no such call or its result is unknown.
func (q *query) jsReturnedCall(ctx context.Context, fn fact.Symbol) (typeRef, bool, error) {
	tf, err := q.file(ctx, fn.Path)
	if err != nil || tf == nil {
		return typeRef{}, false, err
	}
	for _, l := range tf.Locals {
		if l.SymbolID != fn.ID || l.Name != treesitter.ReturnedLocal {
			continue
		}
		ref, err := q.declaredType(ctx, tf, &fn, l.Type)
		return ref, err == nil && ref.kind != refUnknown, err
	}
	return typeRef{}, false, nil
}

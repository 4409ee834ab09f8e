package resolve

import (
	"context"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// pyLang is the Python resolver of one request: how Python binds names to
// values that the language-neutral evaluation in resolve.go does not cover
// (assignments tried in order, inherited parameter types, re-exports through
// packages, decorators, closures, collections). It reads through the
// request's core view, which it embeds, and keeps only Python's own
// per-request answers.
type pyLang struct {
	*query
	pyModules map[string][]string // pyModuleFiles answers, by importing directory and module
	// pySubclassOutside keeps pyOutsideInSubclasses's answers, by class
	// and field, for the request.
	pySubclassOutside map[string]bool
}

// pyMaxLocalTries bounds how many assignments of one name are tried when the
// first ones give no type (x = parse(s) ... x = Foo()), so that chains of
// such names stay cheap.
const pyMaxLocalTries = 3

// pyLocalsNamed lists the locals that name may be in caller at q.pos, in
// the order localNamed prefers them: the innermost block-scoped one (a loop
// or with variable) alone, else every assignment of the caller and its
// enclosing functions, else every top-level one.
func (q *pyLang) pyLocalsNamed(f *fact.File, caller *fact.Symbol, name string) []*fact.Local {
	first := q.localNamed(f, caller, name)
	if first == nil {
		return nil
	}
	if _, _, _, scoped := treesitter.CutScope(first.Type); scoped {
		return []*fact.Local{first}
	}
	var out []*fact.Local
	for i := range f.Locals {
		l := &f.Locals[i]
		if l.Name != name || l.SymbolID != first.SymbolID {
			continue
		}
		if _, _, _, scoped := treesitter.CutScope(l.Type); scoped {
			continue
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		return []*fact.Local{first}
	}
	return out
}

// pyEvalLocal evaluates the Python local name: its first assignment that
// gives a type. found is false when no local has that name.
// A literal's builtin type (x = "") gives way to a later assignment that
// gives a workspace type (x = Builder()); only when none does is x a str.
func (q *pyLang) pyEvalLocal(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (ref typeRef, found bool, err error) {
	locals := q.pyLocalsNamed(f, caller, name)
	ref = typeRef{kind: refUnknown}
	literal := typeRef{kind: refUnknown}
	for i, l := range locals {
		if i == pyMaxLocalTries {
			break
		}
		in := caller
		if l.SymbolID == "" {
			in = nil
		}
		if ref, err = q.declaredType(ctx, f, in, l.Type); err != nil {
			return ref, true, err
		}
		if ref.kind == refExternal && pyLiteralType(l.Type) {
			literal = ref
			continue
		}
		if ref.kind != refUnknown {
			return ref, true, nil
		}
	}
	if literal.kind != refUnknown && len(locals) <= pyMaxLocalTries {
		return literal, true, nil
	}
	return ref, len(locals) > 0, nil
}

// pyNarrowedPath evaluates the longest leading path of attributes of a
// receiver (call.provider_metadata in call.provider_metadata.sig) that an
// isinstance narrows where the receiver is: the extractor records such a
// narrowing as a local named by the path, scoped to where it holds, as
// pyright narrows a member access chain. k is how many steps the path
// takes; ok is false when no such path is narrowed there.
func (q *pyLang) pyNarrowedPath(ctx context.Context, f *fact.File, caller *fact.Symbol, segs []receiverSeg) (ref typeRef, k int, ok bool, err error) {
	if !q.pyNarrowedPaths(f) {
		return typeRef{}, 0, false, nil
	}
	plain := 0
	for plain < len(segs) && !segs[plain].call && !segs[plain].index && segs[plain].assert == "" {
		plain++
	}
	for k = plain; k >= 2; k-- {
		names := make([]string, k)
		for i := range k {
			names[i] = segs[i].name
		}
		path := strings.Join(names, ".")
		if q.localNamed(f, caller, path) == nil {
			continue
		}
		ref, found, err := q.pyEvalLocal(ctx, f, caller, path)
		if err != nil || found && ref.kind != refUnknown {
			return ref, k, err == nil, err
		}
	}
	return typeRef{}, 0, false, nil
}

// pyNarrowedPaths reports whether f records any narrowed path of
// attributes (a local whose name has a dot), so that receivers of files
// with none cost no look-up.
func (q *pyLang) pyNarrowedPaths(f *fact.File) bool {
	if has, ok := q.pyNarrowed[f.Path]; ok {
		return has
	}
	has := false
	for _, l := range f.Locals {
		if strings.Contains(l.Name, ".") {
			has = true
			break
		}
	}
	if q.pyNarrowed == nil {
		q.pyNarrowed = map[string]bool{}
	}
	q.pyNarrowed[f.Path] = has
	return has
}

// pyLiteralType reports whether a local's type is a literal's builtin type
// (treesitter's pythonLiteralTypes), in or out of a scope.
func pyLiteralType(typ string) bool {
	if _, _, rest, scoped := treesitter.CutScope(typ); scoped {
		typ = rest
	}
	switch strings.TrimPrefix(typ, treesitter.CallTypePrefix) {
	case "dict", "list", "set", "tuple", "str", "int", "float":
		return strings.HasPrefix(typ, treesitter.CallTypePrefix)
	}
	return false
}

// pyDottedImport resolves the first name of a receiver bound by import a.b
// (which binds a): the package a, or something outside the workspace.
func (q *pyLang) pyDottedImport(ctx context.Context, f *fact.File, name string) (typeRef, bool) {
	for _, imp := range f.Imports {
		if imp.Imported != "*" || !strings.HasPrefix(imp.Local, name+".") {
			continue
		}
		if q.moduleInWorkspace(ctx, f, imp.Module) {
			return typeRef{kind: refModule, mod: name, from: f.Path}, true
		}
		return typeRef{kind: refExternal, ext: pyLibrary(f, imp.Module)}, true
	}
	return typeRef{}, false
}

// pyModuleFiles are the workspace files a module name written in f resolves to.
func (q *pyLang) pyModuleFiles(ctx context.Context, f *fact.File, module string) []*fact.File {
	key := path.Dir(f.Path) + "\x00" + module // relative modules depend on the importing directory
	paths, ok := q.pyModules[key]
	if !ok {
		for _, wf := range q.r.pyModuleCandidates(q.allFiles(ctx), f.Path, module) {
			if wf.Language == treesitter.Python && q.moduleHasFile(ctx, f, module, wf.Path) {
				paths = append(paths, wf.Path)
			}
		}
		if q.pyModules == nil {
			q.pyModules = map[string][]string{}
		}
		q.pyModules[key] = paths
	}
	var out []*fact.File
	for _, p := range paths {
		if mf, err := q.file(ctx, p); err == nil && mf != nil {
			out = append(out, mf)
		}
	}
	return out
}

// pyImportedValue is what from m import x binds x to when x is neither a
// class nor a submodule of m: a module-level variable of m
// (STANDARD_PALETTE = Palette(...)), or a name m imports in turn (a
// re-export, followed as far as declaredType's depth allows).
func (q *pyLang) pyImportedValue(ctx context.Context, f *fact.File, imp treesitter.Import) (typeRef, bool, error) {
	if q.depth > 6 || imp.Imported == "*" {
		return typeRef{}, false, nil
	}
	q.depth++
	defer func() { q.depth-- }()
	for _, mf := range q.pyModuleFiles(ctx, f, imp.Module) {
		if mf.Path == f.Path {
			continue
		}
		ref, err := q.evalName(ctx, mf, nil, imp.Imported)
		if err != nil || ref.kind != refUnknown {
			return ref, err == nil, err
		}
	}
	return typeRef{}, false, nil
}

// pyReexportedType follows from m import T when m does not declare the
// class T but imports it itself, by name or through a star import.
func (q *pyLang) pyReexportedType(ctx context.Context, f *fact.File, imp treesitter.Import) (*fact.Symbol, error) {
	if q.depth > 6 || imp.Imported == "*" {
		return nil, nil
	}
	q.depth++
	defer func() { q.depth-- }()
	for _, mf := range q.pyModuleFiles(ctx, f, imp.Module) {
		if mf.Path == f.Path {
			continue
		}
		for _, inner := range mf.Imports {
			if inner.Local == imp.Imported {
				return q.resolveTypeName(ctx, mf, imp.Imported)
			}
		}
	}
	// from core.models import OrgUser, where core/models.py passes on
	// every name of its submodules (from .auth.models import *): pyright
	// follows the star, and so does a field annotated "OrgUser" there.
	found, err := q.pyReexported(ctx, f, typeRef{kind: refModule, mod: imp.Module, from: f.Path}, imp.Imported, isType)
	if err != nil || len(found) == 0 {
		return nil, err
	}
	return &found[0], nil
}

// pyTypeAlias is the class a module-level type alias named name stands for
// where f writes the name: an alias f declares (Repo = Annotated[Repository,
// Depends(get_repo)], Maybe = Optional[Repository], Same = Repository) or
// one it imports from a workspace module, followed through re-exports as
// far as the query's depth allows. nil when no alias of a class has the name.
func (q *pyLang) pyTypeAlias(ctx context.Context, f *fact.File, name string) (*fact.Symbol, error) {
	mf, aliased := q.pyModuleAlias(ctx, f, name, func(l fact.Local) (string, bool) {
		aliased, ok := strings.CutPrefix(l.Type, treesitter.TypeAliasPrefix)
		if !ok {
			// Same = Repository: a name bound to a class is an alias of it
			aliased, ok = strings.CutPrefix(l.Type, treesitter.ValueTypePrefix)
		}
		return aliased, ok && aliased != l.Name && isDottedName(aliased)
	})
	if mf == nil {
		return nil, nil
	}
	return q.resolveTypeName(ctx, mf, aliased)
}

// pyCallableAlias is the result type of a module-level alias of a Callable
// named name where f writes the name (ReposFactory = Callable[[UnitOfWork],
// IamRepositories], here or imported from a workspace module), and the file
// that declares it: what calling a value of the alias gives. nil when name
// is no such alias.
func (q *pyLang) pyCallableAlias(ctx context.Context, f *fact.File, name string) (*fact.File, string) {
	if !treesitter.IsIdentifierName(name) {
		return nil, ""
	}
	return q.pyModuleAlias(ctx, f, name, func(l fact.Local) (string, bool) {
		result, ok := strings.CutPrefix(l.Type, treesitter.TypeAliasPrefix+treesitter.GoFuncPrefix)
		return result, ok && result != ""
	})
}

// pyModuleAlias finds the module-level local named name that accept takes
// (giving what it stands for), declared in f or in a workspace module f
// imports the name from, followed through re-exports as far as the query's
// depth allows: the declaring file and what accept gave, nil if none.
func (q *pyLang) pyModuleAlias(ctx context.Context, f *fact.File, name string, accept func(fact.Local) (string, bool)) (*fact.File, string) {
	if q.depth > 6 {
		return nil, ""
	}
	q.depth++
	defer func() { q.depth-- }()
	for _, l := range f.Locals {
		if l.SymbolID != "" || l.Name != name {
			continue
		}
		if v, ok := accept(l); ok {
			return f, v
		}
	}
	for _, imp := range f.Imports {
		if imp.Local != name || imp.Imported == "*" || imp.Imported == "" {
			continue
		}
		for _, mf := range q.pyModuleFiles(ctx, f, imp.Module) {
			if mf.Path == f.Path {
				continue
			}
			if af, v := q.pyModuleAlias(ctx, mf, imp.Imported, accept); af != nil {
				return af, v
			}
		}
	}
	return nil, ""
}

// pyEitherType is the type of a value that is one of several
// (treesitter.PythonEitherTypePrefix), each member typed as a local is:
// an instance of the first workspace class among them, with the others as
// its alts, as pyright lists a call on it under each. A member that gives
// no workspace class (unknown, or from outside) adds nothing; outside the
// workspace when every member is, else unknown when none is a class.
func (q *pyLang) pyEitherType(ctx context.Context, f *fact.File, caller *fact.Symbol, members []string) (typeRef, error) {
	var classes []fact.Symbol
	var first typeRef
	outside := true
	for _, m := range members {
		ref, err := q.declaredType(ctx, f, caller, m)
		if err != nil {
			return typeRef{}, err
		}
		switch {
		case ref.kind == refInstance && ref.elems == 0:
			if len(classes) == 0 {
				first = ref
			}
			for _, c := range append([]fact.Symbol{ref.class}, ref.alts...) {
				if !slices.ContainsFunc(classes, func(s fact.Symbol) bool { return s.ID == c.ID }) {
					classes = append(classes, c)
				}
			}
		case ref.kind != refExternal:
			outside = false
		}
	}
	switch {
	case len(classes) == 1:
		return first, nil // one class in all: as the member gives it
	case len(classes) > 1:
		return typeRef{kind: refInstance, class: classes[0], alts: classes[1:]}, nil
	case outside:
		return typeRef{kind: refExternal}, nil
	}
	return typeRef{kind: refUnknown}, nil
}

// pyElementOf is what iterating over an instance of a workspace class
// gives: the element of what its __iter__ returns (Iterator[Text] gives a
// Text), or what that iterator's __next__ returns; with no typed __iter__,
// what its __getitem__ returns.
func (q *pyLang) pyElementOf(ctx context.Context, ref typeRef) (typeRef, error) {
	if q.depth > 6 {
		return typeRef{kind: refUnknown}, nil
	}
	q.depth++
	defer func() { q.depth-- }()
	it, err := q.methodResult(ctx, ref.class, "__iter__")
	if err != nil {
		return typeRef{}, err
	}
	if it.kind == refInstance && it.elems > 0 {
		it.elems--
		return it, nil
	}
	if it.kind == refInstance {
		return q.methodResult(ctx, it.class, "__next__")
	}
	if it.kind != refUnknown {
		return typeRef{kind: refUnknown}, nil
	}
	item, err := q.methodResult(ctx, ref.class, "__getitem__")
	if err != nil || item.kind == refInstance {
		return item, err
	}
	return typeRef{kind: refUnknown}, nil
}

// pySelf reports whether a declared result type is the class of the
// instance the method is called on: typing's Self in Python, the polymorphic
// this type in TypeScript (header(...): this, a fluent builder's method).
func pySelf(s fact.Symbol, typ string) bool {
	switch {
	case s.Language == treesitter.Python:
		return typ == "Self" || strings.HasSuffix(typ, ".Self")
	case family(s.Language) == "js":
		return typ == "this"
	}
	return false
}

// pyCallResult is the type of calling a name that is not a function of the
// workspace, in caller: cls(...) in a method constructs its class; a local
// annotated with a Callable gives the Callable's result (get_width:
// Callable[..., Measurement]); a local bound to a class constructs it
// (_Segment = Segment; _Segment(...)); one bound to an instance gives what
// the class's __call__ returns (highlighter = ReprHighlighter();
// highlighter(text)). ok is false when callee is none of these.
func (q *pyLang) pyCallResult(ctx context.Context, f *fact.File, caller *fact.Symbol, callee string) (typeRef, bool, error) {
	if callee == "cls" && caller != nil && caller.Container != "" {
		cls, err := q.classOf(ctx, caller)
		if err != nil || cls == nil {
			return typeRef{kind: refUnknown}, err == nil && cls == nil, err
		}
		return typeRef{kind: refInstance, class: *cls}, true, nil
	}
	l := q.localNamed(f, caller, callee)
	if l == nil {
		// cls() with cls a parameter bound at the call whose result is
		// inferred (pyResultAtSite)
		value, found, err := q.pyCallSiteParam(ctx, caller, callee)
		if err != nil || !found {
			return typeRef{}, found, err
		}
		ref, err := q.pyCalled(ctx, value)
		return ref, true, err
	}
	_, _, typ, _ := treesitter.CutScope(l.Type)
	if result, ok := strings.CutPrefix(typ, treesitter.GoFuncPrefix); ok {
		ref, err := q.instanceOf(ctx, f, result)
		return ref, true, err
	}
	if af, result := q.pyCallableAlias(ctx, f, typ); af != nil {
		// factory: ReposFactory; factory(uow): the alias's Callable's result
		ref, err := q.declaredType(ctx, af, nil, result)
		return ref, true, err
	}
	value, _, err := q.pyEvalLocal(ctx, f, caller, callee)
	if err != nil {
		return typeRef{}, true, err
	}
	ref, err := q.pyCalled(ctx, value)
	return ref, true, err
}

// pyFieldCallResult is the type of recv.name(...) when name is a field of
// recv's class, not a method: self.highlighter(text) with highlighter a
// ReprHighlighter gives what its __call__ returns.
func (q *pyLang) pyFieldCallResult(ctx context.Context, f *fact.File, caller *fact.Symbol, recv, name string) (typeRef, error) {
	owner, err := q.evalReceiver(ctx, f, caller, recv)
	if err != nil || owner.kind != refInstance || owner.elems > 0 {
		return typeRef{kind: refUnknown}, err
	}
	return q.pyFieldCalled(ctx, f, owner.class, name)
}

// pySelfCall is the method a field's type calls on self or cls
// (call:self.create_user gives create_user), when that is all it is.
func pySelfCall(t string) (string, bool) {
	call, ok := strings.CutPrefix(t, treesitter.CallTypePrefix)
	if !ok {
		return "", false
	}
	method, ok := strings.CutPrefix(call, "self.")
	if !ok {
		method, ok = strings.CutPrefix(call, "cls.")
	}
	return method, ok && method != "" && !strings.ContainsAny(method, ".()[]")
}

// pyFunctionAt is the innermost function or method of f whose body holds
// pos, nil at the top level.
func (q *pyLang) pyFunctionAt(ctx context.Context, f *fact.File, pos uint32) *fact.Symbol {
	syms, err := q.store.SymbolsInFile(ctx, f.Path)
	if err != nil {
		return nil
	}
	var best *fact.Symbol
	for i, s := range syms {
		if !isCallable(s) || pos < s.Span.StartByte || s.Span.EndByte <= pos {
			continue
		}
		if best == nil || s.Span.StartByte >= best.Span.StartByte {
			best = &syms[i]
		}
	}
	return best
}

// pyFieldOwner is the class, cls or one of its bases, whose methods assign
// the field name in the file writtenIn (where fieldTypeWrittenIn found it):
// the self a field's type such as call:self.create_user is evaluated on.
// nil when no such class is found.
func (q *pyLang) pyFieldOwner(ctx context.Context, cls fact.Symbol, name, writtenIn string) *fact.Symbol {
	seen := map[string]bool{}
	var find func(c fact.Symbol, depth int) *fact.Symbol
	find = func(c fact.Symbol, depth int) *fact.Symbol {
		if depth > 5 || seen[c.ID] {
			return nil
		}
		seen[c.ID] = true
		if c.Path == writtenIn {
			if cf, err := q.file(ctx, c.Path); err == nil && cf != nil {
				for _, fl := range cf.Fields {
					if fl.Container == c.Name && fl.Name == name {
						return &c
					}
				}
			}
		}
		for _, base := range q.bases(ctx, c) {
			if m := find(base, depth+1); m != nil {
				return m
			}
		}
		return nil
	}
	return find(cls, 0)
}

// pyFieldCalled is what calling the field name of an instance of cls gives.
func (q *pyLang) pyFieldCalled(ctx context.Context, f *fact.File, cls fact.Symbol, name string) (typeRef, error) {
	t, in, err := q.fieldTypeWrittenIn(ctx, cls, name, 0)
	if err != nil || t == "" {
		return typeRef{kind: refUnknown}, err
	}
	// Typed with the imports of the file that declares the field: a base
	// class's, for an inherited one.
	written := q.mustFile(ctx, in, f)
	if result, ok := strings.CutPrefix(t, treesitter.GoFuncPrefix); ok {
		// self.get_db_context(), get_db_context: Callable[...,
		// AbstractAsyncContextManager[DatabaseContext]]: the Callable's result
		return q.declaredType(ctx, written, nil, result)
	}
	if af, result := q.pyCallableAlias(ctx, written, t); af != nil {
		// self._repos_factory(uow), _repos_factory: ReposFactory
		return q.declaredType(ctx, af, nil, result)
	}
	value, err := q.declaredType(ctx, written, nil, t)
	if err != nil {
		return typeRef{}, err
	}
	return q.pyCalled(ctx, value)
}

// pyCalled is what calling a value of type ref gives: an instance of a
// class, or what an instance's __call__ returns.
func (q *pyLang) pyCalled(ctx context.Context, ref typeRef) (typeRef, error) {
	switch {
	case ref.kind == refClass:
		return typeRef{kind: refInstance, class: ref.class}, nil
	case ref.kind == refInstance && ref.elems == 0:
		return q.methodResult(ctx, ref.class, "__call__")
	}
	return typeRef{kind: refUnknown}, nil
}

// pyInheritedParam types an unannotated parameter of a method as the
// method it overrides annotates it, as pyright does: def highlight(self,
// text) in a subclass of Highlighter, whose highlight takes text: Text.
func (q *pyLang) pyInheritedParam(ctx context.Context, caller *fact.Symbol, name string) (typeRef, bool, error) {
	if caller == nil || caller.Kind != treesitter.KindMethod {
		return typeRef{}, false, nil
	}
	declared := false
	for _, p := range caller.Params {
		if p.Name == name {
			declared = p.Type == ""
		}
	}
	if !declared {
		return typeRef{}, false, nil
	}
	cls, err := q.classOf(ctx, caller)
	if err != nil || cls == nil {
		return typeRef{}, false, err
	}
	cands, err := q.named(ctx, caller.Name)
	if err != nil {
		return typeRef{}, false, err
	}
	for _, base := range q.bases(ctx, *cls) {
		overridden, err := q.methodOf(ctx, base, caller.Name, cands, 0)
		if err != nil {
			return typeRef{}, false, err
		}
		for _, m := range overridden {
			for _, p := range m.Params {
				if p.Name == name && p.Type != "" {
					mf, err := q.file(ctx, m.Path)
					if err != nil || mf == nil {
						return typeRef{kind: refUnknown}, true, err
					}
					ref, err := q.declaredType(ctx, mf, nil, p.Type)
					return ref, true, err
				}
			}
		}
	}
	return typeRef{}, false, nil
}

// pyPropertyType is the declared type of a property of cls, read as a field.
func (q *pyLang) pyPropertyType(ctx context.Context, cls fact.Symbol, name string) (string, error) {
	cands, err := q.named(ctx, name)
	if err != nil {
		return "", err
	}
	for _, s := range cands {
		if s.Container != cls.Name || s.Path != cls.Path || !isCallable(s) {
			continue
		}
		for _, d := range s.Decorators {
			switch d.Name {
			case "property", "cached_property", "functools.cached_property":
				return s.Returns, nil
			}
		}
	}
	return "", nil
}

// pyImportedInFunction reports whether caller, or a function around it,
// imports name itself: def f(): from .x import f; f() calls x's f, not
// itself.
func pyImportedInFunction(f *fact.File, caller *fact.Symbol, name string) bool {
	if caller == nil || f.Language != treesitter.Python {
		return false
	}
	for _, imp := range f.Imports {
		if imp.Local == name && caller.Span.StartByte <= imp.Span.StartByte && imp.Span.EndByte <= caller.Span.EndByte {
			return true
		}
	}
	return false
}

// pyItemOf is the type of one place of an unpacked value, "N:type" (see
// treesitter.ItemTypePrefix): the N-th field of a NamedTuple, or an element
// of a homogeneous collection.
func (q *pyLang) pyItemOf(ctx context.Context, f *fact.File, caller *fact.Symbol, item string) (typeRef, error) {
	place, typ, ok := strings.Cut(item, ":")
	n, err := strconv.Atoi(place)
	if !ok || err != nil || n < 0 {
		return typeRef{kind: refUnknown}, nil
	}
	ref, err := q.declaredType(ctx, f, caller, typ)
	if err == nil && ref.tupleIn != "" {
		// rows, prov = compose(), compose returning tuple[list[Row], dict[str, Prov]]
		place := treesitter.GoResult(ref.tuple, n)
		tf, err := q.file(ctx, ref.tupleIn)
		if place == "" || err != nil || tf == nil {
			return typeRef{kind: refUnknown}, err
		}
		var elem typeRef
		if _, _, _, scoped := treesitter.CutScope(place); scoped && ref.tupleFn != nil {
			elem, err = q.declaredType(ctx, tf, ref.tupleFn, place) // a local of the function that returns it
		} else {
			elem, err = q.instanceOf(ctx, tf, place)
		}
		if ref.byName && (elem.kind == refInstance || elem.kind == refClass) {
			// orchestrator, mocks = built, built a fixture's tuple: pyright
			// types the place no more than the fixture itself
			elem.byName, elem.fixture = true, ref.fixture
		}
		return elem, err
	}
	if err != nil || ref.kind != refInstance {
		return typeRef{kind: refUnknown}, err
	}
	if ref.elems > 0 {
		ref.elems--
		return ref, nil
	}
	tuple := q.pyNamedTuple(ctx, ref.class, 0)
	if tuple == nil {
		return typeRef{kind: refUnknown}, nil
	}
	tf, err := q.file(ctx, tuple.Path)
	if err != nil || tf == nil {
		return typeRef{kind: refUnknown}, err
	}
	for _, fl := range tf.Fields {
		if fl.Container != tuple.Name {
			continue
		}
		if n == 0 {
			return q.declaredType(ctx, tf, nil, fl.Type)
		}
		n--
	}
	return typeRef{kind: refUnknown}, nil
}

// pyNamedTuple is the class among cls and its bases that declares
// NamedTuple fields, nil if none does.
func (q *pyLang) pyNamedTuple(ctx context.Context, cls fact.Symbol, depth int) *fact.Symbol {
	if depth > 3 {
		return nil
	}
	for _, b := range cls.Extends {
		if b == "NamedTuple" || strings.HasSuffix(b, ".NamedTuple") {
			return &cls
		}
	}
	for _, b := range q.bases(ctx, cls) {
		if t := q.pyNamedTuple(ctx, b, depth+1); t != nil {
			return t
		}
	}
	return nil
}

// indexOf is the type of xs[i] where xs has type ref: for an instance of a
// Python class, what its __getitem__ returns; otherwise an element.
func (q *pyLang) indexOf(ctx context.Context, f *fact.File, ref typeRef) (typeRef, error) {
	if ref.kind != refInstance || ref.class.Language != treesitter.Python {
		return q.elementOf(ctx, f, ref)
	}
	if ref.elems > 0 {
		return ref.pyPeel(), nil // xs[i], d[k]
	}
	return q.methodResult(ctx, ref.class, "__getitem__")
}

// pyWrappers splits a Python type into its collection wrappers, outermost
// first (true for a mapping), and the type inside them: "{}[]Text" is a
// mapping of lists of Text.
func pyWrappers(f *fact.File, typ string) ([]bool, string) {
	if f.Language != treesitter.Python {
		return nil, typ
	}
	var wraps []bool
	for {
		switch {
		case strings.HasPrefix(typ, treesitter.GoCollectionPrefix):
			wraps, typ = append(wraps, false), typ[len(treesitter.GoCollectionPrefix):]
		case strings.HasPrefix(typ, treesitter.PythonMappingPrefix):
			wraps, typ = append(wraps, true), typ[len(treesitter.PythonMappingPrefix):]
		default:
			return wraps, typ
		}
	}
}

// pyWrap puts ref inside wrappers listed outermost first.
func (ref typeRef) pyWrap(wraps []bool) typeRef {
	for i := len(wraps) - 1; i >= 0; i-- {
		if ref.elems >= 64 {
			return typeRef{kind: refUnknown}
		}
		if wraps[i] {
			ref.maps |= 1 << ref.elems
		}
		ref.elems++
	}
	return ref
}

// pyOuterMap reports whether the outermost wrapper of ref is a mapping.
func (ref typeRef) pyOuterMap() bool {
	return ref.elems > 0 && ref.maps&(1<<(ref.elems-1)) != 0
}

// pyPeel is an element of a list, or a value of a mapping.
func (ref typeRef) pyPeel() typeRef {
	ref.elems--
	ref.maps &^= 1 << ref.elems
	return ref
}

// pyCollectionMember is what seg gives on a Python collection: a value of a
// mapping for get, pop and setdefault, the values of a mapping as a list
// for values(); anything else is the builtin collection's.
func (ref typeRef) pyCollectionMember(seg receiverSeg) typeRef {
	if ref.pyOuterMap() && seg.call && !seg.index {
		switch seg.name {
		case "get", "pop", "setdefault":
			return ref.pyPeel()
		case "values":
			ref.maps &^= 1 << (ref.elems - 1)
			return ref
		}
	}
	return typeRef{kind: refExternal}
}

// pyWrittenAs reports whether call c was written with the name it is
// stored under: calls through an aliased import (from m import f as g;
// g()) are stored under the imported name, f, so a local f does not
// shadow them. Calls made up while typing a value have no span, and are
// written as named.
func pyWrittenAs(c fact.Call, name string) bool {
	return c.Span.EndByte == 0 || int(c.Span.EndByte-c.Span.StartByte) == len(name)
}

// pySubmodule is the module that from m import x names when x is a module:
// "m.x", or ".x" and "..x" for relative imports.
func pySubmodule(imp treesitter.Import) string {
	if imp.Module == "." || strings.HasSuffix(imp.Module, ".") {
		return imp.Module + imp.Imported
	}
	return imp.Module + "." + imp.Imported
}

// pyReexported finds what a module re-exports under name when the module
// does not declare it: from .decorators import command in a package's
// __init__.py makes pkg.command the function of decorators.py; from .core
// import * passes on every name core declares. want picks the symbols that
// may be meant (top-level functions for a call, classes for a type).
func (q *pyLang) pyReexported(ctx context.Context, f *fact.File, ref typeRef, name string, want func(fact.Symbol) bool) ([]fact.Symbol, error) {
	if q.depth > 6 {
		return nil, nil
	}
	q.depth++
	defer func() { q.depth-- }()
	var modules []*fact.File
	if ref.file != "" {
		if mf, err := q.file(ctx, ref.file); err == nil && mf != nil {
			modules = append(modules, mf)
		}
	} else {
		from := f
		if ref.from != "" && ref.from != f.Path {
			from = q.mustFile(ctx, ref.from, f)
		}
		modules = q.pyModuleFiles(ctx, from, ref.mod)
	}
	for _, mf := range modules {
		for _, imp := range mf.Imports {
			if imp.Local != name && imp.Local != "*" {
				continue
			}
			exported := imp.Imported
			if exported == "*" {
				exported = name
			}
			syms, err := q.named(ctx, exported)
			if err != nil {
				return nil, err
			}
			var found []fact.Symbol
			for _, s := range syms {
				if want(s) && q.moduleHasFile(ctx, mf, imp.Module, s.Path) {
					found = append(found, s)
				}
			}
			if len(found) == 0 && q.moduleInWorkspace(ctx, mf, imp.Module) {
				// re-exported again further down
				if found, err = q.pyReexported(ctx, mf, typeRef{kind: refModule, mod: imp.Module, from: mf.Path}, exported, want); err != nil {
					return nil, err
				}
			}
			if len(found) > 0 {
				return found, nil
			}
		}
	}
	return nil, nil
}

// pyReexportedMember is what mod.name is, or gives when called, when the
// module mod re-exports name: a class (an instance, when called), or what
// a re-exported function returns.
func (q *pyLang) pyReexportedMember(ctx context.Context, f *fact.File, mod typeRef, name string, call bool) (typeRef, error) {
	found, err := q.pyReexported(ctx, f, mod, name, func(s fact.Symbol) bool {
		return isType(s) || call && isCallable(s) && s.Container == ""
	})
	if err != nil || len(found) == 0 {
		return typeRef{kind: refUnknown}, err
	}
	s := found[0]
	switch {
	case isType(s) && call:
		return typeRef{kind: refInstance, class: s}, nil
	case isType(s):
		return typeRef{kind: refClass, class: s}, nil
	case resultType(s, 0) != "":
		return q.instanceOf(ctx, q.mustFile(ctx, s.Path, f), resultType(s, 0))
	}
	return typeRef{kind: refUnknown}, nil
}

// pyDecorated is what a decorated function's name is bound to in f: what
// its outermost decorator returns, as pyright reads it. @click.group()
// over def cli() makes cli a Group when group is declared to return a
// Group, or a Callable[[F], Group]. ok is false when name is no decorated
// function of f.
func (q *pyLang) pyDecorated(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (typeRef, bool, error) {
	syms, err := q.named(ctx, name)
	if err != nil {
		return typeRef{}, false, err
	}
	var local []fact.Symbol
	for _, s := range syms {
		if s.Path == f.Path && s.Kind == treesitter.KindFunction {
			local = append(local, s)
		}
	}
	if len(local) == 0 || q.depth > 6 {
		return typeRef{}, false, nil
	}
	// Tests often declare a nested cli() each: the one of the caller's scope.
	fn := pickInnermost(local, caller)[0]
	if len(fn.Decorators) == 0 {
		return typeRef{}, false, nil
	}
	q.depth++
	defer func() { q.depth-- }()
	d := fn.Decorators[0]
	recv, callee := "", d.Name
	if i := strings.LastIndex(d.Name, "."); i >= 0 {
		recv, callee = d.Name[:i], d.Name[i+1:]
	}
	call := fact.Call{Path: f.Path, Callee: callee, Receiver: recv}
	if caller != nil {
		call.CallerID = caller.ID
	}
	targets, res, err := q.resolveCall(ctx, call)
	if err != nil || res != fact.ResolvedAST {
		return typeRef{kind: refUnknown}, true, err
	}
	for _, t := range targets {
		if isType(t) { // @Registry: an instance of the decorating class
			return typeRef{kind: refInstance, class: t}, true, nil
		}
		rt := strings.TrimPrefix(resultType(t, 0), treesitter.GoFuncPrefix) // @d(): what d's result returns
		if rt == "" {
			continue
		}
		tf, err := q.file(ctx, t.Path)
		if err != nil || tf == nil {
			return typeRef{kind: refUnknown}, true, err
		}
		if ref, err := q.instanceOf(ctx, tf, rt); err != nil || ref.kind != refUnknown {
			return ref, true, err
		}
	}
	return typeRef{kind: refUnknown}, true, nil
}

// pyClosureMethod is the method whose self (or cls) a function nested in it
// sees: def decorator(f) inside Group.command uses Group.command's self,
// unless it declares a parameter of that name itself. nil when fn is not
// nested in a method.
func (q *pyLang) pyClosureMethod(ctx context.Context, fn *fact.Symbol, name string) (*fact.Symbol, error) {
	cur := fn
	for depth := 0; depth < 8; depth++ {
		for _, p := range cur.Params {
			if p.Name == name {
				return nil, nil
			}
		}
		hash := strings.LastIndexByte(cur.ID, '#')
		dot := strings.LastIndexByte(cur.ID, '.')
		if dot < hash {
			return nil, nil
		}
		parentID := cur.ID[:dot]
		parent, err := q.symbol(ctx, parentID)
		if err != nil || parent == nil {
			return nil, err
		}
		switch parent.Kind {
		case treesitter.KindMethod:
			return parent, nil
		case treesitter.KindFunction:
			cur = parent
		default:
			return nil, nil
		}
	}
	return nil, nil
}

// local: the first assignment of name that gives a type, else the type the
// overridden method declares for a parameter. Python's locals are all
// decided here: the core's declared-type lookup does not apply.
func (q *pyLang) local(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (typeRef, bool, error) {
	if ref, found, err := q.pyEvalLocal(ctx, f, caller, name); err != nil || found {
		return ref, found, err
	}
	if ref, found, err := q.pyInheritedParam(ctx, caller, name); err != nil || found {
		return ref, found, err
	}
	if ref, found, err := q.pyCallSiteParam(ctx, caller, name); err != nil || found {
		return ref, found, err // an argument of the call whose result is inferred
	}
	return q.pyFixtureParam(ctx, f, caller, name) // resolve_pytest.go
}

// moduleName: import a.b; a.b.f().
func (q *pyLang) moduleName(ctx context.Context, f *fact.File, name string) (typeRef, bool) {
	return q.pyDottedImport(ctx, f, name)
}

// unbound: a decorated function is what its decorator declares it returns
// (@click.group() def cli(): cli.command()).
func (q *pyLang) unbound(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (typeRef, bool, error) {
	return q.pyDecorated(ctx, f, caller, name)
}

// callResult: what a plain call f(...) returns by Python's rules.
func (q *pyLang) callResult(ctx context.Context, f *fact.File, caller *fact.Symbol, recv, callee string, _ int) (typeRef, bool, error) {
	if recv != "" {
		// Order.objects.create(...), .get(...): a Django model instance.
		return (&frameworkView{query: q.query}).managerResult(ctx, f, caller, recv, callee)
	}
	return q.pyCallResult(ctx, f, caller, callee)
}

// pyUntypedAnnotations say nothing of a value's type: a call on one may be
// any class's, the project's included.
var pyUntypedAnnotations = setOf("Any", "object", "Self", "typing.Any")

// pyOutsideAnnotation reports whether an annotation that names no workspace
// class names a type from outside the workspace: its first segment is bound
// to an import from a module the workspace does not hold (HttpRequest from
// django.http, models.QuerySet), or it is a builtin type (dict, str).
func (q *query) pyOutsideAnnotation(ctx context.Context, f *fact.File, typeName string) bool {
	if pyUntypedAnnotations[typeName] {
		return false
	}
	first, _, _ := strings.Cut(typeName, ".")
	return first != "" && !pyUntypedAnnotations[first] && q.isExternalName(ctx, f, first)
}

// pyMethodAbove resolves super().name() in cls, a class with several bases:
// the first base, in declaration order and depth first (Python's MRO for
// all but diamonds), that has the method. A base the workspace does not
// declare may hold it: then the call is outside (external), as pyright says
// when the library's class comes first.
func (q *query) pyMethodAbove(ctx context.Context, cls fact.Symbol, name string, cands []fact.Symbol, external *bool) ([]fact.Symbol, fact.Resolution, error) {
	cf, err := q.file(ctx, cls.Path)
	if err != nil || cf == nil {
		return nil, "", err
	}
	for _, n := range cls.Extends {
		base, err := q.resolveTypeName(ctx, cf, n)
		if err != nil {
			return nil, "", err
		}
		if base == nil || base.ID == cls.ID {
			if q.isExternalName(ctx, cf, strings.SplitN(n, ".", 2)[0]) && n != "object" {
				*external = true // a library's base comes first: its method, or beyond
				return nil, "", nil
			}
			continue
		}
		found, err := q.methodOf(ctx, *base, name, cands, 0)
		if err != nil || len(found) > 0 {
			return found, fact.ResolvedAST, err
		}
	}
	return nil, "", nil
}

// pyCallOfInstance resolves a bare call whose name is a local or parameter
// holding an instance of a workspace class: g("x") after g = Greeter() is
// a call of Greeter.__call__, as pyright links it. Only names the file
// binds as typed locals are evaluated, so other bare calls cost one scan of
// the file's locals.
func (q *query) pyCallOfInstance(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call) ([]fact.Symbol, error) {
	if caller == nil || !pyWrittenAs(c, c.Callee) {
		return nil, nil
	}
	if l := q.localNamed(f, caller, c.Callee); l == nil || l.SymbolID == "" || l.Type == "" {
		return nil, nil
	}
	ref, err := q.evalName(ctx, f, caller, c.Callee)
	if err != nil || ref.kind != refInstance || ref.elems > 0 {
		return nil, err
	}
	cands, err := q.namedIn(ctx, "__call__", family(f.Language))
	if err != nil || len(cands) == 0 {
		return nil, err
	}
	return q.methodOf(ctx, ref.class, "__call__", cands, 0)
}

// pyInstanceCallers adds the callers of a Python __call__ method: bare
// calls of the locals that hold an instance of its class. Those sites are
// not calls of the name __call__, so they are found through the locals
// whose recorded type names the class, each resolved as any call is.
func (q *query) pyInstanceCallers(ctx context.Context, target fact.Symbol, byCaller edgeSet) error {
	if target.Language != treesitter.Python || target.Name != "__call__" || target.Container == "" {
		return nil
	}
	// The files that can hold such a local: the class's own, those that
	// construct it, and those that import it (an annotated parameter).
	paths := map[string]bool{target.Path: true}
	built, err := q.callsNamed(ctx, target.Container)
	if err != nil {
		return err
	}
	for _, c := range built {
		paths[c.Path] = true
	}
	for _, f := range q.allFiles(ctx) {
		for _, imp := range f.Imports {
			if f.Language == treesitter.Python && imp.Local == target.Container {
				paths[f.Path] = true
			}
		}
	}
	names := map[string]bool{}
	for p := range paths {
		f, err := q.file(ctx, p)
		if err != nil {
			return err
		}
		if f == nil || f.Language != treesitter.Python {
			continue
		}
		for _, l := range f.Locals {
			if l.SymbolID != "" && strings.Contains(l.Type, target.Container) {
				names[l.Name] = true // a cheap first cut: the type names the class
			}
		}
	}
	return q.addCallsReaching(ctx, target, sortedKeys(names), byCaller, func(c fact.Call) bool {
		return c.Receiver == "" && !c.New && !c.Ref
	})
}

// pyCallMade reports whether name is a local whose value a call made
// (maker = partial(Session)), which may be the project's whatever the
// callee is: no argument of that call is recorded. A project method that
// declares its result (maker = db.get_session_maker(), declared
// async_sessionmaker[AsyncSession]) is read by that declaration instead.
func (q *pyLang) pyCallMade(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (bool, error) {
	l := q.localNamed(f, caller, name)
	if l == nil {
		return false, nil
	}
	_, _, typ, _ := treesitter.CutScope(l.Type)
	callee, ok := strings.CutPrefix(typ, treesitter.CallTypePrefix)
	if !ok {
		return false, nil
	}
	i := strings.LastIndex(callee, ".")
	if i < 0 {
		return true, nil
	}
	on, err := q.evalReceiver(ctx, f, caller, callee[:i])
	if err != nil || (on.kind != refInstance && on.kind != refClass) {
		return true, err
	}
	cands, err := q.named(ctx, callee[i+1:])
	if err != nil {
		return true, err
	}
	methods, err := q.methodOf(ctx, on.class, callee[i+1:], cands, 0)
	if err != nil {
		return true, err
	}
	for _, m := range methods {
		if m.Returns == "" {
			return true, nil
		}
	}
	return len(methods) == 0, nil
}

// pyEnterPassesOn are the context managers of the standard library whose
// __enter__ gives back what they were handed, which may be the project's.
var pyEnterPassesOn = map[string]bool{"closing": true, "nullcontext": true, "enter_context": true, "enter_async_context": true}

// pyMadeOutside types the result of recv.callee(...) as a value from
// outside the workspace, as pyright does, when it plainly is one: the
// __enter__ of a context manager made outside (with open(p) as f, with
// p.open() as fh for p: Path, with request.urlopen(u) as resp), or an
// instance of a class of a module outside (io.BytesIO(),
// configparser.ConfigParser()). ok is false otherwise: what an outside
// function or method returns is left unknown, since it may be handed back
// a project object (copy.deepcopy(order), session.query(Order).first()).
func (q *pyLang) pyMadeOutside(ctx context.Context, f *fact.File, caller *fact.Symbol, recv, callee string) (typeRef, bool, error) {
	outside := typeRef{kind: refExternal}
	switch {
	case callee == "__enter__" || callee == "__aenter__": // with, async with
		if manager, err := q.evalReceiver(ctx, f, caller, recv); err != nil || manager.enters != nil {
			// a declared AbstractAsyncContextManager[DatabaseContext]:
			// what it gives is the project's
			if err != nil {
				return typeRef{}, false, err
			}
			return *manager.enters, true, nil
		}
		made, ok := strings.CutSuffix(recv, "()")
		if !ok {
			return typeRef{}, false, nil
		}
		madeOn, maker := "", made
		if i := strings.LastIndex(made, "."); i >= 0 {
			madeOn, maker = made[:i], made[i+1:]
		}
		if pyEnterPassesOn[maker] {
			return typeRef{}, false, nil
		}
		if madeOn == "" && q.isExternalName(ctx, f, maker) {
			return outside, true, nil
		}
		// async with maker() as s, store.maker()() as s: a value declared
		// as one from outside (async_sessionmaker[AsyncSession]), called,
		// makes one of its own, as pyright reads its __call__. Not a local
		// some call made: partial(Session), registry.get(kind) and
		// getattr(m, name) hand back the project's classes.
		if callMade, err := q.pyCallMade(ctx, f, caller, made); err != nil {
			return typeRef{}, false, err
		} else if callMade {
			// leave it to the rules below
		} else if called, err := q.evalReceiver(ctx, f, caller, made); err != nil {
			return typeRef{}, false, err
		} else if called.kind == refExternal {
			if pyLibraryExt(called.ext) {
				outside.ext = called.ext
			}
			return outside, true, nil
		}
		if madeOn == "" {
			return outside, false, nil
		}
		of, err := q.evalReceiver(ctx, f, caller, madeOn)
		if err == nil && of.kind == refExternal && pyLibraryExt(of.ext) {
			outside.ext = of.ext // with tarfile.open(p) as tf: tf.extractfile(m) is tarfile's too
		}
		return outside, err == nil && of.kind == refExternal, err
	case pyOperatorMethod(callee):
		// tmp_path / "a", channel / ".gitignore" with channel a Path: an
		// operator on a value from outside gives one from outside
		of, err := q.evalReceiver(ctx, f, caller, recv)
		if err == nil && pyLibraryExt(of.ext) {
			outside.ext = of.ext
		}
		return outside, err == nil && of.kind == refExternal, err
	case strings.ContainsAny(recv, "()[]"):
		return typeRef{}, false, nil
	case callee != "" && 'A' <= callee[0] && callee[0] <= 'Z':
		of, err := q.evalReceiver(ctx, f, caller, recv)
		if err == nil && pyLibraryExt(of.ext) {
			outside.ext = of.ext
		}
		return outside, err == nil && of.kind == refExternal, err
	default:
		// pd.read_csv(p), urllib.request.urlopen(u), df.merge(other),
		// conn.execute(sql): what a library of pyLibraries, or a value it
		// made, gives is that library's.
		if lib := q.pyLibraryOf(ctx, f, caller, recv, 0); lib != "" {
			return typeRef{kind: refExternal, ext: lib}, true, nil
		}
		return typeRef{}, false, nil
	}
}

// pyOperatorMethod reports whether name is the method a binary operator
// calls (treesitter's pythonOperators): tmp_path / "a" / "b" calls
// __truediv__ on what the first / gives, a library's value as the first
// operand is.
func pyOperatorMethod(name string) bool {
	for _, op := range pyBinaryOperators {
		if op.method == name {
			return true
		}
	}
	return false
}

// pyLibraryOf is the ext (pyLibrary) of the library an expression's value
// comes from, read from the text alone: its first name bound by an import
// of the library (pd in pd.read_csv), or a local whose recorded type comes
// from one (df = pd.read_csv(p); with tarfile.open(p) as tf; fh =
// tf.extractfile(m)). "" when it is not plainly one. Evaluating each
// receiver instead would evaluate every local of a chain again at each
// step (a warm-up three times longer on skyportal).
func (q *pyLang) pyLibraryOf(ctx context.Context, f *fact.File, caller *fact.Symbol, expr string, depth int) string {
	if depth > 4 {
		return ""
	}
	first := expr
	if i := strings.IndexAny(expr, ".([!"); i >= 0 {
		first = expr[:i]
	}
	if first == "" || first == "self" || first == "cls" {
		return ""
	}
	if l := q.localNamed(f, caller, first); l != nil {
		_, _, typ, _ := treesitter.CutScope(l.Type)
		if pyBuiltinData(typ) {
			return pyLibraryPrefix + "builtins" // MESSAGES: dict[Code, str]; MESSAGES.get(c).format(...)
		}
		typ, _ = strings.CutPrefix(typ, treesitter.CallTypePrefix)
		return q.pyLibraryOf(ctx, f, caller, typ, depth+1)
	}
	scoped := q.pyImportInScope(ctx, f, caller, first)
	for i, imp := range f.Imports {
		if imp.Local != first && !strings.HasPrefix(imp.Local, first+".") || scoped >= 0 && imp.Local == first && i != scoped {
			continue
		}
		if lib := pyLibrary(f, imp.Module); lib != "" && !q.moduleInWorkspace(ctx, f, imp.Module) {
			return lib
		}
		return ""
	}
	return ""
}

// pyLibraries are outside modules whose functions, and the methods of what
// they make, never hand back a project's object: files, paths, sockets,
// HTTP responses, loggers, database connections and rows, data frames,
// parsed data; a migration's alembic op and the connection op.get_bind()
// gives, which read and write tables by SQL text. Left out: what hands
// back its argument or a caller's object (copy, random.choice,
// typing.cast, dataclasses.replace, asyncio.gather, functools, itertools,
// pickle, importlib) and ORMs (django, sqlalchemy), whose queries give the
// project's models.
var pyLibraries = map[string]bool{
	"alembic": true, "argparse": true, "base64": true, "boto3": true, "bz2": true, "configparser": true, "csv": true,
	"datetime": true, "duckdb": true, "email": true, "glob": true, "gzip": true, "hashlib": true,
	"hmac": true, "http": true, "httpx": true, "io": true, "json": true, "logging": true, "lzma": true,
	"numpy": true, "os": true, "pandas": true, "pathlib": true, "psycopg2": true, "pyarrow": true,
	"pymysql": true, "re": true, "redis": true, "requests": true, "shutil": true, "smtplib": true,
	"socket": true, "sqlite3": true, "ssl": true, "struct": true, "subprocess": true, "tarfile": true,
	"tempfile": true, "time": true, "urllib": true, "uuid": true, "yaml": true, "zipfile": true, "zlib": true,
	// the standard library's text and number modules: strings, bytes and
	// numbers in, strings, bytes and numbers out (not random or secrets,
	// whose choice hands back an element of what it is given)
	"binascii": true, "codecs": true, "html": true, "math": true, "platform": true, "shlex": true,
	"string": true, "textwrap": true, "unicodedata": true,
}

// pyUnknownElements is the typeRef.ext of a builtin list, tuple or set
// copied from a collection nothing types (tuple(xs)): the builtin's
// methods, and elements that may be anything.
const pyUnknownElements = "builtins:copy"

// pyLibraryPrefix starts typeRef.ext for a value of a library of
// pyLibraries: "py:pandas".
const pyLibraryPrefix = "py:"

// pyLibrary is the ext of a value of module, imported in f from outside
// the workspace: "py:" and its top package where pyLibraries holds it,
// "" otherwise.
func pyLibrary(f *fact.File, module string) string {
	if f.Language != treesitter.Python {
		return ""
	}
	root, _, _ := strings.Cut(module, ".")
	if !pyLibraries[root] {
		return ""
	}
	return pyLibraryPrefix + root
}

func pyLibraryExt(ext string) bool { return strings.HasPrefix(ext, pyLibraryPrefix) }

// pyInferredResult evaluates the result of an unannotated Python function
// t that returns a call (treesitter's pythonConstructedReturn gives rt as
// that call's type, scoped at the return): in t's file, inside t, where
// its self, parameters and locals are bound. ok is false when rt is no
// such result.
func (q *query) pyInferredResult(ctx context.Context, t fact.Symbol, rt string) (typeRef, bool, error) {
	if t.Language != treesitter.Python {
		return typeRef{}, false, nil
	}
	if held, ok := strings.CutPrefix(rt, treesitter.PythonEntersTypePrefix); ok {
		// a @contextmanager generator yielding what a call gives: entering
		// it gives that (treesitter's pythonConstructedReturn)
		inner, ok, err := q.pyInferredResult(ctx, t, held)
		if !ok || err != nil {
			return inner, ok, err
		}
		return typeRef{kind: refExternal, enters: &inner}, true, nil
	}
	if places, ok := strings.CutPrefix(rt, treesitter.PythonTupleTypePrefix); ok && strings.Contains(places, treesitter.ScopePrefix) {
		// return strategy, client: each place evaluated in t (pyItemOf)
		return typeRef{kind: refExternal, tuple: places, tupleIn: t.Path, tupleFn: &t}, true, nil
	}
	if _, _, rest, scoped := treesitter.CutScope(rt); !scoped || !strings.HasPrefix(rest, treesitter.CallTypePrefix) && !strings.HasPrefix(rest, treesitter.ValueTypePrefix) {
		return typeRef{}, false, nil
	}
	tf, err := q.file(ctx, t.Path)
	if err != nil || tf == nil {
		return typeRef{kind: refUnknown}, true, err
	}
	ref, err := q.declaredType(ctx, tf, &t, rt)
	return ref, true, err
}

// pyAliasOf is the import that binds the bare callee of a Python call
// under another name (from .m import aggregate as callee), nil for none.
func pyAliasOf(f *fact.File, recv, callee string) *treesitter.Import {
	if f.Language != treesitter.Python || recv != "" {
		return nil
	}
	for i := range f.Imports {
		imp := &f.Imports[i]
		if imp.Local == callee && imp.Imported != callee && imp.Imported != "*" && imp.Imported != "" {
			return imp
		}
	}
	return nil
}

// pyPackageDir reports whether the workspace directory dir ("" and "."
// for the root, never one) holds an __init__.py: a package, which Python imports
// under its parent's name.
func (q *query) pyPackageDir(ctx context.Context, dir string) bool {
	if dir == "" || dir == "." {
		return false
	}
	if q.pyPackages == nil {
		q.pyPackages = map[string]bool{}
		for _, wf := range q.allFiles(ctx) {
			if wf.Language == treesitter.Python && path.Base(wf.Path) == "__init__.py" {
				q.pyPackages[path.Dir(wf.Path)] = true
			}
		}
	}
	return q.pyPackages[dir]
}

// pyOrOperands splits a Python receiver written as a parenthesized "or"
// ((classifier or DEFAULT_CLASSIFIER).classify(x)) into its operands; nil
// for any other receiver.
func pyOrOperands(lang treesitter.Language, recv string) []string {
	if lang != treesitter.Python || len(recv) < 2 || recv[0] != '(' || recv[len(recv)-1] != ')' {
		return nil
	}
	inner := recv[1 : len(recv)-1]
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(inner); i++ {
		switch inner[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth < 0 {
				return nil // (a).m(b): not one parenthesized expression
			}
		case '"', '\'':
			return nil
		case ' ':
			if depth == 0 && strings.HasPrefix(inner[i:], " or ") {
				out = append(out, strings.TrimSpace(inner[start:i]))
				start = i + len(" or ")
				i += len(" or ") - 1
			}
		}
	}
	if depth != 0 || len(out) == 0 {
		return nil
	}
	return append(out, strings.TrimSpace(inner[start:]))
}

// pyOperatorOperand splits a Python receiver that is one parenthesized
// binary operation, (channel / ".gitignore") in (channel / ".gitignore").open(),
// into its left operand and the method its last operator calls on it
// (treesitter's pythonOperators): "channel", "__truediv__". The left
// operand must be a plain name or path; ok is false otherwise.
func pyOperatorOperand(lang treesitter.Language, recv string) (left, method string, ok bool) {
	if lang != treesitter.Python || len(recv) < 2 || recv[0] != '(' || recv[len(recv)-1] != ')' {
		return "", "", false
	}
	inner := recv[1 : len(recv)-1]
	at, width := -1, 0
	depth := 0
	treesitter.ScanOutsideQuotes(inner, 0, func(i int, c byte) bool {
		switch {
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ' ' && depth == 0:
			for _, op := range pyBinaryOperators {
				if strings.HasPrefix(inner[i+1:], op.token+" ") {
					at, width, method = i, len(op.token)+2, op.method
					break
				}
			}
		}
		return depth >= 0
	})
	if at < 0 || depth != 0 {
		return "", "", false
	}
	left = strings.TrimSpace(inner[:at])
	if left == "" || strings.ContainsAny(left, " ()[]{}'\"") || strings.TrimSpace(inner[at+width:]) == "" {
		return "", "", false
	}
	return left, method, true
}

// pyBinaryOperators are Python's binary operators and the method each calls
// on its left operand, longest tokens first.
var pyBinaryOperators = []struct{ token, method string }{
	{"//", "__floordiv__"}, {"**", "__pow__"}, {"<<", "__lshift__"}, {">>", "__rshift__"},
	{"/", "__truediv__"}, {"+", "__add__"}, {"-", "__sub__"}, {"*", "__mul__"}, {"%", "__mod__"},
	{"@", "__matmul__"}, {"|", "__or__"}, {"&", "__and__"}, {"^", "__xor__"},
}

// pyEitherOf is what a receiver "a or b" is, for a call on it: the first
// operand that is an instance or a class of the workspace (the value when
// it is set, else the default), else a value from outside the workspace
// when every operand is one, else unknown.
func (q *pyLang) pyEitherOf(ctx context.Context, f *fact.File, caller *fact.Symbol, operands []string) (typeRef, error) {
	outside := true
	for _, op := range operands {
		ref, err := q.evalReceiver(ctx, f, caller, op)
		if err != nil {
			return typeRef{}, err
		}
		switch ref.kind {
		case refInstance, refClass:
			return ref, nil
		case refExternal:
		default:
			outside = false
		}
	}
	if outside {
		return typeRef{kind: refExternal}, nil
	}
	return typeRef{kind: refUnknown}, nil
}

// pyBuiltinData reports whether a recorded Python type is builtin data or
// a collection of it, as deep as it nests (str, list[int], dict[Code,
// str]): whatever its elements, values and methods give is builtin too.
func pyBuiltinData(t string) bool {
	for {
		rest, ok := strings.CutPrefix(t, treesitter.GoCollectionPrefix)
		if !ok {
			rest, ok = strings.CutPrefix(t, treesitter.PythonMappingPrefix)
		}
		if !ok {
			break
		}
		t = rest
	}
	switch t {
	case "str", "int", "float", "bool", "bytes", "complex":
		return true
	}
	return false
}

// pyBuiltinMethodNames are methods of Python's builtin and standard types
// (pathlib.Path, str, bytes, list, dict, set, files) that a workspace class
// seldom declares too: a call of one on a receiver the resolver cannot
// type is no name match of the workspace's method (maunting-server-manager:
// 105 target.exists() calls, Paths, listed under BlueprintRegistry.exists).
// Names projects use for their own methods as much (get, update, add,
// remove, save, read, write, close, find) are not among them.
var pyBuiltinMethodNames = map[string]bool{
	// pathlib.Path
	"exists": true, "is_file": true, "is_dir": true, "is_symlink": true, "mkdir": true, "unlink": true, "rmdir": true,
	"glob": true, "rglob": true, "iterdir": true, "read_text": true, "write_text": true, "read_bytes": true,
	"write_bytes": true, "with_suffix": true, "with_name": true, "relative_to": true, "joinpath": true,
	"expanduser": true, "is_absolute": true, "symlink_to": true, "touch": true,
	// str and bytes
	"startswith": true, "endswith": true, "splitlines": true, "strip": true, "lstrip": true, "rstrip": true,
	"lower": true, "upper": true, "encode": true, "decode": true, "rsplit": true, "isdigit": true, "isalpha": true,
	"isalnum": true, "isspace": true, "zfill": true, "ljust": true, "rjust": true, "casefold": true,
	// dict, list, set
	"setdefault": true, "popitem": true, "items": true, "keys": true, "values": true, "append": true, "extend": true,
	"issubset": true, "issuperset": true, "discard": true,
	// files
	"readline": true, "readlines": true, "writelines": true,
}

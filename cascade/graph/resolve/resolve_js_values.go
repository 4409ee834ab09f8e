package resolve

import (
	"context"
	"sort"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// Values of JavaScript and TypeScript modules that are not classes:
// object literals bound to a name (const logger = { warn() {} }), whose
// methods the extractor records under that name, and imported values typed
// as their module binds them (export const log = pino() is a package's
// value), as tsserver types them.

// jsObjectRef is the value an object-literal type names (ObjectTypePrefix),
// declared in f: an instance of a class-like symbol, named as the object's
// methods' container, that exists only in this request. ok is false for any
// other type.
func jsObjectRef(f *fact.File, typ string) (typeRef, bool) {
	name, open := strings.CutPrefix(typ, treesitter.OpenObjectTypePrefix)
	if !open {
		var closed bool
		if name, closed = strings.CutPrefix(typ, treesitter.ObjectTypePrefix); !closed {
			return typeRef{}, false
		}
	}
	object := fact.Symbol{ID: f.Path + "#" + name + "{}", Path: f.Path, Language: f.Language, Name: name, Kind: treesitter.KindClass}
	return typeRef{kind: refInstance, class: object, open: open}, true
}

// jsModuleFiles are the workspace files the JavaScript or TypeScript module
// specifier, written in f, may name (a path, a barrel's index, an alias),
// f itself left out.
func (q *query) jsModuleFiles(ctx context.Context, f *fact.File, module string) ([]*fact.File, error) {
	var out []*fact.File
	for _, wf := range q.r.jsModules(q.allFiles(ctx)).matching(f.Path, module) {
		mf, err := q.file(ctx, wf.Path)
		if err != nil {
			return nil, err
		}
		if mf != nil && mf.Path != f.Path {
			out = append(out, mf)
		}
	}
	return out, nil
}

// jsObjectOfMethod is this in method, a method of an object literal (its
// container is no class of its file): the object, open, since a framework
// may bind this to more than the literal writes (a Vue component's
// methods, Object.assign).
func (q *query) jsObjectOfMethod(ctx context.Context, method *fact.Symbol) (typeRef, bool, error) {
	if family(method.Language) != "js" || method.Container == "" {
		return typeRef{}, false, nil
	}
	f, err := q.file(ctx, method.Path)
	if err != nil || f == nil {
		return typeRef{}, false, err
	}
	for _, l := range f.Locals {
		if l.Name != method.Container {
			continue
		}
		_, _, typ, _ := treesitter.CutScope(l.Type) // an object bound in a nested block
		if ref, ok := jsObjectRef(f, typ); ok {
			ref.open = true
			return ref, true, nil
		}
	}
	if method.Kind == treesitter.KindMethod {
		// function createState() { return { connect() { this.disconnect() }, disconnect() {} } }:
		// the extractor records the returned object's methods under the
		// function's name; this in one of them is that object (tsserver
		// types it so under noImplicitThis)
		fn, err := q.symbol(ctx, f.Path+"#"+method.Container)
		if err != nil {
			return typeRef{}, false, err
		}
		if fn != nil && fn.Kind == treesitter.KindFunction {
			ref, _ := jsObjectRef(f, treesitter.ObjectTypePrefix+method.Container)
			ref.open = true
			return ref, true, nil
		}
	}
	return typeRef{}, false, nil
}

// jsImportedValue types a value imported by name from a workspace module
// as the module binds it: its own top-level declaration (an object
// literal, a package's value, an instance), or what it imports or passes on
// from another module in turn (barrels, export *). ok is false when no
// module file says more than "a value of unknown type".
func (q *query) jsImportedValue(ctx context.Context, f *fact.File, module, exported string) (typeRef, bool, error) {
	if q.depth > 6 || exported == "*" {
		return typeRef{}, false, nil
	}
	q.depth++
	defer func() { q.depth-- }()
	// The position of the call being resolved is in f, not in the module:
	// there, only what its top level binds counts, not a block's local.
	defer func(saved uint32) { q.pos = saved }(q.pos)
	q.pos = 0
	files, err := q.jsModuleFiles(ctx, f, module)
	if err != nil {
		return typeRef{}, false, err
	}
	for _, mf := range files {
		ref, err := q.evalName(ctx, mf, nil, exported)
		if err != nil {
			return typeRef{}, false, err
		}
		if ref.kind != refUnknown {
			return ref, true, nil
		}
		if jsBinds(mf, exported) {
			continue
		}
		for _, inner := range mf.Imports {
			if !inner.Reexport || inner.Local != "*" || exported == "default" {
				continue // export * passes no default on
			}
			if ref, ok, err := q.jsImportedValue(ctx, mf, inner.Module, exported); err != nil || ok {
				return ref, ok, err
			}
		}
	}
	return typeRef{}, false, nil
}

// jsScopedLacks reports whether module, written in f, is a scoped
// package's name that matches workspace files only by its last segment
// (jsModules.scopedByName) and none of those files binds or passes on
// exported: import { ConfigModule } from '@nestjs/config' beside a
// workspace libs/config/index.ts that declares no ConfigModule. tsserver
// takes the package from node_modules there, so the import is outside.
func (q *query) jsScopedLacks(ctx context.Context, f *fact.File, module, exported string) (bool, error) {
	if !q.r.jsModules(q.allFiles(ctx)).scopedByName(f.Path, module) {
		return false, nil
	}
	files, err := q.jsModuleFiles(ctx, f, module)
	if err != nil || len(files) == 0 {
		return false, err
	}
	syms, err := q.named(ctx, exported)
	if err != nil {
		return false, err
	}
	for _, mf := range files {
		if provides, err := q.jsProvides(ctx, mf, exported, syms, 0); err != nil || provides {
			return false, err
		}
	}
	return true, nil
}

// jsProvides reports whether the module file mf binds name at its top
// level (syms: the workspace symbols of that name) or may pass it on
// through export * from a module it names, followed as far as
// maxReexportDepth; a module that names no workspace file, or a chain too
// long, may pass anything on.
func (q *query) jsProvides(ctx context.Context, mf *fact.File, name string, syms []fact.Symbol, depth int) (bool, error) {
	if jsBinds(mf, name) {
		return true, nil
	}
	for _, s := range syms {
		if s.Path == mf.Path && s.Container == "" {
			return true, nil
		}
	}
	for _, imp := range mf.Imports {
		if !imp.Reexport || imp.Local != "*" {
			continue
		}
		if depth >= maxReexportDepth {
			return true, nil
		}
		inner, err := q.jsModuleFiles(ctx, mf, imp.Module)
		if err != nil || len(inner) == 0 {
			return true, err
		}
		for _, f := range inner {
			if ok, err := q.jsProvides(ctx, f, name, syms, depth+1); err != nil || ok {
				return true, err
			}
		}
	}
	return false, nil
}

// jsImportedFromOutside reports whether the name (its head, for a dotted
// one) is bound in f by an import of a package outside the workspace.
func (q *query) jsImportedFromOutside(ctx context.Context, f *fact.File, typeName string) bool {
	head, _, _ := strings.Cut(typeName, ".")
	for _, imp := range f.Imports {
		if imp.Local != head || imp.Reexport {
			continue
		}
		return !treesitter.IsRelativeModule(imp.Module) && !q.moduleInWorkspace(ctx, f, imp.Module)
	}
	return false
}

// jsCommonJSExports types what require gives for module (written in f)
// where the module assigns module.exports one value (the extractor's
// CommonJSExportsLocal): an instance, a class, a function. ok is false for
// a module that exports names (module.exports = { a, b }, exports.a = ...,
// an ES module): require then gives the module, as import * does.
func (q *query) jsCommonJSExports(ctx context.Context, f *fact.File, module string) (typeRef, bool, error) {
	if q.depth > 6 {
		return typeRef{}, false, nil
	}
	files, err := q.jsModuleFiles(ctx, f, module)
	if err != nil {
		return typeRef{}, false, err
	}
	for _, mf := range files {
		for _, l := range mf.Locals {
			if l.Name != treesitter.CommonJSExportsLocal || l.SymbolID != "" || l.Type == "" {
				continue
			}
			q.depth++
			saved := q.pos
			q.pos = 0 // the module's top level, not the position in f
			ref, err := q.declaredType(ctx, mf, nil, l.Type)
			q.pos = saved
			q.depth--
			if err != nil {
				return typeRef{}, false, err
			}
			if ref.kind != refUnknown {
				return ref, true, nil
			}
		}
	}
	return typeRef{}, false, nil
}

// jsBinds reports whether f itself binds name at its top level (a local or
// an import), so that an export * elsewhere in it does not pass another
// module's name on in its place.
func jsBinds(f *fact.File, name string) bool {
	for _, l := range f.Locals {
		if l.SymbolID == "" && l.Name == name {
			return true
		}
	}
	for _, imp := range f.Imports {
		if imp.Local == name {
			return true
		}
	}
	return false
}

// jsObjectClass is the object literal that method belongs to, as a class
// whose base is the type the literal is written as, where one is declared:
// const quiet: Tracker = { start() {} }, or function make(): Tracker {
// return { start() {} } }. A call of Tracker.start may run its start, as
// tsserver counts it. nil when the literal has no declared type.
func (q *query) jsObjectClass(ctx context.Context, method *fact.Symbol) (*fact.Symbol, error) {
	if family(method.Language) != "js" || method.Container == "" {
		return nil, nil
	}
	f, err := q.file(ctx, method.Path)
	if err != nil || f == nil {
		return nil, err
	}
	declared := ""
	for _, l := range f.Locals {
		if l.Name != method.Container {
			continue
		}
		_, _, typ, _ := treesitter.CutScope(l.Type)
		if _, isObject := jsObjectRef(f, typ); !isObject && isDeclaredTypeName(typ) {
			declared = typ // const quiet: Tracker = { ... }
		}
		break
	}
	if declared == "" {
		named, err := q.named(ctx, method.Container)
		if err != nil {
			return nil, err
		}
		found := false
		for _, s := range named {
			if s.Path == method.Path && isCallable(s) && s.Span.StartByte <= method.Span.StartByte && method.Span.EndByte <= s.Span.EndByte {
				if _, isObject := jsObjectRef(f, s.Returns); !isObject && isDeclaredTypeName(s.Returns) {
					declared = s.Returns // function make(): Tracker { return { ... } }
				}
				found = true
				break
			}
		}
		if !found {
			// return function adapter(): Adapter { return { ... } }: a
			// function expression is no symbol, but what returns it says
			// what calling it gives (treesitter.GoFuncPrefix)
			if declared, err = q.jsReturnedFunctionType(ctx, method); err != nil {
				return nil, err
			}
		}
	}
	if declared == "" {
		return nil, nil
	}
	return &fact.Symbol{ID: f.Path + "#" + method.Container + "{}", Path: f.Path, Language: f.Language, Name: method.Container,
		Kind: treesitter.KindClass, Extends: []string{declared}}, nil
}

// jsReturnedFunctionType is T where the function of f that method is
// nested in returns only a function expression declared to return T, whose
// object literal method is: "" if none.
func (q *query) jsReturnedFunctionType(ctx context.Context, method *fact.Symbol) (string, error) {
	i := strings.LastIndex(method.ID, ".")
	if i < 0 || !strings.Contains(method.ID[:i], "#") {
		return "", nil
	}
	outer, err := q.symbol(ctx, method.ID[:i])
	if err != nil || outer == nil || !isCallable(*outer) {
		return "", err
	}
	if t, ok := strings.CutPrefix(outer.Returns, treesitter.GoFuncPrefix); ok && isDeclaredTypeName(t) {
		return t, nil
	}
	return "", nil
}

// isDeclaredTypeName reports whether typ, a Local's or a result's type,
// names a type as written (Tracker, ns.Tracker), not a derived one (the
// result of a call, a value's) or none.
func isDeclaredTypeName(typ string) bool {
	if typ == "" || strings.Contains(typ, ":") {
		return false
	}
	for _, r := range typ {
		if r != '.' && r != '_' && r != '$' && !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// jsReactRef is a React ref whose current holds an instance of held, a type
// name written in f: the ref is React's, its current is a held.
func (q *query) jsReactRef(ctx context.Context, f *fact.File, held string) (typeRef, error) {
	inner, err := q.instanceOf(ctx, f, held)
	if err != nil {
		return typeRef{}, err
	}
	return typeRef{kind: refExternal, current: &inner}, nil
}

// jsDefaultImportedClass is the class a default import names in f (import
// App from './app', where the module says export default class
// AppRenderer), whatever its local name. ok is false when local is no
// default import of a workspace module that binds its default to a class.
func (q *query) jsDefaultImportedClass(ctx context.Context, f *fact.File, local string) (*fact.Symbol, bool, error) {
	for _, imp := range f.Imports {
		if imp.Local != local || imp.Imported != "default" && imp.Imported != "*" || imp.Reexport {
			continue
		}
		// import Users from './users'; or, CommonJS, const Users =
		// require('./users') where the module assigns module.exports = UserService
		exported := "default"
		if imp.Imported == "*" {
			exported = treesitter.CommonJSExportsLocal
		}
		files, err := q.jsModuleFiles(ctx, f, imp.Module)
		if err != nil {
			return nil, false, err
		}
		for _, mf := range files {
			for _, l := range mf.Locals {
				name, isValue := strings.CutPrefix(l.Type, treesitter.ValueTypePrefix)
				if l.Name != exported || l.SymbolID != "" || !isValue {
					continue
				}
				cls, err := q.resolveTypeName(ctx, mf, name)
				if err != nil || cls != nil {
					return cls, cls != nil, err
				}
			}
		}
		return nil, false, nil
	}
	return nil, false, nil
}

// jsElementMethods are the Array methods that give one of the array's
// elements. A TypeScript declared type drops its collection wrapper
// (Provider[] is recorded as Provider), so on such a value
// providers.find(...) is a Provider, as tsserver types it.
var jsElementMethods = map[string]bool{"find": true, "findLast": true, "at": true, "pop": true, "shift": true}

// jsArrayElement types recv.callee(...) in f as an element of recv when
// callee is one of jsElementMethods and recv is typed as a workspace class
// or interface that has no method of that name, on itself or on any base,
// and no base from outside the workspace (which could have one). ok is
// false otherwise.
func (q *query) jsArrayElement(ctx context.Context, of typeRef, callee string) (typeRef, bool, error) {
	if !jsElementMethods[callee] {
		return typeRef{}, false, nil
	}
	return q.jsElementVia(ctx, of, callee)
}

// jsElementVia is an element of of, a value whose declared array type was
// recorded as its element's, when of's type is a workspace class or
// interface that has no method named method on itself or on any base, and
// no base from outside the workspace (which could have one): then method
// is the Array's. ok is false otherwise.
func (q *query) jsElementVia(ctx context.Context, of typeRef, method string) (typeRef, bool, error) {
	if of.kind != refInstance || of.current != nil || family(of.class.Language) != "js" {
		return typeRef{}, false, nil
	}
	cands, err := q.named(ctx, method)
	if err != nil {
		return typeRef{}, false, err
	}
	var declares func(cls fact.Symbol, depth int) (bool, error)
	declares = func(cls fact.Symbol, depth int) (bool, error) {
		if depth > 5 {
			return true, nil
		}
		for _, s := range cands {
			if s.Container == cls.Name && s.Path == cls.Path {
				return true, nil
			}
		}
		bases := q.bases(ctx, cls)
		if len(bases) < len(cls.Extends) {
			return true, nil // a base from outside the workspace may declare it
		}
		for _, b := range bases {
			if d, err := declares(b, depth+1); err != nil || d {
				return d, err
			}
		}
		return false, nil
	}
	if d, err := declares(of.class, 0); err != nil || d {
		return typeRef{}, false, err
	}
	return typeRef{kind: refInstance, class: of.class}, true, nil
}

// jsTypeAlias is the class a TypeScript type alias names (type Ref =
// Scrollbars), declared in f or imported by name from a workspace module.
// ok is false when name is no such alias.
func (q *query) jsTypeAlias(ctx context.Context, f *fact.File, name string) (*fact.Symbol, bool, error) {
	mf, aliased, ok, err := q.jsAliasedType(ctx, f, name)
	if err != nil || !ok {
		return nil, false, err
	}
	if object, ok := jsObjectRef(mf, aliased); ok {
		// type AppContainer = { skillHubQuery: SkillHubQueryContract }: the
		// object type's members, recorded under the alias's name
		return &object.class, true, nil
	}
	cls, err := q.resolveTypeName(ctx, mf, aliased)
	return cls, cls != nil, err
}

// jsAliasedType is the type a type alias named name stands for where f
// writes the name, and the file it is written in: an alias of f, one f
// imports, else one a declare global block of a declaration file declares
// (declare global { type MUser = import('./user').MUserClass }). False when
// no alias has the name.
func (q *query) jsAliasedType(ctx context.Context, f *fact.File, name string) (*fact.File, string, bool, error) {
	if q.depth > 6 {
		return nil, "", false, nil
	}
	q.depth++
	defer func() { q.depth-- }()
	aliasIn := func(mf *fact.File, alias string) (string, bool) {
		for _, l := range mf.Locals {
			aliased, ok := strings.CutPrefix(l.Type, treesitter.TypeAliasPrefix)
			if ok && l.Name == alias && l.SymbolID == "" {
				return aliased, true
			}
		}
		return "", false
	}
	if aliased, ok := aliasIn(f, name); ok {
		return f, aliased, true, nil
	}
	for _, imp := range f.Imports {
		if imp.Local != name || imp.Imported == "*" || imp.Imported == "default" {
			continue
		}
		files, err := q.jsModuleFiles(ctx, f, imp.Module)
		if err != nil {
			return nil, "", false, err
		}
		for _, mf := range files {
			if aliased, ok := aliasIn(mf, imp.Imported); ok {
				return mf, aliased, true, nil
			}
		}
		return nil, "", false, nil
	}
	return q.jsGlobalAlias(ctx, name)
}

// jsGlobalAlias is a type alias a declare global block declares: the
// declaration file's path and the aliased type.
type jsGlobalAlias struct{ path, aliased string }

// jsGlobalAlias finds the type alias named name that a declare global
// block of a declaration file (.d.ts), else of a TypeScript module,
// declares, and the file. The declaration files' aliases are read once
// per generation of the store; a module's is found by its row
// (treesitter.GlobalTypeAliasPrefix). The aliases
// are read once per generation of the store.
func (q *query) jsGlobalAlias(ctx context.Context, name string) (*fact.File, string, bool, error) {
	g := q.r.current()
	q.r.mu.Lock()
	byName := g.jsGlobalAliases
	q.r.mu.Unlock()
	if byName == nil {
		byName = map[string]jsGlobalAlias{}
		for _, wf := range q.allFiles(ctx) {
			if family(wf.Language) != "js" || !strings.HasSuffix(wf.Path, ".d.ts") {
				continue
			}
			mf, err := q.file(ctx, wf.Path)
			if err != nil {
				return nil, "", false, err
			}
			if mf == nil {
				continue
			}
			for _, l := range mf.Locals {
				if aliased, ok := strings.CutPrefix(l.Type, treesitter.GlobalTypeAliasPrefix); ok && l.SymbolID == "" {
					if _, seen := byName[l.Name]; !seen {
						byName[l.Name] = jsGlobalAlias{path: mf.Path, aliased: aliased}
					}
				}
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, "", false, err // the file list may be cut short: keep nothing
		}
		q.r.mu.Lock()
		g.jsGlobalAliases = byName
		q.r.mu.Unlock()
	}
	a, ok := byName[name]
	if !ok {
		// A module may declare global types too (declare global { type
		// MinionTask = IMinionTask } in src/lib/Task.ts): its row names
		// the file.
		rows, err := q.callsNamed(ctx, treesitter.GlobalTypeAliasPrefix+name)
		if err != nil {
			return nil, "", false, err
		}
		for _, c := range rows {
			mf, err := q.file(ctx, c.Path)
			if err != nil {
				return nil, "", false, err
			}
			if mf == nil || family(mf.Language) != "js" {
				continue
			}
			for _, l := range mf.Locals {
				if aliased, ok := strings.CutPrefix(l.Type, treesitter.GlobalTypeAliasPrefix); ok && l.SymbolID == "" && l.Name == name {
					return mf, aliased, true, nil
				}
			}
		}
		return nil, "", false, nil
	}
	mf, err := q.file(ctx, a.path)
	if err != nil || mf == nil {
		return nil, "", false, err
	}
	return mf, a.aliased, true, nil
}

// jsOutsideTypePrefix starts typeRef.ext for a value of a type an outside
// module exports, followed by the module and the type's exported name:
// "js:type:@vercel/flags#Adapter".
const jsOutsideTypePrefix = "js:type:"

// jsOutsideTypeExt names the type exported as name by the outside module.
func jsOutsideTypeExt(module, name string) string {
	return jsOutsideTypePrefix + module + "#" + name
}

// jsExternalDispatch reports whether call c, whose receiver is an outside
// value, may run target, a method of an object literal declared as an
// outside type (function adapter(): Adapter { return { decide() {} } },
// const a: Adapter = { decide() {} }): when the receiver is a value of that
// same type, tsserver lists the call among target's, as a reference of the
// type's member the literal's method implements. via names that member.
func (q *query) jsExternalDispatch(ctx context.Context, c fact.Call, target fact.Symbol) (string, bool, error) {
	if target.Kind != treesitter.KindMethod || c.Callee != target.Name {
		return "", false, nil
	}
	obj, err := q.jsObjectClass(ctx, &target)
	if err != nil || obj == nil || len(obj.Extends) == 0 {
		return "", false, err
	}
	tf, err := q.file(ctx, target.Path)
	if err != nil || tf == nil {
		return "", false, err
	}
	declared := obj.Extends[0]
	if cls, err := q.resolveTypeName(ctx, tf, declared); err != nil || cls != nil {
		return "", false, err // a workspace type: dispatches says
	}
	want := jsOutsideType(tf, declared)
	if !strings.HasPrefix(want.ext, jsOutsideTypePrefix) {
		return "", false, nil
	}
	f, err := q.file(ctx, c.Path)
	if err != nil || f == nil {
		return "", false, err
	}
	got, _, err := q.receiverAt(ctx, f, c)
	if err != nil || got.kind != refExternal || got.ext != want.ext {
		return "", false, err
	}
	return declared + "." + target.Name, true, nil
}

// jsMixinClass is the class a mixin named name in f returns (function
// withPki(Base) { return class PkiApi extends Base { ... } }), nil when
// name binds no workspace function that returns a class.
func (q *query) jsMixinClass(ctx context.Context, f *fact.File, name string) *fact.Symbol {
	if !isDeclaredTypeName(name) || strings.Contains(name, ".") {
		return nil
	}
	fns, err := q.jsTopLevelNamed(ctx, f, name, 0)
	if err != nil {
		return nil
	}
	for _, fn := range fns {
		if !isCallable(fn) || !isDeclaredTypeName(fn.Returns) {
			continue
		}
		ff, err := q.file(ctx, fn.Path)
		if err != nil || ff == nil {
			continue
		}
		if cls, err := q.resolveTypeName(ctx, ff, fn.Returns); err == nil && cls != nil && cls.Path == fn.Path &&
			fn.Span.StartByte <= cls.Span.StartByte && cls.Span.EndByte <= fn.Span.EndByte {
			return cls
		}
	}
	return nil
}

// jsGlobalVar types a name no scope of f binds by the variable a declare
// global block declares under it (declare global { var globalClient:
// RoboChimpBotClient }), as tsserver types it in every file of the
// program: the declaration nearest f (the longest directory prefix shared
// with f, so each package of a monorepo its own) whose written type is a
// workspace class's; ok is false when none is.
func (q *query) jsGlobalVar(ctx context.Context, f *fact.File, name string) (typeRef, bool, error) {
	if q.depth > 6 {
		return typeRef{}, false, nil
	}
	rows, err := q.callsNamed(ctx, treesitter.GlobalVarPrefix+name)
	if err != nil || len(rows) == 0 {
		return typeRef{}, false, err
	}
	paths := make([]string, 0, len(rows))
	seen := map[string]bool{}
	for _, c := range rows {
		if !seen[c.Path] {
			seen[c.Path] = true
			paths = append(paths, c.Path)
		}
	}
	shared := func(p string) int {
		n := 0
		for i := 0; i < len(p) && i < len(f.Path) && p[i] == f.Path[i]; i++ {
			if p[i] == '/' {
				n = i + 1
			}
		}
		return n
	}
	sort.SliceStable(paths, func(i, j int) bool { return shared(paths[i]) > shared(paths[j]) })
	q.depth++
	defer func() { q.depth-- }()
	for _, p := range paths {
		mf, err := q.file(ctx, p)
		if err != nil {
			return typeRef{}, false, err
		}
		if mf == nil || family(mf.Language) != "js" {
			continue
		}
		for _, l := range mf.Locals {
			if l.Name != name || l.SymbolID != "" {
				continue
			}
			// the block of declare global scopes it in its own file
			_, _, typ, _ := treesitter.CutScope(l.Type)
			ref, err := q.declaredType(ctx, mf, nil, typ)
			if err != nil {
				return typeRef{}, false, err
			}
			if ref.kind == refInstance {
				return ref, true, nil
			}
		}
	}
	return typeRef{}, false, nil
}

// jsCallbackHandle is what a workspace class's method (of's) declares its
// callback's first parameter to be: Prisma's generated client declares
// $transaction<R>(fn: (prisma: Omit<PrismaClient, ...>) => ..., ...), so
// this.prisma.$transaction(async (tx) => tx.kyc.update(...)) hands tx a
// PrismaClient, as tsserver types it. The first overload whose first
// parameter is a function type, and whose parameter's type is known,
// gives it; false when none does.
func (q *query) jsCallbackHandle(ctx context.Context, of typeRef, method string) (typeRef, bool, error) {
	if of.kind != refInstance || family(of.class.Language) != "js" {
		return typeRef{}, false, nil
	}
	cands, err := q.namedIn(ctx, method, "js")
	if err != nil || len(cands) == 0 {
		return typeRef{}, false, err
	}
	methods, err := q.methodOf(ctx, of.class, method, cands, 0)
	if err != nil {
		return typeRef{}, false, err
	}
	for _, m := range methods {
		if len(m.Params) == 0 {
			continue
		}
		handle := jsCallbackFirstParamType(m.Params[0].Type)
		if handle == "" {
			continue
		}
		mf, err := q.file(ctx, m.Path)
		if err != nil || mf == nil {
			return typeRef{}, false, err
		}
		ref, err := q.instanceOf(ctx, mf, handle)
		if err != nil {
			return typeRef{}, false, err
		}
		if ref.kind == refInstance {
			return ref, true, nil
		}
	}
	return typeRef{}, false, nil
}

// jsTypeWrappers are TypeScript's utility types that keep a type's members
// (or some of them): what a value of Omit<T, K> has is T's, as far as
// calls on it go.
var jsTypeWrappers = map[string]bool{"Omit": true, "Pick": true, "Partial": true, "Readonly": true, "Required": true, "NonNullable": true}

// jsCallbackFirstParamType is the type name of the first parameter of the
// function type fn, "(prisma: Omit<PrismaClient, K>) => Promise<R>" giving
// "PrismaClient": utility wrappers and type arguments left out. "" for
// anything else.
func jsCallbackFirstParamType(fn string) string {
	fn = strings.TrimSpace(fn)
	if !strings.HasPrefix(fn, "(") {
		return ""
	}
	end := treesitter.MatchBracket(fn, 0)
	if end < 0 || !strings.HasPrefix(strings.TrimSpace(fn[end+1:]), "=>") {
		return ""
	}
	first := jsTopLevelCut(fn[1:end], ',')
	_, typ, ok := strings.Cut(first, ":")
	if !ok {
		return ""
	}
	typ = strings.TrimSpace(typ)
	for range 4 {
		open := strings.IndexByte(typ, '<')
		if open < 0 || !jsTypeWrappers[typ[:open]] {
			break
		}
		close := matchAngle(typ, open)
		if close < 0 {
			return ""
		}
		typ = strings.TrimSpace(jsTopLevelCut(typ[open+1:close], ','))
	}
	if open := strings.IndexByte(typ, '<'); open >= 0 {
		typ = typ[:open] // PrismaClient<ExtArgs>
	}
	if !isDeclaredTypeName(typ) {
		return ""
	}
	return typ
}

// jsTopLevelCut is s up to its first sep outside brackets (a type's angle
// brackets too, not an arrow's) and quotes: treesitter.SplitTopLevel's
// scan, for type texts.
func jsTopLevelCut(s string, sep byte) string {
	depth, cut := 0, len(s)
	treesitter.ScanOutsideQuotes(s, 0, func(i int, c byte) bool {
		switch {
		case c == '(' || c == '[' || c == '{' || c == '<':
			depth++
		case c == ')' || c == ']' || c == '}' || c == '>' && (i == 0 || s[i-1] != '='):
			depth--
		case c == sep && depth == 0:
			cut = i
			return false
		}
		return true
	})
	return s[:cut]
}

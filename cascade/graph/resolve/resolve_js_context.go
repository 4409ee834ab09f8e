package resolve

import (
	"context"
	"strconv"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// Contextually typed parameters (treesitter.ContextParamTypePrefix): in
// const hunt: Task = { async run(data, { user }) { user.raw() } }, tsserver
// types user by Task's run: the type its second parameter is declared
// with, and that type's member user. Task may be a class, an interface, or
// a type alias of an object type (whose members the extractor records as
// fields of the alias, treesitter.ParamsTypePrefix), named here, imported,
// or declared in a declare global block.

// jsContextParam evaluates "Task:run:1" or "Task:run:1:user", written in f.
func (q *query) jsContextParam(ctx context.Context, f *fact.File, rest string) (typeRef, error) {
	parts := strings.Split(rest, ":")
	if len(parts) < 3 || len(parts) > 4 {
		return typeRef{kind: refUnknown}, nil
	}
	index, err := strconv.Atoi(parts[2])
	if err != nil || index < 0 {
		return typeRef{kind: refUnknown}, nil
	}
	mf, member, ok, err := q.jsMemberType(ctx, f, parts[0], parts[1])
	if err != nil || !ok {
		return typeRef{kind: refUnknown}, err
	}
	params, ok := strings.CutPrefix(member, treesitter.ParamsTypePrefix)
	if !ok {
		return typeRef{kind: refUnknown}, nil
	}
	param := treesitter.GoResult(params, index)
	if param == "" {
		return typeRef{kind: refUnknown}, nil
	}
	if len(parts) == 4 {
		// { user }: the member user of the parameter's type
		kf, key, ok, err := q.jsMemberType(ctx, mf, param, parts[3])
		if err != nil || !ok || strings.HasPrefix(key, treesitter.ParamsTypePrefix) {
			return typeRef{kind: refUnknown}, err
		}
		return q.instanceOf(ctx, kf, key)
	}
	return q.instanceOf(ctx, mf, param)
}

// jsMemberType is the declared type of the member named member of the
// type named typeName where f writes it, and the file the member's type is
// written in: a field of an object type alias or of a class or interface,
// or a method's parameters (ParamsTypePrefix). ok is false when neither
// the type nor the member is found.
func (q *query) jsMemberType(ctx context.Context, f *fact.File, typeName, member string) (*fact.File, string, bool, error) {
	for hops := 0; hops < 5 && f != nil; hops++ {
		if typ, declared := fieldOf(f, typeName, member); typ != "" {
			return f, typ, true, nil // type Opts = { user: Member }, here
		} else if declared {
			break
		}
		if imported, mf, err := q.jsImportedObjectType(ctx, f, typeName); err != nil {
			return nil, "", false, err
		} else if mf != nil {
			f, typeName = mf, imported // import type { Opts } from './task'
			continue
		}
		if mf, aliased, ok, err := q.jsAliasedType(ctx, f, typeName); err != nil {
			return nil, "", false, err
		} else if ok && !strings.HasPrefix(aliased, treesitter.RecordTypePrefix) {
			if _, declared := fieldOf(mf, aliased, member); declared {
				f, typeName = mf, aliased // type Task = ITask, ITask an object type
				continue
			}
		}
		cls, err := q.resolveTypeName(ctx, f, typeName)
		if err != nil || cls == nil || !isType(*cls) {
			return nil, "", false, err
		}
		cf, err := q.file(ctx, cls.Path)
		if err != nil || cf == nil {
			return nil, "", false, err
		}
		if typ, _ := fieldOf(cf, cls.Name, member); typ != "" {
			return cf, typ, true, nil
		}
		methods, err := q.named(ctx, member)
		if err != nil {
			return nil, "", false, err
		}
		for _, m := range methods {
			if m.Path == cls.Path && m.Container == cls.Name && m.Kind == treesitter.KindMethod {
				// interface IJob { run(data: any, options: Opts): void }
				types := make([]string, len(m.Params))
				for i, p := range m.Params {
					if isTypeNameJS(p.Type) {
						types[i] = p.Type
					}
				}
				return cf, treesitter.ParamsTypePrefix + strings.Join(types, treesitter.GoResultSeparator), true, nil
			}
		}
		break
	}
	return nil, "", false, nil
}

// fieldOf is the type of the field member of container in f; declared
// says whether f records any field of container.
func fieldOf(f *fact.File, container, member string) (typ string, declared bool) {
	for _, fl := range f.Fields {
		if fl.Container == container {
			declared = true
			if fl.Name == member {
				return fl.Type, true
			}
		}
	}
	return "", declared
}

// jsImportedObjectType is, for a name f imports by name from a workspace
// module that declares fields under it (an object type alias, an
// interface), the name it has there and that module's file.
func (q *query) jsImportedObjectType(ctx context.Context, f *fact.File, name string) (string, *fact.File, error) {
	for _, imp := range f.Imports {
		if imp.Local != name || imp.Imported == "*" || imp.Imported == "default" || imp.Reexport {
			continue
		}
		files, err := q.jsModuleFiles(ctx, f, imp.Module)
		if err != nil {
			return "", nil, err
		}
		for _, mf := range files {
			if _, declared := fieldOf(mf, imp.Imported, ""); declared {
				return imp.Imported, mf, nil
			}
		}
		return "", nil, nil
	}
	return "", nil, nil
}

// isTypeNameJS reports whether a parameter's declared type names a type
// that may be a workspace class's.
func isTypeNameJS(t string) bool {
	switch t {
	case "", "any", "unknown", "object", "Object", "never":
		return false
	}
	return !strings.ContainsAny(t, " ()[]{}|&<>=:,")
}

// jsDestructuredMember evaluates "Deps:intents" (treesitter.MemberTypePrefix),
// written in f: in function make({ intents }: Deps), intents is what
// deps.intents is of a parameter deps: Deps, a member of an interface, a
// class or an object type alias, read where that type is declared.
func (q *query) jsDestructuredMember(ctx context.Context, f *fact.File, caller *fact.Symbol, rest string) (typeRef, error) {
	i := strings.LastIndex(rest, ":")
	if i <= 0 {
		return typeRef{kind: refUnknown}, nil
	}
	segs := parseReceiver(rest[i+1:])
	if len(segs) != 1 || segs[0].call || segs[0].index {
		return typeRef{kind: refUnknown}, nil
	}
	of, err := q.declaredType(ctx, f, caller, rest[:i])
	if err != nil {
		return typeRef{}, err
	}
	return q.walkReceiver(ctx, f, caller, of, segs)
}

// jsCallSignature is, for a JavaScript or TypeScript value cur that is an
// instance of an interface declaring a call signature (interface JQuery {
// (target: string): JQueryNode }), the type its call gives, as written in
// the interface's file.
func jsCallSignature(cur typeRef) (string, bool) {
	if cur.kind != refInstance || cur.elems != 0 || family(cur.class.Language) != "js" || cur.class.Kind != treesitter.KindInterface {
		return "", false
	}
	return strings.CutPrefix(cur.class.Returns, treesitter.GoFuncPrefix)
}

// jsCalledValue is what calling name, a local or a parameter of a
// function type in f, gives: const $ = getJQuery(); $("#x") is a
// JQueryNode where JQuery is type JQuery = (s: string) => JQueryNode or an
// interface with that call signature, and getJQuery() is a JQuery where
// getJQuery is destructured from a parameter whose type declares
// getJQuery: () => JQuery. ok is false for any other name, and where the
// value's type says nothing of its call.
func (q *query) jsCalledValue(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (typeRef, bool, error) {
	if family(f.Language) != "js" || name == "" || strings.ContainsAny(name, ".()[]<>") {
		return typeRef{}, false, nil
	}
	l := q.localNamed(f, caller, name)
	if l == nil || l.Type == treesitter.BoundLocally {
		return typeRef{}, false, nil
	}
	typ := l.Type
	if _, _, rest, scoped := treesitter.CutScope(typ); scoped {
		typ = rest
	}
	if rest, ok := strings.CutPrefix(typ, treesitter.MemberTypePrefix); ok {
		// function make({ getJQuery }: Deps): what Deps's method getJQuery
		// gives; a field ({ $ }: Deps, $: JQuery) is a value as below
		if i := strings.LastIndex(rest, ":"); i > 0 {
			scope := caller
			if l.SymbolID == "" {
				scope = nil
			}
			of, err := q.declaredType(ctx, f, scope, rest[:i])
			if err != nil {
				return typeRef{}, false, err
			}
			if of.kind == refInstance && of.elems == 0 {
				ref, err := q.methodResult(ctx, of.class, rest[i+1:])
				if err != nil || ref.kind != refUnknown {
					return ref, err == nil, err
				}
			}
		}
	}
	of, found, err := q.lang(f).local(ctx, f, caller, name)
	if err != nil || !found {
		return typeRef{}, false, err
	}
	if of.kind == refExternal && of.calls != "" {
		ref, err := q.instanceOf(ctx, q.mustFile(ctx, of.callsIn, f), of.calls)
		return ref, err == nil, err
	}
	if calls, ok := jsCallSignature(of); ok {
		ref, err := q.instanceOf(ctx, q.mustFile(ctx, of.class.Path, f), calls)
		return ref, err == nil, err
	}
	return typeRef{}, false, nil
}

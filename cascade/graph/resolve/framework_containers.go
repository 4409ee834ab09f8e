package resolve

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/treesitter"
)

// Dependency-injection containers (framework.ContainerLibrary): a value
// imported from tsyringe, InversifyJS, NestJS or Angular, or declared with
// one of their types, is an outside value marked jsContainerExt, and so is
// whatever a call or a member of it gives (a child container, a compiled
// testing module, an application). Asked for a class, with
// container.resolve(Foo) or container.get<Foo>(TOKEN), it gives an
// instance of that class, as tsserver types the libraries' generic
// resolve<T>(token: InjectionToken<T>): T.

// jsContainerExt marks an outside JavaScript or TypeScript value that is
// (or leads to) a dependency-injection container.
const jsContainerExt = "js:container"

// jsContainer reports whether ref is such a value.
func jsContainer(ref typeRef) bool {
	return ref.kind == refExternal && ref.ext == jsContainerExt
}

// jsOutside is the outside value a name imported from module is in a
// JavaScript or TypeScript file: marked when module is a container library.
func jsOutside(f *fact.File, module string) typeRef {
	if family(f.Language) == "js" && framework.ContainerLibrary(module) {
		return typeRef{kind: refExternal, ext: jsContainerExt}
	}
	return typeRef{kind: refExternal, ext: pyLibrary(f, module)}
}

// jsOutsideType is the outside value of a type written in f that names no
// workspace class: marked when its name (or its namespace's) is imported
// from a container library (moduleRef: ModuleRef, container: Container),
// else named by the type it is, as jsOutsideTypeExt says, when imported
// by name from an outside module.
func jsOutsideType(f *fact.File, typeName string) typeRef {
	head, _, _ := strings.Cut(typeName, ".")
	if family(f.Language) == "js" {
		for _, imp := range f.Imports {
			if imp.Local != head || imp.Reexport {
				continue
			}
			if ref := jsOutside(f, imp.Module); jsContainer(ref) {
				return ref
			}
			if imp.Imported != "*" && imp.Imported != "default" && head == typeName && !treesitter.IsRelativeModule(imp.Module) {
				return typeRef{kind: refExternal, ext: jsOutsideTypeExt(imp.Module, imp.Imported)}
			}
			break
		}
	}
	return typeRef{kind: refExternal}
}

// containerStep is what one more step on a container value gives: an
// instance of the class a resolving method is given (typeArgs, else the
// first argument when it is a bare name), unknown when a resolving method
// is given no class, and a container value still for anything else.
func (q *query) containerStep(ctx context.Context, f *fact.File, cur typeRef, seg receiverSeg) (typeRef, error) {
	if !seg.call || !framework.ContainerResolves(seg.name) {
		return cur, nil
	}
	cls := seg.typeArgs
	if cls == "" {
		args := treesitter.SplitTopLevel(seg.args)
		if len(args) > 0 {
			cls = strings.TrimSpace(args[0])
		}
		if !isDottedName(cls) || strings.Contains(cls, ".") || cls[0] < 'A' || cls[0] > 'Z' {
			cls = "" // container.get(TYPES.Ninja): a token, which says no class
		}
	}
	return q.containerInstance(ctx, f, cls)
}

// containerInstance is an instance of the class named cls in f, or unknown.
func (q *query) containerInstance(ctx context.Context, f *fact.File, cls string) (typeRef, error) {
	if cls == "" || !isDottedName(cls) {
		return typeRef{kind: refUnknown}, nil
	}
	return q.instanceOf(ctx, f, cls)
}

// containerCall types a local bound to a call whose receiver is a
// container value (treesitter.ClassArgTypePrefix, or CallTypePrefix for a
// call given no class): expr is the callee as written, cls the class the
// call is given. ok is false when the receiver is no container value.
func (q *query) containerCall(ctx context.Context, f *fact.File, caller *fact.Symbol, expr, cls string) (typeRef, bool, error) {
	i := strings.LastIndex(expr, ".")
	if i <= 0 || family(f.Language) != "js" {
		return typeRef{}, false, nil
	}
	recv, method := expr[:i], expr[i+1:]
	ref, err := q.evalReceiver(ctx, f, caller, recv)
	if err != nil || !jsContainer(ref) {
		return typeRef{}, false, err
	}
	if !framework.ContainerResolves(method) {
		return ref, true, nil // container.createChildContainer(), Test.createTestingModule(...).compile()
	}
	ref, err = q.containerInstance(ctx, f, cls)
	return ref, true, err
}

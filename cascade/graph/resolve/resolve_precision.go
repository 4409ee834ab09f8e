package resolve

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// What issue 14's precision rules add to the core: how a site resolved
// elsewhere is described for the fallbacks (IncomingElsewhere), the
// declared types that say nothing of a value's class, and receivers
// written as a construction.

// outsideWorkspace is what a call site resolved to a library is said to
// call.
const outsideWorkspace = "a function or type outside the workspace"

// componentProps is what a call through a React component's props reaches:
// a callback its parent passes (jsPropsReceiver), never a method by name.
const componentProps = "a callback a component's parent passes in its props"

// outsideBuild is what a Go call site in a file the build leaves out
// (resolve_go_build.go) is said to call.
const outsideBuild = "nothing in this build: its file's build constraints leave it out"

// outsideView is what a Go call site in a package of another module than
// the target's (resolve_go_view.go) is said to call: gopls does not look
// there.
const outsideView = "nothing in this module: gopls answers in the target's module (or go.work) only"

// describeTarget names what a site resolved elsewhere calls, for people.
func describeTarget(s fact.Symbol) string {
	name := s.Name
	if s.Container != "" {
		name = s.Container + "." + name
	}
	return name + " (" + s.Path + ")"
}

// untypedNames are declared types that say nothing of a value's class.
var untypedNames = setOf("any", "unknown", "object", "Object")

// constructed is the class a receiver written "new Foo(...)" constructs
// (TypeScript, JavaScript, Java); ok is false for any other receiver.
func constructed(lang treesitter.Language, recv string) (string, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(recv), "new ")
	if !ok || (family(lang) != "js" && lang != treesitter.Java) {
		return "", false
	}
	open := strings.IndexByte(rest, '(')
	if open <= 0 || treesitter.MatchBracket(rest, open) != len(rest)-1 {
		return "", false
	}
	name := strings.TrimSpace(rest[:open])
	if i := strings.IndexByte(name, '<'); i > 0 { // new Box<T>()
		name = name[:i]
	}
	for i := 0; i < len(name); i++ {
		if !isIdentByte(name[i]) && name[i] != '.' {
			return "", false
		}
	}
	return name, name != ""
}

// constructedHead splits a receiver that starts with a construction and
// goes on, "new Foo(x).withA(1).withB(2)" (in Go a composite literal,
// "BitsCodec{}.PlanEncode(x)"), into the class constructed (Foo) and the
// steps after it ("withA(1).withB(2)"); ok is false for any other
// receiver, and for one that is only the construction (constructed reads
// that).
func constructedHead(lang treesitter.Language, recv string) (cls, rest string, ok bool) {
	if lang == treesitter.Go {
		return goLiteralHead(lang, recv) // BitsCodec{}.PlanEncode(...).Encode(src, nil)
	}
	recv = strings.TrimSpace(recv)
	if !strings.HasPrefix(recv, "new ") || (family(lang) != "js" && lang != treesitter.Java) {
		return "", "", false
	}
	open := strings.IndexByte(recv, '(')
	if open < 0 {
		return "", "", false
	}
	end := treesitter.MatchBracket(recv, open)
	if end < 0 || end+1 >= len(recv) || recv[end+1] != '.' {
		return "", "", false
	}
	cls, ok = constructed(lang, recv[:end+1])
	if !ok {
		return "", "", false
	}
	return cls, recv[end+2:], true
}

// asserted is the type a TypeScript receiver written as a parenthesised
// assertion names: (provider as SMTPProvider).getConfig() calls
// SMTPProvider's getConfig, as tsserver says. ok is false for any other
// receiver, and for assertions that say nothing of the class (as any, as
// unknown, as const).
func asserted(lang treesitter.Language, recv string) (string, bool) {
	recv = strings.TrimSpace(recv)
	if family(lang) != "js" || len(recv) < 2 || recv[0] != '(' || treesitter.MatchBracket(recv, 0) != len(recv)-1 {
		return "", false
	}
	inner := recv[1 : len(recv)-1]
	at := strings.LastIndex(inner, " as ")
	if at < 0 {
		return "", false
	}
	name := strings.TrimSpace(inner[at+len(" as "):])
	if i := strings.IndexByte(name, '<'); i > 0 { // as Box<T>
		name = name[:i]
	}
	for i := 0; i < len(name); i++ {
		if !isIdentByte(name[i]) && name[i] != '.' {
			return "", false // a union, an array, an object type: no one class
		}
	}
	if name == "" || name == "const" || untypedNames[name] {
		return "", false
	}
	return name, true
}

// assertedObjectType reports whether recv is a TypeScript value cast to an
// object type written in place, (x as unknown as { m(): void }): its
// members are that type's, no class's, as tsserver says.
func assertedObjectType(lang treesitter.Language, recv string) bool {
	recv = strings.TrimSpace(recv)
	if family(lang) != "js" || len(recv) < 2 || recv[0] != '(' || treesitter.MatchBracket(recv, 0) != len(recv)-1 {
		return false
	}
	inner := recv[1 : len(recv)-1]
	at := strings.LastIndex(inner, " as ")
	if at < 0 {
		return false
	}
	typ := strings.TrimSpace(inner[at+len(" as "):])
	return len(typ) >= 2 && typ[0] == '{' && treesitter.MatchBracket(typ, 0) == len(typ)-1
}

// overridesInJS reports whether the TypeScript or JavaScript method m
// implements or overrides target, an interface's or a base class's method
// of its name: tsserver counts a call of m among target's references (the
// call runs the contract target declares), as gopls does for Go
// interfaces (implementsInterfaceMethod).
func (q *query) overridesInJS(ctx context.Context, m, target fact.Symbol) (bool, error) {
	if family(target.Language) != "js" {
		return false, nil
	}
	return q.dispatches(ctx, target, m)
}

package resolve

import (
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

// outsideBuild is what a Go call site in a file the build leaves out
// (resolve_go_build.go) is said to call.
const outsideBuild = "nothing in this build: its file's build constraints leave it out"

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

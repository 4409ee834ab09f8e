package grep

import (
	"path"
	"strings"

	"github.com/callcascade/callcascade/treesitter"
)

// A call on a value that is plainly a library's, by its spelling alone, is
// no call of a project method of that name, whether or not the code graph
// answered: Order.objects.get(...) is Django's manager, document.get...
// the DOM's, strings.Split the standard library's, "a,b".split(...) str's.
// The grep stage leaves them out (Result.Library counts them).

// jsGlobals are JavaScript's and the DOM's global objects.
var jsGlobals = map[string]bool{"console": true, "Math": true, "JSON": true, "Object": true, "Array": true, "Promise": true,
	"Reflect": true, "Number": true, "String": true, "Date": true, "Intl": true, "globalThis": true, "window": true,
	"document": true, "navigator": true, "localStorage": true, "sessionStorage": true, "process": true, "Buffer": true}

// goStdPackages are standard library packages a Go receiver names by their
// usual import name.
var goStdPackages = map[string]bool{"fmt": true, "strings": true, "bytes": true, "os": true, "io": true, "errors": true,
	"sort": true, "strconv": true, "time": true, "sync": true, "context": true, "http": true, "json": true, "filepath": true,
	"path": true, "log": true, "slog": true, "math": true, "reflect": true, "regexp": true, "bufio": true, "atomic": true,
	"url": true, "exec": true, "runtime": true, "unicode": true, "utf8": true, "slices": true, "maps": true, "ioutil": true}

// djangoManagerNames are the managers Django gives a model.
var djangoManagerNames = map[string]bool{"objects": true, "_default_manager": true, "_base_manager": true}

// libraryReceiver reports whether a receiver, as written, is plainly a
// library's value in lang. pkg is the target's Go package or directory:
// a receiver naming it is the project's own.
func libraryReceiver(lang treesitter.Language, recv, pkg string) bool {
	if recv == "" {
		return false
	}
	switch recv[0] {
	case '"', '\'', '`', '[', '{':
		return true // a literal: str, list, dict, array, object
	}
	first, rest, _ := strings.Cut(recv, ".")
	switch lang {
	case treesitter.Python:
		segs := strings.Split(recv, ".")
		last := segs[len(segs)-1]
		// Order.objects: a model's manager (a custom one is the project's
		// and named otherwise, or declared: the graph types those).
		return len(segs) == 2 && djangoManagerNames[last] && first != "" && first[0] >= 'A' && first[0] <= 'Z'
	case treesitter.TypeScript, treesitter.TSX, treesitter.JavaScript:
		return jsGlobals[first] && (rest == "" || first == "document" || first == "window")
	case treesitter.Go:
		return rest == "" && goStdPackages[first] && first != path.Base(pkg)
	}
	return false
}

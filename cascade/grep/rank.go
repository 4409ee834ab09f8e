package grep

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// ranker judges whether a receiver names the target's class or package.
// It works on spelling only: the grep stage runs when the graph could not
// resolve the call, so there is no type information to go on.
type ranker struct {
	targetPath string
	container  string // lowercased, leading underscores dropped
	pkgDir     string // Package as a workspace directory, "" if it is not one
	pkgName    string // last element of Package, lowercased
	targetDir  string
	words      [][]byte // spellings whose presence makes a file likely-first
	// goTarget: the target is Go's, where a file in its directory is in
	// its package (bare calls reach it) and callers elsewhere write the
	// package's name. In Python or TypeScript the directory's name
	// (models, api, utils) is in most files' imports and says nothing.
	goTarget bool
	// goImportTail is how an import of the target's Go package ends
	// (/common"), when its directory holds no go.mod (so its import path
	// ends with the directory's name): a file outside the package that
	// lacks it cannot name the package's types. nil when not known.
	goImportTail []byte
}

func newRanker(q Query) *ranker {
	r := &ranker{targetPath: q.TargetPath, container: normalName(q.Container)}
	if lang, ok := treesitter.LanguageForPath(q.TargetPath); ok {
		r.goTarget = lang == treesitter.Go
	}
	if q.TargetPath != "" {
		r.targetDir = path.Dir(q.TargetPath)
	}
	if q.Package != "" {
		pkg := strings.Trim(strings.ReplaceAll(q.Package, `\`, "/"), "/")
		r.pkgName = normalName(path.Base(pkg))
		if strings.Contains(pkg, "/") || pkg == r.targetDir {
			r.pkgDir = pkg
		}
	}
	if r.goTarget && r.pkgDir != "" && r.pkgDir != "." && q.Root != "" {
		if _, err := os.Stat(filepath.Join(q.Root, filepath.FromSlash(r.pkgDir), "go.mod")); errors.Is(err, fs.ErrNotExist) {
			r.goImportTail = []byte("/" + path.Base(r.pkgDir) + `"`)
		}
	}
	words := []string{q.Container}
	if r.goTarget || q.TargetPath == "" {
		words = append(words, path.Base(q.Package))
	}
	for _, w := range words {
		if w != "" && w != "." && w != "/" {
			r.words = append(r.words, []byte(strings.ToLower(w)))
		}
	}
	return r
}

// normalName is how receivers and names are compared: case-insensitively
// (an injected evidenceService names EvidenceService) and without
// underscores (_service, Python's evidence_service).
func normalName(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, "_", ""))
}

// likelyFirst reports whether a candidate file may hold the best-ranked
// sites: it is the target's file or in the target's Go package directory,
// or it spells the Container (or a Go Package) somewhere (any receiver
// naming them must). Likely-first files are parsed in full however many
// sites are found: skyportal's models/ held a column's class, and every
// file importing skyportal.models was parsed past the stage's budget.
func (r *ranker) likelyFirst(rel string, content []byte) bool {
	if rel == r.targetPath || (r.goTarget && r.pkgDir != "" && path.Dir(rel) == r.pkgDir) {
		return true
	}
	if r.goImportTail != nil && !bytes.Contains(content, r.goImportTail) {
		// Go: no import of the package, so no receiver of its types (a
		// file naming another package's Client is not one to parse first)
		return false
	}
	if len(r.words) == 0 {
		return false
	}
	var lower []byte
	for _, w := range r.words {
		if isASCII(w) {
			if containsFoldASCII(content, w) {
				return true
			}
			continue
		}
		if lower == nil { // a name with non-ASCII letters: Unicode's case rules
			lower = bytes.ToLower(content)
		}
		if bytes.Contains(lower, w) {
			return true
		}
	}
	return false
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// containsFoldASCII reports whether s holds lower, a lower-case spelling,
// in any case of its ASCII letters, without the copy bytes.ToLower makes
// of every candidate file (a tenth of a common name's search, session 16).
func containsFoldASCII(s, lower []byte) bool {
	if len(lower) == 0 {
		return true
	}
	first := lower[0]
	upper := first
	if 'a' <= first && first <= 'z' {
		upper = first - 'a' + 'A'
	}
	for i := 0; i+len(lower) <= len(s); i++ {
		j := indexEither(s[i:len(s)-len(lower)+1], first, upper)
		if j < 0 {
			return false
		}
		i += j
		if equalFoldASCII(s[i:i+len(lower)], lower) {
			return true
		}
	}
	return false
}

// indexEither is the first index of a or b in s, -1 if neither is there.
func indexEither(s []byte, a, b byte) int {
	i := bytes.IndexByte(s, a)
	if a == b {
		return i
	}
	limit := s
	if i >= 0 {
		limit = s[:i]
	}
	if j := bytes.IndexByte(limit, b); j >= 0 {
		return j
	}
	return i
}

// equalFoldASCII reports whether s equals lower with s's ASCII letters
// lowered.
func equalFoldASCII(s, lower []byte) bool {
	for i, c := range s {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// selfReceivers are the receivers that mean "this object" in a method.
var selfReceivers = map[string]bool{"this": true, "self": true, "cls": true, "super": true}

// receiverMatches reports whether a site's receiver names the target's
// Container or Package, or is the enclosing method's own object in a method
// of Container, or is no receiver at all in the target's file or Go
// package directory.
func (r *ranker) receiverMatches(rel, receiver string, caller fact.Symbol) bool {
	if receiver == "" {
		return rel == r.targetPath ||
			(r.pkgDir != "" && caller.Language == treesitter.Go && path.Dir(rel) == r.pkgDir)
	}
	last := receiver
	if i := strings.LastIndexAny(last, ".:"); i >= 0 {
		last = last[i+1:]
	}
	last = normalName(last)
	if r.container != "" {
		if last == r.container {
			return true
		}
		if normalName(caller.Container) == r.container {
			if selfReceivers[receiver] {
				return true
			}
			// A Go method's receiver: func (s *Store) A() { s.B() }, in
			// the target's package (another package's Store is another type)
			if caller.Language == treesitter.Go && len(caller.Params) > 0 && caller.Params[0].Name == receiver &&
				(r.pkgDir == "" || path.Dir(rel) == r.pkgDir) {
				return true
			}
		}
	}
	return r.pkgName != "" && last == r.pkgName
}

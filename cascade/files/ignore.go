package files

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// ignoreRule is one gitignore line. Most lines are name patterns
// ("node_modules", "*.log", "dist/"), which go-git's matcher tests against
// every component of a path with filepath.Match: the walk matched each of
// them against every ancestor of every entry again, 40% of a warm
// restart's CPU. The walk never enters an ignored directory, so a name
// pattern only needs testing against the entry's own name; patterns with
// a slash inside ("build/**", "/docs/api") go to go-git as before.
//
// The one difference from go-git: a negated name pattern that matches a
// directory ("!logs") re-includes that directory, not everything in it
// ("*.log" still ignores logs/a.log), which is what git itself does.
type ignoreRule struct {
	name    string // the glob of a name pattern; "" for a path pattern
	literal bool   // name has no glob characters: compared, not matched
	// suffix, prefix: name is "*" + suffix or prefix + "*" with no other
	// glob character ("*.log", ".pnp.*"), the most common shapes: a string
	// test instead of filepath.Match.
	suffix, prefix string
	negate         bool
	dirOnly        bool
	domain         []string          // the directory of the .gitignore, relative to the root
	pattern        gitignore.Pattern // go-git's, for path patterns
}

// parseIgnoreLine parses one gitignore line, read from the .gitignore in
// domain; blank lines and comments have no rule. It splits the line as
// go-git's ParsePattern does (negation, trailing spaces, a trailing slash).
func parseIgnoreLine(line string, domain []string) (ignoreRule, bool) {
	line = strings.TrimSuffix(line, "\r")
	if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
		return ignoreRule{}, false
	}
	r := ignoreRule{domain: slices.Clone(domain)}
	p := line
	if strings.HasPrefix(p, "!") {
		r.negate = true
		p = p[1:]
	}
	if !strings.HasSuffix(p, `\ `) {
		p = strings.TrimRight(p, " ")
	}
	if strings.HasSuffix(p, "/") {
		r.dirOnly = true
		p = p[:len(p)-1]
	}
	if p != "" && !strings.Contains(p, "/") {
		r.name = p
		r.literal = !strings.ContainsAny(p, `*?[\`)
		if rest, ok := strings.CutPrefix(p, "*"); ok && rest != "" && !strings.ContainsAny(rest, `*?[\`) {
			r.suffix = rest
		} else if rest, ok := strings.CutSuffix(p, "*"); ok && rest != "" && !strings.ContainsAny(rest, `*?[\`) {
			r.prefix = rest
		}
	} else {
		r.pattern = gitignore.ParsePattern(line, domain)
	}
	return r, true
}

// ignoreRules are the rules in force in a directory, lowest priority
// first; the last rule that matches decides, as in git.
type ignoreRules []ignoreRule

// Match reports whether the entry at path (relative to the root, its
// parent directories already found not ignored) is ignored.
func (rs ignoreRules) Match(path []string, isDir bool) bool {
	if len(path) == 0 {
		return false
	}
	last := path[len(path)-1]
	for i := len(rs) - 1; i >= 0; i-- {
		r := &rs[i]
		if r.name == "" {
			switch r.pattern.Match(path, isDir) {
			case gitignore.Exclude:
				return true
			case gitignore.Include:
				return false
			}
			continue
		}
		if len(path) <= len(r.domain) || !slices.Equal(path[:len(r.domain)], r.domain) {
			continue
		}
		switch {
		case r.literal:
			if last != r.name {
				continue
			}
		case r.suffix != "":
			if !strings.HasSuffix(last, r.suffix) {
				continue
			}
		case r.prefix != "":
			if !strings.HasPrefix(last, r.prefix) {
				continue
			}
		default:
			if ok, err := filepath.Match(r.name, last); err != nil || !ok {
				continue
			}
		}
		if r.dirOnly && !isDir {
			continue
		}
		return !r.negate
	}
	return false
}

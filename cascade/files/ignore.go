package files

import (
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

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
	// tail: name is "*" and a glob of this many runes with no other "*"
	// ("*.py[co]", "*.l?g"): only the entry name's last tail runes are
	// matched, not every place the star could end in the name.
	tail    int
	negate  bool
	dirOnly bool
	domain  []string          // the directory of the .gitignore, relative to the root
	pattern gitignore.Pattern // go-git's, for path patterns
	// literals are a path pattern's components without glob characters
	// ("packages", ".yarn" of "packages/**/.yarn/*"), each once. go-git
	// matches every component of a pattern (but "**") against some
	// component of the path below the domain, so a path without one of
	// them cannot match: forDir drops the rule for a whole directory, or
	// tries it on the one entry name that could.
	literals []string
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
		} else if rest, ok := strings.CutPrefix(p, "*"); ok {
			r.tail = globRunes(rest)
		}
	} else {
		r.pattern = gitignore.ParsePattern(line, domain)
		for comp := range strings.SplitSeq(p, "/") {
			if comp != "" && !strings.ContainsAny(comp, `*?[\`) && !slices.Contains(r.literals, comp) {
				r.literals = append(r.literals, comp)
			}
		}
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
	var d dirRules
	rs.forDir(path[:len(path)-1], &d)
	return d.match(path[len(path)-1], isDir)
}

// dirRules are the rules that can match an entry of one directory, sorted
// out once for all its entries: a rule from another directory's
// .gitignore, or a path pattern naming a directory the path does not go
// through ("packages/**/.yarn/*" in packages/core/src), is dropped here
// rather than tried on every entry. A warm restart matches every file of
// the workspace; go-git's matching of the path patterns that a root
// .gitignore applies everywhere ("**/dist", "build/**") was most of its
// matching cost. A dirRules is for one goroutine at a time.
type dirRules struct {
	rules []dirRule // lowest priority first
	path  []string  // the directory's path, then a scratch slot for an entry's name
}

type dirRule struct {
	rule *ignoreRule
	// only, for a path pattern: the one entry name it can match here (a
	// literal component the directory's path lacks); "" for any.
	only string
}

// forDir sets d to the rules that can match an entry of the directory dir
// (relative to the root), reusing d's memory.
func (rs ignoreRules) forDir(dir []string, d *dirRules) {
	d.rules = d.rules[:0]
	d.path = append(append(d.path[:0], dir...), "")
	for i := range rs {
		r := &rs[i]
		// go-git and the name rules alike: an entry must lie below the
		// rule's directory.
		if len(r.domain) > len(dir) || !slices.Equal(dir[:len(r.domain)], r.domain) {
			continue
		}
		dr := dirRule{rule: r}
		if r.name == "" {
			below := dir[len(r.domain):]
			missing := 0
			for _, lit := range r.literals {
				if !slices.Contains(below, lit) {
					missing++
					dr.only = lit
				}
			}
			if missing > 1 {
				continue // the entry's name can supply one at most
			}
		}
		d.rules = append(d.rules, dr)
	}
}

// match reports whether the entry name of the directory (its parents
// already found not ignored) is ignored.
func (d *dirRules) match(name string, isDir bool) bool {
	for i := len(d.rules) - 1; i >= 0; i-- {
		dr := &d.rules[i]
		r := dr.rule
		if r.name == "" {
			if dr.only != "" && name != dr.only {
				continue
			}
			d.path[len(d.path)-1] = name
			switch r.pattern.Match(d.path, isDir) {
			case gitignore.Exclude:
				return true
			case gitignore.Include:
				return false
			}
			continue
		}
		switch {
		case r.literal:
			if name != r.name {
				continue
			}
		case r.suffix != "":
			if !strings.HasSuffix(name, r.suffix) {
				continue
			}
		case r.prefix != "":
			if !strings.HasPrefix(name, r.prefix) {
				continue
			}
		case r.tail > 0:
			if !matchTail(r.name[1:], name, r.tail) {
				continue
			}
		default:
			if ok, err := filepath.Match(r.name, name); err != nil || !ok {
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

// globRunes is how many runes a glob without "*" matches ("?" and a class
// one each, "\\x" one); 0 for a glob with a "*" or one filepath.Match
// would reject.
func globRunes(glob string) int {
	if glob == "" || strings.Contains(glob, "*") {
		return 0
	}
	if _, err := filepath.Match(glob, ""); err != nil {
		return 0
	}
	n := 0
	for i := 0; i < len(glob); n++ {
		switch glob[i] {
		case '\\':
			i++
		case '[':
			// The class ends at the first "]" not escaped (filepath.Match
			// rejects an empty class, so "[]]" never gets here).
			j := i + 1
			for ; j < len(glob) && glob[j] != ']'; j++ {
				if glob[j] == '\\' {
					j++
				}
			}
			if j >= len(glob) {
				return 0
			}
			i = j
		}
		_, size := utf8.DecodeRuneInString(glob[i:])
		i += size
	}
	return n
}

// matchTail reports whether name matches "*" + glob, glob matching exactly
// runes runes (globRunes): the star takes what comes before them.
func matchTail(glob, name string, runes int) bool {
	end := len(name)
	for range runes {
		if end == 0 {
			return false
		}
		_, size := utf8.DecodeLastRuneInString(name[:end])
		end -= size
	}
	ok, err := filepath.Match(glob, name[end:])
	return err == nil && ok
}

package files

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// The walk's rules decide as go-git's matcher does for every entry the
// walk reaches (its parent directories not ignored), except where go-git
// lets a negated name pattern on a parent re-include what is inside it.
func TestIgnoreRulesAgreeWithGoGit(t *testing.T) {
	lines := []string{"*.log", "logs", "!logs", "dist/", "a/b", "/a", "**/b", "b/**", "!*.ts", "x.*", "[ab]",
		"!x.log", "y.ts", "a/", "!a/b", "*.ts ", `\!odd`, "/logs/", "build/**", "!dist", "lo*", "*s", "*.*", "b*/", "!y.*",
		// Path patterns whose literal components let a directory's rules
		// leave them out (forDir): the decision must not change.
		"a/**/b", "**/a/b", "a/*/b", "**/logs/*.log", "b/**/x.log", "!**/a/logs", "/a/b/", "build/**/dist", "a/[ab]/logs",
		// Name globs whose star takes all but a fixed tail (matchTail).
		"*.py[co]", "*.l?g", "!*[ab]", "*[]]", "*[^x].ts", `*\.ts`, "*é?"}
	names := []string{"a", "b", "logs", "x.log", "y.ts", "dist", "build", "!odd", "lo", "s", ".log", "build.ts",
		"x.pyc", "a.pyo", "é.pyc", "pyc", "x.lxg", "ab", "]", "a]", "é.ts", "x.ts", "éé", "aé"}
	rng := rand.New(rand.NewPCG(1, 2))
	compared := 0
	for range 3000 {
		var ours ignoreRules
		var theirs []gitignore.Pattern
		for range 1 + rng.IntN(5) {
			line := lines[rng.IntN(len(lines))]
			var domain []string
			if rng.IntN(3) == 0 {
				domain = []string{"a"}
			}
			r, ok := parseIgnoreLine(line, domain)
			if !ok {
				t.Fatalf("no rule for %q", line)
			}
			ours = append(ours, r)
			theirs = append(theirs, gitignore.ParsePattern(line, domain))
		}
		goGit := gitignore.NewMatcher(theirs)
		path := make([]string, 1+rng.IntN(4))
		for i := range path {
			path[i] = names[rng.IntN(len(names))]
		}
		isDir := rng.IntN(2) == 0
		reached := true
		for i := 1; i < len(path); i++ {
			if ours.Match(path[:i], true) || goGit.Match(path[:i], true) {
				reached = false // the walk never lists what is inside
			}
		}
		if !reached || reincludedParent(ours, path) {
			continue
		}
		compared++
		if got, want := ours.Match(path, isDir), goGit.Match(path, isDir); got != want {
			t.Errorf("rules %q, path %q (dir %v): ignored %v, go-git says %v", describe(ours), strings.Join(path, "/"), isDir, got, want)
		}
	}
	if compared < 500 {
		t.Fatalf("only %d cases compared", compared)
	}
}

// reincludedParent reports whether a negated name rule matches a parent
// directory of path: where the two matchers may differ by design.
func reincludedParent(rs ignoreRules, path []string) bool {
	for _, r := range rs {
		if r.name == "" || !r.negate {
			continue
		}
		for _, comp := range path[:len(path)-1] {
			if ok, _ := filepath.Match(r.name, comp); ok {
				return true
			}
		}
	}
	return false
}

func describe(rs ignoreRules) []string {
	var out []string
	for _, r := range rs {
		s := r.name
		if s == "" {
			s = "(path pattern)"
		}
		if r.negate {
			s = "!" + s
		}
		if len(r.domain) > 0 {
			s = strings.Join(r.domain, "/") + ": " + s
		}
		out = append(out, s)
	}
	return out
}

// As in git, "!logs" re-includes the directory logs, not the files in it
// that another rule ignores.
func TestNegatedNameReincludesOnlyTheDirectory(t *testing.T) {
	var rs ignoreRules
	for _, line := range []string{"*.log", "logs", "!logs"} {
		r, _ := parseIgnoreLine(line, nil)
		rs = append(rs, r)
	}
	if rs.Match([]string{"logs"}, true) {
		t.Error("logs/ is ignored, want re-included")
	}
	if !rs.Match([]string{"logs", "a.log"}, false) {
		t.Error("logs/a.log is not ignored, want ignored by *.log")
	}
	if rs.Match([]string{"logs", "a.ts"}, false) {
		t.Error("logs/a.ts is ignored")
	}
}

// A name glob "*" + a fixed-length glob decides as filepath.Match does on
// the whole name.
func TestTailGlobsMatchAsFilepathMatch(t *testing.T) {
	globs := []string{".py[co]", ".l?g", "[ab]", "[^x].ts", `\.ts`, "é?", "[a-c]x", `[\]a]`, "?"}
	names := []string{"", "x.pyc", "a.pyo", "é.pyc", "pyc", ".pyc", "x.lxg", "x.log", "ab", "]", "a]", "é.ts", "x.ts", "y.ts",
		"éé", "aé", "bx", "dx", "zz", "]z", "a", "ü"}
	for _, g := range globs {
		n := globRunes(g)
		if n == 0 {
			t.Fatalf("globRunes(%q) = 0", g)
		}
		for _, name := range names {
			want, err := filepath.Match("*"+g, name)
			if err != nil {
				t.Fatal(err)
			}
			if got := matchTail(g, name, n); got != want {
				t.Errorf("*%s on %q: %v, filepath.Match says %v", g, name, got, want)
			}
		}
	}
	for _, g := range []string{"a*b", "[ab", "", "[]]", "[^]]z"} {
		if n := globRunes(g); n != 0 {
			t.Errorf("globRunes(%q) = %d, want 0 (not a fixed-length glob)", g, n)
		}
	}
}

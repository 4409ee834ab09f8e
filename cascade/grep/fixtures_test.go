package grep

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/treesitter"
)

// siteMarker is the marker tests' @site(NAME, "needle"): the call of needle
// that first occurs on the marker's line.
var siteMarker = regexp.MustCompile(`@site\(\s*\w+\s*,\s*"([^"]+)"\s*\)`)

// markedSite is one @site marker: where the call is, and where the
// marker's own comment (which spells the needle again) begins.
type markedSite struct {
	path         string
	needle       string
	at           uint32 // byte offset of the call's name
	commentStart uint32 // byte offset of the marker comment on that line
	// value: the needle is not followed by an argument list, so the site
	// uses the function as a value (register(h), this::handle), which grep
	// finds as a reference, or as a call where it also calls.
	value bool
}

// Every call site the repository's marker fixtures mark is a call the grep
// stage finds by its name (a site using the function as a value, a
// reference), and nothing it finds is in the markers' own
// comments, which spell every needle again.
func TestSearchFindsEveryMarkedSite(t *testing.T) {
	fixtures, err := filepath.Glob(filepath.Join("..", "..", "testdata", "*"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, root := range fixtures {
		sites := markedSites(t, root)
		byNeedle := map[string][]markedSite{}
		for _, s := range sites {
			byNeedle[s.needle] = append(byNeedle[s.needle], s)
		}
		for needle, want := range byNeedle {
			if needle == "this" || needle == "super" {
				// Java's this(...) and super(...) chain to a constructor
				// named by a keyword, which grep never searches for: the
				// graph answers those sites alone (testdata/java-constructors).
				continue
			}
			r, err := Search(context.Background(), Query{Name: needle, Root: root, StopAfter: -1, MaxKeep: 10000})
			if err != nil {
				t.Fatalf("%s: %s: %v", root, needle, err)
			}
			found := map[string]Kind{}
			for _, m := range r.Matches {
				found[m.Path+"@"+itoa(m.Site.StartByte)] = m.Kind
				for _, s := range sites {
					if s.path == m.Path && m.Site.StartByte >= s.commentStart && m.Site.StartByte < s.commentStart+lineRest(root, s) {
						t.Errorf("%s: %s at byte %d is inside a marker comment", root, m.Path, m.Site.StartByte)
					}
				}
			}
			for _, s := range want {
				if kind := found[s.path+"@"+itoa(s.at)]; kind != KindCall && !(s.value && kind == KindReference) {
					t.Errorf("%s/%s: the marked call of %s at byte %d: got %q, want a call", root, s.path, needle, s.at, kind)
				}
				checked++
			}
		}
	}
	t.Logf("checked %d marked sites", checked)
	if checked < 50 {
		t.Errorf("checked %d marked sites; the fixtures have more than 50", checked)
	}
}

// markedSites reads the @site markers of one fixture workspace.
func markedSites(t *testing.T, root string) []markedSite {
	t.Helper()
	var out []markedSite
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if _, ok := treesitter.LanguageForPath(p); !ok {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		offset := 0
		for _, line := range strings.SplitAfter(string(src), "\n") {
			marks := siteMarker.FindAllStringSubmatchIndex(line, -1)
			if len(marks) > 0 {
				comment := strings.LastIndexAny(line[:marks[0][0]], "/#")
				for _, m := range marks {
					needle := line[m[2]:m[3]]
					if !treesitter.IsIdentifierName(needle) {
						continue // a site that is no call: a Celery beat entry's task name
					}
					col := strings.Index(line, needle)
					if rest := line[col+len(needle):]; strings.HasPrefix(rest, "{") || strings.HasPrefix(rest, ")") || strings.HasPrefix(rest, ",") {
						continue // a keyed literal registering a function (cobra.Command{RunE: f}), a method value passed on: no call
					}
					after := strings.TrimLeft(line[col+len(needle):], " \t")
					if strings.HasPrefix(after, "=") && !strings.HasPrefix(after, "==") || strings.HasPrefix(after, "+=") || strings.HasPrefix(after, "-=") || strings.HasPrefix(after, "++") || strings.HasPrefix(after, "--") {
						continue // a member written (bank.length = 3): a setter's site, which grep never lists (testdata/ts-accessors)
					}
					value := !strings.HasPrefix(after, "(")
					out = append(out, markedSite{path: filepath.ToSlash(rel), needle: needle,
						at: uint32(offset + col), commentStart: uint32(offset + comment), value: value})
				}
			}
			offset += len(line)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// lineRest is how many bytes of the marker's line follow its comment start.
func lineRest(root string, s markedSite) uint32 {
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(s.path)))
	if err != nil {
		return 0
	}
	end := strings.IndexByte(string(src[s.commentStart:]), '\n')
	if end < 0 {
		end = len(src) - int(s.commentStart)
	}
	return uint32(end)
}

func itoa(n uint32) string { return strconv.FormatUint(uint64(n), 10) }

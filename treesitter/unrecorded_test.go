package treesitter

import (
	"cmp"
	"context"
	"hash/crc32"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestUnrecordedCoversEverySiteFindAdds checks the promise the graph's
// voucher relies on: for every name in a file, each site Find returns is
// either a call or reference the facts record under that name, or the name
// is listed in Unrecorded (Members for a site with a receiver, Bare for one
// without). A name missing from both lists would let grep skip a file where
// parsing finds a caller. It runs over every fixture of the repository, and
// instead over every name of CALLCASCADE_UNRECORDED_REPO when that names a
// directory (a real repository: minutes).
func TestUnrecordedCoversEverySiteFindAdds(t *testing.T) {
	// Find parses once per name: the fixtures are checked for a sample of
	// their names.
	roots := []string{filepath.Join("..", "testdata")}
	sample := 6
	if extra := os.Getenv("CALLCASCADE_UNRECORDED_REPO"); extra != "" {
		roots, sample = []string{extra}, 0
	}
	ctx := context.Background()
	finder := NewFinder()
	defer finder.Close()
	words := regexp.MustCompile(`[A-Za-z_$][A-Za-z0-9_$]*`)
	files, sites, unrecorded, moduleSites := 0, 0, 0, 0
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if name := d.Name(); name == "node_modules" || name == ".git" || name == "vendor" {
					return filepath.SkipDir
				}
				return nil
			}
			lang, ok := LanguageForPath(path)
			if !ok {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil || len(src) > 512<<10 {
				return nil
			}
			facts, err := Extract(ctx, lang, src)
			if err != nil {
				t.Errorf("%s: extract: %v", path, err)
				return nil
			}
			if facts.Unrecorded == nil {
				t.Errorf("%s: extraction left Unrecorded unset", path)
				return nil
			}
			for _, name := range strings.Split(facts.Unrecorded.ModuleMembers, "\n") {
				if name != "" && !facts.Unrecorded.HasMember(name) {
					t.Errorf("%s: ModuleMembers names %q, Members does not", path, name)
				}
			}
			files++
			aliases := ImportAliases(facts)
			recorded := map[string]map[uint32]bool{}
			for _, c := range facts.Calls {
				callee := StoredCallee(c, aliases)
				if recorded[callee] == nil {
					recorded[callee] = map[uint32]bool{}
				}
				recorded[callee][c.Span.StartByte] = true
			}
			names := map[string]bool{}
			for _, w := range words.FindAll(src, -1) {
				names[string(w)] = true
			}
			for _, name := range sampleNames(names, sample) {
				if !IsIdentifierName(name) {
					continue
				}
				found, err := finder.Find(ctx, lang, src, name)
				if err != nil {
					t.Errorf("%s: find %q: %v", path, name, err)
					continue
				}
				if len(found.Sites) > 0 && !slices.Equal(found.Imports, facts.Imports) {
					t.Errorf("%s: Find's imports differ from the facts': grep and the voucher would judge receivers apart", path)
				}
				for _, site := range found.Sites {
					sites++
					if recorded[name][site.Span.StartByte] {
						continue
					}
					unrecorded++
					has := facts.Unrecorded.HasBare
					if site.Receiver != "" {
						has = facts.Unrecorded.HasMember
					}
					if !has(name) {
						t.Errorf("%s: %q at byte %d (%s, receiver %q) is a site Find adds, but Unrecorded does not name it",
							path, name, site.Span.StartByte, site.Kind, site.Receiver)
					}
					// A receiver that may be a module, judged on the
					// imports grep reads (Find's), is in ModuleMembers: the
					// voucher spares a function's parse on that list.
					if site.Receiver != "" && NewModuleReceivers(lang, found.Imports, src).MayBeModule(site.Receiver) {
						moduleSites++
						if !facts.Unrecorded.HasModuleMember(name) {
							t.Errorf("%s: %q at byte %d (%s, receiver %q) is a site Find adds through a receiver that may be a module, but ModuleMembers does not name it",
								path, name, site.Span.StartByte, site.Kind, site.Receiver)
						}
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 100 && sample > 0 || unrecorded == 0 || sites == unrecorded {
		t.Fatalf("checked %d files, %d sites (%d not recorded): the fixtures should give hundreds of each kind", files, sites, unrecorded)
	}
	if moduleSites == 0 || moduleSites == unrecorded {
		t.Errorf("%d of %d unrecorded sites through a receiver that may be a module: want some, not all", moduleSites, unrecorded)
	}
	t.Logf("%d files, %d sites, %d of them not recorded by the facts, %d of those through a receiver that may be a module", files, sites, unrecorded, moduleSites)
}

// sampleNames is up to n of the names (all of them for n = 0), picked by a
// hash of each so that every run checks the same ones.
func sampleNames(names map[string]bool, n int) []string {
	all := slices.Sorted(maps.Keys(names))
	if n == 0 || len(all) <= n {
		return all
	}
	slices.SortFunc(all, func(a, b string) int {
		return cmp.Compare(crc32.ChecksumIEEE([]byte(a)), crc32.ChecksumIEEE([]byte(b)))
	})
	return all[:n]
}

// TestUnrecordedNamesWhatGrepWouldAdd pins the lists on a small file: a
// property read and a local's read are unrecorded; a call and an object
// key are not.
func TestUnrecordedNamesWhatGrepWouldAdd(t *testing.T) {
	src := []byte(`import { render as draw } from "./view"
export function update(store, container) {
  const opts = { update: 1, container }
  store.update(opts)
  draw(container.size)
  if (this.container.ready) {
    return 1
  }
}
`)
	facts, err := Extract(context.Background(), TypeScript, src)
	if err != nil {
		t.Fatal(err)
	}
	u := facts.Unrecorded
	if u == nil {
		t.Fatal("no Unrecorded")
	}
	if !u.HasMember("container") || !u.HasMember("ready") {
		t.Errorf("members %v: want this.container.ready's property reads", u.Members)
	}
	if u.HasMember("update") || u.HasBare("update") || u.HasMember("contain") || u.HasBare("containers") {
		t.Errorf("update is a recorded call and an object key, never an unrecorded site; parts of names are not names: %+v", u)
	}
	if !u.HasBare("container") || !u.HasBare("draw") {
		t.Errorf("bare %v: want the parameter's reads and the aliased call (stored under render)", u.Bare)
	}
	if u.ModuleMembers != "" {
		t.Errorf("module members %q: this.container and container.size are no module's", u.ModuleMembers)
	}
}

// TestUnrecordedNamesMemberKinds pins the member lists. ModuleMembers:
// the members read through a receiver rooted at an import (a.mod.error,
// lg.warn), not a parameter; a function's parse is spared where only the
// latter hold its name. MethodMembers: all but Python reads of an
// attribute of the attribute (row.obj.id) and truth tests (if row.obj:),
// which are no bound method's sites, so a method's search leaves them out;
// a bare read of the attribute stays.
func TestUnrecordedNamesMemberKinds(t *testing.T) {
	for _, tc := range []struct {
		name, src                     string
		members, module, methodMember string
	}{
		{"module members", `import a.mod
import app.log as lg


def view(res):
    return [a.mod.error, lg.warn, res.info]
`, "error\ninfo\nmod\nwarn", "error\nmod\nwarn", "error\ninfo\nwarn"},
		{"method members", `def view(row, other):
    if row.owner:
        return row.obj.id
    return other.obj_id is None, other.flag, keep(other.handler)
`, "flag\nhandler\nid\nobj\nobj_id\nowner", "", "flag\nhandler\nid"},
	} {
		facts, err := Extract(context.Background(), Python, []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		u := facts.Unrecorded
		if u == nil {
			t.Fatalf("%s: no Unrecorded", tc.name)
		}
		if u.Members != tc.members {
			t.Errorf("%s: members %q, want %q", tc.name, u.Members, tc.members)
		}
		if u.ModuleMembers != tc.module {
			t.Errorf("%s: module members %q, want %q", tc.name, u.ModuleMembers, tc.module)
		}
		if u.MethodMembers != tc.methodMember {
			t.Errorf("%s: method members %q, want %q", tc.name, u.MethodMembers, tc.methodMember)
		}
	}
}

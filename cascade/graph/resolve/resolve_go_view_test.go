package resolve

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestGoWorkUsePaths(t *testing.T) {
	src := "go 1.22\n\nuse ./one // the first\nuse (\n\t./two\n\t\"./three four\"\n\t`../five`\n\t// ./commented\n)\n\nreplace example.com/x => ./x\n"
	got := GoWorkUsePaths(src)
	want := []string{"./one", "./two", "./three four", "../five"}
	if !slices.Equal(got, want) {
		t.Errorf("GoWorkUsePaths = %q, want %q", got, want)
	}
}

// A go.work above a module that does not use it leaves the module a view
// of its own (gopls sets GOWORK=off for it); a file in no module under a
// go.work is in the workspace's view.
func TestGoViewOf(t *testing.T) {
	root := t.TempDir()
	write := func(p, s string) {
		p = filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.work", "go 1.22\nuse (\n\t./a\n\t./b\n)\n")
	write("a/go.mod", "module a\n")
	write("b/go.mod", "module b\n")
	write("c/go.mod", "module c\n")
	v := &goViewDirs{mod: map[string]string{}, work: map[string]string{}}
	abs := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	if got := v.viewOf(abs("a/x")); !got[abs("a")] || !got[abs("b")] || got[abs("c")] {
		t.Errorf("view of a/x = %v, want a and b", got)
	}
	if got := v.viewOf(abs("c/y")); len(got) != 1 || !got[abs("c")] {
		t.Errorf("view of c/y = %v, want c alone", got)
	}
	if got := v.viewOf(abs("d")); !got[abs("a")] || !got[abs("b")] {
		t.Errorf("view of d (no module) = %v, want the workspace's", got)
	}
}

// Nothing above the workspace root is looked at: a go.work in the
// directory holding the workspace does not make its view.
func TestGoViewStopsAtTheWorkspaceRoot(t *testing.T) {
	outer := t.TempDir()
	root := filepath.Join(outer, "ws")
	for p, s := range map[string]string{
		filepath.Join(outer, "go.work"):      "go 1.22\nuse (\n\t./ws/a\n\t./other\n)\n",
		filepath.Join(root, "a", "go.mod"):   "module a\n",
		filepath.Join(outer, "other/go.mod"): "module other\n",
	} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	v := &goViewDirs{root: root, mod: map[string]string{}, work: map[string]string{}}
	a := filepath.Join(root, "a")
	if got := v.viewOf(filepath.Join(a, "x")); len(got) != 1 || !got[a] {
		t.Errorf("view of a/x = %v, want module a alone (the go.work above the workspace unread)", got)
	}
}

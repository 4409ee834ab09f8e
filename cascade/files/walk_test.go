package files

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/goleak"
)

// writeTree creates files (path → content) under root; a content of
// "->target" makes a symlink instead.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		path := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(content, "->"); ok {
			if err := os.Symlink(target, path); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func walkRels(t *testing.T, root string, opts WalkOptions) ([]string, WalkStats) {
	t.Helper()
	var rels []string
	stats, err := Walk(context.Background(), root, opts, func(f WalkedFile) error {
		if want := filepath.Join(root, filepath.FromSlash(f.Rel)); f.Path != want {
			t.Errorf("Path = %q, want %q", f.Path, want)
		}
		info, err := os.Stat(f.Path)
		if err != nil {
			t.Errorf("yielded path %q: %v", f.Path, err)
		} else if info.Size() != f.Size || !info.ModTime().Equal(f.ModTime) {
			t.Errorf("%s: size/mtime %d %v, want %d %v", f.Rel, f.Size, f.ModTime, info.Size(), info.ModTime())
		}
		rels = append(rels, f.Rel)
		return nil
	})
	if err != nil {
		t.Fatalf("Walk: %v", err)
	}
	return rels, stats
}

func TestWalk(t *testing.T) {
	outside := t.TempDir()
	writeTree(t, outside, map[string]string{
		"secret.go":     "package secret",
		"lib/lib.go":    "package lib",
		"lib/other.ts":  "export {}",
		"escape/esc.go": "package esc",
	})
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		".gitignore":             "# comment\n\n*.log\nignored_dir/\ngenerated/*.ts\n!generated/keep.ts\n/anchored.go\nonly_dirs/\n",
		".git/info/exclude":      "excluded_by_info.go\n",
		".git/config":            "[core]",
		".git/hooks/hook.py":     "print()",
		"main.go":                "package main",
		"go.mod":                 "module example.com/x\n",
		"README.md":              "# not source",
		"anchored.go":            "package main",
		"sub/anchored.go":        "package sub",
		"excluded_by_info.go":    "package main",
		"x.gen.go":               "package main",
		"app.log":                "log",
		"only_dirs":              "a file, not the directory the pattern names; but not source either",
		"ignored_dir/x.go":       "package x",
		"generated/a.ts":         "export {}",
		"generated/keep.ts":      "export {}",
		"pkg/.gitignore":         "local.py\n!important.py\n*.tmp.js\n",
		"pkg/a.py":               "x = 1",
		"pkg/local.py":           "x = 1",
		"pkg/important.py":       "x = 1",
		"pkg/deep/local.py":      "x = 1",
		"pkg/deep/w.tmp.js":      "x",
		"pkg/deep/w.js":          "x",
		"other/local.py":         "x = 1",
		"other/w.tmp.js":         "x",
		"vendor/v.go":            "package v",
		"node_modules/m/m.js":    "x",
		"web/node_modules/n.js":  "x",
		".yarn/plugins/p.cjs":    "x",
		".yarn/unplugged/u/u.js": "x",
		".venv/lib/site.py":      "x",
		".idea/X.java":           "class X {}",
		".vscode/s.ts":           "x",
		"__pycache__/c.py":       "x",
		"build/out.js":           "x",
		"build/gen/gen.ts":       "export {}",
		"dist/bundle.js":         "x",
		"tools/build/build.go":   "package build",
		// A Python package under a build output's name is sources;
		// bundles, reports and generated TypeScript are not.
		"app/coverage/__init__.py": "",
		"app/coverage/snap.py":     "x = 1",
		"coverage/lcov.js":         "x",
		"coverage/lcov/sorter.js":  "x",
		"web/build/plugin.ts":      "export {}",
		"web/target/index.d.ts":    "export {}",
		"web/dist/copied.ts":       "export {}",
		"web/src/App.tsx":          "export {}",
		"web/src/util.mjs":         "x",
		"java/A.java":              "class A {}",
		"big.ts":                   strings.Repeat("x", 2000),
		"bin.py":                   "abc\x00def",
		"empty.go":                 "",
		// Symlinks.
		"link_out":       "->" + filepath.Join(outside, "lib"),
		"file_out.go":    "->" + filepath.Join(outside, "secret.go"),
		"pkg/escape":     "->../../" + filepath.Base(outside) + "/escape", // relative, still outside
		"loop":           "->.",
		"loop2/self":     "->../loop2",
		"loop2/l.go":     "package loop2",
		"alias":          "->pkg",
		"main_alias.go":  "->main.go",
		"linked_gen":     "->build/gen",
		"dangling.go":    "->nowhere.go",
		"self_loop":      "->self_loop",
		"vendor_link":    "->vendor",
		"web/src/lnk.ts": "->../../generated/a.ts", // target ignored where it is, linked under a name that is not
	})

	var logs bytes.Buffer
	rels, stats := walkRels(t, root, WalkOptions{
		MaxFileSize:  1000,
		ExtraIgnores: []string{"*.gen.go", "# a comment", ""},
		Logger:       slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	})
	want := []string{
		// The sorted walk of real files.
		"app/coverage/__init__.py",
		"app/coverage/snap.py",
		"empty.go",
		"generated/keep.ts",
		"go.mod",
		"java/A.java",
		"loop2/l.go",
		"main.go",
		"other/local.py",
		"other/w.tmp.js",
		"pkg/a.py",
		"pkg/deep/w.js",
		"pkg/important.py",
		"sub/anchored.go",
		"tools/build/build.go",
		"web/src/App.tsx",
		"web/src/util.mjs",
		// Then links to what the walk did not reach on its own.
		"linked_gen/gen.ts",
		"web/src/lnk.ts",
	}
	if diff := cmp.Diff(want, rels); diff != "" {
		t.Errorf("walked files (-want +got):\n%s", diff)
	}
	if stats.Files != len(want) {
		t.Errorf("stats.Files = %d, want %d", stats.Files, len(want))
	}
	if stats.TooLarge != 1 || stats.Binary != 1 {
		t.Errorf("stats = %+v, want 1 too large and 1 binary", stats)
	}
	if stats.SymlinksFollowed != 2 {
		t.Errorf("stats.SymlinksFollowed = %d, want 2 (%+v)", stats.SymlinksFollowed, stats)
	}
	// link_out, file_out.go, pkg/escape, dangling.go, self_loop (never
	// resolved); loop, loop2/self, alias, main_alias.go (already walked).
	if stats.SymlinksSkipped != 9 {
		t.Errorf("stats.SymlinksSkipped = %d, want 9 (%+v)", stats.SymlinksSkipped, stats)
	}
	if stats.Ignored == 0 {
		t.Errorf("stats.Ignored = 0")
	}
	if !strings.Contains(logs.String(), "skipping large file") || !strings.Contains(logs.String(), "limit=1000") {
		t.Errorf("large file not logged:\n%s", logs.String())
	}
}

func TestWalkNegationInNestedGitignore(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		".gitignore":         "*.js\n",
		"a.js":               "x",
		"keep/.gitignore":    "!*.js\nsecret.js\n",
		"keep/b.js":          "x",
		"keep/secret.js":     "x",
		"keep/deeper/c.js":   "x",
		"drop/c.js":          "x",
		"dironly/.gitignore": "cache/\n",
		"dironly/cache/x.py": "x",
		"dironly/cache.py":   "x", // a file named like the dir-only pattern stays
	})
	rels, _ := walkRels(t, root, WalkOptions{})
	want := []string{"dironly/cache.py", "keep/b.js", "keep/deeper/c.js"}
	if diff := cmp.Diff(want, rels); diff != "" {
		t.Errorf("walked files (-want +got):\n%s", diff)
	}
}

func TestWalkExtraIgnoresOverrideGitignore(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		".gitignore":   "!*.go\n",
		"a.go":         "package a",
		"skip/b.go":    "package b",
		"gen/c_gen.go": "package c",
	})
	rels, _ := walkRels(t, root, WalkOptions{ExtraIgnores: []string{"skip/", "*_gen.go"}})
	if diff := cmp.Diff([]string{"a.go"}, rels); diff != "" {
		t.Errorf("walked files (-want +got):\n%s", diff)
	}
}

// TestWalkDefaultMaxFileSize: a large hand-written file up to the limit is
// walked (its calls are real calls), one over it is not, and a large file
// shaped like a minified bundle is left out and counted as such.
func TestWalkDefaultMaxFileSize(t *testing.T) {
	line := "export const x = call(a, b); // a line of ordinary length\n"
	source := func(size int) string {
		s := strings.Repeat(line, size/len(line)+1)
		return s[:size-1] + "\n"
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"ok.ts":           source(DefaultMaxFileSize),
		"component.tsx":   source(MinifiedCheckSize + 200_000),
		"big.ts":          source(DefaultMaxFileSize + 1),
		"bundle.min.js":   strings.Repeat("var a=b(c);", (MinifiedCheckSize+200_000)/11),
		"small-bundle.js": strings.Repeat("var a=b(c);", 50_000), // under the check: parsed as it is
	})
	rels, stats := walkRels(t, root, WalkOptions{})
	if diff := cmp.Diff([]string{"component.tsx", "ok.ts", "small-bundle.js"}, rels); diff != "" {
		t.Errorf("walked files (-want +got):\n%s", diff)
	}
	if stats.TooLarge != 1 || stats.Minified != 1 {
		t.Errorf("stats = %+v, want 1 too large (big.ts) and 1 minified (bundle.min.js)", stats)
	}
}

// TestWalkMinifiedNames: a file named as a minified bundle is left out at
// any size, and counted; names that merely end in "min.js" are sources.
func TestWalkMinifiedNames(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"static/lib/plugin.min.js":   "!function(){var e=tinymce;e.add(\"link\",function(n){n.on(\"x\")})}();",
		"static/lib/Jquery.MIN.js":   "var a=b(c);",
		"static/lib/esm/x.min.mjs":   "export const a=b(c);",
		"static/js/admin.js":         "function admin() { return load(); }",
		"static/js/min.js":           "function min(a, b) { return a < b ? a : b; }",
		"static/js/theme.minimal.js": "function theme() {}",
	})
	rels, stats := walkRels(t, root, WalkOptions{})
	if diff := cmp.Diff([]string{"static/js/admin.js", "static/js/min.js", "static/js/theme.minimal.js"}, rels); diff != "" {
		t.Errorf("walked files (-want +got):\n%s", diff)
	}
	if stats.Minified != 3 {
		t.Errorf("stats = %+v, want 3 minified", stats)
	}
}

// TestWalkBinaryAfterPrefix: only the first 8 KiB decide.
func TestWalkBinaryAfterPrefix(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"late_nul.go":  strings.Repeat("a", BinarySniffSize) + "\x00",
		"early_nul.go": strings.Repeat("a", BinarySniffSize-1) + "\x00",
	})
	rels, stats := walkRels(t, root, WalkOptions{})
	if diff := cmp.Diff([]string{"late_nul.go"}, rels); diff != "" || stats.Binary != 1 {
		t.Errorf("walked files (-want +got):\n%s\nstats %+v", diff, stats)
	}
}

func TestWalkRootThroughSymlink(t *testing.T) {
	real := t.TempDir()
	writeTree(t, real, map[string]string{"a.go": "package a", "sub/b.go": "package b"})
	link := filepath.Join(t.TempDir(), "ws")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	rels, _ := walkRels(t, link, WalkOptions{}) // walkRels checks Path is under the link
	if diff := cmp.Diff([]string{"a.go", "sub/b.go"}, rels); diff != "" {
		t.Errorf("walked files (-want +got):\n%s", diff)
	}
}

func TestWalkUnreadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads everything")
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a.go": "package a", "locked/b.go": "package b", "c.go": "package c"})
	if err := os.Chmod(filepath.Join(root, "a.go"), 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(root, "locked"), 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(filepath.Join(root, "locked"), 0o755)
	rels, stats := walkRels(t, root, WalkOptions{})
	if diff := cmp.Diff([]string{"c.go"}, rels); diff != "" || stats.Unreadable != 2 {
		t.Errorf("walked files (-want +got):\n%s\nstats %+v", diff, stats)
	}
}

func TestWalkStopsOnCallbackError(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a.go": "package a", "b.go": "package b", "c/d.go": "package d"})
	stop := errors.New("enough")
	var seen []string
	_, err := Walk(context.Background(), root, WalkOptions{}, func(f WalkedFile) error {
		seen = append(seen, f.Rel)
		if f.Rel == "b.go" {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) {
		t.Errorf("Walk error = %v, want the callback's", err)
	}
	if diff := cmp.Diff([]string{"a.go", "b.go"}, seen); diff != "" {
		t.Errorf("files seen (-want +got):\n%s", diff)
	}
}

func TestWalkCancelled(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a.go": "package a", "b.go": "package b", "c/d.go": "package d"})
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := Walk(ctx, root, WalkOptions{}, func(f WalkedFile) error {
		n++
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) || n != 1 {
		t.Errorf("Walk after cancel = %v after %d files, want context.Canceled after 1", err, n)
	}
}

func TestWalkMissingRoot(t *testing.T) {
	_, err := Walk(context.Background(), filepath.Join(t.TempDir(), "nope"), WalkOptions{}, func(WalkedFile) error { return nil })
	if err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Walk of a missing root = %v, want a wrapped ErrNotExist", err)
	}
}

func TestIsBinary(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"", false},
		{"package main\n", false},
		{"héllo, 世界", false},
		{"\x00", true},
		{"GIF89a\x01\x00", true},
	} {
		if got := IsBinary([]byte(tt.in)); got != tt.want {
			t.Errorf("IsBinary(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestWalkLargeTreeInOrder: directories are read in parallel, yet a tree of
// hundreds of directories comes out whole, in path order, one file at a
// time, with each directory's .gitignore applied to its own subtree only;
// and a walk stopped by its callback early leaves no reader running.
func TestWalkLargeTreeInOrder(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	var want []string
	for a := range 12 {
		for b := range 12 {
			dir := fmt.Sprintf("pkg-%02d/mod.%02d", a, b)
			if b%5 == 0 {
				files[dir+"/.gitignore"] = "gen_*.ts\n"
			}
			for c := range 3 {
				files[fmt.Sprintf("%s/file%d.ts", dir, c)] = "export {}"
				files[fmt.Sprintf("%s/gen_%d.ts", dir, c)] = "export {}"
			}
			files[dir+"/deep/x.go"] = "package deep"
		}
	}
	writeTree(t, root, files)
	for rel := range files {
		if strings.HasSuffix(rel, ".gitignore") {
			continue
		}
		if strings.Contains(rel, "/gen_") && func() bool { var a, b int; fmt.Sscanf(rel, "pkg-%d/mod.%d", &a, &b); return b%5 == 0 }() {
			continue // ignored by its directory's .gitignore
		}
		want = append(want, rel)
	}
	// Walk order: by path components, each directory's entries by name.
	slices.SortFunc(want, func(a, b string) int { return slices.Compare(strings.Split(a, "/"), strings.Split(b, "/")) })

	var inside atomic.Int32
	var got []string
	_, err := Walk(context.Background(), root, WalkOptions{}, func(f WalkedFile) error {
		if inside.Add(1) != 1 {
			t.Errorf("callback called again before it returned, at %s", f.Rel)
		}
		defer inside.Add(-1)
		got = append(got, f.Rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("walked files (-want +got):\n%s", diff)
	}

	// goleak, not a count: a worker that has signalled it is done may
	// still be returning when Walk does, and goleak waits for that.
	running := goleak.IgnoreCurrent()
	stop := errors.New("enough")
	n := 0
	_, err = Walk(context.Background(), root, WalkOptions{}, func(WalkedFile) error {
		if n++; n == 10 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 10 {
		t.Errorf("Walk = %v after %d files, want the callback's error after 10", err, n)
	}
	if err := goleak.Find(running); err != nil {
		t.Errorf("goroutines left after a stopped walk: %v", err)
	}
}

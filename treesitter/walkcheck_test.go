package treesitter

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestDirectWalkIsOn checks that every grammar passed directWalkAgrees with
// the go-tree-sitter that go.mod pins: if an upgrade moved tree-sitter's
// layouts, the grammars fall back to the cursor's walk (slower, still
// right) and this test says so.
func TestDirectWalkIsOn(t *testing.T) {
	for _, g := range registry {
		if _, _, err := g.compiled(); err != nil {
			t.Fatal(err)
		}
		if !g.directWalk {
			t.Errorf("%s: the direct walk is off: cc_language or cc_subtree no longer mirror tree-sitter's layouts (tree.go)", g.language)
		}
	}
}

// TestDirectWalkAgreesWithCursor flattens every source file of the
// fixtures and of this module both ways, and the files under the folders in
// CALLCASCADE_FACTS_DIGEST_DIRS (':'-separated) when set: the nodes must be
// the same, field by field.
func TestDirectWalkAgreesWithCursor(t *testing.T) {
	roots := []string{"../testdata", ".."}
	if dirs := os.Getenv("CALLCASCADE_FACTS_DIGEST_DIRS"); dirs != "" {
		roots = append(roots, strings.Split(dirs, ":")...)
	}
	files, seen := 0, map[Language]bool{}
	for _, root := range roots {
		// The repository's own sources, less testdata, which the first root reads.
		skipTestdata := func(name string) bool { return root == ".." && name == "testdata" }
		err := eachSourceFile(root, skipTestdata, func(path string, lang Language, src []byte) error {
			g, err := lookup(lang)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := g.compiled(); err != nil {
				t.Fatal(err)
			}
			tree, err := parseC(context.Background(), g, src)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			defer tree.delete()
			for _, room := range []int{1, len(src)/4 + 64} {
				cursor, direct, extract := flattenBothWays(tree, g, room)
				if i := firstDifference(cursor, direct); i >= 0 {
					t.Errorf("%s: the walks differ at node %d of %d / %d: cursor %s, direct %s", path, i, len(cursor), len(direct), nodeAt(cursor, i), nodeAt(direct, i))
					return nil
				}
				if i := firstDifference(cursor, extract); i >= 0 {
					t.Errorf("%s: Extract's flatten differs from the cursor's walk at node %d of %d / %d: cursor %s, Extract's %s", path, i, len(cursor), len(extract), nodeAt(cursor, i), nodeAt(extract, i))
					return nil
				}
			}
			files++
			seen[lang] = true
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, lang := range Languages() {
		if !seen[lang] {
			t.Errorf("no %s file was flattened", lang)
		}
	}
	t.Logf("%d files flattened both ways", files)
}

func firstDifference(a, b []node) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

func nodeAt(nodes []node, i int) string {
	if i >= len(nodes) {
		return "none"
	}
	n := &nodes[i]
	return fmt.Sprintf("%s field %q [%d,%d) parent %d named %t", n.Type(), n.FieldName(), n.start, n.end, n.parent, n.named)
}

// TestDirectWalkDeepTree flattens trees deeper than the direct walk's
// stack on the C stack (cc_local_frames), so that it moves to the heap,
// and checks the nodes against the cursor's.
func TestDirectWalkDeepTree(t *testing.T) {
	for _, tc := range []struct {
		lang Language
		src  string
	}{
		{TypeScript, "const x = " + strings.Repeat("[", 3000) + strings.Repeat("]", 3000) + ";\n"},
		{Python, "x = " + strings.Repeat("(", 1500) + "1" + strings.Repeat(")", 1500) + "\n"},
		{Go, "package p\nvar x = " + strings.Repeat("f(", 2000) + strings.Repeat(")", 2000) + "\n"},
	} {
		g, err := lookup(tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := g.compiled(); err != nil {
			t.Fatal(err)
		}
		tree, err := parseC(context.Background(), g, []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		cursor, direct, _ := flattenBothWays(tree, g, 1)
		tree.delete()
		depth := 0
		for i := range cursor {
			d := 0
			for p := cursor[i].parent; p >= 0; p = cursor[p].parent {
				d++
			}
			depth = max(depth, d)
		}
		if depth < 1000 {
			t.Errorf("%s: the tree is %d deep, not deep enough to test the heap stack", tc.lang, depth)
		}
		if i := firstDifference(cursor, direct); i >= 0 {
			t.Errorf("%s: the walks differ at node %d of %d / %d: cursor %s, direct %s", tc.lang, i, len(cursor), len(direct), nodeAt(cursor, i), nodeAt(direct, i))
		}
	}
}

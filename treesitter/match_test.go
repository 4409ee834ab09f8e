package treesitter

// The queries in queries/*.scm specify what extraction captures; the
// language hooks' match methods implement them in Go over the flattened
// tree. These tests run both on the same sources and require the same
// captures, and check the flattened tree against go-tree-sitter's Node API.

import (
	"context"
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	sitter "github.com/smacker/go-tree-sitter"
)

//go:embed queries/*.scm
var queryFiles embed.FS

var (
	queriesMu sync.Mutex
	queries   = map[Language]*sitter.Query{}
)

// specQuery compiles the grammar's query, once.
func specQuery(t testing.TB, lang Language) *sitter.Query {
	t.Helper()
	queriesMu.Lock()
	defer queriesMu.Unlock()
	if q := queries[lang]; q != nil {
		return q
	}
	g, err := lookup(lang)
	if err != nil {
		t.Fatal(err)
	}
	grammar, _, err := g.compiled()
	if err != nil {
		t.Fatal(err)
	}
	src, err := queryFiles.ReadFile("queries/" + g.queryFile)
	if err != nil {
		t.Fatal(err)
	}
	if g.jsxQuery {
		jsx, err := queryFiles.ReadFile("queries/jsx.scm")
		if err != nil {
			t.Fatal(err)
		}
		src = append(append(src, '\n'), jsx...)
	}
	q, err := sitter.NewQuery(src, grammar)
	if err != nil {
		t.Fatalf("%s: %v", lang, err)
	}
	queries[lang] = q
	return q
}

func TestQueriesCompile(t *testing.T) {
	for _, lang := range Languages() {
		specQuery(t, lang)
	}
}

func parseForTest(t testing.TB, lang Language, src []byte) *sitter.Tree {
	t.Helper()
	g, err := lookup(lang)
	if err != nil {
		t.Fatal(err)
	}
	grammar, _, _ := g.compiled()
	p := sitter.NewParser()
	defer p.Close()
	p.SetLanguage(grammar)
	tree, err := p.ParseCtx(context.Background(), nil, src)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

func captureKey(role string, start, end uint32, typ string) string {
	return fmt.Sprintf("%s %d-%d %s", role, start, end, typ)
}

// queryCaptures runs the query as extraction used to: every match, with
// predicates applied, each (role, range, type) once, the first match's
// @name or @container kept with it.
func queryCaptures(t testing.TB, lang Language, src []byte, root *sitter.Node) []string {
	q := specQuery(t, lang)
	cursor := sitter.NewQueryCursor()
	defer cursor.Close()
	cursor.Exec(q, root)
	seen := map[string]bool{}
	var out []string
	var pkg string
	for {
		m, ok := cursor.NextMatch()
		if !ok {
			break
		}
		m = cursor.FilterPredicates(m, src)
		byName := map[string]*sitter.Node{}
		for _, c := range m.Captures {
			byName[q.CaptureNameForId(c.Index)] = c.Node
		}
		for role, n := range byName {
			key := captureKey(role, n.StartByte(), n.EndByte(), n.Type())
			switch role {
			case "function", "method", "class", "interface":
				if name := byName["name"]; name != nil && !seen[key] {
					seen[key] = true
					out = append(out, key+fmt.Sprintf(" name %d-%d", name.StartByte(), name.EndByte()))
				}
			case "field":
				if !seen[key] {
					seen[key] = true
					if c := byName["container"]; c != nil {
						key += fmt.Sprintf(" in %d-%d", c.StartByte(), c.EndByte())
					}
					out = append(out, key)
				}
			case "call", "import", "local", "string":
				if !seen[key] {
					seen[key] = true
					out = append(out, key)
				}
			case "package":
				pkg = captureKey(role, n.StartByte(), n.EndByte(), n.Type())
			}
		}
	}
	if pkg != "" {
		out = append(out, pkg)
	}
	sort.Strings(out)
	return out
}

// matchCaptures runs the Go matchers over the flattened tree.
func matchCaptures(t testing.TB, lang Language, src []byte, root *sitter.Node) []string {
	g, _ := lookup(lang)
	g.compiled()
	flat, err := flatten(root, g)
	if err != nil {
		t.Fatal(err)
	}
	defer flat.release()
	e := &extractor{ctx: context.Background(), src: src, lines: NewLineIndex(src), facts: &Facts{}, hooks: hooksFor(lang)}
	var c captures
	for i := range flat.nodes {
		e.hooks.match(e, &flat.nodes[i], &c)
	}
	var out []string
	key := func(role string, n *node) string { return captureKey(role, n.start, n.end, n.Type()) }
	for _, s := range c.symbols {
		out = append(out, key(string(s.kind), s.decl)+fmt.Sprintf(" name %d-%d", s.name.start, s.name.end))
	}
	for _, f := range c.fields {
		k := key("field", f.node)
		if f.container != nil {
			k += fmt.Sprintf(" in %d-%d", f.container.start, f.container.end)
		}
		out = append(out, k)
	}
	for role, list := range map[string][]*node{"call": c.calls, "import": c.imports, "local": c.locals, "string": c.strs} {
		for _, n := range list {
			out = append(out, key(role, n))
		}
	}
	if c.pkg != nil {
		out = append(out, key("package", c.pkg))
	}
	sort.Strings(out)
	return out
}

// checkMatchesQuery fails t if the matchers and the query capture
// different nodes in src, or if the flattened tree differs from the one
// go-tree-sitter's Node API shows.
func checkMatchesQuery(t testing.TB, lang Language, src []byte) {
	t.Helper()
	tree := parseForTest(t, lang, src)
	defer tree.Close()
	root := tree.RootNode()
	want := queryCaptures(t, lang, src, root)
	got := matchCaptures(t, lang, src, root)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s: matchers and query differ (-query +matchers):\n%s", lang, diff)
	}
	checkFlatTree(t, lang, root)
}

// checkFlatTree compares every node of the flattened tree with the node
// go-tree-sitter gives for it: type, range, named, parent, children, and
// the field of each child.
func checkFlatTree(t testing.TB, lang Language, root *sitter.Node) {
	t.Helper()
	g, _ := lookup(lang)
	g.compiled()
	flat, err := flatten(root, g)
	if err != nil {
		t.Fatal(err)
	}
	defer flat.release()
	next := 0
	var visit func(n *sitter.Node, parent int) bool
	visit = func(n *sitter.Node, parent int) bool {
		if next >= len(flat.nodes) {
			t.Errorf("%s: flattened tree has only %d nodes", lang, len(flat.nodes))
			return false
		}
		i := next
		f := &flat.nodes[i]
		next++
		if f.Type() != n.Type() || f.start != n.StartByte() || f.end != n.EndByte() || f.named != n.IsNamed() || int(f.parent) != parent {
			t.Errorf("%s: node %d is %s %d-%d named=%v parent %d, want %s %d-%d named=%v parent %d",
				lang, i, f.Type(), f.start, f.end, f.named, f.parent, n.Type(), n.StartByte(), n.EndByte(), n.IsNamed(), parent)
			return false
		}
		kid := f.FirstChild()
		fields := map[string]bool{}
		for k := 0; k < int(n.ChildCount()); k++ {
			c := n.Child(k)
			if kid == nil || kid != &flat.nodes[next] {
				t.Errorf("%s: child %d of node %d (%s) is not next in pre-order", lang, k, i, n.Type())
				return false
			}
			// go-tree-sitter names a comment after a field child with that
			// field (ts_node_field_name_for_child counts extras wrong); the
			// tree cursor, and so the flattened tree, gives it none.
			if name := n.FieldNameForChild(k); !c.IsExtra() && kid.FieldName() != name {
				t.Errorf("%s: child %d of %s at %d has field %q, want %q", lang, k, n.Type(), n.StartByte(), kid.FieldName(), name)
			}
			if name := kid.FieldName(); name != "" {
				fields[name] = true
			}
			kid = kid.NextSibling()
			if !visit(c, i) {
				return false
			}
		}
		if kid != nil {
			t.Errorf("%s: node %d (%s) has more children than %d", lang, i, n.Type(), n.ChildCount())
			return false
		}
		for name := range fields {
			want, got := n.ChildByFieldName(name), f.ChildByFieldName(name)
			if (want == nil) != (got == nil) || want != nil && (want.StartByte() != got.start || want.EndByte() != got.end || want.Type() != got.Type()) {
				t.Errorf("%s: %s at %d: ChildByFieldName(%q) = %v, want %v", lang, n.Type(), n.StartByte(), name, got, want)
			}
		}
		return true
	}
	if visit(root, -1) && next != len(flat.nodes) {
		t.Errorf("%s: flattened tree has %d nodes, the tree %d", lang, len(flat.nodes), next)
	}
}

// matchSources are small files that exercise every pattern, including the
// ones the extraction tables reach only in passing.
var matchSources = map[Language][]string{
	TypeScript: {
		"const a = require('a'); const b = require(/* c */ 'b'); const c = require('c', 1); let d = require(x);",
		"class A { x = () => 1; y: string = 'z'; abstract m(): void; @D() n() { this.a = this.b = new B(); } }",
		"function f<T>(a: string): Promise<T> { const g = function () {}; return `t${a}`; }",
		"abstract class B extends C implements D {} interface E extends F { g(): void }",
		"import x = require('y'); export * from 'z'; import {a as b} from 'c'; this.q = 1; (this).r = 2;",
	},
	JavaScript: {
		"class A { x = () => 1; y = 2; #z = function() {}; static w = async () => {} }",
		"const a = require('a'); const {b} = require('b'); function* g() { yield this.h = new H(); }",
		"import x from 'y'; export default class { m() { return `a${b}` + 'c' } }",
	},
	Python: {
		"class A:\n    x: int = 1\n    y: 'B'\n    z = 3\n    def __init__(self, a):\n        self.a = a\n        self.b: int = 2\n        other.c = 3\n\nclass E(A): pass\n",
		"from a import (b, c as d)\nimport e.f as g\nx = f'{y}'\nz = 'w' \"v\"\n",
		"def f():\n    class Inner:\n        q: int\n    r: str = 's'\n    return Inner()\n",
		"@register\n@typing.overload\n@app.cli.command\n@app.route('/x')\nclass K:\n    @property\n    def p(self): pass\n    @p.setter\n    def p(self, v): pass\n    @cached\n    def q(self): pass\n",
		"try:\n    f()\nexcept E as e:\n    pass\nexcept (A, B) as ab:\n    pass\nexcept:\n    pass\n",
		"def g(xs):\n    for a, (b, c) in xs:\n        pass\n    with A() as (p, q), B() as r, C():\n        pass\n    t, *u = v = xs\n    (w, z) = [y for y in xs for _ in y]\n    return {k: v for k, v in xs.items()}\n",
	},
	Go: {
		"package p\n\nimport (\n\tx \"a/b\"\n\t\"c\"\n)\n\ntype S struct {\n\tA, B int `json:\"a\"`\n\tC\n\tD struct{ E int }\n}\n\ntype I interface{ M() }\n\ntype (\n\tT[K any] struct{ f K }\n\tU = S\n)\n\nfunc (s *S) M() { F[int](1); x.G(); var v = 1; w := \"z\"; _ = `r` }\n",
		"package q /* c */\n\nvar a, b = 1, 2\n",
		"package r\n\nfunc g(x any) { switch v := x.(type) { case int, nil: _ = v; default: h(func(y T) (z U) { return }) } }\nfunc (r R) m() (a, b int, _ error) { return }\n",
	},
	Java: {
		"package a.b;\nimport c.D;\nimport static e.F.g;\n@X class H extends I implements J { private int k, l; H() { this(1); } void m() { var n = new O<>(); p.q(\"r\"); } }\nenum S { T; void u() {} }\nrecord V(int w) {}\ninterface Y { void z(); }\n",
		"package a;\nclass B { String c = \"d\" + 'e'; }",
	},
}

func TestMatchersAgreeWithQueries(t *testing.T) {
	for lang, sources := range matchSources {
		for i, src := range sources {
			t.Run(fmt.Sprintf("%s/%d", lang, i), func(t *testing.T) {
				checkMatchesQuery(t, lang, []byte(src))
				if lang == TypeScript {
					checkMatchesQuery(t, TSX, []byte(src))
				}
			})
		}
	}
	// This package's own sources, as Go.
	paths, _ := filepath.Glob("*.go")
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(path, func(t *testing.T) { checkMatchesQuery(t, Go, src) })
	}
}

// TestMatchersAgreeWithQueriesOnRepo does the same on every file of the
// benchmark repository (see bench_test.go), when one is set.
func TestMatchersAgreeWithQueriesOnRepo(t *testing.T) {
	if os.Getenv(benchRepoEnv) == "" {
		t.Skipf("set %s to check a repository", benchRepoEnv)
	}
	files, _, err := loadBenchCorpus()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		checkMatchesQuery(t, f.lang, f.src)
		if t.Failed() {
			t.Fatalf("in %s", f.path)
		}
	}
}

// FuzzMatchersAgreeWithQueries looks for sources, broken ones above all,
// where the matchers and the queries part ways.
func FuzzMatchersAgreeWithQueries(f *testing.F) {
	for _, sources := range matchSources {
		for _, src := range sources {
			f.Add([]byte(src))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if looksBinary(src) {
			return
		}
		for _, lang := range Languages() {
			checkMatchesQuery(t, lang, src)
		}
	})
}

func TestFlattenGrowsItsBuffer(t *testing.T) {
	src := []byte(strings.Repeat("f(a, b);\n", 1000))
	tree := parseForTest(t, JavaScript, src)
	defer tree.Close()
	g, _ := lookup(JavaScript)
	g.compiled()
	check := func(what string, nodes []node) {
		t.Helper()
		if n := len(nodes); n < 9000 || nodes[n-1].end != uint32(len(src))-1 {
			t.Errorf("%s: %d nodes, last ends at %d", what, n, nodes[n-1].end)
		}
	}
	// Arrays too short, and one long enough, for each walk, asked for
	// the count first (sized) or not.
	for _, room := range []int{0, 1, 100, 100000} {
		for _, direct := range []bool{false, true} {
			for _, sized := range []bool{false, true} {
				flat := &syntaxTree{nodes: make([]node, room)}
				if err := flattenInto(flat, tree.RootNode(), g, direct, sized); err != nil {
					t.Fatal(err)
				}
				check(fmt.Sprintf("room %d, direct %v, sized %v", room, direct, sized), flat.nodes)
			}
		}
	}
	// The kept trees, whatever their arrays were left at.
	for range 3 {
		flat, err := flatten(tree.RootNode(), g)
		if err != nil {
			t.Fatal(err)
		}
		check("flatten", flat.nodes)
		flat.release()
	}
}

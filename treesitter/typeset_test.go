package treesitter

import "testing"

// A typeSet answers by symbol what a lookup by type name answers, for every
// node of a tree, the ERROR nodes of a broken file included, and in every
// grammar (the tables are per grammar: one symbol number names different
// types in each).
func TestTypeSetAgreesWithTypeNames(t *testing.T) {
	set := newTypeSet("function", "class", "identifier", "ERROR", "(", "string")
	sources := map[Language]string{
		TypeScript: "class A { m() { const f = function () { g(\"s\") }; } }\nlet x: string = (",
		TSX:        "function C() { return <div>{f()}</div> }\nclass B {",
		JavaScript: "const f = function () {}; class K {}; g(1, 'a') )",
		Python:     "class A:\n    def f(self): return g('s')\ndef (",
		Go:         "package p\nfunc f() { g(\"s\") }\ntype T struct{ a func() }\nfunc (",
		Java:       "class A { void f() { g(\"s\"); } } class {",
	}
	for lang, src := range sources {
		tree := parseForTest(t, lang, []byte(src))
		g, _ := lookup(lang)
		flat, err := flatten(tree.RootNode(), g)
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		for i := range flat.nodes {
			n := &flat.nodes[i]
			if want := set.names[n.Type()]; set.has(n) != want {
				t.Errorf("%s: node %q (symbol %d): has = %v, want %v", lang, n.Type(), n.symbol, !want, want)
			}
			if set.has(n) {
				found++
			}
		}
		if found == 0 {
			t.Errorf("%s: no node of the set's types found", lang)
		}
		flat.release()
		tree.Close()
	}
}

// insideSet, which keeps each node's answer for the rest of the file,
// answers what grepInsideSet's walk up to the root answers, for every node
// of a tree, asked in an order that is not the tree's (so answers are
// reused from above and below), with the set changed half way.
func TestInsideSetAgreesWithTheWalk(t *testing.T) {
	sources := map[Language]string{
		TypeScript: "import { a } from 'm'\nclass A { m(x: Map<string, T>) { const f = function () { g<T>(\"s\") }; } }\nlet x: string = (",
		TSX:        "import * as R from 'react'\nfunction C() { return <div>{f()}</div> }\nclass B {",
		Python:     "from m import a\nclass A:\n    def f(self) -> T: return g('s')\ndef (",
		Go:         "package p\nimport \"fmt\"\nfunc f() { fmt.Println(\"s\") }\ntype T struct{ a func() }\nfunc (",
	}
	sets := []*typeSet{ecmaNoSiteAncestors, pythonNoSiteAncestors, goNoSiteAncestors}
	for lang, src := range sources {
		tree := parseForTest(t, lang, []byte(src))
		g, _ := lookup(lang)
		flat, err := flatten(tree.RootNode(), g)
		if err != nil {
			t.Fatal(err)
		}
		e := &extractor{tree: flat}
		yes := 0
		for k, set := range sets {
			for i := range flat.nodes {
				j := (i*7 + k) % len(flat.nodes) // not in tree order
				n := &flat.nodes[j]
				if got, want := e.insideSet(n, set), grepInsideSet(n, set); got != want {
					t.Errorf("%s: node %d %q, set %d: insideSet = %v, the walk says %v", lang, j, n.Type(), k, got, want)
				} else if got {
					yes++
				}
			}
		}
		if yes == 0 {
			t.Errorf("%s: no node inside any set: the test checks nothing", lang)
		}
		flat.release()
		tree.Close()
	}
}

// ecmaBodyBindings' run over the pre-order array reads what the recursion
// through children reads, for every function body of a file whose bodies
// end in nested functions and classes (the jumps climb out of them).
func TestBodyBindingsRunAgreesWithRecursion(t *testing.T) {
	src := []byte(`function outer(a) {
  const x = 1, f = () => { const hidden = 2 };
  for (const y of ys) { try { g() } catch (err) { let z } }
  class K { m() { const inK = 1 } }
  function inner() { const deep = 3; return () => { const deeper = 4 } }
}
const arrow = (p) => { let { q, r: [s] } = o; if (c) { var t = function () { const u = 5 } } }
export default function () { for (const k in obj) {} class L {} }`)
	for _, lang := range []Language{TypeScript, JavaScript} {
		tree := parseForTest(t, lang, src)
		g, _ := lookup(lang)
		flat, err := flatten(tree.RootNode(), g)
		if err != nil {
			t.Fatal(err)
		}
		e := &extractor{src: src, tree: flat}
		bodies := 0
		for i := range flat.nodes {
			n := &flat.nodes[i]
			if !ecmaFunctionTypes.has(n) {
				continue
			}
			body := field(n, "body")
			if body == nil {
				continue
			}
			bodies++
			run, rec := map[string]bool{}, map[string]bool{}
			ecmaBodyBindings(e, body, run)
			ecmaBodyBindingsUnder(e, body, rec)
			if len(rec) == 0 && bodies == 1 {
				t.Errorf("%s: the outer body binds nothing: the test checks nothing", lang)
			}
			if len(run) != len(rec) {
				t.Errorf("%s: body at %d: run found %v, recursion %v", lang, body.start, run, rec)
			}
			for k := range rec {
				if !run[k] {
					t.Errorf("%s: body at %d: run misses %q (recursion %v)", lang, body.start, k, rec)
				}
			}
		}
		if bodies < 5 {
			t.Errorf("%s: %d function bodies found", lang, bodies)
		}
		flat.release()
		tree.Close()
	}
}

package treesitter

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"
)

// A receiver may be a module where its root is bound by an import, a
// require or a module loaded at run time; this, self, a parameter or a
// local never is. Java's receivers are never judged.
func TestModuleReceivers(t *testing.T) {
	for _, tc := range []struct {
		lang Language
		src  string
		yes  []string
		no   []string
	}{
		{TypeScript, "import * as ns from './u'\nimport u from './u'\nimport { api } from './api'\n" +
			"export async function f(res: any) {\n  const m = await import('./m')\n  const { default: d } = await import('./d')\n  const loaded = await dynamicImport(path)\n}\n",
			[]string{"ns", "ns.sub", "u", "api", "m", "d", "loaded", "require('./x')", "(await import('./x'))", "module.exports", "exports"},
			[]string{"console", "this", "this.logger", "res", "res.body", "super", "logger"}},
		{JavaScript, "const l = require('./log')\nconst x = require('./x').default\nfunction f(logger) {}\n",
			[]string{"l", "x"}, []string{"logger", "this"}},
		{JavaScript, "function f() {\n  return import('./log').then((m) => m.error())\n}\n",
			[]string{"m", "anything"}, []string{"this"}},
		{Python, "import a.mod\nimport app.log as lg\nfrom app import log\nimport importlib\n\n\ndef f(res):\n    m = importlib.import_module('x')\n",
			[]string{"a", "a.mod", "lg", "log", "m", "importlib", "__import__('y')"},
			[]string{"self", "cls", "super()", "res", "mod"}},
		{Python, "from app.utils import *\n", []string{"anything"}, []string{"self"}},
		{Go, "package p\n\nimport (\n\tlg \"example.com/log\"\n\t\"example.com/errs\"\n)\n",
			[]string{"lg", "errs", "errs.Default"}, []string{"t", "x.y", "log"}},
		{Java, "import a.B;\nclass C {}\n", []string{"x", "this"}, nil},
	} {
		facts, err := Extract(context.Background(), tc.lang, []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		m := NewModuleReceivers(tc.lang, facts.Imports, []byte(tc.src))
		for _, r := range tc.yes {
			if !m.MayBeModule(r) {
				t.Errorf("%s: %q may be a module, said no (imports %+v)", tc.lang, r, facts.Imports)
			}
		}
		for _, r := range tc.no {
			if m.MayBeModule(r) {
				t.Errorf("%s: %q is no module, said it may be", tc.lang, r)
			}
		}
	}
}

// mayCallLoader is a shortcut: where it finds no call that could be a
// loader's, boundToLoader (loaderBoundNames's definition, below) must find no root bound and loadedThen nothing.
// Checked on every identifier of sources built from loader-like pieces,
// each of which binds a root in some arrangement (so a shortcut that says
// "none" too often fails here).
func TestMayCallLoaderMissesNoLoader(t *testing.T) {
	pieces := []string{
		"const m = await import('./m')\n", "u = require('./u').default\n",
		"const { default: d, x } = await import('./d')\n", "loaded = await dynamicImport (path)\n",
		"r = requireModule\t(p)\n", "m2 = importlib.import_module('x')\n", "z = __import__('y')\n",
		"import('./log').then((m) => m.error())\n", "x = REQUIRE(p)\n", "a = b.Import(c)\n",
		"import { api } from './api'\n", "const y = f(x)\n", "w = awaitImport(q)\n", "v = await\timport(q)\n",
		"n = foo.bar()\n", "// require\n", "k = importer\n", "(import)\n",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	checked, bound := 0, 0
	for range 3000 {
		var b strings.Builder
		for range 1 + rng.IntN(4) {
			p := pieces[rng.IntN(len(pieces))]
			if rng.IntN(3) == 0 { // cut a piece short, or drop its parenthesis
				p = strings.Replace(p, "(", " ", rng.IntN(2))
			}
			b.WriteString(p)
		}
		src := []byte(b.String())
		if mayCallLoader(src) {
			continue
		}
		checked++
		for _, lang := range []Language{TypeScript, Python} {
			if lang != Python && loadedThen(src) {
				t.Fatalf("%q: mayCallLoader found no loader call, loadedThen found one", src)
			}
			for _, root := range strings.FieldsFunc(string(src), func(r rune) bool { return !grepIdentRune(r) }) {
				if boundToLoader(lang, src, root) {
					t.Fatalf("%s %q: mayCallLoader found no loader call, %q is bound to one", lang, src, root)
				}
			}
		}
	}
	for _, p := range pieces[:10] {
		if mayCallLoader([]byte(p)) {
			bound++
		}
	}
	if checked == 0 || bound != 10 {
		t.Fatalf("checked %d sources without a loader call; %d of the 10 loader pieces found (want 10)", checked, bound)
	}
}

// boundToLoader is loaderBoundNames's definition, one root at a time: an
// occurrence of root in src assigned a loader's result (root = [await]
// loader(, or { ..., root } = [await] loader( in TypeScript and
// JavaScript). The server searched the file like this for every root it
// was asked about.
func boundToLoader(lang Language, src []byte, root string) bool {
	word := []byte(root)
	for at := IndexWord(src, word, 0); at >= 0; at = IndexWord(src, word, at+len(word)) {
		rest := src[at+len(word):]
		if lang != Python {
			// { default: u, a } = ...: skip to the closing brace of a pattern.
			if end := bytes.IndexAny(rest[:min(len(rest), 200)], ";{}()"); end >= 0 && rest[end] == '}' {
				rest = rest[end+1:]
			}
		}
		rest = bytes.TrimLeft(rest, " \t\r\n")
		if len(rest) < 2 || rest[0] != '=' || rest[1] == '=' || rest[1] == '>' {
			continue
		}
		if isLoaderCall(lang, bytes.TrimLeft(rest[1:], " \t\r\n")) {
			return true
		}
	}
	return false
}

// loaderBoundNames finds, in one pass, exactly the roots boundToLoader
// finds one search at a time: checked on every identifier of sources built
// from assignments, patterns, comparisons and loader calls, in both
// language families.
func TestLoaderBoundNamesAreBoundToLoaders(t *testing.T) {
	pieces := []string{
		"const m = await import('./m')\n", "u = require('./u').default\n", "x.y = require('z')\n",
		"const { default: d, x } = await import('./d')\n", "let {a,\n b:c}\n=\nrequire(q)\n",
		"loaded = await dynamicImport (path)\n", "r = requireModule\t(p)\n", "m2 = importlib.import_module('x')\n",
		"z = __import__('y')\n", "a, b = importorskip('np')\n", "k: Mod = import_module(n)\n",
		"if x == require(p):\n", "y => require(p)\n", "q != import_module(p)\n", "w <= require(v)\n",
		"{ f(); } = require(g)\n", "été = require('é')\n", "2x = require(p)\n", "o = {}\n",
		"import { api } from './api'\n", "const y = f(x)\n", "n = foo.bar()\n", "} = import(\n", "= require(p)",
	}
	rng := rand.New(rand.NewPCG(3, 4))
	found := 0
	for range 4000 {
		var b strings.Builder
		for range 1 + rng.IntN(5) {
			p := pieces[rng.IntN(len(pieces))]
			switch rng.IntN(6) {
			case 0:
				p = strings.Replace(p, "(", " ", 1)
			case 1:
				p = strings.Replace(p, " = ", strings.Repeat(" ", 1+rng.IntN(3))+"="+strings.Repeat("\n", rng.IntN(2)), 1)
			case 2:
				p = strings.Replace(p, "{", "{far "+strings.Repeat("pad ", 45+rng.IntN(10)), 1) // a pattern past 200 bytes
			}
			b.WriteString(p)
		}
		src := []byte(b.String())
		for _, lang := range []Language{TypeScript, Python} {
			bound := loaderBoundNames(lang, src)
			for _, root := range strings.FieldsFunc(string(src), func(r rune) bool { return !grepIdentRune(r) }) {
				if want := boundToLoader(lang, src, root); bound[root] != want {
					t.Fatalf("%s %q: %q bound to a loader: %v, want %v", lang, src, root, bound[root], want)
				} else if want {
					found++
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no source bound a root to a loader: the check compared nothing")
	}
}

// A module awaited in place is a receiver of its own: its members are the
// module's, read where it is awaited; any other parenthesized receiver is not.
func TestCutAwaitedImport(t *testing.T) {
	for _, tc := range []struct {
		recv, inner, after string
		ok, whole          bool
	}{
		{`(await import('./page'))`, `import('./page')`, "", true, true},
		{`(await import("@/app/(app)/profile/page")).default`, `import("@/app/(app)/profile/page")`, ".default", true, false},
		{`(await import(name))`, `import(name)`, "", true, false},
		{`(await load('./page'))`, "", "", false, false},
		{`(await import('./page')`, "", "", false, false},
		{`import('./page')`, "", "", false, false},
	} {
		inner, after, ok := CutAwaitedImport(tc.recv)
		if inner != tc.inner || after != tc.after || ok != tc.ok {
			t.Errorf("CutAwaitedImport(%q) = %q, %q, %v; want %q, %q, %v", tc.recv, inner, after, ok, tc.inner, tc.after, tc.ok)
		}
		if got := ecmaAwaitedImport(tc.recv); got != tc.whole {
			t.Errorf("ecmaAwaitedImport(%q) = %v, want %v", tc.recv, got, tc.whole)
		}
	}
}

package treesitter

import (
	"context"
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

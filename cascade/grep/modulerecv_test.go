package grep

import (
	"context"
	"path"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A function is reached through a receiver only where that is a module
// object (issue 14): console.error, this.error, res.error, self.error,
// t.Error() are other things' error, never the function's callers, while
// ns.error(), a default import's u.error(), a required or dynamically
// imported module's, Python's mod.error() (imported as a.mod, as mod, from
// a) and Go's pkg.Error() are its callers.
func TestSearchKeepsOnlyModuleReceiversOfAFunction(t *testing.T) {
	for _, tc := range []struct {
		name, path string
		files      map[string]string
		want       []string
		outOfScope int
	}{
		{name: "error", path: "web/log.ts", outOfScope: 5, files: map[string]string{
			"web/log.ts":  "export function error(msg: string) {}\nexport default { error };\n",
			"web/main.ts": "import * as log from './log';\nimport u from './log';\nexport class Page {\n  run(res: any) {\n    console.error('x');\n    this.error();\n    res.error();\n    log.error('x');\n    u.error('y');\n    return res.error;\n  }\n  error() {}\n}\n",
			"web/lazy.ts": "export async function load(logger: any) {\n  const m = await import('./log');\n  m.error('x');\n  logger.error('y');\n}\n",
			"web/cjs.js":  "const l = require('./log');\nfunction f(logger) {\n  l.error();\n  logger.error();\n}\n",
		}, want: []string{
			"web/cjs.js:3:5 call l web/cjs.js#f",
			"web/lazy.ts:3:5 call m web/lazy.ts#load",
			"web/main.ts:8:9 call log web/main.ts#Page.run",
			"web/main.ts:9:7 call u web/main.ts#Page.run",
			"web/log.ts:2:18 reference ✓ web/log.ts#",
		}},
		{name: "error", path: "app/log.py", outOfScope: 2, files: map[string]string{
			"app/log.py":   "def error(msg):\n    pass\n",
			"app/views.py": "import app.log\nimport app.log as lg\nfrom app import log\n\n\nclass View:\n    def get(self, res):\n        self.error()\n        res.error()\n        app.log.error()\n        lg.error()\n        log.error()\n",
		}, want: []string{
			"app/views.py:10:17 call app.log app/views.py#View.get",
			"app/views.py:11:12 call lg app/views.py#View.get",
			"app/views.py:12:13 call log app/views.py#View.get",
		}},
		{name: "Error", path: "applog/log.go", outOfScope: 2, files: map[string]string{
			"go.mod":        "module example.com/m\n\ngo 1.22\n",
			"applog/log.go": "package applog\n\nfunc Error() {}\n",
			"use/use.go":    "package use\n\nimport \"example.com/m/applog\"\n\ntype T struct{}\n\nfunc (T) Error() {}\n\nfunc f(t T, x interface{ Error() }) {\n\tapplog.Error()\n\tt.Error()\n\tx.Error()\n}\n",
		}, want: []string{
			"use/use.go:10:9 call applog ✓ use/use.go#f",
		}},
	} {
		root := writeTree(t, tc.files)
		q := Query{Name: tc.name, Root: root, StopAfter: -1, SkipLibrary: true, TargetPath: tc.path, Package: path.Dir(tc.path),
			TargetSpan: declSpan(t, root, tc.path, tc.name)}
		r, err := Search(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, render(r)); diff != "" {
			t.Errorf("%s: matches (-want +got):\n%s", tc.path, diff)
		}
		if r.OutOfScope != tc.outOfScope {
			t.Errorf("%s: OutOfScope = %d, want %d", tc.path, r.OutOfScope, tc.outOfScope)
		}
		// A method of the name is reached through any receiver: the rule
		// leaves its search alone. (Through a Python module bound whole,
		// import app.log as lg, it is reached never: lg.error is the
		// module's, TestSearchLeavesModulesOutOfAMethod.)
		q.Method, q.Container = true, "Page"
		m, err := Search(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		modules := 0
		if path.Ext(tc.path) == ".py" {
			modules = 2 // app.log.error(), lg.error()
		}
		if len(m.Matches)+modules <= len(r.Matches) {
			t.Errorf("%s: a method's search found %d sites, the function's %d: want more", tc.path, len(m.Matches), len(r.Matches))
		}
	}
}

// A TypeScript function declared in a namespace is reached as NS.fn()
// with no import at all; Java's receivers are never judged.
func TestSearchKeepsReceiversWhereTheyMayReachAFunction(t *testing.T) {
	for _, tc := range []struct {
		path  string
		files map[string]string
		want  []string
	}{
		{path: "web/ns.ts", files: map[string]string{
			"web/ns.ts":  "namespace Log {\n  export function error(m: string) {}\n}\n",
			"web/use.ts": "export function f() {\n  Log.error('x');\n}\n",
		}, want: []string{"web/use.ts:2:7 call Log web/use.ts#f"}},
		{path: "src/Log.java", files: map[string]string{
			"src/Log.java":    "class Log {\n  static void error() {}\n}\n",
			"src/Caller.java": "class Caller {\n  void f(Log l) {\n    l.error();\n  }\n}\n",
		}, want: []string{"src/Caller.java:3:7 call l src/Caller.java#Caller.f"}},
	} {
		root := writeTree(t, tc.files)
		r, err := Search(context.Background(), Query{Name: "error", Root: root, StopAfter: -1, SkipLibrary: true, TargetPath: tc.path,
			TargetSpan: declSpan(t, root, tc.path, "error")})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, render(r)); diff != "" {
			t.Errorf("%s: matches (-want +got):\n%s", tc.path, diff)
		}
	}
}

// A Python module bound whole by an import (import subprocess, import
// app.log as lg) holds module-level names: mod.run, called or passed as a
// value (runner=subprocess.run), is never a class's method, as pyright
// defines it. A module imported from a package (from app import log) may
// be a class as far as grep can tell, and stays.
func TestSearchLeavesModulesOutOfAMethod(t *testing.T) {
	root := writeTree(t, map[string]string{
		"app/tools.py": "class Tool:\n    def run(self, args):\n        pass\n",
		"app/cli.py":   "import subprocess\nimport app.log as lg\nfrom app import log\n\n\nclass Api:\n    def __init__(self, runner=subprocess.run):\n        lg.run()\n        log.run()\n        self.tool.run()\n",
	})
	q := Query{Name: "run", Root: root, StopAfter: -1, SkipLibrary: true, TargetPath: "app/tools.py", Package: "app",
		Method: true, Container: "Tool", TargetSpan: declSpan(t, root, "app/tools.py", "run")}
	r, err := Search(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"app/cli.py:10:19 call self.tool ✓ app/cli.py#Api.__init__",
		"app/cli.py:9:13 call log app/cli.py#Api.__init__",
	}
	if diff := cmp.Diff(want, render(r)); diff != "" {
		t.Errorf("matches (-want +got):\n%s", diff)
	}
}

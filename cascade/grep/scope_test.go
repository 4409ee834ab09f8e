package grep

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/callcascade/callcascade/treesitter"
)

// A bare name reaches a function only from its own file, from a file that
// imports it, or (Go) from its own package; a method never. Other bare
// sites are another scope's own declarations and are left out.
func TestSearchLeavesOutBareNamesOutOfScope(t *testing.T) {
	root := writeTree(t, map[string]string{
		"web/form.tsx":    "export function onSubmit(values: any) {}\nexport const wired = () => onSubmit({});\n",
		"web/other.tsx":   "export function Other() {\n  const onSubmit = () => {};\n  return <form onSubmit={onSubmit} />;\n}\n",
		"web/user.tsx":    "import { Form, onSubmit } from './form';\nexport function User() {\n  return <Form onSubmit={onSubmit} />;\n}\n",
		"app/mail.py":     "def send(msg):\n    pass\n",
		"app/views.py":    "def send(x):\n    return x\n\n\ndef view():\n    send(1)\n",
		"app/tasks.py":    "from app.mail import (\n    send,\n)\n\n\ndef job():\n    send(2)\n",
		"go/a/handle.go":  "package a\n\nfunc Handle() {}\n\nfunc local() { Handle() }\n",
		"go/b/handle.go":  "package b\n\nfunc Handle() {}\n\nfunc other() { Handle() }\n",
		"web/service.ts":  "export class Orders {\n  findAll() {}\n}\n",
		"web/consumer.ts": "import { Orders } from './service';\nfunction findAll() {}\nexport function run(o: Orders) {\n  findAll();\n  o.findAll();\n}\n",
		// The same name imported from another module binds another declaration.
		"nav/samf/Item.tsx":    "export function NavbarItem() { return null; }\n",
		"nav/samf/Bar.tsx":     "import { NavbarItem } from './Item';\nexport const Bar = () => <NavbarItem />;\n",
		"nav/old/Bar.tsx":      "import { NavbarItem } from './components';\nexport const Old = () => <NavbarItem />;\n",
		"nav/barrel.tsx":       "import { NavbarItem } from './samf';\nexport const Top = () => <NavbarItem />;\n",
		"nav/aliased.tsx":      "import { NavbarItem } from '@/nav/samf/Item';\nexport const Aliased = () => <NavbarItem />;\n",
		"app/jobs/report.py":   "from ..mail import send\n\n\ndef report():\n    send(3)\n",
		"app/jobs/notify.py":   "from django.core.mail import send\n\n\ndef notify():\n    send(4)\n",
		"app/jobs/absolute.py": "from app.mail import send\n\n\ndef absolute():\n    send(5)\n",
		// A package from the registry holds no workspace file (in place, or
		// linked into pnpm's store); a linked workspace package may.
		"ui/Component.tsx":                "export default function Component() { return null; }\n",
		"ui/boundary.tsx":                 "import { Component } from 'react';\nexport class Boundary extends Component<{}, {}> {}\n",
		"ui/linked.tsx":                   "import { Component } from '@acme/ui';\nexport const L = () => <Component />;\n",
		"node_modules/react/package.json": "{}\n",
		"ui/pnpm.tsx":                     "import { Component } from 'preact/compat';\nexport class P extends Component {}\n",
		"node_modules/.pnpm/preact@10.0.0/node_modules/preact/package.json": "{}\n",
		"packages/ui/package.json": "{}\n",
		// Services side by side, each run from its own directory with its
		// own app package: from app.dependencies import get_service is the
		// importer's service's (Depends(get_service) in every route file).
		"services/pay/app/__init__.py":       "",
		"services/pay/app/dependencies.py":   "def get_service(request):\n    return request\n",
		"services/pay/app/api/routes.py":     "from app.dependencies import get_service\n\n\ndef pay(service=Depends(get_service)):\n    return service\n",
		"services/book/app/__init__.py":      "",
		"services/book/app/dependencies.py":  "def get_service(request):\n    return request\n",
		"services/book/app/api/v1/routes.py": "from app.dependencies import get_service\n\n\ndef book(service=Depends(get_service)):\n    return service\n",
		"services/audit/app/api/routes.py":   "from app.dependencies import get_service\n\n\ndef audit(service=Depends(get_service)):\n    return service\n",
	})
	if err := os.MkdirAll(filepath.Join(root, "node_modules", "@acme"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "packages", "ui"), filepath.Join(root, "node_modules", "@acme", "ui")); err != nil {
		t.Fatal(err)
	}
	// pnpm links every installed package into its store.
	if err := os.Symlink(filepath.Join(root, "node_modules", ".pnpm", "preact@10.0.0", "node_modules", "preact"), filepath.Join(root, "node_modules", "preact")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path, container string
		want                  []string
		outOfScope            int
	}{
		{name: "onSubmit", path: "web/form.tsx", outOfScope: 1, want: []string{
			"web/form.tsx:2:28 call ✓ web/form.tsx#wired",
			"web/user.tsx:3:26 reference web/user.tsx#User",
		}},
		{name: "send", path: "app/mail.py", outOfScope: 2, want: []string{
			"app/jobs/absolute.py:5:5 call app/jobs/absolute.py#absolute",
			"app/jobs/report.py:5:5 call app/jobs/report.py#report",
			"app/tasks.py:7:5 call app/tasks.py#job",
		}},
		{name: "NavbarItem", path: "nav/samf/Item.tsx", outOfScope: 1, want: []string{
			"nav/aliased.tsx:2:31 call nav/aliased.tsx#Aliased",
			"nav/barrel.tsx:2:27 call nav/barrel.tsx#Top",
			"nav/samf/Bar.tsx:2:27 call nav/samf/Bar.tsx#Bar",
		}},
		{name: "Handle", path: "go/a/handle.go", outOfScope: 1, want: []string{
			"go/a/handle.go:5:16 call ✓ go/a/handle.go#local",
		}},
		{name: "Component", path: "ui/Component.tsx", outOfScope: 2, want: []string{
			"ui/linked.tsx:2:25 call ui/linked.tsx#L",
		}},
		// audit has no app/dependencies.py of its own: the import may be
		// pay's (as before); book's is book's own.
		{name: "get_service", path: "services/pay/app/dependencies.py", outOfScope: 1, want: []string{
			"services/audit/app/api/routes.py:4:27 reference services/audit/app/api/routes.py#audit",
			"services/pay/app/api/routes.py:4:25 reference services/pay/app/api/routes.py#pay",
		}},
		{name: "findAll", path: "web/service.ts", container: "Orders", outOfScope: 1, want: []string{
			"web/consumer.ts:5:5 call o web/consumer.ts#run",
		}},
	} {
		r, err := Search(context.Background(), Query{Name: tc.name, Root: root, StopAfter: -1, SkipLibrary: true,
			TargetPath: tc.path, Container: tc.container, TargetSpan: declSpan(t, root, tc.path, tc.name)})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, render(r)); diff != "" {
			t.Errorf("%s: matches (-want +got):\n%s", tc.name, diff)
		}
		if r.OutOfScope != tc.outOfScope {
			t.Errorf("%s: OutOfScope = %d, want %d", tc.name, r.OutOfScope, tc.outOfScope)
		}
		// Without SkipLibrary (every site of the name), they are kept.
		all, _ := Search(context.Background(), Query{Name: tc.name, Root: root, StopAfter: -1, TargetPath: tc.path, Container: tc.container,
			TargetSpan: declSpan(t, root, tc.path, tc.name)})
		if len(all.Matches) != len(r.Matches)+tc.outOfScope {
			t.Errorf("%s: %d sites without the scope rule, want %d", tc.name, len(all.Matches), len(r.Matches)+tc.outOfScope)
		}
	}
}

// declSpan is the span of the first occurrence of name in the file: its
// declaration in these sources.
func declSpan(t *testing.T, root, rel, name string) treesitter.Span {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return span(t, string(src), name)
}

// A kept file's sites are remembered between searches; whether the file
// imports the name depends on the target (its module, a method or not),
// so a search for a method of the name must not leave a later search for
// the function of that name without the import that makes a bare site its.
func TestKeptSitesKeepEachTargetsScope(t *testing.T) {
	root := writeTree(t, map[string]string{
		"web/form.tsx":  "export function onSubmit(values: any) {}\n",
		"web/panel.tsx": "export class Panel {\n  onSubmit() {}\n}\n",
		"web/user.tsx":  "import { onSubmit } from './form';\nimport type { Panel } from './panel';\nexport function User(p: Panel) {\n  p.onSubmit();\n  return <Form onSubmit={onSubmit} />;\n}\n",
	})
	var s Searcher
	defer s.Close()
	ask := func(path, container string) []string {
		r, err := s.Search(context.Background(), Query{Name: "onSubmit", Root: root, StopAfter: -1, SkipLibrary: true,
			TargetPath: path, Container: container, TargetSpan: declSpan(t, root, path, "onSubmit")})
		if err != nil {
			t.Fatal(err)
		}
		return render(r)
	}
	method := ask("web/panel.tsx", "Panel")
	if diff := cmp.Diff([]string{"web/user.tsx:4:5 call p web/user.tsx#User"}, method); diff != "" {
		t.Errorf("the method's sites (-want +got):\n%s", diff)
	}
	// p.onSubmit() is no way to the function (p is no module).
	function := ask("web/form.tsx", "")
	if diff := cmp.Diff([]string{"web/user.tsx:5:26 reference web/user.tsx#User"}, function); diff != "" {
		t.Errorf("the function's sites, after the method's were kept (-want +got):\n%s", diff)
	}
}

// mayImportName only spares the import patterns where they cannot match:
// for every word of every fixture, a file the patterns find importing it
// is one mayImportName lets through.
func TestMayImportNameNeverHidesAnImport(t *testing.T) {
	words := regexp.MustCompile(`[A-Za-z_$][A-Za-z0-9_$]*`)
	checked, spared := 0, 0
	err := filepath.WalkDir(filepath.Join("..", "..", "testdata"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		lang, ok := treesitter.LanguageForPath(path)
		if !ok || lang == treesitter.Go || lang == treesitter.Java {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, w := range words.FindAll(src, -1) {
			name := string(w)
			if seen[name] {
				continue
			}
			seen[name] = true
			checked++
			if mayImportName(lang, src, name) {
				continue
			}
			spared++
			if importsName(importPatterns(lang, name), src, lang, "x/file", "", nil, nil) {
				t.Errorf("%s: %q is imported by the patterns, but mayImportName said it cannot be", path, name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if spared == 0 || spared == checked {
		t.Fatalf("%d names checked, %d spared the patterns: want some of each", checked, spared)
	}
	for _, tc := range []struct {
		lang      treesitter.Language
		src, name string
		mayImport bool
	}{
		{treesitter.TypeScript, "import {\n  a,\n  error,\n} from './log'\nerror('x')\n", "error", true},
		{treesitter.TypeScript, "import { a } from './log'\ntry {} catch (error) { console.log(error) }\n", "error", false},
		{treesitter.JavaScript, "const { error } = require('./log')\n", "error", true},
		{treesitter.Python, "def f(error):\n    return error\n", "error", false},
		{treesitter.Python, "from .log import error\n", "error", true},
		{treesitter.Python, "import os\n\ndef f(o):\n    return o.get_absolute_url()\n", "get_absolute_url", false},
		{treesitter.Python, "from .models import (\n    Base,\n    get_absolute_url,\n)\n", "get_absolute_url", true},
		{treesitter.Python, "from .models import (reimport_data,\n    error)\n", "error", true},
		{treesitter.Python, "from .models import *\nerror()\n", "error", true},
		{treesitter.Python, "import os\nfrom .models import (a, b)\nerror()\n", "error", false},
	} {
		if got := mayImportName(tc.lang, []byte(tc.src), tc.name); got != tc.mayImport {
			t.Errorf("mayImportName(%s, %q, %q) = %v, want %v", tc.lang, tc.src, tc.name, got, tc.mayImport)
		}
	}
}

// A top-level function of an ES module is reachable elsewhere only where
// an export names it (or the file is no ES module, or sets a global).
func TestModuleOwnFunction(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"import { a } from './a';\nfunction fmt() {}\nexport function run() { return fmt(); }\n", true},
		{"import { a } from './a';\nexport function fmt() {}\n", false},
		{"import { a } from './a';\nfunction fmt() {}\nexport {\n  a,\n  fmt as format,\n};\n", false},
		{"import { a } from './a';\nfunction fmt() {}\nexport default fmt;\n", false},
		{"import { a } from './a';\nfunction fmt() {}\nexport default { fmt };\n", false},
		{"function fmt() {}\nfunction run() { return fmt(); }\n", false},                    // a script: its functions are global
		{"import { a } from './a';\nfunction fmt() {}\nmodule.exports = { fmt };\n", false}, // CommonJS exports
		{"import { a } from './a';\nfunction fmt() {}\nwindow.fmt = fmt;\n", false},         // a global
		{"export const x = 1;\nfunction fmt() {}\nexport const other = () => fmt();\n", true},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "m.ts"), []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		q := Query{Name: "fmt", TargetPath: "m.ts", TopLevel: true, SkipLibrary: true}
		if got := moduleOwnFunction(&q, dir); got != c.want {
			t.Errorf("moduleOwnFunction(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}

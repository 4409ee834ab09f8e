package grep

import (
	"context"
	"path"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A file of another language never calls the target: talawa-api's
// workflow script's match.start() was listed as a possible caller of a
// TypeScript start. Without a target file every language is searched.
func TestSearchKeepsToTheTargetsLanguageFamily(t *testing.T) {
	files := map[string]string{
		"src/tracker.ts":           "export class Tracker {\n  start(op: string) {}\n}\n",
		"src/use.js":               "function f(t) {\n  t.start('x');\n}\n",
		"scripts/check.py":         "def count(match):\n    return match.start()\n",
		"tools/main.go":            "package main\n\nfunc main() { t.start() }\n",
		"web/App.tsx":              "export function App(t: any) {\n  t.start('y');\n}\n",
		"scripts/legacy/build.mjs": "export function go(t) {\n  t.start();\n}\n",
	}
	root := writeTree(t, files)
	target := "src/tracker.ts"
	q := Query{Name: "start", Root: root, StopAfter: -1, TargetPath: target, Package: path.Dir(target), Method: true,
		TargetSpan: declSpan(t, root, target, "start")}
	r, err := Search(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"scripts/legacy/build.mjs:2:5 call t scripts/legacy/build.mjs#go",
		"src/use.js:2:5 call t src/use.js#f",
		"web/App.tsx:2:5 call t web/App.tsx#App",
	}
	if diff := cmp.Diff(want, render(r)); diff != "" {
		t.Errorf("matches (-want +got):\n%s", diff)
	}

	q = Query{Name: "start", Root: root, StopAfter: -1}
	if r, err = Search(context.Background(), q); err != nil {
		t.Fatal(err)
	}
	if got := render(r); len(got) < len(want)+2 {
		t.Errorf("without a target file, every language is searched; got %v", got)
	}
}

package grep

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A TypeScript file that never names the target's class, nor a base or an
// interface of it, holds no value of it that the compiler knows: its call
// of the name is another type's (SopraSteria's specs call their own
// component's onSubmit). JavaScript files and files that name a base are
// kept; a search for every site keeps everything.
func TestSearchLeavesOutTypeScriptFilesThatNeverNameTheClass(t *testing.T) {
	files := map[string]string{
		"app/confirm.component.ts":    "import { Submittable } from './forms';\n\nexport class ConfirmComponent extends core.Base<Form> implements Submittable {\n  onSubmit(e: any) {}\n}\n",
		"app/other.component.spec.ts": "import { OtherComponent } from './other.component';\n\nit('submits', () => {\n  component.fixture.componentInstance.onSubmit(event);\n});\n",
		"app/uses.ts":                 "import { ConfirmComponent } from './confirm.component';\n\nexport function wire(c: any) {\n  c.onSubmit(1);\n}\n",
		"app/forms.ts":                "export interface Submittable { onSubmit(e: any): void }\n\nexport function submitAll(fs: Submittable[]) {\n  fs[0].onSubmit(2);\n}\n",
		"app/base.ts":                 "export function viaBase(b: Base<unknown>) {\n  b.onSubmit(3);\n}\n",
		"app/legacy.js":               "export function old(x) {\n  x.onSubmit(4);\n}\n",
		"app/template.ts":             "export function render(f: any) {\n  return f.onSubmit;\n}\n",
	}
	root := writeTree(t, files)
	target := "app/confirm.component.ts"
	search := func(skip bool) []string {
		q := Query{Name: "onSubmit", Container: "ConfirmComponent", Method: true, Root: root, StopAfter: -1, SkipLibrary: skip,
			TargetPath: target, Package: path.Dir(target), TargetSpan: declSpan(t, root, target, "onSubmit")}
		r, err := Search(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		return render(r)
	}
	want := []string{
		"app/base.ts:2:5 call b app/base.ts#viaBase",
		"app/forms.ts:4:9 call fs[0] app/forms.ts#submitAll",
		"app/legacy.js:2:5 call x app/legacy.js#old",
		"app/uses.ts:4:5 call c app/uses.ts#wire",
	}
	if diff := cmp.Diff(want, search(true)); diff != "" {
		t.Errorf("callers (-want +got):\n%s", diff)
	}
	if got := search(false); len(got) != len(want)+2 {
		t.Errorf("every site: got %v, want the spec's and the template's too", got)
	}

	// The class's names are read from its file as it is now: an edit that
	// drops its bases drops the files that named only them.
	if err := os.WriteFile(filepath.Join(root, target), []byte("export class ConfirmComponent {\n  onSubmit(e: any) {}\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want = []string{
		"app/legacy.js:2:5 call x app/legacy.js#old",
		"app/uses.ts:4:5 call c app/uses.ts#wire",
	}
	if diff := cmp.Diff(want, search(true)); diff != "" {
		t.Errorf("callers after the class lost its bases (-want +got):\n%s", diff)
	}
}

package grep

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const tsProvidersFile = `export class SakuraProvider {
  private get endpoint(): string { return "a"; }
  url(): string { return ` + "`${this.endpoint}/x`" + `; }
}

export class ClaudeProvider {
  private get endpoint(): string { return "b"; }
  request() { return fetchJson({ url: ` + "`${this.endpoint}/v1`" + ` }); }
}

export class Gemini {
  constructor(private readonly endpoint: string) {}
  models() { return this.endpoint; }
}

export class Mistral {
  constructor() { this.endpoint = "c"; }
  endpoint: string;
  models() { return this.endpoint; }
}

export class Mixin {
  call() { return this.endpoint; }
}

export const handlers = {
  endpoint: "d",
  run() { return this.endpoint; },
};
`

// A TypeScript this.name inside a class that declares the member itself (a
// getter, a field, a constructor's parameter property, or this.name = ...
// in its constructor) reads that member, never another class's: grep
// leaves it out. A class that declares none stays a possible caller (a
// subclass may have it), and so does an object literal's method, whose
// this is the object.
func TestSearchTypeScriptLeavesOutOwnMembers(t *testing.T) {
	root := writeTree(t, map[string]string{"src/providers.ts": tsProvidersFile})
	r, err := Search(context.Background(), Query{Name: "endpoint", Container: "SakuraProvider", Method: true, TargetPath: "src/providers.ts",
		Root: root, StopAfter: -1, SkipLibrary: true, Accessor: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"src/providers.ts:3:34 reference this ✓ src/providers.ts#SakuraProvider.url",
		"src/providers.ts:23:24 reference this src/providers.ts#Mixin.call",
		"src/providers.ts:28:23 reference this src/providers.ts#handlers.run",
	}
	if diff := cmp.Diff(want, render(r)); diff != "" {
		t.Errorf("matches (-want +got):\n%s", diff)
	}
}

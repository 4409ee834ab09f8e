package resolve

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTSConfigOwnership checks which config owns a file as tsserver
// decides it: the nearest config's include and exclude (inherited through
// extends), then configs further up, and a solution config's references
// taken as owning.
func TestTSConfigOwnership(t *testing.T) {
	root := t.TempDir()
	write := func(rel, body string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The root leaves tests out; a package inherits its include from a base
	// config beside the root; another package's config excludes e2e, which
	// the root, further up, includes; a solution config owns by reference.
	write("tsconfig.json", `{ "compilerOptions": {"paths": {"@/*": ["src/*"]}}, "exclude": ["tests", "**/*.spec.ts",], }`)
	write("tsconfig.base.json", `{ "include": ["lib"] }`)
	write("packages/kit/tsconfig.json", `{ "extends": "../../tsconfig.base.json" }`)
	write("packages/web/tsconfig.json", `{ "exclude": ["e2e"] }`)
	write("apps/solution/tsconfig.json", `{ "files": [], "references": [{ "path": "./tsconfig.app.json" }] }`)
	write("apps/plain/tsconfig.json", `{ "files": ["main.ts"] }`)
	write("apps/empty/tsconfig.json", `{ "files": [] }`)
	a := &tsAliases{root: root}
	for _, c := range []struct {
		file, outside string
	}{
		{"src/billing.ts", ""},
		{"tests/alias.test.ts", "tsconfig.json"},
		{"src/billing.spec.ts", "tsconfig.json"},
		{"node_modules/x/index.ts", ""}, // an explicit exclude replaces the default
		{"lib/util.ts", ""},
		{"packages/kit/lib/util.ts", ""}, // the base's "lib", relative to the base: not the package's lib
		{"packages/web/e2e/flow.ts", ""}, // the root includes it: tsserver looks further up
		{"apps/solution/src/x.ts", ""},   // references: not read, taken as owning
		{"apps/plain/main.ts", ""},       // named in "files"
		{"apps/plain/other.ts", ""},      // "files" only, but the root includes it
	} {
		if got := a.outsideProject(c.file); got != c.outside {
			t.Errorf("outsideProject(%s) = %q, want %q", c.file, got, c.outside)
		}
	}
	write("tsconfig.json", `{ "include": ["src"] }`)
	b := &tsAliases{root: root}
	for _, c := range []struct {
		file, outside string
	}{
		{"scripts/seed.ts", "tsconfig.json"},
		{"apps/empty/x.ts", "apps/empty/tsconfig.json"},         // no files, no include, no references: owns nothing
		{"packages/kit/src/a.ts", "packages/kit/tsconfig.json"}, // its base includes only the base's lib, and the root only src
		{"apps/plain/other.ts", ""},                             // "files" alone: main.ts may import it, which is not followed
	} {
		if got := b.outsideProject(c.file); got != c.outside {
			t.Errorf("with include src: outsideProject(%s) = %q, want %q", c.file, got, c.outside)
		}
	}
}

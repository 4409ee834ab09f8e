package resolve

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func writeConfigs(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, body := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// The nearest config maps a specifier; comments, trailing commas and
// strings holding "//" or "/*" are read as tsc reads them; the longest
// matching prefix wins; nothing outside the workspace is read.
func TestTSConfigAliases(t *testing.T) {
	outside := writeConfigs(t, map[string]string{"tsconfig.base.json": `{"compilerOptions": {"baseUrl": ".", "paths": {"#/*": ["./stolen/*"]}}}`})
	root := writeConfigs(t, map[string]string{
		"tsconfig.json": `{
  // root config
  "compilerOptions": {
    "baseUrl": ".",
    "paths": {
      "@app/*": ["apps/web/src/*", "libs/*"], /* two places */
      "@app/ui/*": ["libs/ui/src/*"],
      "@shared": ["libs/shared/index.ts"],
    },
  },
  "include": ["**/*.{ts,tsx}", "http://example.com/x"],
}`,
		"packages/api/tsconfig.json":  `{"extends": "../../tsconfig.json", "compilerOptions": {"strict": true}}`,
		"packages/evil/tsconfig.json": `{"extends": "` + filepath.ToSlash(filepath.Join("..", "..", "..", filepath.Base(outside), "tsconfig.base.json")) + `"}`,
		"packages/pkg/tsconfig.json":  `{"extends": "@tsconfig/node20/tsconfig.json", "compilerOptions": {"baseUrl": "src"}}`,
	})
	a := &tsAliases{root: root}
	for _, tc := range []struct {
		from, spec string
		want       []string
	}{
		{"apps/web/src/page.tsx", "@app/orders", []string{"apps/web/src/orders", "libs/orders"}},
		{"apps/web/src/page.tsx", "@app/ui/Button", []string{"libs/ui/src/Button"}}, // the longer prefix
		{"apps/web/src/page.tsx", "@shared", []string{"libs/shared/index"}},
		{"packages/api/src/x.ts", "@shared", []string{"libs/shared/index"}},              // through extends
		{"packages/pkg/src/x.ts", "utils/date", []string{"packages/pkg/src/utils/date"}}, // baseUrl alone
		{"packages/evil/src/x.ts", "#/secret", nil},                                      // its extends leaves the root
		{"apps/web/src/page.tsx", "./local", nil},                                        // relative: not an alias
		{"apps/web/src/page.tsx", "react", []string{"react"}},                            // baseUrl "." maps it: no such file, so no match
	} {
		got := a.candidates(tc.from, tc.spec)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("candidates(%s, %s) (-want +got):\n%s", tc.from, tc.spec, diff)
		}
	}
}

package resolve

import (
	"context"
	"testing"
)

// Two go.mod files may declare one module path (CGO-go-echo's root and
// scheduler/ both say "module github.com"). An import then names the
// importing file's own module's package, and the answer may not depend on a
// map's order: asked many times, it is the same each time.
func TestGoImportDirTwinModules(t *testing.T) {
	q := &query{modules: map[string]string{".": "github.com", "scheduler": "github.com", "tools/gen": "github.com/tools"}}
	cases := []struct{ from, imp, want string }{
		{"auth/merchant/usecase.go", "github.com/auth/admin", "auth/admin"},
		{"scheduler/jobs/run.go", "github.com/auth/admin", "scheduler/auth/admin"},
		{"", "github.com/auth/admin", "auth/admin"},                    // no importing file: the outermost
		{"scheduler/jobs/run.go", "github.com/tools/x", "tools/gen/x"}, // the longest module path first
	}
	for range 50 {
		for _, c := range cases {
			got, ok := q.goImportDirFrom(context.Background(), c.from, c.imp)
			if !ok || got != c.want {
				t.Fatalf("import %q from %q: %q (%v), want %q", c.imp, c.from, got, ok, c.want)
			}
		}
	}
}

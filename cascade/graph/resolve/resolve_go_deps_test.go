package resolve

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A dependency is read from the module cache at the version the module's
// go.mod requires (upper-case letters escaped), or at its replacement's,
// when the user allows reading outside the workspace (GoModuleCacheEnv).
func TestGoDepsModuleCache(t *testing.T) {
	cache, work := t.TempDir(), t.TempDir()
	t.Setenv("GOMODCACHE", cache)
	t.Setenv(GoModuleCacheEnv, "1")
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(work, "go.mod"), "module example.com/app\n\nrequire (\n\tgithub.com/Acme/core v1.2.0 // indirect\n\texample.com/old v0.1.0\n)\n\nreplace example.com/old => example.com/new v0.2.0\n")
	write(filepath.Join(cache, "github.com/!acme/core@v1.2.0/api/api.go"), `package api

import (
	"fmt"
	meta "github.com/Acme/core/meta"
)

type Resource interface {
	GetMetadata() *meta.ObjectMeta
	fmt.Stringer
}

type Base struct{}

func (b *Base) Validate(opts ...string) error { return nil }

type Check struct {
	Base
	Name string
}

func (c Check) GetMetadata() *meta.ObjectMeta { return nil }

type Getter[T any] interface {
	Get(x T, m map[string]*T, ch <-chan int) []T
}
`)
	write(filepath.Join(cache, "example.com/new@v0.2.0/old.go"), "package old\n\ntype Closer interface{ Close() error }\n")
	var d goDeps
	set, iface, ok := d.receiverMethods(work, "github.com/Acme/core/api.Resource", "GetMetadata", true)
	if !ok || !iface || len(set) != 2 {
		t.Fatalf("Resource.GetMetadata: set %v iface %v ok %v, want GetMetadata and String of an interface", set, iface, ok)
	}
	if got := set["GetMetadata"].results; len(got) != 1 || got[0] != "github.com/Acme/core/meta.ObjectMeta" {
		t.Errorf("GetMetadata results = %q", got)
	}
	if got := set["GetMetadata"].resultShapes; len(got) != 1 || got[0] != "*@" {
		t.Errorf("GetMetadata result shapes = %q, want *@: a pointer", got)
	}
	if got := set["String"].results; len(got) != 1 || got[0] != "string" {
		t.Errorf("String results = %q", got)
	}
	// A type parameter's shape is not known; a channel's direction is.
	set, _, ok = d.receiverMethods(work, "github.com/Acme/core/api.Getter", "Get", true)
	if got := set["Get"]; !ok || !slices.Equal(got.paramShapes, []string{"?", "?", "<-chan int"}) || !slices.Equal(got.resultShapes, []string{"?"}) {
		t.Errorf("Getter.Get shapes = %q %q (ok %v)", got.paramShapes, got.resultShapes, ok)
	}
	// A promoted method's set is its declaring type's.
	set, iface, ok = d.receiverMethods(work, "github.com/Acme/core/api.Check", "Validate", false)
	if !ok || iface || len(set) != 1 || set["Validate"].params[0] != "[]string" || set["Validate"].paramShapes[0] != "...string" {
		t.Errorf("Check.Validate: set %v iface %v ok %v, want Base's", set, iface, ok)
	}
	if _, _, ok := d.receiverMethods(work, "github.com/Acme/core/api.Check", "Close", false); ok {
		t.Errorf("Check.Close: found, want none")
	}
	if _, _, ok := d.receiverMethods(work, "github.com/Acme/core/api.Check", "GetMetadata", true); ok {
		t.Errorf("Check.GetMetadata among interfaces only: found, want none (a concrete type)")
	}
	if set, _, ok := d.receiverMethods(work, "example.com/old.Closer", "Close", true); !ok || len(set) != 1 {
		t.Errorf("replaced module: set %v ok %v", set, ok)
	}
}

// Unless the user allows it, nothing outside the workspace root is read:
// the module cache is not, vendor/ inside the workspace is.
func TestGoDepsReadNothingOutsideTheWorkspace(t *testing.T) {
	cache, work := t.TempDir(), t.TempDir()
	t.Setenv("GOMODCACHE", cache)
	t.Setenv(GoModuleCacheEnv, "")
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(work, "go.mod"), "module example.com/app\n\nrequire example.com/core v1.0.0\n")
	api := "package api\n\ntype Closer interface{ Close() error }\n"
	write(filepath.Join(cache, "example.com/core@v1.0.0/api/api.go"), api)
	d := goDeps{root: work}
	if _, _, ok := d.receiverMethods(work, "example.com/core/api.Closer", "Close", true); ok {
		t.Fatal("the module cache, outside the workspace, was read")
	}
	write(filepath.Join(work, "vendor", "modules.txt"), "# example.com/core v1.0.0\nexample.com/core/api\n")
	write(filepath.Join(work, "vendor", "example.com/core/api/api.go"), api)
	d = goDeps{root: work}
	if set, iface, ok := d.receiverMethods(work, "example.com/core/api.Closer", "Close", true); !ok || !iface || len(set) != 1 {
		t.Errorf("vendor/ inside the workspace: set %v iface %v ok %v, want Close of an interface", set, iface, ok)
	}
}

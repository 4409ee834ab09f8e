package treesitter

import "testing"

// An import without a name is called by its package's name, which Go's
// convention derives from the path: a path element that is no identifier
// is not the name (madmin.DecryptData is a call into
// github.com/minio/madmin-go/v3).
func TestGoPackageName(t *testing.T) {
	for path, want := range map[string]string{
		"fmt":                            "fmt",
		"github.com/go-chi/chi/v5":       "chi",
		"gopkg.in/yaml.v3":               "yaml",
		"github.com/dustin/go-humanize":  "humanize",
		"github.com/minio/madmin-go/v3":  "madmin",
		"github.com/minio/minio-go/v7":   "minio",
		"github.com/segmentio/kafka-go":  "kafka",
		"github.com/nats-io/nats.go":     "nats",
		"github.com/mattn/go-isatty":     "isatty",
		"github.com/acme/foo-bar":        "foobar",
		"github.com/acme/go_foo":         "go_foo",
		"example.com/app/internal/bpool": "bpool",
	} {
		if got := goPackageName(path); got != want {
			t.Errorf("goPackageName(%q) = %q, want %q", path, got, want)
		}
	}
}

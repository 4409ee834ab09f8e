package resolve_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// A call through a value asserted to an interface type literal calls the
// literal's own method (gopls answers it as a direct call) and dispatches
// to the types of the package whose method sets satisfy the literal; a
// type whose method takes other parameters is not one of them.
func TestGoInterfaceLiteralCalls(t *testing.T) {
	r := indexSources(t, map[string]string{
		"go.mod": "module example.com/gql\n\ngo 1.22\n",
		"schema/schema.go": `package schema

type Params struct{}

type CheckAliases struct{}

func (CheckAliases) Input(p Params) (string, error) { return "", nil }

type EntityAliases struct{}

func (EntityAliases) Input(name string) (string, error) { return "", nil }

func inputHandler(impl interface{}) func(Params) (string, error) {
	resolver := impl.(interface {
		Input(p Params) (string, error)
	})
	return func(frp Params) (string, error) {
		return resolver.Input(frp)
	}
}
`,
	})
	ctx := context.Background()
	for _, tc := range []struct {
		target string
		edges  []string
	}{
		{"inputHandler.Input", []string{"inputHandler ast"}},
		{"CheckAliases.Input", []string{"inputHandler ast via interface{...}.Input"}},
		{"EntityAliases.Input", nil},
	} {
		edges, err := r.Incoming(ctx, symbolNamed(t, r, tc.target))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.edges, edgeLines(edges), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: edges (-want +got):\n%s", tc.target, diff)
		}
	}
}

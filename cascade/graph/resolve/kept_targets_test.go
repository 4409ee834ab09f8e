package resolve

import (
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// The kept resolutions share a target list between sites only when the
// lists are equal in every field, not merely in their symbols' IDs.
func TestKeptSitesShareOnlyEqualTargets(t *testing.T) {
	kept := &resolvedSites{}
	sym := func(line uint32, params ...treesitter.Param) fact.Symbol {
		return fact.Symbol{ID: "sdk/client.go#Client.Do", Path: "sdk/client.go", Name: "Do", Kind: treesitter.KindMethod,
			Container: "Client", Span: treesitter.Span{Start: treesitter.Position{Line: line}}, Params: params}
	}
	first := kept.sharedTargets([]fact.Symbol{sym(3, treesitter.Param{Name: "req"})})
	again := kept.sharedTargets([]fact.Symbol{sym(3, treesitter.Param{Name: "req"})})
	if &again[0] != &first[0] {
		t.Errorf("an equal target list was kept again, not shared")
	}
	for _, other := range [][]fact.Symbol{
		{sym(4, treesitter.Param{Name: "req"})},
		{sym(3, treesitter.Param{Name: "request"})},
		{sym(3)},
	} {
		got := kept.sharedTargets(other)
		if !sameSymbol(got[0], other[0]) {
			t.Errorf("sharedTargets(%+v) = %+v: another symbol of the same ID", other[0], got[0])
		}
	}
	if got := kept.sharedTargets(nil); got != nil {
		t.Errorf("sharedTargets(nil) = %v", got)
	}
}

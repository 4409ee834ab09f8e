package graph

import (
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
)

// An item that holds a direct call and a registration of the same function
// says both: the registration is not shown as a precise call.
func TestDetailNamesAnAlsoRegisteredSite(t *testing.T) {
	e := fact.Edge{Symbol: fact.Symbol{Name: "useTrial"}, Resolution: fact.ResolvedAST, AlsoRegistered: "setInterval(1000)"}
	if got, want := Detail(e), "precise (ast) · also registered via setInterval(1000)"; got != want {
		t.Errorf("Detail = %q, want %q", got, want)
	}
	e = fact.Edge{Symbol: fact.Symbol{Name: "start"}, Resolution: fact.ResolvedRegistration, Via: "setInterval(1000)", AlsoRegistered: "x"}
	if got, want := Detail(e), "registered via setInterval(1000)"; got != want {
		t.Errorf("Detail = %q, want %q", got, want)
	}
}

package observability

import "time"

// Observer has the literal's method: gopls relates it to the literal in
// every package, the field's type being reachable from a package-level
// type.
type Observer struct{ count int }

func (o *Observer) ObserveRelationship(operation, result string, d time.Duration) { // @def(concrete, "ObserveRelationship")
	o.count++
}

// Another method of the name with another signature: no relation.
type Counter struct{}

func (Counter) ObserveRelationship(operation string) {} // @def(counterObserve, "ObserveRelationship") @nocallers(counterObserve)

func Use() { // @def(use, "Use")
	o := &Observer{}
	o.ObserveRelationship("block", "success", time.Second) // @site(useCall, "ObserveRelationship") @call(use, concrete, useCall) @dispatch(use, observe, useCall) @dispatch(use, auditObserve, useCall)
	var c Counter
	c.ObserveRelationship("x") // @site(counterCall, "ObserveRelationship") @call(use, counterObserve, counterCall)
}

package render

// Receivers typed by something other than a type name: a call's second
// result, a map lookup, a field, a type assertion, a type switch, a range
// over a slice of a named collection type, a closure's parameter.

// Shape is implemented by Square only.
type Shape interface {
	Area() int // @def(shapeArea, "Area")
}

// Square implements Shape.
type Square struct{ side int }

// Area of a square.
func (s *Square) Area() int { // @def(squareArea, "Area")
	return s.side * s.side
}

// Frame holds a Shape in a field named after its type, which is not
// embedding: Frame is no Shape, and its Area, which takes a parameter, is
// not Shape's. @callers(frameArea)
type Frame struct {
	Shape Shape
}

// Area of the framed shape with padding.
func (f Frame) Area(pad int) int { // @def(frameArea, "Area")
	return f.Shape.Area() + pad // @site(frameShapeArea, "Area") @call(frameArea, shapeArea, frameShapeArea) @dispatch(frameArea, squareArea, frameShapeArea)
}

// Shapes is a named collection type.
type Shapes []Shape

// Total adds the areas.
func (ss Shapes) Total() int { // @def(shapesTotal, "Total")
	total := 0
	for _, s := range ss {
		total += s.Area() // @site(totalArea, "Area") @call(shapesTotal, shapeArea, totalArea) @dispatch(shapesTotal, squareArea, totalArea)
	}
	return total
}

// Problems lists what went wrong.
type Problems []string

// Summary says how many.
func (p Problems) Summary() int { // @def(problemsSummary, "Summary")
	return len(p)
}

// build returns a shape and its problems.
func build(side int) (Shape, Problems) { // @def(build, "build")
	return &Square{side: side}, nil
}

// fromResults reads build's second result.
func fromResults() int { // @def(fromResults, "fromResults")
	_, problems := build(2)   // @site(resultsBuild, "build") @call(fromResults, build, resultsBuild)
	return problems.Summary() // @site(resultsSummary, "Summary") @call(fromResults, problemsSummary, resultsSummary)
}

// fromMap takes the comma-ok form of a map lookup.
func fromMap(named map[string]Shape) int { // @def(fromMap, "fromMap")
	if s, ok := named["main"]; ok {
		return s.Area() // @site(mapArea, "Area") @call(fromMap, shapeArea, mapArea) @dispatch(fromMap, squareArea, mapArea)
	}
	return 0
}

// fromAssertion asserts the concrete type: a call of Square's Area, which
// gopls also lists among the callers of Shape's.
func fromAssertion(f Frame) int { // @def(fromAssertion, "fromAssertion")
	inner := f.Shape
	return inner.(*Square).Area() // @site(assertArea, "Area") @call(fromAssertion, squareArea, assertArea) @dispatch(fromAssertion, shapeArea, assertArea)
}

// fromSwitch binds v to each case's type.
func fromSwitch(x any) int { // @def(fromSwitch, "fromSwitch")
	switch v := x.(type) {
	case Problems:
		return v.Summary() // @site(switchSummary, "Summary") @call(fromSwitch, problemsSummary, switchSummary)
	case Shapes:
		return v.Total() // @site(switchTotal, "Total") @call(fromSwitch, shapesTotal, switchTotal)
	}
	return 0
}

// fromCollections ranges over slices of named collection types: each
// element is a Shapes, not a Shape; the two loops bind one name to two types.
func fromCollections(all []Shapes, lists []Problems) int { // @def(fromCollections, "fromCollections")
	n := 0
	for _, x := range all {
		n += x.Total() // @site(rangeTotal, "Total") @call(fromCollections, shapesTotal, rangeTotal)
	}
	for _, x := range lists {
		n += x.Summary() // @site(rangeSummary, "Summary") @call(fromCollections, problemsSummary, rangeSummary)
	}
	return n
}

// fromClosure types a closure's parameter.
func fromClosure(visit func(func(p Problems) int)) { // @def(fromClosure, "fromClosure")
	visit(func(p Problems) int { return p.Summary() }) // @site(closureSummary, "Summary") @call(fromClosure, problemsSummary, closureSummary)
}

// fromTable ranges over a table of anonymous structs, as table tests do.
func fromTable() int { // @def(fromTable, "fromTable")
	cases := []struct {
		problems Problems
	}{{problems: Problems{"a"}}}
	n := 0
	for _, c := range cases {
		n += c.problems.Summary() // @site(tableSummary, "Summary") @call(fromTable, problemsSummary, tableSummary)
	}
	return n
}

// fromNamedResult calls a method of its named result.
func fromNamedResult() (problems Problems) { // @def(fromNamedResult, "fromNamedResult")
	_ = problems.Summary() // @site(namedSummary, "Summary") @call(fromNamedResult, problemsSummary, namedSummary)
	return
}

// Pair is generic in two types.
type Pair[K comparable, V any] struct {
	k K
	v V
}

// Key returns the key.
func (p *Pair[K, V]) Key() K { // @def(pairKey, "Key")
	return p.k
}

// MakePair makes a Pair with a zero value.
func MakePair[K comparable, V any](k K) *Pair[K, V] { // @def(makePair, "MakePair")
	return &Pair[K, V]{k: k}
}

// fromGeneric types a local by a generic function's result: with two type
// arguments and one argument, the call parses as a conversion.
func fromGeneric() string { // @def(fromGeneric, "fromGeneric")
	p := MakePair[string, int]("a") // @site(genericMake, "MakePair") @call(fromGeneric, makePair, genericMake)
	return p.Key()                  // @site(genericKey, "Key") @call(fromGeneric, pairKey, genericKey)
}

// fromFuncValue calls a closure held in a local.
func fromFuncValue() int { // @def(fromFuncValue, "fromFuncValue")
	problemsOf := func() Problems { return nil }
	return problemsOf().Summary() // @site(funcValueSummary, "Summary") @call(fromFuncValue, problemsSummary, funcValueSummary)
}

// fromFuncParam calls a func-typed parameter that shadows the package's
// function of the same name.
func fromFuncParam(build func(int) (Shape, Problems)) int { // @def(fromFuncParam, "fromFuncParam")
	_, more := build(1)   // the parameter, not the package's build @callers(build, fromResults)
	return more.Summary() // @site(paramSummary, "Summary") @call(fromFuncParam, problemsSummary, paramSummary)
}

package resolve

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// javaReceiverExcludes reports whether a Java call resolved to m, a method
// its receiver's class inherits from an interface or base above it, cannot
// run target: the receiver's declared class is strictly below m's, and
// target's class is not that class nor below it. An abstract BaseNotifier
// implementing Notifier without declaring send calls send(m) on a
// BaseNotifier, which EmailNotifier (a Notifier, no BaseNotifier) never is;
// javac binds the call to Notifier.send, and only the receiver's type
// narrows what may run.
func (q *query) javaReceiverExcludes(ctx context.Context, c fact.Call, m, target fact.Symbol) (bool, error) {
	if target.Language != treesitter.Java {
		return false, nil
	}
	if injected, err := q.frameworks().injectedExcludes(ctx, c, target); err != nil || injected {
		return injected, err // a Spring bean of another class (framework_spring.go)
	}
	static, err := q.javaReceiverClass(ctx, c)
	if err != nil || static == nil {
		return false, err
	}
	base, err := q.classOf(ctx, &m)
	if err != nil || base == nil || base.ID == static.ID {
		return false, err
	}
	sub, err := q.classOf(ctx, &target)
	if err != nil || sub == nil {
		return false, err
	}
	if q.isSubtype(ctx, *sub, *static, 0) {
		return false, nil
	}
	return q.isSubtype(ctx, *static, *base, 0), nil
}

// javaReceiverClass is the workspace class a Java call's receiver is
// declared as: the class around the call for send(m) and this.send(m),
// the declared type of a field, parameter or local otherwise; nil when
// that is not known.
func (q *query) javaReceiverClass(ctx context.Context, c fact.Call) (*fact.Symbol, error) {
	if c.Receiver == "" || c.Receiver == "this" {
		if c.CallerID == "" {
			return nil, nil
		}
		caller, err := q.symbol(ctx, c.CallerID)
		if err != nil || caller == nil {
			return nil, err
		}
		return q.classOf(ctx, caller)
	}
	ref, ok, err := q.receiverOfCall(ctx, c, treesitter.Java)
	if err != nil || !ok || ref.kind != refInstance {
		return nil, err
	}
	cls := ref.class
	return &cls, nil
}

// javaCollectionOf is a Java value of a collection or map type written with
// its element's type (treesitter.GoCollectionPrefix, MapValueTypePrefix as
// the extractor writes a List<Notifier>, a Map<String, Notifier>): the
// collection is the standard library's (refExternal), so no call on it is
// a workspace method's (all.remove(x) is no EmailNotifier.remove), and
// what its elements or values are is kept for the steps that reach one.
func (q *query) javaCollectionOf(ctx context.Context, f *fact.File, typeName string) (typeRef, bool, error) {
	if f.Language != treesitter.Java {
		return typeRef{}, false, nil
	}
	if elem, ok := strings.CutPrefix(typeName, treesitter.GoCollectionPrefix); ok {
		inner, err := q.instanceOf(ctx, f, elem)
		return typeRef{kind: refExternal, elements: &inner}, true, err
	}
	if value, ok := strings.CutPrefix(typeName, treesitter.MapValueTypePrefix); ok {
		inner, err := q.instanceOf(ctx, f, value)
		return typeRef{kind: refExternal, mapValue: &inner}, true, err
	}
	return typeRef{}, false, nil
}

// javaElementGetters are the methods of a Java collection, iterator,
// stream's terminal or Optional that give one of its elements.
var javaElementGetters = setOf("get", "getFirst", "getLast", "first", "last", "element", "poll", "pop",
	"pollFirst", "pollLast", "peekFirst", "peekLast", "removeFirst", "removeLast", "firstElement", "lastElement",
	"elementAt", "next", "previous", "take", "orElse", "orElseThrow", "orElseGet", "ceiling", "floor", "higher", "lower")

// javaSameElements are the methods of a Java collection, stream or
// Optional that give a collection, stream or Optional of the same elements.
var javaSameElements = setOf("stream", "parallelStream", "filter", "sorted", "distinct", "limit", "skip",
	"iterator", "listIterator", "descendingIterator", "subList", "headSet", "tailSet", "subSet", "descendingSet",
	"reversed", "toList", "findFirst", "findAny", "min", "max", "takeWhile", "dropWhile", "or", "sequential",
	"parallel", "unordered", "onClose")

// javaCollectionStep is what one step on a Java collection (cur.elements)
// or map (cur.mapValue) gives: an element (all.get(0), it.next(),
// o.orElseThrow()), a value (byName.get(k)), the same elements
// (all.stream().filter(...)), a map's values (byName.values()); anything
// else is the library's (all.size()) or not known (all.stream().map(...)).
func javaCollectionStep(cur typeRef, seg receiverSeg) typeRef {
	if !seg.call || seg.index {
		return typeRef{kind: refUnknown}
	}
	if cur.mapValue != nil {
		switch seg.name {
		case "get", "getOrDefault", "remove", "put", "putIfAbsent", "computeIfAbsent", "computeIfPresent", "compute", "merge", "replace":
			return *cur.mapValue // byName.get(k).send(m): one of the values
		case "values":
			return typeRef{kind: refExternal, elements: cur.mapValue}
		}
		return typeRef{kind: refUnknown} // keySet(), entrySet(): not typed here
	}
	switch {
	case javaElementGetters[seg.name]:
		return *cur.elements
	case seg.name == "peek" && strings.TrimSpace(seg.args) == "": // a queue's peek(), not a stream's peek(action)
		return *cur.elements
	case javaSameElements[seg.name] || seg.name == "peek":
		return cur
	case seg.name == "collect" && (strings.Contains(seg.args, "toList()") || strings.Contains(seg.args, "toSet()") ||
		strings.Contains(seg.args, "toUnmodifiableList()") || strings.Contains(seg.args, "toUnmodifiableSet()")):
		return cur // stream.collect(Collectors.toList())
	}
	return typeRef{kind: refUnknown}
}

// javaCallbackElement is the type of the parameter of a lambda passed to a
// Java collection's, stream's or Optional's method (treesitter's
// javaLambdaElements): an element of of, or a value of a map's forEach;
// ok is false when of is no collection the extractor typed.
func javaCallbackElement(of typeRef, method string) (typeRef, bool) {
	switch {
	case of.mapValue != nil && method == "forEach":
		return *of.mapValue, true // byName.forEach((k, n) -> ...)
	case of.mapValue != nil:
		return typeRef{kind: refUnknown}, true // byName.computeIfAbsent(k, key -> ...): a key
	case of.elements != nil:
		return *of.elements, true // all.forEach(n -> ...), o.ifPresent(n -> ...)
	}
	return typeRef{}, false
}

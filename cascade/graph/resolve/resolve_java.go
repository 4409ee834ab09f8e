package resolve

import (
	"context"
	"slices"
	"strconv"
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
// stream's terminal or Optional that give one of its elements, and of a
// functional interface or holder that give its value.
var javaElementGetters = setOf("get", "getFirst", "getLast", "first", "last", "element", "poll", "pop",
	"pollFirst", "pollLast", "peekFirst", "peekLast", "removeFirst", "removeLast", "firstElement", "lastElement",
	"elementAt", "next", "previous", "take", "orElse", "orElseThrow", "orElseGet", "ceiling", "floor", "higher", "lower",
	// what a Supplier, Function, Callable, Future or provider gives (treesitter's javaResults)
	"apply", "call", "join", "getNow", "resultNow", "getObject", "getIfAvailable", "getIfUnique")

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

// Calls through Java fields holding a method reference (issue 15): with
// task = this::tick (a field's initializer, or this.task = this::tick),
// task.run() runs tick, as s.onDone() runs what Go and TypeScript store
// (resolve_fields.go); the extractor records each store of a method
// reference into a field of the class (treesitter.AssignPrefix). The call
// must be of the method a functional interface's value is called by: the
// one method a workspace interface declares (Handler.handle, which stays
// a target, as javac binds the call to it), or the standard library's
// (javaFunctionalMethods: run, get, apply, accept, ...); task.andThen(...)
// or reader.compose(...) runs nothing stored.

// javaFunctionalMethods are the methods that run a standard functional
// interface's value.
var javaFunctionalMethods = map[string]string{
	"Runnable": "run", "Callable": "call", "Supplier": "get", "Consumer": "accept", "BiConsumer": "accept",
	"Function": "apply", "BiFunction": "apply", "UnaryOperator": "apply", "BinaryOperator": "apply",
	"Predicate": "test", "BiPredicate": "test", "Comparator": "compare",
	"IntSupplier": "getAsInt", "LongSupplier": "getAsLong", "DoubleSupplier": "getAsDouble", "BooleanSupplier": "getAsBoolean",
	"IntConsumer": "accept", "LongConsumer": "accept", "DoubleConsumer": "accept", "ObjIntConsumer": "accept",
	"IntPredicate": "test", "LongPredicate": "test", "DoublePredicate": "test",
	"IntFunction": "apply", "LongFunction": "apply", "DoubleFunction": "apply",
	"ToIntFunction": "applyAsInt", "ToLongFunction": "applyAsLong", "ToDoubleFunction": "applyAsDouble",
	"IntUnaryOperator": "applyAsInt", "IntBinaryOperator": "applyAsInt", "LongUnaryOperator": "applyAsLong",
	"DoubleUnaryOperator": "applyAsDouble",
}

// javaFunctionField resolves a Java call on a field that holds a method
// reference (task.run(), this.task.run()): the methods stored, and the
// workspace interface's method the call is bound to. Nothing when the
// receiver is no such field or the call is not the one that runs its
// value.
func (q *query) javaFunctionField(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call, sameFamily []fact.Symbol) ([]fact.Symbol, fact.Resolution, error) {
	name := strings.TrimPrefix(c.Receiver, "this.")
	if !treesitter.IsIdentifierName(name) {
		return nil, "", nil
	}
	stores, err := q.callsNamed(ctx, treesitter.AssignPrefix+name)
	if err != nil || len(stores) == 0 {
		return nil, "", err
	}
	if name == c.Receiver && caller != nil && paramIndex(*caller, name) >= 0 {
		return nil, "", nil // a parameter of the name
	}
	if name == c.Receiver && caller != nil && q.localNamed(f, caller, name) != nil {
		return q.javaFunctionLocal(ctx, f, caller, c, stores)
	}
	methods, err := q.javaFieldMethods(ctx, name)
	if err != nil || !slices.ContainsFunc(methods, func(m javaFieldMethod) bool { return m.name == c.Callee }) {
		return nil, "", err
	}
	found, res, err := q.fieldCall(ctx, f, caller, fact.Call{Path: c.Path, CallerID: c.CallerID, Callee: name, Receiver: "this", Span: c.Span}, nil)
	if err != nil || len(found) == 0 {
		return nil, "", err
	}
	for _, m := range methods {
		if m.declared != nil && m.name == c.Callee {
			found = append([]fact.Symbol{*m.declared}, found...) // Handler.handle, javac's binding
			break
		}
	}
	return found, res, nil
}

// javaFieldMethod is a method that runs the value of a field holding a
// method reference: declared is the workspace interface's, nil for the
// standard library's.
type javaFieldMethod struct {
	name     string
	declared *fact.Symbol
}

// javaFieldMethods are the methods that run what the fields named name
// that hold a method reference hold, by each field's declared type: a
// workspace interface's one method, a standard functional interface's
// (javaFunctionalMethods), or get, apply and call where the type was kept
// as its value's (a Supplier<T>, treesitter's javaResults).
func (q *query) javaFieldMethods(ctx context.Context, name string) ([]javaFieldMethod, error) {
	if methods, ok := q.fieldMeths[name]; ok {
		return methods, nil
	}
	methods, err := q.javaFieldMethodsOf(ctx, name)
	if err != nil {
		return nil, err
	}
	if q.fieldMeths == nil {
		q.fieldMeths = map[string][]javaFieldMethod{}
	}
	q.fieldMeths[name] = methods
	return methods, nil
}

// javaFieldMethodsOf is javaFieldMethods, worked out.
func (q *query) javaFieldMethodsOf(ctx context.Context, name string) ([]javaFieldMethod, error) {
	stores, err := q.callsNamed(ctx, treesitter.AssignPrefix+name)
	if err != nil {
		return nil, err
	}
	var out []javaFieldMethod
	add := func(m javaFieldMethod) {
		if !slices.ContainsFunc(out, func(o javaFieldMethod) bool { return o.name == m.name }) {
			out = append(out, m)
		}
	}
	seen := map[string]bool{}
	for _, st := range stores {
		sf, err := q.file(ctx, st.Path)
		if err != nil || sf == nil || sf.Language != treesitter.Java || len(st.Args) == 0 {
			continue // a method reference stored, or a functional parameter (javaStoredParameter)
		}
		if st.Receiver == treesitter.LocalStoreOwner {
			local, err := q.javaStoreLocalType(ctx, sf, st)
			if err != nil {
				return nil, err
			}
			for _, m := range q.javaValueMethods(ctx, sf, local) {
				add(m)
			}
			continue
		}
		owner, err := q.storeOwner(ctx, st)
		if err != nil {
			return nil, err
		}
		if owner == nil || seen[owner.ID] {
			continue
		}
		seen[owner.ID] = true
		typ, in, err := q.fieldTypeWrittenIn(ctx, *owner, name, 0)
		if err != nil || typ == "" {
			continue
		}
		if in == "" {
			in = owner.Path
		}
		for _, m := range q.javaValueMethods(ctx, q.mustFile(ctx, in, sf), typ) {
			add(m)
		}
	}
	return out, nil
}

// javaValueMethods are the methods that run the value of a variable
// declared with type typ (written in f): get, apply and call where the type
// was kept as its value's (a Supplier<T>, treesitter's javaResults), a
// standard functional interface's (javaFunctionalMethods), or a workspace
// interface's one method.
func (q *query) javaValueMethods(ctx context.Context, f *fact.File, typ string) []javaFieldMethod {
	if typ == "" {
		return nil
	}
	if strings.HasPrefix(typ, treesitter.GoCollectionPrefix) {
		return []javaFieldMethod{{name: "get"}, {name: "apply"}, {name: "call"}}
	}
	if m, ok := javaFunctionalMethods[typ[strings.LastIndexByte(typ, '.')+1:]]; ok && !strings.Contains(typ, ".") || ok && strings.HasPrefix(typ, "java.") {
		return []javaFieldMethod{{name: m}}
	}
	iface, err := q.resolveTypeName(ctx, f, typ)
	if err != nil || iface == nil || iface.Kind != treesitter.KindInterface {
		return nil
	}
	syms, err := q.store.SymbolsInFile(ctx, iface.Path)
	if err != nil {
		return nil
	}
	var declared []fact.Symbol
	for _, s := range syms {
		if s.Container == iface.Name && s.Kind == treesitter.KindMethod {
			declared = append(declared, s)
		}
	}
	if len(declared) != 1 { // not a functional interface of the workspace
		return nil
	}
	return []javaFieldMethod{{name: declared[0].Name, declared: &declared[0]}}
}

// javaStoreLocalType is the declared type of the local a store row
// (treesitter.LocalStoreOwner) writes, where the store is.
func (q *query) javaStoreLocalType(ctx context.Context, f *fact.File, st fact.Call) (string, error) {
	if st.CallerID == "" {
		return "", nil
	}
	caller, err := q.symbol(ctx, st.CallerID)
	if err != nil || caller == nil {
		return "", err
	}
	defer func(pos uint32) { q.pos = pos }(q.pos)
	q.pos = st.Span.StartByte
	name := strings.TrimPrefix(st.Callee, treesitter.AssignPrefix)
	if l := q.localNamed(f, caller, name); l != nil {
		return l.Type, nil
	}
	return "", nil
}

// javaFunctionLocal resolves a call on a local variable declared with a
// method reference (Runnable r = this::tick; r.run()): what its
// declaration stored, when the call runs the local's value. stores are
// the rows named after the local, in any function.
func (q *query) javaFunctionLocal(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call, stores []fact.Call) ([]fact.Symbol, fact.Resolution, error) {
	var mine []fact.Call
	for _, st := range stores {
		if st.Receiver == treesitter.LocalStoreOwner && st.CallerID == caller.ID && st.Path == c.Path && st.Span.StartByte < c.Span.StartByte && len(st.Args) > 0 {
			mine = append(mine, st)
		}
	}
	if len(mine) == 0 {
		return nil, "", nil
	}
	typ, err := q.javaStoreLocalType(ctx, f, mine[0])
	if err != nil {
		return nil, "", err
	}
	methods := q.javaValueMethods(ctx, f, typ)
	i := slices.IndexFunc(methods, func(m javaFieldMethod) bool { return m.name == c.Callee })
	if i < 0 {
		return nil, "", nil
	}
	var found []fact.Symbol
	complete := true
	for _, st := range mine {
		if err := q.addValueTargets(ctx, valueRef(st, st.Args[0]), &found, &complete); err != nil {
			return nil, "", err
		}
	}
	if len(found) == 0 {
		return nil, "", nil
	}
	res := fact.ResolvedAST
	if len(found) > 1 || !complete {
		res = fact.ResolvedName
	}
	if methods[i].declared != nil {
		found = append([]fact.Symbol{*methods[i].declared}, found...) // Handler.handle, javac's binding
	}
	return found, res, nil
}

// javaFieldCallers adds to byCaller the calls that run a method reference
// stored in one of fields (task.run() after task = this::tick): the calls
// of the method that runs each field's value, on the field.
func (q *query) javaFieldCallers(ctx context.Context, target fact.Symbol, fields []string, byCaller edgeSet) error {
	for _, name := range fields {
		methods, err := q.javaFieldMethods(ctx, name)
		if err != nil {
			return err
		}
		names := make([]string, 0, len(methods))
		for _, m := range methods {
			names = append(names, m.name)
		}
		onField := func(c fact.Call) bool { return !c.Ref && (c.Receiver == name || c.Receiver == "this."+name) }
		if err := q.addCallsReaching(ctx, target, names, byCaller, onField); err != nil {
			return err
		}
	}
	return nil
}

// javaRefArity is how many arguments a constructor reference's target type
// passes (treesitter.RefArityPrefix), -1 where that is not written.
func javaRefArity(c fact.Call) int {
	if len(c.Args) == 1 {
		if v, ok := strings.CutPrefix(c.Args[0], treesitter.RefArityPrefix); ok {
			if n, err := strconv.Atoi(v); err == nil {
				return n
			}
		}
	}
	return -1
}

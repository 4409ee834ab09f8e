package treesitter

import "strings"

// javaCollections are the java.util (and java.util.stream, java.util.concurrent)
// types whose one type argument, or last for a map, is the type of their
// elements: a value declared List<Notifier> holds Notifiers.
var javaCollections = map[string]bool{
	"Iterable": true, "Collection": true, "List": true, "ArrayList": true, "LinkedList": true,
	"Set": true, "HashSet": true, "LinkedHashSet": true, "TreeSet": true, "SortedSet": true, "NavigableSet": true,
	"SequencedCollection": true, "SequencedSet": true, "EnumSet": true,
	"Queue": true, "Deque": true, "ArrayDeque": true, "PriorityQueue": true, "Stack": true, "Vector": true,
	"BlockingQueue": true, "BlockingDeque": true, "LinkedBlockingQueue": true, "LinkedBlockingDeque": true,
	"ArrayBlockingQueue": true, "PriorityBlockingQueue": true, "ConcurrentLinkedQueue": true, "ConcurrentLinkedDeque": true,
	"CopyOnWriteArrayList": true, "CopyOnWriteArraySet": true, "ConcurrentSkipListSet": true,
	"Iterator": true, "ListIterator": true, "Stream": true, "Optional": true,
}

// javaResults are the functional interfaces and holders of the standard
// library (and Spring's and javax/jakarta.inject's providers) whose last
// type argument is the type of the value they give: a Supplier<Notifier>'s
// get(), a Function<String, Notifier>'s apply(s), a Callable's call(), a
// Future's get() or join(), an ObjectProvider's getObject(). They are kept
// as a collection of that one value (GoCollectionPrefix): the resolver's
// element getters give it, and any other call is the library's.
var javaResults = map[string]bool{
	"Supplier": true, "Callable": true, "Function": true, "BiFunction": true, "UnaryOperator": true,
	"BinaryOperator": true, "IntFunction": true, "LongFunction": true, "DoubleFunction": true,
	"Future": true, "CompletableFuture": true, "FutureTask": true, "ThreadLocal": true, "InheritableThreadLocal": true,
	"AtomicReference": true, "SoftReference": true, "WeakReference": true,
	"ObjectProvider": true, "ObjectFactory": true, "Provider": true,
}

// javaMaps are the java.util maps: their values are their last type argument.
var javaMaps = map[string]bool{
	"Map": true, "HashMap": true, "LinkedHashMap": true, "TreeMap": true, "SortedMap": true, "NavigableMap": true,
	"SequencedMap": true, "EnumMap": true, "WeakHashMap": true, "IdentityHashMap": true, "Hashtable": true,
	"ConcurrentMap": true, "ConcurrentHashMap": true, "ConcurrentNavigableMap": true, "ConcurrentSkipListMap": true,
}

// javaValueType is the type of a value declared with type n (a field, a
// parameter, a local, what a method returns): javaType, except that a
// collection of the standard library written with its type argument is
// GoCollectionPrefix and its element's type (List<Notifier> is
// "[]Notifier", List<List<Notifier>> "[][]Notifier"), and a map
// MapValueTypePrefix and its value's type (Map<String, Notifier> is
// "mapvalue:Notifier"). A call on such a value is the library's; an element
// (for, forEach, get(i), a map's get(k)) is what the argument says.
func javaValueType(e *extractor, n *node) string {
	if nodeType(n) == "annotated_type" {
		if cs := namedChildren(n); len(cs) > 0 {
			return javaValueType(e, cs[len(cs)-1])
		}
	}
	if nodeType(n) != "generic_type" {
		return javaType(e, n)
	}
	written := javaType(e, n)
	base := lastSegment(written)
	if written != base && !strings.HasPrefix(written, "java.") || javaImportsOwn(e, base) {
		return written // com.acme.List<Notifier>, or import com.acme.List: the project's own List
	}
	var args []*node
	for c := range eachNamed(n) {
		if c.Type() == "type_arguments" {
			args = namedChildren(c)
		}
	}
	if len(args) == 0 { // new ArrayList<>(): the diamond names no element
		return javaType(e, n)
	}
	arg := args[len(args)-1]
	if nodeType(arg) == "wildcard" { // List<? extends Notifier>: its elements are Notifiers
		bound := firstNamed(arg)
		if bound == nil || !javaWildcardExtends(arg) {
			return javaType(e, n) // List<?>, List<? super Notifier>: no element type to use
		}
		arg = bound
	}
	switch {
	case javaCollections[base] && len(args) == 1, javaResults[base]:
		return GoCollectionPrefix + javaValueType(e, arg)
	case javaMaps[base] && len(args) == 2:
		return MapValueTypePrefix + javaValueType(e, arg)
	}
	return javaType(e, n)
}

// javaWildcardExtends reports whether a wildcard is ? extends T.
func javaWildcardExtends(w *node) bool {
	for c := w.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Type() == "extends" {
			return true
		}
	}
	return false
}

// javaElementMethods are the methods of a collection, a stream or an
// Optional whose callback's one parameter is an element
// (all.forEach(n -> ...), stream.filter(n -> ...), o.ifPresent(n -> ...)),
// and, for sort and friends, whose two parameters are.
var javaElementMethods = map[string]int{
	"forEach": 1, "forEachOrdered": 1, "filter": 1, "map": 1, "flatMap": 1, "mapToInt": 1, "mapToLong": 1,
	"mapToDouble": 1, "mapToObj": 1, "anyMatch": 1, "allMatch": 1, "noneMatch": 1, "peek": 1, "removeIf": 1,
	"takeWhile": 1, "dropWhile": 1, "ifPresent": 1, "ifPresentOrElse": 1, "forEachRemaining": 1,
	"sort": 2, "sorted": 2, "min": 2, "max": 2, "reduce": 2,
}

// javaLambdaElements types a lambda's undeclared parameters (n -> ...,
// (a, b) -> ...) passed to a method of a collection: an element of the
// collection written as the call's receiver (CallbackElementTypePrefix),
// which the resolver reads when that receiver is a collection; a map's
// forEach((k, v) -> ...) hands its value second.
func javaLambdaElements(e *extractor, n *node, params []*node) {
	args := parent(n)
	call := parent(args)
	if nodeType(args) != "argument_list" || nodeType(call) != "method_invocation" || field(call, "object") == nil {
		return
	}
	method := e.text(field(call, "name"))
	coll := e.squeezed(field(call, "object"))
	typ := CallbackElementTypePrefix + method + ":" + coll
	switch {
	case len(params) == 1 && javaElementMethods[method] == 1:
		e.addLocal(params[0].StartByte(), e.text(params[0]), typ)
	case len(params) == 2 && javaElementMethods[method] == 2:
		for _, p := range params {
			e.addLocal(p.StartByte(), e.text(p), typ)
		}
	case len(params) == 2 && method == "forEach": // byName.forEach((k, n) -> ...)
		e.addLocal(params[1].StartByte(), e.text(params[1]), typ)
	}
}

// javaImportsOwn reports whether the file imports a type named name from
// outside java.* (import com.acme.List): a List<T> there is no library
// collection. Java's imports come before its types, so all are read here.
func javaImportsOwn(e *extractor, name string) bool {
	for _, imp := range e.facts.Imports {
		if imp.Local == name && !strings.HasPrefix(imp.Module, "java.") && !javaLibraryResult(imp.Module) {
			return true
		}
	}
	return false
}

// javaLibraryResult reports whether an import names one of javaResults
// from outside java.*: Spring's ObjectProvider and ObjectFactory, the
// javax and jakarta Provider.
func javaLibraryResult(module string) bool {
	switch module {
	case "org.springframework.beans.factory.ObjectProvider", "org.springframework.beans.factory.ObjectFactory",
		"javax.inject.Provider", "jakarta.inject.Provider":
		return true
	}
	return false
}

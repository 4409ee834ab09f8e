package treesitter

// Tree-sitter grep: where does a name occur in code? A byte search finds
// every occurrence of the name; the parse decides which of them are
// identifiers in code (never comments or string contents, which are single
// tree-sitter nodes with no identifiers inside), whether each is called or
// only referred to, and which function encloses it. Calls are read by the
// same language hooks the indexer uses, so a grep call site has the callee,
// receiver and enclosing symbol the graph would record for it.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	sitter "github.com/smacker/go-tree-sitter"
)

// SiteKind says how an identifier is used.
type SiteKind string

const (
	// SiteCall: the name is called (f(), obj.f(), new F(), a decorator @f).
	SiteCall SiteKind = "call"
	// SiteReference: the name is used as a value without being called here
	// (router.get('/x', handler), h := obj.Method, Foo::bar).
	SiteReference SiteKind = "reference"
)

// IdentifierSite is one use of a name in code.
type IdentifierSite struct {
	Kind     SiteKind
	Span     Span   // the identifier itself
	Receiver string // the receiver's text ("this.storage", "pkg", "self"), "" for a bare name
	New      bool   // a constructor call
	// MemberRead: the site's value is only read for one of its attributes
	// (Python's cov.ranges.all(), cov.ranges.count; Go's t.Tx.Commit()):
	// neither a call of the name nor its value passed on.
	MemberRead bool
	// UsedAsData: the site, written obj.name, is only used as data a bound
	// method cannot be (Python's if obj.name:, obj.name is None,
	// a.step - b.step, a.step < n, f"{obj.name}"): a bound method is always
	// true, never None, and neither ordered, computed with nor formatted, so
	// it is an attribute holding data, not the method.
	UsedAsData bool
	// Enclosing is the innermost function or method around the site, an
	// index into IdentifierSites.Symbols; -1 at top level and in a class
	// body outside its methods.
	Enclosing int
	// OwnAttribute: a Python self.name (or cls.name) inside a class that
	// gives itself an attribute of the name (country = CharField(...) in
	// its body, self.country = ... in a method): the instance's own
	// attribute, which shadows any method of the name its bases have.
	OwnAttribute bool
	// AliasOf: a bare call of a name an import binds to another one
	// (from m import _main_async as main; main(args)), that other name:
	// the call is recorded and resolved under it, never as a call of a
	// declaration named as written.
	AliasOf string
}

// IdentifierSites is what FindIdentifiers found in one file.
type IdentifierSites struct {
	Language Language
	Package  string // Go package name, Java package
	// Symbols are the file's declarations exactly as Extract reports them,
	// so their qualified names and ids are the graph's.
	Symbols   []Symbol
	Sites     []IdentifierSite // in source order
	HasErrors bool             // the tree had syntax errors; what parsed is still here
	// Imports are the file's imports: in Go a receiver naming one is a
	// package, not a value; elsewhere a receiver rooted at one may be a
	// module object (ModuleReceivers).
	Imports []Import
	// DeclaresField: the file declares a struct field of the name (Go
	// only): x.Name, not called, may read that field.
	DeclaresField bool
}

// ErrNotIdentifier is returned for a name that no supported language could
// declare (empty, "a.b*", "x y"): such a name is never found, and saying so
// beats a silent empty answer.
var ErrNotIdentifier = errors.New("treesitter: not an identifier")

// maxIdentifierLen bounds names: longer ones are not names anyone declared.
const maxIdentifierLen = 512

// IsIdentifierName reports whether name could be an identifier in one of
// the supported languages: letters, digits, '_' and '$' (JavaScript and
// Java allow it), not starting with a digit. Keywords pass: they are simply
// never identifiers in a parse.
func IsIdentifierName(name string) bool {
	if name == "" || len(name) > maxIdentifierLen || !utf8.ValidString(name) {
		return false
	}
	for i, r := range name {
		if !grepIdentRune(r) || (i == 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

func grepIdentRune(r rune) bool {
	return r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// IndexWord returns the offset of the first occurrence of word in src at or
// after from that is a whole word (no identifier character right before or
// after it), or -1. Invalid UTF-8 around a match counts as a boundary.
func IndexWord(src, word []byte, from int) int {
	if len(word) == 0 {
		return -1
	}
	for from <= len(src)-len(word) {
		i := bytes.Index(src[from:], word)
		if i < 0 {
			return -1
		}
		at := from + i
		if grepBoundaryBefore(src, at) && grepBoundaryAfter(src, at+len(word)) {
			return at
		}
		from = at + 1
	}
	return -1
}

func grepBoundaryBefore(src []byte, at int) bool {
	if at == 0 {
		return true
	}
	if c := src[at-1]; c < utf8.RuneSelf {
		return !grepIdentByte(c)
	}
	r, _ := utf8.DecodeLastRune(src[:at])
	return r == utf8.RuneError || !grepIdentRune(r)
}

func grepBoundaryAfter(src []byte, at int) bool {
	if at >= len(src) {
		return true
	}
	if c := src[at]; c < utf8.RuneSelf {
		return !grepIdentByte(c)
	}
	r, _ := utf8.DecodeRune(src[at:])
	return r == utf8.RuneError || !grepIdentRune(r)
}

func grepIdentByte(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// Finder finds identifiers with one parser per language, reused from call
// to call. A Finder is not safe for concurrent use: give each worker its
// own, and Close it.
type Finder struct {
	parsers map[Language]*sitter.Parser
}

// NewFinder returns a Finder with no parser yet.
func NewFinder() *Finder { return &Finder{parsers: map[Language]*sitter.Parser{}} }

// Close frees the parsers.
func (f *Finder) Close() {
	for lang, p := range f.parsers {
		p.Close()
		delete(f.parsers, lang)
	}
}

// FindIdentifiers is Finder.Find with a parser of its own.
func FindIdentifiers(ctx context.Context, lang Language, src []byte, name string) (*IdentifierSites, error) {
	f := NewFinder()
	defer f.Close()
	return f.Find(ctx, lang, src, name)
}

// Find parses src as lang and returns the sites where name is an identifier
// in code: calls of it and references to it. Declarations of the name
// (functions, methods, parameters, variables, fields, object keys, imports
// and exports) and assignments to it are not sites. A syntax error is not a
// failure (HasErrors is set); binary content (a NUL in its first 8 KB) has
// no sites. Find fails for a name that is not an identifier
// (ErrNotIdentifier), an unsupported language, or a cancelled ctx.
func (f *Finder) Find(ctx context.Context, lang Language, src []byte, name string) (*IdentifierSites, error) {
	if !IsIdentifierName(name) {
		return nil, fmt.Errorf("treesitter: find %q: %w", name, ErrNotIdentifier)
	}
	g, err := lookup(lang)
	if err != nil {
		return nil, err
	}
	grammar, _, err := g.compiled()
	if err != nil {
		return nil, err
	}
	out := &IdentifierSites{Language: lang}
	if looksBinary(src) {
		out.HasErrors = true
		return out, nil
	}
	// No whole-word occurrence, no site: the parse can be skipped.
	if IndexWord(src, []byte(name), 0) < 0 {
		return out, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("treesitter: find: %w", err)
	}

	tree, err := f.parse(ctx, lang, grammar, src)
	if err != nil {
		return nil, err
	}
	defer tree.Close()
	root := tree.RootNode()
	flat, err := flatten(root, g)
	if err != nil {
		return nil, err
	}
	err = overTree(ctx, lang, flat, root.HasError(), src, "find in", func(e *extractor, t *syntaxTree) error {
		out.HasErrors = e.facts.HasErrors
		return e.findSites(t, []byte(name), out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// parse parses src with the Finder's parser for lang. A parser whose parse
// failed is dropped: go-tree-sitter leaves a cancelled parser's cancel flag
// set, sometimes even after a parse that finished just as ctx ended, so a
// failure with ctx still live is retried once on a fresh parser.
func (f *Finder) parse(ctx context.Context, lang Language, grammar *sitter.Language, src []byte) (*sitter.Tree, error) {
	for attempt := 0; ; attempt++ {
		parser := f.parsers[lang]
		if parser == nil {
			parser = sitter.NewParser()
			parser.SetLanguage(grammar)
			f.parsers[lang] = parser
		}
		tree, err := parser.ParseCtx(ctx, nil, src)
		if err == nil {
			return tree, nil
		}
		parser.Close()
		delete(f.parsers, lang)
		if ctx.Err() != nil || attempt > 0 {
			return nil, fmt.Errorf("treesitter: parse %s: %w", lang, err)
		}
	}
}

// findSites runs the symbol half of extraction, then classifies every
// whole-word occurrence of name.
func (e *extractor) findSites(t *syntaxTree, name []byte, out *IdentifierSites) error {
	c := &t.captures
	for i := range t.nodes {
		if i%4096 == 0 && e.ctx.Err() != nil {
			return fmt.Errorf("treesitter: find: %w", e.ctx.Err())
		}
		e.hooks.match(e, &t.nodes[i], c)
	}
	if c.pkg != nil {
		out.Package = e.text(c.pkg)
	}
	e.buildSymbols(c.symbols)
	out.Symbols = e.facts.Symbols
	isGo := out.Language == Go
	for _, n := range c.imports {
		e.hooks.imports(e, n)
	}
	out.Imports = e.facts.Imports

	var occurrences []uint32
	for at := IndexWord(e.src, name, 0); at >= 0; at = IndexWord(e.src, name, at+len(name)) {
		occurrences = append(occurrences, uint32(at))
	}
	// Calls as the indexer records them, for the call nodes around an
	// occurrence only (reading arguments of every call would cost more).
	for _, n := range c.calls {
		k := sort.Search(len(occurrences), func(i int) bool { return occurrences[i] >= n.start })
		if k < len(occurrences) && occurrences[k] < n.end {
			e.hooks.call(e, n)
		}
	}
	calledAt := map[uint32]Call{}
	for _, call := range e.facts.Calls {
		if call.Callee == string(name) {
			calledAt[call.Span.StartByte] = call
		}
	}
	aliases := ImportAliases(e.facts)

	root := t.root()
	owns := map[uint32]bool{} // whether the class starting there declares the name
	for _, at := range occurrences {
		if call, ok := calledAt[at]; ok && call.Span.EndByte == at+uint32(len(name)) {
			site := IdentifierSite{
				Kind: SiteCall, Span: call.Span, Receiver: call.Receiver, New: call.New, Enclosing: call.Enclosing,
			}
			if stored := StoredCallee(call, aliases); stored != call.Callee {
				site.AliasOf = stored
			}
			out.Sites = append(out.Sites, site)
			continue
		}
		n := grepLeafAt(root, at, at+uint32(len(name)))
		if n == nil {
			continue // inside a comment, a string, or a longer token
		}
		kind, receiver, ok := e.classify(n)
		if !ok {
			if isGo && is(n, "field_identifier") && is(n.Parent(), "field_declaration") && n.FieldName() == "name" {
				out.DeclaresField = true
			}
			continue
		}
		out.Sites = append(out.Sites, IdentifierSite{
			Kind: kind, Span: e.span(n), Receiver: receiver, Enclosing: e.enclosingFunction(at),
			MemberRead: out.Language == Python && pyMemberRead(n) || isGo && goMemberRead(n) || Family(out.Language) == "js" && e.ecmaMemberRead(n),
			UsedAsData: out.Language == Python && pyAttributeUsedAsData(n) || Family(out.Language) == "js" && e.ecmaUsedAsData(n),
			OwnAttribute: out.Language == Python && (receiver == "self" || receiver == "cls") && e.pyOwnAttribute(root, n, occurrences, len(name), owns) ||
				Family(out.Language) == "js" && receiver == "this" && e.ecmaOwnMember(root, n, occurrences, len(name), owns),
		})
	}
	return e.ctx.Err()
}

// grepLeafAt is the named node spanning exactly [start, end) with no child,
// found by descending from root through the children that contain start;
// nil when the innermost node there is something else (a comment or string
// holds the bytes as one token).
func grepLeafAt(root *node, start, end uint32) *node {
	n := root
	for n != nil {
		var next *node
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if c.start <= start && end <= c.end && c.end > c.start {
				next = c
				break
			}
			if c.start > start {
				break
			}
		}
		if next == nil {
			break
		}
		n = next
	}
	if n == nil || n.start != start || n.end != end || !n.named || n.FirstChild() != nil {
		return nil
	}
	return n
}

// classify decides whether the identifier leaf n is a call or reference of
// the name, and reads its receiver; ok is false for declarations,
// assignment targets, imports, types and keys.
func (e *extractor) classify(n *node) (kind SiteKind, receiver string, ok bool) {
	p := n.Parent()
	if p == nil {
		return "", "", false
	}
	if p.symbol == errorSymbol {
		return e.classifyInError(n)
	}
	switch registry[n.grammar].language {
	case TypeScript, TSX, JavaScript:
		return e.classifyECMA(n, p)
	case Python:
		return e.classifyPython(n, p)
	case Go:
		return e.classifyGo(n, p)
	case Java:
		return e.classifyJava(n, p)
	}
	return "", "", false
}

// classifyInError reads an identifier the parser could not place: called if
// "(" follows it, else a reference; with a "." before it, the receiver is
// the word before the dot.
func (e *extractor) classifyInError(n *node) (SiteKind, string, bool) {
	if !isAny(n, "identifier", "property_identifier", "field_identifier") {
		return "", "", false
	}
	kind := SiteReference
	rest := bytes.TrimLeft(e.src[n.end:], " \t")
	if len(rest) > 0 && rest[0] == '(' {
		kind = SiteCall
	}
	var receiver string
	if prev := n.PrevSibling(); prev != nil && e.text(prev) == "." {
		if obj := prev.PrevSibling(); obj != nil && obj.named {
			receiver = e.squeezed(obj)
		}
	}
	return kind, receiver, true
}

// grepAssignTarget reports whether n is written by an assignment of one of
// the given node types: the left side itself, the property of a member on
// the left (obj.handler = ...), or one name of a tuple on the left.
func grepAssignTarget(n *node, assignments ...string) bool {
	m := n
	if p := m.Parent(); isAny(p, "member_expression", "attribute", "selector_expression", "field_access") {
		if f := m.FieldName(); f != "property" && f != "attribute" && f != "field" {
			return false // handler.x = 1 reads handler
		}
		m = p
	}
	for isAny(m.Parent(), "expression_list", "pattern_list", "tuple_pattern", "list_pattern", "array_pattern",
		"parenthesized_expression") {
		m = m.Parent()
	}
	return isAny(m.Parent(), assignments...) && m.FieldName() == "left"
}

// grepInside reports whether an ancestor of n has one of the types.
func grepInside(n *node, types ...string) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if isAny(p, types...) {
			return true
		}
	}
	return false
}

// grepInsideSet is grepInside for a set tested on every identifier of a
// file (findUnrecorded classifies them all): a named ancestor whose type is
// in the set, found by symbol instead of by comparing names.
func grepInsideSet(n *node, types *typeSet) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.named && types.has(p) {
			return true
		}
	}
	return false
}

// insideSet is grepInsideSet with each node's answer kept for the rest of
// the file: the identifiers findUnrecorded classifies share most of their
// ancestors, which grepInsideSet walked again up to the root for each.
// A node is inside when its parent is in the set or is inside itself.
func (e *extractor) insideSet(n *node, types *typeSet) bool {
	if e.tree == nil {
		return grepInsideSet(n, types)
	}
	memo := e.tree.insideMemo(types)
	path := e.tree.insidePath[:0]
	for x := n; memo[x.self] == insideUnknown; {
		p := x.Parent()
		if p == nil {
			memo[x.self] = insideNo // the root has no ancestor
			break
		}
		path = append(path, x.self)
		x = p
	}
	for i := len(path) - 1; i >= 0; i-- { // from the highest node down to n
		c := n.at(path[i])
		p := c.Parent()
		if memo[p.self] == insideYes || p.named && types.has(p) {
			memo[c.self] = insideYes
		} else {
			memo[c.self] = insideNo
		}
	}
	e.tree.insidePath = path
	return memo[n.self] == insideYes
}

// The ancestors under which an identifier is no code site, per language.
var (
	ecmaNoSiteAncestors   = newTypeSet("import_statement", "type_annotation", "type_arguments", "type_parameters", "type_query", "jsx_closing_element")
	pythonNoSiteAncestors = newTypeSet("import_statement", "import_from_statement", "future_import_statement", "type")
	goNoSiteAncestors     = newTypeSet("import_declaration", "package_declaration")
)

func (e *extractor) classifyECMA(n, p *node) (SiteKind, string, bool) {
	f := n.FieldName()
	switch n.Type() {
	case "identifier":
	case "property_identifier":
		// Only obj.name reads the name; keys, methods and fields declare it.
		if !is(p, "member_expression") || f != "property" {
			return "", "", false
		}
		if is(field(p, "object"), "import") {
			return "", "", false // import.meta: the language's, never the workspace's meta
		}
	case "shorthand_property_identifier": // { handler } passes handler
		if ecmaExportsAssignment(e, p.Parent()) {
			return "", "", false // module.exports = { handler }: an export, as export { handler }
		}
		return SiteReference, "", true
	default:
		return "", "", false
	}
	switch p.Type() {
	case "function_declaration", "generator_function_declaration", "function_expression", "function",
		"class_declaration", "class", "variable_declarator", "method_definition", "labeled_statement",
		"import_specifier", "export_specifier", "namespace_import", "namespace_export", "import_clause",
		"catch_clause", "enum_declaration", "required_parameter", "optional_parameter", "formal_parameters",
		"assignment_pattern", "object_assignment_pattern", "rest_pattern", "object_pattern", "array_pattern",
		"enum_assignment":
		if f != "value" && f != "right" && f != "body" {
			return "", "", false
		}
	case "pair_pattern": // const {key: bound} = o declares bound
		return "", "", false
	case "export_statement":
		// export default Foo passes the binding on, as export { Foo }
		// does: no use of it (tsserver's call hierarchy lists none).
		if f == "value" {
			return "", "", false
		}
	case "assignment_expression":
		// module.exports = Foo, exports.run = run: CommonJS's export
		if f == "right" && ecmaExportsAssignment(e, p) {
			return "", "", false
		}
	case "pair":
		// module.exports = { run: runJob }
		if f == "value" && ecmaExportsAssignment(e, parent(parent(p))) {
			return "", "", false
		}
	case "arrow_function":
		if f == "parameter" {
			return "", "", false
		}
	case "for_in_statement":
		if f == "left" {
			return "", "", false
		}
	case "decorator": // @handler: the decorator is called on the class or member
		return SiteCall, "", true
	}
	if e.insideSet(n, ecmaNoSiteAncestors) ||
		grepAssignTarget(n, "assignment_expression", "augmented_assignment_expression") {
		return "", "", false
	}
	callee, receiver := n, ""
	if is(p, "member_expression") && f == "property" {
		callee, receiver = p, ecmaReceiver(e, field(p, "object"))
		if is(p.Parent(), "decorator") {
			return SiteCall, receiver, true // @ns.handler
		}
	}
	// Calls the extractor does not name: handler!(), (obj.handler)().
	for isAny(callee.Parent(), "non_null_expression", "parenthesized_expression") {
		callee = callee.Parent()
	}
	// await this.get<T>(): the grammar calls the await (ecmaCallFunction).
	if cp := callee.Parent(); is(cp, "await_expression") && cp.FieldName() == "function" && is(cp.Parent(), "call_expression") {
		return SiteCall, receiver, true
	}
	if cp := callee.Parent(); (is(cp, "call_expression") && callee.FieldName() == "function") ||
		(is(cp, "new_expression") && callee.FieldName() == "constructor") {
		return SiteCall, receiver, true
	}
	return SiteReference, receiver, true
}

func (e *extractor) classifyPython(n, p *node) (SiteKind, string, bool) {
	if !is(n, "identifier") {
		return "", "", false
	}
	f := n.FieldName()
	switch p.Type() {
	case "function_definition", "class_definition", "keyword_argument", "default_parameter", "typed_default_parameter":
		if f == "name" {
			return "", "", false
		}
	case "parameters", "lambda_parameters", "typed_parameter", "list_splat_pattern", "dictionary_splat_pattern",
		"global_statement", "nonlocal_statement", "as_pattern_target", "dotted_name", "aliased_import":
		return "", "", false
	case "as_pattern":
		if f == "alias" {
			return "", "", false
		}
	case "for_statement", "for_in_clause":
		if f == "left" {
			return "", "", false
		}
	case "decorator": // @handler
		return SiteCall, "", true
	}
	if is(p, "pattern_list") || is(p, "tuple_pattern") || is(p, "list_pattern") {
		if grepInside(n, "for_statement", "for_in_clause") {
			return "", "", false
		}
	}
	if e.insideSet(n, pythonNoSiteAncestors) {
		return "", "", false
	}
	if grepAssignTarget(n, "assignment", "augmented_assignment") {
		if is(p, "attribute") && f == "attribute" && p.FieldName() == "left" && is(p.Parent(), "assignment") {
			// job.fetch = stub writes over a method: pyright lists it as a
			// reference of the method (extract_refs.go). self.x = v is
			// nearly always a field set, not a method replaced.
			// obj.country = "BE" sets data: no stub is a literal.
			if recv := e.squeezed(field(p, "object")); recv != "self" && !strings.HasPrefix(recv, "self.") && !pyDataLiteral(field(p.Parent(), "right")) {
				return SiteReference, recv, true
			}
		}
		return "", "", false
	}
	if is(p, "attribute") && f == "attribute" {
		receiver := e.squeezed(field(p, "object"))
		if is(p.Parent(), "decorator") {
			return SiteCall, receiver, true // @app.task
		}
		return SiteReference, receiver, true
	}
	return SiteReference, "", true
}

// pyMemberRead reports whether a Python name, written obj.name, is itself
// the object of an attribute (obj.name.all()): the value is read for its
// member only.
func pyMemberRead(n *node) bool {
	p := n.Parent()
	return is(p, "attribute") && n.FieldName() == "attribute" && p.FieldName() == "object" && is(p.Parent(), "attribute")
}

// ecmaFunctionMembers are what a program reads off a function value: a
// read of any other member of obj.name reads data, not a function.
var ecmaFunctionMembers = map[string]bool{"bind": true, "call": true, "apply": true, "name": true, "length": true, "toString": true, "mock": true}

// ecmaMemberRead reports whether a JavaScript or TypeScript name, written
// obj.name, is itself the object of a member read or an index
// (work?.manifestations?.all, res.items[0]) that a function has not:
// the value is data, a GraphQL resolver's field of the same name, not the
// function (fbi-api-gateway).
func (e *extractor) ecmaMemberRead(n *node) bool {
	p := n.Parent()
	if !is(p, "member_expression") || n.FieldName() != "property" {
		return false
	}
	if p.FieldName() != "object" {
		return e.ecmaDestructured(p)
	}
	switch outer := p.Parent(); {
	case is(outer, "member_expression"):
		return !ecmaFunctionMembers[e.text(field(outer, "property"))]
	case is(outer, "subscript_expression"):
		return true
	}
	return false
}

// ecmaDestructured reports whether the value v is destructured by an
// object pattern naming a member a function has not (const { url, token }
// = config.datasources.retriever): read further, as obj.name.url is.
func (e *extractor) ecmaDestructured(v *node) bool {
	for is(v.Parent(), "parenthesized_expression") {
		v = v.Parent()
	}
	var pattern *node
	switch p := v.Parent(); {
	case is(p, "variable_declarator") && v.FieldName() == "value":
		pattern = field(p, "name")
	case is(p, "assignment_expression") && v.FieldName() == "right":
		pattern = field(p, "left")
	}
	if !is(pattern, "object_pattern") {
		return false
	}
	for c := range eachNamed(pattern) {
		key := c
		switch c.Type() {
		case "pair_pattern":
			key = field(c, "key")
		case "object_assignment_pattern":
			key = field(c, "left")
		case "shorthand_property_identifier_pattern":
		default:
			continue
		}
		if !ecmaFunctionMembers[e.text(key)] {
			return true
		}
	}
	return false
}

// ecmaDataMatchers are the Jest matchers whose received value is data: an
// object matched, a length, a number compared (expect(x.name).toMatchObject(
// {...})). toBe is one when its argument is a data literal.
var ecmaDataMatchers = map[string]bool{"toEqual": true, "toStrictEqual": true, "toMatchObject": true, "toHaveLength": true,
	"toContain": true, "toContainEqual": true, "toHaveProperty": true, "toMatch": true, "toBeGreaterThan": true,
	"toBeGreaterThanOrEqual": true, "toBeLessThan": true, "toBeLessThanOrEqual": true, "toBeCloseTo": true, "toBeNaN": true}

// ecmaExpectedData reports whether v is the one argument of expect(v)
// matched as data (ecmaDataMatchers), through .not too.
func (e *extractor) ecmaExpectedData(v *node) bool {
	args := v.Parent()
	call := args.Parent()
	if !is(call, "call_expression") || e.text(field(call, "function")) != "expect" || len(namedChildren(args)) != 1 {
		return false
	}
	m := call.Parent()
	if !is(m, "member_expression") || call.FieldName() != "object" {
		return false
	}
	matcher := e.text(field(m, "property"))
	if matcher == "not" {
		if next := m.Parent(); is(next, "member_expression") && m.FieldName() == "object" {
			m = next
		} else {
			return false
		}
		matcher = e.text(field(m, "property"))
	}
	outer := m.Parent()
	if !is(outer, "call_expression") || m.FieldName() != "function" {
		return false
	}
	if matcher == "toBe" {
		as := namedChildren(field(outer, "arguments"))
		return len(as) == 1 && ecmaDataLiteral(as[0])
	}
	return ecmaDataMatchers[matcher]
}

// ecmaUsedAsData reports whether a JavaScript or TypeScript name, written
// obj.name, is used as data no function value is put to: compared with a
// literal (x.type === "ISSN"), ordered or computed with (a.rank - b.rank),
// an index or a computed key (subs[user.agencyId], [part.type]: ...),
// formatted (`${d.type}`), rendered as a JSX child ({user.name}), switched
// on, or defaulted to a literal that is no function (x.closed ?? false,
// res.items || []), or matched as data by a test (expect(x.name).toEqual(
// ...)). Tests (if (!x.f)), returns, assignments, other arguments and
// object values stay possible references: a program may test an optional
// method or hand a function on (fbi-api-gateway's resolvers, named like the
// fields they resolve).
func (e *extractor) ecmaUsedAsData(n *node) bool {
	v := n.Parent()
	if !is(v, "member_expression") || n.FieldName() != "property" {
		return false
	}
	for is(v.Parent(), "parenthesized_expression") {
		v = v.Parent()
	}
	p := v.Parent()
	switch nodeType(p) {
	case "subscript_expression":
		return v.FieldName() == "index"
	case "arguments":
		return e.ecmaExpectedData(v)
	case "computed_property_name", "template_substitution", "switch_case", "update_expression":
		return true
	case "switch_statement":
		return v.FieldName() == "value"
	case "jsx_expression":
		return is(p.Parent(), "jsx_element") && e.ecmaRenderedChild(p.Parent(), p)
	case "unary_expression":
		switch e.text(field(p, "operator")) {
		case "-", "+", "~":
			return true
		}
	case "binary_expression":
		other := field(p, "right")
		if sameNode(other, v) {
			other = field(p, "left")
		}
		switch e.text(field(p, "operator")) {
		case "<", ">", "<=", ">=", "-", "*", "/", "%", "**", "<<", ">>", ">>>", "&", "|", "^":
			return true
		case "===", "!==", "==", "!=":
			return ecmaDataLiteral(other)
		case "??", "||":
			return sameNode(field(p, "left"), v) && ecmaDataLiteral(other)
		}
	}
	return false
}

// ecmaRenderedChild reports whether child, a {...} child of the JSX
// element el, is rendered: an element of the page (<strong>{d.type}</strong>)
// renders what it holds, and so does a component given other children
// too. A component's only child may be a function it calls (a render
// prop: <Consumer>{renderRow}</Consumer>).
func (e *extractor) ecmaRenderedChild(el, child *node) bool {
	open := firstNamed(el)
	if name := e.text(field(open, "name")); name != "" && name[0] >= 'a' && name[0] <= 'z' {
		return true
	}
	for c := range eachNamed(el) {
		switch {
		case sameNode(c, child), isAny(c, "jsx_opening_element", "jsx_closing_element"):
		case is(c, "jsx_text") && strings.TrimSpace(e.text(c)) == "":
		default:
			return true
		}
	}
	return false
}

// ecmaDataLiteral reports whether n is a literal no function equals or
// defaults to: a string, a number, a boolean, an array. null and undefined
// are not: x.f === undefined tests an optional method, x.f || null may
// default one.
func ecmaDataLiteral(n *node) bool {
	switch nodeType(n) {
	case "string", "template_string", "number", "true", "false", "array":
		return true
	}
	return false
}

// goMemberRead reports whether a Go name, written x.Name, is itself the
// operand of a selector (x.Name.Commit()): a method's value is a func,
// which has no members, so Name there is a field (an embedded *sql.Tx).
func goMemberRead(n *node) bool {
	p := n.Parent()
	return is(p, "selector_expression") && n.FieldName() == "field" && p.FieldName() == "operand" && is(p.Parent(), "selector_expression")
}

// pyAttributeUsedAsData reports whether a Python name, written obj.name, is
// only used as data (IdentifierSite.UsedAsData): the condition of an if,
// elif, while or conditional expression, the operand of not, the left
// operand of and/or (the right one is the result, a value) or the right one
// of a test, compared with None or ordered, an operand of arithmetic, or an
// f-string's interpolated value.
func pyAttributeUsedAsData(n *node) bool {
	p := n.Parent()
	if !is(p, "attribute") || n.FieldName() != "attribute" {
		return false
	}
	return pyUsedAsData(p)
}

// pyOwnAttribute reports whether the class around n, a self.name site,
// assigns name itself: name = ... in its body, or self.name = ... in one of
// its methods (occurrences are every whole-word occurrence of name).
func (e *extractor) pyOwnAttribute(root, n *node, occurrences []uint32, size int, owns map[uint32]bool) bool {
	class := n.Parent()
	for class != nil && !is(class, "class_definition") {
		class = class.Parent()
	}
	return classDeclares(root, class, occurrences, size, owns, func(leaf, p, body *node) bool {
		switch {
		case !is(leaf, "identifier"):
			return false
		case is(p, "assignment") && leaf.FieldName() == "left":
			// country = models.CharField(...), at the class body's level
			st := p.Parent()
			return is(st, "expression_statement") && body != nil && sameNode(st.Parent(), body)
		case is(p, "attribute") && leaf.FieldName() == "attribute" && p.FieldName() == "left" && is(p.Parent(), "assignment"):
			return e.squeezed(field(p, "object")) == "self"
		}
		return false
	})
}

// ecmaOwnMember reports whether the class around n, a this.name site,
// declares a member name itself: a field, a method or accessor, a
// constructor's parameter property, or this.name = ... in one of its
// methods. A function written with the function keyword, or an object
// literal's method, binds this anew: no class is this there.
func (e *extractor) ecmaOwnMember(root, n *node, occurrences []uint32, size int, owns map[uint32]bool) bool {
	class := n.Parent()
	for class != nil && !isAny(class, "class_declaration", "class", "abstract_class_declaration") {
		if isAny(class, "function_declaration", "function_expression", "generator_function_declaration", "generator_function") ||
			is(class, "method_definition") && is(class.Parent(), "object") {
			return false
		}
		class = class.Parent()
	}
	return classDeclares(root, class, occurrences, size, owns, func(leaf, p, body *node) bool {
		switch {
		case isAny(p, "public_field_definition", "method_definition", "abstract_method_signature", "method_signature", "property_signature") &&
			leaf.FieldName() == "name" && body != nil && sameNode(p.Parent(), body):
			return true
		case is(p, "member_expression") && leaf.FieldName() == "property" && is(field(p, "object"), "this") &&
			p.FieldName() == "left" && is(p.Parent(), "assignment_expression"):
			return true
		case is(leaf, "identifier") && isAny(p, "required_parameter", "optional_parameter") && firstNamedOfType(p, "accessibility_modifier") != nil:
			return true // constructor(private readonly endpoint: string)
		}
		return false
	})
}

// classDeclares reports whether one of the occurrences of a name inside
// class (nil: none) is a declaration of it, as declares decides from the
// name's leaf, its parent and the class's body. owns keeps the answer per
// class for the file: a class reading this.x a hundred times is read once.
func classDeclares(root, class *node, occurrences []uint32, size int, owns map[uint32]bool, declares func(leaf, p, body *node) bool) bool {
	if class == nil {
		return false
	}
	if v, ok := owns[class.start]; ok {
		return v
	}
	body := field(class, "body")
	found := false
	for _, at := range occurrences {
		if at < class.start || at >= class.end {
			continue
		}
		if leaf := grepLeafAt(root, at, at+uint32(size)); leaf != nil && declares(leaf, leaf.Parent(), body) {
			found = true
			break
		}
	}
	owns[class.start] = found
	return found
}

// firstNamedOfType is n's first named child of type typ, or nil.
func firstNamedOfType(n *node, typ string) *node {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Type() == typ {
			return c
		}
	}
	return nil
}

// pyDataLiteral reports whether n is a literal no function ever equals: a
// string, a number or a boolean.
func pyDataLiteral(n *node) bool {
	switch nodeType(n) {
	case "string", "concatenated_string", "integer", "float", "true", "false":
		return true
	}
	return false
}

// pyUsedAsData reports whether the value of expression v is only tested or
// otherwise used as data.
func pyUsedAsData(v *node) bool {
	for is(v.Parent(), "parenthesized_expression") {
		v = v.Parent()
	}
	p := v.Parent()
	switch nodeType(p) {
	case "if_statement", "elif_clause", "while_statement":
		return v.FieldName() == "condition"
	case "conditional_expression": // a if cond else b
		cs := namedChildren(p)
		return len(cs) == 3 && sameNode(cs[1], v)
	case "not_operator":
		return true
	case "boolean_operator":
		return v.FieldName() == "left" || pyUsedAsData(p)
	case "comparison_operator":
		for c := p.FirstChild(); c != nil; c = c.NextSibling() {
			switch c.Type() {
			case "none", "<", ">", "<=", ">=":
				return true
			}
			if !sameNode(c, v) && pyDataLiteral(c) {
				return true // p.country == "FR": no bound method equals a literal
			}
		}
	case "binary_operator", "unary_operator", "interpolation":
		return true // a.step - b.step, -a.step, f"{frame.step}"
	}
	return false
}

func (e *extractor) classifyGo(n, p *node) (SiteKind, string, bool) {
	f := n.FieldName()
	switch n.Type() {
	case "identifier":
	case "field_identifier":
		// Only x.Name reads the name; declarations and struct fields declare it.
		if !is(p, "selector_expression") || f != "field" {
			return "", "", false
		}
	default:
		return "", "", false
	}
	switch p.Type() {
	case "function_declaration", "method_declaration", "parameter_declaration", "variadic_parameter_declaration",
		"var_spec", "const_spec", "type_spec", "field_declaration", "import_spec", "labeled_statement",
		"method_elem", "method_spec", "type_parameter_declaration":
		if f == "name" {
			return "", "", false
		}
	case "literal_element":
		// T{Name: v}: the key names a field (or, in a map, a key).
		if ke := p.Parent(); is(ke, "keyed_element") && ke.FirstChild() == p {
			return "", "", false
		}
	case "expression_list":
		if pp := p.Parent(); isAny(pp, "short_var_declaration", "range_clause") && p.FieldName() == "left" {
			return "", "", false
		}
	case "range_clause":
		if f == "left" {
			return "", "", false
		}
	}
	if grepAssignTarget(n, "assignment_statement") {
		return "", "", false
	}
	if is(p, "selector_expression") && f == "field" {
		return SiteReference, e.squeezed(field(p, "operand")), true
	}
	return SiteReference, "", true
}

func (e *extractor) classifyJava(n, p *node) (SiteKind, string, bool) {
	if !is(n, "identifier") {
		return "", "", false
	}
	f := n.FieldName()
	switch p.Type() {
	case "method_declaration", "constructor_declaration", "class_declaration", "interface_declaration",
		"enum_declaration", "record_declaration", "annotation_type_declaration", "formal_parameter",
		"spread_parameter", "catch_formal_parameter", "variable_declarator", "enum_constant",
		"annotation_type_element_declaration", "compact_constructor_declaration", "resource":
		if f == "name" {
			return "", "", false
		}
	case "inferred_parameters", "lambda_expression", "labeled_statement", "marker_annotation", "annotation",
		"scoped_identifier", "scoped_type_identifier", "enhanced_for_statement", "element_value_pair":
		if f != "value" && f != "body" {
			return "", "", false
		}
	case "method_reference": // Type::name; the first child is the receiver
		if first := p.FirstChild(); first != n {
			return SiteReference, e.squeezed(first), true
		}
	}
	if e.insideSet(n, goNoSiteAncestors) ||
		grepAssignTarget(n, "assignment_expression") {
		return "", "", false
	}
	if is(p, "field_access") && f == "field" {
		return SiteReference, e.squeezed(field(p, "object")), true
	}
	return SiteReference, "", true
}

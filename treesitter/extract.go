package treesitter

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// Extract parses src as lang and returns its facts. It parses with a fresh
// parser, so it is safe to call from many goroutines at once. Syntax errors
// are not failures: tree-sitter recovers, the facts hold what parsed, and
// HasErrors is set. Binary content (see looksBinary) is not parsed at all:
// its facts are empty with HasErrors set. Extract fails only for an
// unsupported language, a broken query, or a cancelled context.
func Extract(ctx context.Context, lang Language, src []byte) (facts *Facts, err error) {
	g, err := lookup(lang)
	if err != nil {
		return nil, err
	}
	grammar, query, err := g.compiled()
	if err != nil {
		return nil, err
	}
	if looksBinary(src) {
		return &Facts{Language: lang, HasErrors: true}, nil
	}

	// A parser is cheap next to a parse, and a fresh one per call means a
	// cancelled parse never leaves state behind for the next caller.
	parser := sitter.NewParser()
	defer parser.Close()
	parser.SetLanguage(grammar)
	tree, err := parser.ParseCtx(ctx, nil, src)
	if err != nil {
		return nil, fmt.Errorf("treesitter: parse %s: %w", lang, err)
	}
	defer tree.Close()

	// Extraction must never take the server down: a bug on some odd input
	// becomes an error for this one file.
	defer func() {
		if r := recover(); r != nil {
			facts, err = nil, fmt.Errorf("treesitter: extract %s: internal error: %v", lang, r)
		}
	}()

	e := &extractor{
		ctx:   ctx,
		src:   src,
		lines: NewLineIndex(src),
		facts: &Facts{Language: lang},
		hooks: hooksFor(lang),
	}
	root := tree.RootNode()
	e.facts.HasErrors = root.HasError()
	if err := e.run(query, root); err != nil {
		return nil, err
	}
	return e.facts, nil
}

// binarySniffLen is how much of a file looksBinary reads, as git does.
const binarySniffLen = 8000

// looksBinary reports whether src has a NUL byte near its start, git's test
// for binary files. Parsing such a file finds nothing and tree-sitter's error
// recovery on garbage is slow (seconds per megabyte), so we skip it.
func looksBinary(src []byte) bool {
	return bytes.IndexByte(src[:min(len(src), binarySniffLen)], 0) >= 0
}

// languageHooks read the details of captured nodes, which differ per grammar.
// Each hook appends to the extractor with addSymbol/addCall/... and may ask
// it for the enclosing symbol of a byte offset (symbols are final by then).
type languageHooks interface {
	// symbol fills decorators, params, extends and (Go) the container, and
	// may widen the span (Python decorators sit outside the definition).
	symbol(e *extractor, s *Symbol, decl, name *sitter.Node)
	call(e *extractor, n *sitter.Node)
	imports(e *extractor, n *sitter.Node)
	// fields gets the struct name node for Go; other languages resolve the
	// container from the enclosing class.
	fields(e *extractor, n, container *sitter.Node)
	locals(e *extractor, n *sitter.Node)
	stringLit(e *extractor, n *sitter.Node)
}

func hooksFor(lang Language) languageHooks {
	switch lang {
	case Python:
		return pythonHooks{}
	case Go:
		return goHooks{}
	case Java:
		return javaHooks{}
	default:
		return ecmaHooks{}
	}
}

type extractor struct {
	ctx   context.Context
	src   []byte
	lines *LineIndex
	facts *Facts
	hooks languageHooks

	// Per symbol, parallel to facts.Symbols: the byte range in which the
	// symbol encloses calls, from its name to its end (decorators and Python
	// decorator lines evaluate outside the function they decorate).
	scopeStart, scopeEnd []uint32
	byScopeStart         []int // symbol indexes ordered by scopeStart

	pendingFields []pendingField
	localPos      []uint32 // parallel to facts.Locals, for ordering
}

type pendingField struct {
	pos   uint32 // where it is declared; its container is found from here if unset
	field Field
}

type symbolCapture struct {
	kind       SymbolKind
	decl, name *sitter.Node
}

type fieldCapture struct{ node, container *sitter.Node }

type captureKey struct {
	role, typ  string
	start, end uint32
}

// run executes the facts query once and hands each captured node to the
// language hooks: symbols first, since everything else is placed by them.
func (e *extractor) run(q *sitter.Query, root *sitter.Node) error {
	var (
		symbols                      []symbolCapture
		fields                       []fieldCapture
		calls, imports, locals, strs []*sitter.Node
		seen                         = map[captureKey]bool{}
	)
	once := func(role string, n *sitter.Node) bool {
		// Overlapping patterns may capture one node twice in one role.
		key := captureKey{role: role, start: n.StartByte(), end: n.EndByte(), typ: n.Type()}
		if seen[key] {
			return false
		}
		seen[key] = true
		return true
	}

	cursor := sitter.NewQueryCursor()
	defer cursor.Close()
	cursor.Exec(q, root)
	for matches := 0; ; matches++ {
		if matches%4096 == 0 && e.ctx.Err() != nil {
			return fmt.Errorf("treesitter: extract: %w", e.ctx.Err())
		}
		m, ok := cursor.NextMatch()
		if !ok {
			break
		}
		m = cursor.FilterPredicates(m, e.src)
		if len(m.Captures) == 0 {
			continue
		}
		byName := make(map[string]*sitter.Node, len(m.Captures))
		for _, c := range m.Captures {
			byName[q.CaptureNameForId(c.Index)] = c.Node
		}
		for role, n := range byName {
			switch role {
			case "function", "method", "class", "interface":
				if name := byName["name"]; name != nil && once(role, n) {
					symbols = append(symbols, symbolCapture{kind: SymbolKind(role), decl: n, name: name})
				}
			case "call":
				if once(role, n) {
					calls = append(calls, n)
				}
			case "import":
				if once(role, n) {
					imports = append(imports, n)
				}
			case "field":
				if once(role, n) {
					fields = append(fields, fieldCapture{node: n, container: byName["container"]})
				}
			case "local":
				if once(role, n) {
					locals = append(locals, n)
				}
			case "string":
				if once(role, n) {
					strs = append(strs, n)
				}
			case "package":
				e.facts.Package = e.text(n)
			}
		}
	}

	e.buildSymbols(symbols)
	for _, n := range calls {
		e.hooks.call(e, n)
	}
	for _, n := range imports {
		e.hooks.imports(e, n)
	}
	for _, f := range fields {
		e.hooks.fields(e, f.node, f.container)
	}
	e.addParamLocals()
	for _, n := range locals {
		e.hooks.locals(e, n)
	}
	for _, n := range strs {
		e.hooks.stringLit(e, n)
	}
	e.finish()
	if err := e.ctx.Err(); err != nil {
		return fmt.Errorf("treesitter: extract: %w", err)
	}
	return nil
}

// buildSymbols turns captures into symbols ordered by position, links each to
// its parent, and derives containers: a function whose parent is a class is
// a method of it.
func (e *extractor) buildSymbols(captures []symbolCapture) {
	type built struct {
		sym        Symbol
		scopeStart uint32
		scopeEnd   uint32
	}
	all := make([]built, 0, len(captures))
	for _, c := range captures {
		s := Symbol{
			Name:      e.text(c.name),
			Kind:      c.kind,
			Span:      e.span(c.decl),
			Selection: e.span(c.name),
			Parent:    -1,
		}
		e.hooks.symbol(e, &s, c.decl, c.name)
		all = append(all, built{sym: s, scopeStart: c.name.StartByte(), scopeEnd: c.decl.EndByte()})
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i].sym.Span, all[j].sym.Span
		if a.StartByte != b.StartByte {
			return a.StartByte < b.StartByte
		}
		if a.EndByte != b.EndByte {
			return a.EndByte > b.EndByte // the outer one first
		}
		return all[i].scopeStart < all[j].scopeStart
	})

	syms := make([]Symbol, len(all))
	e.scopeStart = make([]uint32, len(all))
	e.scopeEnd = make([]uint32, len(all))
	var open []int // symbols whose span contains the current one, innermost last
	for i, b := range all {
		s := b.sym
		for len(open) > 0 && syms[open[len(open)-1]].Span.EndByte < s.Span.EndByte {
			open = open[:len(open)-1]
		}
		if len(open) > 0 {
			s.Parent = open[len(open)-1]
			if p := syms[s.Parent]; p.Kind == KindClass || p.Kind == KindInterface {
				if s.Container == "" {
					s.Container = p.Name
				}
				if s.Kind == KindFunction {
					s.Kind = KindMethod
				}
			}
		}
		syms[i] = s
		e.scopeStart[i], e.scopeEnd[i] = b.scopeStart, b.scopeEnd
		open = append(open, i)
	}
	e.facts.Symbols = syms

	e.byScopeStart = make([]int, len(syms))
	for i := range e.byScopeStart {
		e.byScopeStart[i] = i
	}
	sort.SliceStable(e.byScopeStart, func(i, j int) bool {
		return e.scopeStart[e.byScopeStart[i]] < e.scopeStart[e.byScopeStart[j]]
	})
}

// innermost returns the innermost symbol whose scope contains pos, or -1.
// Scopes nest like the tree, so it is the last scope to start at or before
// pos or one of that symbol's ancestors.
func (e *extractor) innermost(pos uint32) int {
	k := sort.Search(len(e.byScopeStart), func(i int) bool {
		return e.scopeStart[e.byScopeStart[i]] > pos
	}) - 1
	if k < 0 {
		return -1
	}
	for i := e.byScopeStart[k]; i >= 0; i = e.facts.Symbols[i].Parent {
		if e.scopeStart[i] <= pos && pos < e.scopeEnd[i] {
			return i
		}
	}
	return -1
}

// enclosingFunction is the innermost function or method around pos; -1 at
// top level and in a class body outside its methods.
func (e *extractor) enclosingFunction(pos uint32) int {
	i := e.innermost(pos)
	if i < 0 {
		return -1
	}
	if k := e.facts.Symbols[i].Kind; k == KindFunction || k == KindMethod {
		return i
	}
	return -1
}

// paramType is the declared type of the named parameter of symbol i.
func (e *extractor) paramType(i int, name string) string {
	if i < 0 {
		return ""
	}
	for _, p := range e.facts.Symbols[i].Params {
		if p.Name == name {
			return p.Type
		}
	}
	return ""
}

func (e *extractor) addCall(c Call, node *sitter.Node) {
	c.Enclosing = e.enclosingFunction(node.StartByte())
	e.facts.Calls = append(e.facts.Calls, c)
}

func (e *extractor) addImport(local, imported, module string, at *sitter.Node) {
	if local == "" || module == "" {
		return
	}
	e.facts.Imports = append(e.facts.Imports, Import{Local: local, Imported: imported, Module: module, Span: e.span(at)})
}

// addField records a field; with no container it belongs to the class around
// pos, or to the class of the method around pos (self.x = ..., this.x = ...).
func (e *extractor) addField(pos uint32, f Field) {
	if f.Name == "" || f.Type == "" {
		return
	}
	e.pendingFields = append(e.pendingFields, pendingField{pos: pos, field: f})
}

func (e *extractor) addLocal(pos uint32, name, typ string) {
	if name == "" || typ == "" {
		return
	}
	e.facts.Locals = append(e.facts.Locals, Local{Enclosing: e.enclosingFunction(pos), Name: name, Type: typ})
	e.localPos = append(e.localPos, pos)
}

// maxStringLen bounds the literals kept for the keyword stage: longer ones
// are data, not names.
const maxStringLen = 200

func (e *extractor) addString(text string, node *sitter.Node) {
	if text == "" || len(text) > maxStringLen {
		return
	}
	e.facts.Strings = append(e.facts.Strings, StringLit{
		Text:      text,
		Span:      e.span(node),
		Enclosing: e.enclosingFunction(node.StartByte()),
	})
}

// addParamLocals records every typed parameter as a local of its function.
func (e *extractor) addParamLocals() {
	for i, s := range e.facts.Symbols {
		if s.Kind != KindFunction && s.Kind != KindMethod {
			continue
		}
		for _, p := range s.Params {
			if p.Name != "" && p.Type != "" {
				e.facts.Locals = append(e.facts.Locals, Local{Enclosing: i, Name: p.Name, Type: p.Type})
				e.localPos = append(e.localPos, e.scopeStart[i])
			}
		}
	}
}

// finish resolves field containers and puts everything in source order.
func (e *extractor) finish() {
	sort.SliceStable(e.pendingFields, func(i, j int) bool { return e.pendingFields[i].pos < e.pendingFields[j].pos })
	seen := map[Field]bool{}
	for _, pf := range e.pendingFields {
		f := pf.field
		if f.Container == "" {
			if i := e.innermost(pf.pos); i >= 0 {
				if s := e.facts.Symbols[i]; s.Kind == KindClass || s.Kind == KindInterface {
					f.Container = s.Name
				} else {
					f.Container = s.Container // a method's class
				}
			}
		}
		if f.Container == "" || seen[f] {
			continue
		}
		seen[f] = true
		e.facts.Fields = append(e.facts.Fields, f)
	}

	sort.SliceStable(e.facts.Calls, func(i, j int) bool {
		return e.facts.Calls[i].Span.StartByte < e.facts.Calls[j].Span.StartByte
	})
	sort.SliceStable(e.facts.Imports, func(i, j int) bool {
		return e.facts.Imports[i].Span.StartByte < e.facts.Imports[j].Span.StartByte
	})
	sort.SliceStable(e.facts.Strings, func(i, j int) bool {
		return e.facts.Strings[i].Span.StartByte < e.facts.Strings[j].Span.StartByte
	})
	order := make([]int, len(e.facts.Locals))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return e.localPos[order[i]] < e.localPos[order[j]] })
	locals := make([]Local, len(order))
	for i, k := range order {
		locals[i] = e.facts.Locals[k]
	}
	if len(locals) > 0 {
		e.facts.Locals = locals
	}
}

// text copies a node's source text out of the file; "" for a missing node.
func (e *extractor) text(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	start, end := n.StartByte(), n.EndByte()
	if end > uint32(len(e.src)) || start > end {
		return ""
	}
	return string(e.src[start:end])
}

// squeezed is a node's text with whitespace runs collapsed to one space and
// dropped around dots, so a receiver split over lines reads "a.b.c".
func (e *extractor) squeezed(n *sitter.Node) string {
	s := strings.Join(strings.Fields(e.text(n)), " ")
	if strings.Contains(s, " .") || strings.Contains(s, ". ") {
		s = strings.ReplaceAll(strings.ReplaceAll(s, " .", "."), ". ", ".")
	}
	return s
}

func (e *extractor) span(n *sitter.Node) Span {
	if n == nil {
		return Span{}
	}
	return e.lines.Span(n.StartByte(), n.EndByte())
}

// innerText is a literal's text without its delimiters: the first and last
// child tokens when the grammar has them ("'", `"""`, string_start), or one
// byte each side for leaf literals.
func (e *extractor) innerText(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	if count := int(n.ChildCount()); count >= 2 {
		first, last := n.Child(0), n.Child(count-1)
		if isDelimiter(first) && isDelimiter(last) {
			if first.EndByte() <= last.StartByte() && last.StartByte() <= uint32(len(e.src)) {
				return string(e.src[first.EndByte():last.StartByte()])
			}
			return ""
		}
	}
	t := e.text(n)
	if len(t) < 2 {
		return ""
	}
	return t[1 : len(t)-1]
}

func isDelimiter(n *sitter.Node) bool {
	if n == nil {
		return false
	}
	switch n.Type() {
	case "string_start", "string_end":
		return true
	}
	return !n.IsNamed()
}

// Small nil-tolerant helpers for walking nodes.

func nodeType(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	return n.Type()
}

func field(n *sitter.Node, name string) *sitter.Node {
	if n == nil {
		return nil
	}
	return n.ChildByFieldName(name)
}

func parent(n *sitter.Node) *sitter.Node {
	if n == nil {
		return nil
	}
	return n.Parent()
}

// namedChildren lists n's named children, comments excluded.
func namedChildren(n *sitter.Node) []*sitter.Node {
	if n == nil {
		return nil
	}
	count := int(n.NamedChildCount())
	out := make([]*sitter.Node, 0, count)
	for i := 0; i < count; i++ {
		if c := n.NamedChild(i); c != nil && c.Type() != "comment" && c.Type() != "line_comment" && c.Type() != "block_comment" {
			out = append(out, c)
		}
	}
	return out
}

// childrenByField lists the children of n in the given field (a field may
// hold several, e.g. Go's names in "a, b int").
func childrenByField(n *sitter.Node, name string) []*sitter.Node {
	if n == nil {
		return nil
	}
	var out []*sitter.Node
	for i := 0; i < int(n.ChildCount()); i++ {
		if n.FieldNameForChild(i) == name {
			if c := n.Child(i); c != nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// firstNamed is n's first named child that is not a comment.
func firstNamed(n *sitter.Node) *sitter.Node {
	if cs := namedChildren(n); len(cs) > 0 {
		return cs[0]
	}
	return nil
}

// argTexts is the source text of each argument in an argument list.
func (e *extractor) argTexts(list *sitter.Node) []string {
	var out []string
	for _, c := range namedChildren(list) {
		out = append(out, e.text(c))
	}
	return out
}

// lastSegment is what follows the last dot: "Foo" in "mod.Foo".
func lastSegment(s string) string {
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:]
	}
	return s
}

package treesitter

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"iter"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Extract parses src as lang and returns its facts. It parses with a fresh
// parser, so it is safe to call from many goroutines at once. Syntax errors
// are not failures: tree-sitter recovers, the facts hold what parsed, and
// HasErrors is set. Binary content (see looksBinary) is not parsed at all:
// its facts are empty with HasErrors set. Extract fails only for an
// unsupported language or a cancelled context (or, were go-tree-sitter
// upgraded to a different Language layout, with errLanguageLayout; see
// parse.go).
func Extract(ctx context.Context, lang Language, src []byte) (*Facts, error) {
	g, err := lookup(lang)
	if err != nil {
		return nil, err
	}
	if _, _, err := g.compiled(); err != nil {
		return nil, err
	}
	if g.cLangErr != nil {
		return nil, g.cLangErr
	}
	if looksBinary(src) {
		return &Facts{Language: lang, HasErrors: true}, nil
	}

	// The parser comes from the grammar's pool; a cancelled parse resets
	// it, so it leaves no state behind for the next caller (parse.go).
	// The C tree goes as soon as it is copied: extraction reads the copy.
	flat, hasErrors, err := parseFlat(ctx, g, src)
	if err != nil {
		return nil, fmt.Errorf("treesitter: parse %s: %w", lang, err)
	}

	var facts *Facts
	err = overTree(ctx, lang, flat, hasErrors, src, "extract", func(e *extractor, t *syntaxTree) error {
		facts = e.facts
		return e.run(t)
	})
	if err != nil {
		return nil, err
	}
	return facts, nil
}

// overTree runs fn with an extractor over a flattened tree, then releases
// the tree. Extraction must never take the server down: a panic (a bug on
// some odd input) becomes an error for this one file.
func overTree(ctx context.Context, lang Language, flat *syntaxTree, hasErrors bool, src []byte, op string, fn func(*extractor, *syntaxTree) error) (err error) {
	defer flat.release()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("treesitter: %s %s: internal error: %v", op, lang, r)
		}
	}()
	e := &extractor{
		ctx:   ctx,
		src:   src,
		lines: flat.lineIndex(src),
		facts: &Facts{Language: lang, HasErrors: hasErrors},
		hooks: hooksFor(lang),
		tree:  flat,

		shareSource: op == "extract",
	}
	return fn(e, flat)
}

// binarySniffLen is how much of a file looksBinary reads, as git does.
const binarySniffLen = 8000

// looksBinary reports whether src has a NUL byte near its start, git's test
// for binary files. Parsing such a file finds nothing and tree-sitter's error
// recovery on garbage is slow (seconds per megabyte), so we skip it.
func looksBinary(src []byte) bool {
	return bytes.IndexByte(src[:min(len(src), binarySniffLen)], 0) >= 0
}

// languageHooks match a grammar's nodes and read the details of the matched
// ones, which differ per grammar. Each hook appends to the extractor with
// addSymbol/addCall/... and may ask it for the enclosing symbol of a byte
// offset (symbols are final by then).
type languageHooks interface {
	// match records what role, if any, n plays: it is what the grammar's
	// queries/*.scm patterns would capture with n as the pattern's root.
	match(e *extractor, n *node, c *captures)
	// symbol fills decorators, params, extends and (Go) the container, and
	// may widen the span (Python decorators sit outside the definition).
	symbol(e *extractor, s *Symbol, decl, name *node)
	call(e *extractor, n *node)
	imports(e *extractor, n *node)
	// fields gets the struct name node for Go; other languages resolve the
	// container from the enclosing class.
	fields(e *extractor, n, container *node)
	locals(e *extractor, n *node)
	stringLit(e *extractor, n *node)
}

func hooksFor(lang Language) languageHooks {
	switch lang {
	case Python:
		return pythonHooks{}
	case Go:
		return goHooks{}
	case Java:
		return javaHooks{}
	case JavaScript:
		return ecmaHooks{}
	default:
		return ecmaHooks{typed: true}
	}
}

type extractor struct {
	ctx context.Context
	src []byte
	// srcText is src as one string, made on first use when shareSource
	// is set (Extract): the texts the facts hold are substrings of it, one
	// copy of the file rather than an allocation per name, which the index
	// holds only until it has stored them. Grep's answers, which callers
	// may keep, copy their texts instead.
	srcText     string
	shareSource bool
	lines       *LineIndex
	facts       *Facts
	hooks       languageHooks
	tree        *syntaxTree // the tree being read, for insideSet's answers
	// paramLocalTypes are the types of parameters' locals that differ
	// from the parameters' own (goConstrainedParams).
	paramLocalTypes map[paramLocal]string

	// Per symbol, parallel to facts.Symbols: the byte range in which the
	// symbol encloses calls, from its name to its end (decorators and Python
	// decorator lines evaluate outside the function they decorate).
	scopeStart, scopeEnd []uint32
	byScopeStart         []int // symbol indexes ordered by scopeStart

	pendingFields []pendingField
	localPos      []uint32 // parallel to facts.Locals, for ordering
	// pendingLocals are the locals a symbol hook records (a method's
	// destructured or contextually typed parameters), added once the
	// symbols are built, so that they belong to their function.
	pendingLocals []pendingLocal
	inSymbolHook  bool

	argBuf []string // room for argTexts' next lists

	// boundNames caches, per function node (by start byte), the names its
	// parameters and local declarations bind (extract_ecma.go).
	boundNames map[uint32]map[string]bool
	// fileNames are the names a JavaScript file binds at its top level, for
	// its JSDoc types (extract_ecma_jsdoc.go); made on first use.
	fileNames map[string]bool
	// boundLocals are the (enclosing symbol, name) pairs recorded as
	// BoundLocally, once each.
	boundLocals map[boundLocal]bool
	// assigned are the (enclosing function, name) pairs a Python
	// assignment has bound so far (extract_python.go).
	assigned map[boundLocal]bool
}

type boundLocal struct {
	enclosing int
	name      string
}

type pendingField struct {
	pos   uint32 // where it is declared; its container is found from here if unset
	field Field
}

type symbolCapture struct {
	kind       SymbolKind
	decl, name *node
}

type fieldCapture struct{ node, container *node }

// captures collects matched nodes by role, in the order of the tree (which
// is the order of their start bytes).
type captures struct {
	symbols                      []symbolCapture
	fields                       []fieldCapture
	calls, imports, locals, strs []*node
	refs                         []*node // functions used as values (extract_refs.go)
	accesses                     []*node // member reads and writes (extract_access.go)
	pkg                          *node
}

// reset empties c, keeping its memory.
func (c *captures) reset() {
	clear(c.symbols)
	clear(c.fields)
	clear(c.calls)
	clear(c.imports)
	clear(c.locals)
	clear(c.strs)
	clear(c.refs)
	clear(c.accesses)
	*c = captures{
		symbols:  c.symbols[:0],
		fields:   c.fields[:0],
		calls:    c.calls[:0],
		imports:  c.imports[:0],
		locals:   c.locals[:0],
		strs:     c.strs[:0],
		refs:     c.refs[:0],
		accesses: c.accesses[:0],
	}
}

// sameNode reports whether a and b would be one capture: the same byte
// range and type (a zero-width MISSING node can repeat its neighbour's).
func sameNode(a, b *node) bool {
	return a.start == b.start && a.end == b.end && a.symbol == b.symbol
}

// seen reports whether n was captured already in a list of nodes in tree
// order: only the entries that start where n does can equal it.
func seen[T any](list []T, n *node, nodeOf func(T) *node) bool {
	for i := len(list) - 1; i >= 0; i-- {
		m := nodeOf(list[i])
		if m.start != n.start {
			return false
		}
		if sameNode(m, n) {
			return true
		}
	}
	return false
}

func self(n *node) *node { return n }

func (c *captures) symbol(kind SymbolKind, decl, name *node) {
	if name == nil {
		return
	}
	for i := len(c.symbols) - 1; i >= 0 && c.symbols[i].decl.start == decl.start; i-- {
		if c.symbols[i].kind == kind && sameNode(c.symbols[i].decl, decl) {
			return
		}
	}
	c.symbols = append(c.symbols, symbolCapture{kind: kind, decl: decl, name: name})
}

func (c *captures) field(n, container *node) {
	if !seen(c.fields, n, func(f fieldCapture) *node { return f.node }) {
		c.fields = append(c.fields, fieldCapture{node: n, container: container})
	}
}

func (c *captures) call(n *node) {
	if !seen(c.calls, n, self) {
		c.calls = append(c.calls, n)
	}
}

func (c *captures) imp(n *node) {
	if !seen(c.imports, n, self) {
		c.imports = append(c.imports, n)
	}
}

func (c *captures) local(n *node) {
	if !seen(c.locals, n, self) {
		c.locals = append(c.locals, n)
	}
}

func (c *captures) str(n *node) {
	if !seen(c.strs, n, self) {
		c.strs = append(c.strs, n)
	}
}

// run matches every node of the tree and hands each matched node to the
// language hooks: symbols first, since everything else is placed by them.
func (e *extractor) run(t *syntaxTree) error {
	c := &t.captures
	for i := range t.nodes {
		if i%4096 == 0 && e.ctx.Err() != nil {
			return fmt.Errorf("treesitter: extract: %w", e.ctx.Err())
		}
		// Every language's match skips anonymous nodes (tokens such as
		// "(" or "if"), about half of the tree: they are not handed over.
		if n := &t.nodes[i]; n.named {
			e.hooks.match(e, n, c)
			// findUnrecorded's candidates, listed in this pass rather
			// than in a second one over every node.
			if n.first < 0 && n.end > n.start && unrecordedLeafTypes.has(n) {
				t.leaves = append(t.leaves, int32(i))
			}
		}
	}
	if c.pkg != nil {
		e.facts.Package = e.text(c.pkg)
	}
	// Each capture gives at most one call or string.
	if len(c.calls) > 0 {
		e.facts.Calls = make([]Call, 0, len(c.calls))
	}
	if len(c.strs) > 0 {
		e.facts.Strings = make([]StringLit, 0, len(c.strs))
	}

	e.buildSymbols(c.symbols)
	for _, n := range c.calls {
		e.hooks.call(e, n)
	}
	for _, n := range c.imports {
		e.hooks.imports(e, n)
	}
	for _, f := range c.fields {
		e.hooks.fields(e, f.node, f.container)
	}
	e.addParamLocals()
	for _, n := range c.locals {
		e.hooks.locals(e, n)
	}
	for _, n := range c.strs {
		e.hooks.stringLit(e, n)
	}
	e.addRefs(c.refs, c.locals) // after the locals: a local's name is not a function's
	e.addAccesses(c.accesses)
	if len(e.facts.Calls) == 0 {
		e.facts.Calls = nil // none, as when nothing was captured
	}
	if len(e.facts.Strings) == 0 {
		e.facts.Strings = nil
	}
	e.finish()
	e.facts.Unrecorded = e.findUnrecorded(t)
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
		e.inSymbolHook = true
		e.hooks.symbol(e, &s, c.decl, c.name)
		e.inSymbolHook = false
		all = append(all, built{sym: s, scopeStart: c.name.StartByte(), scopeEnd: c.decl.EndByte()})
	}
	slices.SortStableFunc(all, func(x, y built) int {
		a, b := x.sym.Span, y.sym.Span
		if a.StartByte != b.StartByte {
			return cmp.Compare(a.StartByte, b.StartByte)
		}
		if a.EndByte != b.EndByte {
			return cmp.Compare(b.EndByte, a.EndByte) // the outer one first
		}
		return cmp.Compare(x.scopeStart, y.scopeStart)
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
	slices.SortStableFunc(e.byScopeStart, func(i, j int) int {
		return cmp.Compare(e.scopeStart[i], e.scopeStart[j])
	})
	for _, l := range e.pendingLocals {
		e.addLocal(l.pos, l.name, l.typ)
	}
	e.pendingLocals = nil
}

// pendingLocal is a local recorded while the symbols are being built.
type pendingLocal struct {
	pos       uint32
	name, typ string
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

// addCallTo records call c of the name node callee; a call with no name to
// record (f()(), import('x')) has callee nil and is dropped.
func (e *extractor) addCallTo(c Call, callee, n *node) {
	if callee == nil {
		return
	}
	c.Callee = e.text(callee)
	c.Span = e.span(callee)
	e.addCall(c, n)
}

func (e *extractor) addCall(c Call, node *node) {
	c.Enclosing = e.enclosingFunction(node.StartByte())
	e.facts.Calls = append(e.facts.Calls, c)
}

func (e *extractor) addImport(local, imported, module string, at *node) {
	if local == "" || module == "" {
		return
	}
	e.facts.Imports = append(e.facts.Imports, Import{Local: local, Imported: imported, Module: module, Span: e.span(at)})
}

// addReexport records that the file passes imported from module on as
// exported.
func (e *extractor) addReexport(exported, imported, module string, at *node) {
	if exported == "" || module == "" {
		return
	}
	e.facts.Imports = append(e.facts.Imports, Import{Local: exported, Imported: imported, Module: module, Span: e.span(at), Reexport: true})
}

// addField records a field; with no container it belongs to the class around
// pos, or to the class of the method around pos (self.x = ..., this.x = ...).
func (e *extractor) addField(pos uint32, f Field) {
	if f.Name == "" || f.Type == "" && f.Token == "" {
		return
	}
	e.pendingFields = append(e.pendingFields, pendingField{pos: pos, field: f})
}

func (e *extractor) addLocal(pos uint32, name, typ string) {
	if name == "" || typ == "" {
		return
	}
	if e.inSymbolHook {
		e.pendingLocals = append(e.pendingLocals, pendingLocal{pos, name, typ})
		return
	}
	e.facts.Locals = append(e.facts.Locals, Local{Enclosing: e.enclosingFunction(pos), Name: name, Type: typ})
	e.localPos = append(e.localPos, pos)
}

// addBoundLocal records that name, called bare at pos, is bound by the
// enclosing function's parameters or locals (BoundLocally), once per
// function.
func (e *extractor) addBoundLocal(pos uint32, name string) {
	k := boundLocal{e.enclosingFunction(pos), name}
	if e.boundLocals[k] {
		return
	}
	if e.boundLocals == nil {
		e.boundLocals = map[boundLocal]bool{}
	}
	e.boundLocals[k] = true
	e.facts.Locals = append(e.facts.Locals, Local{Enclosing: k.enclosing, Name: name, Type: BoundLocally})
	e.localPos = append(e.localPos, pos)
}

// maxStringLen bounds the literals kept for the keyword stage (see
// StringLit): longer ones are data, not names.
const maxStringLen = 100

// addString records a literal's content if it could be a name: short, and
// free of whitespace.
func (e *extractor) addString(text []byte, node *node) {
	if !nameLike(text) {
		return
	}
	e.facts.Strings = append(e.facts.Strings, StringLit{
		Text:      e.str(text),
		Span:      e.span(node),
		Enclosing: e.enclosingFunction(node.StartByte()),
	})
}

// maxConstantLen bounds the string constants kept (see Constant): event
// names, topics and routes are short.
const maxConstantLen = 200

// addConstant records that container.name is bound to the literal text.
func (e *extractor) addConstant(container, name string, text []byte) {
	if name == "" || len(text) > maxConstantLen || bytes.ContainsAny(text, "\r\n") {
		return
	}
	e.facts.Constants = append(e.facts.Constants, Constant{Container: container, Name: name, Value: e.str(text)})
}

// addConstantExpr records that container.name is bound to the expression
// text (a name, a member, a template string, a concatenation), for the
// resolver to evaluate.
func (e *extractor) addConstantExpr(container, name string, expr []byte) {
	if name == "" || len(expr) == 0 || len(expr) > maxConstantLen || bytes.ContainsAny(expr, "\r\n") {
		return
	}
	e.facts.Constants = append(e.facts.Constants, Constant{Container: container, Name: name, Expr: string(expr)})
}

// nameLike reports whether a literal's content could be an event, method
// or route name: 1 to maxStringLen bytes with no whitespace or line break.
func nameLike(b []byte) bool {
	if len(b) == 0 || len(b) > maxStringLen {
		return false
	}
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			switch c {
			case ' ', '\t', '\n', '\v', '\f', '\r':
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if unicode.IsSpace(r) {
			return false
		}
		i += size
	}
	return true
}

// paramLocal names a parameter of the declaration starting at start.
type paramLocal struct {
	start uint32
	name  string
}

// addParamLocals records every typed parameter as a local of its function.
func (e *extractor) addParamLocals() {
	for i, s := range e.facts.Symbols {
		if s.Kind != KindFunction && s.Kind != KindMethod {
			continue
		}
		for _, p := range s.Params {
			if p.Name != "" && p.Type != "" {
				typ := p.Type
				if t, ok := e.paramLocalTypes[paramLocal{s.Span.StartByte, p.Name}]; ok {
					typ = t // a Go type parameter's constraint (goConstrainedParams)
				}
				e.facts.Locals = append(e.facts.Locals, Local{Enclosing: i, Name: p.Name, Type: typ})
				e.localPos = append(e.localPos, e.scopeStart[i])
			}
		}
	}
}

// finish resolves field containers and puts everything in source order.
func (e *extractor) finish() {
	slices.SortStableFunc(e.pendingFields, func(a, b pendingField) int { return cmp.Compare(a.pos, b.pos) })
	var seen map[Field]bool
	if len(e.pendingFields) > 0 {
		seen = map[Field]bool{}
	}
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

	slices.SortStableFunc(e.facts.Calls, func(a, b Call) int { return cmp.Compare(a.Span.StartByte, b.Span.StartByte) })
	slices.SortStableFunc(e.facts.Imports, func(a, b Import) int { return cmp.Compare(a.Span.StartByte, b.Span.StartByte) })
	slices.SortStableFunc(e.facts.Strings, func(a, b StringLit) int { return cmp.Compare(a.Span.StartByte, b.Span.StartByte) })
	if len(e.facts.Locals) == 0 {
		return
	}
	order := make([]int, len(e.facts.Locals))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(e.localPos[i], e.localPos[j]) })
	locals := make([]Local, len(order))
	for i, k := range order {
		locals[i] = e.facts.Locals[k]
	}
	e.facts.Locals = locals
}

// text is a node's source text; "" for a missing node.
func (e *extractor) text(n *node) string {
	if n == nil {
		return ""
	}
	start, end := n.StartByte(), n.EndByte()
	if end > uint32(len(e.src)) || start > end {
		return ""
	}
	if !e.shareSource {
		return string(e.src[start:end])
	}
	return e.source()[start:end]
}

func (e *extractor) source() string {
	if e.srcText == "" && len(e.src) > 0 {
		e.srcText = string(e.src)
	}
	return e.srcText
}

// str is b as a string: a substring of the source when b is a slice of
// it, else a copy.
func (e *extractor) str(b []byte) string {
	if len(b) == 0 || len(e.src) == 0 || !e.shareSource {
		return string(b)
	}
	p, base := uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(unsafe.Pointer(unsafe.SliceData(e.src)))
	if p < base || p+uintptr(len(b)) > base+uintptr(len(e.src)) {
		return string(b)
	}
	off := int(p - base)
	return e.source()[off : off+len(b)]
}

// squeezed is a node's text with whitespace runs collapsed to one space and
// dropped around dots, so a receiver split over lines reads "a.b.c".
func (e *extractor) squeezed(n *node) string {
	s := e.text(n)
	if !hasSpace(s) {
		return s
	}
	if strings.Contains(s, "//") || strings.Contains(s, "/*") || strings.IndexByte(s, '#') >= 0 {
		// A comment inside a chain split over lines (a line comment
		// between .Register(a). and Register(b)) is no part of it:
		// dropped, as the whitespace around it is.
		s = e.withoutComments(n, s)
	}
	return squeeze(s)
}

// withoutComments is s, n's text, with the text of every comment node
// within n replaced by a space; s itself when n holds none.
func (e *extractor) withoutComments(n *node, s string) string {
	var cuts [][2]uint32
	var walk func(c *node)
	walk = func(c *node) {
		for ; c != nil; c = c.NextSibling() {
			switch c.Type() {
			case "comment", "line_comment", "block_comment":
				cuts = append(cuts, [2]uint32{c.StartByte() - n.StartByte(), c.EndByte() - n.StartByte()})
				continue
			}
			walk(c.FirstChild())
		}
	}
	walk(n.FirstChild())
	if len(cuts) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	at := uint32(0)
	for _, cut := range cuts {
		if cut[0] < at || cut[1] > uint32(len(s)) {
			return s // not n's text as read: leave it
		}
		b.WriteString(s[at:cut[0]])
		b.WriteByte(' ')
		at = cut[1]
	}
	b.WriteString(s[at:])
	return b.String()
}

// squeeze is s's fields (as strings.Fields splits them) joined by one
// space, less the spaces beside a dot: what strings.Join(strings.Fields(s),
// " ") with " ." and ". " then replaced by "." gives, in one pass and one
// allocation. (Only spaces are dropped, so a space's neighbours in the
// joined text are the fields' own first and last bytes.)
func squeeze(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		if asciiSpace[s[i]] != 0 {
			i++
			continue
		}
		if s[i] >= utf8.RuneSelf {
			if r, size := utf8.DecodeRuneInString(s[i:]); unicode.IsSpace(r) {
				i += size
				continue
			}
		}
		field := i // a field runs from here to the next space
		for i < len(s) {
			if c := s[i]; c < utf8.RuneSelf {
				if asciiSpace[c] != 0 {
					break
				}
				i++
				continue
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			if unicode.IsSpace(r) {
				break
			}
			i += size
		}
		if b.Len() > 0 && s[field] != '.' && b.String()[b.Len()-1] != '.' {
			b.WriteByte(' ')
		}
		b.WriteString(s[field:i])
	}
	return b.String()
}

// asciiSpace are the ASCII bytes strings.Fields splits on.
var asciiSpace = [256]uint8{'\t': 1, '\n': 1, '\v': 1, '\f': 1, '\r': 1, ' ': 1}

// hasSpace reports whether s has anything strings.Fields splits on.
func hasSpace(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || asciiSpace[c] != 0 {
			return true // a space, or Unicode for squeeze to judge
		}
	}
	return false
}

func (e *extractor) span(n *node) Span {
	if n == nil {
		return Span{}
	}
	return e.lines.Span(n.StartByte(), n.EndByte())
}

// innerText is a literal's text without its delimiters: the first and last
// child tokens when the grammar has them ("'", `"""`, string_start), or one
// byte each side for leaf literals.
func (e *extractor) innerText(n *node) string {
	return e.str(e.innerBytes(n))
}

// innerBytes is innerText as a slice of the source.
func (e *extractor) innerBytes(n *node) []byte {
	if n == nil {
		return nil
	}
	if first, last := n.FirstChild(), n.LastChild(); first != last {
		if isDelimiter(first) && isDelimiter(last) {
			if first.EndByte() <= last.StartByte() && last.StartByte() <= uint32(len(e.src)) {
				return e.src[first.EndByte():last.StartByte()]
			}
			return nil
		}
	}
	start, end := n.StartByte(), n.EndByte()
	if end > uint32(len(e.src)) || start > end || end-start < 2 {
		return nil
	}
	return e.src[start+1 : end-1]
}

func isDelimiter(n *node) bool {
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

func nodeType(n *node) string {
	if n == nil {
		return ""
	}
	return n.Type()
}

func field(n *node, name string) *node {
	if n == nil {
		return nil
	}
	return n.ChildByFieldName(name)
}

func parent(n *node) *node {
	if n == nil {
		return nil
	}
	return n.Parent()
}

// namedChildren lists n's named children, comments excluded.
func namedChildren(n *node) []*node {
	if n == nil {
		return nil
	}
	var out []*node
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if isNamedNonComment(c) {
			out = append(out, c)
		}
	}
	return out
}

// eachNamed ranges over n's named children, comments excluded, as
// namedChildren lists them, without making the list.
func eachNamed(n *node) iter.Seq[*node] {
	return func(yield func(*node) bool) {
		if n == nil {
			return
		}
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if isNamedNonComment(c) && !yield(c) {
				return
			}
		}
	}
}

func isNamedNonComment(n *node) bool {
	if !n.named {
		return false
	}
	switch n.Type() {
	case "comment", "line_comment", "block_comment":
		return false
	}
	return true
}

// childrenByField lists the children of n in the given field (a field may
// hold several, e.g. Go's names in "a, b int").
func childrenByField(n *node, name string) []*node {
	if n == nil {
		return nil
	}
	var out []*node
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.field != 0 && c.FieldName() == name {
			out = append(out, c)
		}
	}
	return out
}

// firstNamed is n's first named child that is not a comment.
func firstNamed(n *node) *node {
	if n == nil {
		return nil
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if isNamedNonComment(c) {
			return c
		}
	}
	return nil
}

// argTexts is the source text of each argument in an argument list.
func (e *extractor) argTexts(list *node) []string {
	if list == nil {
		return nil
	}
	count := 0
	for range eachNamed(list) {
		count++
	}
	if count == 0 {
		return nil
	}
	// The lists share larger arrays (argChunk strings at a time) rather
	// than each being allocated: a list per call was the extraction's most
	// frequent allocation. Each list is capped at its length, so an append
	// to one never writes into the next.
	if len(e.argBuf) < count {
		e.argBuf = make([]string, max(count, argChunk))
	}
	out := e.argBuf[:0:count]
	e.argBuf = e.argBuf[count:]
	for c := range eachNamed(list) {
		out = append(out, e.text(c))
	}
	return out
}

// argChunk is how many argument texts argTexts allocates room for at a
// time.
const argChunk = 64

// lastSegment is what follows the last dot: "Foo" in "mod.Foo".
func lastSegment(s string) string {
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:]
	}
	return s
}

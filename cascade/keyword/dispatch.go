package keyword

import (
	"bytes"
	"context"
	"hash/maphash"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// A string that names a function is a caller's site only when it reaches a
// dispatch: getattr(obj, 'run')(), reflect's MethodByName("Run"), Java's
// getMethod("run"), Reflect.get(obj, 'run'), a task sent by name
// (send_task('run')). Any other string that names it (a URL 'run/', a
// permission 'add_document', a label) is a mention: the report lists it,
// the call list does not.

// A literal also reaches a dispatch when the function holding it
// dispatches by a computed name: name = 'archive'; getattr(self, name)(),
// or actions = ['archive', 'purge']; this[actions[i]](). That needs the
// function's source: a store that can read it says so with SourceReader.

// SourceReader is a Store that reads a workspace file's current content
// (the editor's buffer when one is open).
type SourceReader interface {
	Source(ctx context.Context, path string) ([]byte, error)
}

// dispatchByComputedName finds, in a function's source, a call of a
// function or method chosen by a computed name: getattr(...), globals()[...],
// x[name](...), (x[name] as Fn)(...), Reflect.get/apply, MethodByName,
// getMethod, a task sent by name.
var dispatchByComputedName = regexp.MustCompile(`\bgetattr\s*\(|\b(?:globals|locals|vars)\s*\(\s*\)\s*\[|\bsend_task\s*\(|` +
	`\bmethodcaller\s*\(|\]\s*\(|\]\s+as\s[^;\n]*\)\s*\(|\bReflect\.(?:get|apply)\s*\(|\.MethodByName\s*\(|\.get(?:Declared)?Method\s*\(`)

// findComputedNameCall is dispatchByComputedName's first match in src, a
// file or function of the file at path, passing over a Go generic call:
// Resource[*corev2.AdhocRequest](req) instantiates a function with a type,
// it does not pick one by name as handlers[name](w) does.
func findComputedNameCall(src []byte, path string) []int {
	if all := allComputedNameCalls(src, path, 1); len(all) > 0 {
		return all[0]
	}
	return nil
}

// computedNameStarts are the texts every match of dispatchByComputedName
// starts with; wordStart says the regular expression wants a word boundary
// before it.
var computedNameStarts = []struct {
	text      []byte
	wordStart bool
}{
	{[]byte("getattr"), true}, {[]byte("globals"), true}, {[]byte("locals"), true}, {[]byte("vars"), true},
	{[]byte("send_task"), true}, {[]byte("methodcaller"), true}, {[]byte("Reflect."), true},
	{[]byte("]"), false}, {[]byte(".MethodByName"), false}, {[]byte(".getMethod"), false}, {[]byte(".getDeclaredMethod"), false},
}

// dispatchAt is dispatchByComputedName anchored where it is tried.
var dispatchAt = regexp.MustCompile(`^(?:` + dispatchByComputedName.String() + `)`)

// maxDispatchMatch bounds the text one match is tried on; a match is a
// call's start, far shorter.
const maxDispatchMatch = 4096

// allComputedNameCalls is findComputedNameCall's matches in src, in order
// and not overlapping, at most limit of them (0: all). The expression is
// tried only where one of its starting texts is, found with bytes.Index:
// unanchored, it ran at 10-20 MB/s, 100 ms on a 1.5 MB generated file.
func allComputedNameCalls(src []byte, path string, limit int) [][]int {
	var starts []int
	for _, st := range computedNameStarts {
		for from := 0; ; {
			i := bytes.Index(src[from:], st.text)
			if i < 0 {
				break
			}
			at := from + i
			from = at + 1
			if st.wordStart && at > 0 && isWordByte(src[at-1]) {
				continue
			}
			starts = append(starts, at)
		}
	}
	slices.Sort(starts)
	goFile := strings.HasSuffix(path, ".go")
	var out [][]int
	end := 0
	for _, at := range starts {
		if at < end {
			continue
		}
		loc := dispatchAt.FindIndex(src[at:min(len(src), at+maxDispatchMatch)])
		if loc == nil {
			continue
		}
		m := []int{at, at + loc[1]}
		end = m[1]
		if goFile && src[at] == ']' && goTypeArguments(src, at) {
			continue
		}
		out = append(out, m)
		if limit > 0 && len(out) == limit {
			break
		}
	}
	return out
}

// goTypeArguments reports whether the brackets closing at src[end] hold
// Go type arguments rather than an index: they start with a pointer, slice,
// map, channel or function type (x[*T], x[[]T]), which no index of a
// table of functions does (handlers[name], m[req.Kind], m[pkg.Const]).
// x[pkg.T](v) cannot be told from an index by its text, and stays a
// possible dispatch.
func goTypeArguments(src []byte, end int) bool {
	depth := 0
	start := -1
	for i := end; i >= 0 && start < 0; i-- {
		switch src[i] {
		case ']':
			depth++
		case '[':
			depth--
			if depth == 0 {
				start = i
			}
		case '\n':
			return false
		}
	}
	if start < 0 {
		return false
	}
	inner := strings.TrimSpace(string(src[start+1 : end]))
	for _, prefix := range []string{"*", "[]", "map[", "chan ", "func("} {
		if strings.HasPrefix(inner, prefix) {
			return true
		}
	}
	return false
}

// dispatchCallees are the calls whose string argument names what they
// call; the receiver, when it matters, is checked by dispatchReceiver.
var dispatchCallees = []string{"getattr", "MethodByName", "getMethod", "getDeclaredMethod", "send_task", "get", "apply"}

// dispatchReceiver: get and apply dispatch only on Reflect.
var dispatchReceiver = map[string]string{"get": "Reflect", "apply": "Reflect"}

// maxArgLines bounds how far below a dispatching call's name its string
// argument may be (a call written over several lines).
const maxArgLines = 4

// FileSymbols is a Store that lists a file's symbols at once: the literals
// of a common name crowd into a few large files (tests, tables), and one
// read of a file's symbols serves them all.
type FileSymbols interface {
	SymbolsInFile(ctx context.Context, path string) ([]fact.Symbol, error)
}

// dispatches finds, for literal hits, the dispatching call each reaches.
// It lives for one request: what it reads (sources, symbols) is read once
// per file for that request's literals, and never kept past it, so an
// edited file is read afresh by the next request.
type dispatches struct {
	store   Store
	calls   map[string][]fact.Call // dispatching calls by path, loaded on first need
	sources map[string]source      // file content by path
	byID    map[string]fact.Symbol // symbols looked up, by id
	looked  map[string]int         // lookups by path: a second lists the file
	// computed holds, by enclosing symbol, whether its body calls by a
	// computed name: a function with many literals is scanned once.
	computed map[string]string
}

// source is a file's content as read for this request, or why not.
type source struct {
	content []byte
	err     error
}

// source reads a file once per request.
func (d *dispatches) source(ctx context.Context, src SourceReader, path string) ([]byte, error) {
	if s, ok := d.sources[path]; ok {
		return s.content, s.err
	}
	if d.sources == nil {
		d.sources = map[string]source{}
	}
	content, err := src.Source(ctx, path)
	d.sources[path] = source{content, err}
	return content, err
}

// symbol is the symbol id of a literal's file, looked up once per request.
// A file holding a second literal's function has its symbols listed at
// once, where the store can list them; a file with one is a single lookup.
func (d *dispatches) symbol(ctx context.Context, path, id string) (fact.Symbol, error) {
	if s, ok := d.byID[id]; ok {
		return s, nil
	}
	if d.byID == nil {
		d.byID, d.looked = map[string]fact.Symbol{}, map[string]int{}
	}
	if fs, ok := d.store.(FileSymbols); ok && d.looked[path] == 1 {
		if syms, err := fs.SymbolsInFile(ctx, path); err == nil {
			for _, s := range syms {
				if _, dup := d.byID[s.ID]; !dup { // the first declared, as Symbol answers
					d.byID[s.ID] = s
				}
			}
		}
		if s, ok := d.byID[id]; ok {
			d.looked[path]++
			return s, nil
		}
	}
	d.looked[path]++
	s, err := d.store.Symbol(ctx, id)
	if err == nil {
		d.byID[id] = s
	}
	return s, err
}

func (d *dispatches) load(ctx context.Context) error {
	if d.calls != nil {
		return nil
	}
	d.calls = map[string][]fact.Call{}
	for _, callee := range dispatchCallees {
		calls, err := d.store.CallsByCallee(ctx, callee)
		if err != nil {
			return err
		}
		for _, c := range calls {
			if want, ok := dispatchReceiver[callee]; ok && c.Receiver != want {
				continue
			}
			d.calls[c.Path] = append(d.calls[c.Path], c)
		}
	}
	return nil
}

// reached says how the literal h reaches a dispatch ("getattr(obj,
// 'run')", "a call by computed name in dispatch"), "" when it reaches none.
func (d *dispatches) reached(ctx context.Context, h Hit) (string, error) {
	if err := d.load(ctx); err != nil {
		return "", err
	}
	for _, c := range d.calls[h.Path] {
		s := h.Span
		if s.StartByte < c.Span.EndByte || s.Start.Line > c.Span.Start.Line+maxArgLines {
			continue
		}
		for _, a := range c.Args {
			if unquote(a) == h.Text {
				return dispatchText(c), nil
			}
		}
	}
	src, ok := d.store.(SourceReader)
	if !ok {
		return "", nil
	}
	if h.SymbolID == "" {
		content, err := d.source(ctx, src, h.Path)
		if err != nil {
			return "", nil
		}
		return tableDispatch(content, h), nil
	}
	if strings.HasSuffix(h.Path, ".py") {
		if content, err := d.source(ctx, src, h.Path); err == nil && presenceTest(content, h.Span) {
			return "", nil // hasattr(obj, "handle"): tested for, never called by it
		}
	}
	fn, err := d.symbol(ctx, h.Path, h.SymbolID)
	if err != nil {
		return "", nil // gone since it was indexed: no evidence
	}
	if via, ok := d.computed[h.SymbolID]; ok {
		return via, nil
	}
	via := d.computedNameCall(ctx, src, h.Path, fn)
	if d.computed == nil {
		d.computed = map[string]string{}
	}
	d.computed[h.SymbolID] = via
	return via, nil
}

// computedNameCall says where fn, in the file at path, calls by a computed
// name; "" when it does not, or its source cannot be read.
func (d *dispatches) computedNameCall(ctx context.Context, src SourceReader, path string, fn fact.Symbol) string {
	content, err := d.source(ctx, src, path)
	if err != nil || int(fn.Span.EndByte) > len(content) || fn.Span.StartByte >= fn.Span.EndByte {
		return ""
	}
	start, end := int(fn.Span.StartByte), int(fn.Span.EndByte)
	for _, loc := range scannedFor(path, content).computedCalls(content, path) {
		if loc[0] >= start && loc[1] <= end {
			what := strings.TrimSpace(string(content[loc[0]:loc[1]]))
			return "a call by computed name (" + strings.TrimRight(what, "( ") + "…) in " + fn.Name
		}
	}
	return ""
}

// A file's dispatches are found once for its content, not once
// for every literal and every request: a request for a common word checks
// dozens of literals in the same handler files, and the next request for
// another word checks the same files again (skyportal's handlers: 20-50 ms
// of regular expressions per request, session 16).
type scannedFile struct {
	hash uint64
	size int
	// computed are findComputedNameCall's matches over the whole file, in
	// order, found on first use, once however many requests ask at once
	// (a 1.5 MB generated type file took 100 ms a scan).
	computedOnce sync.Once
	computed     [][]int
}

// computedCalls are the file's calls by computed name; content is the
// file's, as scannedFor was given it.
func (f *scannedFile) computedCalls(content []byte, path string) [][]int {
	f.computedOnce.Do(func() { f.computed = allComputedNameCalls(content, path, 0) })
	return f.computed
}

// maxScanned bounds the files whose scans are kept; past it the cache
// starts again (a workspace's dispatching files are few).
const maxScanned = 1024

var scanned = struct {
	sync.Mutex
	seed  maphash.Seed
	files map[string]*scannedFile
}{seed: maphash.MakeSeed()}

// scannedFor is the scan of content, the file at path as read now: kept
// while the content is the same.
func scannedFor(path string, content []byte) *scannedFile {
	h := maphash.Bytes(scanned.seed, content)
	scanned.Lock()
	defer scanned.Unlock()
	if f := scanned.files[path]; f != nil && f.hash == h && f.size == len(content) {
		return f
	}
	if scanned.files == nil || len(scanned.files) >= maxScanned {
		scanned.files = map[string]*scannedFile{}
	}
	f := &scannedFile{hash: h, size: len(content)}
	scanned.files[path] = f
	return f
}

// unquote is a string literal's content as written ('run', "run", `run`,
// r'run'); "" for anything that is not a plain literal.
func unquote(a string) string {
	a = strings.TrimSpace(a)
	a = strings.TrimLeft(a, "rbuRBU") // Python prefixes; an f-string is built, not named
	if len(a) < 2 {
		return ""
	}
	q := a[0]
	if (q != '\'' && q != '"' && q != '`') || a[len(a)-1] != q {
		return ""
	}
	return a[1 : len(a)-1]
}

// dispatchText is a dispatching call, for people: "getattr(obj, 'run')".
func dispatchText(c fact.Call) string {
	name := c.Callee
	if c.Receiver != "" {
		name = c.Receiver + "." + name
	}
	return name + "(" + strings.Join(c.Args, ", ") + ")"
}

// tableAssignment is the start of a top-level table: NAME = [, NAME = {,
// const NAME = [ ... (the line a table's entries follow).
var tableAssignment = regexp.MustCompile(`(?m)^(?:export\s+)?(?:(?:const|let|var)\s+)?([A-Za-z_]\w*)\s*(?::[^=\n]*)?=\s*[\[{(]`)

// tableAt is tableAssignment at the start of the text it is tried on.
var tableAt = regexp.MustCompile(`^` + strings.TrimPrefix(tableAssignment.String(), `(?m)^`))

// tableAbove is the nearest table starting above content[at] (on its line
// or one above), with its name's submatch, as tableAssignment finds it; nil
// when a blank line comes first (the literal is no entry of a table above
// it) or none does. The lines are walked up from the literal, and the
// expression tried only on a line starting as a table's does: a 570 kB
// generated file of literals, searched whole, took 20 ms a request.
func tableAbove(content []byte, at int) []int {
	for end := at; ; {
		start := bytes.LastIndexByte(content[:end], '\n') + 1
		if start < at && start < len(content) && content[start] == '\n' {
			return nil // a blank line between
		}
		if start < len(content) && (isWordByte(content[start]) && !(content[start] >= '0' && content[start] <= '9')) {
			if m := tableAt.FindSubmatchIndex(content[start:at]); m != nil {
				for i := range m {
					m[i] += start
				}
				return m
			}
		}
		if start == 0 {
			return nil
		}
		end = start - 1
	}
}

// tableDispatch says how a literal at the top level of a file reaches a
// dispatch: it is an entry of a table (ACTIONS = ['archive', 'purge']) that
// the same file reads again and dispatches by computed name
// (for name in ACTIONS: getattr(self, name)()). "" when it does not.
func tableDispatch(content []byte, h Hit) string {
	at := int(h.Span.StartByte)
	if at > len(content) {
		return ""
	}
	last := tableAbove(content, at)
	if last == nil {
		return ""
	}
	name := content[last[2]:last[3]]
	scan := scannedFor(h.Path, content)
	// The file reads the table again, outside its own entries up to the
	// literal, and dispatches by computed name there.
	outside := func(loc []int) bool { return loc[1] <= last[0] || loc[0] >= at }
	if !hasWordOutside(content, name, outside) {
		return ""
	}
	for _, loc := range scan.computedCalls(content, h.Path) {
		if outside(loc) {
			what := strings.TrimRight(strings.TrimSpace(string(content[loc[0]:loc[1]])), "( ")
			return "the table " + string(name) + ", read where the file calls by computed name (" + what + "…)"
		}
	}
	return ""
}

// hasWordOutside reports whether word occurs in content as a whole word
// (as regexp's \b delimits one) at a place outside accepts.
func hasWordOutside(content, word []byte, outside func(loc []int) bool) bool {
	for from := 0; from <= len(content)-len(word); {
		i := bytes.Index(content[from:], word)
		if i < 0 {
			return false
		}
		at := from + i
		end := at + len(word)
		if (at == 0 || !isWordByte(content[at-1])) && (end == len(content) || !isWordByte(content[end])) && outside([]int{at, end}) {
			return true
		}
		from = at + 1
	}
	return false
}

// isWordByte is regexp's ASCII word character.
func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// presenceTestBefore matches what precedes the name hasattr tests for:
// hasattr(obj, "handle"), and hasattr(super(), "get_stats") or
// hasattr(self.get(key), "run"), whose object is itself a call.
var presenceTestBefore = regexp.MustCompile(`\bhasattr\s*\(\s*(?:[^,()]|\([^()]*\))+,\s*$`)

// presenceTest reports whether the Python literal at s is the name
// argument of hasattr: it asks whether an object has the attribute
// (blueking-apigateway's component loader: hasattr(obj, "handle") and
// issubclass(obj, BaseComponent)) and calls nothing, whatever else the
// function calls by computed name (getattr(module, attr_name)).
func presenceTest(content []byte, s treesitter.Span) bool {
	start := int(s.StartByte)
	if start > len(content) {
		return false
	}
	return presenceTestBefore.Match(content[max(0, start-200):start])
}

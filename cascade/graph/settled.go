package graph

import (
	"bytes"
	"context"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

// When the graph answers no_callers, it has decided every call site of the
// name it indexed: each was resolved to another symbol, or left undecided
// (a receiver it could not type). The grep stage then looks for the name in
// the live workspace, and nearly all of its time went into parsing files
// the graph indexed as they are, to find sites the graph already has (a Go
// protobuf package declares Reset, String and ProtoMessage in every file;
// list and update are called in hundreds). asIndexed vouches for such a
// file and hands grep the sites the graph left undecided there, so grep
// parses only what it can add to: files changed since they were indexed or
// never indexed, and files where the name occurs where the graph recorded
// nothing (a handler passed as a JSX attribute, a field assigned: grep
// tells them apart by parsing).

// asIndexed is the stage's voucher for one answer of no_callers. A file
// qualifies when the store indexed exactly content for it and either its
// facts say no site of name through a receiver went unrecorded there
// (fact.File.Unrecorded; bare ones are flagged for grep's own scope rule,
// and so, for a function, are those whose receiver cannot be a module),
// or every whole-word occurrence is accounted for (accountedFor). Its
// sites not in elsewhere are handed over as undecided. The store is read
// again (through one snapshot), not the resolver's answer, so that a file
// indexed anew since then is judged by its new facts.
func (s Stage) asIndexed(name string, goMethod, function bool, elsewhere stage.ResolvedSites) func(context.Context, string, []byte, func() string) (stage.IndexedFile, bool) {
	var once sync.Once
	var known map[string]*knownOccurrences
	store := s.store
	callers := callerCache{byID: map[string]fact.Symbol{}}
	load := func(ctx context.Context) {
		// One snapshot for the answer: the file records, hundreds for a
		// common name, come from the store's read cache, its generation
		// checked once, not a query each.
		if sn, ok := s.store.(Snapshotter); ok {
			if v, err := sn.Snapshot(ctx); err == nil {
				store = v
			}
		}
		callers.store = store
		calls, err := store.CallsByCallee(ctx, name)
		if err != nil {
			return
		}
		syms, err := store.SymbolsByName(ctx, name)
		if err != nil {
			return
		}
		known = map[string]*knownOccurrences{}
		of := func(path string) *knownOccurrences {
			k := known[path]
			if k == nil {
				k = &knownOccurrences{at: map[uint32]bool{}}
				known[path] = k
			}
			return k
		}
		for _, c := range calls {
			k := of(c.Path)
			k.at[c.Span.StartByte] = true
			if elsewhere.Has(c.Path, c.Span) {
				k.elsewhere++
			} else {
				k.undecided = append(k.undecided, c)
			}
		}
		for _, sym := range syms {
			of(sym.Path).at[sym.Selection.StartByte] = true
		}
	}
	word := []byte(name)
	return func(ctx context.Context, rel string, content []byte, hash func() string) (stage.IndexedFile, bool) {
		once.Do(func() { load(ctx) })
		if known == nil {
			return stage.IndexedFile{}, false // the store could not be read
		}
		k := known[rel]
		if k == nil {
			k = &knownOccurrences{} // the store holds no site of the name there
		}
		f, err := store.File(ctx, rel)
		if err != nil {
			return stage.IndexedFile{}, false
		}
		out := stage.IndexedFile{Elsewhere: k.elsewhere, Imports: f.Imports}
		// The extractor classified every identifier of the file as grep
		// does: with no site of the name through a receiver unrecorded,
		// there is nothing to count occurrence by occurrence.
		u := f.Unrecorded
		vouched := u != nil && !u.HasMember(name)
		if !vouched && u != nil && !function && !u.HasMethodMember(name) {
			// A method's unrecorded sites here are all Python reads of an
			// attribute of the attribute, or tests of it: grep leaves
			// them out, and would parse the file only to find that.
			vouched = true
		}
		if !vouched && u != nil && function && !u.HasModuleMember(name) {
			// A function is reached through a receiver only where it is a
			// module object: grep leaves the others out, and says whether
			// it does for this target (stage.IndexedFile.Members).
			vouched, out.Members = true, true
		}
		if vouched {
			out.Bare = u.HasBare(name)
		} else {
			lang, _ := treesitter.LanguageForPath(rel)
			vouched = accountedFor(lang, content, word, k, f, goMethod)
		}
		if !vouched || undecidedAttributeRef(rel, k.undecided) || f.Hash != hash() {
			return stage.IndexedFile{}, false
		}
		for _, c := range k.undecided {
			caller, err := callers.of(ctx, c.CallerID)
			if err != nil {
				return stage.IndexedFile{}, false
			}
			out.Undecided = append(out.Undecided, stage.IndexedSite{Span: c.Span, Receiver: c.Receiver, Ref: c.Ref, Caller: caller})
		}
		return out, true
	}
}

// accountedFor reports whether every whole-word occurrence of word in a
// file the store indexed is a site or declaration it holds (k), an import's
// name, plainly no site by its line, a Go declaration, or (for a Go method)
// pkg.Name of an imported package: the voucher for a store that does not
// say which names have unrecorded sites, or a file where one has.
func accountedFor(lang treesitter.Language, content, word []byte, k *knownOccurrences, f fact.File, goMethod bool) bool {
	for at := treesitter.IndexWord(content, word, 0); at >= 0; at = treesitter.IndexWord(content, word, at+len(word)) {
		switch {
		case k.at[uint32(at)] || inert(lang, content, at, len(word)):
		case lang == treesitter.Go && goDeclaredOnLine(content, at, len(word)):
		case importedHere(f.Imports, at):
		case lang == treesitter.Go && goMethod && goPackageQualified(content, at, f.Imports):
		default:
			return false
		}
	}
	return true
}

// callerCache looks the enclosing functions of sites up once per answer;
// grep's workers ask for them concurrently.
type callerCache struct {
	store Store
	mu    sync.Mutex
	byID  map[string]fact.Symbol
}

// of is the symbol of id; the zero Symbol for "" (a file's top level).
func (c *callerCache) of(ctx context.Context, id string) (fact.Symbol, error) {
	if id == "" {
		return fact.Symbol{}, nil
	}
	c.mu.Lock()
	sym, ok := c.byID[id]
	c.mu.Unlock()
	if ok {
		return sym, nil
	}
	sym, err := c.store.Symbol(ctx, id)
	if err != nil {
		return fact.Symbol{}, err
	}
	c.mu.Lock()
	c.byID[id] = sym
	c.mu.Unlock()
	return sym, nil
}

// importedHere reports whether an occurrence is the name an import binds
// (import { POST } from "./route"): a declaration, never a site.
func importedHere(imports []treesitter.Import, at int) bool {
	for _, imp := range imports {
		if imp.Span.StartByte == uint32(at) && imp.Span.EndByte > imp.Span.StartByte {
			return true
		}
	}
	return false
}

// goDeclaredOnLine reports whether a Go occurrence starts its line and is
// followed by a type, as a struct field or a var or const in a block is
// declared ("\tCommand string"): a declaration, never a site. A statement
// starting with the name is followed by something else (:=, =, (, ., <-).
func goDeclaredOnLine(content []byte, at, n int) bool {
	start := bytes.LastIndexByte(content[:at], '\n') + 1
	if len(bytes.TrimLeft(content[start:at], " \t")) != 0 {
		return false
	}
	rest := content[at+n:]
	trimmed := bytes.TrimLeft(rest, " \t")
	if len(trimmed) == len(rest) || len(trimmed) == 0 {
		return false // no space after the name
	}
	c := trimmed[0]
	return c == '_' || c == '*' || c == '[' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// goPackageQualified reports whether a Go occurrence is pkg.Name with pkg a
// package the file imports: a package-level name of another package, never
// a method of a value (what the grep stage leaves out of a method's
// callers, golang.go).
func goPackageQualified(content []byte, at int, imports []treesitter.Import) bool {
	end := at - 1 // the dot
	start := end
	for start > 0 && isIdentByte(content[start-1]) {
		start--
	}
	if start == end || start > 0 && content[start-1] == '.' {
		return false // .Name after an expression, or x.pkg.Name
	}
	pkg := string(content[start:end])
	for _, imp := range imports {
		if imp.Local == pkg && pkg != "_" && pkg != "." {
			return true
		}
	}
	return false
}

func isIdentByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// knownOccurrences is what the store knows of a name in one file: the byte
// offsets of its sites and declarations, how many sites were resolved
// elsewhere, and those that were not.
type knownOccurrences struct {
	at        map[uint32]bool
	elsewhere int
	undecided []fact.Call
}

// inert reports whether the occurrence of a name at content[at:at+n] is
// plainly no code site, by its line alone: a whole string literal ('name',
// "name"), inside a string opened on the line, after a line comment's
// marker (// in Go, TypeScript and Java, # in Python), or on a line of a
// block comment (" * name"). It errs towards "not inert": such an
// occurrence makes grep parse the file, as before. A line is read from its
// start only, so a string or comment begun on an earlier line is not seen.
func inert(lang treesitter.Language, content []byte, at, n int) bool {
	if at > 0 && at+n < len(content) {
		if q := content[at-1]; (q == '\'' || q == '"' || q == '`') && content[at+n] == q {
			return true
		}
	}
	line := content[bytes.LastIndexByte(content[:at], '\n')+1 : at]
	if trimmed := bytes.TrimLeft(line, " \t"); lang != treesitter.Python && len(trimmed) >= 2 && trimmed[0] == '*' && (trimmed[1] == ' ' || trimmed[1] == '\t') {
		return true // " * name" inside a block comment
	}
	return quotedOrCommented(lang, line)
}

// quotedOrCommented scans a line up to an occurrence: inside a string
// opened on the line, or after a line comment, it is no code site. What
// opens a string depends on the language: in TSX and JavaScript (which may
// hold JSX) an apostrophe does not, since JSX text (<p>Don't {handle}</p>)
// is no string; an interpolation (`${x}`, f"{x}") is code, and the scan
// gives up there.
func quotedOrCommented(lang treesitter.Language, line []byte) bool {
	python := lang == treesitter.Python
	var open byte   // the quote of the string the scan is in, 0 outside
	var format bool // the string is a Python f-string
	for i := 0; i < len(line); i++ {
		c := line[i]
		if open != 0 {
			switch {
			case c == '\\' && open != '`':
				i++
			case c == open:
				open = 0
			case open == '`' && c == '$' && i+1 < len(line) && line[i+1] == '{' && lang != treesitter.Go,
				format && c == '{':
				return false // an interpolation: code inside the string
			}
			continue
		}
		switch {
		case c == '"' || c == '`' && !python || c == '\'' && lang != treesitter.TSX && lang != treesitter.JavaScript:
			open = c
			format = python && i > 0 && (line[i-1] == 'f' || line[i-1] == 'F')
		case c == '#' && python:
			return true
		case c == '/' && !python && i+1 < len(line) && line[i+1] == '/':
			return true
		}
	}
	return open != 0
}

// undecidedAttributeRef reports whether a file has a reference the graph
// left undecided through a receiver whose attribute may be plainly data or
// a class's own: in Python any receiver (obj.country = "BE",
// obj.country == "FR", self.country read in a class that sets it), in
// JavaScript and TypeScript this (this.endpoint in a class with its own
// getter). The graph records them, as the precise servers list them where
// they type the receiver, but only a parse tells what the attribute is
// there (grep's classification), so grep parses the file rather than take
// the site as indexed.
func undecidedAttributeRef(rel string, undecided []fact.Call) bool {
	lang, _ := treesitter.LanguageForPath(rel)
	python, js := lang == treesitter.Python, treesitter.Family(lang) == "js"
	if !python && !js {
		return false
	}
	for _, c := range undecided {
		if c.Ref && (python && c.Receiver != "" || js && c.Receiver == "this") {
			return true
		}
	}
	return false
}

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
// name it indexed: each was resolved to another symbol, or left unresolved.
// The grep stage then looks for the name in the live workspace, and most of
// its time goes into parsing files the graph indexed as they are and whose
// every occurrence of the name it already knows (a Go protobuf package
// declares Reset, String and ProtoMessage in every file and calls none of
// them). asIndexed vouches for such a file, so grep parses only what a
// fallback can add to: files changed since they were indexed or never
// indexed, files with a site the graph left unresolved, and files where the
// name occurs where the graph recorded nothing (a handler passed as a JSX
// attribute, a comment: grep tells them apart by parsing).

// asIndexed is the stage's voucher for one answer of no_callers. A file
// qualifies when the store indexed exactly content for it, every site of
// name the store holds there is in elsewhere, and every whole-word
// occurrence of name in content is one of those sites or the name of a
// symbol declared there. The store is read again, not the resolver's
// answer, so that a file indexed anew since then is judged by its new
// facts.
func (s Stage) asIndexed(name string, elsewhere stage.ResolvedSites) func(context.Context, string, []byte) (int, bool) {
	var once sync.Once
	var known map[string]*knownOccurrences
	load := func(ctx context.Context) {
		calls, err := s.store.CallsByCallee(ctx, name)
		if err != nil {
			return
		}
		syms, err := s.store.SymbolsByName(ctx, name)
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
				k.undecided = true
			}
		}
		for _, sym := range syms {
			of(sym.Path).at[sym.Selection.StartByte] = true
		}
	}
	word := []byte(name)
	return func(ctx context.Context, rel string, content []byte) (int, bool) {
		once.Do(func() { load(ctx) })
		k := known[rel]
		if k == nil || k.undecided {
			return 0, false // nothing known of the name there, or a site left unresolved
		}
		lang, _ := treesitter.LanguageForPath(rel)
		for at := treesitter.IndexWord(content, word, 0); at >= 0; at = treesitter.IndexWord(content, word, at+len(word)) {
			if !k.at[uint32(at)] && !inert(lang, content, at, len(word)) {
				return 0, false
			}
		}
		f, err := s.store.File(ctx, rel)
		if err != nil || f.Hash != fact.HashContent(content) {
			return 0, false
		}
		return k.elsewhere, true
	}
}

// knownOccurrences is what the store knows of a name in one file: the byte
// offsets of its sites and declarations, how many sites were resolved
// elsewhere, and whether any was not.
type knownOccurrences struct {
	at        map[uint32]bool
	elsewhere int
	undecided bool
}

// inert reports whether the occurrence of a name at content[at:at+n] is
// plainly no code site, by its line alone: a whole string literal ('name',
// "name"), or after a line comment's marker (// in Go, TypeScript and Java,
// # in Python) with no quote open before it, or on a line of a block
// comment (" * name"). It errs towards "not inert": such an occurrence
// makes grep parse the file, as before.
func inert(lang treesitter.Language, content []byte, at, n int) bool {
	if at > 0 && at+n < len(content) {
		if q := content[at-1]; (q == '\'' || q == '"' || q == '`') && content[at+n] == q {
			return true
		}
	}
	start := bytes.LastIndexByte(content[:at], '\n') + 1
	line := content[start:at]
	marker := []byte("//")
	if lang == treesitter.Python {
		marker = []byte("#")
	} else if trimmed := bytes.TrimLeft(line, " \t"); len(trimmed) >= 2 && trimmed[0] == '*' && (trimmed[1] == ' ' || trimmed[1] == '\t') {
		return true // " * name" inside a block comment
	}
	i := bytes.Index(line, marker)
	if i < 0 {
		return false
	}
	before := line[:i]
	return bytes.Count(before, []byte{'"'})%2 == 0 && bytes.Count(before, []byte{'\''})%2 == 0 && bytes.IndexByte(before, '`') < 0
}

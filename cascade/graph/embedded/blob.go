package embedded

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/klauspost/compress/s2"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// A file's facts are stored as one row (issue 16): its symbols, calls and
// literals in one compressed blob (facts.body), and the names the store
// looks things up by (facts.names: symbol names and IDs, callee names) in a
// small blob that the name index reads once and then keeps in memory (see
// nameIndex). Writing a file is two row inserts instead of a row per
// symbol, call and literal plus their b-tree indexes, which is what made
// the writes cost as much as the parse.
//
// The body, before compression, is three sections, the first two
// length-prefixed so a reader skips to the one it needs:
//
//	symbols:  count, then per symbol in source order: ID, language (a
//	          reference to the previous one), name, kind, container, and
//	          the detail blob (appendSymbolDetail) as a string
//	calls:    count, then per call, grouped by caller as the old calls
//	          table was (top level first, then each symbol's, then calls
//	          whose CallerID names no symbol of the file): the callee, then
//	          the rest as one length-prefixed record: the caller (0: top
//	          level, 1+ordinal: a symbol, 1+count: an orphan, whose ID
//	          follows), the receiver and the site blob (appendCallSite, so
//	          a field added to the call site codec flows through)
//	literals: count, then per literal: its symbol (as a call's caller), its
//	          text and its span
//
// A symbol's or literal's ordinal in its section is also its rowid in the
// search table (see rowShift), so a search hit is found again by rowid.

// compressBody and decompressBody are the one place the body's compression
// is chosen: S2 (Snappy's faster, denser successor) costs a few percent of
// the write and decompresses at gigabytes a second. Its default mode: the
// "better" one made the store 2 % smaller (12.7 against 12.9 MB on medusa)
// but allocated a hash table per file, 43 MB of garbage per index.
func compressBody(dst, src []byte) []byte {
	n := s2.MaxEncodedLen(len(src))
	if cap(dst) < n {
		dst = make([]byte, n)
	}
	return s2.Encode(dst[:n], src)
}

// bodyBuffers keeps decompression buffers between reads: a request reads
// hundreds of bodies, a warm-up thousands, and a buffer each would be
// garbage the size of the store.
var bodyBuffers = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledBody: a buffer grown past this (a huge file's body) is not kept.
const maxPooledBody = 1 << 20

func getBodyBuffer() *[]byte { return bodyBuffers.Get().(*[]byte) }

func putBodyBuffer(buf *[]byte) {
	if cap(*buf) <= maxPooledBody {
		bodyBuffers.Put(buf)
	}
}

// decompressBody decompresses b into buf (grown as needed, and returned
// for the next body). The string shares buf's bytes: it is good until buf
// is used again, so whatever a reader keeps of it is cloned (see body).
func decompressBody(buf *[]byte, b []byte) (string, error) {
	n, err := s2.DecodedLen(b)
	if err != nil {
		return "", fmt.Errorf("%w: %v", errCorruptBlob, err)
	}
	if cap(*buf) < n {
		*buf = make([]byte, n, n+n/4)
	}
	d, err := s2.Decode((*buf)[:n], b)
	if err != nil {
		return "", fmt.Errorf("%w: %v", errCorruptBlob, err)
	}
	if len(d) == 0 {
		return "", nil
	}
	return unsafe.String(&d[0], len(d)), nil
}

// callerOf encodes a call's or literal's enclosing symbol: 0 at the top
// level, 1+ordinal for a symbol of the file, 1+len(symbols) for an ID that
// names no symbol of the file (an orphan; the ID is written after it).
func callerOf(id string, ordinal map[string]int64, nsym int) (uint64, bool) {
	if id == "" {
		return 0, false
	}
	if ord, ok := ordinal[id]; ok {
		return uint64(ord) + 1, false
	}
	return uint64(nsym) + 1, true
}

// bodyEncoder encodes files' facts, reusing its buffers from file to file.
type bodyEncoder struct {
	symbolOrder, callOrder []int
	callGroup              []int
	ordinal                map[string]int64
	section, rec, raw      []byte
	// Scratch for what encode returns, which is cloned out of it at its
	// final size: built from nothing, each grew by doubling, and the
	// compressed body kept the whole of its worst-case buffer.
	extra, names, zipped []byte
	callees              map[string]int
	calleeOrder          []string
}

// encoded is what a file is stored as.
type encoded struct {
	entry       string
	names, body []byte
	extra       []byte // nil: none
	// symbols and literals in their stored order: their ordinal is their
	// search rowid's (see searchDocs).
	symbols                     []*fact.Symbol
	literals                    []*fact.Literal
	nSymbols, nCalls, nLiterals int64
}

// encode encodes one file's facts.
func (e *bodyEncoder) encode(facts *fact.FileFacts) encoded {
	if e.ordinal == nil {
		e.ordinal = map[string]int64{}
		e.callees = map[string]int{}
	}
	f := &facts.File
	out := encoded{nSymbols: int64(len(facts.Symbols)), nCalls: int64(len(facts.Calls)), nLiterals: int64(len(facts.Literals))}
	out.entry = string(appendFileEntry(e.rec[:0], f))
	if x := (fileExtra{Imports: f.Imports, Fields: f.Fields, Locals: f.Locals, Constants: f.Constants, Unrecorded: f.Unrecorded}); !x.empty() {
		e.extra = appendFileExtra(e.extra[:0], &x)
		out.extra = bytes.Clone(e.extra)
	}

	e.symbolOrder = sortedIndexes(e.symbolOrder, len(facts.Symbols), func(i int) (int, uint32) {
		return 0, facts.Symbols[i].Span.StartByte
	})
	clear(e.ordinal)
	for ord, i := range e.symbolOrder {
		if _, dup := e.ordinal[facts.Symbols[i].ID]; !dup {
			e.ordinal[facts.Symbols[i].ID] = int64(ord)
		}
	}
	nsym := len(facts.Symbols)
	raw := e.raw[:0]

	// Symbols.
	sec := binary.AppendUvarint(e.section[:0], uint64(nsym))
	lang := ""
	out.symbols = make([]*fact.Symbol, 0, nsym)
	for _, i := range e.symbolOrder {
		sym := &facts.Symbols[i]
		out.symbols = append(out.symbols, sym)
		sec = appendString(sec, sym.ID)
		sec = appendStringRef(sec, string(sym.Language), lang)
		lang = string(sym.Language)
		sec = appendString(sec, sym.Name)
		sec = appendString(sec, string(sym.Kind))
		sec = appendString(sec, sym.Container)
		e.rec = appendSymbolDetail(e.rec[:0], sym)
		sec = binary.AppendUvarint(sec, uint64(len(e.rec)))
		sec = append(sec, e.rec...)
	}
	raw = binary.AppendUvarint(raw, uint64(len(sec)))
	raw = append(raw, sec...)

	// Calls, grouped by caller (see the body's layout).
	e.callGroup = e.callGroup[:0]
	for i := range facts.Calls {
		g, _ := callerOf(facts.Calls[i].CallerID, e.ordinal, nsym)
		e.callGroup = append(e.callGroup, int(g))
	}
	e.callOrder = sortedIndexes(e.callOrder, len(facts.Calls), func(i int) (int, uint32) {
		return e.callGroup[i], facts.Calls[i].Span.StartByte
	})
	clear(e.callees)
	e.calleeOrder = e.calleeOrder[:0]
	var orphans []string
	sec = binary.AppendUvarint(sec[:0], uint64(len(facts.Calls)))
	for _, i := range e.callOrder {
		c := &facts.Calls[i]
		g, orphan := callerOf(c.CallerID, e.ordinal, nsym)
		rec := binary.AppendUvarint(e.rec[:0], g)
		if orphan {
			rec = appendString(rec, c.CallerID)
			if !slices.Contains(orphans, c.CallerID) {
				orphans = append(orphans, c.CallerID)
			}
		}
		rec = appendString(rec, c.Receiver)
		rec = appendCallSite(rec, c)
		e.rec = rec
		sec = appendString(sec, c.Callee)
		sec = binary.AppendUvarint(sec, uint64(len(rec)))
		sec = append(sec, rec...)
		if _, ok := e.callees[c.Callee]; !ok {
			e.calleeOrder = append(e.calleeOrder, c.Callee)
		}
		e.callees[c.Callee]++
	}
	raw = binary.AppendUvarint(raw, uint64(len(sec)))
	raw = append(raw, sec...)

	// Literals, in the order given.
	sec = binary.AppendUvarint(sec[:0], uint64(len(facts.Literals)))
	out.literals = make([]*fact.Literal, 0, len(facts.Literals))
	for i := range facts.Literals {
		lit := &facts.Literals[i]
		out.literals = append(out.literals, lit)
		g, orphan := callerOf(lit.SymbolID, e.ordinal, nsym)
		sec = binary.AppendUvarint(sec, g)
		if orphan {
			sec = appendString(sec, lit.SymbolID)
		}
		sec = appendString(sec, lit.Text)
		sec = appendSpan(sec, lit.Span)
	}
	raw = append(raw, sec...)
	e.section, e.raw = sec, raw
	e.zipped = compressBody(e.zipped, raw)
	out.body = bytes.Clone(e.zipped)

	// Names: what the name index keeps of the file.
	names := binary.AppendUvarint(e.names[:0], uint64(nsym))
	for _, sym := range out.symbols {
		names = appendString(names, sym.Name)
		names = appendString(names, sym.ID)
	}
	names = binary.AppendUvarint(names, uint64(len(e.calleeOrder)))
	for _, callee := range e.calleeOrder {
		names = appendString(names, callee)
		names = binary.AppendUvarint(names, uint64(e.callees[callee]))
	}
	names = appendStrings(names, orphans)
	e.names = names
	out.names = bytes.Clone(names)
	return out
}

// body is a decompressed body split into its sections, each a substring
// of one string, which shares the bytes of a buffer reused from body to
// body: the symbols, calls and literals it decodes are clones, so that
// they outlive it and hold no more memory than their own.
type body struct {
	symbols, calls, literals string
}

func openBody(buf *[]byte, b []byte) (body, error) {
	s, err := decompressBody(buf, b)
	if err != nil {
		return body{}, err
	}
	r := blobReader{s: s}
	var out body
	out.symbols = r.bytes(r.uvarint())
	out.calls = r.bytes(r.uvarint())
	out.literals = r.s
	if r.err != nil {
		return body{}, r.err
	}
	return out, nil
}

// symbolIDs lists the IDs of the symbols, by ordinal, without decoding the
// rest of them. They share the body's bytes.
func (b body) symbolIDs() ([]string, error) {
	r := blobReader{s: b.symbols}
	ids := make([]string, r.count())
	for i := range ids {
		ids[i] = r.string()
		r.stringRef("")
		r.string()
		r.string()
		r.string()
		r.string()
	}
	return ids, r.done()
}

// eachSymbol decodes the symbols for which keep (given the ordinal and
// name) is true, in order; each is decoded from a clone of its record.
func (b body) eachSymbol(path string, keep func(ord int, name string) bool, f func(ord int, sym fact.Symbol)) error {
	r := blobReader{s: b.symbols}
	n := r.count()
	lang := ""
	for ord := range n {
		rec := r.s
		r.string() // ID
		lang = r.stringRef(lang)
		name := r.string()
		r.string() // kind
		r.string() // container
		r.string() // detail
		if r.err != nil {
			return r.err
		}
		if !keep(ord, name) {
			continue
		}
		rr := blobReader{s: strings.Clone(rec[:len(rec)-len(r.s)])}
		sym := fact.Symbol{Path: path, Language: language(lang)}
		sym.ID = rr.string()
		rr.stringRef("")
		sym.Name = rr.string()
		sym.Kind = treesitter.SymbolKind(rr.string())
		sym.Container = rr.string()
		detail := rr.string()
		if err := decodeSymbolDetail([]byte(detail), &sym); err != nil {
			return err
		}
		f(ord, sym)
	}
	return r.done()
}

// eachCall decodes the calls for which keep (given the callee and the
// caller's ID, "" at the top level) is true, in stored order. ids are the
// symbols' IDs by ordinal (symbolIDs). Each call's strings share one small
// allocation of its own, so a kept call holds no more than itself.
func (b body) eachCall(path string, ids []string, keep func(callee, callerID string) bool, f func(fact.Call)) error {
	r := blobReader{s: b.calls}
	n := r.count()
	for range n {
		callee := r.string()
		rec := r.string()
		if r.err != nil {
			return r.err
		}
		cr := blobReader{s: rec}
		callerID := ""
		switch g := cr.uvarint(); {
		case g == 0:
		case g <= uint64(len(ids)):
			callerID = ids[g-1]
		case g == uint64(len(ids))+1:
			callerID = cr.string()
		default:
			return errCorruptBlob
		}
		if cr.err != nil {
			return cr.err
		}
		if !keep(callee, callerID) {
			continue
		}
		// One allocation for what the call keeps: its caller's ID, its
		// callee and the rest of its record.
		kept := callerID + callee + cr.s
		callerID, callee = kept[:len(callerID)], kept[len(callerID):len(callerID)+len(callee)]
		cr = blobReader{s: kept[len(callerID)+len(callee):]}
		c := fact.Call{Path: path, Callee: callee, CallerID: callerID}
		c.Receiver = cr.string()
		if cr.err != nil {
			return cr.err
		}
		if err := decodeCallSite([]byte(cr.s), &c); err != nil {
			return err
		}
		f(c)
	}
	return r.done()
}

// eachLiteral decodes the literals for which keep (given the ordinal) is
// true, in order, with their strings copied out of the body; ids are the
// body's symbol IDs (symbolIDs), which a literal refers to by index.
func (b body) eachLiteral(path string, ids []string, keep func(ord int) bool, f func(ord int, lit fact.Literal)) error {
	r := blobReader{s: b.literals}
	n := r.count()
	for i := range n {
		g := r.uvarint()
		symbolID := ""
		switch {
		case g == 0:
		case g <= uint64(len(ids)):
			symbolID = ids[g-1]
		case g == uint64(len(ids))+1:
			symbolID = r.string()
		default:
			return errCorruptBlob
		}
		text := r.string()
		sp := r.span()
		if r.err != nil {
			return r.err
		}
		if keep(i) {
			f(i, fact.Literal{Path: path, SymbolID: strings.Clone(symbolID), Text: strings.Clone(text), Span: sp})
		}
	}
	return r.done()
}

// fileNames is what the name index keeps of one file (facts.names).
type fileNames struct {
	symbols []nameID // by ordinal
	callees []calleeCount
	orphans []string // caller IDs naming no symbol of the file
}

type nameID struct{ name, id string }

type calleeCount struct {
	name  string
	count int
}

func decodeNames(b []byte) (fileNames, error) {
	r := blobReader{s: string(b)}
	var n fileNames
	if k := r.count(); k > 0 {
		n.symbols = make([]nameID, k)
		for i := range n.symbols {
			n.symbols[i].name = r.string()
			n.symbols[i].id = r.string()
		}
	}
	if k := r.count(); k > 0 {
		n.callees = make([]calleeCount, k)
		for i := range n.callees {
			n.callees[i].name = r.string()
			c := r.uvarint()
			if c > math.MaxInt32 {
				r.fail()
			}
			n.callees[i].count = int(c)
		}
	}
	n.orphans = r.strings()
	return n, r.done()
}

// namesOf is decodeNames(encode(facts).names) without the bytes: what this
// process's writes tell the name index. The strings are cloned, so the
// index does not keep the batch (whose strings may be slices of file
// contents) alive.
func namesOf(facts *fact.FileFacts, intern func(string) string) fileNames {
	var n fileNames
	order := sortedIndexes(nil, len(facts.Symbols), func(i int) (int, uint32) { return 0, facts.Symbols[i].Span.StartByte })
	ids := make(map[string]bool, len(order))
	for _, i := range order {
		sym := &facts.Symbols[i]
		n.symbols = append(n.symbols, nameID{intern(sym.Name), strings.Clone(sym.ID)})
		ids[sym.ID] = true
	}
	counts := map[string]int{}
	for i := range facts.Calls {
		c := &facts.Calls[i]
		if counts[c.Callee] == 0 {
			n.callees = append(n.callees, calleeCount{name: intern(c.Callee)})
		}
		counts[c.Callee]++
		if c.CallerID != "" && !ids[c.CallerID] && !slices.Contains(n.orphans, c.CallerID) {
			n.orphans = append(n.orphans, strings.Clone(c.CallerID))
		}
	}
	for i := range n.callees {
		n.callees[i].count = counts[n.callees[i].name]
	}
	return n
}

// sortedIndexes returns 0..n-1 in buf, sorted stably by key.
func sortedIndexes(buf []int, n int, key func(int) (int, uint32)) []int {
	buf = buf[:0]
	for i := range n {
		buf = append(buf, i)
	}
	slices.SortStableFunc(buf, func(a, b int) int {
		ga, sa := key(a)
		gb, sb := key(b)
		if c := cmp.Compare(ga, gb); c != 0 {
			return c
		}
		return cmp.Compare(sa, sb)
	})
	return buf
}

package embedded

import (
	"encoding/binary"
	"errors"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// Spans, argument lists and the "extra" columns (a file's imports, fields
// and locals; a symbol's decorators, params, extends and return type) are
// stored as small varint blobs rather than as JSON or a dozen integer
// columns: File, CallsByCallee and Symbol sit on the hot path of every
// call-hierarchy request, and decoding a few varints is far cheaper than
// database/sql converting twelve columns or encoding/json reflecting over a
// struct.
//
// A blob is decoded from one string holding all of it, so every string in it
// is a substring of that one allocation.
//
// Strings are a uvarint length and the bytes. Where a string often repeats a
// neighbour (an import's module, the previous import's; a local's symbol, the
// previous local's) it is written as a reference: uvarint 0 for "the same as
// the reference", else 1 + the length, then the bytes.

var errCorruptBlob = errors.New("embedded: corrupt encoded value")

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// appendStringRef writes s, or a reference to ref when they are equal.
func appendStringRef(b []byte, s, ref string) []byte {
	if s == ref {
		return append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(s))+1)
	return append(b, s...)
}

func appendStrings(b []byte, list []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(list)))
	for _, s := range list {
		b = appendString(b, s)
	}
	return b
}

func appendSpan(b []byte, s treesitter.Span) []byte {
	b = binary.AppendUvarint(b, uint64(s.Start.Line))
	b = binary.AppendUvarint(b, uint64(s.Start.Character))
	b = binary.AppendUvarint(b, uint64(s.End.Line))
	b = binary.AppendUvarint(b, uint64(s.End.Character))
	b = binary.AppendUvarint(b, uint64(s.StartByte))
	b = binary.AppendUvarint(b, uint64(s.EndByte))
	return b
}

// blobReader decodes a blob and remembers the first error, so callers decode
// several values and check once.
type blobReader struct {
	s   string
	err error
}

func (r *blobReader) fail() {
	if r.err == nil {
		r.err = errCorruptBlob
	}
	r.s = ""
}

func (r *blobReader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	var v uint64
	for i := 0; i < len(r.s) && i < binary.MaxVarintLen64; i++ {
		c := r.s[i]
		if c < 0x80 {
			if i == binary.MaxVarintLen64-1 && c > 1 {
				break // overflows 64 bits
			}
			r.s = r.s[i+1:]
			return v | uint64(c)<<(7*i)
		}
		v |= uint64(c&0x7f) << (7 * i)
	}
	r.fail()
	return 0
}

func (r *blobReader) uint32() uint32 {
	v := r.uvarint()
	if v > 1<<32-1 {
		r.fail()
		return 0
	}
	return uint32(v)
}

// count reads a list length, bounded by what is left (every element takes
// at least one byte), so a corrupt blob cannot make a huge allocation.
func (r *blobReader) count() int {
	n := r.uvarint()
	if n > uint64(len(r.s)) {
		r.fail()
		return 0
	}
	return int(n)
}

func (r *blobReader) bytes(n uint64) string {
	if n > uint64(len(r.s)) {
		r.fail()
		return ""
	}
	s := r.s[:n]
	r.s = r.s[n:]
	return s
}

func (r *blobReader) string() string { return r.bytes(r.uvarint()) }

func (r *blobReader) bool() bool { return r.uvarint() != 0 }

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

func (r *blobReader) stringRef(ref string) string {
	n := r.uvarint()
	if n == 0 {
		return ref
	}
	return r.bytes(n - 1)
}

func (r *blobReader) strings() []string {
	n := r.count()
	if n == 0 {
		return nil
	}
	list := make([]string, n)
	for i := range list {
		list[i] = r.string()
	}
	return list
}

func (r *blobReader) span() treesitter.Span {
	var s treesitter.Span
	s.Start.Line = r.uint32()
	s.Start.Character = r.uint32()
	s.End.Line = r.uint32()
	s.End.Character = r.uint32()
	s.StartByte = r.uint32()
	s.EndByte = r.uint32()
	return s
}

// done fails unless the whole blob was read.
func (r *blobReader) done() error {
	if r.err == nil && len(r.s) != 0 {
		r.err = errCorruptBlob
	}
	return r.err
}

func decodeSpan(b []byte) (treesitter.Span, error) {
	r := blobReader{s: string(b)}
	s := r.span()
	return s, r.done()
}

// A call's site blob: flags (bit 0: new, bit 1: a reference, bit 2: a
// field it is stored in follows the span, bit 3: the alias written
// follows), its span, the field, the alias, then its arguments when it
// has any.
func appendCallSite(b []byte, c *fact.Call) []byte {
	var flags uint64
	if c.New {
		flags |= 1
	}
	if c.Ref {
		flags |= 2
	}
	if c.Field != "" {
		flags |= 4
	}
	if c.Alias != "" {
		flags |= 8
	}
	b = binary.AppendUvarint(b, flags)
	b = appendSpan(b, c.Span)
	if c.Field != "" {
		b = appendString(b, c.Field)
	}
	if c.Alias != "" {
		b = appendString(b, c.Alias)
	}
	if len(c.Args) > 0 {
		b = appendStrings(b, c.Args)
	}
	return b
}

func decodeCallSite(b []byte, c *fact.Call) error {
	r := blobReader{s: string(b)}
	flags := r.uvarint()
	c.New = flags&1 != 0
	c.Ref = flags&2 != 0
	c.Span = r.span()
	if flags&4 != 0 {
		c.Field = r.string()
	}
	if flags&8 != 0 {
		c.Alias = r.string()
	}
	if r.err == nil && len(r.s) > 0 {
		c.Args = r.strings()
	}
	return r.done()
}

// A symbol's detail blob: its span and selection, then its decorators,
// params, extends and return type when it has any of them, then its Go
// type parameters when it or its results written with type arguments have
// some, then those results when there are some (a blob without them
// decodes as none), then whether it is a getter or setter when it is one
// or it has Go shapes, then those shapes when there are some, then its Go
// embedded types written with type arguments when there are some (or
// constraints follow), then its Go type parameters' named constraints
// when there are some.
func appendSymbolDetail(b []byte, sym *fact.Symbol) []byte {
	b = appendSpan(appendSpan(b, sym.Span), sym.Selection)
	later := len(sym.ExtendsWritten) + len(sym.TypeConstraints) // what follows the shapes
	if len(sym.Decorators)+len(sym.Params)+len(sym.Extends)+len(sym.TypeParams)+len(sym.ResultsWritten)+len(sym.Shapes)+later == 0 && sym.Returns == "" && sym.Accessor == "" {
		return b
	}
	b = binary.AppendUvarint(b, uint64(len(sym.Decorators)))
	for _, d := range sym.Decorators {
		b = appendString(b, d.Name)
		b = appendStrings(b, d.Args)
		b = appendSpan(b, d.Span)
	}
	b = binary.AppendUvarint(b, uint64(len(sym.Params)))
	for _, p := range sym.Params {
		b = appendString(b, p.Name)
		b = appendString(b, p.Type)
	}
	b = appendStrings(b, sym.Extends)
	b = appendString(b, sym.Returns)
	if len(sym.TypeParams)+len(sym.ResultsWritten)+len(sym.Shapes)+later > 0 || sym.Accessor != "" {
		b = appendStrings(b, sym.TypeParams)
	}
	if len(sym.ResultsWritten)+len(sym.Shapes)+later > 0 || sym.Accessor != "" {
		b = appendStrings(b, sym.ResultsWritten)
	}
	if sym.Accessor != "" || len(sym.Shapes)+later > 0 {
		b = appendString(b, sym.Accessor)
	}
	if len(sym.Shapes)+later > 0 {
		b = appendStrings(b, sym.Shapes)
	}
	if later > 0 {
		b = appendStrings(b, sym.ExtendsWritten)
	}
	if len(sym.TypeConstraints) > 0 {
		b = appendStrings(b, sym.TypeConstraints)
	}
	return b
}

func decodeSymbolDetail(b []byte, sym *fact.Symbol) error {
	r := blobReader{s: string(b)}
	sym.Span = r.span()
	sym.Selection = r.span()
	if r.err != nil || len(r.s) == 0 {
		return r.done()
	}
	if n := r.count(); n > 0 {
		sym.Decorators = make([]treesitter.Decorator, n)
		for i := range sym.Decorators {
			d := &sym.Decorators[i]
			d.Name = r.string()
			d.Args = r.strings()
			d.Span = r.span()
		}
	}
	if n := r.count(); n > 0 {
		sym.Params = make([]treesitter.Param, n)
		for i := range sym.Params {
			sym.Params[i].Name = r.string()
			sym.Params[i].Type = r.string()
		}
	}
	sym.Extends = r.strings()
	sym.Returns = r.string()
	if r.err == nil && len(r.s) > 0 {
		sym.TypeParams = r.strings()
	}
	if r.err == nil && len(r.s) > 0 {
		sym.ResultsWritten = r.strings()
	}
	if r.err == nil && len(r.s) > 0 {
		sym.Accessor = r.string()
	}
	if r.err == nil && len(r.s) > 0 {
		sym.Shapes = r.strings()
	}
	if r.err == nil && len(r.s) > 0 {
		sym.ExtendsWritten = r.strings()
	}
	if r.err == nil && len(r.s) > 0 {
		sym.TypeConstraints = r.strings()
	}
	return r.done()
}

// fileExtra is what file_extra keeps of a file: what the resolver needs but
// never searches by.
type fileExtra struct {
	Imports   []treesitter.Import
	Fields    []treesitter.Field
	Locals    []fact.Local
	Constants []treesitter.Constant
	// Unrecorded comes last, after a marker, so that a blob written
	// without it decodes as "not known" (nil), never as "none". Marker 2
	// adds its ModuleMembers; a blob with marker 1 did not keep them, and
	// decodes with Members in their place (as if every member site might
	// be on a module), never as "none". Marker 3 adds MethodMembers; an
	// older blob decodes with Members in their place.
	Unrecorded *treesitter.Unrecorded
}

func (x *fileExtra) empty() bool {
	return len(x.Imports)+len(x.Fields)+len(x.Locals)+len(x.Constants) == 0 && x.Unrecorded == nil
}

func appendFileExtra(b []byte, x *fileExtra) []byte {
	b = binary.AppendUvarint(b, uint64(len(x.Imports)))
	module := ""
	for _, imp := range x.Imports {
		b = appendString(b, imp.Local)
		b = appendStringRef(b, imp.Imported, imp.Local)
		b = appendStringRef(b, imp.Module, module)
		b = appendSpan(b, imp.Span)
		b = appendBool(b, imp.Reexport)
		module = imp.Module
	}
	b = binary.AppendUvarint(b, uint64(len(x.Fields)))
	container := ""
	for _, f := range x.Fields {
		b = appendStringRef(b, f.Container, container)
		b = appendString(b, f.Name)
		b = appendString(b, f.Type)
		b = appendString(b, f.Token)
		b = appendString(b, f.Queue)
		b = appendString(b, f.Constraint)
		container = f.Container
	}
	b = binary.AppendUvarint(b, uint64(len(x.Locals)))
	symbol := ""
	for _, l := range x.Locals {
		b = appendStringRef(b, l.SymbolID, symbol)
		b = appendString(b, l.Name)
		b = appendString(b, l.Type)
		symbol = l.SymbolID
	}
	b = binary.AppendUvarint(b, uint64(len(x.Constants)))
	container = ""
	for _, c := range x.Constants {
		b = appendStringRef(b, c.Container, container)
		b = appendString(b, c.Name)
		b = appendString(b, c.Value)
		b = appendString(b, c.Expr)
		container = c.Container
	}
	if u := x.Unrecorded; u != nil {
		b = append(b, 3)
		b = appendString(b, u.Members)
		b = appendString(b, u.Bare)
		b = appendString(b, u.ModuleMembers)
		b = appendString(b, u.MethodMembers)
	}
	return b
}

func decodeFileExtra(b []byte) (fileExtra, error) {
	var x fileExtra
	r := blobReader{s: string(b)}
	if n := r.count(); n > 0 {
		x.Imports = make([]treesitter.Import, n)
		module := ""
		for i := range x.Imports {
			imp := &x.Imports[i]
			imp.Local = r.string()
			imp.Imported = r.stringRef(imp.Local)
			imp.Module = r.stringRef(module)
			imp.Span = r.span()
			imp.Reexport = r.bool()
			module = imp.Module
		}
	}
	if n := r.count(); n > 0 {
		x.Fields = make([]treesitter.Field, n)
		container := ""
		for i := range x.Fields {
			f := &x.Fields[i]
			f.Container = r.stringRef(container)
			f.Name = r.string()
			f.Type = r.string()
			f.Token = r.string()
			f.Queue = r.string()
			f.Constraint = r.string()
			container = f.Container
		}
	}
	if n := r.count(); n > 0 {
		x.Locals = make([]fact.Local, n)
		symbol := ""
		for i := range x.Locals {
			l := &x.Locals[i]
			l.SymbolID = r.stringRef(symbol)
			l.Name = r.string()
			l.Type = r.string()
			symbol = l.SymbolID
		}
	}
	if n := r.count(); n > 0 {
		x.Constants = make([]treesitter.Constant, n)
		container := ""
		for i := range x.Constants {
			c := &x.Constants[i]
			c.Container = r.stringRef(container)
			c.Name = r.string()
			c.Value = r.string()
			c.Expr = r.string()
			container = c.Container
		}
	}
	if len(r.s) > 0 {
		switch r.uvarint() {
		case 1:
			u := &treesitter.Unrecorded{Members: r.string(), Bare: r.string()}
			u.ModuleMembers, u.MethodMembers = u.Members, u.Members
			x.Unrecorded = u
		case 2:
			u := &treesitter.Unrecorded{Members: r.string(), Bare: r.string(), ModuleMembers: r.string()}
			u.MethodMembers = u.Members
			x.Unrecorded = u
		case 3:
			x.Unrecorded = &treesitter.Unrecorded{Members: r.string(), Bare: r.string(), ModuleMembers: r.string(), MethodMembers: r.string()}
		default:
			r.fail()
		}
	}
	return x, r.done()
}

// appendJSONString quotes s, escaping only what JSON requires: quotes,
// backslashes and control characters. Other bytes, valid UTF-8 or not, are
// copied: SQLite's JSON functions keep string bytes as they are, so a path
// that is not UTF-8 still matches itself.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendFileEntry appends a file's entry, files.entry: the JSON array
// [path, hash, size, mtime, inode, ctime, language, package, errors (0 or
// 1)], the inode's 64 bits written as a signed number. Files
// reads every entry in one value (see allFiles), File reads one.
func appendFileEntry(b []byte, f *fact.File) []byte {
	b = append(b, '[')
	b = appendJSONString(b, f.Path)
	b = append(b, ',')
	b = appendJSONString(b, f.Hash)
	b = append(b, ',')
	b = strconv.AppendInt(b, f.Size, 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, f.ModTime, 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(f.Inode), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, f.ChangeTime, 10)
	b = append(b, ',')
	b = appendJSONString(b, string(f.Language))
	b = append(b, ',')
	b = appendJSONString(b, f.Package)
	if f.Errors {
		b = append(b, ",1]"...)
	} else {
		b = append(b, ",0]"...)
	}
	return b
}

// fileEntry parses an entry (see appendFileEntry).
func (p *jsonParser) fileEntry() fact.File {
	var f fact.File
	p.byte('[')
	f.Path = p.string()
	p.byte(',')
	f.Hash = p.string()
	p.byte(',')
	f.Size = p.int()
	p.byte(',')
	f.ModTime = p.int()
	p.byte(',')
	f.Inode = uint64(p.int())
	p.byte(',')
	f.ChangeTime = p.int()
	p.byte(',')
	f.Language = language(p.string())
	p.byte(',')
	f.Package = p.string()
	p.byte(',')
	f.Errors = p.int() != 0
	p.byte(']')
	return f
}

// language returns s as a Language, the known ones as constants (no
// substring of a big string kept alive for them).
func language(s string) treesitter.Language {
	switch treesitter.Language(s) {
	case treesitter.TypeScript:
		return treesitter.TypeScript
	case treesitter.TSX:
		return treesitter.TSX
	case treesitter.JavaScript:
		return treesitter.JavaScript
	case treesitter.Go:
		return treesitter.Go
	case treesitter.Python:
		return treesitter.Python
	case treesitter.Java:
		return treesitter.Java
	}
	return treesitter.Language(s)
}

// jsonParser reads the JSON of file entries (see appendFileEntry), which has
// no spaces between tokens. Strings without escapes are substrings of the
// text.
type jsonParser struct {
	s   string
	i   int
	err error
}

var errBadJSON = errors.New("embedded: unexpected JSON")

func (p *jsonParser) fail() {
	if p.err == nil {
		p.err = errBadJSON
	}
	p.i = len(p.s)
}

func (p *jsonParser) byte(c byte) {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return
	}
	p.fail()
}

func (p *jsonParser) int() int64 {
	start := p.i
	for p.i < len(p.s) && (p.s[p.i] == '-' || p.s[p.i] >= '0' && p.s[p.i] <= '9') {
		p.i++
	}
	v, err := strconv.ParseInt(p.s[start:p.i], 10, 64)
	if err != nil {
		p.fail()
	}
	return v
}

func (p *jsonParser) string() string {
	p.byte('"')
	start := p.i
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case '"':
			s := p.s[start:p.i]
			p.i++
			return s
		case '\\':
			return p.unescape(start)
		}
		p.i++
	}
	p.fail()
	return ""
}

// unescape finishes a string that has escapes, from its first byte at start.
func (p *jsonParser) unescape(start int) string {
	b := []byte(p.s[start:p.i])
	for p.i < len(p.s) {
		c := p.s[p.i]
		p.i++
		switch c {
		case '"':
			return string(b)
		case '\\':
		default:
			b = append(b, c)
			continue
		}
		if p.i >= len(p.s) {
			break
		}
		e := p.s[p.i]
		p.i++
		switch e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r := p.hex4()
			if utf16.IsSurrogate(r) && strings.HasPrefix(p.s[p.i:], `\u`) {
				p.i += 2
				r = utf16.DecodeRune(r, p.hex4())
			}
			b = utf8.AppendRune(b, r)
		default:
			p.fail()
		}
	}
	p.fail()
	return ""
}

func (p *jsonParser) hex4() rune {
	if p.i+4 > len(p.s) {
		p.fail()
		return 0
	}
	v, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 16)
	if err != nil {
		p.fail()
		return 0
	}
	p.i += 4
	return rune(v)
}

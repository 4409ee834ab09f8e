// Package fact holds the facts every part of the engine shares: the
// symbols, call sites, files and literals the indexer extracts and a store
// keeps, and the caller edges the resolver derives from them. It is a leaf:
// the stages (graph, grep, keyword, report) and the stores all speak in
// these types without importing one another.
package fact

import (
	"strings"

	"github.com/callcascade/callcascade/treesitter"
)

// Symbol is a stored declaration. ID is stable across edits that do not rename
// or move it: "<path>#<Container>.<Name>" plus "~N" for the N-th duplicate.
type Symbol struct {
	ID         string                 `json:"id"`
	Path       string                 `json:"path"` // workspace-relative, forward slashes
	Language   treesitter.Language    `json:"language"`
	Name       string                 `json:"name"`
	Kind       treesitter.SymbolKind  `json:"kind"`
	Container  string                 `json:"container,omitempty"`
	Span       treesitter.Span        `json:"span"`
	Selection  treesitter.Span        `json:"selection"`
	Decorators []treesitter.Decorator `json:"decorators,omitempty"`
	Params     []treesitter.Param     `json:"params,omitempty"`
	Extends    []string               `json:"extends,omitempty"`
	Returns    string                 `json:"returns,omitempty"`
	TypeParams []string               `json:"typeParams,omitempty"` // treesitter.Symbol.TypeParams
	// ResultsWritten: treesitter.Symbol.ResultsWritten.
	ResultsWritten []string `json:"resultsWritten,omitempty"`
	// ExtendsWritten: treesitter.Symbol.ExtendsWritten.
	ExtendsWritten []string `json:"extendsWritten,omitempty"`
	// TypeConstraints: treesitter.Symbol.TypeConstraints.
	TypeConstraints []string `json:"typeConstraints,omitempty"`
	// Accessor: treesitter.Symbol.Accessor ("get", "set" or "").
	Accessor string `json:"accessor,omitempty"`
	// Shapes: treesitter.Symbol.Shapes.
	Shapes []string `json:"shapes,omitempty"`
}

// Call is a stored call site. CallerID is the enclosing symbol, "" when the
// call is at the top level of its file.
type Call struct {
	Path     string          `json:"path"`
	CallerID string          `json:"callerId,omitempty"`
	Callee   string          `json:"callee"`
	Receiver string          `json:"receiver,omitempty"`
	Span     treesitter.Span `json:"span"`
	Args     []string        `json:"args,omitempty"`
	New      bool            `json:"new,omitempty"`
	// Ref marks a reference: the function is used as a value there
	// (passed, stored, returned, bound), not called. See treesitter.Call.
	Ref bool `json:"ref,omitempty"`
	// Field: the field a reference is stored in (treesitter.Call.Field).
	Field string `json:"field,omitempty"`
	// Alias: for a bare call stored under the name imported (import {load
	// as setIt}; setIt() is stored as load), the alias written, when the
	// file imports that name under another alias of the same length
	// ({load as getIt}): the span's length cannot tell which was called.
	// "" otherwise.
	Alias string `json:"alias,omitempty"`
}

// Local is a typed variable inside a symbol (CallerID "" at top level).
type Local struct {
	SymbolID string `json:"symbolId,omitempty"`
	Name     string `json:"name"`
	Type     string `json:"type"`
}

// File is what the store knows of one file apart from its symbols and calls.
type File struct {
	Path     string              `json:"path"`
	Hash     string              `json:"hash"` // hex SHA-256 of the content that was indexed
	Size     int64               `json:"size"`
	ModTime  int64               `json:"modTime"` // unix nanoseconds, a cheap first check before hashing
	Language treesitter.Language `json:"language"`
	Package  string              `json:"package,omitempty"` // Go package name, Java package, go.mod module path
	Imports  []treesitter.Import `json:"imports,omitempty"`
	Fields   []treesitter.Field  `json:"fields,omitempty"`
	Locals   []Local             `json:"locals,omitempty"`
	// Constants are the file's names bound to string literals (event
	// names, topics, routes).
	Constants []treesitter.Constant `json:"constants,omitempty"`
	Errors    bool                  `json:"errors,omitempty"`
	// Unrecorded names the sites grep would find here that no call of
	// the file records; nil when the store does not know (a store written
	// before it was kept, or one that does not keep it).
	Unrecorded *treesitter.Unrecorded `json:"unrecorded,omitempty"`

	// Inode and ChangeTime (the ctime, unix nanoseconds) complete ModTime's
	// check: a file replaced with the same size and its modification time
	// set back (cp -p, rsync -a, touch -r) has another ctime, which no user
	// can set, and mostly another inode. Zero where the OS reports neither.
	Inode      uint64 `json:"inode,omitempty"`
	ChangeTime int64  `json:"changeTime,omitempty"`
}

// FileFacts is one file's complete contribution to the graph; the indexer
// builds it and a store replaces a file's previous facts with it atomically.
type FileFacts struct {
	File     File      `json:"file"`
	Symbols  []Symbol  `json:"symbols"`
	Calls    []Call    `json:"calls"`
	Literals []Literal `json:"literals,omitempty"`
}

// SearchHit is one full-text match for the keyword stage.
type SearchHit struct {
	Kind     string          `json:"kind"` // "symbol" or "literal"
	Path     string          `json:"path"`
	SymbolID string          `json:"symbolId,omitempty"` // the symbol, or the symbol enclosing the literal
	Text     string          `json:"text"`
	Span     treesitter.Span `json:"span"`
	Score    float64         `json:"score"` // higher is better (negated bm25)
}

// Literal is a string literal kept for the keyword stage (dynamic dispatch
// often names a method only in a string).
type Literal struct {
	Path     string          `json:"path"`
	SymbolID string          `json:"symbolId,omitempty"`
	Text     string          `json:"text"`
	Span     treesitter.Span `json:"span"`
}

// Resolution says how a call edge was established.
type Resolution string

const (
	// ResolvedAST: through scope, this/self, an import, a receiver's declared
	// or injected type, or a Go package qualifier. Precise.
	ResolvedAST Resolution = "ast"
	// ResolvedName: the receiver could not be resolved and the name is unique
	// among the workspace's callables. Shown, but flagged.
	ResolvedName Resolution = "name"
	// ResolvedEvent: the caller publishes an event (or topic, signal,
	// message pattern) that the target subscribes to. Edge.Event names it.
	ResolvedEvent Resolution = "event"
	// ResolvedRegistration: the caller registers the target by value with a
	// router, bus, scheduler or signal; Edge.Via names the registering call.
	ResolvedRegistration Resolution = "registration"
	// ResolvedImplicit: not a caller but a summary of the calls that send a
	// signal without naming it (a Django model's save() sends post_save);
	// Edge.Implicit lists them. Possible, not precise.
	ResolvedImplicit Resolution = "implicit"
)

// ViaStoredField starts the Via of a call through a field that holds one
// of several functions (s.onDone() with s.onDone = a or b).
const ViaStoredField = "field "

// ViaOutsideProject starts the Via of a name-resolved edge whose caller's
// file no tsconfig includes (its "exclude" leaves it out) and reaches the
// target only through that config's path aliases, which tsserver does not
// apply to it; the config's path follows.
const ViaOutsideProject = "outside project "

// ViaUnmappedImport starts the Via of a name-resolved edge whose caller
// imports the target's module through a specifier that the tsconfig's or
// jsconfig's "paths" map to no file, matched instead by its last segments
// (as a bundler reading baseUrl alone does); the specifier follows.
const ViaUnmappedImport = "unmapped import "

// EditorUnresolved reports whether a name-resolved edge's Via says the
// link is resolved, but not by the editor's TypeScript server: a file no
// tsconfig includes, or an import its paths map to no file.
func EditorUnresolved(via string) bool {
	return strings.HasPrefix(via, ViaOutsideProject) || strings.HasPrefix(via, ViaUnmappedImport)
}

// Edge is one caller (incoming) or callee (outgoing) with its call sites.
type Edge struct {
	Symbol     Symbol            `json:"symbol"`
	Sites      []treesitter.Span `json:"sites"`
	Resolution Resolution        `json:"resolution"`
	// Via names the interface or base-class method the call was written
	// against, when the edge exists through dynamic dispatch. On a
	// ResolvedName edge it says what the name match went through, when
	// something is known: a pytest fixture ("pytest fixture db") or a field
	// holding one of several functions (ViaStoredField + "onDone").
	Via string `json:"via,omitempty"`
	// Event is the event name or topic linking publisher and subscriber,
	// for ResolvedEvent edges.
	Event string `json:"event,omitempty"`
	// Implicit is set on a ResolvedImplicit edge: its Symbol stands for the
	// line that subscribes the target (a @receiver decorator, a connect
	// call), not for a caller.
	Implicit *ImplicitSends `json:"implicit,omitempty"`
	// Ref is set when every site of the edge uses the function as a value
	// (passes, stores, returns or binds it) rather than calling it: the
	// name of the function passed. Precise servers count such a site as a
	// caller, and the call hierarchy says "passes NAME as a value".
	Ref string `json:"ref,omitempty"`
	// RefWritten is set with Ref when every site writes a function over
	// the method (t.pull = async () => [], s.find = jest.fn(): a test's
	// double), which tsserver lists as it does a reference: the call
	// hierarchy says "writes a function over NAME".
	RefWritten bool `json:"refWritten,omitempty"`
	// Access is set when every site of the edge reads or writes the
	// target, a getter or setter, rather than calling it: "reads",
	// "writes" or "reads and writes" (treesitter.AccessReadPrefix).
	Access string `json:"access,omitempty"`
	// AlsoRegistered names the registrar (setInterval, addEventListener)
	// of a site where the caller also registers the target by value, when
	// the edge is something else (the caller calls it directly too): one
	// item holds both, and its detail says so, so that the registration is
	// not shown as a precise call.
	AlsoRegistered string `json:"alsoRegistered,omitempty"`
}

// SymbolLess orders symbols by location: path, then start offset, then ID.
func SymbolLess(a, b Symbol) bool {
	if a.Path != b.Path {
		return a.Path < b.Path
	}
	if a.Span.StartByte != b.Span.StartByte {
		return a.Span.StartByte < b.Span.StartByte
	}
	return a.ID < b.ID
}

// Package graph holds the code graph: the Store interface that every backend
// implements, the indexer that writes tree-sitter facts into a store, and the
// resolver that turns call sites into caller edges.
package graph

import (
	"context"
	"errors"

	"github.com/callcascade/callcascade/treesitter"
)

// ErrNotFound is returned by lookups of a single thing that is not stored.
var ErrNotFound = errors.New("graph: not found")

// Backend error classes. A store wraps its backend's errors in one of these
// so the engine can decide, without knowing the backend, what trips a
// breaker and what the user must fix.
var (
	// ErrUnavailable: the backend could not answer (refused or dropped
	// connection, server error, a timeout inside the driver). Counts against
	// the repository's breaker.
	ErrUnavailable = errors.New("graph: backend unavailable")
	// ErrUnauthorized: the backend rejected the credentials. A configuration
	// problem for the user, never a breaker failure.
	ErrUnauthorized = errors.New("graph: backend rejected the credentials")
	// ErrIndexMissing: the backend is up but holds no index for this
	// repository (never indexed, or indexed under another repository id).
	ErrIndexMissing = errors.New("graph: no index for this repository")
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

// Store is a code graph backend. Implementations must be safe for concurrent
// use and must honour ctx deadlines.
type Store interface {
	// Files lists every indexed file (without imports, fields or locals).
	Files(ctx context.Context) ([]File, error)
	// File returns one file with its imports, fields, locals and constants.
	File(ctx context.Context, path string) (File, error)
	// ReplaceFiles atomically replaces everything known about each file in
	// the batch (one transaction for the whole batch).
	ReplaceFiles(ctx context.Context, batch []FileFacts) error
	// DeleteFile forgets a file. Deleting an unknown file is not an error.
	DeleteFile(ctx context.Context, path string) error

	Symbol(ctx context.Context, id string) (Symbol, error)
	SymbolsByName(ctx context.Context, name string) ([]Symbol, error)
	SymbolsInFile(ctx context.Context, path string) ([]Symbol, error)
	// CallsByCallee returns every call site whose callee name is name.
	CallsByCallee(ctx context.Context, name string) ([]Call, error)
	// CallsFrom returns the call sites inside the symbol (not its nested symbols).
	CallsFrom(ctx context.Context, symbolID string) ([]Call, error)
	// Search ranks symbols and literals against the words of query with BM25.
	Search(ctx context.Context, query string, limit int) ([]SearchHit, error)

	Close() error
}

// Snapshotter is a Store that can serve one request's reads from memory,
// checked against what was written once, when the request starts.
// Resolver uses it when the store offers it.
type Snapshotter interface {
	Snapshot(ctx context.Context) (Store, error)
	// Warm loads what snapshots serve ahead of the first requests.
	Warm(ctx context.Context) error
}

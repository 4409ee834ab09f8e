// Package graph is the cascade's graph stage: the Store interface that every
// backend implements (embedded/, neo4j/), the errors a backend classifies its
// faults into, and the stage's adapter. Beneath it, index/ writes tree-sitter
// facts into a store and resolve/ turns stored call sites into caller edges.
package graph

import (
	"context"
	"errors"

	"github.com/callcascade/callcascade/cascade/fact"
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

// Store is a code graph backend. Implementations must be safe for concurrent
// use and must honour ctx deadlines.
type Store interface {
	// Files lists every indexed file (without imports, fields or locals).
	Files(ctx context.Context) ([]fact.File, error)
	// File returns one file with its imports, fields, locals and constants.
	File(ctx context.Context, path string) (fact.File, error)
	// ReplaceFiles atomically replaces everything known about each file in
	// the batch (one transaction for the whole batch).
	ReplaceFiles(ctx context.Context, batch []fact.FileFacts) error
	// DeleteFile forgets a file. Deleting an unknown file is not an error.
	DeleteFile(ctx context.Context, path string) error

	Symbol(ctx context.Context, id string) (fact.Symbol, error)
	SymbolsByName(ctx context.Context, name string) ([]fact.Symbol, error)
	SymbolsInFile(ctx context.Context, path string) ([]fact.Symbol, error)
	// CallsByCallee returns every call site whose callee name is name.
	CallsByCallee(ctx context.Context, name string) ([]fact.Call, error)
	// CallsFrom returns the call sites inside the symbol (not its nested symbols).
	CallsFrom(ctx context.Context, symbolID string) ([]fact.Call, error)
	// Search ranks symbols and literals against the words of query with BM25.
	Search(ctx context.Context, query string, limit int) ([]fact.SearchHit, error)
	// SearchLiterals finds the string literals that hold every word of
	// name and more than minShare of whose words are its (fact.NameShare),
	// best first.
	SearchLiterals(ctx context.Context, name string, minShare float64, limit int) ([]fact.SearchHit, error)

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

// Generational is a snapshot that names the generation of the store it
// reads: a number that every write changes. Whatever a reader derives from
// a store (the resolver's file list, say) is kept for one generation, so
// there is one answer to "is this stale?" for every reader: the snapshot's.
type Generational interface {
	Generation() int64
}

// CallCounter is a store that counts the call sites of every callee name
// in one read: the resolver's warm-up resolves ahead of time the sites of
// the names called most, whose callers would take longest on request.
type CallCounter interface {
	// CalleeCounts maps each callee name called at least min times to its
	// number of call sites.
	CalleeCounts(ctx context.Context, min int) (map[string]int, error)
}

package treesitter

// Extract parses through tree-sitter's C API directly rather than through
// go-tree-sitter's Parser and Tree: the bindings copy the source into C
// memory, start a goroutine per parse to watch a cancellable context, and
// wrap the tree in Go objects with finalizers and a node cache, none of
// which extraction needs, since it copies the tree into Go memory at once
// (tree.go). Here the parse reads the Go slice in place (it does not keep
// it), a cancelled context sets the parser's cancellation flag through
// context.AfterFunc, and the tree is deleted as soon as it is flattened.
// Measured on medusa's packages/core, parse and flatten took 1–10% less CPU
// than through the bindings with a cancellable context, as the indexer's is
// (docs/PERFORMANCE.md, session 8).

/*
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct TSTree TSTree;
typedef struct TSParser TSParser;
typedef struct TSLanguage TSLanguage;

extern TSParser *ts_parser_new(void);
extern void ts_parser_delete(TSParser *);
extern bool ts_parser_set_language(TSParser *, const TSLanguage *);
extern void ts_parser_set_cancellation_flag(TSParser *, const size_t *);
extern void ts_parser_reset(TSParser *);
extern TSTree *ts_parser_parse_string(TSParser *, const TSTree *, const char *, uint32_t);
extern void ts_tree_delete(TSTree *);
extern uint32_t ts_language_symbol_count(const TSLanguage *);

#if defined(__GLIBC__)
#include <malloc.h>
#endif

// cc_limit_arenas caps glibc's malloc arenas at n (see limitArenas).
static void cc_limit_arenas(int n) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
	mallopt(M_ARENA_MAX, n);
#endif
}

// cc_parser_new is a parser for lang, NULL if tree-sitter refuses it.
static TSParser *cc_parser_new(const TSLanguage *lang) {
	TSParser *p = ts_parser_new();
	if (!ts_parser_set_language(p, lang)) {
		ts_parser_delete(p);
		return NULL;
	}
	return p;
}

// cc_parse parses src with p, watching *cancel (NULL for none). It returns
// NULL when the parse was cancelled, and then resets p: a cancelled parse
// would otherwise be resumed by p's next one. A parse that ends resets p
// itself, so p is as new for the next file either way.
static TSTree *cc_parse(TSParser *p, const char *src, uint32_t len, const size_t *cancel) {
	ts_parser_set_cancellation_flag(p, cancel);
	TSTree *t = ts_parser_parse_string(p, NULL, src, len);
	ts_parser_set_cancellation_flag(p, NULL);
	if (t == NULL) ts_parser_reset(p);
	return t;
}
*/
import "C"

import (
	"context"
	"errors"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

func init() { limitArenas() }

// limitArenas caps glibc's malloc arenas, which hold the parses' trees, at
// one per CPU. By default glibc gives each new thread an arena, up to eight
// per CPU, and the Go runtime runs cgo calls on whichever of its threads
// holds a P: a cold index of medusa spread its trees over a dozen arenas,
// each keeping the memory its largest tree left free. With one per CPU
// the peak RSS of a cold index was about 7 MB lower (docs/PERFORMANCE.md,
// session 22), with no wait for an arena's lock in the profiles. A limit
// set in the environment (MALLOC_ARENA_MAX, GLIBC_TUNABLES) is kept.
func limitArenas() {
	if os.Getenv("MALLOC_ARENA_MAX") != "" || strings.Contains(os.Getenv("GLIBC_TUNABLES"), "arena_max") {
		return
	}
	C.cc_limit_arenas(C.int(max(2, runtime.NumCPU())))
}

// parserPool keeps a grammar's idle parsers: making and deleting a parser
// for every file cost about 5 % of the parse (ts_parser_delete alone was
// 0.07 of 1.52 CPU-s of parsing medusa's packages/core). A parser holds
// little between parses (a small stack and a pool of at most 32 subtrees;
// ts_parser_parse resets it when it ends), and the pool keeps at most
// maxIdleParsers of them; a parser taken is used by one goroutine at a time.
type parserPool struct {
	mu   sync.Mutex
	idle []*C.TSParser
}

// maxIdleParsers bounds a grammar's idle parsers: the indexer parses with
// a worker per core, so up to 16 cores reuse every parser; past that, the
// extra parsers are deleted when they come back.
const maxIdleParsers = 16

func (p *parserPool) get(lang *C.TSLanguage) *C.TSParser {
	p.mu.Lock()
	if n := len(p.idle); n > 0 {
		parser := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return parser
	}
	p.mu.Unlock()
	return C.cc_parser_new(lang)
}

func (p *parserPool) put(parser *C.TSParser) {
	p.mu.Lock()
	if len(p.idle) < maxIdleParsers {
		p.idle = append(p.idle, parser)
		parser = nil
	}
	p.mu.Unlock()
	if parser != nil {
		C.ts_parser_delete(parser)
	}
}

// errParseFailed is a parse that returned no tree with its context live:
// tree-sitter refused the language (a version mismatch), which the tests
// would show at once.
var errParseFailed = errors.New("tree-sitter returned no tree")

// errLanguageLayout is returned if go-tree-sitter's Language no longer is
// one pointer to the C language, which cLanguage reads out of it.
var errLanguageLayout = errors.New("treesitter: go-tree-sitter's Language layout is not the one this package was written for")

// cLanguage is the C TSLanguage behind lang: sitter.Language is
// {ptr unsafe.Pointer} in the version go.mod pins. The symbol count read
// through the pointer must agree with the bindings' own.
func cLanguage(lang *sitter.Language) (unsafe.Pointer, error) {
	if unsafe.Sizeof(sitter.Language{}) != unsafe.Sizeof(unsafe.Pointer(nil)) {
		return nil, errLanguageLayout
	}
	ptr := *(*unsafe.Pointer)(unsafe.Pointer(lang))
	if ptr == nil || uint32(C.ts_language_symbol_count((*C.TSLanguage)(ptr))) != lang.SymbolCount() {
		return nil, errLanguageLayout
	}
	return ptr, nil
}

// cTree is a tree parsed by parseC; delete it when done.
type cTree struct{ t *C.TSTree }

func (t cTree) delete() { C.ts_tree_delete(t.t) }

// ptr is the tree for tree.go's C code.
func (t cTree) ptr() unsafe.Pointer { return unsafe.Pointer(t.t) }

// emptySource stands in for an empty file, so the parser never gets nil.
var emptySource = []byte{0}

// parseC parses src as g's language. It fails only when ctx ends during
// the parse (with ctx's error) or tree-sitter rejects the language.
func parseC(ctx context.Context, g *grammar, src []byte) (cTree, error) {
	text := src
	if len(text) == 0 {
		text = emptySource
	}
	cs := (*C.char)(unsafe.Pointer(unsafe.SliceData(text)))
	n := C.uint32_t(len(src))
	var t *C.TSTree
	err := parseWith(ctx, g, func(parser *C.TSParser, cancel *C.size_t) bool {
		t = C.cc_parse(parser, cs, n, cancel)
		return t != nil
	})
	if err != nil {
		return cTree{}, err
	}
	return cTree{t}, nil
}

// parseWith calls parse with one of g's parsers and the cancellation flag
// for it to watch (nil when ctx is never cancelled); parse reports whether
// tree-sitter returned a tree, and leaves the parser as cc_parse does. It
// fails only when ctx ends during the parse (with ctx's error) or
// tree-sitter rejects the language.
func parseWith(ctx context.Context, g *grammar, parse func(parser *C.TSParser, cancel *C.size_t) bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	parser := g.parsers.get((*C.TSLanguage)(g.cLang))
	if parser == nil {
		return errParseFailed
	}
	defer g.parsers.put(parser)
	if ctx.Done() == nil { // never cancelled: no flag to watch
		if parse(parser, nil) {
			return nil
		}
		return errParseFailed
	}

	// The parser keeps a pointer to the flag, so it lives in C memory. The
	// callback may run at any time, even after the parse: done, under mu,
	// keeps it from writing to the flag once it is freed.
	flag := (*C.size_t)(C.calloc(1, C.size_t(unsafe.Sizeof(C.size_t(0)))))
	var (
		mu   sync.Mutex
		done bool
	)
	stop := context.AfterFunc(ctx, func() {
		mu.Lock()
		if !done {
			atomic.StoreUintptr((*uintptr)(unsafe.Pointer(flag)), 1)
		}
		mu.Unlock()
	})
	ok := parse(parser, flag)
	stop()
	mu.Lock()
	done = true
	mu.Unlock()
	C.free(unsafe.Pointer(flag))
	if !ok {
		if err := ctx.Err(); err != nil {
			return err
		}
		return errParseFailed
	}
	return nil
}

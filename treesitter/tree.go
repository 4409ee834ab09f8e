package treesitter

// Extraction reads many nodes, and every *sitter.Node method is a cgo call
// (plus an insert into the tree's node cache); Parent() even walks down from
// the root. So the parsed tree is copied once into Go memory instead: one C
// call walks it with a tree cursor and writes each visible node's type, byte
// range, field and links to its parent and siblings into a flat array, and
// the extraction then runs in pure Go on that array. The walk costs about a
// sixth of the parse; the query cursor it replaces cost a third, plus a cgo
// call per captured node and per accessor.
//
// The C code calls tree-sitter's public C API, which go-tree-sitter compiles
// into the binary; the declarations below mirror tree_sitter/api.h of the
// tree-sitter version that go.mod pins.

/*
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct TSTree TSTree;
typedef struct TSNode {
	uint32_t context[4];
	const void *id;
	const TSTree *tree;
} TSNode;
typedef struct TSTreeCursor {
	const void *tree;
	const void *id;
	uint32_t context[3];
} TSTreeCursor;

extern TSTreeCursor ts_tree_cursor_new(TSNode);
extern void ts_tree_cursor_delete(TSTreeCursor *);
extern bool ts_tree_cursor_goto_first_child(TSTreeCursor *);
extern bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *);
extern bool ts_tree_cursor_goto_parent(TSTreeCursor *);
extern TSNode ts_tree_cursor_current_node(const TSTreeCursor *);
extern uint16_t ts_tree_cursor_current_field_id(const TSTreeCursor *);
extern uint16_t ts_node_symbol(TSNode);
extern uint32_t ts_node_start_byte(TSNode);
extern uint32_t ts_node_end_byte(TSNode);
extern bool ts_node_has_error(TSNode);
extern uint32_t ts_node_child_count(TSNode);
extern TSNode ts_tree_root_node(const TSTree *);

// cc_node is one visible node, laid out as Go's node type; links are
// indexes into the array, -1 for none.
typedef struct {
	uint32_t start, end;
	int32_t parent, next, prev, first, last, self;
	uint16_t symbol, field;
	uint8_t named, grammar;
} cc_node;

// cc_grammar is what the walk needs to know of a grammar: which symbols are
// named, and the grammar's index in Go's registry.
typedef struct {
	const uint8_t *named;
	uint32_t symbol_count;
	uint8_t index;
} cc_grammar;

// cc_place writes one visible node to out[i] and links it under parent:
// both walks emit through it.
static inline void cc_place(const cc_grammar *g, cc_node *out, int64_t i, int32_t parent,
		uint32_t start, uint32_t end, uint16_t symbol, uint16_t field) {
	cc_node *o = &out[i];
	o->start = start;
	o->end = end;
	o->symbol = symbol;
	o->field = field;
	// Nodes carry public symbols, which share their name and kind with
	// every symbol they stand for, aliases included; ERROR nodes are named.
	o->named = o->symbol < g->symbol_count ? g->named[o->symbol] : o->symbol == 65535;
	o->grammar = g->index;
	o->self = (int32_t)i;
	o->parent = parent;
	o->next = o->prev = o->first = o->last = -1;
	if (parent >= 0) {
		cc_node *p = &out[parent];
		if (p->last >= 0) {
			out[p->last].next = (int32_t)i;
			o->prev = p->last;
		} else {
			p->first = (int32_t)i;
		}
		p->last = (int32_t)i;
	}
}

// cc_emit writes the cursor's node to out[i] and reports whether it has
// visible children (its parse-time count of them, aliases included).
static bool cc_emit(const TSTreeCursor *c, const cc_grammar *g, cc_node *out, int64_t i, int32_t parent) {
	TSNode n = ts_tree_cursor_current_node(c);
	cc_place(g, out, i, parent, ts_node_start_byte(n), ts_node_end_byte(n), ts_node_symbol(n), ts_tree_cursor_current_field_id(c));
	return ts_node_child_count(n) > 0;
}

// cc_flatten writes root and its visible descendants to out in pre-order
// and returns how many there are. When that is more than cap, only the
// first cap are written: call again with a larger array.
//
// A node with no visible children is not asked for its first child: two
// thirds of the visible nodes are leaves, and the cursor would only find
// none, after a call and a look at any hidden children. When the array is
// full (counting only), every node is asked, which gives the same answer.
static int64_t cc_flatten(TSNode root, cc_grammar g, cc_node *out, int64_t cap) {
	TSTreeCursor c = ts_tree_cursor_new(root);
	int64_t n = 0;
	int32_t cur = 0;
	bool parent_of_some = true;
	if (cap > 0) parent_of_some = cc_emit(&c, &g, out, 0, -1);
	n = 1;
	for (;;) {
		if (parent_of_some && ts_tree_cursor_goto_first_child(&c)) {
			parent_of_some = true;
			if (n < cap) {
				parent_of_some = cc_emit(&c, &g, out, n, cur);
				cur = (int32_t)n;
			}
			n++;
			continue;
		}
		for (;;) {
			if (ts_tree_cursor_goto_next_sibling(&c)) {
				parent_of_some = true;
				if (n < cap) {
					parent_of_some = cc_emit(&c, &g, out, n, out[cur].parent);
					cur = (int32_t)n;
				}
				n++;
				break;
			}
			if (!ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				return n;
			}
			if (n < cap) cur = out[cur].parent;
		}
	}
}

// ---- The direct walk: cc_flatten_direct (walkcheck.go says why) ----
//
// These mirror tree-sitter's internal layouts (subtree.h, length.h) and
// its grammar ABI (parser.h, language version 14) in the version go.mod
// pins; a grammar uses this walk only once directWalkAgrees
// (walkcheck.go) has seen it write what cc_flatten writes.

typedef struct { uint32_t bytes, row, column; } cc_length;

typedef struct {
	bool is_inline : 1;
	bool visible : 1;
	bool named : 1;
	bool extra : 1;
	bool has_changes : 1;
	bool is_missing : 1;
	bool is_keyword : 1;
	uint8_t symbol;
	uint16_t parse_state;
	uint8_t padding_columns;
	uint8_t padding_rows : 4;
	uint8_t lookahead_bytes : 4;
	uint8_t padding_bytes;
	uint8_t size_bytes;
} cc_inline;

typedef struct {
	volatile uint32_t ref_count;
	cc_length padding;
	cc_length size;
	uint32_t lookahead_bytes;
	uint32_t error_cost;
	uint32_t child_count;
	uint16_t symbol;
	uint16_t parse_state;
	bool visible : 1;
	bool named : 1;
	bool extra : 1;
	bool fragile_left : 1;
	bool fragile_right : 1;
	bool has_changes : 1;
	bool has_external_tokens : 1;
	bool has_external_scanner_state_change : 1;
	bool depends_on_column : 1;
	bool is_missing : 1;
	bool is_keyword : 1;
	union {
		struct {
			uint32_t visible_child_count;
			uint32_t named_child_count;
			uint32_t visible_descendant_count;
			int32_t dynamic_precedence;
			uint16_t repeat_depth;
			uint16_t production_id;
			struct { uint16_t symbol, parse_state; } first_leaf;
		};
		struct { union { char *long_data; char short_data[24]; }; uint32_t length; } external_scanner_state;
		int32_t lookahead_char;
	};
} cc_heap;

typedef union { cc_inline data; const cc_heap *ptr; } cc_subtree;

typedef struct { uint16_t field_id; uint8_t child_index; bool inherited; } cc_field_entry;
typedef struct { uint16_t index, length; } cc_field_slice;

// cc_language is the head of parser.h's TSLanguage, up to the tables the
// walk reads.
typedef struct {
	uint32_t version, symbol_count, alias_count, token_count, external_token_count,
		state_count, large_state_count, production_id_count, field_count;
	uint16_t max_alias_sequence_length;
	const uint16_t *parse_table, *small_parse_table;
	const uint32_t *small_parse_table_map;
	const void *parse_actions;
	const char *const *symbol_names, *const *field_names;
	const cc_field_slice *field_map_slices;
	const cc_field_entry *field_map_entries;
	const void *symbol_metadata;
	const uint16_t *public_symbol_map, *alias_map, *alias_sequences;
} cc_language;

static inline uint32_t cc_child_count(cc_subtree t) { return t.data.is_inline ? 0 : t.ptr->child_count; }
static inline bool cc_visible(cc_subtree t) { return t.data.is_inline ? t.data.visible : t.ptr->visible; }
static inline bool cc_extra(cc_subtree t) { return t.data.is_inline ? t.data.extra : t.ptr->extra; }
static inline uint16_t cc_symbol(cc_subtree t) { return t.data.is_inline ? t.data.symbol : t.ptr->symbol; }
static inline uint32_t cc_padding(cc_subtree t) { return t.data.is_inline ? t.data.padding_bytes : t.ptr->padding.bytes; }
static inline uint32_t cc_size(cc_subtree t) { return t.data.is_inline ? t.data.size_bytes : t.ptr->size.bytes; }
static inline uint32_t cc_visible_children(cc_subtree t) { return t.data.is_inline || t.ptr->child_count == 0 ? 0 : t.ptr->visible_child_count; }
static inline const cc_subtree *cc_children(cc_subtree t) { return (const cc_subtree *)t.ptr - t.ptr->child_count; }

// cc_frame is a node whose children the walk is going through.
typedef struct {
	cc_subtree tree;
	uint32_t child, structural; // the next child, and its index among the non-extra ones
	uint32_t position;          // where the next child starts
	int32_t visible_parent;     // the nearest visible node at or above this one, in out
	uint16_t inherited_field;   // for a hidden node: the field its children fill when their own parent names none
	const uint16_t *aliases;    // the production's alias sequence, NULL for none
	const cc_field_entry *fields, *fields_end;
} cc_frame;

// cc_field is the field of the child at structural index i of a node
// with the production's field map, as ts_tree_cursor_current_field_id
// finds it, or 0.
static inline uint16_t cc_field(const cc_frame *f, uint32_t i) {
	for (const cc_field_entry *e = f->fields; e < f->fields_end; e++) {
		if (!e->inherited && e->child_index == i) return e->field_id;
	}
	return 0;
}

static void cc_open(const cc_language *lang, cc_frame *f, cc_subtree t, uint32_t position, int32_t visible_parent, uint16_t inherited_field) {
	f->tree = t;
	f->child = f->structural = 0;
	f->position = position;
	f->visible_parent = visible_parent;
	f->inherited_field = inherited_field;
	uint16_t production = t.ptr->production_id;
	f->aliases = production ? &lang->alias_sequences[production * lang->max_alias_sequence_length] : NULL;
	f->fields = f->fields_end = NULL;
	if (lang->field_count > 0) {
		cc_field_slice slice = lang->field_map_slices[production];
		f->fields = &lang->field_map_entries[slice.index];
		f->fields_end = f->fields + slice.length;
	}
}

static inline void cc_put(const cc_language *lang, const cc_grammar *g, cc_node *out, int64_t i, int32_t parent,
		uint32_t start, cc_subtree t, uint16_t alias, uint16_t field) {
	uint16_t symbol = alias ? alias : cc_symbol(t);
	if (symbol != 65535) symbol = lang->public_symbol_map[symbol];
	cc_place(g, out, i, parent, start, start + cc_size(t), symbol, field);
}

extern uint32_t ts_language_version(const void *);
extern uint32_t ts_language_symbol_count(const void *);
extern uint32_t ts_language_field_count(const void *);

// cc_language_head_ok reports whether lang's head reads as cc_language
// says: the ABI version it mirrors, and the counts the public API gives.
// cc_inline is the layout of a little-endian 64-bit machine only.
static bool cc_language_head_ok(const void *lang) {
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__ || UINTPTR_MAX != 0xffffffffffffffffu
	return false;
#endif
	const cc_language *l = lang;
	return l->version == 14 && ts_language_version(lang) == 14 &&
		l->symbol_count + l->alias_count == ts_language_symbol_count(lang) &&
		l->field_count == ts_language_field_count(lang);
}

// cc_local_frames is how deep the walk goes on the C stack before it
// moves its stack to the heap: deeper than nearly any file's tree. A
// malloc of that size for every file would also make glibc consolidate
// the small chunks the parse just freed, every time.
#define cc_local_frames 256

// cc_flatten_direct is cc_flatten reading the subtrees themselves instead
// of going through a TSTreeCursor. It returns -1 if it could not allocate
// its stack.
static int64_t cc_flatten_direct(TSNode root, const cc_language *lang, cc_grammar g, cc_node *out, int64_t cap) {
	cc_subtree top = *(const cc_subtree *)root.id;
	int64_t n = 0;
	if (cap > 0) cc_put(lang, &g, out, 0, -1, root.context[0], top, (uint16_t)root.context[3], 0);
	n = 1;
	if (cc_visible_children(top) == 0) return n;
	cc_frame local[cc_local_frames];
	cc_frame *stack = local;
	uint32_t depth = 0, room = cc_local_frames;
	cc_open(lang, &stack[0], top, root.context[0], 0, 0);
	for (;;) {
		cc_frame *f = &stack[depth];
		if (f->child == f->tree.ptr->child_count) {
			if (depth == 0) break;
			depth--;
			continue;
		}
		const cc_subtree *children = cc_children(f->tree);
		cc_subtree t = children[f->child];
		uint32_t start = f->position;
		bool extra = cc_extra(t);
		uint16_t alias = 0, field = 0;
		if (!extra) {
			if (f->aliases) alias = f->aliases[f->structural];
			field = cc_field(f, f->structural);
			if (field == 0) field = f->inherited_field;
			f->structural++;
		}
		f->child++;
		f->position += cc_size(t);
		if (f->child < f->tree.ptr->child_count) f->position += cc_padding(children[f->child]);

		bool visible = cc_visible(t) || alias != 0;
		int32_t parent = f->visible_parent;
		if (visible) {
			if (n < cap) cc_put(lang, &g, out, n, parent, start, t, alias, field);
			parent = (int32_t)n;
			n++;
		}
		if (cc_visible_children(t) == 0) continue;
		if (++depth == room) {
			cc_frame *grown = malloc(2 * room * sizeof(cc_frame));
			if (grown == NULL) {
				if (stack != local) free(stack);
				return -1;
			}
			memcpy(grown, stack, room * sizeof(cc_frame));
			if (stack != local) free(stack);
			stack = grown;
			room *= 2;
		}
		cc_open(lang, &stack[depth], t, start, parent, visible || extra ? 0 : field);
	}
	if (stack != local) free(stack);
	return n;
}

extern uint32_t ts_node_descendant_count(TSNode);

// cc_flatten_sized flattens root into out with the direct walk when direct
// is set (the cursor's if that fails), else with cc_flatten, and returns
// the count as they do. With sized, when out cannot hold the nodes, which
// the root's count of its visible descendants tells without a walk, it
// returns that count at once, so that the caller sizes its array and calls
// again (a walk that finds more nodes than cap still writes cap and
// counts the rest).
static int64_t cc_flatten_sized(TSNode root, const cc_language *lang, cc_grammar g, cc_node *out, int64_t cap, bool direct, bool sized) {
	if (sized) {
		int64_t need = (int64_t)ts_node_descendant_count(root);
		if (need > cap) return need;
	}
	if (direct) {
		int64_t n = cc_flatten_direct(root, lang, g, out, cap);
		if (n >= 0) return n;
		// Out of C memory for its stack: the cursor's walk, which
		// needs less, may still get through.
	}
	return cc_flatten(root, g, out, cap);
}

typedef struct TSParser TSParser;
extern void ts_parser_set_cancellation_flag(TSParser *, const size_t *);
extern void ts_parser_reset(TSParser *);
extern TSTree *ts_parser_parse_string(TSParser *, const TSTree *, const char *, uint32_t);
extern void ts_tree_delete(TSTree *);

// cc_parsed is what cc_parse_flat did with a file.
typedef struct {
	TSTree *tree;      // set when out could not hold the nodes: flatten it into a larger array, then delete it
	int64_t count;     // the nodes written to out (when tree is set: the nodes there are); -1: the parse returned no tree
	bool has_error;    // whether the tree has syntax errors
} cc_parsed;

// cc_parse_flat parses src with p as cc_parse (parse.go) does, then
// flattens the tree into out as cc_flatten_sized does and deletes it:
// Extract's way through C in one call, where it took seven (the parse,
// the cancellation flag's calloc and free, the root, the flatten, the
// error flag, the delete), each a cgo call for the scheduler to watch.
static cc_parsed cc_parse_flat(TSParser *p, const char *src, uint32_t len, const size_t *cancel,
		const cc_language *lang, cc_grammar g, cc_node *out, int64_t cap, bool direct) {
	cc_parsed r = {NULL, -1, false};
	ts_parser_set_cancellation_flag(p, cancel);
	TSTree *t = ts_parser_parse_string(p, NULL, src, len);
	ts_parser_set_cancellation_flag(p, NULL);
	if (t == NULL) {
		ts_parser_reset(p);
		return r;
	}
	TSNode root = ts_tree_root_node(t);
	r.has_error = ts_node_has_error(root);
	r.count = cc_flatten_sized(root, lang, g, out, cap, direct, true);
	if (r.count > cap) {
		r.tree = t;
		return r;
	}
	ts_tree_delete(t);
	return r;
}
*/
import "C"

import (
	"context"
	"errors"
	"math"
	"slices"
	"sync"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// errorSymbol is tree-sitter's symbol for ERROR nodes (ts_builtin_sym_error).
const errorSymbol = math.MaxUint16

// errNodeLayout is returned if go-tree-sitter's Node no longer starts with
// the C node, which flatten reads out of it.
var errNodeLayout = errors.New("treesitter: go-tree-sitter's Node layout is not the one this package was written for")

// nodeLayoutOK checks that sitter.Node is {C.TSNode; *Tree}, as it is in the
// version go.mod pins; flatten also checks the node's id on every call.
var nodeLayoutOK = unsafe.Sizeof(sitter.Node{}) == unsafe.Sizeof(C.TSNode{})+unsafe.Sizeof(uintptr(0))

// names are a grammar's node type and field names, indexed by symbol and
// field id, read once so that a node's type costs no cgo call.
type names struct {
	symbols []string
	named   []uint8  // by symbol: 1 for a named node, 0 for a token like "(" or "if"
	fields  []string // fields[0] is "", no field
}

func newNames(lang *sitter.Language) *names {
	count := lang.SymbolCount()
	n := &names{symbols: make([]string, count), named: make([]uint8, count), fields: []string{""}}
	for i := range n.symbols {
		n.symbols[i] = lang.SymbolName(sitter.Symbol(i))
		if lang.SymbolType(sitter.Symbol(i)) == sitter.SymbolTypeRegular {
			n.named[i] = 1
		}
	}
	// Field ids run from 1 to the field count, which the bindings do not
	// expose; past the last one the name is NULL, read as "".
	for id := 1; id < math.MaxUint16; id++ {
		name := lang.FieldName(id)
		if name == "" {
			break
		}
		n.fields = append(n.fields, name)
	}
	return n
}

func (n *names) symbol(s uint16) string {
	if int(s) < len(n.symbols) {
		return n.symbols[s]
	}
	switch s {
	case errorSymbol:
		return "ERROR"
	case errorSymbol - 1:
		return "_ERROR"
	}
	return ""
}

// syntaxTree is a parsed file in Go memory: its visible nodes in pre-order,
// nodes[0] the root.
type syntaxTree struct {
	nodes    []node
	captures captures // the matched nodes, kept with the tree for reuse
	// Kept with the tree for reuse too, as the tree's memory is: the line
	// index of the file being extracted, and findUnrecorded's name lists.
	lines      LineIndex
	unrecorded [4][]string
	// extractor.insideSet's answers by node, for the set insideOf, and its
	// path up the tree.
	inside     []insideAnswer
	insideOf   *typeSet
	insidePath []int32
	// leaves are the indexes of the nodes findUnrecorded reads, listed by
	// extractor.run.
	leaves []int32
}

// subtreeEnd is the index that follows n's last descendant in the tree's
// pre-order: n's next sibling's, or the next sibling's of the nearest
// ancestor that has one. Below stops the climb at an ancestor whose own
// end the caller already has (the end returned for it is then len(nodes),
// past any index the caller reads); nil climbs to the root.
func (t *syntaxTree) subtreeEnd(n, below *node) int32 {
	for x := n; x != nil && x != below; x = x.Parent() {
		if x.next >= 0 {
			return x.next
		}
	}
	return int32(len(t.nodes))
}

// insideAnswer is whether a node has an ancestor in a typeSet, once known.
type insideAnswer uint8

const (
	insideUnknown insideAnswer = iota
	insideNo
	insideYes
)

// insideMemo is the tree's insideSet answers for types, cleared when the
// tree or the set is new.
func (t *syntaxTree) insideMemo(types *typeSet) []insideAnswer {
	if t.insideOf != types || len(t.inside) != len(t.nodes) {
		t.insideOf = types
		if cap(t.inside) < len(t.nodes) {
			t.inside = make([]insideAnswer, len(t.nodes))
		} else {
			t.inside = t.inside[:len(t.nodes)]
			clear(t.inside)
		}
	}
	return t.inside
}

// node is one node of a syntaxTree, written by cc_flatten: the two types
// must have the same layout (checked below, at compile time). Its methods
// mirror sitter.Node's. A node finds its neighbours by its own index in
// the tree's array, and its names by its grammar's index in the registry,
// so it holds no pointer and the C walk can write it directly. Pointers to
// nodes are only valid until the tree is released.
type node struct {
	start, end                            uint32
	parent, next, prev, first, last, self int32
	symbol, field                         uint16
	named                                 bool
	grammar                               uint8
}

// Compile-time checks that node and cc_node have the same layout: each
// index is out of range unless the two offsets are equal.
var _ = [1]struct{}{}[unsafe.Sizeof(node{})-unsafe.Sizeof(C.cc_node{})]
var _ = [1]struct{}{}[unsafe.Sizeof(C.cc_node{})-unsafe.Sizeof(node{})]
var _ = [1]struct{}{}[unsafe.Offsetof(node{}.end)-unsafe.Offsetof(C.cc_node{}.end)]
var _ = [1]struct{}{}[unsafe.Offsetof(node{}.parent)-unsafe.Offsetof(C.cc_node{}.parent)]
var _ = [1]struct{}{}[unsafe.Offsetof(node{}.next)-unsafe.Offsetof(C.cc_node{}.next)]
var _ = [1]struct{}{}[unsafe.Offsetof(node{}.prev)-unsafe.Offsetof(C.cc_node{}.prev)]
var _ = [1]struct{}{}[unsafe.Offsetof(node{}.first)-unsafe.Offsetof(C.cc_node{}.first)]
var _ = [1]struct{}{}[unsafe.Offsetof(node{}.last)-unsafe.Offsetof(C.cc_node{}.last)]
var _ = [1]struct{}{}[unsafe.Offsetof(node{}.self)-unsafe.Offsetof(C.cc_node{}.self)]
var _ = [1]struct{}{}[unsafe.Offsetof(node{}.symbol)-unsafe.Offsetof(C.cc_node{}.symbol)]
var _ = [1]struct{}{}[unsafe.Offsetof(node{}.field)-unsafe.Offsetof(C.cc_node{}.field)]
var _ = [1]struct{}{}[unsafe.Offsetof(node{}.named)-unsafe.Offsetof(C.cc_node{}.named)]
var _ = [1]struct{}{}[unsafe.Offsetof(node{}.grammar)-unsafe.Offsetof(C.cc_node{}.grammar)]

// treeFree keeps released trees, and with them the memory extraction
// reuses file after file: node arrays, line index, name lists. Unlike a
// sync.Pool, which lets go of what it holds at every other collection
// (forty times in a cold index of medusa), the list keeps its trees, so
// node arrays are not made again and again as the collector runs (42 MB
// of the cold index's allocations, and their page faults, in session 21).
// It holds at most maxIdleTrees trees, one per extraction that ran at
// once; a tree's node array is kept only up to maxKeptNodes nodes.
var treeFree struct {
	sync.Mutex
	trees []*syntaxTree
}

const (
	// maxIdleTrees matches maxIdleParsers: a worker per core, up to 16.
	maxIdleTrees = 16
	// maxKeptNodes bounds a kept node array at 2.6 MB: the few larger
	// files (over about 300 KB of source) have theirs made for them,
	// at their exact size.
	maxKeptNodes = 1 << 16
)

func getTree() *syntaxTree {
	treeFree.Lock()
	if n := len(treeFree.trees); n > 0 {
		t := treeFree.trees[n-1]
		treeFree.trees[n-1] = nil
		treeFree.trees = treeFree.trees[:n-1]
		treeFree.Unlock()
		return t
	}
	treeFree.Unlock()
	return new(syntaxTree)
}

func putTree(t *syntaxTree) {
	if cap(t.nodes) > maxKeptNodes {
		t.nodes = nil
	}
	if cap(t.inside) > maxKeptNodes {
		t.inside = nil
	}
	treeFree.Lock()
	if len(treeFree.trees) < maxIdleTrees {
		treeFree.trees = append(treeFree.trees, t)
	}
	treeFree.Unlock()
}

// flatten copies the tree under root into Go memory. Release it when done.
func flatten(root *sitter.Node, g *grammar) (*syntaxTree, error) {
	croot, err := cNode(root)
	if err != nil {
		return nil, err
	}
	return flattenNode(croot, g), nil
}

// cNode is the C node of a go-tree-sitter node.
func cNode(root *sitter.Node) (C.TSNode, error) {
	if !nodeLayoutOK {
		return C.TSNode{}, errNodeLayout
	}
	croot := *(*C.TSNode)(unsafe.Pointer(root))
	if uintptr(croot.id) != root.ID() || croot.tree == nil {
		return C.TSNode{}, errNodeLayout
	}
	return croot, nil
}

// flattenInto is walkInto for a go-tree-sitter node, for the tests.
func flattenInto(t *syntaxTree, root *sitter.Node, g *grammar, direct, sized bool) error {
	croot, err := cNode(root)
	if err != nil {
		return err
	}
	walkInto(t, croot, g, direct, sized)
	return nil
}

// parseFlat parses src as g's language and copies the tree into Go memory,
// as parseC and flattenTree do, in one call into C for most files: only
// one whose nodes outnumber the kept array's room takes a second, to
// flatten its tree into a larger array, and a third to delete it. It
// reports whether the tree has syntax errors; release the tree when done.
func parseFlat(ctx context.Context, g *grammar, src []byte) (*syntaxTree, bool, error) {
	text := src
	if len(text) == 0 {
		text = emptySource
	}
	cs := (*C.char)(unsafe.Pointer(unsafe.SliceData(text)))
	n := C.uint32_t(len(src))
	cg := cGrammar(g)
	t := getTree()
	t.nodes = t.nodes[:cap(t.nodes)]
	var r C.cc_parsed
	err := parseWith(ctx, g, func(parser *C.TSParser, cancel *C.size_t) bool {
		var out *C.cc_node
		if len(t.nodes) > 0 {
			out = (*C.cc_node)(unsafe.Pointer(&t.nodes[0]))
		}
		r = C.cc_parse_flat(parser, cs, n, cancel, (*C.cc_language)(g.cLang), cg, out, C.int64_t(len(t.nodes)), C.bool(g.directWalk))
		return r.count >= 0
	})
	if err != nil {
		t.release()
		return nil, false, err
	}
	if r.tree != nil {
		walkInto(t, C.ts_tree_root_node(r.tree), g, g.directWalk, true)
		C.ts_tree_delete(r.tree)
	} else {
		t.nodes = t.nodes[:r.count]
	}
	return t, bool(r.has_error), nil
}

// flattenTree copies a tree parsed by parseC into Go memory, and reports
// whether it has syntax errors. Release it when done; the C tree may be
// deleted at once.
func flattenTree(tree cTree, g *grammar) (*syntaxTree, bool) {
	root := C.ts_tree_root_node((*C.TSTree)(tree.ptr()))
	return flattenNode(root, g), bool(C.ts_node_has_error(root))
}

// flattenNode copies the tree under croot into a kept tree's node array,
// made larger first when the root's count of its nodes says it must be.
func flattenNode(croot C.TSNode, g *grammar) *syntaxTree {
	t := getTree()
	t.nodes = t.nodes[:cap(t.nodes)]
	walkInto(t, croot, g, g.directWalk, true)
	return t
}

// walkInto writes the tree under croot to t.nodes, with cc_flatten_direct
// when direct is set, else the cursor's cc_flatten, and grows t.nodes
// until they fit. With sized, the root's count of its visible nodes says
// beforehand whether they fit, so that a walk is not made only to count
// them; without, a walk into a short array writes the first nodes and
// counts the rest, and the walk is made again into an array of that size.
func walkInto(t *syntaxTree, croot C.TSNode, g *grammar, direct, sized bool) {
	cg := cGrammar(g)
	walk := func() int {
		var out *C.cc_node
		if len(t.nodes) > 0 {
			out = (*C.cc_node)(unsafe.Pointer(&t.nodes[0]))
		}
		return int(C.cc_flatten_sized(croot, (*C.cc_language)(g.cLang), cg, out, C.int64_t(len(t.nodes)), C.bool(direct), C.bool(sized)))
	}
	for count := walk(); ; count = walk() {
		if count <= len(t.nodes) {
			t.nodes = t.nodes[:count]
			return
		}
		size := count
		if count <= maxKeptNodes {
			// An array that will be kept grows at least twofold, so a
			// tree regrows a few times, not at each larger file.
			size = min(max(count, 2*cap(t.nodes)), maxKeptNodes)
		}
		t.nodes = make([]node, size)
	}
}

// cGrammar is what the walks need to know of g.
func cGrammar(g *grammar) C.cc_grammar {
	return C.cc_grammar{
		named:        (*C.uint8_t)(unsafe.Pointer(&g.names.named[0])),
		symbol_count: C.uint32_t(len(g.names.named)),
		index:        C.uint8_t(g.index),
	}
}

// languageHeadMirrored reports whether g's C language reads as the walk's
// mirror of TSLanguage says (see cc_language).
func languageHeadMirrored(g *grammar) bool {
	return g.cLang != nil && bool(C.cc_language_head_ok(g.cLang))
}

// flattenBothWays flattens tree with each walk, for directWalkAgrees,
// each into a new array of room nodes (a short one takes the walks
// through their count-then-grow path), and also as Extract does (sized by
// the root's count, into a kept tree's array, with the walk g.directWalk
// says), which must give what the cursor's walk gives.
func flattenBothWays(tree cTree, g *grammar, room int) (cursor, direct, extract []node) {
	root := C.ts_tree_root_node((*C.TSTree)(tree.ptr()))
	a := &syntaxTree{nodes: make([]node, room)}
	walkInto(a, root, g, false, false)
	b := &syntaxTree{nodes: make([]node, room)}
	walkInto(b, root, g, true, false)
	c := flattenNode(root, g)
	extract = slices.Clone(c.nodes)
	c.release()
	return a.nodes, b.nodes, extract
}

// release returns the tree's memory for reuse; its nodes must not be used
// afterwards.
func (t *syntaxTree) release() {
	t.nodes = t.nodes[:0]
	t.captures.reset()
	t.lines = LineIndex{lineStarts: t.lines.lineStarts[:0]} // not the source
	t.inside, t.insideOf = t.inside[:0], nil
	t.leaves = t.leaves[:0]
	for i := range t.unrecorded {
		clear(t.unrecorded[i])
		t.unrecorded[i] = t.unrecorded[i][:0]
	}
	putTree(t)
}

// lineIndex is src's line index, in the tree's reused memory: valid until
// the tree is released.
func (t *syntaxTree) lineIndex(src []byte) *LineIndex {
	t.lines.reset(src)
	return &t.lines
}

func (t *syntaxTree) root() *node {
	if len(t.nodes) == 0 {
		return nil
	}
	return &t.nodes[0]
}

// at is the node at index i of n's tree, nil for -1.
func (n *node) at(i int32) *node {
	if i < 0 {
		return nil
	}
	return (*node)(unsafe.Add(unsafe.Pointer(n), int(i-n.self)*int(unsafe.Sizeof(node{}))))
}

func (n *node) names() *names { return registry[n.grammar].names }

func (n *node) Type() string      { return n.names().symbol(n.symbol) }
func (n *node) IsNamed() bool     { return n.named }
func (n *node) StartByte() uint32 { return n.start }
func (n *node) EndByte() uint32   { return n.end }
func (n *node) Parent() *node     { return n.at(n.parent) }
func (n *node) NextSibling() *node {
	return n.at(n.next)
}
func (n *node) PrevSibling() *node { return n.at(n.prev) }
func (n *node) FirstChild() *node  { return n.at(n.first) }
func (n *node) LastChild() *node   { return n.at(n.last) }

// FieldName is the name of the field n fills in its parent, "" for none.
func (n *node) FieldName() string {
	if fields := n.names().fields; int(n.field) < len(fields) {
		return fields[n.field]
	}
	return ""
}

// ChildByFieldName is n's first child in the named field. Like
// ts_node_child_by_field_name, it finds none in an ERROR node, though its
// children may have fields from the productions they were parsed by.
func (n *node) ChildByFieldName(name string) *node {
	if n.symbol == errorSymbol {
		return nil
	}
	fields := n.names().fields // the children's grammar is n's
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.field != 0 && int(c.field) < len(fields) && fields[c.field] == name {
			return c
		}
	}
	return nil
}

// is reports whether n is a named node of the given type, as a query's
// (type) matches it: anonymous tokens such as TypeScript's "string" keyword
// do not count.
func is(n *node, typ string) bool {
	return n != nil && n.named && n.Type() == typ
}

// isAny reports whether n is a named node of one of the types.
func isAny(n *node, types ...string) bool {
	if n == nil || !n.named {
		return false
	}
	t := n.Type()
	for _, typ := range types {
		if t == typ {
			return true
		}
	}
	return false
}

// typeSet is a set of node type names that answers by a node's symbol, a
// table lookup, rather than by hashing its name: for sets tested on many
// nodes, such as every ancestor of a call.
type typeSet struct {
	names  map[string]bool
	once   sync.Once
	tables [][]bool // by grammar index, then by symbol
}

func newTypeSet(names ...string) *typeSet {
	s := &typeSet{names: map[string]bool{}}
	for _, n := range names {
		s.names[n] = true
	}
	return s
}

// has reports whether n's type is one of the set's names, named or not, as
// s.names[n.Type()] would.
func (s *typeSet) has(n *node) bool {
	s.once.Do(func() {
		s.tables = make([][]bool, len(registry))
		for i, g := range registry {
			_, names, _ := g.compiled()
			s.tables[i] = make([]bool, len(names.symbols))
			for sym, name := range names.symbols {
				s.tables[i][sym] = s.names[name]
			}
		}
	})
	if t := s.tables[n.grammar]; int(n.symbol) < len(t) {
		return t[n.symbol]
	}
	return s.names[n.Type()] // ERROR and the like, past the grammar's symbols
}

// isWildcard reports whether n matches a query's (_): a named node that is
// not an ERROR.
func isWildcard(n *node) bool {
	return n != nil && n.named && n.symbol != errorSymbol
}

// fieldChild is the first child of n in the field that satisfies match,
// as a query's `field: (pattern)` finds it.
func fieldChild(n *node, name string, match func(*node) bool) *node {
	fields := n.names().fields // the children's grammar is n's
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.field != 0 && int(c.field) < len(fields) && fields[c.field] == name && match(c) {
			return c
		}
	}
	return nil
}

// follows reports whether n is a later sibling of m.
func follows(n, m *node) bool {
	for s := m.NextSibling(); s != nil; s = s.NextSibling() {
		if s == n {
			return true
		}
	}
	return false
}

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

// cc_emit writes the cursor's node to out[i] and reports whether it has
// visible children (its parse-time count of them, aliases included).
static bool cc_emit(const TSTreeCursor *c, const cc_grammar *g, cc_node *out, int64_t i, int32_t parent) {
	TSNode n = ts_tree_cursor_current_node(c);
	cc_node *o = &out[i];
	o->start = ts_node_start_byte(n);
	o->end = ts_node_end_byte(n);
	o->symbol = ts_node_symbol(n);
	o->field = ts_tree_cursor_current_field_id(c);
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
*/
import "C"

import (
	"errors"
	"math"
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

var treePool = sync.Pool{New: func() any { return new(syntaxTree) }}

// flatten copies the tree under root into Go memory. Release it when done.
func flatten(root *sitter.Node, g *grammar, sizeHint int) (*syntaxTree, error) {
	if !nodeLayoutOK {
		return nil, errNodeLayout
	}
	croot := *(*C.TSNode)(unsafe.Pointer(root))
	if uintptr(croot.id) != root.ID() || croot.tree == nil {
		return nil, errNodeLayout
	}
	return flattenNode(croot, g, sizeHint), nil
}

// flattenTree copies a tree parsed by parseC into Go memory, and reports
// whether it has syntax errors. Release it when done; the C tree may be
// deleted at once.
func flattenTree(tree cTree, g *grammar, sizeHint int) (*syntaxTree, bool) {
	root := C.ts_tree_root_node((*C.TSTree)(tree.ptr()))
	return flattenNode(root, g, sizeHint), bool(C.ts_node_has_error(root))
}

func flattenNode(croot C.TSNode, g *grammar, sizeHint int) *syntaxTree {
	cg := C.cc_grammar{
		named:        (*C.uint8_t)(unsafe.Pointer(&g.names.named[0])),
		symbol_count: C.uint32_t(len(g.names.named)),
		index:        C.uint8_t(g.index),
	}
	t := treePool.Get().(*syntaxTree)
	if sizeHint = max(sizeHint, 1); cap(t.nodes) < sizeHint {
		t.nodes = make([]node, sizeHint)
	}
	t.nodes = t.nodes[:cap(t.nodes)]
	count := int(C.cc_flatten(croot, cg, (*C.cc_node)(unsafe.Pointer(&t.nodes[0])), C.int64_t(len(t.nodes))))
	if count > len(t.nodes) {
		t.nodes = make([]node, count+count/4)
		count = int(C.cc_flatten(croot, cg, (*C.cc_node)(unsafe.Pointer(&t.nodes[0])), C.int64_t(len(t.nodes))))
	}
	t.nodes = t.nodes[:count]
	return t
}

// release returns the tree's memory for reuse; its nodes must not be used
// afterwards.
func (t *syntaxTree) release() {
	t.nodes = t.nodes[:0]
	t.captures.reset()
	treePool.Put(t)
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

// namesByGrammar holds each compiled grammar's names at its registry
// index: Type is asked of most nodes, many times, and a fixed array indexed
// by a byte needs no bounds check and no load of the registry's slice and
// entry. Each slot is written once, in the grammar's compiled(), before any
// tree of the grammar exists.
var namesByGrammar [256]*names

func (n *node) names() *names { return namesByGrammar[n.grammar] }

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
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.field != 0 && c.FieldName() == name {
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
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.field != 0 && c.FieldName() == name && match(c) {
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

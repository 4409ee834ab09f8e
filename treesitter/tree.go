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

// cc_node is one visible node; links are indexes into the array, -1 for none.
typedef struct {
	uint32_t start, end;
	int32_t parent, next, prev, first, last;
	uint16_t symbol, field;
} cc_node;

static void cc_emit(const TSTreeCursor *c, cc_node *out, int64_t i, int32_t parent) {
	TSNode n = ts_tree_cursor_current_node(c);
	cc_node *o = &out[i];
	o->start = ts_node_start_byte(n);
	o->end = ts_node_end_byte(n);
	o->symbol = ts_node_symbol(n);
	o->field = ts_tree_cursor_current_field_id(c);
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

// cc_flatten writes root and its visible descendants to out in pre-order
// and returns how many there are. When that is more than cap, only the
// first cap are written: call again with a larger array.
static int64_t cc_flatten(TSNode root, cc_node *out, int64_t cap) {
	TSTreeCursor c = ts_tree_cursor_new(root);
	int64_t n = 0;
	int32_t cur = 0;
	if (cap > 0) cc_emit(&c, out, 0, -1);
	n = 1;
	for (;;) {
		if (ts_tree_cursor_goto_first_child(&c)) {
			if (n < cap) {
				cc_emit(&c, out, n, cur);
				cur = (int32_t)n;
			}
			n++;
			continue;
		}
		for (;;) {
			if (ts_tree_cursor_goto_next_sibling(&c)) {
				if (n < cap) {
					cc_emit(&c, out, n, out[cur].parent);
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
	named   []bool   // by symbol: a named node, not a token like "(" or "if"
	fields  []string // fields[0] is "", no field
}

func newNames(lang *sitter.Language) *names {
	count := lang.SymbolCount()
	n := &names{symbols: make([]string, count), named: make([]bool, count), fields: []string{""}}
	for i := range n.symbols {
		n.symbols[i] = lang.SymbolName(sitter.Symbol(i))
		// Nodes carry public symbols, which share their name and kind with
		// every symbol they stand for, aliases included.
		n.named[i] = lang.SymbolType(sitter.Symbol(i)) == sitter.SymbolTypeRegular
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

// isNamed reports whether nodes of symbol s are named; ERROR nodes are.
func (n *names) isNamed(s uint16) bool {
	if int(s) < len(n.named) {
		return n.named[s]
	}
	return s == errorSymbol
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
// nodes[0] the root. Node methods mirror sitter.Node's.
type syntaxTree struct {
	names *names
	nodes []node
	raw   []C.cc_node
}

// node is one node of a syntaxTree. Pointers to nodes are only valid until
// the tree is released.
type node struct {
	t                               *syntaxTree
	start, end                      uint32
	parent, next, prev, first, last int32
	symbol, field                   uint16
	named                           bool
}

var treePool = sync.Pool{New: func() any { return new(syntaxTree) }}

// flatten copies the tree under root into Go memory. Release it when done.
func flatten(root *sitter.Node, nm *names, sizeHint int) (*syntaxTree, error) {
	if !nodeLayoutOK {
		return nil, errNodeLayout
	}
	croot := *(*C.TSNode)(unsafe.Pointer(root))
	if uintptr(croot.id) != root.ID() || croot.tree == nil {
		return nil, errNodeLayout
	}
	t := treePool.Get().(*syntaxTree)
	t.names = nm
	if sizeHint = max(sizeHint, 1); cap(t.raw) < sizeHint {
		t.raw = make([]C.cc_node, sizeHint)
	}
	t.raw = t.raw[:cap(t.raw)]
	count := int(C.cc_flatten(croot, &t.raw[0], C.int64_t(len(t.raw))))
	if count > len(t.raw) {
		t.raw = make([]C.cc_node, count+count/4)
		count = int(C.cc_flatten(croot, &t.raw[0], C.int64_t(len(t.raw))))
	}
	if cap(t.nodes) < count {
		t.nodes = make([]node, count, count+count/4)
	}
	t.nodes = t.nodes[:count]
	for i := range t.nodes {
		r := &t.raw[i]
		sym := uint16(r.symbol)
		t.nodes[i] = node{
			t:      t,
			start:  uint32(r.start),
			end:    uint32(r.end),
			parent: int32(r.parent),
			next:   int32(r.next),
			prev:   int32(r.prev),
			first:  int32(r.first),
			last:   int32(r.last),
			symbol: sym,
			field:  uint16(r.field),
			named:  nm.isNamed(sym),
		}
	}
	return t, nil
}

// release returns the tree's memory for reuse; its nodes must not be used
// afterwards.
func (t *syntaxTree) release() {
	t.nodes = t.nodes[:0] // its nodes point back to t only
	t.names = nil
	treePool.Put(t)
}

func (t *syntaxTree) root() *node {
	if len(t.nodes) == 0 {
		return nil
	}
	return &t.nodes[0]
}

func (n *node) at(i int32) *node {
	if i < 0 {
		return nil
	}
	return &n.t.nodes[i]
}

func (n *node) Type() string      { return n.t.names.symbol(n.symbol) }
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
	if int(n.field) < len(n.t.names.fields) {
		return n.t.names.fields[n.field]
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

package main

// Pictures of the caller tree (callers --format tree|mermaid|dot): the
// answer N levels up, for design reviews, docs and AI assistants. A direct
// call, a framework link (an event, a registration, a signal) and a possible
// caller (a name match or a fallback) are drawn differently, so a reader
// never takes a guess for a call.

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/fact"
)

const (
	maxPictureDepth = 6
	// maxPictureNodes keeps a picture of a popular function readable and
	// its queries bounded; the picture says when it was cut.
	maxPictureNodes = 150
)

// Edge kinds, drawn differently.
const (
	edgeDirect    = "direct"    // a call the graph resolved
	edgeFramework = "framework" // an event, job, signal, route or registration
	edgePossible  = "possible"  // a name match, grep or keyword fallback: flagged
)

type pictureNode struct {
	key, label, where string
	// depth is how far from the asked symbol: 0 for it.
	depth int
}

type pictureEdge struct {
	from, to    string // node keys; from calls to
	kind, label string
}

type callerPicture struct {
	outgoing  bool
	nodes     []*pictureNode
	byKey     map[string]*pictureNode
	edges     []pictureEdge
	children  map[string][]pictureEdge // tree order: the asked side's neighbours
	roots     []string
	truncated bool
}

// buildCallerPicture asks the cascade level by level, from the answers for
// the asked symbols down to depth levels, each symbol once.
func buildCallerPicture(ctx context.Context, results []cascade.Result, depth int,
	query func(context.Context, fact.Symbol) (cascade.Result, error)) (*callerPicture, error) {
	p := &callerPicture{byKey: map[string]*pictureNode{}, children: map[string][]pictureEdge{}}
	type pending struct {
		res   cascade.Result
		depth int
	}
	var queue []pending
	for _, r := range results {
		p.outgoing = r.Direction == cascade.Outgoing
		n, _ := p.node(r.Target, 0)
		p.roots = append(p.roots, n.key)
		queue = append(queue, pending{r, 1})
	}
	for len(queue) > 0 {
		item := queue[0]
		queue = queue[1:]
		here := symbolKey(item.res.Target)
		for _, ep := range item.res.Entry {
			key := "entry:" + here + ":" + ep.Hint
			if _, ok := p.byKey[key]; !ok {
				p.add(&pictureNode{key: key, label: ep.Hint, where: fmt.Sprintf("%s:%d", ep.Path, ep.Span.Start.Line+1), depth: item.depth})
			}
			p.link(here, key, edgeFramework, "entry point")
		}
		for _, c := range item.res.Calls {
			n, fresh := p.node(c.Symbol, item.depth)
			if n == nil {
				p.truncated = true
				continue
			}
			kind, label := edgeKindOf(c)
			p.link(here, n.key, kind, label)
			// A summary of implicit sends stands for a line, not a caller:
			// nothing to ask about it.
			if fresh && item.depth < depth && c.Symbol.ID != "" && c.Resolution != fact.ResolvedImplicit {
				next, err := query(ctx, c.Symbol)
				if err != nil {
					return nil, err
				}
				queue = append(queue, pending{next, item.depth + 1})
			}
		}
	}
	return p, nil
}

func symbolKey(s fact.Symbol) string {
	if s.ID != "" {
		return s.ID
	}
	return s.Path + "#" + qualified(s)
}

// node returns the node of s, adding it when there is room; fresh says it
// was added now.
func (p *callerPicture) node(s fact.Symbol, depth int) (*pictureNode, bool) {
	key := symbolKey(s)
	if n, ok := p.byKey[key]; ok {
		return n, false
	}
	if len(p.nodes) >= maxPictureNodes {
		return nil, false
	}
	where := s.Path
	if s.Path != "" {
		where = fmt.Sprintf("%s:%d", s.Path, s.Selection.Start.Line+1)
	}
	n := &pictureNode{key: key, label: qualified(s), where: where, depth: depth}
	p.add(n)
	return n, true
}

func (p *callerPicture) add(n *pictureNode) {
	p.nodes = append(p.nodes, n)
	p.byKey[n.key] = n
}

// link records that the neighbour of here (a caller, or a callee when the
// picture is of outgoing calls) is linked to it.
func (p *callerPicture) link(here, neighbour, kind, label string) {
	e := pictureEdge{from: neighbour, to: here, kind: kind, label: label}
	if p.outgoing {
		e.from, e.to = here, neighbour
	}
	for _, old := range p.children[here] {
		if old.from == e.from && old.to == e.to {
			return
		}
	}
	p.edges = append(p.edges, e)
	p.children[here] = append(p.children[here], e)
}

// edgeKindOf sorts a caller by how it is known.
func edgeKindOf(c cascade.Call) (kind, label string) {
	switch c.Resolution {
	case fact.ResolvedAST:
		if c.Via != "" {
			return edgeDirect, "via " + c.Via
		}
		return edgeDirect, ""
	case fact.ResolvedEvent:
		return edgeFramework, "event " + c.Event
	case fact.ResolvedRegistration:
		return edgeFramework, "registered " + c.Via
	case fact.ResolvedImplicit:
		return edgeFramework, "implicit sends"
	}
	return edgePossible, "possible: " + c.Detail
}

func (p *callerPicture) render(w io.Writer, format string) error {
	switch format {
	case "mermaid":
		return p.mermaid(w)
	case "dot":
		return p.dot(w)
	}
	return p.tree(w)
}

// tree prints the levels as an indented tree, the asked symbol first; a
// symbol met again is named, not expanded again.
func (p *callerPicture) tree(w io.Writer) error {
	seen := map[string]bool{}
	var walk func(key, prefix string)
	walk = func(key, prefix string) {
		edges := p.children[key]
		for i, e := range edges {
			other := e.from
			if p.outgoing {
				other = e.to
			}
			branch, next := "├── ", "│   "
			if i == len(edges)-1 {
				branch, next = "└── ", "    "
			}
			n := p.byKey[other]
			line := prefix + branch + n.label
			if n.where != "" {
				line += "  " + n.where
			}
			line += "  [" + treeMark(e) + "]"
			if seen[other] && len(p.children[other]) > 0 {
				line += " (shown above)"
				fmt.Fprintln(w, line)
				continue
			}
			fmt.Fprintln(w, line)
			seen[other] = true
			walk(other, prefix+next)
		}
	}
	for _, r := range p.roots {
		n := p.byKey[r]
		head := "callers of "
		if p.outgoing {
			head = "calls from "
		}
		fmt.Fprintf(w, "%s%s  %s\n", head, n.label, n.where)
		seen[r] = true
		if len(p.children[r]) == 0 {
			fmt.Fprintln(w, "└── none found")
		}
		walk(r, "")
	}
	if p.truncated {
		fmt.Fprintf(w, "(cut at %d symbols)\n", maxPictureNodes)
	}
	return nil
}

func treeMark(e pictureEdge) string {
	switch e.kind {
	case edgeDirect:
		return strings.TrimSpace("call " + e.label)
	case edgeFramework:
		return "framework: " + e.label
	}
	return e.label
}

// mermaid draws a flowchart, callers above what they call: direct calls as
// solid arrows, framework links thick and labelled, possible callers dashed.
func (p *callerPicture) mermaid(w io.Writer) error {
	ids := p.ids()
	fmt.Fprintln(w, "flowchart TD")
	for _, n := range p.nodes {
		label := n.label
		if n.where != "" {
			label += "<br/><small>" + n.where + "</small>"
		}
		shape := `["%s"]`
		if strings.HasPrefix(n.key, "entry:") {
			shape = `(["%s"])`
		}
		fmt.Fprintf(w, "  %s"+shape+"\n", ids[n.key], mermaidText(label))
	}
	for _, e := range p.edges {
		arrow := "-->"
		switch e.kind {
		case edgeFramework:
			arrow = "==>"
		case edgePossible:
			arrow = "-.->"
		}
		if e.label != "" {
			fmt.Fprintf(w, "  %s %s|\"%s\"| %s\n", ids[e.from], arrow, mermaidText(e.label), ids[e.to])
		} else {
			fmt.Fprintf(w, "  %s %s %s\n", ids[e.from], arrow, ids[e.to])
		}
	}
	for _, r := range p.roots {
		fmt.Fprintf(w, "  style %s stroke-width:3px\n", ids[r])
	}
	if p.truncated {
		fmt.Fprintf(w, "  %%%% cut at %d symbols\n", maxPictureNodes)
	}
	return nil
}

// mermaidText escapes what would end a quoted Mermaid label.
func mermaidText(s string) string {
	return strings.NewReplacer(`"`, "#quot;", "\n", " ").Replace(s)
}

// dot draws the same for Graphviz.
func (p *callerPicture) dot(w io.Writer) error {
	ids := p.ids()
	fmt.Fprintln(w, "digraph callers {")
	fmt.Fprintln(w, "  rankdir=TB;")
	fmt.Fprintln(w, `  node [shape=box, fontname="Helvetica"];`)
	for _, n := range p.nodes {
		label := dotText(n.label)
		if n.where != "" {
			label += `\n` + dotText(n.where)
		}
		attrs := fmt.Sprintf(`label="%s"`, label)
		if strings.HasPrefix(n.key, "entry:") {
			attrs += ", shape=ellipse"
		}
		for _, r := range p.roots {
			if r == n.key {
				attrs += ", penwidth=3"
			}
		}
		fmt.Fprintf(w, "  %s [%s];\n", ids[n.key], attrs)
	}
	for _, e := range p.edges {
		attrs := []string{}
		switch e.kind {
		case edgeFramework:
			attrs = append(attrs, "style=bold", "color=blue")
		case edgePossible:
			attrs = append(attrs, "style=dashed", "color=gray40")
		}
		if e.label != "" {
			attrs = append(attrs, fmt.Sprintf(`label="%s"`, dotText(e.label)))
		}
		if len(attrs) > 0 {
			fmt.Fprintf(w, "  %s -> %s [%s];\n", ids[e.from], ids[e.to], strings.Join(attrs, ", "))
		} else {
			fmt.Fprintf(w, "  %s -> %s;\n", ids[e.from], ids[e.to])
		}
	}
	if p.truncated {
		fmt.Fprintf(w, "  // cut at %d symbols\n", maxPictureNodes)
	}
	fmt.Fprintln(w, "}")
	return nil
}

func dotText(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ").Replace(s)
}

// ids names the nodes n0, n1, ... in the order they were met, so the text
// of a picture is the same from run to run.
func (p *callerPicture) ids() map[string]string {
	ids := make(map[string]string, len(p.nodes))
	for i, n := range p.nodes {
		ids[n.key] = fmt.Sprintf("n%d", i)
	}
	return ids
}

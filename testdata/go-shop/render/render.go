// Package render is a fixture for calls through Go interfaces and methods
// on named non-struct types.
package render

import "strings"

// Node is implemented by Text and List.
type Node interface {
	Render() string // @def(nodeRender, "Render")
}

// Text is a leaf.
type Text string

// Render returns the text itself.
func (t Text) Render() string { // @def(textRender, "Render")
	return string(t)
}

// List is a named slice type: its methods are methods of a type symbol.
type List []Node

// Render joins the children.
func (l List) Render() string { // @def(listRender, "Render")
	parts := make([]string, 0, len(l))
	for _, n := range l {
		parts = append(parts, n.Render()) // @site(listLoop, "Render") @call(listRender, nodeRender, listLoop) @dispatch(listRender, textRender, listLoop) @dispatch(listRender, listRender, listLoop)
	}
	return strings.Join(parts, "")
}

// Len counts the children.
func (l List) Len() int { // @def(listLen, "Len")
	return len(l)
}

// Page renders one node through the interface.
func Page(root Node) string { // @def(page, "Page")
	return "<p>" + root.Render() + "</p>" // @site(pageRender, "Render") @call(page, nodeRender, pageRender) @dispatch(page, textRender, pageRender) @dispatch(page, listRender, pageRender)
}

// Count uses a List method through a typed parameter.
func Count(l List) int { // @def(count, "Count")
	return l.Len() // @site(countLen, "Len") @call(count, listLen, countLen)
}

// First renders the first child: l[0] is a Node, List's element type.
func First(l List) string { // @def(first, "First")
	return l[0].Render() // @site(firstRender, "Render") @call(first, nodeRender, firstRender) @dispatch(first, textRender, firstRender) @dispatch(first, listRender, firstRender)
}

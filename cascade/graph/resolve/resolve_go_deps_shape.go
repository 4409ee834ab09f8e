package resolve

import (
	"go/ast"
	"strings"

	"github.com/callcascade/callcascade/treesitter"
)

// A dependency's method's shapes, written as the extractor writes a
// workspace method's (treesitter.Symbol.Shapes): *Ctx is "*@", a bare name
// "", a type parameter's treesitter.GoShapeUnknown.

// withTypeParams is w with the type parameters names declares in scope.
func (w goDepWriter) withTypeParams(names []*ast.Ident) goDepWriter {
	if len(names) == 0 {
		return w
	}
	tparams := make(map[string]bool, len(w.tparams)+len(names))
	for name := range w.tparams {
		tparams[name] = true
	}
	for _, n := range names {
		tparams[n.Name] = true
	}
	w.tparams = tparams
	return w
}

// fieldNames are the names a type parameter list declares.
func fieldNames(list *ast.FieldList) []*ast.Ident {
	if list == nil {
		return nil
	}
	var out []*ast.Ident
	for _, f := range list.List {
		out = append(out, f.Names...)
	}
	return out
}

// receiverTypeParams are the type parameters a method's receiver names
// (U in func (c *coll[U]) Get() U).
func receiverTypeParams(recv ast.Expr) []*ast.Ident {
	for {
		switch x := recv.(type) {
		case *ast.StarExpr:
			recv = x.X
			continue
		case *ast.ParenExpr:
			recv = x.X
			continue
		case *ast.IndexExpr:
			if id, ok := x.Index.(*ast.Ident); ok {
				return []*ast.Ident{id}
			}
		case *ast.IndexListExpr:
			var out []*ast.Ident
			for _, i := range x.Indices {
				if id, ok := i.(*ast.Ident); ok {
					out = append(out, id)
				}
			}
			return out
		}
		return nil
	}
}

// shapes are ft's parameters' and results' shapes, never nil: a
// dependency's are known.
func (w goDepWriter) shapes(ft *ast.FuncType) (params, results []string) {
	list := func(fl *ast.FieldList) []string {
		var out []string
		if fl == nil {
			return out
		}
		for _, f := range fl.List {
			s := w.topShape(f.Type)
			for range max(1, len(f.Names)) {
				out = append(out, s)
			}
		}
		return out
	}
	params, results = list(ft.Params), list(ft.Results)
	if params == nil {
		params = []string{}
	}
	if results == nil {
		results = []string{}
	}
	return params, results
}

// topShape is a parameter's or result's type's shape: "" for a bare name.
func (w goDepWriter) topShape(e ast.Expr) string {
	var b strings.Builder
	if ell, ok := e.(*ast.Ellipsis); ok {
		b.WriteString("...")
		e = ell.Elt
	}
	if !w.writeShape(e, &b) {
		return treesitter.GoShapeUnknown
	}
	s := b.String()
	if s == "@" || goShapeBuiltin(s) {
		return ""
	}
	return s
}

func goShapeBuiltin(s string) bool {
	return s != "byte" && s != "rune" && s != "any" && s != "comparable" && goBuiltinTypes[s]
}

func (w goDepWriter) writeShape(e ast.Expr, b *strings.Builder) bool {
	switch x := e.(type) {
	case *ast.Ident:
		name := x.Name
		if w.tparams[name] {
			return false
		}
		b.WriteString(treesitter.GoNameShape(name))
		return true
	case *ast.SelectorExpr, *ast.StructType, *ast.InterfaceType:
		b.WriteString("@")
		return true
	case *ast.ParenExpr:
		return w.writeShape(x.X, b)
	case *ast.StarExpr:
		b.WriteString("*")
		return w.writeShape(x.X, b)
	case *ast.ArrayType:
		if x.Len == nil {
			b.WriteString("[]")
		} else if lit, ok := x.Len.(*ast.BasicLit); ok && lit.Value != "" && strings.Trim(lit.Value, "0123456789") == "" {
			b.WriteString("[" + lit.Value + "]")
		} else {
			return false
		}
		return w.writeShape(x.Elt, b)
	case *ast.MapType:
		b.WriteString("map[")
		if !w.writeShape(x.Key, b) {
			return false
		}
		b.WriteString("]")
		return w.writeShape(x.Value, b)
	case *ast.ChanType:
		switch x.Dir {
		case ast.RECV:
			b.WriteString("<-chan ")
		case ast.SEND:
			b.WriteString("chan<- ")
		default:
			b.WriteString("chan ")
		}
		return w.writeShape(x.Value, b)
	case *ast.IndexExpr:
		return w.writeShape(x.X, b) && w.writeArgs([]ast.Expr{x.Index}, b)
	case *ast.IndexListExpr:
		return w.writeShape(x.X, b) && w.writeArgs(x.Indices, b)
	case *ast.FuncType:
		b.WriteString("func(")
		if !w.writeFields(x.Params, b) {
			return false
		}
		b.WriteString(")(")
		if !w.writeFields(x.Results, b) {
			return false
		}
		b.WriteString(")")
		return true
	}
	return false
}

func (w goDepWriter) writeArgs(args []ast.Expr, b *strings.Builder) bool {
	b.WriteString("[")
	for i, a := range args {
		if i > 0 {
			b.WriteString(",")
		}
		if !w.writeShape(a, b) {
			return false
		}
	}
	b.WriteString("]")
	return true
}

func (w goDepWriter) writeFields(fl *ast.FieldList, b *strings.Builder) bool {
	if fl == nil {
		return true
	}
	i := 0
	for _, f := range fl.List {
		var one strings.Builder
		t := f.Type
		if ell, ok := t.(*ast.Ellipsis); ok {
			one.WriteString("...")
			t = ell.Elt
		}
		if !w.writeShape(t, &one) {
			return false
		}
		for range max(1, len(f.Names)) {
			if i > 0 {
				b.WriteString(",")
			}
			i++
			b.WriteString(one.String())
		}
	}
	return true
}

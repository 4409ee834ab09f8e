// Package table is a dependency the application's go.mod replaces with this
// directory (ory/kratos's replace github.com/ory/x => ./oryx): it prints
// rows through an interface the application's types implement. To gopls it
// is a dependency of the application's view, not a workspace package: the
// call below is no caller of the application's types.
package table

type Row interface {
	Interface() any // @def(rowIface, "Interface")
}

func Print(rows []Row) []any { // @def(print, "Print")
	var out []any
	for _, row := range rows {
		out = append(out, row.Interface()) // @site(p1, "Interface") @call(print, rowIface, p1)
	}
	return out
}

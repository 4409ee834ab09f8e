package main

import "example.com/lib/table"

type resultTable struct{ n int }

func (r resultTable) Interface() any { return r.n } // @def(resultIface, "Interface") @nocallers(resultIface)

func main() { // @def(main, "main")
	_ = table.Print([]table.Row{resultTable{n: 1}}) // not a caller of Print: lib is a view of its own
}

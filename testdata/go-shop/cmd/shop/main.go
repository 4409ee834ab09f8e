package main

import (
	"fmt"
	"io"

	shopstore "example.com/shop/store"
)

func main() { // @def(main, "main")
	var s *shopstore.Store = shopstore.New("main") // @site(mainNew, "New") @call(main, New, mainNew)
	fmt.Println(s.Get("a/b"))                      // @site(mainGet, "Get") @call(main, StoreGet, mainGet)
	run(s)                                         // @site(mainRun, "run") @call(main, run, mainRun)
}

func run(s *shopstore.Store) { // @def(run, "run")
	for i := 0; i < 2; i++ {
		_ = s.Get("loop") // @site(runGet, "Get") @call(run, StoreGet, runGet)
	}
}

// fresh gets its Store from a constructor: the local's type is New's result.
func fresh() string { // @def(fresh, "fresh")
	st, err := newChecked() // @site(freshNew, "newChecked") @call(fresh, newChecked, freshNew)
	if err != nil {
		return ""
	}
	return st.Get("k") // @site(freshGet, "Get") @call(fresh, StoreGet, freshGet)
}

func newChecked() (*shopstore.Store, error) { // @def(newChecked, "newChecked")
	return shopstore.New("checked"), nil // @site(checkedNew, "New") @call(newChecked, New, checkedNew)
}

// emit writes through io.Writer outside store's package: not a caller of
// store.Counter's Write.
func emit(w io.Writer) {
	w.Write([]byte("x"))
}

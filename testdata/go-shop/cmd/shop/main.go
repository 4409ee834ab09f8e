package main

import (
	"fmt"

	shopstore "example.com/shop/store"
)

func main() { // @def(main, "main")
	var s *shopstore.Store = shopstore.New("main") // @site(mainNew, "New") @call(main, New, mainNew)
	fmt.Println(s.Get("a/b")) // @site(mainGet, "Get") @call(main, StoreGet, mainGet)
	run(s) // @site(mainRun, "run") @call(main, run, mainRun)
}

func run(s *shopstore.Store) { // @def(run, "run")
	for i := 0; i < 2; i++ {
		_ = s.Get("loop") // @site(runGet, "Get") @call(run, StoreGet, runGet)
	}
}

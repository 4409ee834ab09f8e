package cmd

import "example.com/gochaincomments/reg"

// getAll reads all, declared in another file of the package.
func getAll() { // @def(getAll, "getAll")
	all.Get("a") // @site(allGet, "Get") @call(getAll, registryGet, allGet)
}

func getMore() { // @def(getMore, "getMore")
	more.Get("c") // @site(moreGet, "Get") @call(getMore, registryGet, moreGet)
}

// getBlock builds a chain in a function, with a comment between steps.
func getBlock() { // @def(getBlock, "getBlock")
	r := reg.NewRegistry().
		// one client
		Register(reg.NewClient("e"))
	r.Get("e") // @site(blockGet, "Get") @call(getBlock, registryGet, blockGet)
}

package cmd

import "example.com/gochaincomments/reg"

// all and more are built by chains split over lines, with comments
// between their steps: the comments are no part of the chain.
var (
	all = reg.NewRegistry().
		Register(reg.NewClient("a")).
		// deprecated clients
		Register(reg.NewClient("b"))

	more = all.
		Register(reg.NewClient("c")). // the last one
		/* and one more */ Register(reg.NewClient("d"))
)

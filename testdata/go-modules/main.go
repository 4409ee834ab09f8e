package main

import "example.com/lib"

// The root module replaces example.com/lib with ./lib, but lib has a go.mod
// of its own: a module, and a view, of its own. gopls answers lib.Trim in
// lib's view, which has no package of this module: main is no caller.
func main() {
	_ = lib.Trim(" x ")
}

// local is this module's: main.go's run calls it.
func local() {} // @def(local, "local")

func run() { // @def(run, "run")
	local() // @site(runLocal, "local") @call(run, local, runLocal)
}

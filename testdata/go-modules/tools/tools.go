package tools

import "example.com/lib"

// tools requires a published lib (no replace): the module cache's copy,
// not the workspace's. No caller of lib.Trim.
func Gen() string {
	return lib.Thrice("w")
}

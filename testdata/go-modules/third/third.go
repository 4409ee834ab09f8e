package third

import "example.com/lib"

// third's go.mod replaces lib with ../lib, the workspace's copy; still,
// this package is in another module's view: no caller of lib.Trim.
func Wrap() string {
	return lib.Trim("z")
}

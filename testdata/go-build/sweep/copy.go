package sweep

// Copy calls clone, declared once per platform: in the default build
// (Linux) clone_linux.go's. Asked for clone_darwin.go's clone, gopls answers
// in a darwin build, where this call is of that one; the same for windows.
func Copy() error { // @def(copyAll, "Copy")
	return clone() // @site(copyClone, "clone") @call(copyAll, cloneLinux, copyClone) @incoming(copyAll, cloneDarwin, copyClone) @incoming(copyAll, cloneWindows, copyClone)
}

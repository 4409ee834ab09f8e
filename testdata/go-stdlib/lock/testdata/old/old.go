// Package old is under a testdata directory: the go command, and gopls,
// build no package of it, so its calls are nobody's callers (pkgsite keeps
// copies of the standard library so).
package old

type closer interface{ Close() error }

func shut(c closer) error { return c.Close() }

// Package proc has darwin files, one of them a cgo file (as nexus-gateway's
// processmeta_darwin.go): gopls answers hasSuffix in a darwin view, which it
// loads as a cross build, with cgo off, so the cgo file is in no package
// and its call is no caller; plain_darwin.go's is.
package proc

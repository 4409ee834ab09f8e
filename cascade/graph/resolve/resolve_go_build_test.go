package resolve

import "testing"

// A file is in a build as go build decides it: by the //go:build line
// (custom tags unset), the old // +build lines, and the file name's
// _GOOS/_GOARCH suffixes.
func TestGoBuilds(t *testing.T) {
	linux, windows := goPort{"linux", "amd64"}, goPort{"windows", "amd64"}
	for _, tc := range []struct {
		path, src string
		port      goPort
		want      bool
	}{
		{"scan/icmp.go", "//go:build !windows\n\npackage scan\n", linux, true},
		{"scan/icmp.go", "//go:build !windows\n\npackage scan\n", windows, false},
		{"scan/icmp_windows.go", "package scan\n", linux, false},
		{"scan/icmp_windows.go", "package scan\n", windows, true},
		{"e2e/inventory_test.go", "// Copyright.\n\n//go:build e2e\n\npackage inventory\n", linux, false},
		{"old/x.go", "// +build linux darwin\n\npackage old\n", linux, true},
		{"old/x.go", "// +build linux darwin\n\npackage old\n", windows, false},
		{"plain/x_test.go", "package plain\n", windows, true},
		{"plain/_scratch.go", "package plain\n", linux, false},
	} {
		if got := goBuilds(tc.path, goBuildLines([]byte(tc.src)), tc.port); got != tc.want {
			t.Errorf("goBuilds(%s, %q, %v) = %v, want %v", tc.path, tc.src, tc.port, got, tc.want)
		}
	}
}

//go:build !linux

package grep

import (
	"errors"

	"github.com/callcascade/callcascade/cascade/files"
)

// dirWatch is inotify's, on Linux; elsewhere a kept list is checked by the
// directories' modification times and each file's lstat.
type dirWatch struct{}

func newDirWatch(string) (*dirWatch, error) { return nil, errors.New("grep: no directory watch here") }

func (*dirWatch) add(string) error           { return nil }
func (*dirWatch) addRules(string)            {}
func (*dirWatch) covers(string) bool         { return false }
func (*dirWatch) drain() (bool, []string)    { return true, nil }
func (*dirWatch) publish([]files.WalkedFile) {}
func (*dirWatch) close()                     {}

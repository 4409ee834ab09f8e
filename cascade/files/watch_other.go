//go:build !linux

package files

import "errors"

// Watch is inotify's, on Linux; elsewhere a kept list is checked by the
// directories' modification times and each file's lstat.
type Watch struct{}

func newWatch(string) (*Watch, error) { return nil, errors.New("files: no directory watch here") }

func (*Watch) add(string) error        { return nil }
func (*Watch) addRules(string)         {}
func (*Watch) Covers(string) bool      { return false }
func (*Watch) drain() (bool, []string) { return true, nil }
func (*Watch) publish([]WalkedFile)    {}
func (*Watch) close()                  {}

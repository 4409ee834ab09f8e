//go:build !linux

package files

import (
	"io/fs"
	"os"
	"path/filepath"
)

// lister lists directories through the os package here; Linux has a
// faster one (listdir_linux.go).
type lister struct{}

type openDir struct{}

func (l *lister) list(dir string, entries []dirEntry) (openDir, []dirEntry, error) {
	all, err := os.ReadDir(dir)
	if err != nil {
		return openDir{}, nil, err
	}
	for _, e := range all {
		typ := e.Type()
		if t := typ.Type(); t != 0 && t != fs.ModeDir && t != fs.ModeSymlink {
			typ = fs.ModeIrregular
		}
		entries = append(entries, dirEntry{name: e.Name(), typ: typ.Type()})
	}
	return openDir{}, entries, nil
}

func (openDir) stat(dir, name string) (fileStat, error) {
	return statPath(filepath.Join(dir, name), false)
}

func (openDir) close() {}

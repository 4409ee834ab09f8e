//go:build !unix

package files

import (
	"os"
)

// statPath stats path, following a final symlink when follow is set. The
// os package reports no inode or change time here (Windows keeps neither in
// what it returns for a path): the stamps are the size and the
// modification time alone.
func statPath(path string, follow bool) (fileStat, error) {
	stat := os.Lstat
	if follow {
		stat = os.Stat
	}
	info, err := stat(path)
	if err != nil {
		return fileStat{}, err
	}
	return fileStat{size: info.Size(), modTime: info.ModTime(), mode: info.Mode().Type()}, nil
}

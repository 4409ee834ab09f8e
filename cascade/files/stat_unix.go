//go:build unix

package files

import (
	"errors"
	"io/fs"
	"time"

	"golang.org/x/sys/unix"
)

// statPath stats path, following a final symlink when follow is set.
func statPath(path string, follow bool) (fileStat, error) {
	var st unix.Stat_t
	op := "lstat"
	_, err := retryEINTR(func() (int, error) {
		if follow {
			return 0, unix.Stat(path, &st)
		}
		return 0, unix.Lstat(path, &st)
	})
	if follow {
		op = "stat"
	}
	if err != nil {
		return fileStat{}, &fs.PathError{Op: op, Path: path, Err: err}
	}
	return statOf(&st), nil
}

func statOf(st *unix.Stat_t) fileStat {
	return fileStat{
		size:       st.Size,
		modTime:    time.Unix(st.Mtim.Unix()),
		mode:       modeType(uint32(st.Mode)),
		inode:      uint64(st.Ino),
		changeTime: st.Ctim.Nano(),
	}
}

// modeType is the type bits of a stat mode as fs.FileMode's.
func modeType(mode uint32) fs.FileMode {
	switch mode & unix.S_IFMT {
	case unix.S_IFDIR:
		return fs.ModeDir
	case unix.S_IFREG:
		return 0
	case unix.S_IFLNK:
		return fs.ModeSymlink
	default:
		return fs.ModeIrregular
	}
}

func retryEINTR(f func() (int, error)) (int, error) {
	for {
		n, err := f()
		if !errors.Is(err, unix.EINTR) {
			return n, err
		}
	}
}

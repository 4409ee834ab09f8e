package files

import (
	"encoding/binary"
	"io/fs"

	"golang.org/x/sys/unix"
)

// direntBufSize is the buffer one getdents64 call fills: most source
// directories fit in one call (and the one that says the end is reached).
const direntBufSize = 32 << 10

// lister lists directories and stats their files with raw system calls:
// a warm restart is about 15,000 of them (one open, two getdents and one
// close a directory, one stat a file) and little else, and what the os
// package adds to each (a DirEntry and a string per entry, a sort of
// interface values, a stat by absolute path that the kernel resolves from
// the root) is left out. One lister per walk worker.
type lister struct {
	buf []byte
}

// openDir is a directory being read: its descriptor stats its files by
// name, so the kernel resolves one path component, not the whole path.
type openDir struct {
	fd int
}

// list opens dir and appends its entries to entries, "." and ".." left
// out, in directory order. A type the file system does not report (DT_UNKNOWN)
// is looked up with a stat that does not follow links, as os.ReadDir does.
func (l *lister) list(dir string, entries []dirEntry) (openDir, []dirEntry, error) {
	fd, err := retryEINTR(func() (int, error) {
		return unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	})
	if err != nil {
		return openDir{fd: -1}, nil, &fs.PathError{Op: "open", Path: dir, Err: err}
	}
	d := openDir{fd: fd}
	if l.buf == nil {
		l.buf = make([]byte, direntBufSize)
	}
	for {
		n, err := retryEINTR(func() (int, error) { return unix.Getdents(fd, l.buf) })
		if err != nil {
			d.close()
			return openDir{fd: -1}, nil, &fs.PathError{Op: "readdirent", Path: dir, Err: err}
		}
		if n <= 0 {
			break
		}
		// One string for the whole batch: the names are substrings of it.
		// linux_dirent64: ino u64, off s64, reclen u16, type u8, name.
		buf, text := l.buf[:n], string(l.buf[:n])
		for off := 0; off+19 <= n; {
			reclen := int(binary.NativeEndian.Uint16(buf[off+16:]))
			if reclen == 0 || off+reclen > n {
				break
			}
			ino := binary.NativeEndian.Uint64(buf[off:])
			typ := buf[off+18]
			name := text[off+19 : off+reclen]
			for i := 0; i < len(name); i++ {
				if name[i] == 0 {
					name = name[:i]
					break
				}
			}
			off += reclen
			if ino == 0 || name == "." || name == ".." {
				continue // a deleted entry, or not one
			}
			e := dirEntry{name: name}
			switch typ {
			case unix.DT_DIR:
				e.typ = fs.ModeDir
			case unix.DT_REG:
				e.typ = 0
			case unix.DT_LNK:
				e.typ = fs.ModeSymlink
			case unix.DT_UNKNOWN:
				var st unix.Stat_t
				if err := d.fstatat(name, &st); err != nil {
					continue // gone since it was listed
				}
				e.typ = modeType(st.Mode)
			default:
				e.typ = fs.ModeIrregular // devices, sockets, pipes
			}
			entries = append(entries, e)
		}
	}
	return d, entries, nil
}

// stat stats the file name in d without following a symlink: the entry
// was listed as a regular file, and one swapped for a link since is not
// followed out of the root.
func (d openDir) stat(dir, name string) (fileStat, error) {
	var st unix.Stat_t
	if err := d.fstatat(name, &st); err != nil {
		return fileStat{}, &fs.PathError{Op: "stat", Path: dir + "/" + name, Err: err}
	}
	return statOf(&st), nil
}

func (d openDir) fstatat(name string, st *unix.Stat_t) error {
	_, err := retryEINTR(func() (int, error) {
		return 0, unix.Fstatat(d.fd, name, st, unix.AT_SYMLINK_NOFOLLOW)
	})
	return err
}

func (d openDir) close() {
	if d.fd >= 0 {
		unix.Close(d.fd)
	}
}

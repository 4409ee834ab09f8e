//go:build linux

package files

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/callcascade/callcascade/treesitter"
)

// Watch watches the directories of one kept file list with inotify, so
// that a search learns what changed since the last one from a single
// non-blocking read instead of an lstat per directory and per file (on
// 7,000 files the stats were most of the grep stage's time).
//
// Written on x/sys/unix rather than fsnotify on purpose: fsnotify hands
// events over from its own goroutine, so a search could not know whether
// the event of a save that finished just before it has arrived yet. Here
// the search itself reads the queue, which the kernel fills as part of the
// write, so whatever happened before the search is seen by it.
type Watch struct {
	fd       int
	realRoot string

	// Written by add during the walk, before the list is published; read
	// only after that.
	wds   map[int32]string    // watch descriptor → directory, relative to realRoot
	dirs  map[string]struct{} // the same directories
	rules map[int32]bool      // directories of ignore rules the walk reads (.git/info)
	// listed are the walked files, set by publish; a source file changed
	// that is not among them (it shrank under the size limit, say) makes
	// the list stale.
	listed map[string]struct{}

	mu     sync.Mutex // one drain at a time
	stale  bool       // something the list depends on changed: walk again
	closed bool
	buf    []byte
}

// watchMask: changes to a directory's entries make the list stale; changes
// to a file's content or times drop its kept content.
const watchMask = unix.IN_CREATE | unix.IN_DELETE | unix.IN_MOVED_FROM | unix.IN_MOVED_TO |
	unix.IN_MODIFY | unix.IN_ATTRIB | unix.IN_CLOSE_WRITE |
	unix.IN_DELETE_SELF | unix.IN_MOVE_SELF | unix.IN_ONLYDIR | unix.IN_EXCL_UNLINK

// entryChanged are the events after which the walk's list may be wrong.
const entryChanged = unix.IN_CREATE | unix.IN_DELETE | unix.IN_MOVED_FROM | unix.IN_MOVED_TO |
	unix.IN_DELETE_SELF | unix.IN_MOVE_SELF | unix.IN_IGNORED | unix.IN_UNMOUNT | unix.IN_Q_OVERFLOW

// networkFilesystems are the statfs magic numbers of file systems whose
// files other machines can change without an inotify event here: NFS,
// SMB/CIFS, FUSE (sshfs and the like), AFS, Ceph, 9P (WSL2's /mnt/c,
// virtual machines' shared folders) and virtiofs. A workspace on one is
// checked by times.
var networkFilesystems = map[int64]bool{
	0x6969: true, 0x517B: true, 0xFF534D42: true, 0xFE534D42: true, 0x65735546: true,
	0x5346414F: true, 0x00C36400: true, 0x01021997: true, 0x6A656A63: true,
}

func newWatch(realRoot string) (*Watch, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(realRoot, &st); err != nil {
		return nil, err
	}
	if networkFilesystems[int64(st.Type)] {
		return nil, errors.New("files: a network file system: changes from elsewhere make no inotify event")
	}
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return nil, err
	}
	return &Watch{fd: fd, realRoot: realRoot, wds: map[int32]string{}, dirs: map[string]struct{}{}, rules: map[int32]bool{}}, nil
}

// add watches dir, a real path under realRoot. An error (the user's watch
// limit reached, say) means the list cannot be trusted to this watch.
func (w *Watch) add(dir string) error {
	rel, err := filepath.Rel(w.realRoot, dir)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return errors.New("files: directory outside the workspace")
	}
	wd, err := unix.InotifyAddWatch(w.fd, dir, watchMask)
	if err != nil {
		return err
	}
	rel = filepath.ToSlash(rel)
	w.wds[int32(wd)] = rel
	w.dirs[rel] = struct{}{}
	return nil
}

// addRules watches a directory holding ignore rules the walk reads but
// does not list (.git/info, for its exclude file): any change there makes
// the list stale. A directory that does not exist yet is not watched: an
// exclude file created in it takes effect at Invalidate.
func (w *Watch) addRules(dir string) {
	if wd, err := unix.InotifyAddWatch(w.fd, dir, watchMask); err == nil {
		w.rules[int32(wd)] = true
	}
}

// Covers reports whether the directory of rel (a walked file's
// slash-separated relative path) is watched as itself: a file reached
// through a symlinked directory is not, and is checked by lstat.
func (w *Watch) Covers(rel string) bool {
	dir := "."
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		dir = rel[:i]
	}
	_, ok := w.dirs[dir]
	return ok
}

// drain reads every queued event. It returns whether the list is stale and
// the files (relative paths) whose content may have changed.
func (w *Watch) drain() (stale bool, changed []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return true, nil
	}
	if w.buf == nil {
		w.buf = make([]byte, 64<<10)
	}
	for !w.stale {
		n, err := unix.Read(w.fd, w.buf)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if errors.Is(err, unix.EAGAIN) {
			break
		}
		if err != nil || n <= 0 {
			w.stale = true // cannot tell what changed
			break
		}
		for off := 0; off+unix.SizeofInotifyEvent <= n; {
			ev := (*unix.InotifyEvent)(unsafe.Pointer(&w.buf[off]))
			nameStart := off + unix.SizeofInotifyEvent
			off = nameStart + int(ev.Len)
			if ev.Mask&entryChanged != 0 || w.rules[ev.Wd] {
				w.stale = true
				break
			}
			dir, ok := w.wds[ev.Wd]
			if !ok || ev.Len == 0 {
				continue // the directory itself: its entries did not change
			}
			name := string(bytes.TrimRight(w.buf[nameStart:min(off, n)], "\x00"))
			if name == ".gitignore" {
				w.stale = true // the walk's rules changed
				break
			}
			if dir != "." {
				name = dir + "/" + name
			}
			if _, ok := w.listed[name]; !ok {
				if _, source := treesitter.LanguageForPath(name); source {
					w.stale = true
					break
				}
				continue // a log or a build artefact: not searched
			}
			changed = append(changed, name)
		}
	}
	return w.stale, changed
}

// publish records the walk's files: the list is complete.
func (w *Watch) publish(files []WalkedFile) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.listed = make(map[string]struct{}, len(files))
	for _, f := range files {
		w.listed[f.Rel] = struct{}{}
	}
}

// close stops watching. A search still holding the list may go on with it.
func (w *Watch) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.closed {
		w.closed = true
		unix.Close(w.fd)
	}
}

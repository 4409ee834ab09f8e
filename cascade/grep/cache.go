package grep

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/treesitter"
)

// DefaultMaxAge is Searcher.MaxAge when it is zero.
const DefaultMaxAge = time.Minute

// Searcher searches like Search but keeps each workspace's walked file list
// between searches: on a large repository the walk (listing directories,
// matching .gitignore rules) costs more than reading the files, and the
// grep stage's budget is 150 ms. File contents are kept as well (see
// contents), each checked before use.
//
// On Linux the walk's directories are watched with inotify (dirWatch): a
// search reads what changed since the last one from the watch's queue, and
// walks again when an entry was added, removed or renamed, or a .gitignore
// changed; a file whose content changed is read again. A kept list is then
// used without any other system call, for as long as the watch runs.
//
// Elsewhere, or when the watch cannot be set up (the user's inotify watch
// limit), a kept list is used only while every directory the walk listed
// still has the modification time it had then (adding, removing or
// renaming an entry changes it) and it is younger than MaxAge; otherwise the
// workspace is walked again. What that check cannot see, an edit inside a
// .gitignore for example, is seen after MaxAge or Invalidate.
//
// A walk started for a search finishes in the background when the search's
// deadline comes first, so that the next search has the list: Close stops
// it. A Searcher is safe for concurrent use.
type Searcher struct {
	MaxAge time.Duration // lists checked by times only; 0 means DefaultMaxAge
	// ContentBudget bounds the file contents kept between searches (each
	// checked against the file's size and modification time before use);
	// 0 means DefaultContentBudget.
	ContentBudget int64
	kept          *contents

	once   sync.Once
	ctx    context.Context // ends at Close: stops background walks
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex
	lists   map[string]*fileList
	walking map[string]*walkJob
}

// fileList is one complete walk.
type fileList struct {
	files  []files.WalkedFile
	dirs   []dirStamp
	walked time.Time
	watch  *dirWatch // nil: checked by the directories' times
}

// drop stops the list's watch, once the list is no longer kept.
func (l *fileList) drop() {
	if l != nil && l.watch != nil {
		l.watch.close()
	}
}

type dirStamp struct {
	path    string
	modTime time.Time
}

// walkJob is a walk under way; done closes when it has ended, list set if
// it completed.
type walkJob struct {
	done chan struct{}
	list *fileList
}

func (s *Searcher) init() {
	s.once.Do(func() {
		s.ctx, s.cancel = context.WithCancel(context.Background())
		s.lists = map[string]*fileList{}
		s.kept = newContents(s.ContentBudget)
		s.walking = map[string]*walkJob{}
	})
}

// Search is the package's Search with the kept file list.
func (s *Searcher) Search(ctx context.Context, q Query) (Result, error) {
	s.init()
	return search(ctx, q, s.files, s.kept)
}

// Warm starts walking root in the background, if no walk is kept or under
// way, so that the first search (a server's, right after initialize) need
// not walk within its own budget.
func (s *Searcher) Warm(root string, opts files.WalkOptions) {
	s.init()
	abs, err := filepath.Abs(root)
	if err != nil {
		return
	}
	if opts.MaxFileSize <= 0 {
		opts.MaxFileSize = files.DefaultMaxFileSize
	}
	key := listKey(abs, opts)
	s.mu.Lock()
	busy := s.lists[key] != nil || s.walking[key] != nil
	s.mu.Unlock()
	if busy {
		return
	}
	done, cancel := context.WithCancel(context.Background())
	cancel() // nothing listens: the walk only fills the list
	paths, _, wait := s.files(done, abs, opts)
	for range paths {
	}
	_ = wait()
}

// ListState says what a Searcher keeps for a root, for a status report.
type ListState struct {
	Files       int `json:"files"`       // source files in the kept list
	Directories int `json:"directories"` // directories the walk listed
	// Watched: changes are learnt from inotify; otherwise each search
	// checks the directories' and files' times.
	Watched bool `json:"watched"`
}

// State reports the list kept for root, false if none is kept yet.
func (s *Searcher) State(root string) (ListState, bool) {
	s.init()
	abs, err := filepath.Abs(root)
	if err != nil {
		return ListState{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for key, list := range s.lists {
		if strings.HasPrefix(key, abs+"\x00") {
			st := ListState{Directories: len(list.dirs), Watched: list.watch != nil}
			for _, f := range list.files {
				if _, ok := treesitter.LanguageForPath(f.Rel); ok {
					st.Files++
				}
			}
			return st, true
		}
	}
	return ListState{}, false
}

// Invalidate forgets the file lists kept for root (all roots if root is
// ""), as when the editor reports files created or deleted: the next search
// walks again. A watched list stays: its watch has seen those changes, and
// walking again after every save would leave the next search partial.
func (s *Searcher) Invalidate(root string) {
	s.init()
	s.mu.Lock()
	defer s.mu.Unlock()
	for key, list := range s.lists {
		if list.watch != nil {
			continue
		}
		if root == "" || strings.HasPrefix(key, root+"\x00") {
			list.drop()
			delete(s.lists, key)
		}
	}
	// The kept contents stay: each is checked against its file's stamp
	// before use, and reading every file again would make the next search
	// as slow as the first.
}

// Close stops background walks and waits for them. Searches after Close
// still work, walking for themselves.
func (s *Searcher) Close() {
	s.init()
	s.mu.Lock()
	s.cancel() // under mu: no walk starts after this
	s.mu.Unlock()
	s.wg.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	for key, list := range s.lists {
		list.drop() // its inotify descriptor; the next search walks for itself
		delete(s.lists, key)
	}
}

func listKey(root string, opts files.WalkOptions) string {
	return root + "\x00" + strconv.FormatInt(opts.MaxFileSize, 10) + "\x00" + strings.Join(opts.ExtraIgnores, "\x00")
}

// files is a fileSource: the kept list if it is still good, else a walk
// that keeps its result.
func (s *Searcher) files(ctx context.Context, root string, opts files.WalkOptions) (<-chan files.WalkedFile, *dirWatch, func() error) {
	key := listKey(root, opts)
	maxAge := s.MaxAge
	if maxAge <= 0 {
		maxAge = DefaultMaxAge
	}
	s.mu.Lock()
	list := s.lists[key]
	s.mu.Unlock()
	switch {
	case list == nil:
	case list.watch != nil:
		stale, changed := list.watch.drain()
		if len(changed) > 0 {
			s.kept.forgetFiles(root, changed)
		}
		if !stale {
			return feed(ctx, list.files, list.watch)
		}
	case time.Since(list.walked) < maxAge:
		same := list.unchanged(ctx)
		if ctx.Err() != nil {
			return feed(ctx, nil, nil) // out of time while checking: keep the list for the next search
		}
		if same {
			return feed(ctx, list.files, nil)
		}
	}

	s.mu.Lock()
	if list != nil && s.lists[key] == list {
		delete(s.lists, key)
		list.drop()
	}
	if job := s.walking[key]; job != nil {
		s.mu.Unlock()
		// Another search is walking: wait for its list.
		select {
		case <-job.done:
			if job.list != nil {
				return feed(ctx, job.list.files, nil) // its watch may already be dropped
			}
			return walkNow(ctx, root, opts) // it was stopped: walk for ourselves
		case <-ctx.Done():
			return feed(ctx, nil, nil)
		}
	}
	if s.ctx.Err() != nil {
		s.mu.Unlock()
		return walkNow(ctx, root, opts) // closed: nothing may run past the search
	}
	job := &walkJob{done: make(chan struct{})}
	s.walking[key] = job
	s.wg.Add(1)
	s.mu.Unlock()

	paths := make(chan files.WalkedFile, 256)
	var walkErr error
	streamed := make(chan struct{}) // closed when the search stops listening
	go func() {
		defer s.wg.Done()
		defer close(job.done)
		streaming := true
		stopStreaming := func() {
			if streaming {
				streaming = false
				close(paths)
			}
		}
		defer stopStreaming()
		l := &fileList{walked: time.Now()}
		watch := watchRoot(root)
		opts.DeferBinaryCheck = true
		opts.OnDir = func(dir string) {
			// Watched and stamped before the walk lists it: a change made
			// while the walk runs makes the list stale rather than being
			// missed. The stamps serve if the watch fails part way.
			if watch != nil && watch.add(dir) != nil {
				watch.close()
				watch = nil
			}
			if info, err := os.Stat(dir); err == nil {
				l.dirs = append(l.dirs, dirStamp{path: dir, modTime: info.ModTime()})
			}
		}
		_, err := files.Walk(s.ctx, root, opts, func(f files.WalkedFile) error {
			l.files = append(l.files, f)
			if streaming {
				select {
				case paths <- f:
				case <-ctx.Done():
					// The search is over; the walk goes on for the next one.
					stopStreaming()
					close(streamed)
				}
			}
			return nil
		})
		if err == nil && watch != nil {
			watch.publish(l.files)
			l.watch = watch
		} else if watch != nil {
			watch.close()
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.walking, key)
		if err != nil {
			if s.ctx.Err() == nil {
				walkErr = err
			}
			return
		}
		if s.ctx.Err() != nil {
			l.drop() // closed while walking: keep nothing that holds a descriptor
			return
		}
		job.list = l
		// One list per root: a list kept for other settings (a changed
		// exclude) would hold its inotify instance, of which a user has
		// only 128, for nothing.
		for other, list := range s.lists {
			if other != key && strings.HasPrefix(other, root+"\x00") {
				list.drop()
				delete(s.lists, other)
			}
		}
		s.lists[key] = l
		s.wg.Add(1)
		go s.prefill(root, l, opts.MaxFileSize)
	}()
	return paths, nil, func() error {
		select {
		case <-job.done:
			return walkErr
		case <-streamed:
			return nil // the search ended first; the walk's outcome is not its concern
		case <-ctx.Done():
			return nil
		}
	}
}

// unchanged reports whether every directory listed by the walk still has
// its modification time, stat-ing them in parallel.
func (l *fileList) unchanged(ctx context.Context) bool {
	const chunk = 256
	var wg sync.WaitGroup
	var mu sync.Mutex
	same := true
	sem := make(chan struct{}, 4)
	for i := 0; i < len(l.dirs); i += chunk {
		part := l.dirs[i:min(i+chunk, len(l.dirs))]
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			for _, d := range part {
				if ctx.Err() != nil {
					return
				}
				info, err := os.Stat(d.path)
				if err != nil || !info.ModTime().Equal(d.modTime) {
					mu.Lock()
					same = false
					mu.Unlock()
					return
				}
			}
		}()
	}
	wg.Wait()
	return same
}

// prefill reads a new list's files into the kept contents while no search
// waits, so that the first searches after a walk do not pay for the reads.
func (s *Searcher) prefill(root string, l *fileList, maxSize int64) {
	defer s.wg.Done()
	var buf []byte
	for _, f := range l.files {
		if s.ctx.Err() != nil {
			return
		}
		if _, ok := treesitter.LanguageForPath(f.Rel); !ok {
			continue
		}
		watch := l.watch
		if watch != nil && !watch.covers(f.Rel) {
			continue // reached through a symlinked directory: searches read it carefully
		}
		path := filepath.Join(root, filepath.FromSlash(f.Rel))
		kept, content, err := s.kept.load(path, watch, maxSize, buf, func(buf []byte) ([]byte, error) {
			return openNoFollow(path, buf, maxSize)
		})
		if err == nil && kept == nil {
			buf = content
		}
	}
}

// noWatch, set by tests, makes every list one checked by times, as where
// inotify is missing.
var noWatch bool

// watchRoot starts a watch for a walk of root, nil if none can be had.
func watchRoot(root string) *dirWatch {
	if noWatch {
		return nil
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil
	}
	watch, err := newDirWatch(realRoot)
	if err != nil {
		return nil
	}
	watch.addRules(filepath.Join(realRoot, ".git", "info"))
	return watch
}

// feed yields a kept list on a channel, with the watch that vouches for it.
func feed(ctx context.Context, list []files.WalkedFile, watch *dirWatch) (<-chan files.WalkedFile, *dirWatch, func() error) {
	paths := make(chan files.WalkedFile, 256)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer close(paths)
		for _, f := range list {
			select {
			case paths <- f:
			case <-ctx.Done():
				return
			}
		}
	}()
	return paths, watch, func() error { <-done; return nil }
}

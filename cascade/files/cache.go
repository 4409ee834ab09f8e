package files

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/callcascade/callcascade/treesitter"
)

// DefaultMaxAge is Cache.MaxAge when it is zero.
const DefaultMaxAge = time.Minute

// Cache keeps each workspace's walked file list between uses (the grep
// stage's searches): on a large repository the walk (listing directories,
// matching .gitignore rules) costs more than reading the files, and the
// grep stage's budget is 150 ms. File contents are kept as well (see
// Contents), each checked before use.
//
// On Linux the walk's directories are watched with inotify (Watch): Files
// reads what changed since the last call from the watch's queue, and walks
// again when an entry was added, removed or renamed, or a .gitignore
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
// it. A Cache is safe for concurrent use.
type Cache struct {
	MaxAge time.Duration // lists checked by times only; 0 means DefaultMaxAge
	// ContentBudget bounds the file contents kept between searches (each
	// checked against the file's size and modification time before use);
	// 0 means DefaultContentBudget.
	ContentBudget int64
	// NoWatch makes every list one checked by times, as where inotify is
	// missing (for tests).
	NoWatch bool
	// Yield, when set, is called between chunks of background work: it
	// waits while a question is being answered (cascade's foreground).
	Yield func(context.Context)
	kept  *Contents

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
	files  []WalkedFile
	dirs   []dirStamp
	walked time.Time
	watch  *Watch  // nil: checked by the directories' times
	words  wordsOf // a watched list's word index (words.go)
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

func (c *Cache) init() {
	c.once.Do(func() {
		c.ctx, c.cancel = context.WithCancel(context.Background())
		c.lists = map[string]*fileList{}
		c.kept = newContents(c.ContentBudget)
		c.walking = map[string]*walkJob{}
	})
}

// Contents are the file contents kept, for the users of the lists.
func (c *Cache) Contents() *Contents {
	c.init()
	return c.kept
}

// Warm starts walking root in the background, if no walk is kept or under
// way, so that the first search (a server's, right after initialize) need
// not walk within its own budget.
func (c *Cache) Warm(root string, opts WalkOptions) {
	c.init()
	abs, err := filepath.Abs(root)
	if err != nil {
		return
	}
	if opts.MaxFileSize <= 0 {
		opts.MaxFileSize = DefaultMaxFileSize
	}
	key := listKey(abs, opts)
	c.mu.Lock()
	busy := c.lists[key] != nil || c.walking[key] != nil
	c.mu.Unlock()
	if busy {
		return
	}
	done, cancel := context.WithCancel(context.Background())
	cancel() // nothing listens: the walk only fills the list
	paths, _, wait := c.Files(done, abs, opts)
	for range paths {
	}
	_ = wait()
}

// ListState says what a Cache keeps for a root, for a status report.
type ListState struct {
	Files       int `json:"files"`       // source files in the kept list
	Directories int `json:"directories"` // directories the walk listed
	// Watched: changes are learnt from inotify; otherwise each search
	// checks the directories' and files' times.
	Watched bool `json:"watched"`
}

// State reports the list kept for root, false if none is kept yet.
func (c *Cache) State(root string) (ListState, bool) {
	c.init()
	abs, err := filepath.Abs(root)
	if err != nil {
		return ListState{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, list := range c.lists {
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
func (c *Cache) Invalidate(root string) {
	c.init()
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, list := range c.lists {
		if list.watch != nil {
			continue
		}
		if root == "" || strings.HasPrefix(key, root+"\x00") {
			list.drop()
			delete(c.lists, key)
		}
	}
	// The kept contents stay: each is checked against its file's stamp
	// before use, and reading every file again would make the next search
	// as slow as the first.
}

// Close stops background walks and waits for them. Searches after Close
// still work, walking for themselves.
func (c *Cache) Close() {
	c.init()
	c.mu.Lock()
	c.cancel() // under mu: no walk starts after this
	c.mu.Unlock()
	c.wg.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, list := range c.lists {
		list.drop() // its inotify descriptor; the next search walks for itself
		delete(c.lists, key)
	}
}

func listKey(root string, opts WalkOptions) string {
	return root + "\x00" + strconv.FormatInt(opts.MaxFileSize, 10) + "\x00" + strings.Join(opts.ExtraIgnores, "\x00")
}

// Files yields the files under root (absolute) on a channel it closes when
// done or when ctx ends: the kept list if it is still good, else a walk
// that keeps its result. It returns the watch that vouches for the files
// (nil if none) and a function, to call after the channel is closed, that
// reports a walk error (never ctx's).
func (c *Cache) Files(ctx context.Context, root string, opts WalkOptions) (<-chan WalkedFile, *Watch, func() error) {
	return c.files(ctx, root, opts, nil)
}

// FilesHolding is Files for a search of name (an identifier name): where
// the kept list is watched and its word index is current, only the files
// that may hold name as a whole word, and those the index cannot speak
// for, are yielded (words.go); otherwise every file, as Files.
func (c *Cache) FilesHolding(ctx context.Context, root string, opts WalkOptions, name []byte) (<-chan WalkedFile, *Watch, func() error) {
	return c.files(ctx, root, opts, name)
}

func (c *Cache) files(ctx context.Context, root string, opts WalkOptions, name []byte) (<-chan WalkedFile, *Watch, func() error) {
	c.init()
	key := listKey(root, opts)
	maxAge := c.MaxAge
	if maxAge <= 0 {
		maxAge = DefaultMaxAge
	}
	c.mu.Lock()
	list := c.lists[key]
	c.mu.Unlock()
	switch {
	case list == nil:
	case list.watch != nil:
		stale, changed := list.watch.drain()
		if len(changed) > 0 {
			c.kept.forgetFiles(root, changed)
		}
		if !stale {
			if name != nil {
				if ix := list.words.index.Load(); ix != nil && ix.gen == c.kept.generation() {
					return feedSome(ctx, list.files, ix.holding(name), list.watch)
				}
				c.reindexWords(root, list, opts.MaxFileSize) // for the searches after this one
			}
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

	c.mu.Lock()
	if list != nil && c.lists[key] == list {
		delete(c.lists, key)
		list.drop()
	}
	if job := c.walking[key]; job != nil {
		c.mu.Unlock()
		// Another search is walking: wait for its list.
		select {
		case <-job.done:
			if job.list != nil {
				return feed(ctx, job.list.files, nil) // its watch may already be dropped
			}
			return Stream(ctx, root, opts) // it was stopped: walk for ourselves
		case <-ctx.Done():
			return feed(ctx, nil, nil)
		}
	}
	if c.ctx.Err() != nil {
		c.mu.Unlock()
		return Stream(ctx, root, opts) // closed: nothing may run past the search
	}
	job := &walkJob{done: make(chan struct{})}
	c.walking[key] = job
	c.wg.Add(1)
	c.mu.Unlock()

	paths := make(chan WalkedFile, 256)
	var walkErr error
	streamed := make(chan struct{}) // closed when the search stops listening
	go func() {
		defer c.wg.Done()
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
		watch := c.watchRoot(root)
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
		_, err := Walk(c.ctx, root, opts, func(f WalkedFile) error {
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
		c.mu.Lock()
		defer c.mu.Unlock()
		delete(c.walking, key)
		if err != nil {
			if c.ctx.Err() == nil {
				walkErr = err
			}
			return
		}
		if c.ctx.Err() != nil {
			l.drop() // closed while walking: keep nothing that holds a descriptor
			return
		}
		job.list = l
		// One list per root: a list kept for other settings (a changed
		// exclude) would hold its inotify instance, of which a user has
		// only 128, for nothing.
		for other, list := range c.lists {
			if other != key && strings.HasPrefix(other, root+"\x00") {
				list.drop()
				delete(c.lists, other)
			}
		}
		c.lists[key] = l
		c.wg.Add(1)
		go c.prefill(root, l, opts.MaxFileSize)
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
func (c *Cache) prefill(root string, l *fileList, maxSize int64) {
	defer c.wg.Done()
	if l.watch != nil && l.words.building.CompareAndSwap(false, true) {
		defer l.words.building.Store(false)
		c.indexWords(root, l, maxSize) // the same reads, and the words indexed
		return
	}
	var buf []byte
	for _, f := range l.files {
		if c.ctx.Err() != nil {
			return
		}
		if _, ok := treesitter.LanguageForPath(f.Rel); !ok {
			continue
		}
		watch := l.watch
		if watch != nil && !watch.Covers(f.Rel) {
			continue // reached through a symlinked directory: searches read it carefully
		}
		path := filepath.Join(root, filepath.FromSlash(f.Rel))
		kept, content, err := c.kept.Load(path, watch, maxSize, buf, func(b []byte) ([]byte, error) {
			read, err := OpenNoFollow(path, b, maxSize)
			buf = read // kept content is a copy: the buffer serves the next file either way
			return read, err
		})
		if err == nil && kept == nil {
			buf = content
		}
	}
}

// watchRoot starts a watch for a walk of root, nil if none can be had.
func (c *Cache) watchRoot(root string) *Watch {
	if c.NoWatch {
		return nil
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil
	}
	watch, err := newWatch(realRoot)
	if err != nil {
		return nil
	}
	watch.addRules(filepath.Join(realRoot, ".git", "info"))
	return watch
}

// feed yields a kept list on a channel, with the watch that vouches for it.
func feed(ctx context.Context, list []WalkedFile, watch *Watch) (<-chan WalkedFile, *Watch, func() error) {
	paths := make(chan WalkedFile, 256)
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

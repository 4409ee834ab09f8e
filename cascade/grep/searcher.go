package grep

import (
	"context"
	"sync"
	"time"

	"github.com/callcascade/callcascade/cascade/files"
)

// Searcher searches like Search but keeps each workspace's walked file list
// and the files' contents between searches, in a files.Cache (which see:
// on Linux an inotify watch keeps the list current; elsewhere it is checked
// by the directories' times and MaxAge). A Searcher is safe for concurrent
// use.
type Searcher struct {
	MaxAge time.Duration // lists checked by times only; 0 means files.DefaultMaxAge
	// ContentBudget bounds the file contents kept between searches (each
	// checked against the file's size and modification time before use);
	// 0 means files.DefaultContentBudget.
	ContentBudget int64
	// Yield, when set, is called between chunks of background work (the
	// contents read and their words indexed after a walk): it waits while
	// a question is being answered.
	Yield func(context.Context)

	once  sync.Once
	cache *files.Cache
}

// noWatch, set by tests, makes every list one checked by times, as where
// inotify is missing.
var noWatch bool

func (s *Searcher) init() {
	s.once.Do(func() {
		s.cache = &files.Cache{MaxAge: s.MaxAge, ContentBudget: s.ContentBudget, NoWatch: noWatch, Yield: s.Yield}
	})
}

// Search is the package's Search with the kept file list.
func (s *Searcher) Search(ctx context.Context, q Query) (Result, error) {
	s.init()
	holding := func(ctx context.Context, root string, opts files.WalkOptions) (<-chan files.WalkedFile, *files.Watch, func() error) {
		return s.cache.FilesHolding(ctx, root, opts, []byte(q.Name))
	}
	return search(ctx, q, holding, s.cache.Contents())
}

// Warm starts walking root in the background, if no walk is kept or under
// way, so that the first search (a server's, right after initialize) need
// not walk within its own budget.
func (s *Searcher) Warm(root string, opts files.WalkOptions) {
	s.init()
	s.cache.Warm(root, opts)
}

// ListState says what a Searcher keeps for a root, for a status report.
type ListState = files.ListState

// State reports the list kept for root, false if none is kept yet.
func (s *Searcher) State(root string) (ListState, bool) {
	s.init()
	return s.cache.State(root)
}

// Invalidate forgets the file lists kept for root (all roots if root is
// ""), as when the editor reports files created or deleted: the next search
// walks again. A watched list stays: its watch has seen those changes.
func (s *Searcher) Invalidate(root string) {
	s.init()
	s.cache.Invalidate(root)
}

// Close stops background walks and waits for them. Searches after Close
// still work, walking for themselves.
func (s *Searcher) Close() {
	s.init()
	s.cache.Close()
}

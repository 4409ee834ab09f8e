// Package index keeps a graph store in step with a workspace: a full
// incremental pass over the files on disk, and single files from the
// editor's buffers afterwards.
package index

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/treesitter"
)

// Indexer keeps a store in step with a workspace root: a full incremental
// pass at start, and single files from the editor's buffers afterwards.
type Indexer struct {
	Root      string // absolute, cleaned
	Store     graph.Store
	Walk      files.WalkOptions
	Logger    *slog.Logger
	Workers   int // parse workers; 0 means one per CPU
	BatchSize int // files per store transaction; 0 means DefaultBatchSize
	// Changed, if set, is called after the store changed (a batch written,
	// a file deleted), so caches derived from the store can be dropped.
	Changed func()

	mu       sync.Mutex
	pending  map[string]chan struct{} // files queued or being parsed by IndexAll
	buffers  map[string]bool          // files whose truth is an editor buffer, not the disk
	progress Progress                 // of the running IndexAll pass
	complete bool                     // a pass has completed: the store holds the whole workspace
	ahead    map[string]string        // files indexed ahead of the pass: their content hash
}

// IndexStats summarises one IndexAll pass.
type IndexStats struct {
	Files     int             `json:"files"`     // source files in the workspace
	Parsed    int             `json:"parsed"`    // files parsed and written
	Unchanged int             `json:"unchanged"` // files skipped by size/mtime or hash
	Deleted   int             `json:"deleted"`   // files dropped from the store
	Failed    int             `json:"failed"`    // files that could not be read
	Bytes     int64           `json:"bytes"`     // bytes parsed
	Symbols   int             `json:"symbols"`
	Calls     int             `json:"calls"`
	Walk      files.WalkStats `json:"walk"`
	Duration  time.Duration   `json:"duration"`
}

// ProgressFunc is told how many of total files are done.
type ProgressFunc func(done, total int)

func (ix *Indexer) logger() *slog.Logger {
	if ix.Logger == nil {
		return slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return ix.Logger
}

// Rel returns the slash-separated path of abs relative to the root, and
// false when abs is outside the root.
func (ix *Indexer) Rel(abs string) (string, bool) {
	rel, err := filepath.Rel(ix.Root, filepath.Clean(abs))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// Abs returns the absolute path of a workspace-relative path.
func (ix *Indexer) Abs(rel string) string {
	return filepath.Join(ix.Root, filepath.FromSlash(rel))
}

// DefaultBatchSize is how many files one store transaction writes during
// an index pass. A file is two rows in the embedded store (issue 16), so a
// batch's cost is mostly per transaction: larger batches commit less often,
// at the price of a few more files' facts held in memory.
const DefaultBatchSize = 256

type parseJob struct {
	file files.WalkedFile
	prev *fact.File
	done chan struct{}
}

// IndexAll brings the store up to date with the files on disk: files whose
// stamps (size, modification time, inode, change time) are unchanged are
// skipped without being read, files whose content hash is unchanged are not
// parsed, removed files are dropped. Requests may run against the store
// while it works.
func (ix *Indexer) IndexAll(ctx context.Context, progress ProgressFunc) (IndexStats, error) {
	start := time.Now()
	// Running from the first moment: while the walk lists the files, the
	// store may hold none of them yet.
	ix.mu.Lock()
	ix.progress = Progress{Running: true}
	ix.mu.Unlock()
	var err error
	defer func() {
		ix.mu.Lock()
		ix.progress.Running = false
		ix.complete = ix.complete || err == nil
		ix.mu.Unlock()
	}()
	var stats IndexStats
	// The store's list is read while the walk lists the disk: a restart
	// with nothing changed is these two and little else.
	type listing struct {
		files []fact.File
		err   error
	}
	listed := make(chan listing, 1)
	go func() {
		var known []fact.File
		var err error
		if u, ok := ix.Store.(unorderedLister); ok {
			known, err = u.FilesUnordered(ctx)
		} else {
			known, err = ix.Store.Files(ctx)
		}
		listed <- listing{known, err}
	}()
	// prev holds the stored files the walk has not found (yet): what is
	// left of it after the walk was deleted from the disk.
	var prev map[string]*fact.File
	var listErr error
	stored := func() error {
		if prev == nil && listErr == nil {
			l := <-listed
			if listErr = l.err; listErr == nil {
				prev = make(map[string]*fact.File, len(l.files))
				for i := range l.files {
					prev[l.files[i].Path] = &l.files[i]
				}
			}
		}
		if listErr != nil {
			return fmt.Errorf("graph: list indexed files: %w", listErr)
		}
		return nil
	}

	var jobs []*parseJob
	walkOpts := ix.Walk
	walkOpts.DeferBinaryCheck = true // checked in parseFile, on content read anyway
	stats.Walk, err = files.Walk(ctx, ix.Root, walkOpts, func(f files.WalkedFile) error {
		if err := stored(); err != nil {
			return err
		}
		stats.Files++
		p := prev[f.Rel]
		delete(prev, f.Rel)
		if p != nil && sameStamps(p, &f) {
			stats.Unchanged++
			return nil
		}
		jobs = append(jobs, &parseJob{file: f, prev: p, done: make(chan struct{})})
		return nil
	})
	// Waits for the list if the walk found no file, or stopped before one.
	if lerr := stored(); lerr != nil {
		err = lerr
		return stats, err
	}
	if err != nil {
		return stats, fmt.Errorf("graph: walk %s: %w", ix.Root, err)
	}

	ix.mu.Lock()
	if ix.pending == nil {
		ix.pending = map[string]chan struct{}{}
	}
	for _, j := range jobs {
		ix.pending[j.file.Rel] = j.done
	}
	ix.progress = Progress{Total: len(jobs), Running: true}
	ix.ahead = nil
	ix.mu.Unlock()
	defer func() { // a cancelled pass must not leave waiters hanging
		ix.mu.Lock()
		ix.progress.Running = false
		ix.ahead = nil
		for _, j := range jobs {
			if ix.pending[j.file.Rel] == j.done {
				delete(ix.pending, j.file.Rel)
			}
			select {
			case <-j.done:
			default:
				close(j.done)
			}
		}
		ix.mu.Unlock()
	}()

	for rel := range prev {
		if !ix.isBuffer(rel) {
			if err := ix.Store.DeleteFile(ctx, rel); err != nil {
				return stats, fmt.Errorf("graph: forget %s: %w", rel, err)
			}
			stats.Deleted++
		}
	}
	if stats.Deleted > 0 {
		ix.changed()
	}

	if err = ix.parseAll(ctx, jobs, &stats, progress); err != nil {
		return stats, err
	}
	stats.Duration = time.Since(start)
	ix.logger().Info("indexed workspace", "root", ix.Root, "files", stats.Files, "parsed", stats.Parsed,
		"unchanged", stats.Unchanged, "deleted", stats.Deleted, "symbols", stats.Symbols, "calls", stats.Calls,
		"duration", stats.Duration.Round(time.Millisecond))
	return stats, nil
}

// sameStamps reports whether the file on disk, as the walk stat'ed it, is
// the one the store indexed: same size, modification time, inode and change
// time. The last two catch a file replaced with the same size and its
// modification time set back (cp -p, rsync -a, touch -r), which size and
// mtime alone miss. A stored file without them (written by a store that
// kept none, or on an OS that reports none) is judged on size and mtime.
func sameStamps(stored *fact.File, disk *files.WalkedFile) bool {
	if stored.Size != disk.Size || stored.ModTime != disk.ModTime.UnixNano() {
		return false
	}
	if stored.Inode == 0 && stored.ChangeTime == 0 {
		return true
	}
	return stored.Inode == disk.Inode && stored.ChangeTime == disk.ChangeTime
}

// unorderedLister is a store that lists its files cheaper in no order:
// a pass looks them up by path.
type unorderedLister interface {
	FilesUnordered(ctx context.Context) ([]fact.File, error)
}

// restamper is a store that can record new stamps of a file whose content
// is unchanged, so that the next pass skips it unread (see restamp).
type restamper interface {
	RestampFiles(ctx context.Context, files []fact.File) error
}

type parsed struct {
	job   *parseJob
	facts *fact.FileFacts // nil: unchanged by hash, or unreadable
	// restamp is set for a file unchanged by hash whose stamps moved: the
	// stored file with the stamps the walk found.
	restamp *fact.File
	err     error
}

func (ix *Indexer) parseAll(ctx context.Context, jobs []*parseJob, stats *IndexStats, progress ProgressFunc) error {
	workers := ix.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	batchSize := ix.BatchSize
	if batchSize <= 0 {
		batchSize = DefaultBatchSize
	}
	if len(jobs) > 0 {
		defer raiseGC()()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	in := make(chan *parseJob)
	out := make(chan parsed, workers*2)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte // this worker's file contents, reused: nothing read keeps them
			for j := range in {
				var ff *fact.FileFacts
				var restamp *fact.File
				var err error
				ff, restamp, buf, err = ix.parseFile(ctx, j, buf)
				select {
				case out <- parsed{job: j, facts: ff, restamp: restamp, err: err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(in)
		for _, j := range jobs {
			select {
			case in <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(out) }()

	// One writer goroutine: parse workers never wait for a transaction.
	type writeBatch struct {
		facts []fact.FileFacts
		jobs  []*parseJob
	}
	writes := make(chan writeBatch, 2)
	writeErr := make(chan error, 1)
	go func() {
		var firstErr error
		for wb := range writes {
			if firstErr == nil {
				if err := ix.Store.ReplaceFiles(ctx, wb.facts); err != nil {
					firstErr = fmt.Errorf("graph: write %d files: %w", len(wb.facts), err)
					cancel() // stop parsing: nothing more can be written
				} else {
					ix.changed()
				}
			}
			ix.finish(wb.jobs)
		}
		writeErr <- firstErr
	}()
	var batch []fact.FileFacts
	var batchJobs []*parseJob
	var restamps []fact.File
	flush := func() {
		if len(batch) > 0 {
			writes <- writeBatch{facts: batch, jobs: batchJobs}
			batch, batchJobs = nil, nil
		}
	}
	done := 0
	lastReport := time.Time{}
	for p := range out {
		done++
		ix.mu.Lock()
		ix.progress.Done = done
		ix.mu.Unlock()
		switch {
		case p.err != nil:
			stats.Failed++
			ix.logger().Warn("cannot index file", "path", p.job.file.Rel, "error", p.err)
			ix.finish([]*parseJob{p.job})
		case p.facts == nil:
			stats.Unchanged++
			if p.restamp != nil {
				restamps = append(restamps, *p.restamp)
			}
			ix.finish([]*parseJob{p.job})
		default:
			stats.Parsed++
			stats.Bytes += p.facts.File.Size
			stats.Symbols += len(p.facts.Symbols)
			stats.Calls += len(p.facts.Calls)
			batch = append(batch, *p.facts)
			batchJobs = append(batchJobs, p.job)
			if len(batch) >= batchSize {
				flush()
			}
		}
		if progress != nil && (time.Since(lastReport) > 100*time.Millisecond || done == len(jobs)) {
			lastReport = time.Now()
			progress(done, len(jobs))
		}
	}
	flush()
	close(writes)
	if err := <-writeErr; err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	ix.restamp(ctx, restamps)
	return nil
}

// restamp records the new stamps of files read and found unchanged by
// hash, where the store can: otherwise every later pass would read and
// hash them again (a touch, a chmod, a checkout back and forth), and a
// warm restart would slow down with each. Failing only costs that, so it
// is logged, not returned.
func (ix *Indexer) restamp(ctx context.Context, files []fact.File) {
	r, ok := ix.Store.(restamper)
	if !ok || len(files) == 0 {
		return
	}
	if err := r.RestampFiles(ctx, files); err != nil {
		ix.logger().Warn("cannot record the stamps of unchanged files; the next pass reads them again", "files", len(files), "error", err)
	}
}

func (ix *Indexer) changed() {
	if ix.Changed != nil {
		ix.Changed()
	}
}

func (ix *Indexer) finish(jobs []*parseJob) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	for _, j := range jobs {
		if ix.pending[j.file.Rel] == j.done {
			delete(ix.pending, j.file.Rel)
		}
		select {
		case <-j.done:
		default:
			close(j.done)
		}
	}
}

// parseFile reads and parses one walked file; nil facts mean "unchanged",
// and restamp, when set, is the stored file with the stamps it has now.
//
// The file is read into buf's memory, returned for the next file: the facts
// keep copies of what they hold of the contents, never the bytes.
func (ix *Indexer) parseFile(ctx context.Context, j *parseJob, buf []byte) (facts *fact.FileFacts, restamp *fact.File, _ []byte, err error) {
	if ix.isBuffer(j.file.Rel) {
		return nil, nil, buf, nil // the editor's buffer is newer than the disk
	}
	content, err := files.ReadFile(j.file.Path, buf, j.file.Size)
	if err != nil {
		return nil, nil, content, err
	}
	if files.IsBinary(content[:min(len(content), files.BinarySniffSize)]) {
		ix.logger().Debug("skipping binary file", "path", j.file.Rel)
		return nil, nil, content, nil
	}
	if j.prev != nil && j.prev.Hash == fact.HashContent(content) {
		if j.file.Size != j.prev.Size {
			return nil, nil, content, nil // changed since the walk stat'ed it: the next pass looks again
		}
		f := *j.prev
		setStamps(&f, &j.file)
		return nil, &f, content, nil
	}
	if ix.indexedAhead(j.file.Rel, content) {
		return nil, nil, content, nil
	}
	ff, err := ix.factsFor(ctx, j.file.Rel, content)
	if err != nil {
		return nil, nil, content, err
	}
	setStamps(&ff.File, &j.file)
	return &ff, nil, content, nil
}

// setStamps gives f the stamps of the file as the walk stat'ed it: those
// from before it was read, so a change made while it was read shows at the
// next pass. (The size is the content's, as read.)
func setStamps(f *fact.File, disk *files.WalkedFile) {
	f.ModTime = disk.ModTime.UnixNano()
	f.Inode, f.ChangeTime = disk.Inode, disk.ChangeTime
}

// ErrUnsupported is returned for files in no supported language.
var ErrUnsupported = errors.New("graph: unsupported language")

func (ix *Indexer) factsFor(ctx context.Context, rel string, content []byte) (fact.FileFacts, error) {
	if path.Base(rel) == "go.mod" {
		return fact.GoModFacts(rel, content), nil
	}
	lang, ok := treesitter.LanguageForPath(rel)
	if !ok {
		return fact.FileFacts{}, fmt.Errorf("%w: %s", ErrUnsupported, rel)
	}
	facts, err := treesitter.Extract(ctx, lang, content)
	if err != nil {
		return fact.FileFacts{}, fmt.Errorf("graph: parse %s: %w", rel, err)
	}
	return fact.BuildFileFacts(rel, content, facts), nil
}

// IndexContent re-indexes one file from content (an editor buffer, or the
// disk after a save). Unchanged content is a no-op.
func (ix *Indexer) IndexContent(ctx context.Context, rel string, content []byte) error {
	if prev, err := ix.Store.File(ctx, rel); err == nil && prev.Hash == fact.HashContent(content) {
		return nil
	}
	ff, err := ix.factsFor(ctx, rel, content)
	if err != nil {
		return err
	}
	if int64(len(content)) > ix.maxFileSize() {
		ix.logger().Info("skipping large buffer", "path", rel, "size", len(content), "limit", ix.maxFileSize())
		return nil
	}
	if err := ix.Store.ReplaceFiles(ctx, []fact.FileFacts{ff}); err != nil {
		return err
	}
	ix.changed()
	return nil
}

func (ix *Indexer) maxFileSize() int64 {
	if ix.Walk.MaxFileSize > 0 {
		return ix.Walk.MaxFileSize
	}
	return files.DefaultMaxFileSize
}

// SetBuffer marks rel as owned by an editor buffer (open) or by the disk
// again (closed); while owned by a buffer, IndexAll does not overwrite it.
func (ix *Indexer) SetBuffer(rel string, open bool) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.buffers == nil {
		ix.buffers = map[string]bool{}
	}
	if open {
		ix.buffers[rel] = true
	} else {
		delete(ix.buffers, rel)
	}
}

func (ix *Indexer) isBuffer(rel string) bool {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.buffers[rel]
}

// Reload re-indexes rel from the disk (after a buffer closes), or forgets it
// when the file no longer exists.
func (ix *Indexer) Reload(ctx context.Context, rel string) error {
	content, err := os.ReadFile(ix.Abs(rel))
	if errors.Is(err, os.ErrNotExist) {
		defer ix.changed()
		return ix.Store.DeleteFile(ctx, rel)
	}
	if err != nil {
		return err
	}
	return ix.IndexContent(ctx, rel, content)
}

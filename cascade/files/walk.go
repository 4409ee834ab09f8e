// Package files owns what the cascade knows about a workspace's files:
// walking it (ignore rules from .gitignore, .git/info/exclude and the
// user's excludes; size and binary limits; symlinks that leave the root),
// and for the grep stage, the walked file lists kept between searches, the
// inotify watch that keeps them current and the cache of file contents.
package files

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/callcascade/callcascade/treesitter"
)

// DefaultMaxFileSize is WalkOptions.MaxFileSize when it is zero. Larger
// source files are nearly always generated data and would cost more to parse
// than their calls are worth. Between MinifiedCheckSize and this, real
// sources exist (a 1.2 MB React component file, an API client generated from
// an OpenAPI schema whose functions the code calls), and so do minified
// bundles, which looksMinified tells apart.
const DefaultMaxFileSize = 4 << 20

// MinifiedCheckSize is the size above which a file is read for the shape of a
// minified bundle before it is yielded. Smaller files are not: reading every
// file's head would cost a warm restart its speed, and a small bundle costs
// little to parse.
const MinifiedCheckSize = 1 << 20

// minifiedSniffSize is how much of a large file looksMinified reads.
const minifiedSniffSize = 64 << 10

// minifiedLineLength is the average line length above which a file's head is
// a minified bundle's: hand-written and generated sources average under 100
// bytes a line; bundles put tens of kilobytes on one line.
const minifiedLineLength = 500

// BinarySniffSize is how much of a file IsBinary looks at, as git does.
const BinarySniffSize = 8 << 10

// DefaultSkipDirs are directory names the walker never enters, wherever they
// are: version control, third-party dependencies, virtual environments,
// tool caches and editor settings. None holds the workspace's own source,
// and some (node_modules) hold more files than the workspace itself.
// .yarn is Yarn's own: its release, plugins and SDKs (bundles a project
// commits, as medusa does, whose every `create` a grep of a project method
// had to parse), its cache and its unplugged packages.
var DefaultSkipDirs = []string{
	".git", ".hg", ".svn",
	"node_modules", "bower_components", "vendor", ".yarn",
	".venv", "venv", "__pycache__", ".tox", ".mypy_cache", ".pytest_cache", ".ruff_cache",
	".gradle", ".terraform",
	".idea", ".vscode",
}

// BuildOutputDirs are directory names of build outputs (bundles, compiled
// copies of the sources, coverage reports), skipped like DefaultSkipDirs
// unless the directory directly holds sources (holdsSource): Go has no build
// output directories, and `build` or `target` is a perfectly good Go or
// Python package name.
var BuildOutputDirs = []string{"dist", "build", "target", ".next", ".nuxt", "coverage"}

// holdsSource reports whether a directory named like a build output (see
// BuildOutputDirs) directly holds sources no build writes there: a .go
// file, or an __init__.py, which makes it a Python package (a project's
// app/coverage/ or tools/build/, whose modules pyright resolves). A .ts
// file is not enough: code generators write those into build/ too.
func holdsSource(entries []dirEntry) bool {
	return slices.ContainsFunc(entries, func(e dirEntry) bool {
		return e.typ == 0 && (strings.HasSuffix(e.name, ".go") || e.name == "__init__.py")
	})
}

// WalkOptions tunes Walk. The zero value is ready to use.
type WalkOptions struct {
	// MaxFileSize is the largest file yielded, in bytes; 0 means
	// DefaultMaxFileSize.
	MaxFileSize int64
	// ExtraIgnores are gitignore-syntax patterns relative to the root, from
	// the user's configuration. They take precedence over .gitignore files.
	ExtraIgnores []string
	// Logger receives skipped files; nil discards.
	Logger *slog.Logger
	// DeferBinaryCheck yields files without reading their first bytes: the
	// caller checks IsBinary on the content it reads anyway, so a walk over
	// unchanged files opens none of them.
	DeferBinaryCheck bool
	// OnDir, if set, is called with the real path of each directory the
	// walk lists, just before listing it: a caller keeping the file list
	// can tell from the directories' modification times when it is stale.
	// Directories are listed in parallel, in no set order, but OnDir is
	// called by one goroutine at a time, and never after Walk returns.
	OnDir func(dir string)
}

// WalkedFile is a source file found by Walk.
type WalkedFile struct {
	Path    string // absolute, under the root as given to Walk
	Rel     string // slash-separated, relative to the root
	Size    int64
	ModTime time.Time
	// Inode and ChangeTime (the ctime, unix nanoseconds), where the OS
	// reports them (zero elsewhere): with the size and modification time,
	// the stamps an index pass compares to skip reading a file.
	Inode      uint64
	ChangeTime int64
}

// WalkStats counts what a walk yielded and what it left out, so "why is my
// file not indexed?" has an answer in the status report.
type WalkStats struct {
	Files            int `json:"files"`            // files yielded
	Ignored          int `json:"ignored"`          // files and directories excluded by a skip list, .gitignore, info/exclude or ExtraIgnores
	TooLarge         int `json:"tooLarge"`         // files over MaxFileSize
	Minified         int `json:"minified"`         // files named as minified (x.min.js), or over MinifiedCheckSize and shaped like a minified bundle
	Binary           int `json:"binary"`           // files with a NUL byte in their first 8 KiB
	Unreadable       int `json:"unreadable"`       // files and directories that could not be read
	SymlinksSkipped  int `json:"symlinksSkipped"`  // links leading outside the root, nowhere, or somewhere already walked
	SymlinksFollowed int `json:"symlinksFollowed"` // links to something inside the root the walk would not otherwise reach
}

// looksMinified reports whether a file's head (its first minifiedSniffSize
// bytes) has the long lines of a minified bundle.
func looksMinified(head []byte) bool {
	lines := bytes.Count(head, []byte{'\n'}) + 1
	return len(head)/lines > minifiedLineLength
}

// IsBinary reports whether a file whose content begins with prefix is binary:
// like git, it looks for a NUL byte (pass at most the first 8 KiB).
func IsBinary(prefix []byte) bool {
	return bytes.IndexByte(prefix, 0) >= 0
}

// Walk calls fn for every source file under root that treesitter can parse,
// and for every go.mod (the indexer reads module paths from them), in a
// deterministic order: sorted by path, then the files reached through
// symlinks, in the order the links were found.
//
// It honours .gitignore files at every level (each scoped to its directory),
// .git/info/exclude, DefaultSkipDirs, BuildOutputDirs and opts.ExtraIgnores;
// skips files over the size limit, binary files and unreadable files (logged,
// the walk goes on). It reads nothing outside root: a symlink whose target
// lies outside is never followed. A symlink inside root is followed only when
// its target is something the walk does not otherwise reach (an ignored build
// directory linked into the sources, say), and each real directory is walked
// at most once, so the same file is never yielded under two paths and link
// cycles end.
//
// Directories are read, matched against the ignore rules and their files
// stat'ed on every CPU at once (a warm restart is this walk and little
// else), but fn is called from Walk's own goroutine, one file at a time, in
// the order above.
//
// Walk stops at the first error fn returns and returns that error, and
// returns ctx.Err() when ctx is done.
func Walk(ctx context.Context, root string, opts WalkOptions, fn func(f WalkedFile) error) (WalkStats, error) {
	ctx, cancel := context.WithCancel(ctx)
	w := &walker{ctx: ctx, opts: opts, fn: fn, log: opts.Logger,
		visitedDirs: map[string]*dirJob{}, yielded: map[string]bool{}}
	w.ready = sync.NewCond(&w.mu)
	defer w.stop(cancel)
	if w.log == nil {
		w.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if w.opts.MaxFileSize <= 0 {
		w.opts.MaxFileSize = DefaultMaxFileSize
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return w.stats, fmt.Errorf("graph: walk %s: %w", root, err)
	}
	w.root = filepath.Clean(abs)
	w.rootPrefix = w.root
	if !strings.HasSuffix(w.rootPrefix, string(filepath.Separator)) {
		w.rootPrefix += string(filepath.Separator)
	}
	// Resolve the root itself once: a workspace opened through a symlink is
	// still walked, and "inside root" is judged on real paths.
	if w.realRoot, err = filepath.EvalSymlinks(w.root); err != nil {
		return w.stats, fmt.Errorf("graph: walk %s: %w", root, err)
	}
	if info, err := os.Stat(w.realRoot); err != nil {
		return w.stats, fmt.Errorf("graph: walk %s: %w", root, err)
	} else if !info.IsDir() {
		return w.stats, fmt.Errorf("graph: walk %s: not a directory", root)
	}
	for _, line := range opts.ExtraIgnores {
		if p, ok := parseIgnoreLine(line, nil); ok {
			w.extra = append(w.extra, p)
		}
	}
	for range max(1, runtime.GOMAXPROCS(0)) {
		w.workers.Add(1)
		go w.work(&reader{})
	}

	// .git/info/exclude has the lowest priority of all ignore sources.
	base := w.readIgnoreFile(filepath.Join(w.realRoot, ".git", "info", "exclude"), nil)
	if err := w.walkDir(w.realRoot, nil, base, false); err != nil {
		return w.stats, err
	}
	// Links found during the walk are resolved only now that every real
	// directory reachable without them has been walked. A link's tree may
	// add further links; the loop picks them up.
	for i := 0; i < len(w.deferred); i++ {
		if err := w.followLink(w.deferred[i]); err != nil {
			return w.stats, err
		}
	}
	return w.stats, nil
}

type walker struct {
	ctx  context.Context
	opts WalkOptions
	fn   func(WalkedFile) error
	log  *slog.Logger
	root string // absolute and clean, as given: yielded paths live under it
	// rootPrefix is root ending in a separator: a yielded file's Path is
	// rootPrefix + its Rel, with the separators of the OS.
	rootPrefix string
	realRoot   string // root with symlinks resolved: what "inside root" means
	extra      ignoreRules
	// tracked: the git index's files, kept though ignored (tracked.go),
	// read on the first entry a rule ignores (trackedOnce): most walks
	// meet none outside the skip lists, and reading a large index costs
	// a warm restart more than its walk.
	tracked     *trackedPaths
	trackedOnce sync.Once
	stats       WalkStats // of the files and directories yielded so far

	visitedDirs map[string]*dirJob // by real path, the directories walked
	yielded     map[string]bool    // real paths of files yielded through links
	deferred    []link
	reader      reader // Walk's goroutine's, for the directories it reads itself

	// Directories waiting to be read, most recently found first, so the
	// workers run ahead of Walk's goroutine in the order it needs them.
	mu      sync.Mutex
	onDirMu sync.Mutex // calls of opts.OnDir, one at a time
	ready   *sync.Cond
	queue   []*dirJob
	closed  bool
	workers sync.WaitGroup
}

// link is a symlink found during the walk, resolved to a real target inside
// the root, waiting for the main walk to finish.
type link struct {
	target   string   // real path
	rel      []string // the link's own path, under which its content is yielded
	isDir    bool
	patterns ignoreRules // ignore rules in force where the link is
}

// dirJob is one directory to read: by a worker, or by Walk's goroutine when
// it needs the directory before any worker has taken it.
type dirJob struct {
	dir         string // real path
	rel         []string
	relSlash    string      // rel joined by slashes
	patterns    ignoreRules // of its ancestors, lowest priority first
	buildOutput bool
	// onlyTracked: the directory is ignored, entered for the files git
	// tracks in it; nothing else in it is walked.
	onlyTracked bool

	taken atomic.Bool
	done  chan struct{}
	// What reading it found, in directory order, and what it left out.
	items []dirItem
	stats WalkStats
}

// dirItem is a subdirectory to walk, a link to follow later, or (neither
// set) a file to yield.
type dirItem struct {
	sub  *dirJob
	link *link
	file WalkedFile
}

// reader is what one goroutine reads directories with: a lister, and
// memory reused from one directory to the next.
type reader struct {
	lister  lister
	entries []dirEntry
	rules   dirRules
}

// yields reports whether the walk yields, from j, the file whose real path
// is real.
func (j *dirJob) yields(real string) bool {
	name := filepath.Base(real)
	for _, it := range j.items {
		if it.sub == nil && it.link == nil && filepath.Base(it.file.Path) == name {
			return true
		}
	}
	return false
}

func (w *walker) newJob(dir string, rel []string, patterns ignoreRules, buildOutput bool) *dirJob {
	return &dirJob{dir: dir, rel: rel, relSlash: strings.Join(rel, "/"), patterns: patterns, buildOutput: buildOutput, done: make(chan struct{})}
}

// work reads queued directories until Walk ends.
func (w *walker) work(r *reader) {
	defer w.workers.Done()
	for {
		w.mu.Lock()
		for len(w.queue) == 0 && !w.closed {
			w.ready.Wait()
		}
		if len(w.queue) == 0 {
			w.mu.Unlock()
			return
		}
		j := w.queue[len(w.queue)-1]
		w.queue = w.queue[:len(w.queue)-1]
		w.mu.Unlock()
		w.run(j, r)
	}
}

// stop ends the workers: queued directories are dropped unread.
func (w *walker) stop(cancel context.CancelFunc) {
	cancel()
	w.mu.Lock()
	w.closed = true
	w.ready.Broadcast()
	w.mu.Unlock()
	w.workers.Wait()
}

// run reads j with r unless someone else has taken it.
func (w *walker) run(j *dirJob, r *reader) {
	if !j.taken.CompareAndSwap(false, true) {
		return
	}
	defer close(j.done)
	if w.ctx.Err() != nil {
		return // Walk is over, or about to return the error
	}
	subs := w.readDir(j, r)
	if len(subs) == 0 {
		return
	}
	w.mu.Lock()
	for i := len(subs) - 1; i >= 0; i-- { // the first on top
		w.queue = append(w.queue, subs[i])
	}
	w.ready.Broadcast()
	w.mu.Unlock()
}

// walkDir walks the real directory dir, known to the walk as rel. patterns
// are the ignore rules of its ancestors, lowest priority first.
func (w *walker) walkDir(dir string, rel []string, patterns ignoreRules, buildOutput bool) error {
	return w.emit(w.newJob(dir, rel, patterns, buildOutput))
}

// emit yields what j found, in order, walking its subdirectories in turn.
func (w *walker) emit(j *dirJob) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	w.run(j, &w.reader) // at once, unless a worker has it already
	select {
	case <-j.done:
	case <-w.ctx.Done():
		return w.ctx.Err()
	}
	if err := w.ctx.Err(); err != nil {
		return err // j may have been left unread
	}
	w.visitedDirs[j.dir] = j
	w.addStats(j.stats)
	for _, it := range j.items {
		if err := w.ctx.Err(); err != nil {
			return err
		}
		switch {
		case it.sub != nil:
			if err := w.emit(it.sub); err != nil {
				return err
			}
		case it.link != nil:
			w.deferred = append(w.deferred, *it.link)
		default:
			w.stats.Files++
			if err := w.fn(it.file); err != nil {
				return err
			}
		}
	}
	return nil
}

func (w *walker) addStats(s WalkStats) {
	w.stats.Ignored += s.Ignored
	w.stats.TooLarge += s.TooLarge
	w.stats.Minified += s.Minified
	w.stats.Binary += s.Binary
	w.stats.Unreadable += s.Unreadable
	w.stats.SymlinksSkipped += s.SymlinksSkipped
}

// readDir reads j's directory into j.items with r and returns the
// subdirectories to read. It touches nothing of the walker's but its
// settings (and calls OnDir under its own lock), so any number run at once.
func (w *walker) readDir(j *dirJob, r *reader) []*dirJob {
	if w.opts.OnDir != nil {
		w.onDirMu.Lock()
		w.opts.OnDir(j.dir)
		w.onDirMu.Unlock()
	}
	d, entries, err := r.lister.list(j.dir, r.entries[:0])
	r.entries = entries[:0]
	if err != nil {
		j.stats.Unreadable++
		w.log.Warn("graph: skipping unreadable directory", "path", j.dir, "err", err)
		return nil
	}
	defer d.close()
	if j.buildOutput && !holdsSource(entries) {
		j.stats.Ignored++
		return nil
	}
	slices.SortFunc(entries, func(a, b dirEntry) int { return strings.Compare(a.name, b.name) })
	// This directory's .gitignore outranks its ancestors'. Clip so that
	// sibling directories never share (and overwrite) a backing array.
	patterns := slices.Clip(j.patterns)
	if slices.ContainsFunc(entries, func(e dirEntry) bool { return e.name == ".gitignore" && e.typ == 0 }) {
		patterns = append(patterns, w.readIgnoreFile(filepath.Join(j.dir, ".gitignore"), j.rel)...)
	}
	matcher := append(slices.Clip(patterns), w.extra...)
	rules := &r.rules
	matcher.forDir(j.rel, rules)
	// A file's Path is this plus a separator and its name.
	dirPath := w.pathOf(j.relSlash)

	var subs []*dirJob
	var sniff []byte
	j.items = make([]dirItem, 0, len(entries))
	for _, entry := range entries {
		if w.ctx.Err() != nil {
			return nil
		}
		name := entry.name
		switch entry.typ {
		case fs.ModeSymlink:
			childRel := append(slices.Clip(j.rel), name)
			if l := w.resolveLink(filepath.Join(j.dir, name), childRel, patterns, matcher, &j.stats); l != nil {
				j.items = append(j.items, dirItem{link: l})
			}
		case fs.ModeDir:
			onlyTracked := j.onlyTracked || rules.match(name, true)
			if slices.Contains(DefaultSkipDirs, name) || onlyTracked && (!w.trackedPaths().holdsUnder(joinRel(j.relSlash, name)) || w.excluded(j.rel, name, true)) {
				j.stats.Ignored++
				continue
			}
			childRel := append(slices.Clip(j.rel), name)
			sub := w.newJob(filepath.Join(j.dir, name), childRel, patterns, slices.Contains(BuildOutputDirs, name))
			sub.onlyTracked = onlyTracked
			subs = append(subs, sub)
			j.items = append(j.items, dirItem{sub: sub})
		case 0: // a regular file
			if !wanted(name) {
				continue
			}
			if minifiedName(name) {
				j.stats.Minified++
				continue
			}
			if (j.onlyTracked || rules.match(name, false)) && (!w.trackedPaths().holds(joinRel(j.relSlash, name)) || w.excluded(j.rel, name, false)) {
				j.stats.Ignored++
				continue
			}
			st, err := d.stat(j.dir, name)
			if err == nil && st.mode != 0 {
				err = errors.New("no longer a regular file")
			}
			if err != nil {
				j.stats.Unreadable++
				w.log.Warn("graph: skipping unreadable file", "path", filepath.Join(j.dir, name), "err", err)
				continue
			}
			var path string
			if j.relSlash == "" {
				path = w.rootPrefix + name
			} else {
				path = dirPath + string(filepath.Separator) + name
			}
			if f, ok := w.admit(j.dir, name, path, st, &j.stats, &sniff); ok {
				j.items = append(j.items, dirItem{file: f})
			}
		}
		// Devices, sockets and pipes are not source.
	}
	return subs
}

// trackedPaths reads the root's git index on first use (any worker).
func (w *walker) trackedPaths() *trackedPaths {
	w.trackedOnce.Do(func() { w.tracked = readTracked(w.realRoot) })
	return w.tracked
}

// excluded reports whether the user's own excludes (opts.ExtraIgnores)
// ignore the entry name of the directory rel: they hold for a file git
// tracks too. Asked only of the entries .gitignore ignores.
func (w *walker) excluded(rel []string, name string, isDir bool) bool {
	if len(w.extra) == 0 {
		return false
	}
	var d dirRules
	w.extra.forDir(rel, &d)
	return d.match(name, isDir)
}

// joinRel is the slash path of name in the directory at slash path dir.
func joinRel(dir, name string) string {
	if dir == "" {
		return name
	}
	return dir + "/" + name
}

// pathOf returns the Path of the file or directory at the slash-separated
// rel.
func (w *walker) pathOf(rel string) string {
	if rel == "" {
		return w.root
	}
	return w.rootPrefix + filepath.FromSlash(rel)
}

// wanted reports whether a file name is one Walk yields.
func wanted(name string) bool {
	if name == "go.mod" {
		return true
	}
	_, ok := treesitter.LanguageForPath(name)
	return ok
}

// minifiedName reports whether a file is named as a minified bundle
// (jquery.min.js, plugin.min.mjs), which no one writes by hand and whose
// one-letter names only add noise to call sites: a Django application that
// commits TinyMCE's 34 minified plugins had them parsed, their sites of "e"
// and "n" resolved ahead by the warm-up, for nothing a user asks. GitHub's
// linguist counts the same names as generated. Below MinifiedCheckSize
// nothing else reads a file's head, so the name is the cheap test.
func minifiedName(name string) bool {
	lower := strings.ToLower(name)
	for _, ext := range []string{".min.js", ".min.mjs", ".min.cjs"} {
		if strings.HasSuffix(lower, ext) {
			return true
		}
	}
	return false
}

// resolveLink resolves a symlink, and returns it when it leads to a
// directory or wanted file inside the root (to be followed after the main
// walk), counting in stats what it leaves out.
func (w *walker) resolveLink(path string, rel []string, patterns, matcher ignoreRules, stats *WalkStats) *link {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		// Dangling, or a loop the OS gave up on.
		stats.SymlinksSkipped++
		w.log.Debug("graph: skipping unresolvable symlink", "path", path, "err", err)
		return nil
	}
	targetRel, inside := within(w.realRoot, target)
	if !inside {
		stats.SymlinksSkipped++
		w.log.Debug("graph: not following symlink out of the workspace", "path", path, "target", target)
		return nil
	}
	info, err := os.Stat(target)
	if err != nil {
		stats.SymlinksSkipped++
		return nil
	}
	name := rel[len(rel)-1]
	switch {
	case info.IsDir():
		// A link into dependencies or version control is never followed,
		// whatever it is called.
		for _, part := range append(targetRel, name) {
			if slices.Contains(DefaultSkipDirs, part) {
				stats.Ignored++
				return nil
			}
		}
		if matcher.Match(rel, true) {
			stats.Ignored++
			return nil
		}
	case info.Mode().IsRegular():
		if !wanted(name) {
			return nil
		}
		if minifiedName(name) {
			stats.Minified++
			return nil
		}
		if matcher.Match(rel, false) {
			stats.Ignored++
			return nil
		}
	default:
		return nil
	}
	return &link{target: target, rel: rel, isDir: info.IsDir(), patterns: patterns}
}

// followLink walks or yields a queued link unless its target has been walked
// or yielded already.
func (w *walker) followLink(l link) error {
	if l.isDir && w.visitedDirs[l.target] != nil || !l.isDir && w.yieldedFile(l.target) {
		w.stats.SymlinksSkipped++
		return nil
	}
	w.stats.SymlinksFollowed++
	if l.isDir {
		return w.walkDir(l.target, l.rel, l.patterns, false)
	}
	f := w.checkFile(l.target, l.rel, &w.stats, nil)
	if f == nil {
		return nil
	}
	w.yielded[l.target] = true
	w.stats.Files++
	return w.fn(*f)
}

// yieldedFile reports whether the walk has yielded the file whose real
// path is real.
func (w *walker) yieldedFile(real string) bool {
	if w.yielded[real] {
		return true // through a link
	}
	j := w.visitedDirs[filepath.Dir(real)]
	return j != nil && j.yields(real)
}

// within returns the components of target relative to root, and whether
// target is root or lies under it.
func within(root, target string) ([]string, bool) {
	rel, err := filepath.Rel(root, target)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return nil, false
	}
	if rel == "." {
		return nil, true
	}
	return strings.Split(rel, string(filepath.Separator)), true
}

// checkFile stats a file and checks its size and content, and returns it
// as Walk yields it, or nil (counted in stats) when it is not to be
// yielded. path is real; rel is the file's path in the walk. sniff is a
// buffer for the binary check, allocated on first use; nil allocates one.
func (w *walker) checkFile(path string, rel []string, stats *WalkStats, sniff *[]byte) *WalkedFile {
	st, err := statPath(path, true)
	if err != nil {
		stats.Unreadable++
		w.log.Warn("graph: skipping unreadable file", "path", path, "err", err)
		return nil
	}
	dir, name := filepath.Split(path)
	f, ok := w.admit(dir, name, w.pathOf(strings.Join(rel, "/")), st, stats, sniff)
	if !ok {
		return nil
	}
	return &f
}

// admit checks the size and (unless deferred) the content of a file stat'ed
// as st, and returns it as Walk yields it, or false (counted in stats). The
// file is name in the real directory dir; path is its Path (root, a
// separator, the path in the walk).
func (w *walker) admit(dir, name, path string, st fileStat, stats *WalkStats, sniff *[]byte) (WalkedFile, bool) {
	size := st.size
	if size > w.opts.MaxFileSize {
		stats.TooLarge++
		w.log.Info("skipping large file", "path", filepath.Join(dir, name), "size", size, "limit", w.opts.MaxFileSize)
		return WalkedFile{}, false
	}
	large := size > MinifiedCheckSize
	if large || !w.opts.DeferBinaryCheck {
		// One read serves both checks: the first 8 KiB for binary, and for
		// a large file the first 64 KiB for a minified bundle's shape.
		var buf []byte
		if large {
			buf = make([]byte, minifiedSniffSize)
		} else {
			if sniff == nil {
				sniff = new([]byte)
			}
			if *sniff == nil {
				*sniff = make([]byte, BinarySniffSize)
			}
			buf = *sniff
		}
		real := filepath.Join(dir, name)
		head, err := readPrefix(real, buf)
		if err != nil {
			stats.Unreadable++
			w.log.Warn("graph: skipping unreadable file", "path", real, "err", err)
			return WalkedFile{}, false
		}
		if !w.opts.DeferBinaryCheck && IsBinary(head[:min(len(head), BinarySniffSize)]) {
			stats.Binary++
			w.log.Debug("graph: skipping binary file", "path", real)
			return WalkedFile{}, false
		}
		if large && looksMinified(head) {
			stats.Minified++
			w.log.Info("skipping minified file", "path", real, "size", size)
			return WalkedFile{}, false
		}
	}
	// Rel is the tail of Path: with slashes, the same bytes.
	return WalkedFile{Path: path, Rel: filepath.ToSlash(path[len(w.rootPrefix):]), Size: size, ModTime: st.modTime,
		Inode: st.inode, ChangeTime: st.changeTime}, true
}

// readPrefix reads at most the first len(buf) bytes of a file into buf.
func readPrefix(path string, buf []byte) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err
	}
	return buf[:n], nil
}

// readIgnoreFile parses a gitignore-syntax file whose patterns apply under
// domain. A missing file has no patterns; so has one that is not a regular
// file (a .gitignore symlinked from elsewhere is not read).
func (w *walker) readIgnoreFile(path string, domain []string) ignoreRules {
	info, err := os.Lstat(path)
	if err != nil || !info.Mode().IsRegular() {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		w.log.Warn("graph: cannot read ignore file", "path", path, "err", err)
		return nil
	}
	var patterns ignoreRules
	for line := range strings.SplitSeq(string(data), "\n") {
		if p, ok := parseIgnoreLine(line, domain); ok {
			patterns = append(patterns, p)
		}
	}
	return patterns
}

// dirEntry is one entry of a listed directory: its name and type (0 for a
// regular file, fs.ModeDir, fs.ModeSymlink, fs.ModeIrregular for the rest).
type dirEntry struct {
	name string
	typ  fs.FileMode
}

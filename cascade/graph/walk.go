package graph

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
	"slices"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/callcascade/callcascade/treesitter"
)

// DefaultMaxFileSize is WalkOptions.MaxFileSize when it is zero. Larger
// source files are nearly always generated or minified and would cost more
// to parse than their calls are worth.
const DefaultMaxFileSize = 1 << 20

// binarySniffSize is how much of a file IsBinary looks at, as git does.
const binarySniffSize = 8 << 10

// DefaultSkipDirs are directory names the walker never enters, wherever they
// are: version control, third-party dependencies, virtual environments,
// tool caches and editor settings. None holds the workspace's own source,
// and some (node_modules) hold more files than the workspace itself.
var DefaultSkipDirs = []string{
	".git", ".hg", ".svn",
	"node_modules", "bower_components", "vendor",
	".venv", "venv", "__pycache__", ".tox", ".mypy_cache", ".pytest_cache", ".ruff_cache",
	".gradle", ".terraform",
	".idea", ".vscode",
}

// BuildOutputDirs are directory names of build outputs (bundles, compiled
// copies of the sources, coverage reports), skipped like DefaultSkipDirs
// unless the directory directly holds a .go file: Go has no build output
// directories, and `build` or `target` is a perfectly good Go package name.
var BuildOutputDirs = []string{"dist", "build", "target", ".next", ".nuxt", "coverage"}

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
	OnDir func(dir string)
}

// WalkedFile is a source file found by Walk.
type WalkedFile struct {
	Path    string // absolute, under the root as given to Walk
	Rel     string // slash-separated, relative to the root
	Size    int64
	ModTime time.Time
}

// WalkStats counts what a walk yielded and what it left out, so "why is my
// file not indexed?" has an answer in the status report.
type WalkStats struct {
	Files            int `json:"files"`            // files yielded
	Ignored          int `json:"ignored"`          // files and directories excluded by a skip list, .gitignore, info/exclude or ExtraIgnores
	TooLarge         int `json:"tooLarge"`         // files over MaxFileSize
	Binary           int `json:"binary"`           // files with a NUL byte in their first 8 KiB
	Unreadable       int `json:"unreadable"`       // files and directories that could not be read
	SymlinksSkipped  int `json:"symlinksSkipped"`  // links leading outside the root, nowhere, or somewhere already walked
	SymlinksFollowed int `json:"symlinksFollowed"` // links to something inside the root the walk would not otherwise reach
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
// Walk stops at the first error fn returns and returns that error, and
// returns ctx.Err() when ctx is done.
func Walk(ctx context.Context, root string, opts WalkOptions, fn func(f WalkedFile) error) (WalkStats, error) {
	w := &walker{ctx: ctx, opts: opts, fn: fn, log: opts.Logger,
		visitedDirs: map[string]bool{}, yielded: map[string]bool{}}
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
	ctx      context.Context
	opts     WalkOptions
	fn       func(WalkedFile) error
	log      *slog.Logger
	root     string // absolute and clean, as given: yielded paths live under it
	realRoot string // root with symlinks resolved: what "inside root" means
	extra    []gitignore.Pattern
	stats    WalkStats

	visitedDirs map[string]bool // real paths of directories walked
	yielded     map[string]bool // real paths of files yielded
	deferred    []link
	sniff       [binarySniffSize]byte
}

// link is a symlink found during the walk, resolved to a real target inside
// the root, waiting for the main walk to finish.
type link struct {
	target   string   // real path
	rel      []string // the link's own path, under which its content is yielded
	isDir    bool
	patterns []gitignore.Pattern // ignore rules in force where the link is
}

// walkDir walks the real directory dir, known to the walk as rel. patterns
// are the ignore rules of its ancestors, lowest priority first.
func (w *walker) walkDir(dir string, rel []string, patterns []gitignore.Pattern, buildOutput bool) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	w.visitedDirs[dir] = true
	if w.opts.OnDir != nil {
		w.opts.OnDir(dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		w.stats.Unreadable++
		w.log.Warn("graph: skipping unreadable directory", "path", dir, "err", err)
		return nil
	}
	if buildOutput && !slices.ContainsFunc(entries, func(e fs.DirEntry) bool {
		return e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".go")
	}) {
		w.stats.Ignored++
		return nil
	}
	// This directory's .gitignore outranks its ancestors'. Clip so that
	// sibling directories never share (and overwrite) a backing array.
	patterns = append(slices.Clip(patterns), w.readIgnoreFile(filepath.Join(dir, ".gitignore"), rel)...)
	matcher := gitignore.NewMatcher(append(slices.Clip(patterns), w.extra...))

	for _, entry := range entries {
		if err := w.ctx.Err(); err != nil {
			return err
		}
		name := entry.Name()
		childRel := append(slices.Clip(rel), name)
		path := filepath.Join(dir, name)
		switch mode := entry.Type(); {
		case mode&fs.ModeSymlink != 0:
			w.deferLink(path, childRel, patterns, matcher)
		case mode.IsDir():
			if slices.Contains(DefaultSkipDirs, name) || matcher.Match(childRel, true) {
				w.stats.Ignored++
				continue
			}
			if err := w.walkDir(path, childRel, patterns, slices.Contains(BuildOutputDirs, name)); err != nil {
				return err
			}
		case mode.IsRegular():
			if !wanted(name) {
				continue
			}
			if matcher.Match(childRel, false) {
				w.stats.Ignored++
				continue
			}
			if err := w.yield(path, childRel); err != nil {
				return err
			}
		}
		// Devices, sockets and pipes are not source.
	}
	return nil
}

// wanted reports whether a file name is one Walk yields.
func wanted(name string) bool {
	if name == "go.mod" {
		return true
	}
	_, ok := treesitter.LanguageForPath(name)
	return ok
}

// deferLink resolves a symlink and queues it when it leads to a directory or
// wanted file inside the root.
func (w *walker) deferLink(path string, rel []string, patterns []gitignore.Pattern, matcher gitignore.Matcher) {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		// Dangling, or a loop the OS gave up on.
		w.stats.SymlinksSkipped++
		w.log.Debug("graph: skipping unresolvable symlink", "path", path, "err", err)
		return
	}
	targetRel, inside := within(w.realRoot, target)
	if !inside {
		w.stats.SymlinksSkipped++
		w.log.Debug("graph: not following symlink out of the workspace", "path", path, "target", target)
		return
	}
	info, err := os.Stat(target)
	if err != nil {
		w.stats.SymlinksSkipped++
		return
	}
	name := rel[len(rel)-1]
	switch {
	case info.IsDir():
		// A link into dependencies or version control is never followed,
		// whatever it is called.
		for _, part := range append(targetRel, name) {
			if slices.Contains(DefaultSkipDirs, part) {
				w.stats.Ignored++
				return
			}
		}
		if matcher.Match(rel, true) {
			w.stats.Ignored++
			return
		}
	case info.Mode().IsRegular():
		if !wanted(name) {
			return
		}
		if matcher.Match(rel, false) {
			w.stats.Ignored++
			return
		}
	default:
		return
	}
	w.deferred = append(w.deferred, link{target: target, rel: rel, isDir: info.IsDir(), patterns: patterns})
}

// followLink walks or yields a queued link unless its target has been walked
// or yielded already.
func (w *walker) followLink(l link) error {
	if (l.isDir && w.visitedDirs[l.target]) || (!l.isDir && w.yielded[l.target]) {
		w.stats.SymlinksSkipped++
		return nil
	}
	w.stats.SymlinksFollowed++
	if l.isDir {
		return w.walkDir(l.target, l.rel, l.patterns, false)
	}
	return w.yield(l.target, l.rel)
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

// yield checks a file's size and content and hands it to fn. path is real;
// rel is the file's path in the walk.
func (w *walker) yield(path string, rel []string) error {
	info, err := os.Stat(path)
	if err != nil {
		w.stats.Unreadable++
		w.log.Warn("graph: skipping unreadable file", "path", path, "err", err)
		return nil
	}
	if info.Size() > w.opts.MaxFileSize {
		w.stats.TooLarge++
		w.log.Info("skipping large file", "path", path, "size", info.Size(), "limit", w.opts.MaxFileSize)
		return nil
	}
	if !w.opts.DeferBinaryCheck {
		prefix, err := w.readPrefix(path)
		if err != nil {
			w.stats.Unreadable++
			w.log.Warn("graph: skipping unreadable file", "path", path, "err", err)
			return nil
		}
		if IsBinary(prefix) {
			w.stats.Binary++
			w.log.Debug("graph: skipping binary file", "path", path)
			return nil
		}
	}
	w.yielded[path] = true
	w.stats.Files++
	relSlash := strings.Join(rel, "/")
	return w.fn(WalkedFile{
		Path:    filepath.Join(w.root, filepath.FromSlash(relSlash)),
		Rel:     relSlash,
		Size:    info.Size(),
		ModTime: info.ModTime(),
	})
}

// readPrefix reads at most the first binarySniffSize bytes of a file.
func (w *walker) readPrefix(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	n, err := io.ReadFull(f, w.sniff[:])
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err
	}
	return w.sniff[:n], nil
}

// readIgnoreFile parses a gitignore-syntax file whose patterns apply under
// domain. A missing file has no patterns; so has one that is not a regular
// file (a .gitignore symlinked from elsewhere is not read).
func (w *walker) readIgnoreFile(path string, domain []string) []gitignore.Pattern {
	info, err := os.Lstat(path)
	if err != nil || !info.Mode().IsRegular() {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		w.log.Warn("graph: cannot read ignore file", "path", path, "err", err)
		return nil
	}
	var patterns []gitignore.Pattern
	for line := range strings.SplitSeq(string(data), "\n") {
		if p, ok := parseIgnoreLine(line, domain); ok {
			patterns = append(patterns, p)
		}
	}
	return patterns
}

// parseIgnoreLine parses one gitignore line; blank lines and comments have
// no pattern. (gitignore.ParsePattern itself handles negation, trailing
// slashes and anchoring.)
func parseIgnoreLine(line string, domain []string) (gitignore.Pattern, bool) {
	line = strings.TrimSuffix(line, "\r")
	if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
		return nil, false
	}
	return gitignore.ParsePattern(line, domain), true
}

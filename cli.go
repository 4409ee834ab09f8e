package main

// Conventions every command shares: help at every level, exit codes, the
// version, where the workspace root is when none is given, and a progress
// bar only where a person watches.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/treesitter"
)

// errNoneFound ends a query that ran and found nothing: exit status 1, the
// way grep says "no match", so scripts can tell it from an error (2 for a
// usage mistake, 1 with a message for anything else).
var errNoneFound = errors.New("none found")

// parseFlags parses a command's arguments. -h, -help and --help print the
// command's usage to stdout and report help (exit 0); any other flag
// mistake is a usage error naming the help to read.
func parseFlags(fs *flag.FlagSet, args []string, usageLine string) (help bool, err error) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err = fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		printCommandHelp(os.Stdout, fs, usageLine)
		return true, nil
	}
	if err != nil {
		return false, usageError{fmt.Errorf("%s: %v (callcascade %s --help lists the flags)", fs.Name(), err, fs.Name())}
	}
	return false, nil
}

func printCommandHelp(w io.Writer, fs *flag.FlagSet, usageLine string) {
	fmt.Fprintf(w, "usage:\n%s\nflags:\n", usageLine)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// version is the module version and the commit the binary was built from,
// as the Go toolchain recorded them.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "callcascade (no build information)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var commit, when string
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			commit = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	out := "callcascade " + v
	if commit != "" {
		if len(commit) > 12 {
			commit = commit[:12]
		}
		out += " commit " + commit
		if modified {
			out += " (modified)"
		}
		if when != "" {
			out += " " + when
		}
	}
	return out + " " + bi.GoVersion
}

// repositoryMarkers make a folder a workspace root: a Git checkout first,
// else the nearest project file.
var repositoryMarkers = []string{"go.mod", "package.json", "pyproject.toml"}

// enclosingRepository is the root of the repository around start: the
// nearest folder with .git, else the nearest with a project file, else "".
func enclosingRepository(start string) string {
	nearestProject := ""
	for dir := start; ; {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		if nearestProject == "" {
			for _, m := range repositoryMarkers {
				if _, err := os.Stat(filepath.Join(dir, m)); err == nil {
					nearestProject = dir
					break
				}
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nearestProject
		}
		dir = parent
	}
}

// maxImplicitSourceFiles bounds what the tool indexes when nobody named the
// root: more source files than this under a folder found on its own means a
// parent folder was taken by mistake (a home directory, a folder of
// checkouts). --root indexes it anyway.
const maxImplicitSourceFiles = 25000

// defaultRoot is the workspace root when --root is not given: the
// repository around the target file (FILE:LINE:COL) or else around the
// working directory, else the working directory itself. A root that is /,
// the home directory or too big to be one project is refused: indexing it
// would take long and fill the cache with everything under it.
func defaultRoot(ctx context.Context, target string, walk files.WalkOptions) (string, error) {
	start, err := os.Getwd()
	if err != nil {
		return "", err
	}
	if file, _, _, isLoc, _ := splitLocation(target); isLoc {
		if abs, err := filepath.Abs(file); err == nil {
			start = filepath.Dir(abs)
		}
	}
	if real, err := filepath.EvalSymlinks(start); err == nil {
		start = real
	}
	root := enclosingRepository(start)
	if root == "" {
		root = start
	}
	home, _ := os.UserHomeDir()
	if real, err := filepath.EvalSymlinks(home); err == nil {
		home = real
	}
	switch {
	case root == string(filepath.Separator):
		return "", usageError{fmt.Errorf("refusing to index / as the workspace: no repository (.git, go.mod, package.json, pyproject.toml) encloses %s; pass --root DIR", start)}
	case home != "" && root == home:
		return "", usageError{fmt.Errorf("refusing to index the home directory %s as the workspace: no repository encloses %s; pass --root DIR (--root %s to index it all)", home, start, home)}
	}
	if n := countSourceFiles(ctx, root, walk, maxImplicitSourceFiles+1); n > maxImplicitSourceFiles {
		return "", usageError{fmt.Errorf("refusing to index %s: more than %d source files, which looks like a folder of projects rather than one; pass --root %s to index it anyway, or --root with the project you meant", root, maxImplicitSourceFiles, root)}
	}
	return root, nil
}

// countSourceFiles counts the files under root the indexer would parse, up
// to limit.
func countSourceFiles(ctx context.Context, root string, walk files.WalkOptions, limit int) int {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	n := 0
	_, _ = files.Walk(ctx, root, walk, func(f files.WalkedFile) error {
		if _, ok := treesitter.LanguageForPath(f.Rel); ok {
			n++
			if n >= limit {
				cancel()
				return context.Canceled
			}
		}
		return nil
	})
	return n
}

// progressBar draws the indexing progress on a terminal: one line,
// redrawn in place. Elsewhere (a pipe, a CI log) it stays quiet; the
// summary line says what happened.
type progressBar struct {
	w       io.Writer
	drawn   bool
	lastPct int
}

func newProgressBar(f *os.File) *progressBar {
	if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return &progressBar{w: f, lastPct: -1}
}

func (p *progressBar) report(done, total int) {
	if p == nil || total <= 0 {
		return
	}
	pct := done * 100 / total
	if pct == p.lastPct && done != total {
		return
	}
	p.lastPct = pct
	const width = 30
	filled := done * width / total
	fmt.Fprintf(p.w, "\rindexing [%s%s] %3d%% %d/%d files", strings.Repeat("#", filled), strings.Repeat(".", width-filled), pct, done, total)
	p.drawn = true
}

func (p *progressBar) done() {
	if p != nil && p.drawn {
		fmt.Fprintln(p.w)
	}
}

// Package grep is the cascade's grep stage: a tree-sitter grep of the live
// workspace (files on disk, with the editor's unsaved buffers in their
// place) for the code sites of one name. A byte prefilter picks the files
// that contain the name as a whole word; tree-sitter then keeps only the
// identifiers in code, calls first, then references, each attributed to its
// enclosing function as the caller.
package grep

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

// Defaults for a Query's zero fields.
const (
	DefaultLimit   = 50
	DefaultMaxKeep = 200
)

// ErrNotIdentifier is returned for a name no supported language can declare
// ("a.b*", "x y", ""): it can have no code sites, and the caller should say
// so rather than report "no matches". Names that are keywords ("if", "def")
// are identifiers by spelling and simply find nothing.
var ErrNotIdentifier = treesitter.ErrNotIdentifier

// Query says what to look for and where.
type Query struct {
	Name      string // identifier to find, taken literally
	Container string // the target's class, struct or type, "" if none: a receiver naming it ranks first
	// Method: the target is a method (Container may be "": a Go interface
	// literal's), reached through a receiver (golang.go's rules apply).
	Method bool
	// Package is the target's package: a workspace-relative directory or a
	// Go package name, "" if unknown. A receiver naming it, or a bare call
	// from the same directory, ranks first.
	Package string
	// TargetPath and TargetSpan locate the declaration's name (its
	// Selection), which is never reported. A wider span (the whole
	// declaration) is accepted: recursive calls inside it stay callers.
	TargetPath string
	TargetSpan treesitter.Span
	Root       string            // absolute workspace root; nothing outside it is read
	Walk       files.WalkOptions // ignores, size limit, excludes, as the indexer walks
	// Buffers are unsaved editor buffers by workspace-relative path; they
	// are searched instead of the file on disk, and searched even if the
	// file is not on disk yet.
	Buffers map[string][]byte
	Limit   int // 1..Limit code sites is a hit; 0 means DefaultLimit
	MaxKeep int // matches kept in Result.Matches; 0 means DefaultMaxKeep
	// StopAfter stops parsing further files once this many sites are
	// found; Total is then a lower bound and Capped is set. Files likely to
	// hold the best-ranked sites (those naming Container or Package, and
	// the target's own directory) are always parsed first and in full.
	// 0 means Limit+1, enough to tell a hit from too many matches: a common
	// name (update, get) has its word in hundreds of files, most of them
	// declaring it or mentioning it in comments, and parsing them all
	// would cost several stage budgets. Negative means never stop early.
	StopAfter int
	Workers   int // parallel readers and parsers; 0 means GOMAXPROCS
	// Exclude drops the sites the code graph resolved to other symbols
	// (stage.ResolvedSites): they are not counted, kept or ranked.
	Exclude func(path string, site treesitter.Span) bool
	// AsIndexed vouches for a candidate the code graph indexed with exactly
	// this content and whose every occurrence of the name it knows
	// (stage.Settled): it is not parsed; the sites the graph left
	// undecided there are its matches, and those it resolved elsewhere
	// count as excluded. Nil: every candidate is parsed.
	AsIndexed func(ctx context.Context, rel string, content []byte, hash func() string) (stage.IndexedFile, bool)
	// SkipLibrary leaves out calls on a library's value by its spelling
	// (receivers.go): a caller search wants them out, a list of every
	// site of the name does not.
	SkipLibrary bool
	// NestedIn is, for a Python function declared inside another function,
	// that function's id (scope.go's nestedScope): a bare site elsewhere is
	// another scope's name, and no site through a receiver is it. "" for
	// any other target.
	NestedIn string
	// TopLevel: the target is a function declared at its file's top level
	// (not in a class, a namespace or another function).
	TopLevel bool
	// Accessor: the target is a getter or a setter, which reading or
	// writing the name calls: where the value read goes says nothing.
	Accessor bool
}

// Kind says how a match uses the name.
type Kind string

const (
	KindCall      Kind = "call"
	KindReference Kind = "reference"
)

// Match is one code site of the name.
type Match struct {
	Path     string          // workspace-relative, forward slashes
	Site     treesitter.Span // the identifier; its UTF-16 positions are LSP's
	Kind     Kind
	Receiver string // receiver text ("this.storage", "pkg"), "" for a bare name
	// ReceiverMatches says the receiver names the target's Container or
	// Package (or is this/self inside a method of Container, or a bare
	// call from the target's own file or Go package).
	ReceiverMatches bool
	// Caller is the enclosing function or method with the id the graph
	// gives it, so an editor can ask for its callers next. Code at the top
	// level of a file has the file's module symbol (graph.ModuleSymbol).
	Caller fact.Symbol
	// Imported: the site's file imports the name (or everything), so a
	// bare site there may reach another file's declaration (scope.go).
	// Worked out only where the scope rule reads it (scan.importsName).
	Imported bool
	// ReceiverImport is the import path of the package the receiver
	// starts with, in Go (golang.go); "" when it names none.
	ReceiverImport string
	// MemberRead: the value is only read for one of its attributes
	// (python.go).
	MemberRead bool
	// UsedAsData: the value is only tested for truth or compared with None
	// (python.go).
	UsedAsData bool
	// OwnAttribute: self.name in a class that assigns the attribute name
	// itself (python.go).
	OwnAttribute bool
	// Binders are, for a bare JavaScript or TypeScript site, the functions
	// of the name its file declares in another function (ecma.go): each
	// binds the name there only, hiding any declaration further out.
	Binders []localBinder
	// ModuleReceiver: the receiver may be a module object, its root bound
	// by an import (treesitter.ModuleReceivers); the only receiver a
	// function is reached through (scope.go). True for a bare name.
	ModuleReceiver bool
	// ModuleItself: the receiver is a module, bound whole by an import
	// (Python's import subprocess): mod.run is the module's run, never
	// a class's method (treesitter.ModuleReceivers.IsModule).
	ModuleItself bool
	// AliasOf: a bare call of an import's alias for another name
	// (treesitter.IdentifierSite.AliasOf): that name's call.
	AliasOf string
}

// Result is one scan.
type Result struct {
	// Matches are ranked best first: calls before references, receivers
	// naming the target first, then by path and position. At most MaxKeep.
	Matches []Match
	Total   int // code sites found; may exceed len(Matches)
	// Files is how many files the prefilter read (buffers included),
	// Candidates how many held the name as a whole word, Parsed how many of
	// those were parsed.
	Files, Candidates, Parsed int
	Skipped                   int  // files that vanished, grew past the limit or failed to parse mid-scan
	Partial                   bool // ctx ended mid-scan: what was found so far
	Capped                    bool // parsing stopped after StopAfter sites: Total is a lower bound
	Excluded                  int  // sites dropped by Query.Exclude, in the files parsed, and those Query.AsIndexed vouched for
	// AsIndexed counts the candidates Query.AsIndexed vouched for, not parsed.
	AsIndexed int
	Library   int // calls on a library's value by its spelling (receivers.go), left out
	// OutOfScope counts the sites whose scope cannot reach the target
	// (scope.go), left out: bare names, and a function's name through a
	// receiver that is no module.
	OutOfScope int
	// FieldReads and PackageLevel count the Go sites of a method's name
	// that read a struct field or name a package-level thing (golang.go),
	// and the Python ones read for an attribute (python.go), left out.
	FieldReads, PackageLevel int
}

// CallerSites are the matches of one caller, best first.
type CallerSites struct {
	Caller  fact.Symbol
	Matches []Match
}

// ByCaller groups the matches by caller, callers in the order of their best
// match.
func (r Result) ByCaller() []CallerSites {
	var out []CallerSites
	index := map[string]int{}
	for _, m := range r.Matches {
		i, ok := index[m.Caller.ID]
		if !ok {
			i = len(out)
			index[m.Caller.ID] = i
			out = append(out, CallerSites{Caller: m.Caller})
		}
		out[i].Matches = append(out[i].Matches, m)
	}
	return out
}

// candidate is a file that holds the name as a whole word.
type candidate struct {
	rel     string
	lang    treesitter.Language
	content []byte      // nil when it did not fit the memory budget: read again
	kept    *files.Kept // its kept content, whose memo of sites is used and filled; nil if none
	first   bool        // likely to hold the best-ranked sites: parsed first, in full
	// indexed are its sites as the code graph indexed them, when it
	// vouched for the file (Query.AsIndexed): no parse needed.
	indexed *fileSites
}

// keepBudget bounds the candidate contents held between the prefilter and
// the parse; past it, candidates are read again when parsed. (A variable
// for tests.)
var keepBudget int64 = 64 << 20

// afterPrefilter, when set by a test, runs between the prefilter and the
// parse, where a file can change or vanish.
var afterPrefilter func()

// Search scans the workspace for the code sites of q.Name. It returns an
// error only for a bad query (a name that is not an identifier, a root that
// is not a directory); a deadline or cancellation returns what was found
// so far with Partial set.
func Search(ctx context.Context, q Query) (Result, error) {
	return search(ctx, q, files.Stream, nil)
}

func search(ctx context.Context, q Query, source fileSource, kept *files.Contents) (Result, error) {
	if !treesitter.IsIdentifierName(q.Name) {
		return Result{}, fmt.Errorf("grep: %q: %w", q.Name, ErrNotIdentifier)
	}
	if q.Root == "" {
		return Result{}, errors.New("grep: no workspace root")
	}
	root, err := filepath.Abs(q.Root)
	if err != nil {
		return Result{}, fmt.Errorf("grep: root %s: %w", q.Root, err)
	}
	if q.Limit <= 0 {
		q.Limit = DefaultLimit
	}
	if q.MaxKeep <= 0 {
		q.MaxKeep = DefaultMaxKeep
	}
	if q.StopAfter == 0 {
		q.StopAfter = q.Limit + 1
	}
	if q.Workers <= 0 {
		q.Workers = runtime.GOMAXPROCS(0)
	}
	if q.Walk.MaxFileSize <= 0 {
		q.Walk.MaxFileSize = files.DefaultMaxFileSize
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return Result{}, fmt.Errorf("grep: root %s: %w", q.Root, err)
	}
	if info, err := os.Stat(realRoot); err != nil || !info.IsDir() {
		return Result{}, fmt.Errorf("grep: root %s is not a directory", q.Root)
	}

	s := &scan{q: q, root: root, realRoot: realRoot, name: []byte(q.Name), contents: kept, packages: &installedPackages{root: root}, pyModules: &pyModulePlaces{root: root}}
	s.moduleReceiversOnly = reachedOnlyThroughModules(&q, root)
	s.fileLocal = moduleOwnFunction(&q, root)
	if lang, ok := treesitter.LanguageForPath(q.TargetPath); ok {
		s.family = treesitter.Family(lang)
	}
	s.classNames = classTypeNames(&q, root)
	if q.SkipLibrary && (q.Method || q.Container != "") {
		s.fieldLine = goFieldLine(q.Name)
	}
	s.rank = newRanker(q)
	if err := s.prefilter(ctx, source); err != nil {
		return Result{}, err
	}
	if afterPrefilter != nil {
		afterPrefilter()
	}
	s.parse(ctx)
	return s.result(), nil
}

type scan struct {
	q        Query
	imports  importRules // compiled once per search (scope.go)
	packages *installedPackages
	// pyModules places the absolute Python modules the files import.
	pyModules *pyModulePlaces
	root      string // absolute, as given: paths are read under it
	realRoot  string // symlinks resolved: what "inside the workspace" means
	name      []byte
	rank      *ranker
	// moduleReceiversOnly: the target is a function, reached through a
	// receiver only where that is a module object (scope.go).
	moduleReceiversOnly bool
	// fileLocal: the target is a function its ES module does not export,
	// reachable by name in its own file only (scope.go).
	fileLocal bool
	// family is the target's language family ("" when no target file is
	// named): a file of another language never calls it (a Python script's
	// match.start() is no call of a TypeScript start).
	family string
	// classNames are the names a TypeScript caller of the target method
	// writes somewhere (typednames.go); nil when that rule does not apply.
	classNames [][]byte
	contents   *files.Contents // files kept between searches; nil for one-off searches
	watch      *files.Watch    // vouches for kept contents under the directories it watches; nil if none

	files, skipped atomic.Int64
	excluded       atomic.Int64
	asIndexed      atomic.Int64
	library        atomic.Int64
	outOfScope     atomic.Int64
	packageLevel   atomic.Int64
	memberReads    atomic.Int64
	// fieldLine spots a Go struct field of a method's name in any candidate,
	// parsed or not (golang.go); fieldSeen says one was spotted.
	fieldLine *regexp.Regexp
	fieldSeen atomic.Bool
	partial   atomic.Bool
	modules   goModules // the workspace's Go modules, read from the go.mod files the walk yields

	mu         sync.Mutex
	candidates []candidate
	kept       int64 // bytes of candidate content held

	parsed []parsedFile // parallel to candidates
}

type parsedFile struct {
	done          bool
	matches       []Match
	declaresField bool // a Go struct field of the name is declared here
}

// prefilter reads every source file the walk yields in parallel, keeping
// those that contain the name as a whole word.
func (s *scan) prefilter(ctx context.Context, source fileSource) error {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	paths, watch, walkErr := source(ctx, s.root, s.q.Walk)
	s.watch = watch
	var wg sync.WaitGroup
	for range s.q.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for {
				var f files.WalkedFile
				select {
				case <-ctx.Done():
					return // the source stops sending on its own
				case next, ok := <-paths:
					if !ok {
						return
					}
					f = next
				}
				if _, ok := s.q.Buffers[f.Rel]; ok {
					continue // the buffer is searched instead
				}
				buf = s.readCandidate(ctx, f, buf)
			}
		}()
	}
	s.addBuffers(ctx)
	wg.Wait()
	if err := walkErr(); err != nil {
		return fmt.Errorf("grep: %w", err)
	}
	if ctx.Err() != nil {
		s.partial.Store(true)
	}
	return nil
}

// fileSource yields the workspace's source files on a channel it closes
// when done or when ctx ends, and the watch that vouches for them (nil if
// none); the function it returns, called after the channel is closed,
// reports a walk error (never ctx's).
type fileSource func(ctx context.Context, root string, opts files.WalkOptions) (<-chan files.WalkedFile, *files.Watch, func() error)

// readCandidate reads one walked file into buf and records it if it holds
// the name; it returns the buffer for reuse.
func (s *scan) readCandidate(ctx context.Context, f files.WalkedFile, buf []byte) []byte {
	lang, ok := treesitter.LanguageForPath(f.Rel)
	if ok && s.family != "" && treesitter.Family(lang) != s.family {
		return buf
	}
	if !ok {
		if isGoMod(f.Rel) { // the walker yields it for the indexer; Go's rules need its module path
			s.modules.add(filepath.Join(s.root, filepath.FromSlash(f.Rel)))
		}
		return buf
	}
	watch := s.watch
	if watch != nil && !watch.Covers(f.Rel) {
		watch = nil // reached through a symlinked directory: stat it
	}
	path := f.Path // the walk's: the root joined with Rel
	if path == "" {
		path = filepath.Join(s.root, filepath.FromSlash(f.Rel))
	}
	kept, content, err := s.contents.Load(path, watch, s.q.Walk.MaxFileSize, buf, func(buf []byte) ([]byte, error) {
		return s.read(f.Rel, buf)
	})
	if err != nil {
		s.skipped.Add(1)
		return buf
	}
	s.files.Add(1)
	s.match(ctx, f.Rel, lang, content, kept)
	if kept != nil {
		return buf // kept content is shared: never reused as a buffer
	}
	return content
}

// match records a file that holds the name as a whole word; kept is its
// entry in the kept contents, nil if it has none.
func (s *scan) match(ctx context.Context, rel string, lang treesitter.Language, content []byte, kept *files.Kept) {
	binary := kept != nil && kept.Binary() || kept == nil && files.IsBinary(content[:min(len(content), files.BinarySniffSize)])
	if binary {
		return
	}
	if kept != nil {
		if may, known := kept.MayHoldWord(s.name); known && !may {
			return // its words, listed when it was kept, do not include the name
		}
	}
	if treesitter.IndexWord(content, s.name, 0) < 0 {
		return
	}
	if rel != s.q.TargetPath && !s.namesClassType(lang, content) {
		return // a TypeScript file that never names the class: none of its sites is the method's (typednames.go)
	}
	s.spotField(lang, content)
	c := candidate{rel: rel, lang: lang, kept: kept}
	if indexed, vouched := s.vouchedFor(ctx, rel, lang, content, kept); vouched {
		if indexed == nil {
			return // nothing undecided there: nothing to offer
		}
		c.indexed = indexed
	}
	s.addCandidate(c, content)
}

// vouchedFor asks the code graph whether it vouches for a candidate
// (Query.AsIndexed), counting it; if so, the sites it left undecided there
// are the file's sites, nil for none.
func (s *scan) vouchedFor(ctx context.Context, rel string, lang treesitter.Language, content []byte, kept *files.Kept) (*fileSites, bool) {
	if s.q.AsIndexed == nil {
		return nil, false
	}
	f, ok := s.q.AsIndexed(ctx, rel, content, func() string { return contentHash(kept, content) })
	if !ok {
		return nil, false
	}
	if f.Members && !s.moduleReceiversOnly {
		// Unrecorded sites through receivers that are no modules: only a
		// function's search leaves them out; a parse finds them.
		return nil, false
	}
	var imported bool
	if f.Bare || len(f.Undecided) > 0 {
		imported = s.importsName(lang, rel, content)
	}
	modules := moduleReceivers(kept, lang, f.Imports, content)
	if f.Bare && (!s.q.SkipLibrary || !bareOutOfScope(lang, rel, imported, &s.q)) {
		// Unrecorded bare uses of the name that the scope rule keeps: a
		// parse finds them.
		return nil, false
	}
	s.asIndexed.Add(1)
	s.excluded.Add(int64(f.Elsewhere))
	if len(f.Undecided) == 0 {
		return nil, true
	}
	module := fact.ModuleSymbol(rel, lang)
	found := &fileSites{}
	for _, site := range f.Undecided {
		m := Match{Path: rel, Site: site.Span, Kind: KindCall, Receiver: site.Receiver, Caller: site.Caller, Imported: imported,
			ModuleReceiver: modules.MayBeModule(site.Receiver), ModuleItself: modules.IsModule(site.Receiver)}
		if site.Ref {
			m.Kind = KindReference
		}
		if m.Caller.ID == "" {
			m.Caller = module
		}
		if lang == treesitter.Go {
			m.ReceiverImport = goReceiverImport(f.Imports, site.Receiver)
		}
		found.sites = append(found.sites, m)
	}
	return found, true
}

// A common name's search asks the graph about hundreds of files it
// indexed, and each answer needs the file's hash and, for every site left
// undecided, whether its receiver may be a module: both are the content's
// and are kept with it (files.Kept's memo), not worked out again at every
// request (a third of grep's time for skyportal's get, session 16).
const (
	memoHash    = "\x00hash"
	memoModules = "\x00modules"
)

// contentHash is fact.HashContent of content, kept's memo when it has one.
func contentHash(kept *files.Kept, content []byte) string {
	if kept == nil {
		return fact.HashContent(content)
	}
	if v, ok := kept.Memo(memoHash); ok {
		return v.(string)
	}
	h := fact.HashContent(content)
	kept.Remember(memoHash, h)
	return h
}

// moduleReceivers is treesitter.NewModuleReceivers for the content, kept's
// when it has one, which remembers the receivers it has decided.
func moduleReceivers(kept *files.Kept, lang treesitter.Language, imports []treesitter.Import, content []byte) *treesitter.ModuleReceivers {
	if kept == nil {
		return treesitter.NewModuleReceivers(lang, imports, content)
	}
	if v, ok := kept.Memo(memoModules); ok {
		return v.(*treesitter.ModuleReceivers)
	}
	m := treesitter.NewModuleReceivers(lang, imports, content)
	kept.Remember(memoModules, m)
	return m
}

// importsName reports whether file rel imports the name from a module
// that can hold the target (scope.go), for Match.Imported. Only the scope
// rule for a function's bare sites outside its own file reads that, so
// for any other query the file's imports are not searched (a regular
// expression over the whole file) and the answer is false.
func (s *scan) importsName(lang treesitter.Language, rel string, content []byte) bool {
	if !s.readsImports(rel) || !mayImportName(lang, content, s.q.Name) {
		return false
	}
	return importsName(s.imports.patterns(lang, s.q.Name), content, lang, rel, s.q.TargetPath, s.packages.check, s.pyModules.check)
}

// readsImports says whether the scope rule reads Match.Imported for bare
// sites in file rel: for a function's, outside its own file.
func (s *scan) readsImports(rel string) bool {
	return s.q.SkipLibrary && s.q.Container == "" && s.q.TargetPath != "" && rel != s.q.TargetPath
}

// read reads a workspace file into buf (grown as needed). The fast path
// (files.OpenNoFollow) opens a file only if it is not a symlink; a symlink,
// which the walk followed because it stays inside the workspace, is
// resolved and its target checked to be inside the workspace again before
// it is read.
func (s *scan) read(rel string, buf []byte) ([]byte, error) {
	path := filepath.Join(s.root, filepath.FromSlash(rel))
	buf, err := files.OpenNoFollow(path, buf, s.q.Walk.MaxFileSize)
	if !errors.Is(err, files.ErrSymlink) {
		return buf, err
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return buf, err
	}
	if r, err := filepath.Rel(s.realRoot, target); err != nil || !filepath.IsLocal(r) {
		return buf, fmt.Errorf("grep: %s leads out of the workspace", rel)
	}
	buf, err = files.OpenNoFollow(target, buf, s.q.Walk.MaxFileSize)
	if !errors.Is(err, files.ErrSymlink) {
		return buf, err
	}
	f, err := os.Open(target) // no O_NOFOLLOW on this system
	if err != nil {
		return buf, err
	}
	defer f.Close()
	return files.ReadAll(f, buf, s.q.Walk.MaxFileSize)
}

func (s *scan) addCandidate(c candidate, content []byte) {
	c.first = s.rank.likelyFirst(c.rel, content)
	if c.kept != nil {
		c.content = c.kept.Data() // never written: shared as it is
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.content == nil && s.kept+int64(len(content)) <= keepBudget {
		c.content = bytes.Clone(content)
		s.kept += int64(len(content))
	}
	s.candidates = append(s.candidates, c)
}

// addBuffers prefilters the editor's buffers: files the walk would skip
// (dependencies, excluded paths, paths escaping the root) stay skipped.
func (s *scan) addBuffers(ctx context.Context) {
	if len(s.q.Buffers) == 0 {
		return
	}
	var patterns []gitignore.Pattern
	for _, line := range s.q.Walk.ExtraIgnores {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			patterns = append(patterns, gitignore.ParsePattern(line, nil))
		}
	}
	excluded := gitignore.NewMatcher(patterns)
	for rel, content := range s.q.Buffers {
		lang, ok := treesitter.LanguageForPath(rel)
		if !ok || !localPath(rel) || s.family != "" && treesitter.Family(lang) != s.family {
			continue
		}
		parts := strings.Split(rel, "/")
		if slices.ContainsFunc(parts[:len(parts)-1], func(p string) bool { return slices.Contains(files.DefaultSkipDirs, p) }) ||
			excluded.Match(parts, false) || int64(len(content)) > s.q.Walk.MaxFileSize {
			continue
		}
		s.files.Add(1)
		if files.IsBinary(content[:min(len(content), files.BinarySniffSize)]) || treesitter.IndexWord(content, s.name, 0) < 0 {
			continue
		}
		if rel != s.q.TargetPath && !s.namesClassType(lang, content) {
			continue // typednames.go
		}
		s.spotField(lang, content)
		c := candidate{rel: rel, lang: lang, content: content, first: s.rank.likelyFirst(rel, content)}
		if indexed, vouched := s.vouchedFor(ctx, rel, lang, content, nil); vouched {
			if indexed == nil {
				continue
			}
			c.indexed = indexed
		}
		s.mu.Lock()
		s.candidates = append(s.candidates, c)
		s.mu.Unlock()
	}
}

// localPath reports whether rel is a clean relative slash path inside the
// root.
func localPath(rel string) bool {
	return rel != "" && path.Clean(rel) == rel && filepath.IsLocal(filepath.FromSlash(rel)) && !strings.Contains(rel, `\`)
}

// parse parses the candidates, likely-first ones first, then by path, in
// parallel; it stops early once StopAfter sites are found, cutting at the
// same file whatever the timing so that answers are reproducible.
func (s *scan) parse(ctx context.Context) {
	slices.SortFunc(s.candidates, func(a, b candidate) int {
		if a.first != b.first {
			if a.first {
				return -1
			}
			return 1
		}
		return strings.Compare(a.rel, b.rel)
	})
	s.parsed = make([]parsedFile, len(s.candidates))
	if s.partial.Load() {
		return // the prefilter used the whole budget
	}
	var next atomic.Int64
	var found atomic.Int64
	var wg sync.WaitGroup
	for range min(s.q.Workers, len(s.candidates)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			finder := treesitter.NewFinder()
			defer finder.Close()
			var buf []byte
			for ctx.Err() == nil {
				// Stop before taking a file, never after: every file taken is
				// parsed, so the files parsed are always a prefix of the order.
				if i := int(next.Load()); i < len(s.candidates) && !s.candidates[i].first &&
					s.q.StopAfter > 0 && found.Load() >= int64(s.q.StopAfter) {
					return
				}
				i := int(next.Add(1) - 1)
				if i >= len(s.candidates) {
					return
				}
				c := s.candidates[i]
				var matches []Match
				var declaresField bool
				matches, declaresField, buf = s.parseOne(ctx, finder, c, buf)
				if ctx.Err() != nil && len(matches) == 0 {
					return // cut off mid-parse: not parsed
				}
				found.Add(int64(len(matches)))
				s.parsed[i] = parsedFile{done: true, matches: matches, declaresField: declaresField}
			}
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		s.partial.Store(true)
	}
}

// parseOne finds the sites in one candidate and turns them into matches,
// ranked for this query; a kept file's memo spares the parse. It also says
// whether the file declares a Go struct field of the name.
func (s *scan) parseOne(ctx context.Context, finder *treesitter.Finder, c candidate, buf []byte) ([]Match, bool, []byte) {
	var found fileSites
	remembered := false
	if c.indexed != nil {
		found, remembered = *c.indexed, true
	} else if c.kept != nil {
		found, remembered = memoSites(c.kept, s.memoKey(c.rel))
	}
	if !remembered {
		var ok bool
		if found, buf, ok = s.findSites(ctx, finder, c, buf); !ok {
			return nil, false, buf
		}
		if c.kept != nil {
			c.kept.Remember(s.memoKey(c.rel), found)
		}
	}
	method := s.q.SkipLibrary && (s.q.Method || s.q.Container != "") && c.lang == treesitter.Go
	sites := found.sites
	var out []Match
	for _, m := range sites {
		if s.isTarget(c.rel, m.Site) {
			continue
		}
		if s.q.Exclude != nil && s.q.Exclude(c.rel, m.Site) {
			s.excluded.Add(1)
			continue
		}
		if s.q.SkipLibrary && libraryReceiver(c.lang, m.Receiver, s.q.Package) {
			s.library.Add(1)
			continue
		}
		if s.q.SkipLibrary && s.q.Container != "" && m.ModuleItself {
			// subprocess.run passed as a value: the module's run, as
			// pyright defines it, never the target method.
			s.library.Add(1)
			continue
		}
		if s.q.SkipLibrary && isBare(m) && (bareOutOfScope(c.lang, c.rel, m.Imported, &s.q) || outsideNestedScope(s.q.NestedIn, m.Caller.ID) ||
			boundElsewhere(m.Binders, c.rel, m.Site, &s.q)) ||
			s.q.NestedIn != "" && !isBare(m) {
			s.outOfScope.Add(1)
			continue
		}
		if s.fileLocal && c.rel != s.q.TargetPath {
			s.outOfScope.Add(1)
			continue
		}
		if s.moduleReceiversOnly && !m.ModuleReceiver {
			s.outOfScope.Add(1)
			continue
		}
		if method && goPackageLevel(m, &s.modules) {
			s.packageLevel.Add(1)
			continue
		}
		if s.q.SkipLibrary && (m.AliasOf != "" && m.AliasOf != s.q.Name || s.pySubmoduleAttribute(c.lang, m)) {
			s.outOfScope.Add(1)
			continue
		}
		if s.q.SkipLibrary && (pyAttributeOfAttribute(c.lang, m, &s.q) || pyAttributeUsedAsData(c.lang, m, &s.q) || pyOwnAttributeElsewhere(c.lang, m, &s.q)) {
			s.memberReads.Add(1)
			continue
		}
		m.ReceiverMatches = s.rank.receiverMatches(c.rel, m.Receiver, m.Caller)
		out = append(out, m)
	}
	return out, method && found.declaresField, buf
}

// fileSites are the sites of a name in one file, before any query's own
// ranking, and whether the file declares a Go struct field of the name
// (golang.go): what a kept file remembers.
type fileSites struct {
	sites         []Match
	declaresField bool
}

// memoKey is what a kept file's sites are remembered under: the name, and
// the target's file where Match.Imported was worked out for it (it says
// whether the file imports the name from a module that holds that file).
func (s *scan) memoKey(rel string) string {
	if !s.readsImports(rel) {
		return s.q.Name
	}
	return s.q.Name + "\x00" + s.q.TargetPath
}

// memoSites returns the sites of name remembered with a kept content.
func memoSites(kept *files.Kept, name string) (fileSites, bool) {
	v, ok := kept.Memo(name)
	if !ok {
		return fileSites{}, false
	}
	found, _ := v.(fileSites)
	return found, true
}

// findSites parses one candidate for the sites of the name, each with its
// caller; ok is false when it could not be read or parsed.
func (s *scan) findSites(ctx context.Context, finder *treesitter.Finder, c candidate, buf []byte) (_ fileSites, _ []byte, ok bool) {
	content := c.content
	if content == nil {
		var err error
		if buf, err = s.read(c.rel, buf); err != nil {
			s.skipped.Add(1)
			return fileSites{}, buf, false
		}
		content = buf
	}
	sites, err := finder.Find(ctx, c.lang, content, s.q.Name)
	if err != nil {
		if ctx.Err() == nil {
			s.skipped.Add(1)
		}
		return fileSites{}, buf, false
	}
	if len(sites.Sites) == 0 {
		return fileSites{declaresField: sites.DeclaresField}, buf, true
	}
	callers := callerSymbols(c.rel, content, sites)
	module := fact.ModuleSymbol(c.rel, c.lang)
	imported := s.importsName(c.lang, c.rel, content)
	modules := treesitter.NewModuleReceivers(c.lang, sites.Imports, content)
	var binders []localBinder
	if treesitter.Family(c.lang) == "js" {
		binders = ecmaLocalBinders(sites.Symbols, s.q.Name)
	}
	var out []Match
	for _, site := range sites.Sites {
		m := Match{Path: c.rel, Site: site.Span, Kind: Kind(site.Kind), Receiver: site.Receiver, Caller: module, Imported: imported,
			MemberRead: site.MemberRead, UsedAsData: site.UsedAsData, OwnAttribute: site.OwnAttribute, AliasOf: site.AliasOf,
			ModuleReceiver: modules.MayBeModule(site.Receiver), ModuleItself: modules.IsModule(site.Receiver)}
		if c.lang == treesitter.Go {
			m.ReceiverImport = goReceiverImport(sites.Imports, site.Receiver)
		}
		if site.Enclosing >= 0 && site.Enclosing < len(callers) {
			m.Caller = callers[site.Enclosing]
		}
		if treesitter.Family(c.lang) == "js" && isBare(m) {
			m.Binders = binders
		}
		out = append(out, m)
	}
	return fileSites{sites: out, declaresField: sites.DeclaresField}, buf, true
}

// callerSymbols gives the file's symbols the ids the indexer gives them.
func callerSymbols(rel string, content []byte, sites *treesitter.IdentifierSites) []fact.Symbol {
	facts := &treesitter.Facts{Language: sites.Language, Package: sites.Package, Symbols: sites.Symbols}
	return fact.BuildFileFacts(rel, content, facts).Symbols
}

// isTarget reports whether a site is the target's own declaration.
func (s *scan) isTarget(rel string, site treesitter.Span) bool {
	t := s.q.TargetSpan
	if rel != s.q.TargetPath || t.EndByte == 0 {
		return false
	}
	if t.EndByte-t.StartByte <= uint32(len(s.q.Name)) {
		return site.StartByte < t.EndByte && t.StartByte < site.EndByte
	}
	return site.StartByte == t.StartByte // a whole declaration: only its start could be the name
}

// result assembles the ranked answer from the files parsed.
func (s *scan) result() Result {
	r := Result{
		Files:      int(s.files.Load()),
		Candidates: len(s.candidates),
		Partial:    s.partial.Load(),
	}
	fieldDeclared := s.fieldSeen.Load()
	for _, p := range s.parsed {
		fieldDeclared = fieldDeclared || p.declaresField
	}
	var all []Match
	for i, p := range s.parsed {
		if fieldDeclared && s.candidates[i].lang == treesitter.Go {
			p.matches = s.withoutFieldReads(p.matches, &r)
		}
		if !p.done {
			if !r.Partial {
				// Not parsed because StopAfter was reached: the cut is here.
				r.Capped = true
				break
			}
			continue
		}
		r.Parsed++
		all = append(all, p.matches...)
		if !r.Partial && !s.candidates[i].first && s.q.StopAfter > 0 && len(all) >= s.q.StopAfter && i+1 < len(s.parsed) {
			r.Capped = true
			break
		}
	}
	r.Skipped = int(s.skipped.Load())
	r.Excluded = int(s.excluded.Load())
	r.AsIndexed = int(s.asIndexed.Load())
	r.Library = int(s.library.Load())
	r.OutOfScope = int(s.outOfScope.Load())
	r.PackageLevel = int(s.packageLevel.Load())
	r.FieldReads += int(s.memberReads.Load())
	r.Total = len(all)
	slices.SortStableFunc(all, compareMatches)
	if len(all) > s.q.MaxKeep {
		all = all[:s.q.MaxKeep]
	}
	r.Matches = all
	return r
}

// spotField notes a Go candidate that declares a struct field of the
// name: the parse may stop before reaching it (StopAfter), and a field
// anywhere makes a selector of the name possibly a read of it.
func (s *scan) spotField(lang treesitter.Language, content []byte) {
	if s.fieldLine != nil && lang == treesitter.Go && !s.fieldSeen.Load() && goDeclaresField(s.fieldLine, content, s.name) {
		s.fieldSeen.Store(true)
	}
}

// withoutFieldReads leaves out the field reads among a Go file's matches
// of a method's name (golang.go), counting them in r.
func (s *scan) withoutFieldReads(matches []Match, r *Result) []Match {
	kept := matches[:0:0]
	for _, m := range matches {
		if goFieldRead(m, s.q.Container, s.rank.pkgDir) {
			r.FieldReads++
			continue
		}
		kept = append(kept, m)
	}
	return kept
}

// compareMatches orders matches best first.
func compareMatches(a, b Match) int {
	if a.Kind != b.Kind {
		if a.Kind == KindCall {
			return -1
		}
		return 1
	}
	if a.ReceiverMatches != b.ReceiverMatches {
		if a.ReceiverMatches {
			return -1
		}
		return 1
	}
	return cmp.Or(strings.Compare(a.Path, b.Path), cmp.Compare(a.Site.StartByte, b.Site.StartByte))
}

package grep

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/goleak"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/treesitter"
)

// Every test ends with no goroutine of the scan left running.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// writeTree creates files (slash paths → content) under a new temp dir.
func writeTree(t testing.TB, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, content := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// render writes each match as "path:line:col kind receiver ✓ caller-id",
// positions one-based as people read them; ✓ marks a matching receiver.
func render(r Result) []string {
	var out []string
	for _, m := range r.Matches {
		line := fmt.Sprintf("%s:%d:%d %s", m.Path, m.Site.Start.Line+1, m.Site.Start.Character+1, m.Kind)
		if m.Receiver != "" {
			line += " " + m.Receiver
		}
		if m.ReceiverMatches {
			line += " ✓"
		}
		out = append(out, line+" "+m.Caller.ID)
	}
	return out
}

const evidenceService = `export class EvidenceService {
  moveFiles(ids: string[]) {
    // moveFiles() is the old name
    return this.helper(ids);
  }
  again() { this.moveFiles([]); }
}
`

const consumer = `import { EvidenceService } from '../evidence/evidence.service';
export class Consumer {
  constructor(private readonly evidenceService: EvidenceService) {}
  handle() {
    this.evidenceService.moveFiles(['a']);
    const s = "moveFiles";
    other.moveFiles();
  }
}
router.post('/move', moveFiles);
`

func TestSearchRanksAndAttributes(t *testing.T) {
	root := writeTree(t, map[string]string{
		"src/evidence/evidence.service.ts": evidenceService,
		"src/reports/consumer.ts":          consumer,
		"src/zz/unrelated.py":              "def moveFiles():\n    pass\n\nmoveFiles()  # a top-level call\n",
		"README.md":                        "call moveFiles() to move files\n",
	})
	decl := "src/evidence/evidence.service.ts"
	r, err := Search(context.Background(), Query{
		Name: "moveFiles", Container: "EvidenceService", Package: "src/evidence",
		TargetPath: decl, TargetSpan: span(t, evidenceService, "moveFiles"),
		Root: root,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"src/evidence/evidence.service.ts:6:18 call this ✓ src/evidence/evidence.service.ts#EvidenceService.again",
		"src/reports/consumer.ts:5:26 call this.evidenceService ✓ src/reports/consumer.ts#Consumer.handle",
		"src/reports/consumer.ts:7:11 call other src/reports/consumer.ts#Consumer.handle",
		"src/reports/consumer.ts:10:22 reference src/reports/consumer.ts#",
	}
	if diff := cmp.Diff(want, render(r)); diff != "" {
		t.Errorf("matches (-want +got):\n%s", diff)
	}
	// unrelated.py is Python's: never read for a TypeScript method.
	if r.Total != 4 || r.Files != 2 || r.Candidates != 2 || r.Parsed != 2 || r.Partial || r.Capped {
		t.Errorf("counts: %+v", r)
	}

	// Callers carry the ids the indexer gives them.
	facts, err := treesitter.Extract(context.Background(), treesitter.TypeScript, []byte(consumer))
	if err != nil {
		t.Fatal(err)
	}
	indexed := fact.BuildFileFacts("src/reports/consumer.ts", []byte(consumer), facts).Symbols
	var handle fact.Symbol
	for _, s := range indexed {
		if s.Name == "handle" {
			handle = s
		}
	}
	if diff := cmp.Diff(handle, r.Matches[1].Caller); diff != "" {
		t.Errorf("caller differs from the indexed symbol (-indexed +grep):\n%s", diff)
	}
	byCaller := r.ByCaller()
	if len(byCaller) != 3 || byCaller[1].Caller.ID != handle.ID || len(byCaller[1].Matches) != 2 {
		t.Errorf("ByCaller: %+v", byCaller)
	}
}

// span is the span of the first occurrence of needle in src.
func span(t testing.TB, src, needle string) treesitter.Span {
	t.Helper()
	i := strings.Index(src, needle)
	if i < 0 {
		t.Fatalf("%q not in source", needle)
	}
	return treesitter.NewLineIndex([]byte(src)).Span(uint32(i), uint32(i+len(needle)))
}

func TestSearchReceiverMatches(t *testing.T) {
	root := writeTree(t, map[string]string{
		"store/store.go": "package store\n\ntype Store struct{}\n\nfunc (s *Store) Get() {}\n\nfunc (s *Store) Load() { s.Get() }\n\nfunc helper() { Get() }\n",
		"api/api.go":     "package api\n\nimport \"x/store\"\n\nfunc h(c *cache.Cache) { c.Get(); store.Get(); st.Get() }\n",
		"app/app.py":     "class Store:\n    def get_all(self):\n        return self.Get()\n\nclass Other:\n    def f(self):\n        self.Get()\n",
	})
	r, err := Search(context.Background(), Query{Name: "Get", Container: "Store", Package: "store", Root: root})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"api/api.go:5:41 call store ✓ api/api.go#h",
		"app/app.py:3:21 call self ✓ app/app.py#Store.get_all",
		"store/store.go:7:28 call s ✓ store/store.go#Store.Load",
		"api/api.go:5:28 call c api/api.go#h",
		"api/api.go:5:51 call st api/api.go#h",
		"app/app.py:7:14 call self app/app.py#Other.f",
		"store/store.go:9:17 call store/store.go#helper",
	}
	if diff := cmp.Diff(want, render(r)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestSearchBuffersWinOverDisk(t *testing.T) {
	root := writeTree(t, map[string]string{
		"a.ts": "run();\n",
		"b.ts": "run(); run();\n",
	})
	r, err := Search(context.Background(), Query{Name: "run", Root: root, Buffers: map[string][]byte{
		"b.ts":                    []byte("// edited: no call left\n"),
		"new/c.ts":                []byte("x.run();\n"),
		"../outside.ts":           []byte("run();\n"),
		"/abs.ts":                 []byte("run();\n"),
		"node_modules/m/index.ts": []byte("run();\n"),
		"notes.txt":               []byte("run();\n"),
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a.ts:1:1 call a.ts#", "new/c.ts:1:3 call x new/c.ts#"}
	if diff := cmp.Diff(want, render(r)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestSearchSkipsWhatTheIndexerSkips(t *testing.T) {
	root := writeTree(t, map[string]string{
		".gitignore":              "generated/\n",
		"src/ok.ts":               "fetchAll();\n",
		"generated/api.ts":        "fetchAll();\n",
		"node_modules/x/index.js": "fetchAll();\n",
		"vendor/v.go":             "package v\nfunc f() { fetchAll() }\n",
		"big.ts":                  "fetchAll();\n" + strings.Repeat("// padding\n", 200),
		"secret/keys.ts":          "fetchAll();\n",
		"bin.js":                  "fetchAll();\x00\x01\x02",
		"notes.md":                "fetchAll()\n",
	})
	r, err := Search(context.Background(), Query{Name: "fetchAll", Root: root,
		Walk: files.WalkOptions{MaxFileSize: 1000, ExtraIgnores: []string{"secret/"}}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"src/ok.ts:1:1 call src/ok.ts#"}, render(r)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestSearchNeverReadsOutsideRoot(t *testing.T) {
	outside := writeTree(t, map[string]string{"leak.ts": "secretCall();\n", "dir/leak2.ts": "secretCall();\n"})
	// build/ is skipped as build output, but a link into it from the
	// sources is followed: it stays inside the workspace.
	root := writeTree(t, map[string]string{"src/in.ts": "secretCall();\n",
		"build/gen.ts": "x.secretCall();\n", "build/gen2.ts": "y.secretCall();\n"})
	for name, target := range map[string]string{
		"src/link.ts": filepath.Join(outside, "leak.ts"),
		"linkdir":     filepath.Join(outside, "dir"),
		"src/gen.ts":  filepath.Join("..", "build", "gen.ts"),
		"src/gen2.ts": filepath.Join(root, "build", "gen2.ts"),
	} {
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(name))); err != nil {
			t.Fatalf("symlink: %v", err)
		}
	}
	r, err := Search(context.Background(), Query{Name: "secretCall", Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"src/gen.ts:1:3 call x src/gen.ts#", "src/gen2.ts:1:3 call y src/gen2.ts#", "src/in.ts:1:1 call src/in.ts#"}, render(r)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestSearchBadInput(t *testing.T) {
	root := writeTree(t, map[string]string{
		"a.ts": "if (x) { a.b(); } const $x = 1; $x(); a(); // a.b*\n",
		"p.py": "def f():\n    if x: pass\n",
	})
	ctx := context.Background()
	for _, name := range []string{"a.b*", "a.b", "x y", "", "(", "1x"} {
		if _, err := Search(ctx, Query{Name: name, Root: root}); !errors.Is(err, ErrNotIdentifier) {
			t.Errorf("name %q: err %v, want ErrNotIdentifier", name, err)
		}
	}
	for name, want := range map[string][]string{
		"if":  nil, // a keyword is never an identifier in code
		"def": nil,
		"$x":  {"a.ts:1:33 call a.ts#"}, // taken literally, not as a regex
		"a":   {"a.ts:1:39 call a.ts#", "a.ts:1:10 reference a.ts#"},
	} {
		r, err := Search(ctx, Query{Name: name, Root: root})
		if err != nil {
			t.Errorf("name %q: %v", name, err)
			continue
		}
		if diff := cmp.Diff(want, render(r)); diff != "" {
			t.Errorf("name %q (-want +got):\n%s", name, diff)
		}
	}
	if _, err := Search(ctx, Query{Name: "f", Root: filepath.Join(root, "missing")}); err == nil {
		t.Error("missing root: want an error")
	}
	if _, err := Search(ctx, Query{Name: "f", Root: filepath.Join(root, "a.ts")}); err == nil {
		t.Error("root that is a file: want an error")
	}
	if _, err := Search(ctx, Query{Name: "f"}); err == nil {
		t.Error("no root: want an error")
	}
}

func TestSearchCancelled(t *testing.T) {
	root := writeTree(t, map[string]string{"a.ts": "go();\n"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Search(ctx, Query{Name: "go", Root: root})
	if err != nil {
		t.Fatalf("a cancelled scan is an answer, not an error: %v", err)
	}
	if !r.Partial || len(r.Matches) != 0 {
		t.Errorf("got %+v, want Partial and nothing found", r)
	}
}

// A file that disappears between the prefilter and the parse is skipped,
// and the rest of the answer stands.
func TestSearchFileVanishes(t *testing.T) {
	root := writeTree(t, map[string]string{"a.ts": "tick();\n", "b.ts": "tick();\n"})
	defer func(budget int64) { keepBudget = budget; afterPrefilter = nil }(keepBudget)
	keepBudget = 0 // read again at parse time
	afterPrefilter = func() {
		if err := os.Remove(filepath.Join(root, "a.ts")); err != nil {
			t.Error(err)
		}
	}
	r, err := Search(context.Background(), Query{Name: "tick", Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"b.ts:1:1 call b.ts#"}, render(r)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if r.Candidates != 2 || r.Skipped != 1 || r.Partial {
		t.Errorf("counts: %+v", r)
	}
}

// A file rewritten after the prefilter read it is parsed as it was read:
// positions always refer to the content that was parsed.
func TestSearchFileChanges(t *testing.T) {
	root := writeTree(t, map[string]string{"a.ts": "tick();\n"})
	defer func() { afterPrefilter = nil }()
	afterPrefilter = func() {
		if err := os.WriteFile(filepath.Join(root, "a.ts"), []byte("// gone\n"), 0o644); err != nil {
			t.Error(err)
		}
	}
	r, err := Search(context.Background(), Query{Name: "tick", Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a.ts:1:1 call a.ts#"}, render(r)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// Past StopAfter sites, parsing stops at the same file on every run, and
// the files naming the target's class are parsed whatever their order.
func TestSearchStopsAfterEnoughSites(t *testing.T) {
	files := map[string]string{"zz/best.ts": "const cart: Cart = x; cart.total();\n"}
	for i := range 40 {
		files[fmt.Sprintf("f%02d.ts", i)] = "total(); total();\n"
	}
	root := writeTree(t, files)
	q := Query{Name: "total", Container: "Cart", Root: root, StopAfter: 10, MaxKeep: 5}
	first, err := Search(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if !first.Capped || first.Total != 11 || first.Parsed != 6 || first.Candidates != 41 || len(first.Matches) != 5 {
		t.Errorf("got total %d parsed %d candidates %d kept %d capped %v; want 11, 6, 41, 5, capped",
			first.Total, first.Parsed, first.Candidates, len(first.Matches), first.Capped)
	}
	if got := first.Matches[0]; got.Path != "zz/best.ts" || !got.ReceiverMatches {
		t.Errorf("best match %+v, want zz/best.ts with a matching receiver", got)
	}
	for range 5 {
		again, err := Search(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(render(first), render(again)); diff != "" || again.Total != first.Total {
			t.Fatalf("a second run differs (-first +again):\n%s", diff)
		}
	}
	q.StopAfter = -1
	all, err := Search(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if all.Capped || all.Total != 81 || all.Parsed != 41 {
		t.Errorf("without a stop: total %d parsed %d capped %v; want 81, 41, not capped", all.Total, all.Parsed, all.Capped)
	}
}

// memoryTempDir is a temp dir on tmpfs when the machine has one: creating
// 100,000 files on a busy disk takes minutes, in memory two seconds.
func memoryTempDir(t *testing.T) string {
	if dir, err := os.MkdirTemp("/dev/shm", "grep-test-"); err == nil {
		t.Cleanup(func() { os.RemoveAll(dir) })
		return dir
	}
	return t.TempDir()
}

// A 100,000-file workspace answers within its deadline, marked partial.
func TestSearchHugeWorkspaceAnswersWithinDeadline(t *testing.T) {
	root := memoryTempDir(t)
	const dirs, perDir = 400, 250
	for d := range dirs {
		dir := filepath.Join(root, fmt.Sprintf("d%03d", d))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for f := range perDir {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%03d.ts", f)), []byte("x.poll();\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err := Search(ctx, Query{Name: "poll", Root: root})
	elapsed := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Partial {
		t.Errorf("scanned %d files in %v without reaching the deadline: want Partial on %d files", r.Files, elapsed, dirs*perDir)
	}
	// The scan stops at the deadline, give or take a file per worker (the
	// slack is for a loaded machine).
	if elapsed > 2*time.Second {
		t.Errorf("answered after %v, deadline 200ms", elapsed)
	}
}

// inBothModes runs test with the directory watch and, as where inotify is
// missing or its limit is reached, with the directories' times.
func inBothModes(t *testing.T, test func(t *testing.T)) {
	t.Run("watch", test)
	t.Run("times", func(t *testing.T) {
		defer func() { noWatch = false }()
		noWatch = true
		test(t)
	})
}

// A Searcher keeps the file list, yet sees files added, removed and edited
// since: the watch (or the directories' modification times) tells it when
// to walk again.
func TestSearcherSeesChanges(t *testing.T) { inBothModes(t, testSearcherSeesChanges) }

func testSearcherSeesChanges(t *testing.T) {
	root := writeTree(t, map[string]string{"src/a.ts": "sync();\n", "docs/readme.md": "sync()\n"})
	s := &Searcher{}
	defer s.Close()
	search := func() []string {
		t.Helper()
		r, err := s.Search(context.Background(), Query{Name: "sync", Root: root})
		if err != nil {
			t.Fatal(err)
		}
		return render(r)
	}
	write := func(rel, content string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		change func()
		want   []string
	}{
		{func() {}, []string{"src/a.ts:1:1 call src/a.ts#"}},
		{func() { write("src/b.ts", "x.sync();\n") }, []string{"src/a.ts:1:1 call src/a.ts#", "src/b.ts:1:3 call x src/b.ts#"}},
		{func() { write("src/deep/new/c.py", "sync()\n") }, []string{"src/a.ts:1:1 call src/a.ts#", "src/b.ts:1:3 call x src/b.ts#", "src/deep/new/c.py:1:1 call src/deep/new/c.py#"}},
		{func() { write("docs/d.ts", "sync();\n") }, []string{"docs/d.ts:1:1 call docs/d.ts#", "src/a.ts:1:1 call src/a.ts#", "src/b.ts:1:3 call x src/b.ts#", "src/deep/new/c.py:1:1 call src/deep/new/c.py#"}},
		{func() { write("src/a.ts", "// no call\n") }, []string{"docs/d.ts:1:1 call docs/d.ts#", "src/b.ts:1:3 call x src/b.ts#", "src/deep/new/c.py:1:1 call src/deep/new/c.py#"}},
		{func() {
			for _, rel := range []string{"src/b.ts", "src/deep/new/c.py", "docs/d.ts"} {
				if err := os.Remove(filepath.Join(root, filepath.FromSlash(rel))); err != nil {
					t.Fatal(err)
				}
			}
		}, nil},
	}
	for i, step := range steps {
		step.change()
		if diff := cmp.Diff(step.want, search()); diff != "" {
			t.Errorf("step %d (-want +got):\n%s", i, diff)
		}
	}
}

// Past MaxAge the list is walked again, so even an edit no directory shows
// (a .gitignore rewritten in place) takes effect; Invalidate does it at once.
// (The watch sees the edit at once: see TestSearcherWatchSeesIgnoreRules.)
func TestSearcherMaxAgeAndInvalidate(t *testing.T) { inBothModes(t, testSearcherMaxAgeAndInvalidate) }

func testSearcherMaxAgeAndInvalidate(t *testing.T) {
	root := writeTree(t, map[string]string{".gitignore": "# nothing\n", "gen/a.ts": "emit();\n"})
	ignore := func() {
		t.Helper()
		f, err := os.OpenFile(filepath.Join(root, ".gitignore"), os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteString("gen/\n"); err != nil {
			t.Fatal(err)
		}
	}
	count := func(s *Searcher) int {
		t.Helper()
		r, err := s.Search(context.Background(), Query{Name: "emit", Root: root})
		if err != nil {
			t.Fatal(err)
		}
		return len(r.Matches)
	}
	s := &Searcher{}
	defer s.Close()
	if n := count(s); n != 1 {
		t.Fatalf("before: %d matches, want 1", n)
	}
	ignore()
	s.Invalidate(root)
	if n := count(s); n != 0 {
		t.Errorf("after Invalidate: %d matches in an ignored directory, want 0", n)
	}

	root2 := writeTree(t, map[string]string{".gitignore": "# nothing\n", "gen/a.ts": "emit();\n"})
	root = root2
	young := &Searcher{MaxAge: time.Nanosecond}
	defer young.Close()
	if n := count(young); n != 1 {
		t.Fatalf("before: %d matches, want 1", n)
	}
	ignore()
	if n := count(young); n != 0 {
		t.Errorf("past MaxAge: %d matches in an ignored directory, want 0", n)
	}
}

// A walk cut off by a search's deadline goes on in the background and
// serves the next search; Close stops it promptly.
func TestSearcherWalkOutlivesDeadline(t *testing.T) {
	files := map[string]string{}
	for i := range 300 {
		files[fmt.Sprintf("d%02d/f%03d.ts", i%30, i)] = "ping();\n"
	}
	root := writeTree(t, files)
	s := &Searcher{}
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Microsecond)
	defer cancel()
	r, err := s.Search(ctx, Query{Name: "ping", Root: root})
	if err != nil || !r.Partial {
		t.Fatalf("got %v, partial %v; want a partial answer", err, r.Partial)
	}
	r, err = s.Search(context.Background(), Query{Name: "ping", Root: root, StopAfter: -1})
	if err != nil || r.Partial || r.Total != 300 {
		t.Fatalf("next search: %v, partial %v, total %d; want all 300", err, r.Partial, r.Total)
	}

	huge := memoryTempDir(t)
	for d := range 100 {
		dir := filepath.Join(huge, fmt.Sprintf("d%03d", d))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for f := range 200 {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%03d.ts", f)), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel2()
	if _, err := s.Search(ctx2, Query{Name: "ping", Root: huge}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	s.Close()
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("Close took %v with a walk under way", elapsed)
	}
}

// A file swapped for a symlink out of the workspace between the prefilter
// and the parse is not read through the link.
func TestSearchSymlinkSwappedInMidScan(t *testing.T) {
	outside := writeTree(t, map[string]string{"leak.ts": "tick(); tick(); tick();\n"})
	root := writeTree(t, map[string]string{"a.ts": "tick();\n"})
	defer func(budget int64) { keepBudget = budget; afterPrefilter = nil }(keepBudget)
	keepBudget = 0 // read again at parse time
	afterPrefilter = func() {
		p := filepath.Join(root, "a.ts")
		if err := os.Remove(p); err != nil {
			t.Error(err)
		}
		if err := os.Symlink(filepath.Join(outside, "leak.ts"), p); err != nil {
			t.Error(err)
		}
	}
	r, err := Search(context.Background(), Query{Name: "tick", Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Matches) != 0 || r.Skipped != 1 {
		t.Errorf("got %v, skipped %d; want nothing read through the link", render(r), r.Skipped)
	}
}

// Warm walks in the background, so that a first search with a tight
// deadline finds the list ready.
func TestSearcherWarm(t *testing.T) {
	tree := map[string]string{}
	for i := range 200 {
		tree[fmt.Sprintf("d%02d/f%03d.go", i%20, i)] = "package d\nfunc f() { ping() }\n"
	}
	root := writeTree(t, tree)
	s := &Searcher{}
	defer s.Close()
	s.Warm(root, files.WalkOptions{})
	s.Warm(root, files.WalkOptions{}) // a second call while the first walks is a no-op
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, ready := s.State(root); ready {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the warm walk did not finish in 10s")
		}
		time.Sleep(time.Millisecond)
	}
	r, err := s.Search(context.Background(), Query{Name: "ping", Root: root, StopAfter: -1})
	if err != nil || r.Total != 200 || r.Partial {
		t.Errorf("after Warm: %v, total %d, partial %v; want 200 sites", err, r.Total, r.Partial)
	}
}

// A closed Searcher still answers, walking for each search.
func TestSearcherAfterClose(t *testing.T) {
	root := writeTree(t, map[string]string{"a.ts": "later();\n"})
	s := &Searcher{}
	s.Close()
	r, err := s.Search(context.Background(), Query{Name: "later", Root: root})
	if err != nil || len(r.Matches) != 1 || r.Partial {
		t.Errorf("after Close: %v, %v; want one match", render(r), err)
	}
}

// The target's span may be its name or its whole declaration: either way a
// recursive call inside it is still a caller, the declaration never is.
func TestSearchTargetSpan(t *testing.T) {
	src := "function walk(n) {\n  return n ? walk(n.next) : 0;\n}\nwalk(list);\n"
	root := writeTree(t, map[string]string{"w.js": src})
	whole := span(t, src, src[:len(src)-len("walk(list);\n")])
	for name, target := range map[string]treesitter.Span{"name": span(t, src, "walk"), "declaration": whole} {
		r, err := Search(context.Background(), Query{Name: "walk", Root: root, TargetPath: "w.js", TargetSpan: target})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"w.js:2:14 call ✓ w.js#walk", "w.js:4:1 call ✓ w.js#"}
		if diff := cmp.Diff(want, render(r)); diff != "" {
			t.Errorf("target span is the %s (-want +got):\n%s", name, diff)
		}
	}
}

// A named pipe where a source file was neither blocks the scan nor
// reports anything.
func TestSearchNamedPipeDoesNotBlock(t *testing.T) {
	root := writeTree(t, map[string]string{"a.ts": "tick();\n", "b.ts": "tick();\n"})
	defer func(budget int64) { keepBudget = budget; afterPrefilter = nil }(keepBudget)
	keepBudget = 0 // read again at parse time
	afterPrefilter = func() {
		p := filepath.Join(root, "a.ts")
		if err := os.Remove(p); err != nil {
			t.Error(err)
		}
		if err := mkfifo(p); err != nil {
			t.Error(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := Search(ctx, Query{Name: "tick", Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if r.Partial {
		t.Fatal("the scan hung on the pipe until its deadline")
	}
	if diff := cmp.Diff([]string{"b.ts:1:1 call b.ts#"}, render(r)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

package server_test

// The cascade's stages checked through the real server on the
// testdata/cascade-stages fixture, whose sources say which stage must answer:
//
//	@answer(STAGE, "needle", CALLER...)  incomingCalls of the declaration named
//	    needle on this line is answered by STAGE with exactly these callers
//	    (Container.name); a degraded answer publishes a diagnostic whose code
//	    actions run.

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/handlers"
	"github.com/callcascade/callcascade/server"
	"github.com/callcascade/callcascade/treesitter"
)

var answerRE = regexp.MustCompile(`@answer\((\w+), "([^"]+)"((?:, *[\w.]+)*)\)`)

type answerWant struct {
	stage   string
	name    string
	callers []string
	uri     protocol.DocumentURI
	pos     protocol.Position
	at      string
}

func parseAnswers(t *testing.T, root string) []answerWant {
	t.Helper()
	var out []answerWant
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if _, ok := treesitter.LanguageForPath(path); !ok && !strings.HasSuffix(path, ".pending") {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for lineNo := 0; sc.Scan(); lineNo++ {
			line := sc.Text()
			for _, m := range answerRE.FindAllStringSubmatch(line, -1) {
				col := strings.Index(line, m[2])
				if col < 0 {
					t.Fatalf("%s:%d: needle %q not on the line", path, lineNo+1, m[2])
				}
				w := answerWant{stage: m[1], name: m[2], uri: handlers.URIFromPath(path),
					pos: protocol.Position{Line: uint32(lineNo), Character: utf16Len(line[:col])}, at: filepath.Base(path)}
				for _, c := range strings.Split(m[3], ",") {
					if c = strings.TrimSpace(c); c != "" {
						w.callers = append(w.callers, c)
					}
				}
				sort.Strings(w.callers)
				out = append(out, w)
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// generous budgets: the stage that answers must not depend on how loaded
// the test machine is.
var patientSettings = server.Settings{GraphTimeoutMs: 10000, GrepTimeoutMs: 10000, KeywordTimeoutMs: 10000, BudgetMs: 30000}

func TestCascadeStages(t *testing.T) {
	root := t.TempDir()
	copyTree(t, "../testdata/cascade-stages", root)
	root, _ = filepath.EvalSymlinks(root)
	wants := parseAnswers(t, root)
	if len(wants) < 3 {
		t.Fatalf("fixture has %d @answer markers, want one per fallback stage", len(wants))
	}
	// The grep answers first: a later re-index (a code action) indexes the
	// late file, after which the graph answers precisely.
	sort.SliceStable(wants, func(i, j int) bool { return wants[i].stage == cascade.StageGrep && wants[j].stage != cascade.StageGrep })
	c := startServerWith(t, root, server.Options{Settings: patientSettings, RequestTimeout: time.Minute}, true)
	// A file the index has not seen: only the live-workspace grep finds it.
	late := filepath.Join(root, "src/late/late-report.ts")
	if err := os.Rename(late+".pending", late); err != nil {
		t.Fatal(err)
	}

	for _, w := range wants {
		t.Run(w.stage+"/"+w.name, func(t *testing.T) {
			var items []protocol.CallHierarchyItem
			if err := c.call("textDocument/prepareCallHierarchy", &protocol.CallHierarchyPrepareParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: w.uri}, Position: w.pos}}, &items); err != nil || len(items) != 1 {
				t.Fatalf("%s: prepare: %v, %d items", w.at, err, len(items))
			}
			var calls []protocol.CallHierarchyIncomingCall
			if err := c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: items[0]}, &calls); err != nil {
				t.Fatalf("incomingCalls: %v", err)
			}
			var got []string
			for _, call := range calls {
				name := call.From.Name
				if call.From.Detail != "" && strings.Contains(call.From.Detail, " · ") {
					name = strings.SplitN(call.From.Detail, " · ", 2)[0] + "." + name
				}
				got = append(got, name)
				if label := stageLabel(w.stage); !strings.Contains(call.From.Detail, label) {
					t.Errorf("caller %s: detail %q does not name the %s stage", name, call.From.Detail, w.stage)
				}
				if len(call.FromRanges) == 0 {
					t.Errorf("caller %s: no fromRanges", name)
				}
			}
			sort.Strings(got)
			if diff := cmp.Diff(w.callers, got); diff != "" {
				t.Errorf("%s: callers (-want +got):\n%s", w.at, diff)
			}

			d := waitDiagnostic(t, c, w.uri, items[0].SelectionRange)
			switch {
			case w.stage == cascade.StageGraph:
				if d != nil {
					t.Errorf("a precise answer left a diagnostic: %+v", d)
				}
				return
			case d == nil:
				t.Fatalf("a %s answer published no diagnostic on %s", w.stage, w.name)
			}
			wantSeverity := protocol.DiagnosticSeverityInformation
			if w.stage == cascade.StageReport {
				wantSeverity = protocol.DiagnosticSeverityWarning
			}
			if d.Source != "callcascade" || d.Severity != wantSeverity || d.Code != cascade.ReasonNoCallers || d.Message == "" {
				t.Errorf("diagnostic: source %q severity %v code %v message %q", d.Source, d.Severity, d.Code, d.Message)
			}
			if w.stage != cascade.StageReport && !strings.Contains(d.Message, w.stage) {
				t.Errorf("diagnostic message does not name the answering stage: %q", d.Message)
			}
			checkCodeActions(t, c, w, *d)
		})
	}

	// Find callers said its answer in the UI too (Helix drops command results).
	c.mu.Lock()
	said := strings.Join(c.messages, "\n")
	c.mu.Unlock()
	for _, w := range wants {
		if !strings.Contains(said, "callers of") || !strings.Contains(said, w.name) {
			t.Errorf("no window/showMessage about the callers of %s:\n%s", w.name, said)
		}
	}

	// A change that changes nothing (Vim's :edit re-sends the buffer) keeps
	// the diagnostics; an edit makes every answer stale: they go.
	countDiags := func() int {
		c.mu.Lock()
		defer c.mu.Unlock()
		n := 0
		for _, ds := range c.diags {
			n += len(ds)
		}
		return n
	}
	before := countDiags()
	for _, w := range wants {
		text, err := os.ReadFile(filepath.Join(root, strings.TrimPrefix(string(w.uri), "file://"+root)))
		if err != nil {
			t.Fatal(err)
		}
		c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: w.uri, LanguageID: "typescript", Version: 1, Text: string(text)}})
		c.notify("textDocument/didChange", &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: w.uri}, Version: 2},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: string(text)}}})
	}
	var status json.RawMessage // a request after the notifications: they have been handled
	if err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: "callcascade.status"}, &status); err != nil {
		t.Fatal(err)
	}
	var st struct {
		Workspaces []struct {
			GrepFiles *struct {
				Files   int  `json:"files"`
				Watched bool `json:"watched"`
			} `json:"grepFiles"`
		} `json:"workspaces"`
	}
	if err := json.Unmarshal(status, &st); err != nil || len(st.Workspaces) != 1 {
		t.Fatalf("status %s: %v", status, err)
	}
	// The grep stage has answered above: its file list is kept, and on
	// Linux watched.
	if g := st.Workspaces[0].GrepFiles; g == nil || g.Files == 0 || (runtime.GOOS == "linux" && !g.Watched) {
		t.Errorf("status grepFiles = %+v, want a watched list of the fixture's files", g)
	}
	if after := countDiags(); before == 0 || after != before {
		t.Errorf("an unchanged didChange cleared diagnostics: %d before, %d after", before, after)
	}
	for _, w := range wants {
		text, err := os.ReadFile(filepath.Join(root, strings.TrimPrefix(string(w.uri), "file://"+root)))
		if err != nil {
			t.Fatal(err)
		}
		c.notify("textDocument/didChange", &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: w.uri}, Version: 3},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: string(text) + "\n"}}})
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		c.mu.Lock()
		left := 0
		for _, ds := range c.diags {
			left += len(ds)
		}
		c.mu.Unlock()
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d diagnostics survived an edit of their documents", left)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func stageLabel(stage string) string {
	switch stage {
	case cascade.StageGrep:
		return "grep"
	case cascade.StageKeyword:
		return "keyword match"
	}
	return stage
}

// waitDiagnostic returns our diagnostic at rng, waiting briefly for the
// publish notification that follows the answer.
func waitDiagnostic(t *testing.T, c *testClient, uri protocol.DocumentURI, rng protocol.Range) *protocol.Diagnostic {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		c.mu.Lock()
		for _, d := range c.diags[uri] {
			if d.Range == rng {
				c.mu.Unlock()
				return &d
			}
		}
		c.mu.Unlock()
		if time.Now().After(deadline) {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// checkCodeActions asks for the quickfixes of a diagnostic and runs every
// one of them, checking what each does.
func checkCodeActions(t *testing.T, c *testClient, w answerWant, d protocol.Diagnostic) {
	t.Helper()
	var actions []protocol.CodeAction
	err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: w.uri},
		Range: d.Range, Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{d}}}, &actions)
	if err != nil {
		t.Fatalf("codeAction: %v", err)
	}
	// The same diagnostic twice (a client that repeats it, or two of ours
	// over one range) offers each action once.
	var twice []protocol.CodeAction
	if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: w.uri},
		Range: d.Range, Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{d, d}}}, &twice); err != nil {
		t.Fatalf("codeAction: %v", err)
	}
	seenTitles := map[string]bool{}
	for _, a := range twice {
		if seenTitles[a.Title] {
			t.Errorf("code action %q offered twice", a.Title)
		}
		seenTitles[a.Title] = true
	}
	if len(twice) != len(actions) {
		t.Errorf("%d actions for the diagnostic sent twice, %d for it once", len(twice), len(actions))
	}
	quickfixes := 0
	findCallers := false
	// A re-index changes the answers: run it last.
	sort.SliceStable(actions, func(i, j int) bool {
		return actions[j].Command != nil && actions[j].Command.Command == "callcascade.reindex" &&
			(actions[i].Command == nil || actions[i].Command.Command != "callcascade.reindex")
	})
	for _, a := range actions {
		if a.Command == nil {
			t.Errorf("action %q has no command", a.Title)
			continue
		}
		if a.Kind == protocol.QuickFix {
			quickfixes++
		}
		if strings.HasPrefix(a.Title, handlers.FindCallersTitle) {
			findCallers = true
		}
		var result json.RawMessage
		if err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: a.Command.Command, Arguments: a.Command.Arguments}, &result); err != nil {
			t.Errorf("action %q: executeCommand %s: %v", a.Title, a.Command.Command, err)
			continue
		}
		checkCommandResult(t, c, w, a.Command.Command, result)
	}
	if quickfixes < 3 {
		t.Errorf("%d quickfix actions for the diagnostic, want at least 3: %+v", quickfixes, actions)
	}
	if !findCallers {
		t.Errorf("no %q action on the name", handlers.FindCallersTitle)
	}
}

func checkCommandResult(t *testing.T, c *testClient, w answerWant, command string, result json.RawMessage) {
	t.Helper()
	switch command {
	case "callcascade.reindex":
		var r []handlers.ReindexResult
		if err := json.Unmarshal(result, &r); err != nil || len(r) != 1 || r[0].Files == 0 || r[0].Error != "" {
			t.Errorf("reindex: %s", result)
		}
	case "callcascade.findCallers", "callcascade.copyReport":
		var a cascade.Answer
		if err := json.Unmarshal(result, &a); err != nil {
			t.Fatalf("%s: not an answer: %v\n%s", command, err, result)
		}
		if a.Meta.Stage != w.stage || a.Symbol.Name != w.name || len(a.Meta.Attempts) == 0 {
			t.Errorf("%s: stage %q symbol %q attempts %d, want stage %s for %s", command, a.Meta.Stage, a.Symbol.Name, len(a.Meta.Attempts), w.stage, w.name)
		}
		if w.stage == cascade.StageReport && (a.Error != "NO_CALLERS_FOUND" || a.Explanation == "" || len(a.NextActions) < 3) {
			t.Errorf("%s: a not-found answer without error/explanation/next_actions: %s", command, result)
		}
		if w.stage != cascade.StageReport && (!a.Meta.Degraded || a.Meta.Warning == "" || len(a.Calls) != len(w.callers)) {
			t.Errorf("%s: a fallback answer not marked degraded with a warning and its calls: %s", command, result)
		}
	case "callcascade.showGrepMatches":
		var m handlers.MatchesResult
		if err := json.Unmarshal(result, &m); err != nil || m.Name == "" {
			t.Errorf("showGrepMatches: %s", result)
		}
	case "callcascade.showMentions":
		var m handlers.MentionsResult
		if err := json.Unmarshal(result, &m); err != nil || m.Count == 0 || len(m.Mentions) != m.Count {
			t.Errorf("showMentions: %s", result)
		}
	case "callcascade.openLocation":
		var r struct{ Shown bool }
		if err := json.Unmarshal(result, &r); err != nil || !r.Shown {
			t.Errorf("openLocation: %s", result)
		}
	default:
		t.Errorf("unexpected command %s", command)
	}
}

// A file created outside the editor (a checkout, a generator) and reported
// through workspace/didChangeWatchedFiles is indexed: the graph answers
// precisely instead of leaving it to the grep fallback.
func TestWatchedFilesReindex(t *testing.T) {
	root := writeTree(t, map[string]string{"lib.ts": libTS, "a.ts": "import { target } from './lib';\nexport function first() {\n  return target();\n}\n"})
	c := startServer(t, root, server.Options{})
	target := c.prepare(uriOf(root, "lib.ts"), 0, 17)
	if len(target) != 1 {
		t.Fatal("no target")
	}
	if got := c.incomingNames(target[0]); len(got) != 1 {
		t.Fatalf("before: callers %v", got)
	}
	if err := os.WriteFile(filepath.Join(root, "b.ts"), []byte("import { target } from './lib';\nexport function second() {\n  return target();\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{URI: uriOf(root, "b.ts"), Type: protocol.FileChangeTypeCreated}}})
	deadline := time.Now().Add(20 * time.Second)
	for {
		var calls []protocol.CallHierarchyIncomingCall
		if err := c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: target[0]}, &calls); err != nil {
			t.Fatal(err)
		}
		precise := 0
		for _, call := range calls {
			if strings.Contains(call.From.Detail, "precise") {
				precise++
			}
		}
		if precise == 2 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the created file was not indexed: %+v", calls)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A framework-invoked target says how in its item's detail: the call
// hierarchy's root shows "scheduled: cron ..." or "route GET ...".
func TestFrameworkInvokedItemDetail(t *testing.T) {
	root, _ := filepath.Abs("../testdata/nest-events")
	c := startServer(t, root, server.Options{})
	for _, tc := range []struct{ file, needle, want string }{
		{"src/reports/report.scheduler.ts", "hourly(", "cron"},
		{"src/reports/report.controller.ts", "findOne(", "GET"},
	} {
		text, err := os.ReadFile(filepath.Join(root, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(text), "\n")
		line, col := -1, -1
		for i, l := range lines {
			if j := strings.Index(l, tc.needle); j >= 0 {
				line, col = i, j
				break
			}
		}
		if line < 0 {
			t.Fatalf("%s: no %q", tc.file, tc.needle)
		}
		items := c.prepare(uriOf(root, tc.file), uint32(line), uint32(col))
		if len(items) != 1 || !strings.Contains(items[0].Detail, tc.want) {
			t.Errorf("%s %s: item detail %v, want it to mention %q", tc.file, tc.needle, items, tc.want)
		}
	}

	// The report's "search for the event" suggestion runs: it finds the
	// strings naming the event (here only the subscriber's own decorator).
	var found handlers.LiteralsResult
	if err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: "callcascade.searchLiterals",
		Arguments: []any{map[string]any{"text": "report.deleted"}}}, &found); err != nil {
		t.Fatal(err)
	}
	if len(found.Matches) != 1 || !strings.HasSuffix(found.Matches[0].URI, "report.listener.ts") {
		t.Errorf("searchLiterals report.deleted: %+v", found)
	}
}

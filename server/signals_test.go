package server_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/handlers"
	"github.com/callcascade/callcascade/server"
)

// prepareAt prepares the item on the first line of a fixture file that
// holds needle.
func prepareAt(t *testing.T, c *testClient, root, rel, needle string) protocol.CallHierarchyItem {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(text), "\n") {
		if j := strings.Index(l, needle); j >= 0 {
			items := c.prepare(uriOf(root, rel), uint32(i), uint32(j))
			if len(items) != 1 {
				t.Fatalf("%s %q: %d items", rel, needle, len(items))
			}
			return items[0]
		}
	}
	t.Fatalf("%s: no %q", rel, needle)
	return protocol.CallHierarchyItem{}
}

func findCallersAt(t *testing.T, c *testClient, item protocol.CallHierarchyItem) cascade.Answer {
	t.Helper()
	var a cascade.Answer
	err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: cascade.CommandFindCallers,
		Arguments: []any{map[string]any{"uri": string(item.URI), "position": item.SelectionRange.Start}}}, &a)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// A receiver's JSON answer carries its implicit sends as one entry per
// signal and sender, with every site; its direct callers stay precise.
func TestImplicitSendsJSON(t *testing.T) {
	root, _ := filepath.Abs("../testdata/django-signals")
	c := startServer(t, root, server.Options{})
	a := findCallersAt(t, c, prepareAt(t, c, root, "blog/receivers.py", "article_saved("))

	var summaries []cascade.AnswerCall
	var callers []string
	for _, call := range a.Calls {
		if call.Implicit != nil {
			summaries = append(summaries, call)
			continue
		}
		callers = append(callers, call.Caller)
		if !call.Provenance.Precise {
			t.Errorf("direct caller %s is not precise: %+v", call.Caller, call.Provenance)
		}
	}
	if strings.Join(callers, ",") != "resync" {
		t.Errorf("callers %v, want only resync (the save() sites are summarized)", callers)
	}
	if len(summaries) != 1 {
		t.Fatalf("%d summaries, want 1: %+v", len(summaries), summaries)
	}
	s := summaries[0]
	im := s.Implicit
	if im.Signal != "post_save" || im.Sender != "Article" || im.Count != 10 || im.OutsideTests != 5 || len(im.Sites) != 10 {
		t.Errorf("summary %+v, want post_save of Article, 10 sites, 5 outside tests", im)
	}
	if s.Provenance.Precise || s.Provenance.Resolution != "implicit" || s.Provenance.Event != "post_save" {
		t.Errorf("summary provenance %+v, want implicit, not precise", s.Provenance)
	}
	if !strings.HasPrefix(s.Location, "blog/receivers.py:") || s.Caller != "post_save of Article" {
		t.Errorf("summary at %s named %q, want the @receiver line of blog/receivers.py", s.Location, s.Caller)
	}
	if !strings.Contains(im.Summary, "10 ") || !strings.Contains(im.Summary, "(5 outside tests)") {
		t.Errorf("summary text %q", im.Summary)
	}
	tests := 0
	for _, site := range im.Sites {
		if site.Test {
			tests++
		}
		if site.Model != "Article" || site.File == "" || site.Location == "" || site.Call == "" {
			t.Errorf("site %+v lacks its model, file, location or call", site)
		}
		if site.Test != (strings.Contains(site.File, "test") || site.File == "conftest.py") {
			t.Errorf("site %s: test=%v", site.File, site.Test)
		}
	}
	if tests != 5 {
		t.Errorf("%d sites in tests, want 5", tests)
	}
	if !strings.Contains(a.Meta.Warning, "implicit") {
		t.Errorf("meta warning %q does not say some entries are implicit sends", a.Meta.Warning)
	}
	// The raw JSON names the field.
	raw, _ := json.Marshal(a)
	if !strings.Contains(string(raw), `"implicit":{"signal":"post_save","sender":"Article"`) {
		t.Errorf("JSON lacks the implicit field: %s", raw)
	}
}

// The answer's diagnostic offers code actions that list the sites and open
// the first one outside tests.
func TestImplicitSendsCodeAction(t *testing.T) {
	root, _ := filepath.Abs("../testdata/django-signals")
	c := startServer(t, root, server.Options{})
	item := prepareAt(t, c, root, "blog/receivers.py", "tags_changed(")
	var calls []protocol.CallHierarchyIncomingCall
	if err := c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: item}, &calls); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 || calls[0].From.Kind != protocol.SymbolKindEvent || calls[0].From.Name != "m2m_changed of Article.tags.through" {
		t.Fatalf("incoming %+v, want one m2m_changed summary", calls)
	}
	d := waitDiagnostic(t, c, item.URI, item.SelectionRange)
	if d == nil {
		t.Fatal("no diagnostic on a receiver answered with implicit sends")
	}
	if d.Code != "implicit_sends" || !strings.Contains(d.Message, "m2m_changed of Article.tags.through: 4 ") {
		t.Errorf("diagnostic %v: %q", d.Code, d.Message)
	}
	var actions []protocol.CodeAction
	if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: item.URI},
		Range: d.Range, Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{*d}}}, &actions); err != nil {
		t.Fatal(err)
	}
	listed, opened := false, false
	for _, a := range actions {
		if a.Command == nil {
			continue
		}
		switch a.Command.Command {
		case cascade.CommandShowImplicitSends:
			var r handlers.ImplicitSendsResult
			if err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: a.Command.Command, Arguments: a.Command.Arguments}, &r); err != nil {
				t.Fatal(err)
			}
			if r.Count != 4 || r.OutsideTests != 3 || len(r.Matches) != 4 {
				t.Errorf("showImplicitSends: %+v, want 4 sites, 3 outside tests", r)
			}
			for i, m := range r.Matches {
				if inTest := strings.Contains(m.URI, "/tests/"); inTest != (i == 3) {
					t.Errorf("match %d %s: the sites outside tests come first", i, m.URI)
				}
			}
			listed = true
		case cascade.CommandOpen:
			var r struct{ Shown bool }
			if err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: a.Command.Command, Arguments: a.Command.Arguments}, &r); err != nil || !r.Shown {
				t.Errorf("open: %v %+v", err, r)
			}
			c.mu.Lock()
			shown := append([]string(nil), c.shown...)
			c.mu.Unlock()
			if len(shown) == 0 || !strings.HasSuffix(shown[len(shown)-1], "blog/services.py") {
				t.Errorf("opened %v, want the first site outside tests, in blog/services.py", shown)
			}
			opened = true
		}
	}
	if !listed || !opened {
		t.Errorf("code actions %+v: want one listing the sites and one opening the first", actions)
	}

	// A receiver with only explicit senders gets no such diagnostic.
	other := prepareAt(t, c, root, "blog/receivers.py", "on_published(")
	if err := c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: other}, &calls); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 2 {
		t.Errorf("on_published callers %+v, want the send and the send_robust", calls)
	}
	if d := waitDiagnostic(t, c, other.URI, other.SelectionRange); d != nil {
		t.Errorf("diagnostic on a precise answer: %q", d.Message)
	}
}

// Receivers of signals Django sends itself say so: framework-invoked for
// request signals, a lifecycle hook for post_migrate.
func TestFrameworkSentSignals(t *testing.T) {
	root, _ := filepath.Abs("../testdata/django-signals")
	c := startServer(t, root, server.Options{})
	for _, tc := range []struct{ needle, want string }{
		{"on_request(", "receives request_started when Django starts serving each HTTP request"},
		{"seed_tags(", "receives post_migrate after `manage.py migrate`"},
	} {
		item := prepareAt(t, c, root, "blog/receivers.py", tc.needle)
		if !strings.Contains(item.Detail, tc.want) {
			t.Errorf("%s: item detail %q, want %q", tc.needle, item.Detail, tc.want)
		}
		a := findCallersAt(t, c, item)
		named := false
		for _, cause := range a.Causes {
			named = named || strings.Contains(cause.Text, tc.want)
		}
		if len(a.Calls) != 0 || !named {
			t.Errorf("%s: answer %d calls, causes %+v; want none, and the cause naming how Django runs it", tc.needle, len(a.Calls), a.Causes)
		}
	}
}

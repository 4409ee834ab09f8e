package editors_test

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

type emacsReport struct {
	Editor  string   `json:"editor"`
	Errors  []string `json:"errors"`
	Reindex []struct {
		Root  string `json:"root"`
		Files int    `json:"files"`
	} `json:"reindex"`
	Incoming     qfList `json:"incoming"`
	Outgoing     qfList `json:"outgoing"`
	DeadIncoming qfList `json:"dead_incoming"`
	Diagnostics  []struct {
		Line int    `json:"line"`
		Col  int    `json:"col"`
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"diagnostics"`
	Actions  []string `json:"actions"`
	Executed []struct {
		Command string          `json:"command"`
		Result  json.RawMessage `json:"result"`
	} `json:"executed"`
}

// TestEmacsEglot runs Debian's Emacs with Debian's eglot in batch mode with
// editors/emacs/callcascade.el loaded.
func TestEmacsEglot(t *testing.T) {
	emacs := requireTool(t, "emacs", "apt-get install emacs-nox elpa-eglot")
	requireFile(t, "/usr/share/emacs/site-lisp/elpa-src/eglot-1.9/eglot.el", "eglot", "apt-get install elpa-eglot")

	c := newFeesCase(t)
	// eglot roots a server at the project.el project: a repository, as the
	// user's would be.
	if out, err := exec.Command("git", "init", "-q", c.ws).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	art := artifacts(t)
	out := filepath.Join(art, "report.json")
	env, _ := editorEnv(t, append(c.env(),
		"CC_LISP="+filepath.Join(repoRoot, "editors", "emacs"),
		"CC_OUT="+out,
		"CC_ACTION=^Copy the JSON report",
	)...)
	warmIndex(t, env, c.ws)
	script := filepath.Join(repoRoot, "editors", "emacs", "e2e.el")
	output, err := runEditor(t, 60*time.Second, env, c.ws, emacs, "--batch", "-l", script)
	var rep emacsReport
	readReport(t, out, &rep)
	announce(t, "drove %s (emacs --batch) and editors/emacs/callcascade.el", rep.Editor)
	if err != nil || len(rep.Errors) > 0 {
		t.Fatalf("the Emacs run failed: %v %v\n%s", err, rep.Errors, output)
	}

	if len(rep.Reindex) != 1 || rep.Reindex[0].Root != c.ws || rep.Reindex[0].Files != len(walkFiles(c.ws, ".ts")) {
		t.Errorf("re-index answered %+v, want the workspace %s with its %d source files", rep.Reindex, c.ws, len(walkFiles(c.ws, ".ts")))
	}

	// callcascade-incoming-calls: the caller at its call site, with provenance.
	if len(rep.Incoming.Items) != 1 {
		t.Fatalf("incoming calls = %+v, want the one caller", rep.Incoming.Items)
	}
	got := rep.Incoming.Items[0]
	if got.Filename != c.caller || got.Lnum != c.callLine || got.Col != c.callCol+1 ||
		!strings.HasPrefix(got.Text, "handle ") || !strings.Contains(got.Text, "precise (ast)") {
		t.Errorf("incoming call = %+v, want handle at %s:%d:%d saying how it was resolved", got, c.caller, c.callLine, c.callCol+1)
	}
	if names := namesAtLines(rep.Outgoing.Items); strings.Join(names, " ") != strings.Join(c.outgoingNamesAtLines, " ") {
		t.Errorf("outgoing calls = %v, want %v", names, c.outgoingNamesAtLines)
	}

	// The dead function: no callers, and flymake shows the server's Warning.
	if len(rep.DeadIncoming.Items) != 0 {
		t.Errorf("incoming calls of a dead function = %+v, want none", rep.DeadIncoming.Items)
	}
	if len(rep.Diagnostics) != 1 {
		t.Fatalf("flymake diagnostics = %+v, want one", rep.Diagnostics)
	}
	d := rep.Diagnostics[0]
	if d.Type != "eglot-warning" || d.Line != c.deadLine || d.Col != c.deadCol ||
		!strings.HasPrefix(d.Text, "callcascade [no_callers]") || !strings.Contains(d.Text, "reconcileQuarterlyZebraLedger") {
		t.Errorf("flymake diagnostic = %+v, want an eglot-warning from callcascade [no_callers] at %d:%d naming the function", d, c.deadLine, c.deadCol)
	}

	// eglot-code-actions lists the diagnostic's quickfixes; the one chosen
	// (copy the JSON report) runs and answers with the report.
	for _, want := range []string{"Re-index the workspace", "Copy the JSON report"} {
		if !slices.Contains(rep.Actions, want) {
			t.Errorf("eglot-code-actions offered %q, want %q among them", rep.Actions, want)
		}
	}
	if len(rep.Executed) != 1 || rep.Executed[0].Command != "callcascade.copyReport" {
		t.Fatalf("executed = %+v, want callcascade.copyReport", rep.Executed)
	}
	var answer struct {
		Symbol struct {
			Name string `json:"name"`
		} `json:"symbol"`
		Error string `json:"error"`
	}
	if err := json.Unmarshal(rep.Executed[0].Result, &answer); err != nil || answer.Symbol.Name != "reconcileQuarterlyZebraLedger" || answer.Error == "" {
		t.Errorf("copyReport answered %s (%v), want the not-found report on reconcileQuarterlyZebraLedger", rep.Executed[0].Result, err)
	}
}

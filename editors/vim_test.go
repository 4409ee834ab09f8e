package editors_test

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

type vimReport struct {
	Editor  string   `json:"editor"`
	ALE     string   `json:"ale"`
	Errors  []string `json:"errors"`
	Reindex struct {
		Result []struct {
			Root  string `json:"root"`
			Files int    `json:"files"`
		} `json:"result"`
	} `json:"reindex"`
	Incoming     qfList `json:"incoming"`
	Outgoing     qfList `json:"outgoing"`
	DeadIncoming qfList `json:"dead_incoming"`
	Diagnostics  []struct {
		Lnum   int    `json:"lnum"`
		Col    int    `json:"col"`
		Type   string `json:"type"`
		Code   string `json:"code"`
		Text   string `json:"text"`
		Linter string `json:"linter_name"`
	} `json:"diagnostics"`
	Prompts   []string          `json:"prompts"`
	Responses []json.RawMessage `json:"responses"`
}

// TestVimALE runs Debian's Vim with Debian's ALE, headless, with
// editors/vim/callcascade.vim sourced.
func TestVimALE(t *testing.T) {
	vim := requireTool(t, "vim", "apt-get install vim")
	requireFile(t, "/usr/share/vim/vimfiles/pack/dist-bundle/opt/ale/autoload/ale.vim", "ALE", "apt-get install vim-ale")

	c := newFeesCase(t)
	art := artifacts(t)
	out := filepath.Join(art, "report.json")
	env, _ := editorEnv(t, append(c.env(),
		"CC_SETUP="+filepath.Join(repoRoot, "editors", "vim", "callcascade.vim"),
		"CC_OUT="+out,
		"CC_ACTION=^Re-index the workspace",
	)...)
	warmIndex(t, env, c.ws)
	script := filepath.Join(repoRoot, "editors", "vim", "e2e.vim")
	output, err := runEditor(t, 40*time.Second, env, c.ws, vim, "-N", "-u", "NONE", "-i", "NONE", "-n", "-es", "-S", script)
	var rep vimReport
	readReport(t, out, &rep)
	announce(t, "drove %s with ALE %s (vim -es) and editors/vim/callcascade.vim", rep.Editor, rep.ALE)
	if err != nil || len(rep.Errors) > 0 {
		t.Fatalf("the Vim run failed: %v %v\n%s", err, rep.Errors, output)
	}

	// :CallcascadeReindex answers for the workspace.
	if len(rep.Reindex.Result) != 1 || rep.Reindex.Result[0].Root != c.ws || rep.Reindex.Result[0].Files != len(walkFiles(c.ws, ".ts")) {
		t.Errorf("re-index answered %+v, want the workspace %s with its %d source files", rep.Reindex.Result, c.ws, len(walkFiles(c.ws, ".ts")))
	}

	// :CallcascadeIncoming — the caller at its call site, with provenance.
	if len(rep.Incoming.Items) != 1 {
		t.Fatalf("incoming quickfix = %+v, want the one caller", rep.Incoming.Items)
	}
	got := rep.Incoming.Items[0]
	if got.Filename != c.caller || got.Lnum != c.callLine || got.Col != c.callCol+1 ||
		!strings.HasPrefix(got.Text, "handle ") || !strings.Contains(got.Text, "precise (ast)") {
		t.Errorf("incoming quickfix entry = %+v, want handle at %s:%d:%d saying how it was resolved", got, c.caller, c.callLine, c.callCol+1)
	}

	// :CallcascadeOutgoing — call sites in the method's own file.
	if names := namesAtLines(rep.Outgoing.Items); strings.Join(names, " ") != strings.Join(c.outgoingNamesAtLines, " ") {
		t.Errorf("outgoing quickfix = %v, want %v", names, c.outgoingNamesAtLines)
	}
	for _, it := range rep.Outgoing.Items {
		if it.Filename != c.target {
			t.Errorf("outgoing call site %+v is not in %s", it, c.target)
		}
	}

	// The dead function: nothing in the quickfix list, ALE's own list shows
	// the server's Warning on its name.
	if len(rep.DeadIncoming.Items) != 0 {
		t.Errorf("incoming calls of a dead function = %+v, want none", rep.DeadIncoming.Items)
	}
	if len(rep.Diagnostics) != 1 {
		t.Fatalf("ALE's callcascade diagnostics = %+v, want one", rep.Diagnostics)
	}
	d := rep.Diagnostics[0]
	if d.Type != "W" || d.Code != "no_callers" || d.Lnum != c.deadLine || d.Col != c.deadCol+1 || !strings.Contains(d.Text, "reconcileQuarterlyZebraLedger") {
		t.Errorf("ALE diagnostic = %+v, want a warning, code no_callers, at %d:%d, naming the function", d, c.deadLine, c.deadCol+1)
	}

	// :ALECodeAction lists the diagnostic's quick fixes and Find callers;
	// the one chosen (re-index) runs on the server.
	if len(rep.Prompts) != 1 {
		t.Fatalf(":ALECodeAction prompted %q, want one menu", rep.Prompts)
	}
	// The fixes come ranked (the likeliest to find callers first) and each
	// once; the one named is chosen by its title, whatever its number.
	for _, want := range []string{") Re-index the workspace", "Copy the JSON report", "Find callers (with fallbacks): reconcileQuarterlyZebraLedger"} {
		if !strings.Contains(rep.Prompts[0], want) {
			t.Errorf(":ALECodeAction menu lacks %q:\n%s", want, rep.Prompts[0])
		}
	}
	var answers []string
	found := slices.ContainsFunc(rep.Responses, func(raw json.RawMessage) bool {
		answers = append(answers, string(raw))
		var reindexed []struct {
			Root  string `json:"root"`
			Files int    `json:"files"`
		}
		return json.Unmarshal(raw, &reindexed) == nil && len(reindexed) == 1 && reindexed[0].Root == c.ws && reindexed[0].Files > 0
	})
	if !found {
		t.Errorf("no re-index answer for %s among the responses ALE got after the code action:\n%s", c.ws, strings.Join(answers, "\n"))
	}
}

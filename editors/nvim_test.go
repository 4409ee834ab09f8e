package editors_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

type qfItem struct {
	Filename string `json:"filename"`
	Lnum     int    `json:"lnum"`
	Col      int    `json:"col"`
	Text     string `json:"text"`
}

type qfList struct {
	Filled bool     `json:"filled"`
	Items  []qfItem `json:"items"`
}

type nvimReport struct {
	Editor            string   `json:"editor"`
	Errors            []string `json:"errors"`
	IndexProgressDone bool     `json:"index_progress_done"`
	Incoming          qfList   `json:"incoming"`
	Outgoing          qfList   `json:"outgoing"`
	DeadIncoming      qfList   `json:"dead_incoming"`
	Diagnostics       []struct {
		Lnum     int    `json:"lnum"`
		Col      int    `json:"col"`
		Severity int    `json:"severity"`
		Source   string `json:"source"`
		Code     string `json:"code"`
		Message  string `json:"message"`
	} `json:"diagnostics"`
	Actions  []string `json:"actions"`
	Executed []struct {
		Command string          `json:"command"`
		Error   string          `json:"error"`
		Result  json.RawMessage `json:"result"`
	} `json:"executed"`
}

// TestNeovim runs Debian's Neovim (0.7.2) headless with
// require('callcascade').setup{} and checks what lands in its quickfix list.
func TestNeovim(t *testing.T) {
	nvim := requireTool(t, "nvim", "apt-get install neovim")
	announce(t, "drove %s (headless) with editors/nvim", versionOf(t, nvim))

	c := newFeesCase(t)
	art := artifacts(t)
	out := filepath.Join(art, "report.json")
	env, home := editorEnv(t, append(c.env(),
		"CC_PLUGIN="+filepath.Join(repoRoot, "editors", "nvim"),
		"CC_OUT="+out,
		"CC_ACTION=^Re%-index", // a Lua pattern
	)...)
	keepOnFailure(t, art, filepath.Join(home, ".cache", "nvim", "lsp.log"))
	warmIndex(t, env, c.ws)
	script := filepath.Join(repoRoot, "editors", "nvim", "test", "e2e.lua")
	output, err := runEditor(t, 40*time.Second, env, c.ws, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+script)
	if err != nil {
		t.Fatalf("nvim: %v\n%s", err, output)
	}
	var rep nvimReport
	readReport(t, out, &rep)
	if len(rep.Errors) > 0 {
		t.Fatalf("the Neovim run failed: %v\n%s", rep.Errors, output)
	}
	if !rep.IndexProgressDone {
		t.Errorf("Neovim saw no finished $/progress for the first index")
	}

	// :CallcascadeIncoming — the one caller, at its call site.
	if !rep.Incoming.Filled {
		t.Fatalf("incoming calls never reached the quickfix list")
	}
	want := []qfItem{{Filename: c.caller, Lnum: c.callLine, Col: c.callCol + 1, Text: "handle"}}
	if fmt.Sprint(rep.Incoming.Items) != fmt.Sprint(want) {
		t.Errorf("incoming quickfix = %+v\nwant %+v", rep.Incoming.Items, want)
	}

	// :CallcascadeOutgoing — what the method calls, on the lines of its body.
	// (Neovim 0.7.2 files cross-file callees under the callee's file with
	// the caller's positions, so only names and lines are compared.)
	if got := namesAtLines(rep.Outgoing.Items); strings.Join(got, " ") != strings.Join(c.outgoingNamesAtLines, " ") {
		t.Errorf("outgoing quickfix = %v, want %v", got, c.outgoingNamesAtLines)
	}

	// A function nobody calls: an empty quickfix list, and a Warning on its
	// name in vim.diagnostic.get saying so.
	if !rep.DeadIncoming.Filled || len(rep.DeadIncoming.Items) != 0 {
		t.Errorf("incoming calls of a dead function: filled=%v items=%+v, want an empty list", rep.DeadIncoming.Filled, rep.DeadIncoming.Items)
	}
	if len(rep.Diagnostics) != 1 {
		t.Fatalf("vim.diagnostic.get on the dead function's buffer = %+v, want one callcascade diagnostic", rep.Diagnostics)
	}
	d := rep.Diagnostics[0]
	if d.Source != "callcascade" || d.Code != "no_callers" || d.Severity != 2 || d.Lnum != c.deadLine-1 || d.Col != c.deadCol ||
		!strings.Contains(d.Message, "reconcileQuarterlyZebraLedger") {
		t.Errorf("diagnostic = %+v, want a Warning (2) from callcascade, code no_callers, at %d:%d, naming the function", d, c.deadLine-1, c.deadCol)
	}

	// The code-action menu offers the diagnostic's quickfixes; the chosen
	// one (re-index) runs on the server.
	if !slices.ContainsFunc(rep.Actions, func(a string) bool { return strings.HasPrefix(a, "Find callers") }) {
		t.Errorf("code actions %q lack \"Find callers (with fallbacks)\"", rep.Actions)
	}
	if len(rep.Executed) != 1 || rep.Executed[0].Command != "callcascade.reindex" || rep.Executed[0].Error != "" {
		t.Fatalf("executed commands = %+v, want one successful callcascade.reindex (actions offered: %q)", rep.Executed, rep.Actions)
	}
	sources := walkFiles(c.ws, ".ts")
	var reindexed []struct {
		Root  string `json:"root"`
		Files int    `json:"files"`
	}
	if err := json.Unmarshal(rep.Executed[0].Result, &reindexed); err != nil || len(reindexed) != 1 || reindexed[0].Root != c.ws || reindexed[0].Files != len(sources) {
		t.Errorf("re-index answered %s (err %v), want the workspace %s with its %d source files", rep.Executed[0].Result, err, c.ws, len(sources))
	}
}

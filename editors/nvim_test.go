package editors_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
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

	ws := workspace(t, "nest-fees")
	target := filepath.Join(ws, "src/evidence/evidence.service.ts")
	line, col := position(t, target, "moveFilesToPermanentStorage(reportId")
	caller := filepath.Join(ws, "src/reports/fees-report-consumer.controller.ts")
	callLine, callCol := position(t, caller, "moveFilesToPermanentStorage(event")
	dead, deadLine, deadCol := deadFunction(t, ws)

	art := artifacts(t)
	out := filepath.Join(art, "report.json")
	env, home := editorEnv(t,
		"CC_PLUGIN="+filepath.Join(repoRoot, "editors", "nvim"),
		"CC_BIN="+binary,
		"CC_OUT="+out,
		"CC_WATCHDOG_MS=25000",
		"CC_TARGET_FILE="+target,
		fmt.Sprintf("CC_TARGET_LINE=%d", line),
		fmt.Sprintf("CC_TARGET_COL=%d", col),
		"CC_DEAD_FILE="+dead,
		fmt.Sprintf("CC_DEAD_LINE=%d", deadLine),
		fmt.Sprintf("CC_DEAD_COL=%d", deadCol),
		"CC_ACTION=^Re%-index", // a Lua pattern
	)
	keepOnFailure(t, art, filepath.Join(home, ".cache", "nvim", "lsp.log"))
	script := filepath.Join(repoRoot, "editors", "nvim", "test", "e2e.lua")
	output, err := runEditor(t, 40*time.Second, env, ws, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+script)
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
	want := []qfItem{{Filename: caller, Lnum: callLine, Col: callCol + 1, Text: "handle"}}
	if fmt.Sprint(rep.Incoming.Items) != fmt.Sprint(want) {
		t.Errorf("incoming quickfix = %+v\nwant %+v", rep.Incoming.Items, want)
	}

	// :CallcascadeOutgoing — what the method calls, on the lines of its body.
	// (Neovim 0.7.2 files cross-file callees under the callee's file with
	// the caller's positions, so only names and lines are compared.)
	var got []string
	for _, it := range rep.Outgoing.Items {
		got = append(got, fmt.Sprintf("%s@%d", it.Text, it.Lnum))
	}
	sort.Strings(got)
	var wantOut []string
	for _, callee := range []struct{ name, needle string }{
		{"formatReportId", "fmtId(reportId)"},
		{"list", "list(id)"},
		{"copy", "copy(files"},
	} {
		l, _ := position(t, target, callee.needle)
		wantOut = append(wantOut, fmt.Sprintf("%s@%d", callee.name, l))
	}
	sort.Strings(wantOut)
	if strings.Join(got, " ") != strings.Join(wantOut, " ") {
		t.Errorf("outgoing quickfix = %v, want %v", got, wantOut)
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
	if d.Source != "callcascade" || d.Code != "no_callers" || d.Severity != 2 || d.Lnum != deadLine-1 || d.Col != deadCol ||
		!strings.Contains(d.Message, "reconcileQuarterlyZebraLedger") {
		t.Errorf("diagnostic = %+v, want a Warning (2) from callcascade, code no_callers, at %d:%d, naming the function", d, deadLine-1, deadCol)
	}

	// The code-action menu offers the diagnostic's quickfixes; the chosen
	// one (re-index) runs on the server.
	if !slices.ContainsFunc(rep.Actions, func(a string) bool { return strings.HasPrefix(a, "Find callers") }) {
		t.Errorf("code actions %q lack \"Find callers (with fallbacks)\"", rep.Actions)
	}
	if len(rep.Executed) != 1 || rep.Executed[0].Command != "callcascade.reindex" || rep.Executed[0].Error != "" {
		t.Fatalf("executed commands = %+v, want one successful callcascade.reindex (actions offered: %q)", rep.Executed, rep.Actions)
	}
	sources := walkFiles(ws, ".ts")
	var reindexed []struct {
		Root  string `json:"root"`
		Files int    `json:"files"`
	}
	if err := json.Unmarshal(rep.Executed[0].Result, &reindexed); err != nil || len(reindexed) != 1 || reindexed[0].Root != ws || reindexed[0].Files != len(sources) {
		t.Errorf("re-index answered %s (err %v), want the workspace %s with its %d source files", rep.Executed[0].Result, err, ws, len(sources))
	}
}

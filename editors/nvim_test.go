package editors_test

import (
	"fmt"
	"path/filepath"
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
}

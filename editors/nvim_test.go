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
	ServersStarted    int      `json:"servers_started"`
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

// TestNeovim runs each Neovim there is headless with
// require('callcascade').setup{} and checks what lands in its quickfix list:
// Debian 12's (0.7.2, which goes through vim.lsp.start_client), and the
// newer ones editors/install-deps.sh unpacks from Debian 13 (0.10:
// vim.lsp.start) and Debian testing (0.12: vim.lsp.config + enable).
func TestNeovim(t *testing.T) {
	nvim := requireTool(t, "nvim", "apt-get install neovim")
	t.Run("debian12", func(t *testing.T) { testNeovim(t, nvim) })
	for _, suite := range []string{"trixie", "forky"} {
		newer := filepath.Join(editorCache(), "nvim-debian", suite, "nvim")
		t.Run(suite, func(t *testing.T) {
			requireFile(t, newer, "Neovim from Debian "+suite, "editors/install-deps.sh")
			testNeovim(t, newer)
		})
	}
	// The README's setup for 0.11+: vim.lsp.enable('callcascade') with the
	// plugin's lsp/callcascade.lua, no setup{}.
	t.Run("forky-enable", func(t *testing.T) {
		newer := filepath.Join(editorCache(), "nvim-debian", "forky", "nvim")
		requireFile(t, newer, "Neovim from Debian forky", "editors/install-deps.sh")
		testNeovim(t, newer, "CC_ENABLE_ONLY=1")
	})
}

func testNeovim(t *testing.T, nvim string, extraEnv ...string) {
	announce(t, "drove %s (headless) with editors/nvim", versionOf(t, nvim))

	c := newFeesCase(t)
	art := artifacts(t)
	out := filepath.Join(art, "report.json")
	vars := append(c.env(),
		"CC_PLUGIN="+filepath.Join(repoRoot, "editors", "nvim"),
		"CC_OUT="+out,
		"CC_ACTION=^Re%-index", // a Lua pattern
	)
	env, home := editorEnv(t, append(vars, extraEnv...)...)
	// Neovim 0.7 logs under the cache folder, 0.8+ under the state folder.
	keepOnFailure(t, art, filepath.Join(home, ".cache", "nvim", "lsp.log"), filepath.Join(home, ".local", "state", "nvim", "lsp.log"))
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
	// Two files of one workspace, one server: a second would index the
	// workspace again and answer the second file as if cold.
	if rep.ServersStarted != 1 {
		t.Errorf("%d callcascade clients ran for two files of one workspace, want 1", rep.ServersStarted)
	}
	if !rep.IndexProgressDone {
		t.Errorf("Neovim saw no finished $/progress for the first index")
	}

	// :CallcascadeIncoming — the one caller, at its call site.
	if !rep.Incoming.Filled {
		t.Fatalf("incoming calls never reached the quickfix list")
	}
	// Each entry names the caller and says how it was found.
	if len(rep.Incoming.Items) != 1 {
		t.Fatalf("incoming quickfix = %+v, want the one caller", rep.Incoming.Items)
	}
	in := rep.Incoming.Items[0]
	if in.Filename != c.caller || in.Lnum != c.callLine || in.Col != c.callCol+1 || !strings.HasPrefix(in.Text, "handle  [") {
		t.Errorf("incoming quickfix = %+v\nwant %s:%d:%d \"handle  [provenance]\"", in, c.caller, c.callLine, c.callCol+1)
	}

	// :CallcascadeOutgoing — what the method calls, at each call site in the
	// method's own file (Neovim 0.7's vim.lsp.buf.outgoing_calls filed
	// cross-file callees under the callee's file, with the caller's
	// positions: the plugin builds the list itself).
	var sites []string
	for _, it := range rep.Outgoing.Items {
		if it.Filename != c.target {
			t.Errorf("outgoing entry %+v opens %s, want the call site in %s", it, it.Filename, c.target)
		}
		name, _, _ := strings.Cut(it.Text, " ")
		sites = append(sites, fmt.Sprintf("%s@%d:%d", name, it.Lnum, it.Col))
	}
	slices.Sort(sites)
	if strings.Join(sites, " ") != strings.Join(c.outgoingSites, " ") {
		t.Errorf("outgoing quickfix = %v, want %v", sites, c.outgoingSites)
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

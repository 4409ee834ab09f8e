package editors_test

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// editorCache is where editors/install-deps.sh put the npm packages the
// tests run (code-server, playwright-core, vscode-languageserver-protocol).
func editorCache() string {
	if dir := os.Getenv("CALLCASCADE_EDITOR_CACHE"); dir != "" {
		return dir
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "callcascade-editors")
}

// nodeModules is the cache's node_modules, or a skip (a failure in CI).
func nodeModules(t *testing.T, pkg string) string {
	t.Helper()
	dir := filepath.Join(editorCache(), "node", "node_modules")
	requireFile(t, filepath.Join(dir, pkg, "package.json"), "npm package "+pkg, "editors/install-deps.sh")
	return dir
}

// packageExtension builds the .vsix from editors/vscode with vsce, as a
// user would, into dir. vsce runs the extension's vscode:prepublish script,
// which bundles it with esbuild: the .vsix must hold the bundle and no
// node_modules.
func packageExtension(t *testing.T, dir string) string {
	t.Helper()
	ext := filepath.Join(repoRoot, "editors", "vscode")
	vsce := filepath.Join(ext, "node_modules", "@vscode", "vsce", "vsce")
	requireFile(t, vsce, "the extension's npm dependencies", "editors/install-deps.sh (npm ci in editors/vscode)")
	vsix := filepath.Join(dir, "callcascade.vsix")
	out, err := runEditor(t, 2*time.Minute, os.Environ(), ext, "node", vsce, "package", "--out", vsix)
	if err != nil {
		t.Fatalf("vsce package: %v\n%s", err, out)
	}
	zr, err := zip.OpenReader(vsix)
	if err != nil {
		t.Fatalf("reading the .vsix: %v", err)
	}
	defer zr.Close()
	var files []string
	for _, f := range zr.File {
		files = append(files, f.Name)
	}
	for _, want := range []string{"extension/dist/extension.js", "extension/dist/picture-view.js", "extension/package.json", "extension/images/caller-tree.png"} {
		if !slices.Contains(files, want) {
			t.Errorf("the .vsix lacks %s: %q", want, files)
		}
	}
	if slices.ContainsFunc(files, func(f string) bool { return strings.Contains(f, "node_modules/") }) || len(files) > 12 {
		t.Errorf("the .vsix is not bundled (%d files, node_modules or sources in it): %q", len(files), files)
	}
	return vsix
}

type vscodeReport struct {
	Editor    string   `json:"editor"`
	Installed []string `json:"installed"`
	Errors    []string `json:"errors"`
	Steps     []string `json:"steps"`
	Callers   struct {
		Header []string `json:"header"`
		Rows   []string `json:"rows"`
	} `json:"callers"`
	DeadCallers struct {
		Header []string `json:"header"`
		Rows   []string `json:"rows"`
	} `json:"deadCallers"`
	Problems         []string `json:"problems"`
	StatusBar        []string `json:"statusBar"`
	Actions          []string `json:"actions"`
	Notifications    []string `json:"notifications"`
	Screenshots      []string `json:"screenshots"`
	QuickFixAttempts int      `json:"quickFixAttempts"`
	HierarchyRetries []struct {
		Root                string `json:"root"`
		Attempt             int    `json:"attempt"`
		PrepareRequestsSent int    `json:"prepareRequestsSent"`
	} `json:"hierarchyRetries"`
	BreakerCallers struct {
		Rows []string `json:"rows"`
	} `json:"breakerCallers"`
	BreakerStatusBar []string `json:"breakerStatusBar"`
	CallerTree       struct {
		SVGText string   `json:"svgText"`
		Tab     []string `json:"tab"`
		Events  []struct {
			Kind    string   `json:"kind"`
			Code    int      `json:"code"`
			Mermaid string   `json:"mermaid"`
			Type    string   `json:"type"`
			Labels  []string `json:"labels"`
			Message string   `json:"message"`
		} `json:"events"`
	} `json:"callerTree"`
	TreeOpened                 []string           `json:"treeOpened"`
	MissingServerNotifications []string           `json:"missingServerNotifications"`
	MissingServerStatusBar     []string           `json:"missingServerStatusBar"`
	BreakerNotifications       []string           `json:"breakerNotifications"`
	AskedUntilBreakerOpen      int                `json:"askedUntilBreakerOpen"`
	Seconds                    map[string]float64 `json:"seconds"`
	FindCallersJSON            []struct {
		Calls []json.RawMessage `json:"calls"`
		Meta  struct {
			Stage    string `json:"stage"`
			Degraded bool   `json:"degraded"`
		} `json:"meta"`
	} `json:"findCallersJson"`
	ExtensionEvents []extensionEvent `json:"extensionEvents"`
}

// extensionEvent is what the extension's test hook logged.
type extensionEvent struct {
	Kind    string          `json:"kind"`
	Command string          `json:"command"`
	Text    string          `json:"text"`
	Result  json.RawMessage `json:"result"`
}

// TestVSCode installs the packaged extension into code-server (VS Code
// 1.100) and drives it in Debian's Chromium with playwright-core, on the
// nest-events fixture, with the neo4j backend configured at an address where
// nothing listens: the publisher of an @OnEvent handler's event appears in
// its "Callers of" tree; a dead function's empty answer shows a Warning, and
// a quick fix from Ctrl+. runs; asking again opens the Neo4j breaker, which
// the status bar shows; "callcascade: Show caller tree" opens a webview
// whose SVG (the command line's Mermaid, drawn by the bundled mermaid) shows
// the callers two levels up; callcascade.serverPath pointed at a missing file
// brings the notification with the install command. Screenshots of each step
// (and the .vsix) are left in the artifacts folder.
func TestVSCode(t *testing.T) {
	node := requireTool(t, "node", "apt-get install nodejs")
	requireTool(t, "chromium", "apt-get install chromium")
	modules := nodeModules(t, "playwright-core")
	nodeModules(t, "code-server")

	art := artifacts(t)
	vsix := packageExtension(t, art) // kept: CI's artifacts carry the .vsix
	ws := workspace(t, "nest-events")
	listener := filepath.Join(ws, "src/reports/report.listener.ts")
	line, col := position(t, listener, "handleReportCreated(payload")
	dead, deadLine, deadCol := deadFunction(t, ws)
	rel := func(p string) string { r, _ := filepath.Rel(ws, p); return r }

	env, home := editorEnv(t,
		"NODE_PATH="+modules,
		"CC_CODE_SERVER="+filepath.Join(modules, ".bin", "code-server"),
		"CC_VSIX="+vsix,
		"CC_BIN="+binary,
		"CC_WS="+ws,
		"CC_ART="+art,
		"CC_WATCHDOG_MS=240000",
		"CC_TARGET="+rel(listener),
		fmt.Sprintf("CC_TARGET_LINE=%d", line),
		fmt.Sprintf("CC_TARGET_COL=%d", col+1),
		"CC_TARGET_NAME=handleReportCreated",
		"CC_EXPECT_CALLER=create",
		"CC_TREE_CALLER=ReportController.createReport",
		"CC_TREE_CALLER_FILE=report.controller.ts",
		"CC_DEAD_NAME=reconcileQuarterlyZebraLedger",
		"CC_DEAD="+rel(dead),
		fmt.Sprintf("CC_DEAD_LINE=%d", deadLine),
		fmt.Sprintf("CC_DEAD_COL=%d", deadCol+1),
		"CC_ACTION=^Re-index the workspace",
	)
	env = append(env, "CC_HOME="+home)
	script := filepath.Join(repoRoot, "editors", "vscode", "test", "e2e.js")
	output, err := runEditor(t, 5*time.Minute, env, ws, node, script)
	var rep vscodeReport
	readReport(t, filepath.Join(art, "report.json"), &rep)
	announce(t, "drove %s in %s with playwright-core, extension %v; screenshots in %s", rep.Editor, versionOf(t, "chromium"), rep.Installed, art)
	if err != nil || len(rep.Errors) > 0 {
		t.Fatalf("the VS Code run failed after steps %v: %v %v\n%s", rep.Steps, err, rep.Errors, output)
	}

	// The "Callers of handleReportCreated" tree lists the publisher of
	// 'report.created', saying it was reached through the event.
	if !slices.ContainsFunc(rep.Callers.Rows, func(r string) bool {
		return strings.Contains(r, "create") && strings.Contains(r, "via event 'report.created'")
	}) {
		t.Errorf("Callers of handleReportCreated = %q, want ReportService.create via event 'report.created'", rep.Callers.Rows)
	}
	if !slices.ContainsFunc(rep.Callers.Header, func(h string) bool { return strings.Contains(strings.ToUpper(h), "CALLERS OF") }) {
		t.Errorf("side bar titles = %q, want the \"Callers Of\" view", rep.Callers.Header)
	}

	// The dead function: the tree has nothing under it, the Problems view
	// and the status bar show the Warning.
	if len(rep.DeadCallers.Rows) != 1 || !strings.HasPrefix(rep.DeadCallers.Rows[0], "reconcileQuarterlyZebraLedger") {
		t.Errorf("Callers of the dead function = %q, want only its own row", rep.DeadCallers.Rows)
	}
	if !slices.ContainsFunc(rep.Problems, func(p string) bool {
		return strings.Contains(p, "No callers of reconcileQuarterlyZebraLedger") && strings.Contains(p, "callcascade")
	}) {
		t.Errorf("Problems view = %q, want callcascade's warning on reconcileQuarterlyZebraLedger", rep.Problems)
	}
	if !slices.ContainsFunc(rep.StatusBar, func(s string) bool { return strings.Contains(s, "callcascade: 1 not found") }) {
		t.Errorf("status bar = %q, want it to count the one answer that found nothing", rep.StatusBar)
	}

	for _, r := range rep.HierarchyRetries {
		announce(t, "Shift+Alt+H on %s showed no callcascade answer at press %d (%d prepare requests reached the server); pressed again (see %s)", r.Root, r.Attempt, r.PrepareRequestsSent, art)
	}

	// Ctrl+. offers the diagnostic's quick fixes; re-index runs and says so.
	if rep.QuickFixAttempts > 1 {
		announce(t, "VS Code showed the quick fixes only at Ctrl+. press %d (see %s)", rep.QuickFixAttempts, art)
	}
	for _, want := range []string{"Re-index the workspace", "Copy the JSON report", "Find callers (with fallbacks): reconcileQuarterlyZebraLedger"} {
		if !slices.ContainsFunc(rep.Actions, func(a string) bool { return strings.HasPrefix(a, want) }) {
			t.Errorf("quick fixes = %q, want %q among them", rep.Actions, want)
		}
	}
	sources := len(walkFiles(ws, ".ts"))
	if !slices.ContainsFunc(rep.Notifications, func(n string) bool {
		return strings.Contains(n, fmt.Sprintf("callcascade: re-indexed %d files", sources))
	}) {
		t.Errorf("notifications = %q, want the re-index of %d files", rep.Notifications, sources)
	}
	// Neo4j (configured, never reachable here) trips its breaker: the
	// callers still come from the embedded store behind it, and the status
	// bar and a notification say the breaker is open.
	if !slices.ContainsFunc(rep.BreakerCallers.Rows, func(r string) bool { return strings.Contains(r, "via event 'report.created'") }) {
		t.Errorf("with the breaker open, Callers of handleReportCreated = %q, want the publisher still", rep.BreakerCallers.Rows)
	}
	if !slices.ContainsFunc(rep.BreakerStatusBar, func(s string) bool { return strings.Contains(s, "callcascade: breaker open") }) {
		t.Errorf("status bar = %q, want the open breaker", rep.BreakerStatusBar)
	}
	if !slices.ContainsFunc(rep.BreakerNotifications, func(n string) bool { return strings.Contains(n, "neo4j graph backend") }) {
		t.Errorf("notifications = %q, want the neo4j breaker's", rep.BreakerNotifications)
	}
	t.Logf("the breaker opened after %d more call hierarchy requests; seconds from start per step: %v", rep.AskedUntilBreakerOpen, rep.Seconds)

	// "callcascade: Find callers (JSON)" answers with the structured result.
	if len(rep.FindCallersJSON) != 1 || rep.FindCallersJSON[0].Meta.Stage != "graph" ||
		!slices.ContainsFunc(rep.FindCallersJSON[0].Calls, func(c json.RawMessage) bool { return strings.Contains(string(c), "via event 'report.created'") }) {
		t.Errorf("Find callers (JSON) answered %+v, want the publisher from the graph stage", rep.FindCallersJSON)
	}

	// The status bar said "indexing" while the first index ran ($/progress).
	if !slices.ContainsFunc(rep.ExtensionEvents, func(e extensionEvent) bool {
		return e.Kind == "status" && strings.Contains(e.Text, "callcascade: indexing")
	}) {
		t.Errorf("the status-bar item never said it was indexing during the first index")
	}

	// "callcascade: Show caller tree": the command line's Mermaid picture,
	// two levels up (handleReportCreated ⇐ create ⇐ createReport), drawn in
	// the webview as an SVG.
	var mermaid string
	var drawn []string
	for _, e := range rep.CallerTree.Events {
		switch {
		case e.Kind == "callerTree":
			mermaid = e.Mermaid
		case e.Kind == "picture" && e.Type == "rendered":
			drawn = e.Labels
		case e.Kind == "picture":
			t.Errorf("the webview could not draw the picture: %s", e.Message)
		}
	}
	if !strings.HasPrefix(mermaid, "flowchart TD") || !strings.Contains(mermaid, "==>|\"event report.created\"|") {
		t.Errorf("Show caller tree ran the command line for %q, want a Mermaid flowchart with the event link", mermaid)
	}
	for _, want := range []string{"ReportListener.handleReportCreated", "ReportService.create", "ReportController.createReport"} {
		if !slices.ContainsFunc(drawn, func(l string) bool { return strings.Contains(l, want) }) {
			t.Errorf("the webview drew the nodes %q, want %s among them", drawn, want)
		}
	}
	if !strings.Contains(rep.CallerTree.SVGText, "ReportController.createReport") {
		t.Errorf("the webview's SVG reads %q, want the caller two levels up", rep.CallerTree.SVGText)
	}
	if !slices.ContainsFunc(rep.CallerTree.Tab, func(s string) bool { return strings.Contains(s, "Callers of handleReportCreated") }) {
		t.Errorf("active tabs = %q, want the picture's \"Callers of handleReportCreated\"", rep.CallerTree.Tab)
	}

	// A click on the caller's box opened its file.
	if !slices.ContainsFunc(rep.TreeOpened, func(s string) bool { return strings.Contains(s, "report.controller.ts") }) {
		t.Errorf("after a click on ReportController.createReport's box, active tabs = %q, want report.controller.ts", rep.TreeOpened)
	}

	// The binary missing: the notification gives the install command, and
	// the status bar says the server was not found.
	if len(rep.MissingServerNotifications) == 0 || !strings.Contains(rep.MissingServerNotifications[0], "callcascade.serverPath") {
		t.Errorf("notifications = %q, want the install command and the serverPath setting", rep.MissingServerNotifications)
	}
	if !slices.ContainsFunc(rep.MissingServerStatusBar, func(s string) bool { return strings.Contains(s, "server not found") }) {
		t.Errorf("status bar = %q, want \"server not found\"", rep.MissingServerStatusBar)
	}

	if len(rep.Screenshots) < 8 {
		t.Errorf("screenshots = %v, want one per step", rep.Screenshots)
	}
}

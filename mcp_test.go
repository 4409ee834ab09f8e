package main

// The MCP server end to end: the built binary driven by the official Go
// SDK's own client, over stdio and over streamable HTTP, as Claude Code,
// Cursor or VS Code would drive it.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/handlers"
)

// mcpSession starts `callcascade mcp` on root over stdio.
func mcpSession(t *testing.T, root string, opts *sdk.ClientOptions) *sdk.ClientSession {
	t.Helper()
	cmd := exec.Command(binary, "mcp", "--root", root)
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir())
	client := sdk.NewClient(&sdk.Implementation{Name: "e2e", Version: "1"}, opts)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cs, err := client.Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect over stdio: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func callTool(t *testing.T, cs *sdk.ClientSession, name string, args map[string]any) (*sdk.CallToolResult, map[string]any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s(%v): %v", name, args, err)
	}
	var out map[string]any
	if res.StructuredContent != nil {
		b, _ := json.Marshal(res.StructuredContent)
		_ = json.Unmarshal(b, &out)
	}
	return res, out
}

func TestMCPToolsOverStdio(t *testing.T) {
	root, _ := filepath.Abs("testdata/nest-fees")
	cs := mcpSession(t, root, nil)
	ctx := context.Background()

	// Tools listed, each with an input and an output schema that resolve.
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string]*jsonschema.Resolved{}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
		for what, raw := range map[string]any{"input": tool.InputSchema, "output": tool.OutputSchema} {
			b, _ := json.Marshal(raw)
			var s jsonschema.Schema
			if err := json.Unmarshal(b, &s); err != nil || s.Type != "object" {
				t.Errorf("%s: %s schema is not an object schema: %v %s", tool.Name, what, err, b)
				continue
			}
			r, err := s.Resolve(nil)
			if err != nil {
				t.Errorf("%s: %s schema does not resolve: %v", tool.Name, what, err)
				continue
			}
			if what == "output" {
				schemas[tool.Name] = r
			}
		}
		if !strings.Contains(tool.Description, "") || len(tool.Description) < 80 {
			t.Errorf("%s: a description an assistant can act on is missing: %q", tool.Name, tool.Description)
		}
	}
	for _, want := range []string{"find_callers", "find_callees", "find_symbol", "trace_event", "search_code", "index_codebase", "status"} {
		if !strings.Contains(strings.Join(names, " "), want) {
			t.Errorf("tool %s not listed (%v)", want, names)
		}
	}
	valid := func(tool string, out map[string]any) {
		t.Helper()
		if err := schemas[tool].Validate(out); err != nil {
			t.Errorf("%s: structured output does not match its schema: %v", tool, err)
		}
	}

	// A precise answer.
	res, out := callTool(t, cs, "find_callers", map[string]any{"symbol": "EvidenceService.moveFilesToPermanentStorage"})
	valid("find_callers", out)
	answers, _ := out["answers"].([]any)
	if res.IsError || len(answers) != 1 {
		t.Fatalf("precise: %+v", out)
	}
	a := answers[0].(map[string]any)
	calls, _ := a["calls"].([]any)
	meta := a["meta"].(map[string]any)
	if meta["stage"] != "graph" || meta["degraded"] != false || len(calls) != 1 ||
		calls[0].(map[string]any)["caller"] != "FeesReportConsumerController.handle" || !strings.Contains(out["summary"].(string), "precise") {
		t.Errorf("precise answer: %s", mustJSON(out))
	}
	// Its text content carries the same JSON, for clients that read only text.
	if len(res.Content) == 0 || !strings.Contains(res.Content[0].(*sdk.TextContent).Text, "FeesReportConsumerController.handle") {
		t.Errorf("no text content with the answer")
	}

	// Two levels up: the event's publisher is the caller's caller.
	_, out = callTool(t, cs, "find_callers", map[string]any{"symbol": "src/evidence/evidence.service.ts:12:9", "depth": 2})
	valid("find_callers", out)
	if up, _ := out["upstream"].([]any); len(up) == 0 || !strings.Contains(mustJSON(up), "FeesReportController.createReport") {
		t.Errorf("depth 2 lacks the event's publisher: %s", mustJSON(out["upstream"]))
	}

	// A degraded, empty answer: never an error, and what to call next.
	res, out = callTool(t, cs, "find_callers", map[string]any{"symbol": "noSuchFunctionAnywhere"})
	valid("find_callers", out)
	answers, _ = out["answers"].([]any)
	if res.IsError || len(answers) != 1 || answers[0].(map[string]any)["error"] != "SYMBOL_NOT_FOUND" {
		t.Fatalf("not found: isError %v, %s", res.IsError, mustJSON(out))
	}
	next := mustJSON(out["next_tool_calls"])
	for _, want := range []string{`"tool":"search_code"`, `"tool":"index_codebase"`} {
		if !strings.Contains(next, want) {
			t.Errorf("not found: next_tool_calls lacks %s: %s", want, next)
		}
	}
	// find_symbol for a half-remembered name, and for nothing at all.
	_, out = callTool(t, cs, "find_symbol", map[string]any{"name": "moveFilesToPermanentStorage"})
	valid("find_symbol", out)
	if exact, _ := out["exact"].([]any); len(exact) != 2 {
		t.Errorf("find_symbol exact: %s", mustJSON(out))
	}
	res, out = callTool(t, cs, "find_symbol", map[string]any{"name": "zzzqqq"})
	if res.IsError || !strings.Contains(out["summary"].(string), "no symbol") {
		t.Errorf("find_symbol of nothing: %v %s", res.IsError, mustJSON(out))
	}

	// Bad input: a clear tool error, and the server goes on.
	for _, bad := range []map[string]any{
		{"symbol": "/etc/hosts:1:1"},
		{"symbol": "src/evidence/evidence.service.ts:0:0"},
		{"symbol": ""},
		{"symbol": "x", "depth": 9},
		{"symbol": "x", "root": "/etc"},
	} {
		res, _ := callTool(t, cs, "find_callers", bad)
		if !res.IsError {
			t.Errorf("find_callers(%v) is not an error", bad)
		}
	}
	if res, _ := callTool(t, cs, "find_callers", map[string]any{"symbol": "/etc/hosts:1:1"}); !strings.Contains(res.Content[0].(*sdk.TextContent).Text, "outside the workspace") {
		t.Errorf("a path outside the root: %s", res.Content[0].(*sdk.TextContent).Text)
	}
	// Arguments of the wrong type are refused by the schema.
	if _, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "find_callers", Arguments: map[string]any{"symbol": 3}}); err == nil {
		if res, _ := callTool(t, cs, "find_callers", map[string]any{"symbol": 3}); !res.IsError {
			t.Errorf("a number as symbol was accepted")
		}
	}
	if _, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "no_such_tool"}); err == nil {
		t.Errorf("an unknown tool gave no error")
	}

	// status and search_code.
	_, out = callTool(t, cs, "status", nil)
	valid("status", out)
	if n, _ := out["indexed_files"].(float64); n == 0 {
		t.Errorf("status: %s", mustJSON(out))
	}
	_, out = callTool(t, cs, "search_code", map[string]any{"query": "moveFilesToPermanentStorage"})
	valid("search_code", out)
	if m, _ := out["matches"].([]any); len(m) == 0 {
		t.Errorf("search_code: %s", mustJSON(out))
	}
}

func TestMCPEventsResourceProgressAndCancellation(t *testing.T) {
	root, _ := filepath.Abs("testdata/nest-events")
	var mu sync.Mutex
	var progress []string
	cs := mcpSession(t, root, &sdk.ClientOptions{ProgressNotificationHandler: func(_ context.Context, req *sdk.ProgressNotificationClientRequest) {
		mu.Lock()
		progress = append(progress, req.Params.Message)
		mu.Unlock()
	}})
	ctx := context.Background()

	// index_codebase with a progress token reports progress.
	params := &sdk.CallToolParams{Name: "index_codebase", Arguments: map[string]any{}}
	params.SetProgressToken("idx")
	if res, err := cs.CallTool(ctx, params); err != nil || res.IsError {
		t.Fatalf("index_codebase: %v %+v", err, res)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := len(progress)
		mu.Unlock()
		if n > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	mu.Lock()
	if len(progress) == 0 || !regexp.MustCompile(`index(ing|ed) \d+ of \d+ files`).MatchString(progress[len(progress)-1]) {
		t.Errorf("no progress notification: %q", progress)
	}
	mu.Unlock()

	// trace_event: the publisher and the handler of one key.
	_, out := callTool(t, cs, "trace_event", map[string]any{"key": "report.created"})
	s := mustJSON(out)
	if !strings.Contains(s, "ReportService.create") || !strings.Contains(s, "handleReportCreated") {
		t.Errorf("trace_event report.created: %s", s)
	}
	// The framework map resource holds it too.
	rr, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "callcascade://framework-map"})
	if err != nil || len(rr.Contents) != 1 || !strings.Contains(rr.Contents[0].Text, `"key": "report.created"`) {
		t.Errorf("framework map resource: %v %+v", err, rr)
	}

	// A cancelled call ends the call, not the session.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := cs.CallTool(cctx, &sdk.CallToolParams{Name: "find_callers", Arguments: map[string]any{"symbol": "handleReportCreated"}}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled call: %v", err)
	}
	if res, _ := callTool(t, cs, "find_callers", map[string]any{"symbol": "handleReportCreated"}); res.IsError {
		t.Errorf("the session did not survive a cancelled call")
	}
}

func TestMCPOverHTTP(t *testing.T) {
	root, _ := filepath.Abs("testdata/nest-fees")
	cmd := exec.Command(binary, "mcp", "--root", root, "--listen", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir())
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	endpoint := mcpEndpoint(t, stderr)
	client := sdk.NewClient(&sdk.Implementation{Name: "e2e", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cs, err := client.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: endpoint}, nil)
	if err != nil {
		t.Fatalf("connect over HTTP: %v", err)
	}
	defer cs.Close()
	_, out := callTool(t, cs, "find_callers", map[string]any{"symbol": "EvidenceService.moveFilesToPermanentStorage"})
	if !strings.Contains(mustJSON(out), "FeesReportConsumerController.handle") {
		t.Errorf("over HTTP: %s", mustJSON(out))
	}

	// Anything but loopback needs saying so.
	if _, errOut, code := run(t, "mcp", "--root", root, "--listen", "0.0.0.0:0"); code != 2 || !strings.Contains(errOut, "--allow-remote") {
		t.Errorf("--listen 0.0.0.0: exit %d, %q", code, errOut)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// serve --mcp-listen answers the MCP tools from the editor session's own
// workspace: the same index (nothing indexed twice) and breakers.
func TestServeSharesItsWorkspaceWithMCP(t *testing.T) {
	cmd := exec.Command(binary, "serve", "--mcp-listen", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir())
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	endpoint := mcpEndpoint(t, stderr)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "e2e", Version: "1"}, nil).Connect(ctx, &sdk.StreamableClientTransport{Endpoint: endpoint}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	// Before the editor opens a folder there is nothing to answer from.
	if res, _ := callTool(t, cs, "status", nil); !res.IsError || !strings.Contains(res.Content[0].(*sdk.TextContent).Text, "session") {
		t.Errorf("status before initialize: %+v", res)
	}

	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(stdioPipe{stdout, stdin}))
	indexed := make(chan struct{}, 1)
	conn.Go(ctx, func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if req.Method() == "$/progress" && strings.Contains(string(req.Params()), `"end"`) {
			select {
			case indexed <- struct{}{}:
			default:
			}
		}
		return reply(ctx, nil, nil)
	})
	root, _ := filepath.Abs("testdata/nest-fees")
	var init protocol.InitializeResult
	if _, err := conn.Call(ctx, "initialize", &protocol.InitializeParams{RootURI: handlers.URIFromPath(root),
		Capabilities: protocol.ClientCapabilities{Window: &protocol.WindowClientCapabilities{WorkDoneProgress: true}}}, &init); err != nil {
		t.Fatal(err)
	}
	if err := conn.Notify(ctx, "initialized", struct{}{}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-indexed:
	case <-ctx.Done():
		t.Fatal("the session never finished indexing")
	}
	_, out := callTool(t, cs, "status", nil)
	if real, _ := filepath.EvalSymlinks(root); out["root"] != real || out["indexed_files"].(float64) == 0 {
		t.Errorf("status from the session: %s", mustJSON(out))
	}
	_, out = callTool(t, cs, "find_callers", map[string]any{"symbol": "EvidenceService.moveFilesToPermanentStorage"})
	if !strings.Contains(mustJSON(out), "FeesReportConsumerController.handle") {
		t.Errorf("find_callers from the session: %s", mustJSON(out))
	}
	// index_codebase without progress still runs over the session's index.
	if res, out := callTool(t, cs, "index_codebase", nil); res.IsError || out["stats"].(map[string]any)["parsed"].(float64) != 0 {
		t.Errorf("the session's index was built again: %s", mustJSON(out))
	}
}

// The MCP Inspector's own CLI lists and calls the tools: a second client,
// not ours, that checks the server speaks the protocol as others read it.
// CI installs it (.ci/run, server/mcp/inspector) and names it in
// CALLCASCADE_MCP_INSPECTOR.
func TestMCPInspectorCLI(t *testing.T) {
	inspector := os.Getenv("CALLCASCADE_MCP_INSPECTOR")
	if inspector == "" {
		if os.Getenv("CALLCASCADE_REQUIRE_EDITORS") != "" {
			t.Fatal("CALLCASCADE_MCP_INSPECTOR is not set (CI installs the MCP Inspector: .ci/run)")
		}
		t.Skip("the MCP Inspector is not installed: set CALLCASCADE_MCP_INSPECTOR to its mcp-inspector (see .ci/run); this test did not run")
	}
	root, _ := filepath.Abs("testdata/nest-fees")
	inspect := func(args ...string) map[string]any {
		t.Helper()
		cmd := exec.Command(inspector, append([]string{"--cli", binary, "mcp", "--root", root}, args...)...)
		cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir())
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("mcp-inspector %v: %v\n%s", args, err, out)
		}
		var v map[string]any
		if err := json.Unmarshal(out, &v); err != nil {
			t.Fatalf("mcp-inspector %v: not JSON: %v\n%s", args, err, out)
		}
		return v
	}
	tools := mustJSON(inspect("--method", "tools/list"))
	for _, want := range []string{"find_callers", "find_callees", "find_symbol", "trace_event", "search_code", "index_codebase", "status", `"outputSchema"`} {
		if !strings.Contains(tools, want) {
			t.Errorf("tools/list lacks %s", want)
		}
	}
	call := mustJSON(inspect("--method", "tools/call", "--tool-name", "find_callers", "--tool-arg", "symbol=EvidenceService.moveFilesToPermanentStorage"))
	if !strings.Contains(call, "FeesReportConsumerController.handle") || !strings.Contains(call, "structuredContent") {
		t.Errorf("tools/call find_callers through the Inspector: %s", call)
	}
	if res := mustJSON(inspect("--method", "resources/list")); !strings.Contains(res, "callcascade://framework-map") {
		t.Errorf("resources/list: %s", res)
	}
}

// mcpEndpoint reads the URL a server started with --listen or --mcp-listen
// says it serves at, from its stderr.
func mcpEndpoint(t *testing.T, stderr io.Reader) string {
	t.Helper()
	url := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := regexp.MustCompile(`serving (http://\S+/mcp)`).FindStringSubmatch(sc.Text()); m != nil {
				url <- m[1]
			}
		}
	}()
	select {
	case endpoint := <-url:
		return endpoint
	case <-time.After(30 * time.Second):
		t.Fatal("the server never said where it serves MCP")
		return ""
	}
}

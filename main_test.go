package main

// End-to-end tests: they build the real binary and drive it as a user and
// an editor would, over its real stdio.

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/handlers"
)

var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "callcascade-e2e")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "callcascade")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		panic("building callcascade: " + err.Error())
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	return runWith(t, "", []string{"XDG_CACHE_HOME=" + t.TempDir()}, args...)
}

// runWith runs the binary in dir ("" for the package's folder) with env
// added to the environment, and returns its stdout, stderr and exit code.
func runWith(t *testing.T, dir string, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

func TestCallersCommand(t *testing.T) {
	out, errOut, code := run(t, "callers", "--root", "testdata/nest-fees", "EvidenceService.moveFilesToPermanentStorage")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"callers of EvidenceService.moveFilesToPermanentStorage (src/evidence/evidence.service.ts:12:9)",
		"src/reports/fees-report-consumer.controller.ts:15:32\tFeesReportConsumerController.handle",
		"precise (ast)",
		"stage graph (embedded): hit",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "LegacyJob") {
		t.Errorf("a caller of another class's method of the same name leaked in:\n%s", out)
	}

	// The same query by position, as JSON.
	out, errOut, code = run(t, "callers", "--json", "--root", "testdata/nest-fees", "testdata/nest-fees/src/evidence/evidence.service.ts:12:9")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Symbol struct{ ID string } `json:"symbol"`
		Calls  []struct {
			ID         string            `json:"id"`
			Ranges     []json.RawMessage `json:"ranges"`
			Provenance struct {
				Stage, Resolution string
				Precise           bool
			} `json:"provenance"`
		} `json:"calls"`
		Meta struct {
			Stage, Strategy string
			Degraded        bool
			Attempts        []struct{ Stage, Outcome string }
		} `json:"meta"`
		Error string `json:"error"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, out)
	}
	if res.Symbol.ID != "src/evidence/evidence.service.ts#EvidenceService.moveFilesToPermanentStorage" || res.Meta.Stage != "graph" ||
		res.Meta.Strategy != "precise" || res.Meta.Degraded || res.Error != "" ||
		len(res.Calls) != 1 || res.Calls[0].ID != "src/reports/fees-report-consumer.controller.ts#FeesReportConsumerController.handle" ||
		res.Calls[0].Provenance.Resolution != "ast" || !res.Calls[0].Provenance.Precise || len(res.Calls[0].Ranges) != 1 || len(res.Meta.Attempts) != 1 {
		t.Errorf("unexpected JSON result:\n%s", out)
	}

	// A name nobody defines: the cascade still runs by name and its report
	// says so, with next steps, instead of a bare error.
	// It found nothing: exit 1, as documented.
	out, errOut, code = run(t, "callers", "--json", "--root", "testdata/nest-fees", "noSuchFunction")
	if code != 1 {
		t.Fatalf("unknown name: exit %d, want 1: %s", code, errOut)
	}
	var missing struct {
		Error       string
		Explanation string
		NextActions []struct{ Command string } `json:"next_actions"`
		Meta        struct{ Stage string }
	}
	if err := json.Unmarshal([]byte(out), &missing); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, out)
	}
	if missing.Error != "SYMBOL_NOT_FOUND" || missing.Meta.Stage != "report" || len(missing.NextActions) < 3 || !strings.Contains(missing.Explanation, "noSuchFunction") {
		t.Errorf("unknown name: unexpected report:\n%s", out)
	}

	// Mistakes get a clear message and a non-zero exit.
	if _, errOut, code = run(t, "callers", "--root", "testdata/nest-fees", "/etc/hosts:1:1"); code == 0 || !strings.Contains(errOut, "outside the workspace") {
		t.Errorf("file outside the root: exit %d, stderr %q", code, errOut)
	}
	if _, _, code = run(t, "callers"); code != 2 {
		t.Errorf("no argument: exit %d, want 2", code)
	}
}

type stdioPipe struct {
	io.ReadCloser
	io.WriteCloser
}

func (p stdioPipe) Close() error {
	p.WriteCloser.Close()
	return p.ReadCloser.Close()
}

func TestServeOverStdio(t *testing.T) {
	// A free loopback port for the metrics endpoint.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	metricsAddr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(binary, "serve", "--log-level", "debug", "--metrics-addr", metricsAddr)
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir())
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if t.Failed() {
			t.Logf("server stderr:\n%s", stderr.String())
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(stdioPipe{stdout, stdin}))
	indexed := make(chan struct{}, 1)
	conn.Go(ctx, func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if req.Method() == "$/progress" && strings.Contains(string(req.Params()), `"end"`) {
			indexed <- struct{}{}
		}
		if req.Method() == "workspace/configuration" {
			// The user's settings, as VS Code answers them.
			return reply(ctx, []any{map[string]any{"budgetMs": 1234, "keywordThreshold": 0.7}}, nil)
		}
		return reply(ctx, nil, nil)
	})
	root, _ := filepath.Abs("testdata/nest-fees")
	var init protocol.InitializeResult
	if _, err := conn.Call(ctx, "initialize", &protocol.InitializeParams{
		RootURI: handlers.URIFromPath(root),
		Capabilities: protocol.ClientCapabilities{Window: &protocol.WindowClientCapabilities{WorkDoneProgress: true},
			Workspace: &protocol.WorkspaceClientCapabilities{Configuration: true}},
	}, &init); err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if init.Capabilities.CallHierarchyProvider != true {
		t.Errorf("callHierarchyProvider = %v", init.Capabilities.CallHierarchyProvider)
	}
	if err := conn.Notify(ctx, "initialized", struct{}{}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-indexed:
	case <-ctx.Done():
		t.Fatal("no $/progress end while indexing")
	}
	var items []protocol.CallHierarchyItem
	if _, err := conn.Call(ctx, "textDocument/prepareCallHierarchy", &protocol.CallHierarchyPrepareParams{
		TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: handlers.URIFromPath(filepath.Join(root, "src/evidence/evidence.service.ts"))},
			Position:     protocol.Position{Line: 11, Character: 10},
		}}, &items); err != nil || len(items) != 1 {
		t.Fatalf("prepare: %v %v", items, err)
	}
	var calls []protocol.CallHierarchyIncomingCall
	if _, err := conn.Call(ctx, "callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: items[0]}, &calls); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 || calls[0].From.Name != "handle" || !strings.Contains(calls[0].From.Detail, "FeesReportConsumerController") ||
		!strings.Contains(calls[0].From.Detail, "precise") {
		t.Fatalf("incomingCalls: %+v", calls)
	}

	// The settings pulled with workspace/configuration are in force.
	var status handlers.Status
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := conn.Call(ctx, "workspace/executeCommand", &protocol.ExecuteCommandParams{Command: "callcascade.status"}, &status); err != nil {
			t.Fatal(err)
		}
		if len(status.Workspaces) == 1 && status.Workspaces[0].BudgetMs == 1234 && status.Workspaces[0].KeywordThreshold == 0.7 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("workspace/configuration settings not applied: %+v", status.Workspaces)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(status.Repositories) != 1 || status.Repositories[0].Requests != 1 || status.Repositories[0].ByStage["graph"] != 1 {
		t.Errorf("status counts: %+v", status.Repositories)
	}

	// Prometheus metrics count the request, on loopback.
	resp, err := http.Get("http://" + metricsAddr + "/metrics")
	if err != nil {
		t.Fatalf("metrics endpoint: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`callcascade_requests_total{direction="incoming",repo="` + root + `"} 1`,
		`callcascade_answered_total{repo="` + root + `",stage="graph"} 1`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %s:\n%s", want, body)
		}
	}

	if _, err := conn.Call(ctx, "shutdown", nil, nil); err != nil {
		t.Fatal(err)
	}
	_ = conn.Notify(ctx, "exit", nil)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("after shutdown+exit the server exited with %v", err)
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("server did not exit after exit")
	}
	if strings.Contains(stderr.String(), "panic") {
		t.Errorf("server logged a panic:\n%s", stderr.String())
	}
}

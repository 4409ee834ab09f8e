package server_test

// lspSession drives any language server over JSON-RPC: a reference server
// started as a subprocess on stdio (gopls, pyright, typescript-language-server)
// or callcascade itself in-process on a pipe. The accuracy harness asks both
// the same questions through the same client, so differences in the answers
// come from the servers, not from the way they were asked.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/handlers"
	"github.com/callcascade/callcascade/server"
)

// lspRequestTimeout bounds one request. Reference servers may spend seconds
// on the first incoming-calls query of a large workspace; a request that
// takes longer than this is a hung server, not a slow one.
const lspRequestTimeout = 2 * time.Minute

type lspSession struct {
	name string
	root string
	conn jsonrpc2.Conn
	wire *arrivalStream
	stop func()    // ends the server: kills the process group, or cancels the in-process server
	log  io.Writer // receives the server's window/logMessage; nil discards

	mu           sync.Mutex
	progress     map[string]bool // work-done progress tokens begun and not yet ended
	progressEnds int
	lastActivity time.Time // last $/progress seen, or the session's start
	opened       map[protocol.DocumentURI]bool
	decoding     time.Duration // summed over calls: the answer's last byte to its decoded result
}

// startLSPProcess runs argv as a language server on stdio in its own process
// group, so that helpers it spawns (tsserver under typescript-language-server)
// end with it. Its stderr goes to logPath.
func startLSPProcess(name string, argv []string, dir, logPath string) (*lspSession, error) {
	if len(argv) == 0 {
		return nil, errors.New("empty command line")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd.Stderr = logFile
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("start %s: %w", argv[0], err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); logFile.Close(); close(exited) }()
	// The server's window/logMessage lands beside its stderr.
	s := newLSPSession(name, dir, stdioPipe{ReadCloser: stdout, WriteCloser: stdin}, logFile)
	s.stop = func() {
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
		}
		// The group is ours: it holds only the server and the helpers it
		// spawned, which may outlive a server that exited on its own.
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-exited
	}
	return s, nil
}

// startCallcascadeInProcess serves callcascade on a pipe, exactly as the
// binary's `serve` does on stdio, so the harness measures the current sources
// without a build step.
func startCallcascadeInProcess(root string, opts server.Options) *lspSession {
	serverSide, clientSide := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan struct{})
	go func() { _ = server.Serve(ctx, serverSide, opts); close(served) }()
	s := newLSPSession("callcascade", root, clientSide, nil)
	s.stop = func() {
		cancel()
		select {
		case <-served:
		case <-time.After(10 * time.Second):
		}
	}
	return s
}

// stdioPipe joins a subprocess's stdout and stdin into one stream.
type stdioPipe struct {
	io.ReadCloser
	io.WriteCloser
}

func (p stdioPipe) Close() error {
	werr := p.WriteCloser.Close()
	rerr := p.ReadCloser.Close()
	return errors.Join(werr, rerr)
}

func newLSPSession(name, root string, rwc io.ReadWriteCloser, log io.Writer) *lspSession {
	wire := newArrivalStream(rwc)
	s := &lspSession{
		name: name, root: root, log: log,
		conn:         jsonrpc2.NewConn(wire),
		wire:         wire,
		progress:     map[string]bool{},
		lastActivity: time.Now(),
		opened:       map[protocol.DocumentURI]bool{},
	}
	s.conn.Go(context.Background(), s.handle)
	return s
}

// handle answers what servers ask of their client. It runs on the read loop,
// so it must never block: every reply is immediate.
func (s *lspSession) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	switch req.Method() {
	case "workspace/configuration":
		// One null per item asked: "use your defaults".
		var p struct {
			Items []json.RawMessage `json:"items"`
		}
		_ = json.Unmarshal(req.Params(), &p)
		return reply(ctx, make([]any, len(p.Items)), nil)
	case "workspace/workspaceFolders":
		return reply(ctx, s.workspaceFolders(), nil)
	case "window/logMessage":
		var p protocol.LogMessageParams
		if s.log != nil && json.Unmarshal(req.Params(), &p) == nil {
			fmt.Fprintf(s.log, "[%s] %s\n", p.Type, p.Message)
		}
		return reply(ctx, nil, nil)
	case "$/progress":
		s.noteProgress(req.Params())
		return reply(ctx, nil, nil)
	}
	// window/workDoneProgress/create, client/registerCapability,
	// window/showMessageRequest and notifications (logs, diagnostics):
	// acknowledged and otherwise ignored.
	return reply(ctx, nil, nil)
}

func (s *lspSession) noteProgress(params json.RawMessage) {
	var p struct {
		Token json.RawMessage `json:"token"`
		Value struct {
			Kind string `json:"kind"`
		} `json:"value"`
	}
	if json.Unmarshal(params, &p) != nil {
		return
	}
	token := string(p.Token) // numbers and strings alike, as their JSON text
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastActivity = time.Now()
	switch p.Value.Kind {
	case "begin":
		s.progress[token] = true
	case "end":
		delete(s.progress, token)
		s.progressEnds++
	}
}

func (s *lspSession) workspaceFolders() []protocol.WorkspaceFolder {
	return []protocol.WorkspaceFolder{{URI: string(handlers.URIFromPath(s.root)), Name: filepath.Base(s.root)}}
}

func (s *lspSession) call(method string, params, result any) error {
	ctx, cancel := context.WithTimeout(context.Background(), lspRequestTimeout)
	defer cancel()
	id, err := s.conn.Call(ctx, method, params, result)
	done := time.Now()
	if at, ok := s.wire.takeArrival(id); ok {
		s.mu.Lock()
		s.decoding += done.Sub(at)
		s.mu.Unlock()
	}
	if err != nil {
		return fmt.Errorf("%s: %s: %w", s.name, method, err)
	}
	return nil
}

// decodingSoFar is the time this client has spent decoding answers.
func (s *lspSession) decodingSoFar() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.decoding
}

func (s *lspSession) notify(method string, params any) error {
	ctx, cancel := context.WithTimeout(context.Background(), lspRequestTimeout)
	defer cancel()
	if err := s.conn.Notify(ctx, method, params); err != nil {
		return fmt.Errorf("%s: %s: %w", s.name, method, err)
	}
	return nil
}

// initialize opens the session on the root, advertising what the reference
// servers need to report progress and to ask for configuration.
func (s *lspSession) initialize(initializationOptions json.RawMessage) error {
	rootURI := handlers.URIFromPath(s.root)
	params := map[string]any{
		"processId": os.Getpid(),
		"rootUri":   rootURI,
		"rootPath":  s.root,
		"capabilities": map[string]any{
			"window": map[string]any{"workDoneProgress": true},
			"workspace": map[string]any{
				"configuration":    true,
				"workspaceFolders": true,
			},
			"textDocument": map[string]any{
				"callHierarchy": map[string]any{"dynamicRegistration": false},
				"synchronization": map[string]any{
					"dynamicRegistration": false,
				},
			},
		},
		"workspaceFolders": s.workspaceFolders(),
	}
	if len(initializationOptions) > 0 {
		params["initializationOptions"] = initializationOptions
	}
	var res json.RawMessage
	if err := s.call("initialize", params, &res); err != nil {
		return err
	}
	return s.notify("initialized", struct{}{})
}

// waitReady returns once no work-done progress is running and none has been
// reported for settle. With mustSeeEnd, it also waits for a first progress
// to end (callcascade always reports its indexing; a reference server may
// report nothing at all).
func (s *lspSession) waitReady(settle, limit time.Duration, mustSeeEnd bool) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		ready := len(s.progress) == 0 && time.Since(s.lastActivity) >= settle && (!mustSeeEnd || s.progressEnds > 0)
		s.mu.Unlock()
		if ready {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("%s: not ready after %s", s.name, limit)
}

// open sends didOpen for a file once: servers answer position requests only
// reliably about files the client has open.
func (s *lspSession) open(path, languageID string) error {
	uri := handlers.URIFromPath(path)
	s.mu.Lock()
	already := s.opened[uri]
	s.opened[uri] = true
	s.mu.Unlock()
	if already {
		return nil
	}
	text, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return s.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: protocol.LanguageIdentifier(languageID), Version: 1, Text: string(text),
	}})
}

// incomingCalls prepares the call hierarchy at a position and asks for the
// incoming calls of the first item. No item means nothing callable there.
func (s *lspSession) incomingCalls(path string, pos protocol.Position) (*protocol.CallHierarchyItem, []protocol.CallHierarchyIncomingCall, error) {
	var items []protocol.CallHierarchyItem
	err := s.call("textDocument/prepareCallHierarchy", &protocol.CallHierarchyPrepareParams{
		TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: handlers.URIFromPath(path)},
			Position:     pos,
		},
	}, &items)
	if err != nil || len(items) == 0 {
		return nil, nil, err
	}
	var calls []protocol.CallHierarchyIncomingCall
	if err := s.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: items[0]}, &calls); err != nil {
		return &items[0], nil, err
	}
	return &items[0], calls, nil
}

// definition returns where the symbol at a position is declared. Servers
// answer with a Location, a list of them, or LocationLinks; all become
// Locations (a link's target selection: the declared name).
func (s *lspSession) definition(path string, pos protocol.Position) ([]protocol.Location, error) {
	var raw json.RawMessage
	err := s.call("textDocument/definition", &protocol.DefinitionParams{
		TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: handlers.URIFromPath(path)},
			Position:     pos,
		},
	}, &raw)
	if err != nil || len(raw) == 0 || string(raw) == "null" {
		return nil, err
	}
	var entries []struct {
		protocol.Location
		TargetURI            protocol.DocumentURI `json:"targetUri"`
		TargetSelectionRange protocol.Range       `json:"targetSelectionRange"`
	}
	if raw[0] != '[' {
		raw = append(append([]byte{'['}, raw...), ']')
	}
	if err := json.Unmarshal(raw, &entries); err != nil {
		return nil, fmt.Errorf("%s: definition: %w", s.name, err)
	}
	locs := make([]protocol.Location, 0, len(entries))
	for _, e := range entries {
		if e.TargetURI != "" {
			locs = append(locs, protocol.Location{URI: e.TargetURI, Range: e.TargetSelectionRange})
		} else {
			locs = append(locs, e.Location)
		}
	}
	return locs, nil
}

// close asks the server to shut down and exit, then makes sure it has.
func (s *lspSession) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _ = s.conn.Call(ctx, "shutdown", nil, nil)
	_ = s.conn.Notify(ctx, "exit", nil)
	_ = s.conn.Close()
	if s.stop != nil {
		s.stop()
	}
}

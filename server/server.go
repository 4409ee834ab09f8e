// Package server owns the transport and lifecycle of the language server:
// the JSON-RPC connection and its middleware (cancel, recover, log),
// initialize/shutdown, workspace folders, the open-document overlay,
// configuration and progress reporting.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/handlers"
)

// Version is reported in initialize's serverInfo.
var Version = "0.1.0-dev"

// StoreOpener opens the graph store for a workspace root.
type StoreOpener func(root string) (cascade.Store, error)

// Options configure a server.
type Options struct {
	Logger    *slog.Logger
	OpenStore StoreOpener
	Settings  Settings
	// RequestTimeout bounds every request the client does not cancel itself;
	// 0 means DefaultRequestTimeout.
	RequestTimeout time.Duration
	// Metrics counts answers per repository; nil makes one per session.
	Metrics *cascade.Metrics
	// Shared opens graph backends tried before the embedded store (a team's
	// Neo4j) for a workspace root; nil means the embedded store alone.
	Shared func(root string, s Settings) []cascade.GraphBackend
}

// DefaultRequestTimeout is the hard deadline of one request: jsonrpc2 gives
// no other protection against a request that never finishes.
const DefaultRequestTimeout = 5 * time.Second

// Settings are what a user can set through initializationOptions or flags.
type Settings struct {
	MaxFileSize      int64    `json:"maxFileSize,omitempty"`
	Exclude          []string `json:"exclude,omitempty"` // gitignore-syntax patterns
	GraphTimeoutMs   int      `json:"graphTimeoutMs,omitempty"`
	GrepTimeoutMs    int      `json:"grepTimeoutMs,omitempty"`
	KeywordTimeoutMs int      `json:"keywordTimeoutMs,omitempty"`
	BudgetMs         int      `json:"budgetMs,omitempty"`
	KeywordThreshold float64  `json:"keywordThreshold,omitempty"`
	// BreakerOpenMs is how long an open breaker skips its backend.
	BreakerOpenMs int `json:"breakerOpenMs,omitempty"`
	// Backend selects the graph backend: "embedded" (default) or "neo4j"
	// (the Neo4j store first, the embedded store behind it).
	Backend string `json:"backend,omitempty"`
	// Neo4jURI and RepoID select the shared graph; credentials come only
	// from the environment, never from settings.
	Neo4jURI string `json:"neo4jUri,omitempty"`
	RepoID   string `json:"repoId,omitempty"`
}

// engineConfig turns settings into the cascade's budgets.
func (st Settings) engineConfig() cascade.Config {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	return cascade.Config{GraphTimeout: ms(st.GraphTimeoutMs), GrepTimeout: ms(st.GrepTimeoutMs), KeywordTimeout: ms(st.KeywordTimeoutMs),
		Budget: ms(st.BudgetMs), KeywordThreshold: st.KeywordThreshold, Breaker: cascade.BreakerConfig{OpenFor: ms(st.BreakerOpenMs)}}
}

// Server is one LSP session.
type Server struct {
	opts     Options
	log      *slog.Logger
	conn     jsonrpc2.Conn
	docs     *overlay
	handlers *handlers.Handlers
	// notifications maps the notifications handlers own to their decoders.
	notifications map[string]func(context.Context, json.RawMessage)

	mu          sync.Mutex
	initialized bool
	shutdown    bool
	exited      chan struct{}
	workspaces  []*cascade.Workspace
	stores      []cascade.Store
	progress    bool // the client accepts server-initiated work-done progress
	configPull  bool // the client answers workspace/configuration
	// configured is made when the client says it is initialized and
	// closed once the settings it holds are applied (the first
	// workspace/configuration pull answered, failed or not asked):
	// answers wait for it, so that the user's budgets apply from the
	// first one.
	configured chan struct{}
	configOnce sync.Once
	canWatch   bool // the client registers file watchers on request
	breakers   *cascade.Breakers
	inflight   map[string]context.CancelFunc
	indexing   sync.WaitGroup
	indexCtx   context.Context
	stopIndex  context.CancelFunc

	// beforeRequest, when set by tests, runs before every request.
	beforeRequest func(ctx context.Context, method string)
}

// Serve runs one LSP session over rwc until the client exits or the stream
// ends. It returns nil after a clean shutdown+exit.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opts Options) error {
	s := New(opts)
	return s.Run(ctx, rwc)
}

// New makes a server; Run starts it.
func New(opts Options) *Server {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{opts: opts, log: log, docs: newOverlay(), exited: make(chan struct{}), inflight: map[string]context.CancelFunc{}}
	if opts.Metrics == nil {
		s.opts.Metrics = cascade.NewMetrics()
	}
	s.opts.Metrics.FallbackAlert = s.fallbackAlert
	s.breakers = &cascade.Breakers{Config: opts.Settings.engineConfig().Breaker, Logger: log, OnChange: s.breakerChanged}
	s.handlers = &handlers.Handlers{Env: (*env)(s), Docs: s.docs, Logger: log, Client: (*client)(s), Breakers: s.breakers, Metrics: s.opts.Metrics}
	s.notifications = s.notificationHandlers()
	return s
}

// Run serves rwc until exit or EOF.
func (s *Server) Run(ctx context.Context, rwc io.ReadWriteCloser) error {
	s.indexCtx, s.stopIndex = context.WithCancel(ctx)
	defer s.close()
	s.conn = jsonrpc2.NewConn(newResilientStream(rwc))
	s.conn.Go(ctx, s.handle)
	select {
	case <-s.conn.Done():
	case <-s.exited:
		s.closeConn()
	case <-ctx.Done():
		s.closeConn()
	}
	s.mu.Lock()
	clean := s.shutdown
	s.mu.Unlock()
	if clean {
		return nil
	}
	select {
	case <-s.exited:
		return errors.New("server: exit without shutdown")
	default:
	}
	if err := s.conn.Err(); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrClosedPipe) {
		return fmt.Errorf("server: connection: %w", err)
	}
	return nil
}

// closeConn closes the stream and waits briefly for the read loop: a read
// blocked on a terminal or a blocking stdin may never return, and the
// process is about to exit anyway.
func (s *Server) closeConn() {
	s.conn.Close()
	select {
	case <-s.conn.Done():
	case <-time.After(time.Second):
	}
}

func (s *Server) close() {
	s.stopIndex()
	s.indexing.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, w := range s.workspaces {
		w.Close()
	}
	for _, st := range s.stores {
		if err := st.Close(); err != nil {
			s.log.Warn("closing store", "error", err)
		}
	}
	s.stores = nil
}

// idKey renders a request id the way $/cancelRequest will name it.
func idKey(id jsonrpc2.ID) string { return fmt.Sprintf("%q", id) }

// handle is the connection's only handler: notifications run in order on the
// read loop (so a request always sees the edits sent before it); requests
// run concurrently, each with a hard deadline, cancellation and a recover.
func (s *Server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	call, isCall := req.(*jsonrpc2.Call)
	if !isCall {
		s.notification(ctx, req.Method(), req.Params())
		return nil
	}
	key := idKey(call.ID())
	timeout := s.opts.RequestTimeout
	if timeout <= 0 {
		timeout = DefaultRequestTimeout
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	s.mu.Lock()
	s.inflight[key] = cancel
	s.mu.Unlock()
	go func() {
		defer func() {
			s.mu.Lock()
			delete(s.inflight, key)
			s.mu.Unlock()
			cancel()
		}()
		result, err := s.safeCall(rctx, call.Method(), call.Params())
		var rpcErr *jsonrpc2.Error
		switch {
		case err == nil:
		case errors.Is(rctx.Err(), context.Canceled):
			err = jsonrpc2.NewError(jsonrpc2.Code(-32800), "request cancelled")
		case !errors.As(err, &rpcErr):
			err = jsonrpc2.NewError(jsonrpc2.InternalError, err.Error())
		}
		if err := reply(ctx, result, err); err != nil {
			s.log.Debug("reply failed", "method", call.Method(), "error", err)
		}
	}()
	return nil
}

// safeCall turns a panic in any request into an InternalError reply: jsonrpc2
// has no recover, and a panic would take the whole editor session down.
func (s *Server) safeCall(ctx context.Context, method string, params json.RawMessage) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic in request", "method", method, "panic", r, "stack", string(debug.Stack()))
			result, err = nil, jsonrpc2.NewError(jsonrpc2.InternalError, fmt.Sprintf("internal error in %s", method))
		}
	}()
	if s.beforeRequest != nil {
		s.beforeRequest(ctx, method)
	}
	start := time.Now()
	result, err = s.request(ctx, method, params)
	s.log.Debug("request", "method", method, "duration", time.Since(start), "error", err)
	return result, err
}

func (s *Server) notification(ctx context.Context, method string, params json.RawMessage) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic in notification", "method", method, "panic", r, "stack", string(debug.Stack()))
		}
	}()
	switch method {
	case "$/cancelRequest":
		s.cancelRequest(params)
	case protocol.MethodInitialized:
		s.mu.Lock()
		if s.configured == nil {
			s.configured = make(chan struct{})
		}
		s.mu.Unlock()
		s.startIndexing()
		go s.pullConfiguration(s.indexCtx)
		go s.watchFiles(s.indexCtx)
	case protocol.MethodWorkspaceDidChangeConfiguration:
		s.configurationChanged(params)
	case protocol.MethodExit:
		select {
		case <-s.exited:
		default:
			close(s.exited)
		}
	default:
		if handle, ok := s.notifications[method]; ok {
			handle(ctx, params)
			return
		}
		s.log.Debug("ignored notification", "method", method)
	}
}

// notificationHandler decodes params into P and calls f; notifications have
// no reply, so a malformed one is logged and dropped.
func notificationHandler[P any](s *Server, f func(context.Context, *P) error) func(context.Context, json.RawMessage) {
	return func(ctx context.Context, raw json.RawMessage) {
		var p P
		if err := json.Unmarshal(raw, &p); err != nil {
			s.log.Warn("malformed notification params", "error", err)
			return
		}
		if err := f(ctx, &p); err != nil {
			s.log.Warn("notification failed", "error", err)
		}
	}
}

func (s *Server) notificationHandlers() map[string]func(context.Context, json.RawMessage) {
	h := s.handlers
	return map[string]func(context.Context, json.RawMessage){
		protocol.MethodTextDocumentDidOpen:            notificationHandler(s, h.DidOpen),
		protocol.MethodTextDocumentDidChange:          notificationHandler(s, h.DidChange),
		protocol.MethodTextDocumentDidSave:            notificationHandler(s, h.DidSave),
		protocol.MethodTextDocumentDidClose:           notificationHandler(s, h.DidClose),
		protocol.MethodWorkspaceDidChangeWatchedFiles: notificationHandler(s, h.DidChangeWatchedFiles),
		protocol.MethodWorkspaceDidChangeWorkspaceFolders: notificationHandler(s, func(_ context.Context, p *protocol.DidChangeWorkspaceFoldersParams) error {
			s.changeFolders(p.Event)
			return nil
		}),
	}
}

// cancelRequest handles numeric and string ids; protocol v0.12.0's own
// handler only understands int32 and so never cancels anything.
func (s *Server) cancelRequest(params json.RawMessage) {
	var p struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(params, &p) != nil {
		return
	}
	var key string
	var n json.Number
	var str string
	switch {
	case json.Unmarshal(p.ID, &str) == nil:
		key = strconv.Quote(str)
	case json.Unmarshal(p.ID, &n) == nil:
		i, err := n.Int64()
		if err != nil {
			return
		}
		key = "#" + strconv.FormatInt(i, 10)
	default:
		return
	}
	s.mu.Lock()
	cancel := s.inflight[key]
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// requestHandler decodes params into P and calls f.
func requestHandler[P any, R any](f func(context.Context, *P) (R, error)) func(context.Context, json.RawMessage) (any, error) {
	return func(ctx context.Context, raw json.RawMessage) (any, error) {
		var p P
		if len(raw) == 0 || string(raw) == "null" {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "missing params")
		}
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "invalid params: "+err.Error())
		}
		return f(ctx, &p)
	}
}

func (s *Server) request(ctx context.Context, method string, params json.RawMessage) (any, error) {
	s.mu.Lock()
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	switch {
	case method == protocol.MethodInitialize:
		if initialized {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "initialize sent twice")
		}
		return requestHandler(s.initialize)(ctx, params)
	case !initialized:
		return nil, jsonrpc2.NewError(jsonrpc2.Code(-32002), "server not initialized")
	case method == protocol.MethodShutdown:
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		s.stopIndex()
		return nil, nil
	case shutdown:
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "server is shutting down")
	}
	s.awaitSettings(ctx)
	h := s.handlers
	switch method {
	case protocol.MethodTextDocumentPrepareCallHierarchy:
		return requestHandler(h.PrepareCallHierarchy)(ctx, params)
	case protocol.MethodCallHierarchyIncomingCalls:
		return requestHandler(h.IncomingCalls)(ctx, params)
	case protocol.MethodCallHierarchyOutgoingCalls:
		return requestHandler(h.OutgoingCalls)(ctx, params)
	case protocol.MethodTextDocumentCodeAction:
		return requestHandler(h.CodeAction)(ctx, params)
	case protocol.MethodWorkspaceExecuteCommand:
		return requestHandler(h.ExecuteCommand)(ctx, params)
	}
	return nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, "method not found: "+method)
}

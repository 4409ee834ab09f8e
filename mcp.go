package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/server"
	mcpserver "github.com/callcascade/callcascade/server/mcp"
)

// The mcp command: the cascade as MCP tools for AI assistants, on stdio
// (what Claude Code, Cursor and VS Code start) or streamable HTTP.

const mcpUsage = `  callcascade mcp [--root DIR] [--listen ADDR [--allow-remote]]
`

func runMCP(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("mcp", flag.ContinueOnError)
	var c commonFlags
	c.register(fs)
	c.engine.register(fs, serverBudgets)
	root := fs.String("root", "", "workspace root (default: the repository around the working directory)")
	listen := fs.String("listen", "", "serve streamable HTTP at http://ADDR/mcp instead of stdio (a bare :port binds 127.0.0.1)")
	allowRemote := fs.Bool("allow-remote", false, "with --listen: allow an address other than loopback (anyone who reaches it can read the code's structure)")
	logFile := fs.String("log", "", "write logs to this file instead of stderr")
	c.logLevel = "warn"
	if help, err := parseFlags(fs, reorder(fs, args), mcpUsage); help || err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usageError{fmt.Errorf("mcp takes no arguments, got %q (callcascade mcp --help)", fs.Args())}
	}
	addr, err := mcpAddress(*listen, *allowRemote)
	if err != nil {
		return err
	}
	logOut := os.Stderr // never stdout on stdio: stdout is the protocol
	if *logFile != "" {
		f, err := os.OpenFile(*logFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
		if err != nil {
			return fmt.Errorf("open log: %w", err)
		}
		defer f.Close()
		logOut = f
	}
	log := c.logger(logOut)
	if *root == "" {
		r, err := defaultRoot(ctx, "", files.WalkOptions{MaxFileSize: c.maxFileSize, ExtraIgnores: c.exclude})
		if err != nil {
			return err
		}
		*root = r
	}
	ws, err := openWorkspaceNoIndex(ctx, *root, c, log)
	if err != nil {
		return err
	}
	defer ws.Store.Close()
	defer ws.Close()
	one := &oneWorkspace{ws: ws}
	// Index in the background: the client's initialize is answered at
	// once, and the first tool call waits for the index it needs.
	go func() {
		if _, err := one.Refresh(ctx, ws, nil); err != nil && ctx.Err() == nil {
			log.Error("mcp: first index", "root", ws.Root, "error", err)
		}
	}()
	srv := mcpserver.New(mcpserver.Options{Workspaces: one, Version: version(), Logger: log})
	if addr == "" {
		err := srv.Run(ctx, &sdk.StdioTransport{})
		if ctx.Err() != nil || errors.Is(err, context.Canceled) {
			return nil
		}
		return err
	}
	return serveMCPHTTP(ctx, addr, srv, log)
}

// mcpAddress checks --listen: loopback unless --allow-remote says
// otherwise, since the tools read the workspace's code for anyone who
// reaches them.
func mcpAddress(listen string, allowRemote bool) (string, error) {
	if listen == "" {
		return "", nil
	}
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return "", usageError{fmt.Errorf("--listen %q: want HOST:PORT or :PORT", listen)}
	}
	if host == "" {
		host = "127.0.0.1"
	}
	if !allowRemote {
		ip := net.ParseIP(host)
		if !(host == "localhost" || ip != nil && ip.IsLoopback()) {
			return "", usageError{fmt.Errorf("--listen %s is not a loopback address: anyone who reaches it can read this code's structure; add --allow-remote to serve it anyway", listen)}
		}
	}
	return net.JoinHostPort(host, port), nil
}

// serveMCPHTTP serves srv as streamable HTTP at /mcp until ctx ends.
func serveMCPHTTP(ctx context.Context, addr string, srv *sdk.Server, log *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("mcp: listen: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, &sdk.StreamableHTTPOptions{Logger: log}))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	fmt.Fprintf(os.Stderr, "callcascade mcp: serving http://%s/mcp\n", ln.Addr())
	go func() { <-ctx.Done(); hs.Close() }()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// openWorkspaceNoIndex opens root's embedded store (the one `serve` and
// `index` use for the same root: an index made by either is reused) without
// indexing it yet.
func openWorkspaceNoIndex(ctx context.Context, root string, c commonFlags, log *slog.Logger) (*cascade.Workspace, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return nil, usageError{fmt.Errorf("root %s is not a directory", root)}
	}
	store, err := openEmbedded(abs, log)
	if err != nil {
		return nil, err
	}
	return cascade.NewWorkspace(abs, store, cascade.Options{
		Walk:   files.WalkOptions{MaxFileSize: c.maxFileSize, ExtraIgnores: c.exclude, Logger: log},
		Logger: log,
		Engine: c.engine.config(),
		Shared: sharedBackends(ctx, abs, server.Settings{Backend: c.engine.backend, Neo4jURI: c.engine.neo4jURI, RepoID: c.engine.repoID}, log),
	}), nil
}

// oneWorkspace is the workspace `callcascade mcp` serves. Nothing tells it
// of edits, so each query first brings the index up to date with the disk,
// at most once a second (incremental: a pass over unchanged files only
// compares sizes and times).
type oneWorkspace struct {
	ws   *cascade.Workspace
	mu   sync.Mutex
	last time.Time
}

const refreshEvery = time.Second

func (o *oneWorkspace) Workspace(ctx context.Context, path string) (*cascade.Workspace, error) {
	if path == "" {
		return o.ws, nil
	}
	return workspaceHolding([]*cascade.Workspace{o.ws}, path)
}

func (o *oneWorkspace) Refresh(ctx context.Context, ws *cascade.Workspace, progress cascade.ProgressFunc) (cascade.IndexStats, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if progress == nil && time.Since(o.last) < refreshEvery {
		return cascade.IndexStats{}, nil
	}
	stats, err := ws.Reindex(ctx, progress)
	if err == nil {
		o.last = time.Now()
	}
	return stats, err
}

// workspaceHolding is the workspace whose root holds path (absolute, or
// relative to the first workspace's root); a path elsewhere is refused.
func workspaceHolding(wss []*cascade.Workspace, path string) (*cascade.Workspace, error) {
	if len(wss) == 0 {
		return nil, errors.New("no workspace is open yet")
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(wss[0].Root, path)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	var best *cascade.Workspace
	for _, w := range wss {
		if _, ok := w.Rel(abs); (ok || filepath.Clean(abs) == w.Root) && (best == nil || len(w.Root) > len(best.Root)) {
			best = w
		}
	}
	if best == nil {
		return nil, fmt.Errorf("%s is %w", path, cascade.ErrOutsideWorkspace)
	}
	return best, nil
}

// sessionWorkspaces are the workspaces of the language server session
// running in this process (serve --mcp-listen): the MCP tools answer from
// its index, kept fresh by the editor's notifications.
type sessionWorkspaces struct {
	current atomic.Pointer[server.Server]
}

func (s *sessionWorkspaces) Workspace(ctx context.Context, path string) (*cascade.Workspace, error) {
	srv := s.current.Load()
	if srv == nil {
		return nil, errors.New("no editor session is open yet: the workspace comes from the editor's initialize")
	}
	wss := srv.OpenWorkspaces()
	if path == "" {
		if len(wss) == 0 {
			return nil, errors.New("the editor session has no workspace folder")
		}
		return wss[0], nil
	}
	return workspaceHolding(wss, path)
}

func (s *sessionWorkspaces) Refresh(ctx context.Context, ws *cascade.Workspace, progress cascade.ProgressFunc) (cascade.IndexStats, error) {
	if progress == nil {
		return cascade.IndexStats{}, nil // the editor keeps it fresh
	}
	return ws.Reindex(ctx, progress)
}

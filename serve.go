package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/server"
	mcpserver "github.com/callcascade/callcascade/server/mcp"
)

// The serve command: the language server, over stdio or one TCP client
// at a time, with Prometheus metrics on request.

const serveUsage = `  callcascade serve [--listen ADDR] [--mcp-listen ADDR] [--log FILE] [--log-level LEVEL] [--max-file-size BYTES] [--exclude PATTERN]...
`

func runServe(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	var c commonFlags
	c.register(fs)
	c.engine.register(fs, serverBudgets)
	listen := fs.String("listen", "", "serve LSP on this TCP address instead of stdio (one client at a time)")
	mcpListen := fs.String("mcp-listen", "", "also serve the MCP tools as streamable HTTP at http://ADDR/mcp, answering from this session's workspaces (loopback only)")
	logFile := fs.String("log", "", "write logs to this file instead of stderr")
	metricsAddr := fs.String("metrics-addr", "", "serve Prometheus metrics on this address (host:port; a bare :port binds loopback only)")
	if help, err := parseFlags(fs, args, serveUsage); help || err != nil {
		return err
	}
	// CALLCASCADE_CPUPROFILE names a file for a CPU profile of the whole
	// session, written when it ends: where an editor's answer spends its
	// time outside the engine's own stage timings (docs/PERFORMANCE.md).
	if path := os.Getenv("CALLCASCADE_CPUPROFILE"); path != "" {
		if f, err := os.Create(path); err == nil && pprof.StartCPUProfile(f) == nil {
			defer func() { pprof.StopCPUProfile(); f.Close() }()
		}
	}
	logOut := io.Writer(os.Stderr) // never stdout: stdout is the protocol
	if *logFile != "" {
		f, err := os.OpenFile(*logFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
		if err != nil {
			return fmt.Errorf("open log: %w", err)
		}
		defer f.Close()
		logOut = f
	}
	log := c.logger(logOut)
	opts := server.Options{
		Logger:    log,
		OpenStore: func(root string) (cascade.Store, error) { return openEmbedded(root, log) },
		Settings: server.Settings{MaxFileSize: c.maxFileSize, Exclude: c.exclude,
			GraphTimeoutMs: int(c.engine.graph.Milliseconds()), GrepTimeoutMs: int(c.engine.grep.Milliseconds()),
			KeywordTimeoutMs: int(c.engine.keyword.Milliseconds()), BudgetMs: int(c.engine.budget.Milliseconds()),
			KeywordThreshold: c.engine.threshold, Backend: c.engine.backend, Neo4jURI: c.engine.neo4jURI, RepoID: c.engine.repoID},
		Metrics: cascade.NewMetrics(),
		Shared: func(root string, st server.Settings) []cascade.GraphBackend {
			return sharedBackends(ctx, root, st, log)
		},
	}
	sessions := &sessionWorkspaces{}
	if *mcpListen != "" {
		addr, err := mcpAddress(*mcpListen, false)
		if err != nil {
			return err
		}
		srv := mcpserver.New(mcpserver.Options{Workspaces: sessions, Version: version(), Logger: log})
		go func() {
			if err := serveMCPHTTP(ctx, addr, srv, log); err != nil {
				log.Error("mcp server stopped", "error", err)
			}
		}()
	}
	run := func(rwc io.ReadWriteCloser) error {
		s := server.New(opts)
		sessions.current.Store(s)
		return s.Run(ctx, rwc)
	}
	if *metricsAddr != "" {
		addr, err := serveMetrics(ctx, *metricsAddr, opts.Metrics, log)
		if err != nil {
			return err
		}
		log.Info("metrics", "addr", addr)
	}
	if *listen != "" {
		ln, err := net.Listen("tcp", *listen)
		if err != nil {
			return fmt.Errorf("listen: %w", err)
		}
		defer ln.Close()
		log.Info("listening", "addr", ln.Addr().String())
		go func() { <-ctx.Done(); ln.Close() }()
		for {
			conn, err := ln.Accept()
			if err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return fmt.Errorf("accept: %w", err)
			}
			if err := run(conn); err != nil {
				log.Warn("session ended", "error", err)
			}
		}
	}
	return run(stdio{})
}

// stdio joins stdin and stdout into the connection LSP runs over.
type stdio struct{}

func (stdio) Read(p []byte) (int, error) { return os.Stdin.Read(p) }

func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }

func (stdio) Close() error { return os.Stdin.Close() }

// serveMetrics serves Prometheus metrics on addr until ctx ends. A bare
// ":port" binds the loopback interface only: metrics name repositories, and
// exposing them beyond the machine must be a deliberate choice.
func serveMetrics(ctx context.Context, addr string, m *cascade.Metrics, log *slog.Logger) (string, error) {
	if strings.HasPrefix(addr, ":") {
		addr = "127.0.0.1" + addr
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", fmt.Errorf("metrics: listen: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{}))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Warn("metrics server stopped", "error", err)
		}
	}()
	go func() { <-ctx.Done(); srv.Close() }()
	return ln.Addr().String(), nil
}

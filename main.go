// Command callcascade is a language server that answers call hierarchy
// requests through a fallback cascade, and a CLI for the same queries.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/callcascade/callcascade/cascade/graph/index"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	neo4jstore "github.com/callcascade/callcascade/cascade/graph/neo4j"
	"github.com/callcascade/callcascade/server"
	"github.com/callcascade/callcascade/treesitter"
)

const usage = `callcascade: who calls this? answered through a fallback cascade.

usage:
  callcascade serve [--listen ADDR] [--log FILE] [--log-level LEVEL] [--max-file-size BYTES] [--exclude PATTERN]...
  callcascade index [--max-file-size BYTES] [--exclude PATTERN]... [ROOT]
  callcascade index --neo4j-uri URI --repo-id ID [--neo4j-user USER] [--neo4j-database DB] [ROOT]
  callcascade callers [--root DIR] [--json] [--outgoing] FILE:LINE:COL | NAME
  callcascade status [--root DIR] [--json]

FILE:LINE:COL is 1-based, the column counted in characters (as editors show it).
NAME is a function or method name, "Class.method", or a symbol id ("path#Class.method").
The embedded graph store lives under $XDG_CACHE_HOME/callcascade (or ~/.cache/callcascade).
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	switch os.Args[1] {
	case "serve":
		err = runServe(ctx, os.Args[2:])
	case "index":
		err = runIndex(ctx, os.Args[2:])
	case "callers":
		err = runCallers(ctx, os.Args[2:], os.Stdout)
	case "status":
		err = runStatus(ctx, os.Args[2:], os.Stdout)
	case "-h", "--help", "help":
		fmt.Print(usage)
		return
	default:
		fmt.Fprintf(os.Stderr, "callcascade: unknown command %q\n\n%s", os.Args[1], usage)
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "callcascade:", err)
		var ue usageError
		if errors.As(err, &ue) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

type usageError struct{ error }

type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }

type commonFlags struct {
	maxFileSize int64
	exclude     stringList
	logLevel    string
	engine      engineFlags
}

// engineFlags are the cascade's budgets and graph backend, shared by serve
// and callers.
type engineFlags struct {
	graph, grep, keyword, budget time.Duration
	threshold                    float64
	backend, neo4jURI, repoID    string
}

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.Int64Var(&c.maxFileSize, "max-file-size", files.DefaultMaxFileSize, "skip files larger than this many bytes")
	fs.Var(&c.exclude, "exclude", "gitignore-style pattern of files not to index (repeatable)")
	fs.StringVar(&c.logLevel, "log-level", "info", "debug, info, warn or error")
}

func (e *engineFlags) register(fs *flag.FlagSet) {
	fs.DurationVar(&e.graph, "graph-timeout", cascade.DefaultGraphTimeout, "graph stage timeout")
	fs.DurationVar(&e.grep, "grep-timeout", cascade.DefaultGrepTimeout, "grep stage timeout")
	fs.DurationVar(&e.keyword, "keyword-timeout", cascade.DefaultKeywordTimeout, "keyword stage timeout")
	fs.DurationVar(&e.budget, "budget", cascade.DefaultBudget, "total budget of one cascade query")
	fs.Float64Var(&e.threshold, "keyword-threshold", 0, "relevance (0..1) a string literal needs in the keyword stage (default 0.5)")
	fs.StringVar(&e.backend, "backend", "", "graph backend: embedded (default) or neo4j (Neo4j first, the embedded store behind it)")
	fs.StringVar(&e.neo4jURI, "neo4j-uri", "", "Neo4j URI for --backend neo4j (default $"+neo4jstore.EnvURI+"); credentials only from $"+neo4jstore.EnvUser+" and $"+neo4jstore.EnvPassword)
	fs.StringVar(&e.repoID, "repo-id", "", "the repository's id in Neo4j (default $"+neo4jstore.EnvRepoID+", else the workspace folder's name)")
}

func (e engineFlags) config() cascade.Config {
	return cascade.Config{GraphTimeout: e.graph, GrepTimeout: e.grep, KeywordTimeout: e.keyword, Budget: e.budget, KeywordThreshold: e.threshold}
}

func (c *commonFlags) logger(w io.Writer) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.logLevel)); err != nil {
		level = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: level}))
}

func openEmbedded(root string) (graph.Store, error) {
	path, err := embedded.DefaultPath(root)
	if err != nil {
		return nil, err
	}
	return embedded.Open(path, embedded.Options{})
}

func runServe(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	var c commonFlags
	c.register(fs)
	c.engine.register(fs)
	listen := fs.String("listen", "", "serve LSP on this TCP address instead of stdio (one client at a time)")
	logFile := fs.String("log", "", "write logs to this file instead of stderr")
	metricsAddr := fs.String("metrics-addr", "", "serve Prometheus metrics on this address (host:port; a bare :port binds loopback only)")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
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
		OpenStore: openEmbedded,
		Settings: server.Settings{MaxFileSize: c.maxFileSize, Exclude: c.exclude,
			GraphTimeoutMs: int(c.engine.graph.Milliseconds()), GrepTimeoutMs: int(c.engine.grep.Milliseconds()),
			KeywordTimeoutMs: int(c.engine.keyword.Milliseconds()), BudgetMs: int(c.engine.budget.Milliseconds()),
			KeywordThreshold: c.engine.threshold, Backend: c.engine.backend, Neo4jURI: c.engine.neo4jURI, RepoID: c.engine.repoID},
		Metrics: cascade.NewMetrics(),
		Shared: func(root string, st server.Settings) []cascade.GraphBackend {
			return sharedBackends(ctx, root, st, log)
		},
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
			if err := server.Serve(ctx, conn, opts); err != nil {
				log.Warn("session ended", "error", err)
			}
		}
	}
	return server.Serve(ctx, stdio{}, opts)
}

// stdio joins stdin and stdout into the connection LSP runs over.
type stdio struct{}

func (stdio) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdio) Close() error                { return os.Stdin.Close() }

// openWorkspace opens the embedded store for root and brings it up to date.
func openWorkspace(ctx context.Context, root string, c commonFlags, progress bool) (*cascade.Workspace, index.IndexStats, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, index.IndexStats{}, err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return nil, index.IndexStats{}, usageError{fmt.Errorf("root %s is not a directory", root)}
	}
	store, err := openEmbedded(abs)
	if err != nil {
		return nil, index.IndexStats{}, err
	}
	log := c.logger(os.Stderr)
	ws := cascade.NewWorkspace(abs, store, cascade.Options{
		Walk:   files.WalkOptions{MaxFileSize: c.maxFileSize, ExtraIgnores: c.exclude, Logger: log},
		Logger: log,
		Engine: c.engine.config(),
		Shared: sharedBackends(ctx, abs, server.Settings{Backend: c.engine.backend, Neo4jURI: c.engine.neo4jURI, RepoID: c.engine.repoID}, log),
	})
	var report index.ProgressFunc
	if progress {
		report = func(done, total int) { fmt.Fprintf(os.Stderr, "\rindexing: %d/%d files", done, total) }
	}
	stats, err := ws.Indexer.IndexAll(ctx, report)
	if progress && stats.Parsed+stats.Failed > 0 {
		fmt.Fprintln(os.Stderr)
	}
	if err != nil {
		store.Close()
		return nil, stats, err
	}
	return ws, stats, nil
}

func runIndex(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("index", flag.ContinueOnError)
	var c commonFlags
	c.register(fs)
	neo := neo4jstore.ConfigFromEnv()
	neoURI := fs.String("neo4j-uri", "", "index into this Neo4j (neo4j://, neo4j+s://, bolt://, bolt+s://, ...) instead of the embedded store;\n"+
		"the password comes from $"+neo4jstore.EnvPassword+" only, so it never shows in a process list")
	fs.StringVar(&neo.RepoID, "repo-id", neo.RepoID, "with --neo4j-uri: the repository's id in the shared graph (default $"+neo4jstore.EnvRepoID+")")
	fs.StringVar(&neo.User, "neo4j-user", neo.User, "with --neo4j-uri: the user (default $"+neo4jstore.EnvUser+")")
	fs.StringVar(&neo.Database, "neo4j-database", neo.Database, "with --neo4j-uri: the database (default $"+neo4jstore.EnvDatabase+", else the server's default)")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	root := "."
	if fs.NArg() > 0 {
		root = fs.Arg(0)
	}
	if *neoURI != "" {
		neo.URI = *neoURI
		return indexIntoNeo4j(ctx, root, c, neo)
	}
	ws, stats, err := openWorkspace(ctx, root, c, true)
	if err != nil {
		return err
	}
	defer ws.Store.Close()
	fmt.Fprintf(os.Stderr, "indexed %s: %d files (%d parsed, %d unchanged, %d removed, %d unreadable), %d symbols, %d calls in %.2fs\n",
		ws.Root, stats.Files, stats.Parsed, stats.Unchanged, stats.Deleted, stats.Failed, stats.Symbols, stats.Calls, stats.Duration.Seconds())
	return nil
}

// indexIntoNeo4j writes root's graph into the repository's partition of a
// shared Neo4j with the same incremental indexer as the embedded store:
// files whose content hash is stored already are not written again.
func indexIntoNeo4j(ctx context.Context, root string, c commonFlags, cfg neo4jstore.Config) error {
	abs, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return usageError{fmt.Errorf("root %s is not a directory", root)}
	}
	if err := cfg.Validate(); err != nil {
		return usageError{err}
	}
	store, err := neo4jstore.Open(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	fmt.Fprintf(os.Stderr, "indexing %s into %v\n", abs, cfg) // Config prints without the password
	if err := store.Ping(ctx); err != nil {
		return err
	}
	log := c.logger(os.Stderr)
	ix := &index.Indexer{Root: abs, Store: store, Logger: log,
		Walk: files.WalkOptions{MaxFileSize: c.maxFileSize, ExtraIgnores: c.exclude, Logger: log}}
	stats, err := ix.IndexAll(ctx, func(done, total int) { fmt.Fprintf(os.Stderr, "\rindexing: %d/%d files", done, total) })
	if stats.Parsed+stats.Failed > 0 {
		fmt.Fprintln(os.Stderr)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "indexed %s into %s as %q: %d files (%d parsed, %d unchanged, %d removed, %d unreadable), %d symbols, %d call edges, %d write transactions in %.2fs\n",
		abs, cfg.Endpoint(), cfg.RepoID, stats.Files, stats.Parsed, stats.Unchanged, stats.Deleted, stats.Failed,
		stats.Symbols, stats.Calls, store.WriteTransactions(), stats.Duration.Seconds())
	return nil
}

func runCallers(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("callers", flag.ContinueOnError)
	var c commonFlags
	c.register(fs)
	root := fs.String("root", ".", "workspace root")
	asJSON := fs.Bool("json", false, "print the structured result as JSON")
	outgoing := fs.Bool("outgoing", false, "list what the target calls instead of its callers")
	c.engine.register(fs)
	c.logLevel = "warn"
	if err := fs.Parse(reorder(fs, args)); err != nil {
		return usageError{err}
	}
	if fs.NArg() != 1 {
		return usageError{errors.New("callers takes one FILE:LINE:COL or NAME")}
	}
	ws, _, err := openWorkspace(ctx, *root, c, false)
	if err != nil {
		return err
	}
	defer ws.Store.Close()
	defer ws.Close()
	targets, err := resolveTarget(ctx, ws, fs.Arg(0))
	if err != nil {
		return err
	}
	var results []cascade.Result
	for _, t := range targets {
		var res cascade.Result
		if *outgoing {
			res, err = ws.Engine.Outgoing(ctx, t)
		} else {
			res, err = ws.Engine.Incoming(ctx, t)
		}
		if err != nil {
			return err
		}
		results = append(results, res)
	}
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if len(results) == 1 {
			return enc.Encode(results[0].Answer())
		}
		answers := make([]cascade.Answer, len(results))
		for i, r := range results {
			answers[i] = r.Answer()
		}
		return enc.Encode(answers)
	}
	for i, res := range results {
		if i > 0 {
			fmt.Fprintln(out)
		}
		printResult(out, res)
	}
	return nil
}

// reorder lets flags follow the positional argument (callers X --json): a
// flag the set defines as taking a value takes the next argument with it.
func reorder(fs *flag.FlagSet, args []string) []string {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if f := fs.Lookup(name); f != nil && !strings.Contains(a, "=") && i+1 < len(args) {
				if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !bf.IsBoolFlag() {
					flags = append(flags, args[i+1])
					i++
				}
			}
			continue
		}
		pos = append(pos, a)
	}
	return append(flags, pos...)
}

func resolveTarget(ctx context.Context, ws *cascade.Workspace, arg string) ([]fact.Symbol, error) {
	if file, line, col, ok := parseLocation(arg); ok {
		abs := file
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(mustGetwd(), file)
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		rel, ok := ws.Indexer.Rel(abs)
		if !ok && !filepath.IsAbs(file) {
			// a path relative to the root rather than to the current directory
			if r, ok2 := ws.Indexer.Rel(filepath.Join(ws.Root, file)); ok2 {
				rel, ok, abs = r, true, filepath.Join(ws.Root, file)
			}
		}
		if !ok {
			return nil, fmt.Errorf("%s is outside the workspace root %s", file, ws.Root)
		}
		content, err := os.ReadFile(abs)
		if err != nil {
			return nil, err
		}
		li := treesitter.NewLineIndex(content)
		offset, ok := li.Offset(treesitter.Position{Line: uint32(line - 1), Character: li.CharacterColumn(uint32(line-1), col-1)})
		if !ok {
			return nil, fmt.Errorf("%s: line %d is past the end of the file", file, line)
		}
		t, err := ws.TargetAt(ctx, rel, content, offset)
		if errors.Is(err, cascade.ErrNoSymbol) {
			return nil, fmt.Errorf("%s: no function, method or call at %d:%d", file, line, col)
		}
		if err != nil {
			return nil, err
		}
		return []fact.Symbol{t}, nil
	}
	targets, err := ws.TargetsByName(ctx, arg)
	if err != nil {
		return nil, err
	}
	if len(targets) == 0 {
		// Not in the index: the cascade still searches by name, and its
		// report says the symbol was not found.
		name := arg
		if i := strings.LastIndexAny(name, ".#"); i >= 0 {
			name = name[i+1:]
		}
		return []fact.Symbol{{Name: name}}, nil
	}
	return targets, nil
}

func parseLocation(arg string) (string, int, int, bool) {
	parts := strings.Split(arg, ":")
	if len(parts) < 3 {
		return "", 0, 0, false
	}
	line, err1 := strconv.Atoi(parts[len(parts)-2])
	col, err2 := strconv.Atoi(parts[len(parts)-1])
	if err1 != nil || err2 != nil || line < 1 || col < 1 {
		return "", 0, 0, false
	}
	return strings.Join(parts[:len(parts)-2], ":"), line, col, true
}

func mustGetwd() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	return wd
}

func printResult(out io.Writer, res cascade.Result) {
	t := res.Target
	verb := "callers of"
	if res.Direction == "outgoing" {
		verb = "calls from"
	}
	if res.Found {
		fmt.Fprintf(out, "%s %s (%s:%d:%d)\n", verb, qualified(t), t.Path, t.Selection.Start.Line+1, t.Selection.Start.Character+1)
	} else {
		fmt.Fprintf(out, "%s %s (not in the index)\n", verb, t.Name)
	}
	if len(res.Calls) == 0 {
		fmt.Fprintln(out, "  none found")
	}
	for _, c := range res.Calls {
		for _, site := range c.Sites {
			path := c.Symbol.Path
			if res.Direction == "outgoing" {
				path = t.Path
			}
			fmt.Fprintf(out, "  %s:%d:%d\t%s\t[%s: %s]\n", path, site.Start.Line+1, site.Start.Character+1, qualified(c.Symbol), c.Stage, c.Detail)
		}
	}
	for _, a := range res.Attempts {
		status := a.Outcome
		if a.Reason != "" {
			status += " (" + a.Reason + ")"
		}
		stage := a.Stage
		if a.Backend != "" {
			stage += " (" + a.Backend + ")"
		}
		fmt.Fprintf(out, "  stage %s: %s, %d found in %s", stage, status, a.Count, a.Duration.Round(time.Microsecond))
		if a.Observed != "" {
			fmt.Fprintf(out, " — %s", a.Observed)
		}
		fmt.Fprintln(out)
	}
	ans := res.Answer()
	if len(ans.Meta.MissingSources) > 0 {
		fmt.Fprintf(out, "  not consulted: %s\n", strings.Join(ans.Meta.MissingSources, ", "))
	}
	if ans.Meta.Warning != "" {
		fmt.Fprintf(out, "  warning: %s\n", ans.Meta.Warning)
	}
	if ans.Error != "" {
		fmt.Fprintf(out, "  %s: %s\n", ans.Error, ans.Explanation)
		for _, c := range ans.Causes {
			fmt.Fprintf(out, "  likely cause (%s): %s\n", c.Code, c.Text)
		}
	}
	for _, s := range ans.Suggestions {
		fmt.Fprintf(out, "  try: %s\n", s)
	}
}

func qualified(s fact.Symbol) string {
	if s.Container != "" {
		return s.Container + "." + s.Name
	}
	return s.Name
}

func runStatus(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("status", flag.ContinueOnError)
	var c commonFlags
	c.register(fs)
	root := fs.String("root", ".", "workspace root")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	abs, err := filepath.Abs(*root)
	if err != nil {
		return err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	path, err := embedded.DefaultPath(abs)
	if err != nil {
		return err
	}
	st := map[string]any{"root": abs, "store": "embedded", "storePath": path}
	if _, err := os.Stat(path); err != nil {
		st["indexed"] = false
	} else {
		store, err := embedded.Open(path, embedded.Options{})
		if err != nil {
			return err
		}
		defer store.Close()
		files, err := store.Files(ctx)
		if err != nil {
			return err
		}
		st["indexed"] = true
		st["files"] = len(files)
	}
	if *asJSON {
		return json.NewEncoder(out).Encode(st)
	}
	for _, k := range []string{"root", "store", "storePath", "indexed", "files"} {
		if v, ok := st[k]; ok {
			fmt.Fprintf(out, "%-10s %v\n", k+":", v)
		}
	}
	return nil
}

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

// sharedBackends opens the team's Neo4j graph for a workspace root when the
// settings select it; the embedded store stays behind it. A configuration
// that cannot work is logged (never with a credential) and leaves the
// embedded store alone.
func sharedBackends(ctx context.Context, root string, st server.Settings, log *slog.Logger) []cascade.GraphBackend {
	cfg := neo4jstore.ConfigFromEnv()
	if st.Neo4jURI != "" {
		cfg.URI = st.Neo4jURI
	}
	if st.RepoID != "" {
		cfg.RepoID = st.RepoID
	}
	if st.Backend != "neo4j" && (st.Backend != "" || st.Neo4jURI == "") {
		return nil
	}
	if cfg.RepoID == "" {
		cfg.RepoID = filepath.Base(root)
	}
	store, err := neo4jstore.Open(ctx, cfg)
	if err != nil {
		log.Error("neo4j backend not used", "root", root, "error", err)
		return nil
	}
	log.Info("graph backend", "root", root, "neo4j", cfg.Endpoint(), "repo", cfg.RepoID)
	return []cascade.GraphBackend{{Name: "neo4j", Store: store, Resolver: &graph.Resolver{Store: store}}}
}

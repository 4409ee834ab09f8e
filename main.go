// Command callcascade is a language server that answers call hierarchy
// requests through a fallback cascade, and a CLI for the same queries.
//
// main.go holds the dispatch and the wiring the commands share (flags,
// logging, opening a workspace and its graph backends); each command has
// its own file with its flags, help and output: serve.go, index.go,
// callers.go, status.go.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/callcascade/callcascade/cascade"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
	neo4jstore "github.com/callcascade/callcascade/cascade/graph/neo4j"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
	"github.com/callcascade/callcascade/server"
)

const usage = `callcascade: who calls this? answered through a fallback cascade.

usage:
` + serveUsage + indexUsage + callersUsage + statusUsage + mcpUsage + `  callcascade help [COMMAND] | COMMAND --help
  callcascade --version

FILE:LINE:COL is 1-based, the column counted in characters (as editors show it).
NAME is a function or method name, "Class.method", or a symbol id ("path#Class.method").
Without --root, the workspace is the repository around FILE or the working directory
(.git, else go.mod, package.json or pyproject.toml); / and the home directory are refused.
The embedded graph store lives under $XDG_CACHE_HOME/callcascade (or ~/.cache/callcascade).

exit status: 0 an answer with callers (or entry points); 1 the query found none, or an
error; 2 a usage mistake.
`

// commands are the subcommands by name.
var commands = map[string]func(ctx context.Context, args []string) error{
	"serve":   runServe,
	"index":   runIndex,
	"callers": func(ctx context.Context, args []string) error { return runCallers(ctx, args, os.Stdout) },
	"status":  func(ctx context.Context, args []string) error { return runStatus(ctx, args, os.Stdout) },
	"mcp":     runMCP,
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cmd, args := os.Args[1], os.Args[2:]
	switch cmd {
	case "-h", "-help", "--help":
		fmt.Print(usage)
		return
	case "help":
		if len(args) == 0 {
			fmt.Print(usage)
			return
		}
		if _, ok := commands[args[0]]; !ok {
			fmt.Fprintf(os.Stderr, "callcascade: no command %q\n\n%s", args[0], usage)
			os.Exit(2)
		}
		cmd, args = args[0], []string{"--help"}
	case "version", "-version", "--version":
		fmt.Println(version())
		return
	}
	run, ok := commands[cmd]
	if !ok {
		fmt.Fprintf(os.Stderr, "callcascade: unknown command %q\n\n%s", cmd, usage)
		os.Exit(2)
	}
	err := run(ctx, args)
	if errors.Is(err, errNoneFound) {
		os.Exit(1) // the answer, already printed, says so
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

func (l *stringList) String() string { return strings.Join(*l, ",") }

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

// serverBudgets are the stage budgets of the long-running commands (serve,
// mcp), where what the graph stage keeps is warm between requests;
// oneShotBudgets are callers', a process per query, where each query pays
// for loading that state (0.3-1 s on a 1,600-file repository under load) and
// a tight budget would answer "timeout" where waiting a second answers right.
var (
	serverBudgets  = cascade.Config{GraphTimeout: cascade.DefaultGraphTimeout, GrepTimeout: cascade.DefaultGrepTimeout, KeywordTimeout: cascade.DefaultKeywordTimeout, Budget: cascade.DefaultBudget}
	oneShotBudgets = cascade.Config{GraphTimeout: 2 * time.Second, GrepTimeout: time.Second, KeywordTimeout: time.Second, Budget: 5 * time.Second}
)

func (e *engineFlags) register(fs *flag.FlagSet, budgets cascade.Config) {
	fs.DurationVar(&e.graph, "graph-timeout", budgets.GraphTimeout, "graph stage timeout")
	fs.DurationVar(&e.grep, "grep-timeout", budgets.GrepTimeout, "grep stage timeout")
	fs.DurationVar(&e.keyword, "keyword-timeout", budgets.KeywordTimeout, "keyword stage timeout")
	fs.DurationVar(&e.budget, "budget", budgets.Budget, "total budget of one cascade query")
	fs.Float64Var(&e.threshold, "keyword-threshold", 0, "share (0..1) of a string literal's words that must be the name in the keyword stage (default 0.5)")
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

// openEmbedded opens root's embedded store; log hears why it was rebuilt,
// if it was (another release's format, corruption).
func openEmbedded(root string, log *slog.Logger) (graph.Store, error) {
	path, err := embedded.DefaultPath(root)
	if err != nil {
		return nil, err
	}
	return embedded.Open(path, embedded.Options{Logger: log})
}

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
	log := c.logger(os.Stderr)
	store, err := openEmbedded(abs, log)
	if err != nil {
		return nil, index.IndexStats{}, err
	}
	ws := cascade.NewWorkspace(abs, store, cascade.Options{
		Walk:   files.WalkOptions{MaxFileSize: c.maxFileSize, ExtraIgnores: c.exclude, Logger: log},
		Logger: log,
		Engine: c.engine.config(),
		Shared: sharedBackends(ctx, abs, server.Settings{Backend: c.engine.backend, Neo4jURI: c.engine.neo4jURI, RepoID: c.engine.repoID}, log),
		// index and callers answer once and exit: nothing to warm for.
		OneShot: true,
	})
	var bar *progressBar
	if progress {
		bar = newProgressBar(os.Stderr)
	}
	stats, err := ws.Indexer.IndexAll(ctx, bar.report)
	bar.done()
	if err == nil {
		err = buildSearch(ctx, store)
	}
	if err != nil {
		store.Close()
		return nil, stats, err
	}
	return ws, stats, nil
}

// buildSearch builds the store's full-text index, which an index pass
// leaves to after the first answers: a one-shot command answers once, and
// its keyword stage needs the whole index (a server builds it in the
// background instead).
func buildSearch(ctx context.Context, store graph.Store) error {
	if b, ok := store.(interface{ BuildSearch(context.Context) error }); ok {
		return b.BuildSearch(ctx)
	}
	return nil
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
	return []cascade.GraphBackend{{Name: "neo4j", Store: store, Resolver: &resolve.Resolver{Store: store, Root: root}}}
}

package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/graph/index"
	neo4jstore "github.com/callcascade/callcascade/cascade/graph/neo4j"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// The index command: brings a workspace's embedded store up to date, or
// writes its graph into a shared Neo4j.

const indexUsage = `  callcascade index [--max-file-size BYTES] [--exclude PATTERN]... [ROOT]
  callcascade index --neo4j-uri URI --repo-id ID [--neo4j-user USER] [--neo4j-database DB] [--edges=false] [ROOT]
  callcascade index --backend neo4j ...   (the URI from --neo4j-uri or $CALLCASCADE_NEO4J_URI)
`

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
	backend := fs.String("backend", "", "embedded (default) or neo4j: index into Neo4j, at --neo4j-uri or $"+neo4jstore.EnvURI)
	edges := fs.Bool("edges", true, "with --neo4j-uri: also write the resolver's caller edges and the publish/subscribe edges through CODE_EVENT nodes\n"+
		"(computed over the workspace's embedded store, brought up to date first; see docs/NEO4J-FRAMEWORK.md)")
	if help, err := parseFlags(fs, reorder(fs, args), indexUsage); help || err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usageError{fmt.Errorf("index takes one ROOT, got %d arguments (callcascade index --help)", fs.NArg())}
	}
	root := fs.Arg(0)
	if root == "" {
		r, err := defaultRoot(ctx, "", files.WalkOptions{MaxFileSize: c.maxFileSize, ExtraIgnores: c.exclude})
		if err != nil {
			return err
		}
		root = r
	}
	switch *backend {
	case "", "embedded", "neo4j":
	default:
		return usageError{fmt.Errorf("--backend %q: want embedded or neo4j", *backend)}
	}
	if *backend == "neo4j" || (*backend == "" && *neoURI != "") {
		if *neoURI != "" {
			neo.URI = *neoURI
		}
		return indexIntoNeo4j(ctx, root, c, neo, *edges)
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
func indexIntoNeo4j(ctx context.Context, root string, c commonFlags, cfg neo4jstore.Config, edges bool) error {
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
	bar := newProgressBar(os.Stderr)
	stats, err := ix.IndexAll(ctx, bar.report)
	bar.done()
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "indexed %s into %s as %q: %d files (%d parsed, %d unchanged, %d removed, %d unreadable), %d symbols, %d call edges, %d write transactions in %.2fs\n",
		abs, cfg.Endpoint(), cfg.RepoID, stats.Files, stats.Parsed, stats.Unchanged, stats.Deleted, stats.Failed,
		stats.Symbols, stats.Calls, store.WriteTransactions(), stats.Duration.Seconds())
	if !edges {
		return nil
	}
	return writeEdges(ctx, abs, store, ix.Walk, log)
}

// writeEdges runs the edge pass: the resolver answers over the workspace's
// embedded store, brought up to date from the same files, and the edges go
// to Neo4j in batches. Nothing is computed when Neo4j holds the edges of
// these files already.
func writeEdges(ctx context.Context, abs string, store *neo4jstore.Store, walk files.WalkOptions, log *slog.Logger) error {
	start := time.Now()
	neoFiles, err := store.Files(ctx)
	if err != nil {
		return err
	}
	digest := neo4jstore.FilesDigest(neoFiles)
	if stored, err := store.EdgesDigest(ctx); err != nil {
		return err
	} else if stored == digest {
		fmt.Fprintf(os.Stderr, "edges of %s are up to date in %s\n", abs, store.Config().Endpoint())
		return nil
	}
	fmt.Fprintf(os.Stderr, "computing the edges of %d files (caller edges, publish/subscribe) over the embedded store\n", len(neoFiles))
	local, err := openEmbedded(abs, log)
	if err != nil {
		return fmt.Errorf("edges: %w", err)
	}
	defer local.Close()
	if _, err := (&index.Indexer{Root: abs, Store: local, Logger: log, Walk: walk}).IndexAll(ctx, nil); err != nil {
		return fmt.Errorf("edges: index the embedded store: %w", err)
	}
	e, err := neo4jstore.ComputeEdges(ctx, local, &resolve.Resolver{Store: local, Root: abs})
	if err != nil {
		return err
	}
	if e.Digest != digest {
		return fmt.Errorf("edges: the workspace changed while it was indexed (Neo4j and the embedded store hold different files): run callcascade index again")
	}
	before := store.WriteTransactions()
	if _, err := store.WriteEdges(ctx, e); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote the edges of %s into %s: %d caller edges, %d subscriptions, %d publications, %d write transactions in %.2fs\n",
		abs, store.Config().Endpoint(), len(e.Calls), len(e.Subscriptions), len(e.Publications),
		store.WriteTransactions()-before, time.Since(start).Seconds())
	return nil
}

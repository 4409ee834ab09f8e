package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/graph/index"
	neo4jstore "github.com/callcascade/callcascade/cascade/graph/neo4j"
)

// The index command: brings a workspace's embedded store up to date, or
// writes its graph into a shared Neo4j.

const indexUsage = `  callcascade index [--max-file-size BYTES] [--exclude PATTERN]... [ROOT]
  callcascade index --neo4j-uri URI --repo-id ID [--neo4j-user USER] [--neo4j-database DB] [ROOT]
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

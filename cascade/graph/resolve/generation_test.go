package resolve_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// The resolver keeps what it derives from the store (the file list, the
// registering calls) for one store generation, the one the request's
// snapshot names. A write by another process (`callcascade index` while the
// editor's server runs) changes the generation, and the next request sees
// the new callers (here, a handler registered by value in a new file), with nobody calling Invalidate.
func TestResolverFollowsTheStoresGeneration(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	write := writerUnder(t, root)
	write("go.mod", "module example.com/shop\n")
	write("health.go", "package main\n\nimport \"net/http\"\n\nfunc health(w http.ResponseWriter, r *http.Request) {}\n")
	write("a.go", "package main\n\nimport \"net/http\"\n\nfunc first() { http.HandleFunc(\"/a\", health) }\n")
	server, db, r := warmedResolver(t, root)
	syms, err := server.SymbolsByName(ctx, "health")
	if err != nil || len(syms) != 1 {
		t.Fatalf("health: %v %v", syms, err)
	}
	callers := func() []string { return callerNames(t, r, syms[0]) }
	if got := callers(); len(got) != 1 || got[0] != "first" {
		t.Fatalf("callers before = %q, want [first]", got)
	}

	// Another process indexes a new caller into the same store.
	write("b.go", "package main\n\nimport \"net/http\"\n\nfunc second() { http.HandleFunc(\"/b\", health) }\n")
	indexedStore(t, db, root).Close()

	if got := callers(); len(got) != 2 || got[0] != "first" || got[1] != "second" {
		t.Fatalf("callers after another process indexed b.go = %q, want [first second]", got)
	}
}

// The dependency-injection providers are kept for a generation of the store
// (framework_edges.go's providers): a module that binds a token to another
// class, indexed since, moves the injected member's calls to that class.
func TestProvidersFollowTheStoresGeneration(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	write := writerUnder(t, root)
	write("package.json", `{"name": "shop"}`)
	write("src/audit.ts", `
export interface AuditSink { record(e: string): void; }
export class DbAuditSink implements AuditSink { record(e: string): void {} }
export class FileAuditSink implements AuditSink { record(e: string): void {} }
export const AUDIT_SINK = 'AUDIT_SINK';
`)
	module := func(class string) string {
		return `
import { Module } from '@nestjs/common';
import { AUDIT_SINK, DbAuditSink, FileAuditSink } from './audit';
@Module({ providers: [{ provide: AUDIT_SINK, useClass: ` + class + ` }] })
export class AppModule {}
`
	}
	write("src/app.module.ts", module("DbAuditSink"))
	write("src/service.ts", `
import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_SINK } from './audit';
@Injectable()
export class Service {
  constructor(@Inject(AUDIT_SINK) private readonly audit: any) {}
  flush(): void {
    this.audit.record('y');
  }
}
`)
	store, db, r := warmedResolver(t, root)
	callersOf := func(container string) []string {
		syms, err := store.SymbolsByName(ctx, "record")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range syms {
			if s.Container != container {
				continue
			}
			return callerNames(t, r, s)
		}
		t.Fatalf("no %s.record indexed", container)
		return nil
	}
	if got := callersOf("DbAuditSink"); len(got) != 1 || got[0] != "flush" {
		t.Fatalf("DbAuditSink.record callers = %q, want [flush]", got)
	}
	if got := callersOf("FileAuditSink"); len(got) != 0 {
		t.Fatalf("FileAuditSink.record callers = %q before the module binds it, want none", got)
	}

	// Another process indexes the module binding the token to FileAuditSink.
	write("src/app.module.ts", module("FileAuditSink"))
	indexedStore(t, db, root).Close()

	if got := callersOf("FileAuditSink"); len(got) != 1 || got[0] != "flush" {
		t.Fatalf("FileAuditSink.record callers after the module changed = %q, want [flush]", got)
	}
	if got := callersOf("DbAuditSink"); len(got) != 0 {
		t.Fatalf("DbAuditSink.record callers after the module changed = %q, want none", got)
	}
}

// writerUnder writes files under root, making their directories.
func writerUnder(t *testing.T, root string) func(name, src string) {
	return func(name, src string) {
		t.Helper()
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// warmedResolver indexes root into a new store, closed when the test
// ends, and warms a resolver over it, as the server does after an index
// pass; db is the store's file, for a second writer to index into.
func warmedResolver(t *testing.T, root string) (*embedded.Store, string, *resolve.Resolver) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "graph.db")
	store := indexedStore(t, db, root)
	t.Cleanup(func() { store.Close() })
	r := &resolve.Resolver{Store: store}
	if err := r.Warm(context.Background()); err != nil {
		t.Fatal(err)
	}
	return store, db, r
}

// indexedStore opens the store at db and indexes root into it, as another
// process running callcascade index on the same store does.
func indexedStore(t *testing.T, db, root string) *embedded.Store {
	t.Helper()
	store, err := embedded.Open(db, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&index.Indexer{Root: root, Store: store}).IndexAll(context.Background(), nil); err != nil {
		store.Close()
		t.Fatal(err)
	}
	return store
}

// callerNames are the names of the callers r answers for s.
func callerNames(t *testing.T, r *resolve.Resolver, s fact.Symbol) []string {
	t.Helper()
	edges, err := r.Incoming(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range edges {
		out = append(out, e.Symbol.Name)
	}
	return out
}

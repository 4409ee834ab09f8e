package resolve_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// The dependency-injection providers are kept for a generation of the store
// (framework_edges.go's providers): a module that binds a token to another
// class, indexed since, moves the injected member's calls to that class.
func TestProvidersFollowTheStoresGeneration(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
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
	db := filepath.Join(t.TempDir(), "graph.db")
	store, err := embedded.Open(db, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if _, err := (&index.Indexer{Root: root, Store: store}).IndexAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	r := &resolve.Resolver{Store: store}
	if err := r.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	callersOf := func(container string) []string {
		syms, err := store.SymbolsByName(ctx, "record")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range syms {
			if s.Container != container {
				continue
			}
			edges, err := r.Incoming(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, e := range edges {
				out = append(out, e.Symbol.Name)
			}
			return out
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
	other, err := embedded.Open(db, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&index.Indexer{Root: root, Store: other}).IndexAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	other.Close()

	if got := callersOf("FileAuditSink"); len(got) != 1 || got[0] != "flush" {
		t.Fatalf("FileAuditSink.record callers after the module changed = %q, want [flush]", got)
	}
	if got := callersOf("DbAuditSink"); len(got) != 0 {
		t.Fatalf("DbAuditSink.record callers after the module changed = %q, want none", got)
	}
}

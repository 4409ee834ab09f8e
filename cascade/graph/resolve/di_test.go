package resolve_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Dependency injection, item 3 of issue 4: calls through injected members
// resolve to the injected class's method as precise edges.
func TestInjectedMembersResolve(t *testing.T) {
	r := indexSources(t, map[string]string{
		"src/audit.ts": `
export interface AuditSink { record(e: string): void; }
export class DbAuditSink implements AuditSink { record(e: string): void {} }
export class FileAuditSink implements AuditSink { record(e: string): void {} }
export class Repo { find(): void {} }
export const AUDIT_SINK = 'AUDIT_SINK';
`,
		"src/app.module.ts": `
import { Module } from '@nestjs/common';
import { AUDIT_SINK, DbAuditSink } from './audit';
@Module({
  providers: [
    { provide: AUDIT_SINK, useClass: DbAuditSink },
    { provide: 'CLOCK', useValue: Date },
  ],
})
export class AppModule {}
`,
		"src/service.ts": `
import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_SINK, AuditSink, Repo } from './audit';
@Injectable()
export class Service {
  @Inject() private readonly repo: Repo;
  constructor(
    @Inject(AUDIT_SINK) private readonly audit: AuditSink,
    @Inject(AUDIT_SINK) private readonly untyped: any,
  ) {}
  run(): void {
    this.repo.find();
    this.audit.record('x');
  }
  flush(): void {
    this.untyped.record('y');
  }
}
`,
		"orders/Repo.java": `
package orders;
public class Repo { public void save() {} }
`,
		"orders/Service.java": `
package orders;
import org.springframework.beans.factory.annotation.Autowired;
public class Service {
  private final Repo repo;
  @Autowired
  public Service(Repo repo) { this.repo = repo; }
  public void run() { repo.save(); }
}
`,
		"billing/services.py": `
class Storage:
    def put(self): pass

class Billing:
    def __init__(self, storage: Storage):
        self.storage = storage
        self.backup = Storage()

    def run(self):
        self.storage.put()
        self.backup.put()
`,
	})
	ctx := context.Background()
	cases := []struct {
		target string
		want   []string
	}{
		{"Repo.find", []string{"Service.run ast"}}, // property injection
		// @Inject(TOKEN) declared as a workspace interface: the interface's
		// call, dispatched to every implementation (as tsserver lists it);
		// declared without a workspace type: the provider map's class
		{"DbAuditSink.record", []string{"Service.flush ast", "Service.run ast via AuditSink.record"}},
		{"FileAuditSink.record", []string{"Service.run ast via AuditSink.record"}},
		{"Repo.save", []string{"Service.run ast"}},   // @Autowired constructor parameter
		{"Storage.put", []string{"Billing.run ast"}}, // typed parameter and constructed class
	}
	for _, tc := range cases {
		got, err := r.Incoming(ctx, symbolNamed(t, r, tc.target))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, edgeLines(got), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Incoming(%s) (-want +got):\n%s", tc.target, diff)
		}
	}
}

package resolve_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade/graph/index"
	"github.com/callcascade/callcascade/cascade/graph/resolve"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
)

// indexFixture indexes a fixture workspace into a fresh embedded store.
func indexFixture(t *testing.T, dir string) *resolve.Resolver {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata", dir))
	if err != nil {
		t.Fatal(err)
	}
	s, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ix := &index.Indexer{Root: root, Store: s}
	if _, err := ix.IndexAll(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return &resolve.Resolver{Store: s}
}

// symbolNamed finds one symbol by its qualified name, Class.method.
func symbolNamed(t *testing.T, r *resolve.Resolver, qualified string) fact.Symbol {
	t.Helper()
	name := qualified[strings.LastIndexByte(qualified, '.')+1:]
	syms, err := r.Store.SymbolsByName(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	var found []fact.Symbol
	for _, s := range syms {
		if strings.HasSuffix(s.ID, "#"+qualified) {
			found = append(found, s)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%s: %d symbols", qualified, len(found))
	}
	return found[0]
}

// edgeLines describes edges as "Container.name resolution event/via".
func edgeLines(edges []fact.Edge) []string {
	var out []string
	for _, e := range edges {
		name := e.Symbol.Name
		if e.Symbol.Container != "" {
			name = e.Symbol.Container + "." + name
		}
		line := name + " " + string(e.Resolution)
		if e.Event != "" {
			line += " '" + e.Event + "'"
		}
		if e.Via != "" {
			line += " via " + e.Via
		}
		if e.AlsoRegistered != "" {
			line += ", also registered via " + e.AlsoRegistered
		}
		out = append(out, line)
	}
	sort.Strings(out)
	return out
}

func TestEventEdgesNest(t *testing.T) {
	r := indexFixture(t, "nest-events")
	ctx := context.Background()
	cases := []struct {
		target string
		want   []string
	}{
		{"ReportListener.handleReportCreated", []string{"ReportService.create event 'report.created'"}},
		{"ReportListener.handleArchived", []string{"ReportService.archive event 'report.archived'"}},
		{"ReportListener.handleExported", []string{"ReportService.exportReport event 'report.exported'"}},
		{"ReportConsumer.handleRemoteExport", []string{"ReportService.exportReport event 'report.exported.remote'"}},
		{"ReportListener.handleDeleted", nil},
		{"ReportConsumer.countReports", nil},
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

func TestFrameworkRoles(t *testing.T) {
	cases := []struct {
		fixture, symbol string
		want            []string // summaries
	}{
		{"nest-events", "ReportListener.handleReportCreated", []string{"handles event 'report.created' (NestJS @OnEvent('report.created'))"}},
		{"nest-events", "ReportListener.handleExported", []string{"handles event 'report.exported' (NestJS @OnEvent(ReportEvents.Exported, { async: true }))"}},
		{"nest-events", "ReportConsumer.countReports", []string{"handles message pattern '{cmd:'count-reports'}' (NestJS @MessagePattern({ cmd: 'count-reports' }))"}},
		{"nest-events", "ReportController.findOne", []string{"NestJS route GET /reports/:id"}},
		{"nest-events", "ReportController.createReport", []string{"NestJS route POST /reports"}},
		{"nest-events", "ReportScheduler.hourly", []string{"scheduled: cron '0 * * * *' (NestJS @Cron('0 * * * *'))"}},
		{"nest-events", "ReportScheduler.exportPending", []string{"scheduled: every (ms) '60000' (NestJS @Interval(60000))"}},
		{"nest-events", "ReportService.create", nil},
		{"django-shop", "order_saved", []string{"invoked by Django signal post_save (sender=Order)"}},
		{"django-shop", "notify_customer", []string{"invoked by Django signal order_shipped"}},
		{"django-shop", "render_invoice", []string{"Celery task 'shop.invoices.tasks.render_invoice' (@shared_task): run through .delay()/.apply_async()/.s(), or by its name (send_task, signature, beat)"}},
		{"spring-events", "OrderListeners.onPlaced", []string{"handles application event 'OrderPlaced' (Spring @EventListener)"}},
		{"spring-events", "OrderListeners.consumeReturn", []string{`handles Kafka topics 'returns', 'refunds' (Spring @KafkaListener(topics = {"returns", "refunds"}))`}},
	}
	resolvers := map[string]*resolve.Resolver{}
	for _, tc := range cases {
		r := resolvers[tc.fixture]
		if r == nil {
			r = indexFixture(t, tc.fixture)
			resolvers[tc.fixture] = r
		}
		checkRoleSummaries(t, r, tc.symbol, tc.want)
	}
}

// Hints are what the report says when no caller was found.
func TestRoleHints(t *testing.T) {
	r := indexFixture(t, "nest-events")
	cases := map[string]string{
		"ReportListener.handleDeleted": "handles event 'report.deleted' (NestJS @OnEvent('report.deleted')) — no publisher found in the workspace",
		"ReportController.findOne":     "invoked by the framework: NestJS route GET /reports/:id",
		"ReportScheduler.hourly":       "invoked by the framework: scheduled: cron '0 * * * *' (NestJS @Cron('0 * * * *'))",
	}
	for name, want := range cases {
		roles, err := r.FrameworkRoles(context.Background(), symbolNamed(t, r, name))
		if err != nil {
			t.Fatal(err)
		}
		if len(roles) != 1 || roles[0].Hint() != want {
			t.Errorf("hint of %s = %+v, want %q", name, roles, want)
		}
	}
}

func TestOutgoingIncludesSubscribers(t *testing.T) {
	r := indexFixture(t, "nest-events")
	got, err := r.Outgoing(context.Background(), symbolNamed(t, r, "ReportService.exportReport"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"ReportConsumer.handleRemoteExport event 'report.exported.remote'",
		"ReportListener.handleExported event 'report.exported'",
	}
	if diff := cmp.Diff(want, edgeLines(got)); diff != "" {
		t.Errorf("Outgoing(exportReport) (-want +got):\n%s", diff)
	}
	// A name built at run time publishes nothing we can name.
	got, err = r.Outgoing(context.Background(), symbolNamed(t, r, "ReportService.rename"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 0 {
		t.Errorf("Outgoing(rename) = %v, want nothing", edgeLines(got))
	}
}

// indexSources indexes files written into a temporary workspace.
func indexSources(t *testing.T, files map[string]string) *resolve.Resolver {
	t.Helper()
	root := t.TempDir()
	for name, src := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := (&index.Indexer{Root: root, Store: s}).IndexAll(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return &resolve.Resolver{Store: s}
}

// Bad input: computed names, circular injection, one name on two buses or
// in two modules, decorators with nothing to read. No crash, no hang, no
// invented edge; an unresolved name is reported as such.
func TestEventEdgesBadInput(t *testing.T) {
	r := indexSources(t, map[string]string{
		"src/a.listener.ts": `
export class AListener {
  @OnEvent(prefix + '.created') computed() {}
  @OnEvent(eventName()) called() {}
  @OnEvent('dup.event') first() {}
  @EventPattern('dup.event') onOtherBus() {}
  @Cron() noSchedule() {}
  @OnEvent() noName() {}
}`,
		"src/b.listener.ts": `
export class BListener {
  @OnEvent('dup.event') second() {}
}`,
		"src/publisher.ts": `
import { EventEmitter2 } from '@nestjs/event-emitter';
export class Publisher {
  constructor(private readonly events: EventEmitter2, private readonly b: Cycle) {}
  publish(): void {
    this.events.emit('dup.event', {});
    this.events.emit(prefix + '.created', {});
    this.events.emit(undefined);
    this.events.emit();
  }
}
export class Cycle {
  constructor(private readonly p: Publisher) {}
  run(): void { this.p.publish(); }
}`,
	})
	ctx := context.Background()
	cases := []struct {
		target, unresolved string
		want               []string
	}{
		{"AListener.computed", "prefix + '.created'", nil},
		{"AListener.called", "eventName()", nil},
		{"AListener.first", "", []string{"Publisher.publish event 'dup.event'"}},
		{"BListener.second", "", []string{"Publisher.publish event 'dup.event'"}},
		{"AListener.onOtherBus", "", nil}, // EventEmitter2 does not reach microservice patterns
		{"AListener.noSchedule", "", nil},
		{"AListener.noName", "", nil},
		{"Cycle.run", "", nil},
	}
	for _, tc := range cases {
		sym := symbolNamed(t, r, tc.target)
		got, err := r.Incoming(ctx, sym)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, edgeLines(got), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Incoming(%s) (-want +got):\n%s", tc.target, diff)
		}
		roles, err := r.FrameworkRoles(ctx, sym)
		if err != nil {
			t.Fatal(err)
		}
		unresolved := ""
		for _, ro := range roles {
			unresolved += ro.Unresolved
		}
		if unresolved != tc.unresolved {
			t.Errorf("FrameworkRoles(%s): unresolved %q, want %q", tc.target, unresolved, tc.unresolved)
		}
	}
	got, err := r.Outgoing(ctx, symbolNamed(t, r, "Publisher.publish"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"AListener.first event 'dup.event'", "BListener.second event 'dup.event'"}
	if diff := cmp.Diff(want, edgeLines(got)); diff != "" {
		t.Errorf("Outgoing(publish) (-want +got):\n%s", diff)
	}
}

// Node and Express: handlers registered by value, and EventEmitter
// subscriptions with .on/.once linked to .emit.
func TestRegistrationsJS(t *testing.T) {
	r := indexSources(t, map[string]string{
		"src/server.js": `
const express = require('express');
const { EventEmitter } = require('events');
const { listOrders, audit } = require('./handlers');
const bus = new EventEmitter();
const ORDER_PAID = 'order.paid';

function start() {
  const app = express();
  app.get('/orders', listOrders);
  bus.on(ORDER_PAID, audit);
  setInterval(sweep, 1000);
  cache.get('orders', listOrders); // no path: not a route
}

function sweep() {}

function startBoth() {
  sweep(); // a direct call, and a registration of the same function: one item
  setInterval(sweep, 500);
}

function startAlt(app) {
  app.post('/orders', (req, res) => listOrders(req, res)); // a direct call, in a lambda
}

function pay() {
  bus.emit('order.paid', { id: 1 });
}
module.exports = { start, pay };
`,
		"src/handlers.js": `
function listOrders(req, res) {}
function audit(order) {}
module.exports = { listOrders, audit };
`,
	})
	ctx := context.Background()
	cases := []struct {
		target string
		want   []string
	}{
		{"listOrders", []string{"start registration via app.get('/orders')", "startAlt ast"}},
		{"audit", []string{"pay event 'order.paid'", "start registration via bus.on(ORDER_PAID)"}},
		{"sweep", []string{"start registration via setInterval(1000)", "startBoth ast, also registered via setInterval(500)"}},
	}
	for _, tc := range cases {
		got, err := r.Incoming(ctx, symbolNamed(t, r, tc.target))
		if err != nil {
			t.Fatal(err)
		}
		lines := edgeLines(got)
		if diff := cmp.Diff(tc.want, lines, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Incoming(%s) (-want +got):\n%s", tc.target, diff)
		}
	}
	got, err := r.Outgoing(ctx, symbolNamed(t, r, "pay"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"audit event 'order.paid'"}, edgeLines(got)); diff != "" {
		t.Errorf("Outgoing(pay) (-want +got):\n%s", diff)
	}
}

// The motivating scenario (issue 4, item 6): from the storage method, the
// hierarchy reaches the consumer through DI, the publisher through the
// event, and that publisher is an HTTP route.
func TestWalkFromStorageToRoute(t *testing.T) {
	r := indexFixture(t, "nest-fees")
	ctx := context.Background()
	cur := symbolNamed(t, r, "EvidenceService.moveFilesToPermanentStorage")
	var path []string
	for step := 0; step < 4; step++ {
		edges, err := r.Incoming(ctx, cur)
		if err != nil {
			t.Fatal(err)
		}
		if len(edges) != 1 {
			break
		}
		cur = edges[0].Symbol
		path = append(path, edgeLines(edges)[0])
	}
	want := []string{
		"FeesReportConsumerController.handle ast",
		"FeesReportController.createReport event 'fees-report.created'",
	}
	if diff := cmp.Diff(want, path); diff != "" {
		t.Fatalf("walk (-want +got):\n%s", diff)
	}
	roles, err := r.FrameworkRoles(ctx, cur)
	if err != nil {
		t.Fatal(err)
	}
	if len(roles) != 1 || roles[0].Summary != "NestJS route POST /fees-reports" {
		t.Errorf("roles of %s = %+v, want the route POST /fees-reports", cur.Name, roles)
	}
}

// checkRoleSummaries asserts the summaries of the framework roles of the
// symbol named name.
func checkRoleSummaries(t *testing.T, r *resolve.Resolver, name string, want []string) {
	t.Helper()
	roles, err := r.FrameworkRoles(context.Background(), symbolNamed(t, r, name))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, ro := range roles {
		got = append(got, ro.Summary)
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("FrameworkRoles(%s) (-want +got):\n%s", name, diff)
	}
}

// In Python a method passed by value to a registering call
// (clicked.connect(self._on_save)) stays the reference pyright lists, at
// the reference, and its item still names the registration; a bare name
// passed (connect(on_click)), which pyright does not list, is the
// registration.
func TestPythonReferenceWinsOverRegistration(t *testing.T) {
	r := indexFixture(t, "py-registered-refs")
	ctx := context.Background()
	for name, want := range map[string][]string{
		"Page._on_save": {"Page.__init__ ast, also registered via clicked.connect()"},
		"Page.audit":    {"Page.__init__ ast, also registered via post_save.connect()"},
		"on_click":      {"Page.__init__ registration via clicked.connect()"},
	} {
		got, err := r.Incoming(ctx, symbolNamed(t, r, name))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, edgeLines(got)); diff != "" {
			t.Errorf("Incoming(%s) (-want +got):\n%s", name, diff)
		}
	}
}

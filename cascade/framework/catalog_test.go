package framework

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/treesitter"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestCatalogEntriesAreWellFormed(t *testing.T) {
	if len(Catalog) < 60 {
		t.Errorf("catalog has %d patterns, want at least 60", len(Catalog))
	}
	families := map[string]bool{"js": true, "python": true, "java": true, "go": true}
	for i, p := range Catalog {
		what := fmt.Sprintf("entry %d (%s %s%s%s)", i, p.Framework, p.Decorator, p.Method, p.Callee)
		kinds := 0
		for _, s := range []string{p.Decorator, p.Method, p.Callee} {
			if s != "" {
				kinds++
			}
		}
		if kinds != 1 {
			t.Errorf("%s: wants exactly one of Decorator, Method, Callee", what)
		}
		if !families[p.Family] || p.Means == "" || p.Framework == "" {
			t.Errorf("%s: family %q, framework and meaning are required", what, p.Family)
		}
		if p.Method != "" && len(p.ClassDecorators) == 0 && len(p.ClassBases) == 0 {
			t.Errorf("%s: a method-name hook needs class decorators or bases, or every method of that name would match", what)
		}
		if (p.Role == RolePublisher || p.Role == RoleSubscriber) && p.Bus == "" {
			t.Errorf("%s: publishers and subscribers need a bus", what)
		}
		if p.Role == RolePublisher && p.EventArg < 0 && len(p.EventKeys) == 0 && !p.EventIsReceiver && len(p.ModelSignals) == 0 {
			t.Errorf("%s: a publisher must say where its event is", what)
		}
		if p.Callee != "" && p.Role != RolePublisher && p.Role != RoleRegistration && p.Role != RoleTaskCall && p.Role != RoleTaskByName {
			t.Errorf("%s: a call pattern is a publisher, registration or task call, not %s", what, p.Role)
		}
		if p.Role == RoleTaskByName && p.EventArg < 0 && len(p.EventKeys) == 0 {
			t.Errorf("%s: a call of a task by name must say where the name is", what)
		}
	}
}

// Decorators extracted from real source match the catalog entries a user
// would expect, per language; names that merely look alike do not.
func TestDecoratorsMatchCatalog(t *testing.T) {
	cases := []struct {
		name string
		lang treesitter.Language
		src  string
		want []string // "symbol: Framework Decorator role"
	}{
		{"nestjs", treesitter.TypeScript, `
@Controller('reports')
export class ReportController {
  @Get(':id') findOne() {}
  @OnEvent('report.created', { async: true }) onCreated() {}
  @EventPattern('fees-report.created') handle() {}
  @Cron('0 * * * *') hourly() {}
  @Injectable() notAFrameworkCall() {}
}`, []string{
			"findOne: NestJS Get route",
			"onCreated: NestJS OnEvent subscriber",
			"handle: NestJS EventPattern subscriber",
			"hourly: NestJS Cron scheduled",
		}},
		{"python", treesitter.Python, `
@receiver(post_save, sender=Invoice)
def on_saved(sender, instance, **kwargs): pass

@shared_task
def render(pk): pass

@app.task(bind=True)
def bound(self): pass

@router.get("/invoices/{pk}")
def read(pk): pass

@pytest.fixture
def client(): pass

@property
def not_framework(self): pass

@get
def bare_get_is_not_a_route(): pass
`, []string{
			"on_saved: Django receiver subscriber",
			"render: Celery shared_task task",
			"bound: Celery *.task task",
			"read: FastAPI *.get route",
			"client: pytest fixture fixture",
		}},
		{"java", treesitter.Java, `
class Listeners {
  @EventListener public void on(OrderPlaced e) {}
  @KafkaListener(topics = "orders") public void consume(String m) {}
  @org.springframework.scheduling.annotation.Scheduled(cron = "0 0 * * * *") public void nightly() {}
  @GetMapping("/orders/{id}") public String get() { return ""; }
  @Override public String toString() { return ""; }
}`, []string{
			"on: Spring EventListener subscriber",
			"consume: Spring KafkaListener subscriber",
			"nightly: Spring Scheduled scheduled",
			"get: Spring GetMapping route",
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := treesitter.Extract(context.Background(), tc.lang, []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range f.Symbols {
				for _, d := range s.Decorators {
					for _, p := range DecoratorPatterns(tc.lang, d.Name) {
						got = append(got, fmt.Sprintf("%s: %s %s %s", s.Name, p.Framework, p.Decorator, p.Role))
					}
				}
			}
			if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestCallPatterns(t *testing.T) {
	cases := []struct {
		lang             treesitter.Language
		callee, receiver string
		want             []string // Framework/Role
	}{
		{treesitter.TypeScript, "emit", "this.eventEmitter", []string{"EventEmitter2/publisher", "Node/publisher", "NestJS/publisher", "Socket.IO/publisher"}},
		{treesitter.TypeScript, "setTimeout", "", []string{"timers/registration"}},
		{treesitter.TypeScript, "setTimeout", "window", nil},
		{treesitter.TypeScript, "send", "this.producer", []string{"NestJS/publisher", "kafkajs/publisher"}}, // NestJS's only if the type says ClientProxy
		{treesitter.TypeScript, "send", "this.mailer", []string{"NestJS/publisher"}},
		{treesitter.Python, "delay", "render_invoice", []string{"Celery/task-call"}},
		{treesitter.Go, "HandleFunc", "mux", []string{"net/http/registration"}},
		{treesitter.Go, "AfterFunc", "time", []string{"time/registration"}},
		{treesitter.Go, "AfterFunc", "clock", nil},
		{treesitter.Java, "emit", "x", nil},
	}
	for _, tc := range cases {
		var got []string
		for _, p := range CallPatterns(tc.lang, tc.callee, tc.receiver) {
			got = append(got, p.Framework+"/"+string(p.Role))
		}
		if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s %s.%s (-want +got):\n%s", tc.lang, tc.receiver, tc.callee, diff)
		}
	}
}

func TestAcceptsReceiver(t *testing.T) {
	clientSend := CallPatterns(treesitter.TypeScript, "send", "this.client")[0]
	for _, tc := range []struct {
		receiver, declared string
		want               bool
	}{
		{"this.client", "ClientProxy", true},
		{"this.client", "HttpClient", false}, // the declared type decides
		{"this.client", "", true},            // unknown type: the hint decides
		{"this.mailer", "", false},
		{"this.bus", "ms.ClientProxy", true},
		{"this.kafka", "ClientKafka", true}, // a ClientProxy subclass
	} {
		if got := clientSend.AcceptsReceiver(tc.receiver, tc.declared); got != tc.want {
			t.Errorf("ClientProxy.send accepts %s of type %q = %v, want %v", tc.receiver, tc.declared, got, tc.want)
		}
	}
}

func TestArgument(t *testing.T) {
	cases := []struct {
		args  []string
		index int
		keys  []string
		want  string
		ok    bool
	}{
		{[]string{"'report.created'", "{ async: true }"}, 0, nil, "'report.created'", true},
		{[]string{`topics = "orders"`, `groupId = "g"`}, -1, []string{"topics"}, `"orders"`, true},
		{[]string{`"/x"`}, 0, []string{"value", "path"}, `"/x"`, true},
		{[]string{"post_save", "sender=Invoice"}, 0, nil, "post_save", true},
		{[]string{"post_save", "sender=Invoice"}, -1, []string{"sender"}, "Invoice", true},
		{[]string{"{ topic: 'orders', messages: [m] }"}, 0, []string{"topic"}, "'orders'", true},
		{[]string{"a == b"}, 0, nil, "a == b", true},
		{[]string{"r", "mw", "h"}, -1, nil, "h", true},
		{nil, 0, nil, "", false},
		{[]string{"x"}, 2, nil, "", false},
	}
	for _, tc := range cases {
		got, ok := Argument(tc.args, tc.index, tc.keys)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Argument(%q, %d, %q) = %q, %v; want %q, %v", tc.args, tc.index, tc.keys, got, ok, tc.want, tc.ok)
		}
	}
}

func TestStringLiteral(t *testing.T) {
	cases := []struct {
		text, want string
		ok         bool
	}{
		{"'report.created'", "report.created", true},
		{`"orders"`, "orders", true},
		{"`plain`", "plain", true},
		{"`report.${kind}`", "", false},
		{`f"{prefix}.x"`, "", false},
		{`r"/x"`, "/x", true},
		{`'a' + 'b'`, "", false},
		{`'it\'s'`, `it\'s`, true},
		{"REPORT_CREATED", "", false},
		{"Events.Created", "", false},
		{"'", "", false},
	}
	for _, tc := range cases {
		got, ok := treesitter.StringLiteral(tc.text)
		if got != tc.want || ok != tc.ok {
			t.Errorf("StringLiteral(%s) = %q, %v; want %q, %v", tc.text, got, ok, tc.want, tc.ok)
		}
	}
	if got := treesitter.ListElements(`{"a", "b"}`); strings.Join(got, "|") != `"a"|"b"` {
		t.Errorf("ListElements = %q", got)
	}
	if got := treesitter.ListElements(`{ cmd: 'x' }`); len(got) != 1 {
		t.Errorf("an object literal is one pattern, got %q", got)
	}
}

// The helpers read argument texts written by anyone: whatever they get,
// they return without panicking, and what they return comes from the input.
func FuzzArgumentHelpers(f *testing.F) {
	for _, seed := range []string{"'a'", "`x.${y}`", "{ topic: 'o', m: [1, {a: 2}] }", `f"{x}"`, "{", "}", "`${`", "'\\'", "a=b", "{provide: T, useClass: X}", "\"\"\"x\"\"\""} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if v, ok := treesitter.StringLiteral(s); ok && len(v) >= len(s) {
			t.Errorf("StringLiteral(%q) = %q: not shorter than its input", s, v)
		}
		if shape, ok := treesitter.TemplateShape(s); ok && shape == "" {
			t.Errorf("TemplateShape(%q) is empty", s)
		}
		_ = treesitter.ListElements(s)
		_, _ = Argument([]string{s, s}, -1, []string{"topic"})
		_, _ = Keyword([]string{s}, "provide", "useClass")
	})
}

package treesitter

import (
	"context"
	"errors"
	"math/rand"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// extractCase is one source file and the facts it must yield, as compact
// projections (see project_test.go). A nil projection is not checked.
type extractCase struct {
	name    string
	lang    Language
	src     string
	pkg     string
	symbols []string
	calls   []string
	imports []string
	fields  []string
	locals  []string
	strings []string
}

func runExtractCases(t *testing.T, cases []extractCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Extract(context.Background(), tc.lang, []byte(tc.src))
			if err != nil {
				t.Fatalf("Extract: %v", err)
			}
			if f.HasErrors {
				t.Errorf("HasErrors = true for valid source")
			}
			if f.Package != tc.pkg {
				t.Errorf("Package = %q, want %q", f.Package, tc.pkg)
			}
			check := func(what string, want, got []string) {
				t.Helper()
				if want == nil {
					return
				}
				if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("%s (-want +got):\n%s", what, diff)
				}
			}
			check("symbols", tc.symbols, symbolLines(f))
			check("calls", tc.calls, callLines(f))
			check("imports", tc.imports, importLines(f))
			check("fields", tc.fields, fieldLines(f))
			check("locals", tc.locals, localLines(f))
			check("strings", tc.strings, stringLines(f))
			checkMatchesQuery(t, tc.lang, []byte(tc.src))
		})
	}
}

func TestExtractTypeScript(t *testing.T) {
	runExtractCases(t, []extractCase{
		{
			name: "NestJS consumer with constructor injection",
			lang: TypeScript,
			src: `import { Controller } from '@nestjs/common';
import { EventPattern, Payload as Body } from '@nestjs/microservices';
import { EvidenceService } from './evidence.service';

@Controller()
export class FeesReportConsumerController {
  constructor(private readonly evidenceService: EvidenceService) {}

  @EventPattern('fees-report.created')
  async handle(@Body() event: FeesReportCreated): Promise<void> {
    await this.evidenceService.moveFilesToPermanentStorage(event.files);
  }
}
`,
			symbols: []string{
				"class FeesReportConsumerController L5:13 @Controller()",
				"method FeesReportConsumerController.constructor L6:2 in FeesReportConsumerController (evidenceService:EvidenceService)",
				"method FeesReportConsumerController.handle L9:8 in FeesReportConsumerController @EventPattern('fees-report.created') (event:FeesReportCreated)",
			},
			calls: []string{
				"|Controller @L4:1 in -",
				"|EventPattern @L8:3 in - ('fees-report.created')",
				"|Body @L9:16 in handle",
				"this.evidenceService|moveFilesToPermanentStorage @L10:31 in handle (event.files)",
				"event|.files @L10:65 in handle",
			},
			imports: []string{
				"Controller=Controller from @nestjs/common",
				"EventPattern=EventPattern from @nestjs/microservices",
				"Body=Payload from @nestjs/microservices",
				"EvidenceService=EvidenceService from ./evidence.service",
			},
			fields: []string{"FeesReportConsumerController.evidenceService: EvidenceService"},
			locals: []string{
				"evidenceService: EvidenceService in constructor",
				"event: FeesReportCreated in handle",
			},
			strings: []string{`"fees-report.created" in -`},
		},
		{
			name: "imports of every shape",
			lang: TypeScript,
			src: `import Default, { a as b, c } from './x';
import * as ns from "./ns";
import type { T } from './types';
import './side-effect';
import legacy = require('legacy');
export { d } from './reexport';
export { h as i } from './renamed';
export * from './all';
const req = require('./req');
const { e, f: g } = require('./destructured');
const notAnImport = load('./data');
`,
			imports: []string{
				"Default=default from ./x",
				"b=a from ./x",
				"c=c from ./x",
				"ns=* from ./ns",
				"T=T from ./types",
				"legacy=* from legacy",
				"re-export d=d from ./reexport",
				"re-export i=h from ./renamed",
				"re-export *=* from ./all",
				// const req = require('./req') and its destructured form: in a
				// TypeScript file require gives any, and tsserver follows none
			},
			strings: []string{`"./req" in -`, `"./destructured" in -`, `"./data" in -`},
		},
		{
			name: "functions, classes, fields and locals",
			lang: TypeScript,
			src: `export interface Store extends Base<T> { get(): void }
export abstract class Repo<T> extends BaseRepo<T> implements Store, ns.Closer {
  @Inject(TOKEN) private readonly cache?: Cache<T>[];
  client = new http.Client();
  handle = (e: Event) => { this.process(e); };
  abstract find(id: string): T | null;
  constructor(readonly db: Db | undefined, public log: Logger, plain: number) { super(db); }
}
function* gen(): Generator<number> {}
export const run = async (repo: Repo<User>) => {
  const svc = new UserService(repo);
  let cfg: Readonly<Config>;
  const other = something as Other;
  svc?.start().then(done);
  this.a
    .b
    .c();
};
`,
			symbols: []string{
				"interface Store L0:17 extends Base",
				"method Store.get L0:41 in Store",
				"class Repo L1:22 extends BaseRepo, Store, ns.Closer",
				"method Repo.handle L4:2 in Repo (e:Event)",
				"method Repo.find L5:11 in Repo (id:string)",
				"method Repo.constructor L6:2 in Repo (db:Db, log:Logger, plain:number)",
				"function gen L8:10",
				"function run L9:13 (repo:Repo)",
			},
			calls: []string{
				"|Inject @L2:3 in - (TOKEN)",
				"http|new Client @L3:20 in -",
				"this|process @L4:32 in handle (e)",
				"|super @L6:80 in constructor (db)",
				"|new UserService @L10:18 in run (repo)",
				"svc|start @L13:7 in run",
				"svc.start()|then @L13:15 in run (done)",
				"this.a|.b @L15:5 in run",
				"this.a.b|c @L16:5 in run",
			},
			fields: []string{
				"Repo.cache: Cache",
				"Repo.client: http.Client",
				"Repo.db: Db",
				"Repo.log: Logger",
			},
			locals: []string{
				"e: Event in handle",
				"id: string in find",
				"db: Db in constructor",
				"log: Logger in constructor",
				"plain: number in constructor",
				"repo: Repo in run",
				"svc: UserService in run",
				"cfg: Config in run", // Readonly<Config> keeps Config's members,
				"other: Other in run",
			},
		},
		{
			name: "call spans count UTF-16 units after CJK and emoji",
			lang: TypeScript,
			src:  "const s = '日本語😀'; go(s);\n",
			calls: []string{
				"|go @L0:19 in - (s)",
			},
			strings: []string{`"日本語😀" in -`},
		},
		{
			name:    "call spans with CRLF line endings",
			lang:    TypeScript,
			src:     "function a() {\r\n  // 😀\r\n  b.c();\r\n}\r\n",
			symbols: []string{"function a L0:9"},
			calls:   []string{"b|c @L2:4 in a"},
		},
		{
			name: "this.x = new Foo() in a method declares a field",
			lang: TypeScript,
			src: `class A {
  constructor(dep: Dep) {
    this.dep = dep;
    this.made = new Made();
    this.unknown = compute();
  }
}`,
			fields: []string{"A.dep: Dep", "A.made: Made", "A.unknown: call:compute"},
		},
		{
			// a top-level type alias of an object type is an interface, its
			// method signatures and function-typed properties its methods; a
			// record or a generic alias is not. a ?? b and a || b have the
			// type of the side that says it, else of the left's path.
			name: "a function declared in an anonymous callback's body holds there",
			lang: TypeScript,
			src: `export function Page(id: string) {
  function named() { const inner = () => 1; }
  useEffect(() => {
    const load = async () => id;
  });
}`,
			symbols: []string{"function Page L0:16 (id:string)", "function named L1:11 in Page", "function inner L1:27 in named",
				"function load L3:10 in Page"},
			locals: []string{"id: string in Page", "{block}: in:99-137: in load"},
		},
		{
			name:   "a default export's instance has its type",
			lang:   TypeScript,
			src:    "export default Svc.getInstance();\n",
			locals: []string{"default: call:Svc.getInstance in -"},
		},
		{
			name: "a dynamic import gives the module",
			lang: TypeScript,
			src: `const Login = lazy(() => import("./pages/Login").then((m) => ({ default: m.LoginPage })));
async function run() {
  const jobs = await import("./jobs");
  jobs.cleanup();
}`,
			locals: []string{"Login: call:lazy in -", "m: in:54-87:module:./pages/Login in -", "jobs: module:./jobs in run"},
		},
		{
			name: "object type aliases and either side of ?? and ||",
			lang: TypeScript,
			src: `export type Breaker = { onFailure(): void; isOpen: () => boolean; name: string };
type Bank = { [key: string]: Gear };
type Box<T> = { get(): T };
function use(opts: { b?: Breaker }) {
  const a = opts.b ?? make();
  const c = opts.b || other;
}`,
			symbols: []string{"interface Breaker L0:12", "method Breaker.onFailure L0:24 in Breaker", "method Breaker.isOpen L0:43 in Breaker",
				"interface Bank L1:5", "function use L3:9 (opts:object:type@166)"},
			locals: []string{"Breaker: alias:object:Breaker in -", "Bank: alias:record:Gear in -", "Box: alias:object:Box in -",
				"opts: object:type@166 in use", "a: call:make in use", "c: value:opts.b in use"},
		},
	})
}

func TestExtractKeepsNameLikeStrings(t *testing.T) {
	long := strings.Repeat("a", maxStringLen)
	runExtractCases(t, []extractCase{{
		name: "short literals without whitespace",
		lang: TypeScript,
		src: "emit('order.placed'); log('order placed'); q(`a\nb`); t('tab\\there');\n" +
			"k('" + long + "'); k('" + long + "b'); s('nbsp\u00a0x'); u('日本語');\n",
		strings: []string{`"order.placed" in -`, `"tab\\there" in -`, `"` + long + `" in -`, `"日本語" in -`},
	}, {
		name:    "whitespace inside the literal itself",
		lang:    Python,
		src:     "a('x y')\nb('x\ty')\nc('''x\ny''')\nd('x\u3000y')\ne('ok')\n",
		strings: []string{`"ok" in -`},
	}})
}

func TestExtractGo(t *testing.T) {
	runExtractCases(t, []extractCase{{
		name: "package-qualified, receiver and generic calls",
		lang: Go,
		src: `package billing

import (
	"fmt"
	store "github.com/acme/store/v2"
	"gopkg.in/yaml.v3"
	. "strings"
	_ "embed"
	"github.com/acme/client/v3"
)

type Service[T any] struct {
	store *store.Store
	a, b  []int
	*Embedded
	log.Logger
	Tag string ` + "`json:\"tag\"`" + `
}

type Runner interface {
	fmt.Stringer
	Run(ctx context.Context) error
}

func (s *Service[T]) Charge(ctx context.Context, ids ...string) error {
	fmt.Println("charging", ` + "`raw`" + `)
	s.store.Save(ctx)
	s.notify()
	Map[int](ids)
	x := &Invoice{}
	y, n := store.Record{}, 2
	var z Ledger
	var w = &store.Batch{}
	p := new(Payment)
	go func() { helper() }()
	_ = Config{}
	return nil
}

func helper(a, b int, _ *Opts) {}
`,
		pkg: "billing",
		symbols: []string{
			"class Service L11:5 extends Embedded, log.Logger",
			"interface Runner L19:5 extends fmt.Stringer",
			"method Runner.Run L21:1 in Runner (:context.Context)",
			"method Service.Charge L24:21 (s:Service, ctx:context.Context, ids:[]string)",
			"function helper L39:5 (a:int, b:int, _:Opts)",
		},
		calls: []string{
			"fmt|Println @L25:5 in Charge (\"charging\", `raw`)",
			"s.store|Save @L26:9 in Charge (ctx)",
			"s|notify @L27:3 in Charge",
			"|Map @L28:1 in Charge (ids)",
			"|new @L33:6 in Charge (Payment)",
			"|helper @L34:13 in Charge",
		},
		imports: []string{
			"fmt=* from fmt",
			"store=* from github.com/acme/store/v2",
			"yaml=* from gopkg.in/yaml.v3",
			".=* from strings",
			"_=* from embed",
			"client=* from github.com/acme/client/v3",
		},
		fields: []string{
			"Service.store: store.Store",
			"Service.a: []int",
			"Service.b: []int",
			"Service.Embedded: Embedded",
			"Service.Logger: log.Logger",
			"Service.Tag: string",
		},
		locals: []string{
			"s: Service in Charge",
			"ctx: context.Context in Charge",
			"ids: []string in Charge",
			"x: in:495-633:Invoice in Charge",
			"y: in:522-633:store.Record in Charge",
			"z: in:536-633:Ledger in Charge",
			"w: in:560-633:store.Batch in Charge",
			"p: in:579-633:Payment in Charge",
			"a: int in helper",
			"b: int in helper",
			"_: Opts in helper",
		},
		strings: []string{`"charging" in Charge`, `"raw" in Charge`},
	}, {
		// Offsets: "in:S-E:" scopes are byte ranges of the source below.
		name: "locals typed by results, elements, assertions, fields, type switches and closures",
		lang: Go,
		src: `package p

func use(b Body, x Node) {
	content, diags := b.Content(nil)
	attr, ok := content.Attributes["a"]
	expr := attr.Expr
	first := content.Blocks[0]
	rng := x.(*Range)
	switch v := x.(type) {
	case *Attribute:
		v.Range()
	case nil, *Block:
		v.Range()
	}
	if d, err := open(); err == nil {
		walk(func(n Node, _ int) { n.Range() })
	}
}
`,
		pkg:     "p",
		symbols: []string{"function use L2:5 (b:Body, x:Node)"},
		calls: []string{
			"b|Content @L3:21 in use (nil)",
			"v|Range @L10:4 in use",
			"v|Range @L12:4 in use",
			"|open @L14:14 in use",
			"|walk @L15:2 in use (func(n Node, _ int) { n.Range() })",
			"n|Range @L15:31 in use",
		},
		locals: []string{
			"b: Body in use",
			"x: Node in use",
			"content: in:71-344:call:b.Content in use",
			"diags: in:71-344:call:b.Content#1 in use",
			"attr: in:108-344:range:content.Attributes in use",
			"expr: in:127-344:value:attr.Expr in use",
			"first: in:155-344:range:content.Blocks in use",
			"rng: in:174-344:Range in use",
			"v: in:200-229:Attribute in use",
			"v: in:230-260:value:x in use",
			"d: in:283-342:call:open in use",
			"err: in:283-342:call:open#1 in use",
			"n: in:305-338:Node in use",
		},
	}, {
		name: "table tests: anonymous structs name their fields' container by offset",
		lang: Go,
		src: `package p

func TestX(t *T) {
	tests := []struct {
		body Body
	}{{}}
	for _, test := range tests {
		test.body.Close()
	}
	for _, tc := range []struct{ in Reader }{} {
		tc.in.Read()
	}
}
`,
		pkg:     "p",
		symbols: []string{"function TestX L2:5 (t:T)"},
		calls:   []string{"test.body|Close @L7:12 in TestX", "tc.in|Read @L10:8 in TestX"},
		fields:  []string{"struct@42.body: Body", "struct@145.in: Reader"},
		locals: []string{
			"t: T in TestX",
			"tests: in:69-188:[]struct@42 in TestX",
			"test: in:97-122:range:tests in TestX",
			"tc: in:166-186:struct@145 in TestX",
		},
	}, {
		// cobra.Command{Use: "serve", RunE: runServe} registers runServe by
		// value: a keyed literal of a package's type is a call of "T{}"
		// with key=value arguments; local and unkeyed literals are not.
		name: "keyed literals of a package's type",
		lang: Go,
		src: `package cmd

var rootCmd = &cobra.Command{Use: "app", PersistentPreRunE: setup}

func newServe() *cobra.Command {
	opts := Options{Port: 8080}
	_ = http.Header{}
	_ = pkg.Pair{1, 2}
	return &cobra.Command{
		Use:   "serve",
		RunE:  s.run,
	}
}
`,
		pkg:     "cmd",
		symbols: []string{"function newServe L4:5"},
		calls: []string{
			"cobra|Command{} @L2:21 in - (Use=\"app\", PersistentPreRunE=setup)",
			"cobra.Command|ref =PersistentPreRunE @L2:41 in - (setup)",
			"|ref setup @L2:60 in -",
			"cobra|Command{} @L8:15 in newServe (Use=\"serve\", RunE=s.run)",
		},
	}})
}

func TestExtractPython(t *testing.T) {
	runExtractCases(t, []extractCase{{
		name: "decorators, self fields, imports",
		lang: Python,
		src: `import os.path
import numpy as np
from app.services.reports import send_report as send, Report
from . import signals
from .sibling import helper
from celery import *
from typing import Optional

@app.task(bind=True)
def generate(self, invoice_id: int) -> None:
    send_report.delay(invoice_id)
    def inner():
        os.path.join("a", "b")
    report = Report()

@receiver(post_save, sender=Invoice)
def on_saved(sender, instance: "Invoice", **kwargs):
    generate.delay(instance.id)

class InvoiceService(BaseService, metaclass=Meta):
    cache: Cache
    client = HttpClient()
    name = "invoices"

    def __init__(self, repo: Optional[Repo], mailer: Mailer | None = None):
        self.repo = repo
        self.mailer = mailer
        self.gateway = payments.Gateway(key=1)
        self.audit: AuditLog = make_audit()
        self.count = 0
        other.attr = Thing()

    @property
    def total(self):
        return self.repo.sum(f"{self.name}")
`,
		symbols: []string{
			"function generate L9:4 @app.task(bind=True) (self:, invoice_id:int)",
			"function inner L11:8 in generate",
			"function on_saved L16:4 @receiver(post_save, sender=Invoice) (sender:, instance:Invoice, kwargs:)",
			"class InvoiceService L19:6 extends BaseService",
			"method InvoiceService.__init__ L24:8 in InvoiceService (self:, repo:Repo, mailer:Mailer)",
			"method InvoiceService.total L33:8 in InvoiceService @property() (self:)",
		},
		calls: []string{
			"app|task @L8:5 in - (bind=True)",
			"send_report|delay @L10:16 in generate (invoice_id)",
			"os.path|join @L12:16 in inner (\"a\", \"b\")",
			"|Report @L13:13 in generate",
			"|receiver @L15:1 in - (post_save, sender=Invoice)",
			"generate|delay @L17:13 in on_saved (instance.id)",
			"instance|ref id @L17:28 in on_saved",
			"|HttpClient @L21:13 in -",
			"payments|Gateway @L27:32 in __init__ (key=1)",
			"|make_audit @L28:31 in __init__",
			"|Thing @L30:21 in __init__",
			"self|ref repo @L34:20 in total", // a member read as a receiver
			"self.repo|sum @L34:25 in total (f\"{self.name}\")",
			"self|ref name @L34:37 in total", // and in an f-string
		},
		imports: []string{
			"os.path=* from os.path",
			"np=* from numpy",
			"send=send_report from app.services.reports",
			"Report=Report from app.services.reports",
			"signals=signals from .",
			"helper=helper from .sibling",
			"*=* from celery",
			"Optional=Optional from typing",
		},
		fields: []string{
			"InvoiceService.cache: Cache",
			"InvoiceService.client: call:HttpClient",
			"InvoiceService.name: call:str", // name = "invoices": a class attribute holding a str
			"InvoiceService.repo: Repo",
			"InvoiceService.mailer: Mailer",
			"InvoiceService.gateway: call:payments.Gateway",
			"InvoiceService.audit: AuditLog",
			"InvoiceService.count: call:int", // self.count = 0: the builtin int
		},
		locals: []string{
			"invoice_id: int in generate",
			"report: call:Report in generate",
			"instance: Invoice in on_saved",
			"repo: Repo in __init__",
			"mailer: Mailer in __init__",
		},
		strings: []string{`"a" in inner`, `"b" in inner`, `"invoices" in -`},
	}})
}

func TestExtractBadInput(t *testing.T) {
	ctx := context.Background()
	for _, lang := range Languages() {
		t.Run(string(lang)+"/empty", func(t *testing.T) {
			f, err := Extract(ctx, lang, nil)
			if err != nil {
				t.Fatalf("Extract(empty) = %v", err)
			}
			if f.HasErrors || len(f.Symbols)+len(f.Calls) != 0 {
				t.Errorf("Extract(empty) = %+v, want no facts", f)
			}
		})
		t.Run(string(lang)+"/invalid utf-8", func(t *testing.T) {
			if _, err := Extract(ctx, lang, []byte("\xff\xfe f(\x80\xc3\x28) \xe2\x82")); err != nil {
				t.Fatalf("Extract(invalid UTF-8) = %v", err)
			}
		})
		t.Run(string(lang)+"/1 MB of random bytes", func(t *testing.T) {
			src := make([]byte, 1<<20)
			rand.New(rand.NewSource(int64(len(lang)))).Read(src)
			f, err := Extract(ctx, lang, src)
			if err != nil {
				t.Fatalf("Extract(random bytes) = %v", err)
			}
			if !f.HasErrors || len(f.Symbols) != 0 {
				t.Errorf("Extract(random bytes): HasErrors = %v, %d symbols; want true, 0", f.HasErrors, len(f.Symbols))
			}
		})
		t.Run(string(lang)+"/random text garbage", func(t *testing.T) {
			// No NUL bytes, so this goes through the parser's error recovery.
			src := make([]byte, 64<<10)
			rand.New(rand.NewSource(int64(len(lang)))).Read(src)
			for i, b := range src {
				if b == 0 {
					src[i] = '{'
				}
			}
			f, err := Extract(ctx, lang, src)
			if err != nil {
				t.Fatalf("Extract(garbage) = %v", err)
			}
			if !f.HasErrors {
				t.Errorf("HasErrors = false for garbage")
			}
		})
	}
}

func TestExtractSyntaxErrorKeepsWhatParses(t *testing.T) {
	tests := []struct {
		lang Language
		src  string
		want []string
	}{
		{TypeScript, "function ok() { a(); }\nfunction broken() { if (x { }\nclass Fine { m() {} }\n", []string{"ok", "Fine", "m"}},
		{Python, "def ok():\n    a()\n\ndef broken(:\n    pass\n\nclass Fine:\n    def m(self): pass\n", []string{"ok", "Fine", "m"}},
		{Go, "package p\n\nfunc ok() { a() }\n\nfunc broken() { x := }\n\nfunc fine() {}\n", []string{"ok", "fine"}},
		{Java, "class A { void ok() { a(); } void broken( { } }\nclass Fine { void m() {} }\n", []string{"A", "ok", "Fine", "m"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang), func(t *testing.T) {
			f, err := Extract(context.Background(), tt.lang, []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if !f.HasErrors {
				t.Errorf("HasErrors = false for a syntax error")
			}
			names := map[string]bool{}
			for _, s := range f.Symbols {
				names[s.Name] = true
			}
			for _, n := range tt.want {
				if !names[n] {
					t.Errorf("symbol %q missing; got %v", n, symbolLines(f))
				}
			}
		})
	}
}

// TestExtractConcurrent runs extractions of every language at once: the
// compiled queries are shared, everything else must be per call (run with -race).
func TestExtractConcurrent(t *testing.T) {
	sources := map[Language]string{
		TypeScript: "class A { m() { this.b.c(); } }",
		TSX:        "const C = () => <div onClick={() => f()} />;",
		JavaScript: "function f() { g(); }",
		Python:     "def f():\n    g()\n",
		Go:         "package p\nfunc f() { g() }\n",
		Java:       "class A { void f() { g(); } }",
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		for lang, src := range sources {
			wg.Add(1)
			go func() {
				defer wg.Done()
				f, err := Extract(context.Background(), lang, []byte(src))
				if err != nil || len(f.Calls) == 0 {
					t.Errorf("%s: calls %v, err %v", lang, f, err)
				}
			}()
		}
	}
	wg.Wait()
}

func TestExtractCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	src := []byte(strings.Repeat("function f() { g(); }\n", 50000))
	if _, err := Extract(ctx, TypeScript, src); err == nil {
		t.Errorf("Extract with a cancelled context succeeded")
	}
}

// A context cancelled while tree-sitter parses stops the parse, through the
// cancellation flag that parseC hands the parser, and leaves nothing behind
// for the next call.
func TestExtractCancelledDuringParse(t *testing.T) {
	src := []byte(strings.Repeat("function f() { g(a, b, c); }\n", 100000)) // 3 MB: a parse of about half a second
	ctx, cancel := context.WithCancel(context.Background())
	timer := time.AfterFunc(time.Millisecond, cancel)
	defer timer.Stop()
	// Extraction checks the context too; the error must come from the parse.
	_, err := Extract(ctx, TypeScript, src)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "parse") {
		t.Errorf("Extract cancelled during the parse: err %v, want the parse to stop with context.Canceled", err)
	}
	f, err := Extract(context.Background(), TypeScript, src[:1000])
	if err != nil || len(f.Calls) == 0 {
		t.Errorf("Extract after a cancelled one: %d calls, err %v", len(f.Calls), err)
	}
}

func TestExtractUnsupportedLanguage(t *testing.T) {
	if _, err := Extract(context.Background(), Language("cobol"), []byte("x")); err == nil {
		t.Errorf("Extract(cobol) succeeded")
	}
}

func TestLanguageForPath(t *testing.T) {
	tests := map[string]Language{
		"a.ts": TypeScript, "a.mts": TypeScript, "a.cts": TypeScript, "a.tsx": TSX,
		"a.js": JavaScript, "a.jsx": JavaScript, "a.mjs": JavaScript, "a.cjs": JavaScript,
		"a.py": Python, "a.pyi": Python, "dir/a.go": Go, "A.java": Java, "A.JAVA": Java,
	}
	for path, want := range tests {
		if got, ok := LanguageForPath(path); !ok || got != want {
			t.Errorf("LanguageForPath(%q) = %q, %v; want %q", path, got, ok, want)
		}
	}
	for _, path := range []string{"a.rb", "Makefile", "a.d.ts.bak", ""} {
		if got, ok := LanguageForPath(path); ok {
			t.Errorf("LanguageForPath(%q) = %q, want unsupported", path, got)
		}
	}
}

func TestExtractJava(t *testing.T) {
	runExtractCases(t, []extractCase{{
		name: "annotations, DI fields, nested classes",
		lang: Java,
		src: `package com.acme.billing;

import com.acme.store.InvoiceRepository;
import com.acme.events.*;
import static com.acme.util.Strings.isBlank;

@Service
public class InvoiceService extends BaseService<Invoice> implements Handler, Events.Listener {
    @Autowired private final InvoiceRepository repo;
    private List<Mailer>[] mailers, backups;

    public InvoiceService(InvoiceRepository repo) {
        super(repo);
        this.repo = repo;
    }

    @KafkaListener(topics = "invoice.created", groupId = "billing")
    public void onCreated(final InvoiceEvent event, String... tags) {
        this.repo.save(event.invoice());
        repo.flush();
        var audit = new AuditLog<>(event);
        Ledger ledger = new com.acme.Ledger();
        isBlank("x");
        super.onCreated(event, tags);
    }

    static class Retry { Retry() { this(3); } Retry(int n) {} }
    interface Callback { void done(); }
    enum Status { OPEN; void close() {} }
    record Money(long cents, Currency currency) {}
}
`,
		pkg: "com.acme.billing",
		symbols: []string{
			"class InvoiceService L7:13 @Service() extends BaseService, Handler, Events.Listener",
			"method InvoiceService.InvoiceService L11:11 in InvoiceService (repo:InvoiceRepository)",
			"method InvoiceService.onCreated L17:16 in InvoiceService @KafkaListener(topics = \"invoice.created\", groupId = \"billing\") (event:InvoiceEvent, tags:String)",
			"class InvoiceService.Retry L26:17 in InvoiceService",
			"method Retry.Retry L26:25 in Retry",
			"method Retry.Retry L26:46 in Retry (n:int)",
			"interface InvoiceService.Callback L27:14 in InvoiceService",
			"method Callback.done L27:30 in Callback",
			"class InvoiceService.Status L28:9 in InvoiceService",
			"method Status.close L28:29 in Status",
			"class InvoiceService.Money L29:11 in InvoiceService",
		},
		calls: []string{
			"|new BaseService @L12:8 in InvoiceService (repo)",
			"this.repo|save @L18:18 in onCreated (event.invoice())",
			"event|invoice @L18:29 in onCreated",
			"repo|flush @L19:13 in onCreated",
			"|new AuditLog @L20:24 in onCreated (event)",
			"com.acme|new Ledger @L21:37 in onCreated",
			"|isBlank @L22:8 in onCreated (\"x\")",
			"super|onCreated @L23:14 in onCreated (event, tags)",
			"|new Retry @L26:35 in Retry (3)",
		},
		imports: []string{
			"InvoiceRepository=InvoiceRepository from com.acme.store.InvoiceRepository",
			"*=* from com.acme.events",
			"isBlank=isBlank from com.acme.util.Strings",
		},
		fields: []string{
			"InvoiceService.repo: InvoiceRepository",
			"InvoiceService.mailers: List",
			"InvoiceService.backups: List",
			"Money.cents: long",
			"Money.currency: Currency",
		},
		locals: []string{
			"repo: InvoiceRepository in InvoiceService",
			"event: InvoiceEvent in onCreated",
			"tags: String in onCreated",
			"audit: AuditLog in onCreated",
			"ledger: Ledger in onCreated",
			"n: int in Retry",
		},
		strings: []string{`"invoice.created" in -`, `"billing" in -`, `"x" in onCreated`},
	}, {
		name: "collection elements: declared type arguments, var loops, lambda parameters",
		lang: Java,
		src: `package com.acme.fleet;

import java.util.*;
import com.acme.own.Bag;

class Fleet {
    private List<Notifier> all;
    private Map<String, ? extends Notifier> byName;
    private Bag<Notifier> bag;
    private com.acme.own.Stack<Notifier> stack;
    private List<?> any;
    Optional<Notifier> first(Collection<List<Notifier>> groups) {
        for (var n : all) { n.send(); }
        all.forEach(n -> n.send());
        byName.forEach((k, v) -> v.send());
        all.sort((a, b) -> 0);
        var made = new ArrayList<Notifier>();
        return Optional.empty();
    }
}
`,
		pkg: "com.acme.fleet",
		fields: []string{
			"Fleet.all: []Notifier",
			"Fleet.byName: mapvalue:Notifier",
			"Fleet.bag: Bag",
			"Fleet.stack: com.acme.own.Stack",
			"Fleet.any: List",
		},
		locals: []string{
			"groups: [][]Notifier in first",
			"n: range:all in first",
			"n: callbackelement:forEach:all in first",
			"v: callbackelement:forEach:byName in first",
			"a: callbackelement:sort:all in first",
			"b: callbackelement:sort:all in first",
			"made: []Notifier in first",
		},
	}})
}

func TestExtractJavaScriptJSX(t *testing.T) {
	runExtractCases(t, []extractCase{{
		name: "components, classes and CommonJS",
		lang: JavaScript,
		src: `import React, { useState as useLocalState } from 'react';
const api = require('./api');
const { fetchUser, save: persist } = require('./users');

export function Profile({ id }) {
  const [user] = useLocalState(null);
  return <Card title={user?.name} onClick={() => api.track('click')}>{` + "`hello`" + `}<Avatar /></Card>;
}

@observer
class Store extends Base {
  client = new HttpClient();
  load = async (id) => { this.user = await fetchUser(id); };
  @action save(user) { persist(user); }
}
`,
		symbols: []string{
			"function Profile L4:16",
			"class Store L10:6 @observer() extends Base",
			"method Store.load L12:2 in Store (id:)",
			"method Store.save L13:10 in Store @action() (user:)",
		},
		calls: []string{
			"|require @L1:12 in - ('./api')",
			"|require @L2:37 in - ('./users')",
			"|useLocalState @L5:17 in Profile (null)",
			"|Card @L6:10 in Profile", // <Card ...>: the component is called with its props
			"api|track @L6:53 in Profile ('click')",
			"|Avatar @L6:79 in Profile",
			"|new HttpClient @L11:15 in -",
			"|fetchUser @L12:43 in load (id)",
			"|persist @L13:23 in save (user)",
		},
		imports: []string{
			"React=default from react",
			"useLocalState=useState from react",
			"api=* from ./api",
			"fetchUser=fetchUser from ./users",
			"persist=save from ./users",
		},
		fields:  []string{"Store.client: HttpClient", "Store.user: call:fetchUser"},
		strings: []string{`"./api" in -`, `"./users" in -`, `"click" in Profile`, `"hello" in Profile`},
	}})
}

func TestExtractTSX(t *testing.T) {
	runExtractCases(t, []extractCase{{
		name: "typed component with JSX",
		lang: TSX,
		src: `import { Button } from './ui';
type Props = { svc: Service };
export const Page = ({ svc }: Props) => {
  const store = new PageStore(svc);
  return <Button onClick={() => store.submit<Form>(svc)} label={t('save')} />;
};
`,
		symbols: []string{"interface Props L1:5", "function Page L2:13 (:Props)"},
		calls: []string{
			"|new PageStore @L3:20 in Page (svc)",
			"|Button @L4:10 in Page",
			"store|submit @L4:38 in Page (svc)",
			"|t @L4:64 in Page ('save')",
		},
		imports: []string{"Button=Button from ./ui"},
		locals:  []string{"Props: alias:object:Props in -", "svc: member:Props:svc in Page", "store: PageStore in Page"},
		strings: []string{`"save" in Page`},
	}})
}

// FuzzExtract checks that no input makes extraction fail or panic (a panic
// is turned into an error by Extract's recover, so an error is a bug here).
func FuzzExtract(f *testing.F) {
	for _, seed := range []string{
		"class A { m() { this.x.y(); } }",
		"def f(self):\n    self.x = Foo()\n",
		"package p\nfunc (s *S) M() { s.f() }\n",
		"package p\nfunc f(x any) (r R) { switch v := x.(type) { case *T: v.m() }; a, ok := m[k]; go func(n N) { n.x() }(a); for _, t := range []struct{ b B }{} { t.b.c() } }\n",
		"class A { @X(1) void m() { new B(); } }",
		"import {a as b} from './x'; <div>{f()}</div>",
		"\xff\xfe\r\n@@((",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, lang := range Languages() {
			facts, err := Extract(context.Background(), lang, src)
			if err != nil {
				t.Fatalf("%s: %v", lang, err)
			}
			for _, c := range facts.Calls {
				if c.Span.EndByte > uint32(len(src)) || c.Enclosing >= len(facts.Symbols) {
					t.Fatalf("%s: call out of range: %+v", lang, c)
				}
			}
		}
	})
}

// Constants: event names and topics are often given through them, so each
// language's top-level string constants, enum members, constant objects and
// static fields are recorded, and nothing else is.
func TestExtractConstants(t *testing.T) {
	cases := []struct {
		name string
		lang Language
		src  string
		want []Constant
	}{
		{"ts const, enum, object, static field", TypeScript, `
export const REPORT_CREATED = 'report.created';
const LOCAL = "local" as const;
let mutable = 'not a constant';
export enum ReportEvents { Exported = 'report.exported', Count = 3 }
export const Events = { Archived: 'report.archived', Nested: { Deep: 'deep.x' } } as const;
class Topics { static readonly ORDERS = 'orders'; name = 'instance'; }
function f() { const inner = 'inner'; }
const templ = ` + "`t.${x}`" + `;
`, []Constant{
			// A template of names is kept as an expression for the resolver.
			{Name: "templ", Expr: "`t.${x}`"},
			{Name: "REPORT_CREATED", Value: "report.created"},
			{Name: "LOCAL", Value: "local"},
			{Container: "ReportEvents", Name: "Exported", Value: "report.exported"},
			{Container: "Events", Name: "Archived", Value: "report.archived"},
			{Container: "Events.Nested", Name: "Deep", Value: "deep.x"},
			{Container: "Topics", Name: "ORDERS", Value: "orders"},
		}},
		{"python module and class constants", Python, `
ORDER_SHIPPED = "order.shipped"
class Topics(str, Enum):
    ORDERS = "orders"
    count: int = 3
def f():
    local = "local"
x = f"{ORDER_SHIPPED}.x"
`, []Constant{
			{Name: "ORDER_SHIPPED", Value: "order.shipped"},
			{Container: "Topics", Name: "ORDERS", Value: "orders"},
		}},
		{"java static final fields", Java, `
class Topics {
    public static final String ORDERS = "orders";
    void f() { String local = "local"; }
}`, []Constant{{Container: "Topics", Name: "ORDERS", Value: "orders"}}},
		{"go package constants", Go, `package bus
const TopicOrders = "orders"
const (
	A, B = "a", "b"
)
var Route = "/x"
func f() { const inner = "inner" }
`, []Constant{
			{Name: "TopicOrders", Value: "orders"},
			{Name: "A", Value: "a"},
			{Name: "B", Value: "b"},
			{Name: "Route", Value: "/x"},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Extract(context.Background(), tc.lang, []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, f.Constants, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("constants (-want +got):\n%s", diff)
			}
		})
	}
}

// Injection tokens: a field injected with @Inject(TOKEN) or inject(TOKEN)
// records the token beside its declared type (or alone, untyped).
func TestExtractInjectionTokens(t *testing.T) {
	src := `
export class Service {
  @Inject(REPO) private readonly repo: Repo;
  @Inject() private readonly plain: Plain;
  private readonly clock = inject(CLOCK);
  constructor(
    @Inject(AUDIT_SINK) private readonly audit: AuditSink,
    @Inject('MAILER') private readonly mailer,
    private readonly typed: Typed,
  ) {}
}`
	f, err := Extract(context.Background(), TypeScript, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Field{
		{Container: "Service", Name: "repo", Type: "Repo", Token: "REPO"},
		{Container: "Service", Name: "plain", Type: "Plain"},
		{Container: "Service", Name: "clock", Token: "CLOCK"},
		{Container: "Service", Name: "audit", Type: "AuditSink", Token: "AUDIT_SINK"},
		{Container: "Service", Name: "mailer", Token: "'MAILER'"},
		{Container: "Service", Name: "typed", Type: "Typed"},
	}
	if diff := cmp.Diff(want, f.Fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
}

// TestDefaultClassAndTypeAliasMatchTheQuery: the hand-written matchers and
// the queries agree on a module's default class and its type aliases (the
// resolver reads both as Locals), and a type alias inside a function is
// not recorded.
func TestDefaultClassAndTypeAliasMatchTheQuery(t *testing.T) {
	for _, lang := range []Language{TypeScript, TSX, JavaScript} {
		src := "export default class AppRenderer {}\n"
		if lang != JavaScript {
			src += "export type Ref = AppRenderer;\ntype Local = Other<X>;\nfunction f() { type Inner = AppRenderer; }\n"
		}
		checkMatchesQuery(t, lang, []byte(src))
		f, err := Extract(context.Background(), lang, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"default value:AppRenderer"}
		if lang != JavaScript {
			want = append(want, "Ref alias:AppRenderer", "Local alias:Other")
		}
		var got []string
		for _, l := range f.Locals {
			got = append(got, l.Name+" "+l.Type)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s locals (-want +got):\n%s", lang, diff)
		}
	}
}

// A class's getter is a field of its declared result type (get gear():
// FullGear); a getter of an object literal made in one of its methods is
// no field of the class.
func TestExtractGettersAsFields(t *testing.T) {
	src := `
export class User {
  get gear(): FullGear { return this.g; }
  set name(v: string) {}
  make() {
    return { get other(): Other { return new Other(); } };
  }
}`
	f, err := Extract(context.Background(), TypeScript, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Field{{Container: "User", Name: "gear", Type: "FullGear"}}
	if diff := cmp.Diff(want, f.Fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
}

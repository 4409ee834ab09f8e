package treesitter

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// renderSites writes each site as "kind line:col receiver in=enclosing",
// positions zero-based in UTF-16 units as LSP has them.
func renderSites(s *IdentifierSites) []string {
	var out []string
	for _, site := range s.Sites {
		in := "-"
		if site.Enclosing >= 0 {
			in = s.Symbols[site.Enclosing].Name
			if c := s.Symbols[site.Enclosing].Container; c != "" {
				in = c + "." + in
			}
		}
		line := fmt.Sprintf("%s %d:%d", site.Kind, site.Span.Start.Line, site.Span.Start.Character)
		if site.Receiver != "" {
			line += " " + site.Receiver
		}
		if site.New {
			line += " new"
		}
		out = append(out, line+" in="+in)
	}
	return out
}

func TestFindIdentifiers(t *testing.T) {
	tests := []struct {
		name string
		lang Language
		src  string
		find string
		want []string
	}{
		{
			name: "ts calls, references, and what is neither",
			lang: TypeScript,
			find: "handle",
			src: `import { handle } from './h';
// handle() in a comment
export class C {
  handle() { return 1; }
  private readonly x = 'handle';
  run(svc: Svc) {
    this.handle();
    svc?.handle!();
    router.get('/x', handle);
    const h = this.handle;
    const o = { handle, handle2: handle, other: 1 };
    this.handle = () => 2;
    const { handle: bound } = o;
    ` + "`handle ${handle()} handle`" + `;
    new handle();
  }
}
/* handle */ handle();
`,
			want: []string{
				"call 6:9 this in=C.run",
				"call 7:9 svc in=C.run",
				"reference 8:21 in=C.run",
				"reference 9:19 this in=C.run",
				"reference 10:16 in=C.run",
				"reference 10:33 in=C.run",
				"call 13:14 in=C.run",
				"call 14:8 new in=C.run",
				"call 17:13 in=-",
			},
		},
		{
			name: "ts decorators are calls, types and parameters are not sites",
			lang: TypeScript,
			find: "OnEvent",
			src: `@OnEvent('x')
class A {
  @OnEvent
  @ns.OnEvent()
  m(OnEvent: OnEvent, cb = OnEvent): typeof OnEvent {}
}
`,
			want: []string{
				"call 0:1 in=-",
				"call 2:3 in=-",
				"call 3:6 ns in=-",
				"reference 4:27 in=A.m",
			},
		},
		{
			name: "tsx component, attribute value, jsx text",
			lang: TSX,
			find: "render",
			src: `function App() {
  return <Btn onClick={render} render={1}>render</Btn>;
}
const x = render();
`,
			want: []string{
				"reference 1:23 in=App",
				"call 3:10 in=-",
			},
		},
		{
			// The closing tag repeats the opening one: one site per element.
			name: "tsx element's closing tag",
			lang: TSX,
			find: "Content",
			src: `function App() {
  return <Content title="x"><Popover.Content>y</Popover.Content></Content>;
}
`,
			want: []string{
				"call 1:10 in=App",
				"call 1:37 Popover in=App",
			},
		},
		{
			// import.meta is the language's: never a site of a function meta.
			name: "ts import.meta",
			lang: TypeScript,
			find: "meta",
			src: `export const env = import.meta.env.MODE;
const tags = meta();
`,
			want: []string{
				"call 1:13 in=-",
			},
		},
		{
			name: "javascript, destructuring and for-of declare",
			lang: JavaScript,
			find: "go",
			src: `function f({ go }, [go2], ...go3) {
  for (const go of list) {}
  const { a: go } = x;
  go();
  emitter.on('e', go);
  exports.go = go;
}
`,
			want: []string{
				"call 3:2 in=f",
				"reference 4:18 in=f",
				// exports.go = go exports it: no site, as export { go }
			},
		},
		{
			name: "python calls, decorators, docstrings, f-strings, keywords",
			lang: Python,
			find: "task",
			src: `from celery import task
import task

@task
@app.task(bind=True)
def work(task=task, *, other: task = None):
    """Calls task() in a docstring."""
    # task()
    task.delay()
    app.task(x)
    print(f"{task()} task")
    run(task=task)
    self.task = 1
    job.task = stub
    for task in xs:
        pass
    handlers = [task, obj.task]
    job.task = "off"
    return 'task'
`,
			want: []string{
				"call 3:1 in=-",
				"call 4:5 app in=-",
				"reference 5:14 in=work",
				"reference 8:4 in=work",
				"call 9:8 app in=work",
				"call 10:13 in=work",
				"reference 11:13 in=work",
				"reference 13:8 job in=work",
				"reference 16:16 in=work",
				"reference 16:26 obj in=work",
			},
		},
		{
			name: "go calls, method values, keys and declarations",
			lang: Go,
			find: "Serve",
			src: `package p

import "net/http"

// Serve serves.
func Serve() {}

type S struct{ Serve func() }

func (s *S) Run(Serve int) {
	Serve()
	s.Serve()
	h := s.Serve
	x := S{Serve: Serve}
	s.Serve = nil
	http.HandleFunc("/", p.Serve)
	go Serve()
	var y = "Serve"
}
`,
			want: []string{
				"call 10:1 in=S.Run",
				"call 11:3 s in=S.Run",
				"reference 12:8 s in=S.Run",
				"reference 13:15 in=S.Run",
				"reference 15:24 p in=S.Run",
				"call 16:4 in=S.Run",
			},
		},
		{
			name: "java invocations, constructors, method references",
			lang: Java,
			find: "process",
			src: `package com.acme.process;
import com.acme.process.Util;
class process {
  @process int process;
  void process(int process) {
    this.process(1);
    process(2);
    new process();
    list.forEach(this::process);
    this.process = 3;
    String s = "process()";
  }
}
`,
			want: []string{
				"call 5:9 this in=process.process",
				"call 6:4 in=process.process",
				"call 7:8 new in=process.process",
				"reference 8:23 this in=process.process",
			},
		},
		{
			name: "ts interfaces, fields, optional calls, generics, exports",
			lang: TypeScript,
			find: "handle",
			src: `interface H { handle(): void; handle: () => void }
abstract class A { abstract handle(): void; handle = () => 1; }
handle?.();
a.handle<T>();
export default handle;
module.exports = { handle };
`,
			want: []string{
				"call 2:0 in=-",
				"call 3:2 a in=-",
				// export default handle and module.exports = { handle }
				// pass the binding on: no site (tsserver's call hierarchy
				// lists none).
			},
		},
		{
			name: "go generics, defer, method expressions, struct fields",
			lang: Go,
			find: "Map",
			src: `package p

type T struct{ Map func() }

func f(t T) {
	Map[int](xs)
	defer t.Map()
	g := T.Map
	_ = t.Map
	var Map int
	Map = 2
}
`,
			want: []string{
				"call 5:1 in=f",
				"call 6:9 t in=f",
				"reference 7:8 T in=f",
				"reference 8:7 t in=f",
			},
		},
		{
			name: "java super calls, lambdas, annotations' values",
			lang: Java,
			find: "run",
			src: `class B extends A {
  @Override public void run() { super.run(); list.forEach(run -> run.go()); exec(B::run); }
  @Scheduled(run = "x") void m() {}
}
`,
			want: []string{
				"call 1:38 super in=B.run",
				"reference 1:65 in=B.run", // the lambda's parameter: grep goes by name, not scope
				"reference 1:84 B in=B.run",
			},
		},
		{
			name: "python class bodies, dict values, lambdas, with-as",
			lang: Python,
			find: "handler",
			src: `class V:
    handler = staticmethod(handler)
    routes = {"x": handler, handler: 1}
    with open(p) as handler:
        pass
    cb = lambda: handler()
`,
			want: []string{
				"reference 1:27 in=V.handler", // the wrapped method V.handler holds it
				"reference 2:19 in=-",
				"reference 2:28 in=-",
				"call 5:17 in=-",
			},
		},
		{
			name: "CRLF line endings",
			lang: TypeScript,
			find: "f",
			src:  "// f\r\nf();\r\n  x.f();\r\n",
			want: []string{"call 1:0 in=-", "call 2:4 x in=-"},
		},
		{
			name: "CJK and emoji before the match count in UTF-16 units",
			lang: TypeScript,
			find: "f",
			src:  "const s = '日本😀'; f();\nconst t = { '😀': 1 }; x.f();\n",
			want: []string{"call 0:18 in=-", "call 1:25 x in=-"},
		},
		{
			name: "invalid UTF-8 in a string before the match",
			lang: Python,
			find: "f",
			src:  "x = '\xff\xfe'; f()\n",
			want: []string{"call 0:10 in=-"},
		},
		{
			name: "syntax error still finds what parsed",
			lang: TypeScript,
			find: "save",
			src:  "function a( { save(); \nclass {{{ \nsave();\n",
			want: []string{"call 0:14 in=-", "call 2:0 in=-"},
		},
		{
			name: "a name inside a longer identifier is not a match",
			lang: Go,
			find: "get",
			src:  "package p\nfunc f() { getX(); xget(); get_(); $get; get() }\n",
			want: []string{"call 1:41 in=f"},
		},
		{
			name: "keyword as a name is never an identifier",
			lang: Python,
			find: "def",
			src:  "def f():\n    pass\n",
			want: nil,
		},
		{
			name: "dollar names are JavaScript identifiers",
			lang: JavaScript,
			find: "$x",
			src:  "$x(); a.$x; $xy();\n",
			want: []string{"call 0:0 in=-", "reference 0:8 a in=-"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FindIdentifiers(context.Background(), tt.lang, []byte(tt.src), tt.find)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, renderSites(got)); diff != "" {
				t.Errorf("sites of %q (-want +got):\n%s", tt.find, diff)
			}
		})
	}
}

// The spans are what LSP clients get: the identifier's exact bytes.
func TestFindIdentifiersSpanIsTheName(t *testing.T) {
	src := []byte("const a = '日本';\nfoo.bar(); bar();\n")
	got, err := FindIdentifiers(context.Background(), TypeScript, src, "bar")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Sites) != 2 {
		t.Fatalf("want 2 sites, got %v", renderSites(got))
	}
	for _, s := range got.Sites {
		if text := string(src[s.Span.StartByte:s.Span.EndByte]); text != "bar" {
			t.Errorf("span %v covers %q, want bar", s.Span, text)
		}
		if s.Span.End.Character-s.Span.Start.Character != 3 || s.Span.End.Line != s.Span.Start.Line {
			t.Errorf("span %v is not three characters on one line", s.Span)
		}
	}
}

// Symbols are the extractor's, so the grep stage names callers the way the
// graph does.
func TestFindIdentifiersSymbolsMatchExtract(t *testing.T) {
	src := []byte(`package p
type S struct{}
func (s *S) A() { s.B() }
func (s *S) B() {}
func top() { (&S{}).B() }
`)
	got, err := FindIdentifiers(context.Background(), Go, src, "B")
	if err != nil {
		t.Fatal(err)
	}
	facts, err := Extract(context.Background(), Go, src)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(facts.Symbols, got.Symbols); diff != "" {
		t.Errorf("symbols differ from Extract's (-extract +find):\n%s", diff)
	}
	if got.Package != "p" {
		t.Errorf("package %q, want p", got.Package)
	}
	if diff := cmp.Diff([]string{"call 2:20 s in=S.A", "call 4:20 (&S{}) in=top"}, renderSites(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestFindIdentifiersBadInput(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"", "a.b*", "x y", "1abc", "a(", strings.Repeat("a", 600), "\xff"} {
		if _, err := FindIdentifiers(ctx, TypeScript, []byte("a.b*(); x y; a(1)"), name); !errors.Is(err, ErrNotIdentifier) {
			t.Errorf("name %q: err %v, want ErrNotIdentifier", name, err)
		}
	}
	if _, err := FindIdentifiers(ctx, Language("cobol"), []byte("f()"), "f"); err == nil {
		t.Error("unsupported language: want an error")
	}
	// Binary content is not parsed and has no sites.
	got, err := FindIdentifiers(ctx, TypeScript, []byte("f();\x00f();"), "f")
	if err != nil || len(got.Sites) != 0 || !got.HasErrors {
		t.Errorf("binary: got %+v, %v; want no sites, HasErrors", got, err)
	}
	// A cancelled context fails rather than answering.
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := FindIdentifiers(cancelled, TypeScript, []byte("f();"), "f"); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v, want context.Canceled", err)
	}
}

// onceLiveContext is done from the start but reports no error the first
// time it is asked, so Find gets past its own check and the parse itself is
// cancelled.
type onceLiveContext struct {
	context.Context
	asked bool
}

func (c *onceLiveContext) Err() error {
	if !c.asked {
		c.asked = true
		return nil
	}
	return c.Context.Err()
}

// A Finder survives a cancelled parse: the next Find parses normally.
func TestFinderAfterCancel(t *testing.T) {
	f := NewFinder()
	defer f.Close()
	// Large enough that the parse is still running when go-tree-sitter's
	// watcher sees the context done.
	big := []byte(strings.Repeat("function a() { f(); g(h(i(j()))); }\n", 50000))
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := f.Find(&onceLiveContext{Context: cancelled}, JavaScript, big, "f"); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	got, err := f.Find(context.Background(), JavaScript, []byte("f();"), "f")
	if err != nil || len(got.Sites) != 1 {
		t.Fatalf("after a cancelled parse: %v; want one site", err)
	}
}

func TestIndexWord(t *testing.T) {
	tests := []struct {
		src, word string
		want      int
	}{
		{"get", "get", 0},
		{"getX get", "get", 5},
		{"xget", "get", -1},
		{"$get", "get", -1},
		{"é get", "get", 3},
		{"éget", "get", -1},
		{"\xffget\xff", "get", 1},
		{"get日", "get", -1},
		{"a.get(", "get", 2},
		{"", "get", -1},
		{"ge", "get", -1},
	}
	for _, tt := range tests {
		if got := IndexWord([]byte(tt.src), []byte(tt.word), 0); got != tt.want {
			t.Errorf("IndexWord(%q, %q) = %d, want %d", tt.src, tt.word, got, tt.want)
		}
	}
}

// A Python attribute only tested for truth or against None, ordered,
// computed with, formatted or compared with a literal is marked
// UsedAsData; one whose value is used
// (passed, returned, the result of and/or, a branch of a conditional,
// compared for equality with another value) is not.
func TestFindIdentifiersPythonTested(t *testing.T) {
	src := `def f(p, c):
    if p and p.check:
        pass
    while not p.check:
        pass
    x = p.check if c else None
    y = c if p.check else None
    z = p.check is not None
    w = (p.check) == None
    v = c and p.check
    u = p.check or c
    d = p.check - c.check
    o = p.check < 3
    e = p.check == c.check
    s = f"at {p.check}"
    n = -p.check
    k = p.check != "FR"
    j = 3 == p.check
    return p.check
`
	got, err := FindIdentifiers(context.Background(), Python, []byte(src), "check")
	if err != nil {
		t.Fatal(err)
	}
	var tested []int
	for _, s := range got.Sites {
		if s.UsedAsData {
			tested = append(tested, int(s.Span.Start.Line)+1)
		}
	}
	if want := []int{2, 4, 7, 8, 9, 11, 12, 12, 13, 15, 16, 17, 18}; !slices.Equal(tested, want) {
		t.Errorf("tested on lines %v, want %v", tested, want)
	}
}

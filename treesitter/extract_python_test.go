package treesitter

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// What a Python local, parameter or result is bound to decides which class
// a call on it reaches: each case is one way Python code binds a name.
func TestPythonBindings(t *testing.T) {
	cases := []struct {
		name   string
		src    string
		locals []string // "name: type in enclosing", scopes written as in:{stmt}: for readability
		fields []string
	}{
		{
			name: "collection annotations keep their element type",
			src: `def f(xs: List["Text"], it: Optional[Iterator[Line]], ts: Tuple[Seg, ...], pair: Tuple[A, B], d: Dict[str, Foo], s: set[Foo], m: typing.Sequence[Foo]):
    pass
`,
			locals: []string{"xs: []Text in f", "it: []Line in f", "ts: []Seg in f", "pair: tuple:A,B in f", "d: {}Foo in f", "s: []Foo in f", "m: []Foo in f"},
		},
		{
			name: "Annotated is its first argument (FastAPI's dependencies)",
			src: `def f(db: Annotated[DatabaseContext, Depends(get_db)], o: Optional[typing.Annotated[Foo, "x"]]):
    pass
`,
			locals: []string{"db: DatabaseContext in f", "o: Foo in f"},
		},
		{
			name: "a union is its one class, or each of its classes",
			src: `def f(a: Union[str, "Text"], b: str | Text | None, c: Union[Foo, Bar], d: Union[int, str]):
    pass
`,
			locals: []string{"a: Text in f", "b: Text in f", "c: union:Foo|Bar in f", "d: int in f"},
		},
		{
			name: "a union with a generic, or in parentheses, is its one class",
			src: `def f(xs: list["Attachment"] | None = None, ys: dict[str, Foo] | None, z: (Registry | None)):
    pass
`,
			locals: []string{"xs: []Attachment in f", "ys: {}Foo in f", "z: Registry in f"},
		},
		{
			name: "a context manager keeps what entering it gives",
			src: `def f(get: Callable[..., contextlib.AbstractAsyncContextManager[Db]], cm: ContextManager["Db"]):
    pass
`,
			locals: []string{"get: func:enters:Db in f", "cm: enters:Db in f"},
		},
		{
			name: "isinstance narrows a name or a path of attributes",
			src: `def f(call):
    if (isinstance(call.meta, Meta) and call.meta.sig):
        pass
    if isinstance(call, Call) or call.x:
        pass
    assert isinstance(call.meta.sig, Sig)
    return call.a() if isinstance(call, Call) else None
`,
			locals: []string{"call.meta: in:{ and call.meta.sig)}:call:Meta in f", "call.meta.sig: in:{}:call:Sig in f", "call: in:{call.a() if isinstance(call, Call) else None}:call:Call in f"},
		},
		{
			name: "a Callable keeps its result type",
			src: `def f(cb: Callable[[int], "Measurement"], done: Callable[..., None]):
    get: Optional[Callable[["Console"], Measurement]] = getattr(x, "m", None)
`,
			locals: []string{"cb: func:Measurement in f", "done: Callable in f", "get: func:Measurement in f"},
		},
		{
			name: "an assignment expression binds its name",
			src: `def f(table: Table):
    if params := table.lookup("x"):
        pass
`,
			locals: []string{"table: Table in f", "params: call:table.lookup in f"},
		},
		{
			name: "a class object constructs its class when called",
			src: `def f(lexer_class: type[Lexer], parser_class: Type["Parser"], kind: type):
    pass
`,
			locals: []string{"lexer_class: func:Lexer in f", "parser_class: func:Parser in f", "kind: type in f"},
		},
		{
			name: "for loops and comprehensions bind an element, in their own scope",
			src: `def f(self):
    for line in self.split(allow_blank=True):
        line.pad()
    for i, item in enumerate(self._items):
        pass
    for a, b in pairs:
        pass
    for name, task in self._tasks.items():
        pass
    return [live.get() for live in stack[0].lives]
`,
			locals: []string{
				"line: in:{for line}:range:self.split() in f",
				"item: in:{for i, item}:range:self._items in f",
				"a: in:{for a, b}:item:0:range:pairs in f",
				"b: in:{for a, b}:item:1:range:pairs in f",
				"task: in:{for name, task}:range:self._tasks.values() in f",
				"live: in:{[live.get() for live}:range:stack[].lives in f",
			},
		},
		{
			name: "importlib.import_module with a literal binds the module",
			src: `def f(name):
    m = importlib.import_module("app.migrations.0014_fk")
    n = import_module(f"app.{name}")
    r = importlib.import_module(".v1", package="app")
`,
			locals: []string{
				"m: module:app.migrations.0014_fk in f",
				"n: call:import_module in f",
				"r: call:importlib.import_module in f",
			},
		},
		{
			name: "sorted, list and their like iterate over their argument's elements",
			src: `def f(self):
    for name, p in sorted(self.profiles.items()):
        pass
    for row in list(reversed(self.rows)):
        pass
    for k in sorted(keys, key=len):
        pass
    for x in sorted(key=len):
        pass
`,
			locals: []string{
				"p: in:{for name, p}:range:self.profiles.values() in f",
				"row: in:{for row}:range:self.rows in f",
				"k: in:{for k}:range:keys in f",
				"x: in:{for x}:range:sorted() in f",
			},
		},
		{
			name: "with binds what __enter__ returns",
			src: `with Progress() as progress:
    with progress.open(path, "rb") as src, lock:
        pass
`,
			locals: []string{
				"progress: in:{with Progress() as progress}:call:Progress().__enter__ in -",
				"src: in:{with progress.open(path, \"rb\") as src, lock}:call:progress.open().__enter__ in -",
			},
		},
		{
			name: "values, operators, conditionals and lists",
			src: `def f(self, other):
    seg = Segment
    parser = self.parsers[kind]
    style = Style.parse("bold") + Style(link=url)
    title = (Text.from_markup(t) if isinstance(t, str) else t.copy())
    lines = [_Line(node=self), _Line(node=other)]
    n = count + 1
    s = "a" + other
`,
			locals: []string{
				"seg: value:Segment in f",
				"parser: value:self.parsers[] in f",
				"style: call:Style.parse().__add__ in f",
				"title: either:call:Text.from_markup|call:t.copy in f", "t: in:{Text.from_markup(t) if isinstance(t, str) else t.copy())}:call:str in f",
				"lines: []call:_Line in f",
				"n: call:count.__add__ in f",
			},
		},
		{
			name: "typing.cast says the type",
			src: `def f(ctx):
    multi = t.cast(Group, ctx.command)
    cb = cast("Callback", ctx.callback)
`,
			locals: []string{"multi: Group in f", "cb: Callback in f"},
		},
		{
			name: "or, and slices",
			src: `def f(options, title):
    opts = options or self.options
    text = title or Text("")
    hooks = self._hooks[:]
    first = self._hooks[0]
    flag = options and title
`,
			locals: []string{
				"opts: value:options in f",
				"text: call:Text in f",
				"hooks: value:self._hooks in f",
				"first: value:self._hooks[] in f",
			},
		},
		{
			name: "except binds the exception class's instance",
			src: `def f():
    try:
        run()
    except errors.ClickException as e:
        e.show()
    except (A, B) as either:
        pass
    except:
        pass
`,
			locals: []string{
				"e: in:{except errors.ClickException as e}:call:errors.ClickException in f",
				"either: in:{except (A, B) as either}:either:call:A|call:B in f", // one of them
			},
		},
		{
			name: "unpacking binds each name to its place",
			src: `def f(segment, rows):
    text, style, _control = segment
    first, *rest, last = rows
    (head, tail) = Text(), self.tail
    for key, (x, y) in rows:
        pass
`,
			locals: []string{
				"text: item:0:value:segment in f",
				"style: item:1:value:segment in f",
				"_control: item:2:value:segment in f",
				"first: item:0:value:rows in f",
				"head: call:Text in f",
				"tail: value:self.tail in f",
				"key: in:{for key, (x, y)}:item:0:range:rows in f",
			},
		},
		{
			name: "fields take only what is evident outside the method",
			src: `class C:
    def __init__(self, parser: Parser, other):
        self.parser = parser
        self.other = other
        self.title = (Text(x) if x else None)
`,
			locals: []string{"parser: Parser in __init__"},
			fields: []string{"C.parser: Parser", "C.title: call:Text"},
		},
		{
			name: "a field's default and a comprehension of built values",
			src: `class C:
    def __init__(self, collector: Collector | None, hosts):
        self.collector = collector or Collector()
        self.collectors = [Collector(h) for h in hosts]
        self.names = [h.name for h in hosts]
        local = [Collector(h) for h in hosts]
`,
			locals: []string{
				"collector: Collector in __init__",
				"h: in:{[Collector(h) for h}:range:hosts in __init__",
				"h: in:{[h.name for h}:range:hosts in __init__",
				"local: []in:237-265:call:Collector in __init__",
				"h: in:{[Collector(h) for h}:range:hosts in __init__",
			},
			fields: []string{"C.collector: call:Collector", "C.collectors: []call:Collector", "C.names: call:list"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			f, err := Extract(context.Background(), Python, src)
			if err != nil {
				t.Fatal(err)
			}
			var locals []string
			for _, l := range f.Locals {
				typ := l.Type
				if start, _, rest, ok := CutScope(typ); ok {
					stmt := string(src[start:])
					if i := strings.IndexAny(stmt, ":\n"); i >= 0 {
						stmt = stmt[:i]
					}
					if i := strings.Index(stmt, " in "); i >= 0 {
						stmt = stmt[:i]
					}
					typ = "in:{" + stmt + "}:" + rest
				}
				locals = append(locals, l.Name+": "+typ+" in "+enclosingName(f, l.Enclosing))
			}
			if diff := cmp.Diff(tc.locals, locals); diff != "" {
				t.Errorf("locals (-want +got):\n%s", diff)
			}
			if tc.fields != nil {
				if diff := cmp.Diff(tc.fields, fieldLines(f)); diff != "" {
					t.Errorf("fields (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// A decorator written without arguments is called with the function it
// decorates: @cli.command over def sync() calls cli.command. The
// language's own decorators are left out.
func TestPythonDecoratorCalls(t *testing.T) {
	src := `@register
@typing.overload
@app.cli.command
@app.route("/x")
def f():
    pass


class K:
    @property
    def p(self):
        pass

    @p.setter
    def p(self, v):
        pass

    @cached
    def q(self):
        @retry
        def inner():
            pass
`
	f, err := Extract(context.Background(), Python, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"|register @L0:1 in -",
		"app.cli|command @L2:9 in -",
		"app|route @L3:5 in - (\"/x\")",
		"|cached @L17:5 in -",
		"|retry @L19:9 in q",
	}
	if diff := cmp.Diff(want, callLines(f)); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
}

// A binary operator other than | in a type position (cast(A + B, x), a
// member of A | B * C) is no type. It once sent pythonType and pythonUnion
// into each other until the stack overflowed, killing the indexer.
func TestPythonTypeOfOtherOperatorsEnds(t *testing.T) {
	for _, src := range []string{
		"def f(y):\n    x = cast(a + b, y)\n    return x\n",
		"def f(y):\n    x = typing.cast(Foo | b * c, y)\n    return x\n",
		"def f(y: A | B - C, z: \"D\" + E):\n    pass\n",
	} {
		facts, err := Extract(context.Background(), Python, []byte(src))
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		for _, l := range facts.Locals {
			if strings.ContainsAny(l.Type, "+-*") {
				t.Errorf("%q: local %s typed %q, an expression", src, l.Name, l.Type)
			}
		}
	}
}

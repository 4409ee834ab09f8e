package treesitter

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// References are read only from value positions, and only where a precise
// server would count them: every line below that is not in want is a
// value, a key, a callee or a name the function binds itself.
func TestExtractReferences(t *testing.T) {
	cases := []struct {
		name string
		lang Language
		src  string
		want []string
	}{{
		name: "go: arguments, assignments, literals, returns; a typed parameter's member passed, not assigned; not errors or the standard library",
		lang: Go,
		src: `package p
import ("example.com/other"; "os")
var table = map[string]func(){"a": handle, "b": other.Handle}

func (s *Server) routes(mux *Mux, n int) func() {
	mux.HandleFunc("/", s.handle)
	register(handle, n, nil, true)
	s.onDone = handle
	srv := Server{handler: handle, Name: NAME}
	x := compute()
	use(x, srv, mux.Handler, ErrClosed, os.Stdout)
	h, bits := mux.Handler, n.Bits
	use(n.Bits, h, bits, fmt.Sprint(mux.Handler), len(mux.Handler), t.Errorf("%v", mux.Handler))
	for _, v := range table {
		use(v)
	}
	s.handle()
	return s.handle
}
`,
		want: []string{
			"|ref handle @L2:35 in -",
			"other|ref Handle @L2:54 in -",
			"s|ref handle @L5:23 in routes",
			"|ref handle @L6:10 in routes",
			"s|ref =onDone @L7:3 in routes (handle)",
			"|ref handle @L7:12 in routes",
			"Server|ref =handler @L8:15 in routes (handle)",
			"|ref handle @L8:24 in routes",
			"mux|ref Handler @L10:17 in routes",
			"s|ref handle @L17:10 in routes",
		},
	}, {
		name: "python: method values of self and typed values, not bare names",
		lang: Python,
		src: `class Console:
    def print(self, bar: Bar):
        advance = self.advance
        register(self.flush, key=bar.update)
        handlers = {"a": self.on_a, "b": helper}
        run([self.step, helper], bar.total, MODE, self.LIMIT)
        return self.advance
`,
		want: []string{
			"self|ref advance @L2:23 in print",
			"self|ref flush @L3:22 in print",
			"bar|ref update @L3:37 in print",
			"self|ref on_a @L4:30 in print",
			"self|ref step @L5:18 in print",
			"bar|ref total @L5:37 in print",
			"self|ref advance @L6:20 in print",
		},
	}, {
		name: "python: a tuple returned, a conditional's branches, and a name bound by :=",
		lang: Python,
		src: `def spec(table: Table, c):
    if params := table.lookup(c):
        x = params.validate if c else params.check
        y = c if params.flag else None
        return params.target, params.validate
`,
		want: []string{
			"params|ref validate @L2:19 in spec",
			"params|ref check @L2:45 in spec",
			"params|ref flag @L3:24 in spec", // the condition too: pyright lists every member read
			"params|ref target @L4:22 in spec",
			"params|ref validate @L4:37 in spec",
		},
	}, {
		name: "typescript: property accesses passed, stored, bound; not bare names",
		lang: TypeScript,
		src: `import * as utils from './utils';
class Report {
  run(req: Request) {
    items.map(this.format);
    const h = this.handle.bind(this);
    on('x', utils.format, req.params, handler);
    this.cb = this.done;
    return { a: this.format, b: Status.ACTIVE };
  }
}
`,
		want: []string{
			"this|ref format @L3:19 in run",
			"this|ref handle @L4:19 in run",
			"utils|ref format @L5:18 in run",
			"this|ref =cb @L6:9 in run (this.done)",
			"this|ref done @L6:19 in run",
			"this|ref format @L7:21 in run",
		},
	}, {
		name: "java: method references, and constructor references as constructions",
		lang: Java,
		src: `class A {
  void f() { run(this::handle); g(Foo::bar); Runnable r = Foo::new; }
}
`,
		want: []string{
			"this|ref handle @L1:23 in f",
			"Foo|ref bar @L1:39 in f",
			"<local>|ref =r @L1:54 in f (Foo::new, arity:0)",
			"|ref new Foo @L1:58 in f (arity:0)",
		},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Extract(context.Background(), tc.lang, []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range callLines(f) {
				if strings.Contains(l, "|ref ") {
					got = append(got, l)
				}
			}
			if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("references (-want +got):\n%s", diff)
			}
		})
	}
}

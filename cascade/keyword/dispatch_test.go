package keyword

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// hitAt is a literal hit on text's first occurrence in src.
func hitAt(src, text string) Hit {
	at := strings.Index(src, "'"+text+"'")
	return Hit{SearchHit: fact.SearchHit{Kind: "literal", Path: "app.py", Text: text,
		Span: treesitter.Span{StartByte: uint32(at), EndByte: uint32(at + len(text) + 2)}}}
}

// A top-level string reaches a dispatch only as an entry of a table the
// file reads again where it calls by a computed name.
func TestTableDispatch(t *testing.T) {
	for _, tc := range []struct {
		name, src, text string
		dispatch        bool
	}{
		{"python table read by a getattr loop",
			"ACTIONS = [\n    'archive',\n    'purge',\n]\n\ndef run_all(jobs):\n    for name in ACTIONS:\n        getattr(jobs, name)()\n", "archive", true},
		{"a TypeScript table indexed and called",
			"export const JOBS = ['settle', 'close'];\n\nexport function run(i: number, o: any) {\n  return o[JOBS[i]]();\n}\n", "settle", true},
		{"a URL list nothing dispatches from",
			"urlpatterns = [\n    path('run/', views.run),\n]\n", "run/", false},
		{"a table never read again",
			"ROUTES = ['run/', 'status/']\n\ndef dispatch(jobs):\n    return getattr(jobs, 'x')()\n", "run/", false},
		{"a table read but never dispatched from",
			"PERMS = ['add_document']\n\ndef can(user):\n    return all(user.has_perm(p) for p in PERMS)\n", "add_document", false},
		{"a literal after a blank line below a table",
			"ACTIONS = [\n    'a',\n]\n\nprint('archive')\nfor n in ACTIONS:\n    getattr(x, n)()\n", "archive", false},
	} {
		got := tableDispatch([]byte(tc.src), hitAt(tc.src, tc.text))
		if (got != "") != tc.dispatch {
			t.Errorf("%s: tableDispatch = %q, want dispatch %v", tc.name, got, tc.dispatch)
		}
	}
}

func TestUnquote(t *testing.T) {
	for in, want := range map[string]string{`'run'`: "run", `"run"`: "run", "`run`": "run", `r'run'`: "run",
		`name`: "", `f'{x}'`: "", `'run"`: "", `''`: ""} {
		if got := unquote(in); got != want {
			t.Errorf("unquote(%s) = %q, want %q", in, got, want)
		}
	}
}

// A Go generic call instantiates a function with a type; only an index
// of a table of functions picks one by a computed name.
func TestComputedNameCallPassesOverGoTypeArguments(t *testing.T) {
	for _, tc := range []struct {
		name, path, src string
		want            string // the text matched, "" for none
	}{
		{"a generic call with a pointer type", "handlers.go", "req := request.Resource[*corev2.AdhocRequest](r)\n", ""},
		{"a generic call with a slice type", "decode.go", "xs := Decode[[]string](b)\n", ""},
		{"a table of handlers indexed by name", "route.go", "return handlers[name](w, r)\n", "]("},
		{"a generic call, then a table indexed by name", "mixed.go", "v := Resource[*T](r)\nreturn handlers[kind](v)\n", "]("},
		{"the same text outside Go", "page.ts", "return handlers[*x](y)\n", "]("},
	} {
		loc := findComputedNameCall([]byte(tc.src), tc.path)
		got := ""
		if loc != nil {
			got = tc.src[loc[0]:loc[1]]
			if tc.name == "a generic call, then a table indexed by name" && !strings.Contains(tc.src[:loc[1]], "handlers[kind]") {
				t.Errorf("%s: matched the generic call at %d, want the table's index", tc.name, loc[0])
			}
		}
		if got != tc.want {
			t.Errorf("%s: matched %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A file's scan is kept for its content: the same path with a dispatch
// removed (an edit) no longer dispatches, though the size is the same.
func TestTableDispatchFollowsTheFileAsItChanges(t *testing.T) {
	before := "ACTIONS = ['archive']\nfor n in ACTIONS:\n    getattr(x, n)()\n"
	after := "ACTIONS = ['archive']\nfor n in ACTIONS:\n    setattr(x, n, 1)\n"
	if got := tableDispatch([]byte(before), hitAt(before, "archive")); got == "" {
		t.Fatal("the table read by getattr is no dispatch")
	}
	if got := tableDispatch([]byte(after), hitAt(after, "archive")); got != "" {
		t.Errorf("after the edit: tableDispatch = %q, want none", got)
	}
}

// The scan tries the expression only where one of its starting texts is:
// it finds what the expression run over the whole text finds.
func TestComputedNameCallsMatchTheUnanchoredExpression(t *testing.T) {
	reference := func(src []byte, path string) [][]int {
		var out [][]int
		for from := 0; from < len(src); {
			loc := dispatchByComputedName.FindIndex(src[from:])
			if loc == nil {
				break
			}
			loc[0], loc[1] = loc[0]+from, loc[1]+from
			from = loc[1]
			if strings.HasSuffix(path, ".go") && src[loc[0]] == ']' && goTypeArguments(src, loc[0]) {
				continue
			}
			out = append(out, loc)
		}
		return out
	}
	texts := []struct{ path, src string }{
		{"a.py", "def f(self, name):\n    return getattr(self, name)()\n"},
		{"a.py", "mygetattr(x)\nx = globals()['f']()\nvars ()[k]\nlocals( )[n](1)\n"},
		{"a.py", "handlers[name](req)\nitems[0]\nrow[1] (2)\n]\n(\n"},
		{"a.ts", "const f = (this[name] as Handler)(req);\nReflect.apply(fn, this, []);\nxReflect.get(o, 'k')\n"},
		{"a.ts", "type A = string[];\nlet b: number[] = [];\nm[k]!();\nthis[actions[i]]();\n"},
		{"a.go", "v := reflect.ValueOf(s).MethodByName(\"Run\")\nr := Resource[*corev2.X](req)\nh := m[key](w)\n"},
		{"A.java", "Method m = c.getDeclaredMethod(\"run\");\nc.getMethod (\"x\");\n"},
		{"a.py", "send_task('t')\nmethodcaller('m')(o)\nsend_taskx('t')\n"},
	}
	for _, tc := range texts {
		got := allComputedNameCalls([]byte(tc.src), tc.path, 0)
		want := reference([]byte(tc.src), tc.path)
		if len(got) != len(want) {
			t.Errorf("%s %q: got %v, want %v", tc.path, tc.src, got, want)
			continue
		}
		for i := range got {
			if got[i][0] != want[i][0] || got[i][1] != want[i][1] {
				t.Errorf("%s %q: got %v, want %v", tc.path, tc.src, got, want)
				break
			}
		}
	}
}

// tableAbove finds, walking up from a literal, the table the whole-file
// search used to find: the last table starting above the literal, none
// when a blank line comes between. Checked on random files of table
// starts, entries, blank lines and other statements.
func TestTableAboveIsTheLastTableBeforeTheLiteral(t *testing.T) {
	lines := []string{"ACTIONS = [", "export const JOBS = {", "  'archive',", "    \"purge\",", "]", "}", "",
		"def run(x):", "  getattr(x, n)()", "x = compute()", "let table: Record<string, Fn> = {", "   ", "// comment", "9 = [", "_private = (", "y =", "[", "z"}
	rng := rand.New(rand.NewPCG(1, 2))
	wholeFile := func(content []byte, at int) []int {
		var last []int
		for _, m := range tableAssignment.FindAllSubmatchIndex(content[:at], -1) {
			last = m
		}
		if last == nil || bytes.Contains(content[last[1]:at], []byte("\n\n")) {
			return nil
		}
		return last
	}
	for range 2000 {
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			b.WriteString(lines[rng.IntN(len(lines))])
			b.WriteByte('\n')
		}
		content := []byte(b.String())
		at := rng.IntN(len(content) + 1)
		if got, want := tableAbove(content, at), wholeFile(content, at); !slices.Equal(got, want) {
			t.Fatalf("tableAbove(%q, %d) = %v, want %v", content, at, got, want)
		}
	}
}

func TestSpellsName(t *testing.T) {
	for _, tc := range []struct {
		text, name string
		want       bool
	}{
		{"post", "post", true},
		{"POST", "post", false},
		{"archive-report", "archiveReport", false},
		{"app.tasks.archive_report", "archive_report", true},
		{"jobs/archive", "archive", true},
		{"archive.", "archive", false},
	} {
		if got := spellsName(tc.text, tc.name); got != tc.want {
			t.Errorf("spellsName(%q, %q) = %v, want %v", tc.text, tc.name, got, tc.want)
		}
	}
}

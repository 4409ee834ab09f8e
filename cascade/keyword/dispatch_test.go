package keyword

import (
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

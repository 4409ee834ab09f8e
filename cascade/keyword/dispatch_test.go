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

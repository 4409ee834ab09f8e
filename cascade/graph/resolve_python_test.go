package graph_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// How Python binds a receiver decides which method a call reaches: loop and
// with variables, aliases, operators, properties, module paths, re-exports,
// and imports inside a function. Each case is a general rule of the
// language, checked on a small workspace.
func TestPythonReceivers(t *testing.T) {
	r := indexSources(t, map[string]string{
		"pkg/__init__.py": "",
		"pkg/text.py": `
from typing import Iterable, Iterator, List, NamedTuple, Optional, Tuple


class Text:
    def truncate(self, width): pass
    def append(self, text): pass
    def split(self) -> "Lines":
        return Lines()
    def __add__(self, other: "Text") -> "Text":
        return self
    def copy(self) -> "Text":
        return self


class Lines:
    def __init__(self):
        self._lines: List[Text] = []

    def __iter__(self) -> Iterator[Text]:
        return iter(self._lines)

    def justify(self, width):
        for line in self._lines:
            line.truncate(width)
        self._lines.append(Text())

    def widths(self):
        return [line.copy() for line in self._lines]

    def first(self, text: Text):
        for line in text.split():
            line.truncate(1)
        for i, line in enumerate(self._lines):
            line.copy()


class Span(NamedTuple):
    start: int
    style: Optional[Text] = None


def spans(items: Iterable[Span], one: Span, texts: Tuple[Text, ...]):
    for start, style in items:
        style.truncate(9)
    _, last = one
    last.copy()
    first, second = texts
    second.copy()
    start, end = 0, Text()
    end.copy()


def parse(markup: str) -> Text:
    return Text()


def join(a: Optional[Text], title):
    both = parse("x") + a
    both.truncate(3)
    shown = (parse(title) if isinstance(title, str) else title.copy())
    shown.truncate(4)
    lines = [Text()]
    line = lines[0]
    line.truncate(5)
`,
		"pkg/live.py": `
from typing import Callable, List, Optional

from .text import Text


class Live:
    def __enter__(self) -> "Live":
        return self

    def __exit__(self, *args):
        pass

    def get_renderable(self):
        pass


class Scoped:
    def __enter__(self) -> Self:
        return self

    def done(self):
        pass


class Console:
    def __init__(self):
        self._live_stack: List[Live] = []

    @property
    def options(self) -> "Options":
        return Options()

    def render(self):
        stack = self._live_stack
        return [live.get_renderable() for live in stack]


class Options:
    def update_height(self, h):
        pass


def measure(console: Console, get_width: Optional[Callable[[Console], Text]]):
    with Live() as live:
        live.get_renderable()
    with Scoped() as scope:
        scope.done()
    get_width(console).truncate(2)
    console.options.update_height(1)
    _Text = Text
    _Text.truncate(None, 3)
`,
		"pkg/palettes.py": `
from .text import Text

STANDARD = Text()
`,
		"pkg/syntax.py": `
from .text import Text, parse
`,
		"pkg/progress.py": `
def open(path):
    pass


class Progress:
    def open(self, path):
        pass
`,
		"pkg/windows.py": `
def features():
    pass
`,
		"pkg/console.py": `
def get_features():
    from .windows import features
    return features()


def get_windows_features():
    from .windows import features as get_windows_features
    return get_windows_features()
`,
		"tests/test_all.py": `
import pkg.progress
import pkg.text
from pkg.palettes import STANDARD
from pkg.syntax import Text


def test_module_path():
    pkg.progress.open("x")
    pkg.text.Text().truncate(8)


def test_imported_instance():
    STANDARD.truncate(6)


def test_reexported_class():
    Text.truncate(None, 7)
`,
	})
	ctx := context.Background()
	cases := []struct {
		target string
		want   []string
	}{
		// for line in self._lines (List[Text]), in enumerate(...), over a
		// class's __iter__, a list literal's element, an operator's result, a
		// conditional's first branch, a Callable's result, an alias of the
		// class, a module variable of another module, a class constructed
		// through its module's path, a re-exported class, a NamedTuple's
		// field unpacked in a loop; and unpacking a NamedTuple, a
		// Tuple[Text, ...] and a tuple written out
		{"Text.truncate", []string{
			"Lines.first ast", "Lines.justify ast", "join ast", "measure ast", "spans ast",
			"test_imported_instance ast", "test_module_path ast", "test_reexported_class ast",
		}},
		// self._lines.append is the list's
		{"Text.append", nil},
		{"Text.copy", []string{"Lines.first ast", "Lines.widths ast", "join name", "spans ast"}}, // title is untyped
		// with Live() as live, with Scoped() as scope (-> Self), and a
		// comprehension over a local copied from a field
		{"Live.get_renderable", []string{"Console.render ast", "measure ast"}},
		{"Scoped.done", []string{"measure ast"}},
		{"Options.update_height", []string{"measure ast"}}, // a property's declared type
		{"open", []string{"test_module_path ast"}},         // import pkg.progress; pkg.progress.open()
		{"Progress.open", nil},
		// imported in the function, under its own name or as an alias
		{"features", []string{"get_features ast", "get_windows_features ast"}},
		{"get_windows_features", nil},
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

	// Every unpacking form counts, not just one of them.
	got, err := r.Incoming(ctx, symbolNamed(t, r, "Text.copy"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range got {
		if e.Symbol.Name == "spans" && len(e.Sites) != 3 {
			t.Errorf("spans calls Text.copy at %d sites, want 3 (last, second, end)", len(e.Sites))
		}
	}
}

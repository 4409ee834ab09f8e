package resolve_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
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
from typing import Dict, Iterable, Iterator, List, NamedTuple, Optional, Tuple, Union, cast


class Text:
    def truncate(self, width): pass
    def append(self, text): pass
    def split(self) -> "Lines":
        return Lines()
    def __add__(self, other: "Text") -> "Text":
        return self
    def copy(self) -> "Text":
        return self

    def wrap(self):
        def inner():
            self.truncate(20)

        def own(self):
            self.truncate(21)

        return inner()

    @classmethod
    def styled(cls, markup) -> "Text":
        text = cls()
        text.truncate(11)
        return text


def casted(value):
    text = cast(Text, value)
    text.truncate(22)


class TextError(Exception):
    def explain(self):
        pass


def guard():
    try:
        parse("x")
    except TextError as err:
        err.explain()
    except (TextError, ValueError) as either:
        either.explain()


class Highlighter:
    def highlight(self, text: Text):
        pass

    def __call__(self, markup) -> Text:
        return Text()


class Rainbow(Highlighter):
    def highlight(self, text):
        text.truncate(10)


class Holder:
    def __init__(self):
        self.highlighter = Highlighter()

    def run(self):
        self.highlighter("x").truncate(13)


def mappings(tasks: Dict[int, Text], groups: Dict[str, List[Text]]):
    tasks[1].truncate(15)
    tasks.get(1).truncate(16)
    for t in tasks.values():
        t.truncate(17)
    for key, value in tasks.items():
        value.truncate(18)
    for group in groups.values():
        group[0].truncate(19)
    for key in tasks:
        key.copy()
    tasks.copy()


def highlighting(texts: List[Text], opts: Optional[Text], either: Union[str, Text]):
    high = Highlighter()
    high("x").truncate(12)
    rest = texts[1:]
    for t in rest:
        t.copy()
    chosen = opts or None
    chosen.copy()
    either.copy()


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
		"pkg/boxes.py": `
from . import text


def boxed(t: "text.Text"):
    t.truncate(14)
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
from .windows import features as windows_features


def get_features():
    from .windows import features
    return features()


def aliased():
    features = make_features()
    features()
    windows_features()


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
		// field unpacked in a loop; a parameter typed by the method it
		// overrides, cls(), calling an instance (its __call__) held in a
		// local or a field, a class named through its module (from . import
		// text; text.Text), a value of a Dict (d[k], d.get(k), d.values(),
		// d.items(), a Dict of Lists), self in a function nested in a method
		// (inner; own has its own self), typing.cast(Text, v). For copy: a slice of a List[Text],
		// a or b, a Union[str, Text]; and unpacking a NamedTuple, a
		// Tuple[Text, ...] and a tuple written out
		{"Text.truncate", []string{
			"Holder.run ast", "Lines.first ast", "Lines.justify ast", "Rainbow.highlight ast", "Text.styled ast",
			"boxed ast", "casted ast", "highlighting ast", "inner ast", "join ast", "mappings ast", "measure ast", "own name", "spans ast",
			"test_imported_instance ast", "test_module_path ast", "test_reexported_class ast",
		}},
		// self._lines.append is the list's
		{"Text.append", nil},
		// title is untyped, and so are a Dict's keys; the Dict's own copy is
		// no Text's
		{"Text.copy", []string{"Lines.first ast", "Lines.widths ast", "highlighting ast", "join name", "mappings name", "spans ast"}},
		// with Live() as live, with Scoped() as scope (-> Self), and a
		// comprehension over a local copied from a field
		{"Live.get_renderable", []string{"Console.render ast", "measure ast"}},
		{"Scoped.done", []string{"measure ast"}},
		// except TextError as err; except (TextError, ValueError) as either
		{"TextError.explain", []string{"guard ast"}},
		{"Options.update_height", []string{"measure ast"}}, // a property's declared type
		{"open", []string{"test_module_path ast"}},         // import pkg.progress; pkg.progress.open()
		{"Progress.open", nil},
		// imported in the function, under its own name or as an alias
		// (windows_features); not through a local variable of its name
		{"features", []string{"aliased ast", "get_features ast", "get_windows_features ast"}},
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
	got, err = r.Incoming(ctx, symbolNamed(t, r, "Text.truncate"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range got {
		if e.Symbol.Name == "mappings" && len(e.Sites) != 5 {
			t.Errorf("mappings calls Text.truncate at %d sites, want 5", len(e.Sites))
		}
	}
}

// Bad input: names bound to themselves, to each other, to what they unpack,
// and long chains of reassignments. Resolution ends, with no invented edge.
func TestPythonReceiversBadInput(t *testing.T) {
	var chain strings.Builder
	chain.WriteString("def chain(seed):\n")
	for i := 0; i < 40; i++ {
		// each name assigned three times from the next one, none typed
		fmt.Fprintf(&chain, "    n%d = n%d\n    n%d = n%d.x\n    n%d = n%d()\n", i, i+1, i, i+1, i, i+1)
	}
	chain.WriteString("    n0.ping()\n")
	r := indexSources(t, map[string]string{
		"app/node.py": `
class Node:
    def ping(self):
        pass

    def __iter__(self) -> "Node":
        return self

    def __getitem__(self, i) -> "Node":
        return self[i]

    def __add__(self, other) -> "Node":
        return self + other


def cycles(a, b):
    x = x
    x.ping()
    y = z
    z = y
    y.ping()
    for w in w:
        w.ping()
    with v as v:
        v.ping()
    a, b = b, a
    a.ping()
    s = s + s
    s.ping()
    q = [q]
    q[0].ping()
    m = m[0]
    m.ping()


def walk(n: Node):
    for item in n:
        item.ping()


def own(n: Node):
    n[0].ping()
`,
		"app/chain.py":  chain.String(),
		"app/broken.py": "def broken(:\n    for x in\n    with as y:\n        y.ping()\n    a, = \n",
	})
	ctx := context.Background()
	got, err := r.Incoming(ctx, symbolNamed(t, r, "Node.ping"))
	if err != nil {
		t.Fatal(err)
	}
	// Node.__iter__ returns a Node, which has no __next__, so an item of n
	// is unknown; n[0] is what __getitem__ returns. The rest is unknown and
	// ping is the only method of its name: name matches, never precise.
	for _, e := range got {
		if e.Resolution == fact.ResolvedAST && e.Symbol.Name != "own" {
			t.Errorf("precise edge from %s: its receivers have no known type", e.Symbol.Name)
		}
		if e.Symbol.Name == "own" && (e.Resolution != fact.ResolvedAST || len(e.Sites) != 1) {
			t.Errorf("own: %s edge at %d sites, want precise at 1 (n[0])", e.Resolution, len(e.Sites))
		}
	}
}

// A package's __init__.py re-exports what its modules declare, and a
// decorator's declared result is what the decorated name is bound to:
// click's @click.group() def cli(), then @cli.command().
func TestPythonPackagesAndDecorators(t *testing.T) {
	r := indexSources(t, map[string]string{
		"src/cli/__init__.py": `
from .core import Group as Group
from .decorators import group as group
from .helpers import *
`,
		"src/cli/core.py": `
import typing as t


class Group:
    def command(self, name=None) -> t.Callable[[t.Callable[..., t.Any]], "Group"]:
        pass
`,
		"src/cli/helpers.py": `
def echo(message):
    pass


def register(f):
    return f
`,
		"src/cli/decorators.py": `
import typing as t

from .core import Group


@t.overload
def group(name: t.Callable[..., t.Any]) -> Group: ...


@t.overload
def group(name: str) -> t.Callable[[t.Callable[..., t.Any]], Group]: ...


def group(name=None):
    def decorator(f):
        return Group()

    if callable(name):
        return decorator(name)
    return decorator


def decorator(f):
    return f
`,
		"examples/app.py": `
import cli


@cli.group()
def main():
    pass


@main.command()
def sync():
    cli.echo("synced")


def build(g: cli.Group):
    g.command()


@cli.register
def plugin():
    pass


@cli.group
def bare():
    pass


@bare.command
def bare_sub():
    pass


def tests():
    @cli.group()
    def inner():
        pass

    @inner.command()
    def sub():
        pass
`,
	})
	ctx := context.Background()
	cases := []struct {
		target string
		want   []string
	}{
		// through the package's re-exports, one hop and a wildcard
		{"group", []string{"app.py ast", "tests ast"}},
		{"echo", []string{"sync ast"}},
		{"register", []string{"app.py ast"}}, // a decorator without arguments is called
		// main and inner are Groups: group is declared to return one; and a
		// type named through the package
		{"Group.command", []string{"app.py ast", "build ast", "tests ast"}},
		// the decorator nested in the last overload of group (group~3),
		// not the module's own decorator
		{"group.decorator", []string{"group ast"}},
		{"decorator", nil},
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

package treesitter

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// An unannotated factory's result is the class it constructs, as pyright
// infers it; one that returns a call of a function returns what that call
// returns, evaluated at the return (scoped there); anything less certain
// is left unknown.
func TestPythonConstructedReturn(t *testing.T) {
	src := `class Folder:
    @staticmethod
    def create(name=None):
        return Folder(name=name)

    @classmethod
    def empty(cls):
        if cls is None:
            return
        return cls()

    def annotated(self) -> "Archive":
        return Folder()


def via_module():
    return models.Folder()


def two_classes(flag):
    if flag:
        return Folder()
    return Archive()


def a_function():
    return make_folder()


def a_constant():
    return DEFAULTS()


def a_generator():
    yield Folder()
    return Folder()


def nested():
    def inner():
        return Archive()
    return Folder()


def nothing():
    pass


def mixed(flag):
    if flag:
        return make_folder()
    return Folder()


def two_calls(flag):
    if flag:
        return make_folder()
    return make_archive()


def same_call(flag):
    if flag:
        return None
    return await_free.load(flag)
`
	f, err := Extract(context.Background(), Python, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, s := range f.Symbols {
		if s.Kind == KindFunction || s.Kind == KindMethod {
			got[s.Name] = s.Returns
		}
	}
	want := map[string]string{
		"create": "Folder", "empty": "Self", "annotated": "Archive", "via_module": "models.Folder",
		"two_classes": "either:Folder|Archive", "a_function": "in:411-431:call:make_folder", "a_constant": "in:456-473:call:DEFAULTS", "a_generator": "", "nested": "Folder", "inner": "Archive", "nothing": "",
		"mixed": "", "two_calls": "", "same_call": "in:870-898:call:await_free.load",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
}

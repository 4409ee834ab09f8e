package gostd

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEntries(t *testing.T) {
	rows, iface, ok := ReceiverMethods("database/sql.Rows", "Scan")
	if !ok || iface {
		t.Fatal("no database/sql.Rows.Scan")
	}
	if diff := cmp.Diff(Sig{Params: []string{"[]any"}, Results: []string{"error"}}, rows["Scan"]); diff != "" {
		t.Errorf("(*sql.Rows).Scan (-want +got):\n%s", diff)
	}
	if _, ok := rows["Close"]; !ok {
		t.Error("*sql.Rows has no Close")
	}
	for _, c := range []struct {
		key  string
		i    int
		want string
	}{
		{"os.Open", 0, "os.File"},
		{"os.Open", 1, "error"},
		{"database/sql.DB.QueryRow", 0, "database/sql.Row"},
		{"database/sql.Tx.QueryContext", 0, "database/sql.Rows"},
		{"database/sql.Open", 0, "database/sql.DB"},
		{"net.Listener.Accept", 0, "net.Conn"},
		{"bufio.NewScanner", 0, "bufio.Scanner"},
	} {
		if got, ok := Result(c.key, c.i); !ok || got != c.want {
			t.Errorf("Result(%q, %d) = %q, %v; want %q", c.key, c.i, got, ok, c.want)
		}
	}
	if got, ok := Alias("os.FileMode"); !ok || got != "io/fs.FileMode" {
		t.Errorf("os.FileMode is %q, %v", got, ok)
	}
	if m := Lookup("os.File").Methods["Chmod"]; len(m.Params) != 1 || m.Params[0] != "io/fs.FileMode" {
		t.Errorf("(*os.File).Chmod takes %v", m.Params)
	}
	if got, _ := Var("os.Stdout"); got != "os.File" {
		t.Errorf("os.Stdout is %q", got)
	}
	if got := Lookup("net/http.Request").Fields["URL"]; got != "net/url.URL" {
		t.Errorf("http.Request.URL is %q", got)
	}
	// A promoted method's receiver is the embedded type's: a
	// bufio.ReadWriter's Read is a *bufio.Reader's, which has no Write.
	rw, _, ok := ReceiverMethods("bufio.ReadWriter", "Read")
	if _, hasWrite := rw["Write"]; !ok || hasWrite {
		t.Errorf("ReceiverMethods(bufio.ReadWriter, Read) = %v, %v", rw, ok)
	}
	// A value receiver's method is compared on its type's pointer, as
	// gopls does: time.Time's Unix with its UnmarshalJSON.
	if set, _, ok := ReceiverMethods("time.Time", "Unix"); !ok || set["UnmarshalJSON"].Params == nil {
		t.Errorf("time.Time's Unix: no UnmarshalJSON in %v", set)
	}
	// An interface's method embedded from another is that one's: an
	// io.ReadCloser's Read is an io.Reader's.
	if set, iface, ok := ReceiverMethods("io.ReadCloser", "Read"); !ok || !iface || len(set) != 1 {
		t.Errorf("ReceiverMethods(io.ReadCloser, Read) = %v, %v, %v", set, iface, ok)
	}
}

// A generic function's or method's type parameters are kept apart, by
// index ("$0"), a parameter constrained to a slice as its core (S ~[]E
// is []E), and left out of Params and Results as before.
func TestGenericSignatures(t *testing.T) {
	for _, c := range []struct {
		key             string
		params, results []string
	}{
		{"slices.Clone", []string{"[]$1"}, []string{"[]$1"}},
		{"cmp.Or", []string{"[]$0"}, []string{"$0"}},
		{"sync/atomic.Pointer.Load", nil, []string{"$0"}},
	} {
		sig, ok := Generic(c.key)
		if !ok {
			t.Errorf("Generic(%q): none", c.key)
			continue
		}
		if diff := cmp.Diff(c.params, sig.GenericParams); diff != "" {
			t.Errorf("%s params (-want +got):\n%s", c.key, diff)
		}
		if diff := cmp.Diff(c.results, sig.GenericResults); diff != "" {
			t.Errorf("%s results (-want +got):\n%s", c.key, diff)
		}
		if r, _ := Result(c.key, 0); r != "" {
			t.Errorf("Result(%q, 0) = %q, want \"\" (a type parameter)", c.key, r)
		}
	}
	if _, ok := Generic("os.Open"); ok {
		t.Error("os.Open is no generic function")
	}
}

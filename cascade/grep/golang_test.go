package grep

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

const goModFile = "module example.com/shop\n\ngo 1.22\n"

const goFieldsFile = `package shop

type Check struct {
	IsSilenced bool
}

type Event struct{ Check *Check }

type Silencer struct{}

func (s *Silencer) IsSilenced() bool { return false }

func register(f func() bool) {}

func (s *Silencer) wire() { register(s.IsSilenced) }
`

const goReaderFile = `package report

import (
	graphql1 "github.com/graphql-go/graphql"

	"example.com/shop/defs"
	"example.com/shop/shop"
)

func Summary(ev *shop.Event, s *shop.Silencer, other *shop.Silencer) bool {
	_ = graphql1.IsSilenced
	_ = graphql1.Types.IsSilenced
	_ = defs.Default.IsSilenced()
	register(s.IsSilenced)
	register(other.IsSilenced)
	return ev.Check.IsSilenced
}

func Helper(x *shop.Event) bool {
	register(unknown().IsSilenced)
	return &x.Check.IsSilenced != nil
}
`

// Where the workspace declares a struct field of a method's name, a Go
// selector that reads it is no caller of the method; a selector on an
// imported package names a package-level thing, and one through a package
// outside the workspace a library's value. Method values whose receiver is
// plainly of the method's type stay, and so do paths through the
// workspace's own packages (defs.Default is a project variable).
func TestSearchGoLeavesOutFieldReadsAndPackageNames(t *testing.T) {
	root := writeTree(t, map[string]string{"go.mod": goModFile, "shop/shop.go": goFieldsFile, "report/report.go": goReaderFile})
	for _, tc := range []struct {
		container          string
		method             bool
		want               []string
		fieldReads, pkgLvl int
	}{
		{container: "Silencer", fieldReads: 3, pkgLvl: 2, want: []string{
			"report/report.go:13:19 call defs.Default report/report.go#Summary",
			"shop/shop.go:15:40 reference s ✓ shop/shop.go#Silencer.wire",
			"report/report.go:14:13 reference s report/report.go#Summary",
			"report/report.go:15:17 reference other report/report.go#Summary",
		}},
		// A method of an interface literal has no container: no
		// receiver is plainly of its type.
		{method: true, fieldReads: 6, pkgLvl: 2, want: []string{
			"report/report.go:13:19 call defs.Default report/report.go#Summary",
		}},
		// A function's name is neither a field read nor a package-level
		// name left out: pkg.F is how it is called. A receiver rooted at no
		// imported package (s, ev.Check, unknown()) is no way to it
		// (scope.go).
		{container: "", want: []string{
			"report/report.go:13:19 call defs.Default report/report.go#Summary",
			"report/report.go:11:15 reference graphql1 report/report.go#Summary",
			"report/report.go:12:21 reference graphql1.Types report/report.go#Summary",
		}},
	} {
		r, err := Search(context.Background(), Query{Name: "IsSilenced", Container: tc.container, Method: tc.method, Package: "shop", TargetPath: "shop/shop.go",
			Root: root, StopAfter: -1, SkipLibrary: true})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, render(r)); diff != "" {
			t.Errorf("container %q: matches (-want +got):\n%s", tc.container, diff)
		}
		if r.FieldReads != tc.fieldReads || r.PackageLevel != tc.pkgLvl {
			t.Errorf("container %q: FieldReads, PackageLevel = %d, %d, want %d, %d", tc.container, r.FieldReads, r.PackageLevel, tc.fieldReads, tc.pkgLvl)
		}
	}
}

// Without a declared field of the name, a method value on a receiver the
// grep cannot type stays a possible caller.
func TestSearchGoKeepsMethodValuesWithoutAField(t *testing.T) {
	src := `package shop

type Server struct{}

func (s *Server) Handle() {}

func routes(register func(func())) {
	srv := newServer()
	register(srv.Handle)
}
`
	root := writeTree(t, map[string]string{"go.mod": goModFile, "shop/server.go": src})
	r, err := Search(context.Background(), Query{Name: "Handle", Container: "Server", Package: "shop", TargetPath: "shop/server.go",
		Root: root, StopAfter: -1, SkipLibrary: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"shop/server.go:9:15 reference srv shop/server.go#routes"}
	if diff := cmp.Diff(want, render(r)); diff != "" {
		t.Errorf("matches (-want +got):\n%s", diff)
	}
}

// A Go site of a method's name that is itself a selector's operand
// (t.Tx.Commit()) reads a field, an embedded *sql.Tx here: a method's value
// is a func and has no members. A method value beside it stays.
func TestSearchGoLeavesOutTheOperandOfASelector(t *testing.T) {
	src := `package shop

import "database/sql"

type Builder struct{}

func (b *Builder) Tx() {}

type tracedTx struct {
	*sql.Tx
}

func (t *tracedTx) Commit() error { return t.Tx.Commit() }

func run(register func(func())) {
	b := newBuilder()
	register(b.Tx)
}
`
	root := writeTree(t, map[string]string{"go.mod": goModFile, "shop/builder.go": src})
	r, err := Search(context.Background(), Query{Name: "Tx", Container: "Builder", Package: "shop", TargetPath: "shop/builder.go",
		Root: root, StopAfter: -1, SkipLibrary: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"shop/builder.go:17:13 reference b shop/builder.go#run"}
	if diff := cmp.Diff(want, render(r)); diff != "" {
		t.Errorf("matches (-want +got):\n%s", diff)
	}
}

// A field declared in a file the scan never parses (it stops after
// enough sites) still makes a selector of the name a field read; a
// parameter line of the name declares no field.
func TestSearchGoSpotsFieldsInFilesNotParsed(t *testing.T) {
	reader := `package aa

func Read(p *Params, q *Params) string {
	return p.Args.ID + q.Args.ID + p.ID
}
`
	for _, tc := range []struct {
		fields string
		want   []string
	}{
		{fields: "package zz\n\ntype Input struct {\n\tID, Name string `json:\"id\"` // the id\n}\n"},
		{fields: "package zz\n\nfunc New(\n\tID string,\n) {}\n", want: []string{
			"aa/read.go:4:16 reference p.Args aa/read.go#Read",
			"aa/read.go:4:28 reference q.Args aa/read.go#Read",
			"aa/read.go:4:35 reference p aa/read.go#Read",
		}},
	} {
		root := writeTree(t, map[string]string{"go.mod": goModFile, "aa/read.go": reader, "zz/fields.go": tc.fields, "shop/shop.go": "package shop\n\ntype Key struct{}\n\nfunc (k Key) ID() string { return \"\" }\n"})
		r, err := Search(context.Background(), Query{Name: "ID", Container: "Key", Package: "shop", TargetPath: "shop/shop.go",
			Root: root, StopAfter: 1, SkipLibrary: true})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, render(r), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("fields %q: matches (-want +got):\n%s", tc.fields, diff)
		}
	}
}

// Another package's type of the same name is another type: a read of its
// field through a method's own receiver is no method value of the
// target's (superplane: thirty packages' Client structs with a BaseURL
// field, one gcp Client with a BaseURL method).
func TestSearchGoTellsSameNamedTypesOfOtherPackagesApart(t *testing.T) {
	other := "package mute\n\ntype Silencer struct{ IsSilenced bool }\n\nfunc (s *Silencer) read() bool { return s.IsSilenced }\n"
	root := writeTree(t, map[string]string{"go.mod": goModFile, "shop/shop.go": goFieldsFile, "mute/mute.go": other})
	r, err := Search(context.Background(), Query{Name: "IsSilenced", Container: "Silencer", Method: true, Package: "shop", TargetPath: "shop/shop.go",
		Root: root, StopAfter: -1, SkipLibrary: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"shop/shop.go:15:40 reference s ✓ shop/shop.go#Silencer.wire"}
	if diff := cmp.Diff(want, render(r)); diff != "" {
		t.Errorf("matches (-want +got):\n%s", diff)
	}
	if r.FieldReads != 1 {
		t.Errorf("FieldReads = %d, want 1 (mute's s.IsSilenced)", r.FieldReads)
	}
}

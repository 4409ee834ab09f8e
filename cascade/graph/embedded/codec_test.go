package embedded

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

func TestFileExtraRoundTrip(t *testing.T) {
	x := fileExtra{
		Imports: []treesitter.Import{
			{Local: "a", Imported: "a", Module: "./m", Span: span(1, 2, 3)},
			{Local: "b", Imported: "c", Module: "./m", Span: span(4, 5, 6)},
			{Local: "", Imported: "*", Module: ""},
			{Local: "x", Imported: "", Module: "./n"},
			{Local: "y", Imported: "y", Module: "./n\x00\xff"},
		},
		Fields: []treesitter.Field{
			{Container: "C", Name: "f", Type: "T"},
			{Container: "C", Name: "g"},
			{Container: "C", Name: "audit", Type: "AuditSink", Token: "AUDIT_SINK"},
			{Container: "", Name: "h", Type: "U"},
			{Container: "E", Name: "getters", Type: "[]G", Constraint: "Getter"},
		},
		Locals: []fact.Local{
			{SymbolID: "p#C.m", Name: "v", Type: "V"},
			{SymbolID: "p#C.m", Name: "w", Type: "call:make"},
			{Name: "top", Type: "T"},
			{SymbolID: "p#C.n", Name: "", Type: ""},
		},
		Constants: []treesitter.Constant{
			{Name: "TOPIC", Value: "orders"},
			{Container: "Events", Name: "Created", Value: "report.created"},
			{Container: "Events", Name: "Empty", Value: ""},
		},
		Unrecorded: &treesitter.Unrecorded{Members: "container\nready\nutil", ModuleMembers: "util", MethodMembers: "ready", Bare: "draw"},
	}
	got, err := decodeFileExtra(appendFileExtra(nil, &x))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(x, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	// Written without Unrecorded (as before it was kept), it decodes as not
	// known, never as "no unrecorded sites".
	old := x
	old.Unrecorded = nil
	if got, err := decodeFileExtra(appendFileExtra(nil, &old)); err != nil || got.Unrecorded != nil {
		t.Errorf("without Unrecorded: %+v, %v; want nil", got.Unrecorded, err)
	}
	// Written before ModuleMembers were kept (marker 1), it decodes with
	// every member as possibly a module's, never as "none on a module".
	v34 := appendFileExtra(nil, &old)
	v34 = append(v34, 1)
	v34 = appendString(v34, x.Unrecorded.Members)
	v34 = appendString(v34, x.Unrecorded.Bare)
	want := &treesitter.Unrecorded{Members: x.Unrecorded.Members, ModuleMembers: x.Unrecorded.Members, MethodMembers: x.Unrecorded.Members, Bare: x.Unrecorded.Bare}
	if got, err := decodeFileExtra(v34); err != nil || !cmp.Equal(got.Unrecorded, want) {
		t.Errorf("marker 1: %+v, %v; want %+v", got.Unrecorded, err, want)
	}
	// Written before MethodMembers were kept (marker 2), it decodes with
	// every member as one a method's search keeps, never as "none kept".
	v54 := appendFileExtra(nil, &old)
	v54 = append(v54, 2)
	v54 = appendString(v54, x.Unrecorded.Members)
	v54 = appendString(v54, x.Unrecorded.Bare)
	v54 = appendString(v54, x.Unrecorded.ModuleMembers)
	want = &treesitter.Unrecorded{Members: x.Unrecorded.Members, ModuleMembers: x.Unrecorded.ModuleMembers, MethodMembers: x.Unrecorded.Members, Bare: x.Unrecorded.Bare}
	if got, err := decodeFileExtra(v54); err != nil || !cmp.Equal(got.Unrecorded, want) {
		t.Errorf("marker 2: %+v, %v; want %+v", got.Unrecorded, err, want)
	}
	// Truncated or padded, it does not decode.
	b := appendFileExtra(nil, &x)
	for _, bad := range [][]byte{b[:len(b)-1], append(b, 0), {0xff}} {
		if _, err := decodeFileExtra(bad); err == nil {
			t.Errorf("decodeFileExtra(% x…): no error", bad[:min(len(bad), 8)])
		}
	}
}

func TestCallSiteAndSymbolDetailRoundTrip(t *testing.T) {
	for _, c := range []fact.Call{
		{Span: span(1, 2, 3)},
		{Span: span(1, 2, 3), New: true, Args: []string{"", "'x'", "a\x00b"}},
		{Span: span(4, 5, 6), Ref: true},
		{Span: span(4, 5, 6), Ref: true, Field: "onDone", Args: []string{"s.finish"}},
	} {
		var got fact.Call
		if err := decodeCallSite(appendCallSite(nil, &c), &got); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(c, got); diff != "" {
			t.Errorf("call site (-want +got):\n%s", diff)
		}
	}
	for _, sym := range []fact.Symbol{
		{Span: span(1, 2, 3), Selection: span(1, 2, 1)},
		{Span: span(1, 2, 3), Returns: "T"},
		{Span: span(1, 2, 3), TypeParams: []string{"K", "V"}},
		{Span: span(1, 2, 3), Returns: "T,error", TypeParams: []string{"T"}},
		{Span: span(1, 2, 3), Returns: "Registration,bool", TypeParams: []string{"T"}, ResultsWritten: []string{"Registration[T]", "bool"}},
		{Span: span(1, 2, 3), Returns: "Box", ResultsWritten: []string{"Box[int]"}},
		{Span: span(1, 2, 3), Accessor: "get"}, // get size() { ... }: nothing else written
		{Span: span(1, 2, 3), Returns: "number", Params: []treesitter.Param{{Name: "n", Type: "number"}}, Accessor: "set"},
		{Span: span(1, 2, 3), TypeParams: []string{"E"}, Accessor: "get"},
		{Span: span(1, 2, 3), Params: []treesitter.Param{{Name: "c", Type: "Ctx"}}, Returns: "error", Shapes: []string{"*@", ""}},
		{Span: span(1, 2, 3), Shapes: []string{"...string"}},
		{Span: span(1, 2, 3), Extends: []string{"Named", "Mutations"}, ExtendsWritten: []string{"Named", "Mutations[Container]"}},
		{Span: span(1, 2, 3), TypeParams: []string{"T"}, Extends: []string{"Base"}, ExtendsWritten: []string{"Base[T]"}, Accessor: "get"},
		{Span: span(1, 2, 3), TypeParams: []string{"REQ", "G"}, TypeConstraints: []string{"", "Getter"}},
		{Span: span(1, 2, 3), TypeParams: []string{"T"}, ExtendsWritten: []string{"Base[T]"}, Extends: []string{"Base"}, TypeConstraints: []string{"Spec"}},
		{Span: span(1, 2, 3), Decorators: []treesitter.Decorator{{Name: "D", Args: []string{"a"}, Span: span(0, 0, 2)}},
			Params: []treesitter.Param{{Name: "p"}, {Name: "q", Type: "Q"}}, Extends: []string{"B"}},
	} {
		var got fact.Symbol
		if err := decodeSymbolDetail(appendSymbolDetail(nil, &sym), &got); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(sym, got); diff != "" {
			t.Errorf("symbol detail (-want +got):\n%s", diff)
		}
	}
}

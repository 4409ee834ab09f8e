package grep

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

func TestReceiverMatches(t *testing.T) {
	tsMethod := fact.Symbol{Language: treesitter.TypeScript, Container: "EvidenceService"}
	other := fact.Symbol{Language: treesitter.TypeScript, Container: "Other"}
	goMethod := fact.Symbol{Language: treesitter.Go, Container: "Store", Params: []treesitter.Param{{Name: "st", Type: "Store"}}}
	goFunc := fact.Symbol{Language: treesitter.Go}
	tests := []struct {
		q        Query
		rel      string
		receiver string
		caller   fact.Symbol
		want     bool
	}{
		{Query{Container: "EvidenceService"}, "a.ts", "this.evidenceService", other, true},
		{Query{Container: "EvidenceService"}, "a.ts", "this._evidenceService", other, true},
		{Query{Container: "EvidenceService"}, "a.py", "self.evidence_service", other, true},
		{Query{Container: "EvidenceService"}, "a.ts", "EvidenceService", other, true},
		{Query{Container: "EvidenceService"}, "a.ts", "this", tsMethod, true},
		{Query{Container: "EvidenceService"}, "a.ts", "this", other, false},
		{Query{Container: "EvidenceService"}, "a.ts", "this.storage", tsMethod, false},
		{Query{Container: "EvidenceService"}, "a.ts", "evidence", other, false},
		{Query{Container: "Store"}, "s/a.go", "st", goMethod, true},
		{Query{Container: "Store"}, "s/a.go", "other", goMethod, false},
		// another package's Store: its method's receiver is no target's
		{Query{Container: "Store", Package: "internal/store"}, "internal/store/a.go", "st", goMethod, true},
		{Query{Container: "Store", Package: "internal/store"}, "internal/cache/a.go", "st", goMethod, false},
		{Query{Package: "internal/store"}, "api/a.go", "store", goFunc, true},
		{Query{Package: "internal/store"}, "internal/store/b.go", "", goFunc, true},
		{Query{Package: "internal/store"}, "api/a.go", "", goFunc, false},
		{Query{TargetPath: "src/a.ts"}, "src/a.ts", "", other, true},
		{Query{TargetPath: "src/a.ts"}, "src/b.ts", "", other, false},
		{Query{}, "src/b.ts", "x", other, false},
	}
	for _, tt := range tests {
		if got := newRanker(tt.q).receiverMatches(tt.rel, tt.receiver, tt.caller); got != tt.want {
			t.Errorf("%+v: receiver %q in %s (caller in %q): got %v, want %v", tt.q, tt.receiver, tt.rel, tt.caller.Container, got, tt.want)
		}
	}
}

func TestContainsFoldASCIIFindsAnyCaseWithoutCopying(t *testing.T) {
	for _, tc := range []struct {
		s, word string
		want    bool
	}{
		{"from app.services import EvidenceService", "evidenceservice", true},
		{"EVIDENCESERVICE.run()", "evidenceservice", true},
		{"evidence_service", "evidenceservice", false},
		{"Evidence", "evidenceservice", false}, // shorter than the word
		{"xxeVidenceservicexx", "evidenceservice", true},
		{"", "a", false},
		{"abc", "", true},
		{"ab Ab aB", "ab", true},
		{"_9x", "9x", true}, // a word starting with no letter
	} {
		if got := containsFoldASCII([]byte(tc.s), []byte(tc.word)); got != tc.want {
			t.Errorf("containsFoldASCII(%q, %q) = %v, want %v", tc.s, tc.word, got, tc.want)
		}
	}
}

func TestLikelyFirstFoldsNonASCIINamesAsUnicodeDoes(t *testing.T) {
	r := newRanker(Query{Name: "run", Container: "ÜbungService", TargetPath: "a/x.py"})
	if !r.likelyFirst("b/y.py", []byte("from a.x import übungservice")) {
		t.Error("a file naming the class in another case is not likely-first")
	}
	if r.likelyFirst("b/y.py", []byte("nothing here")) {
		t.Error("a file not naming the class is likely-first")
	}
}

// Likely-first files are parsed in full, however many sites are found. In
// Python and TypeScript neither the target's directory nor its name makes
// a file likely to hold the best-ranked sites (every view imports from
// models); in Go the directory is the package, and its name qualifies
// every call from outside.
func TestLikelyFirstTakesTheDirectoryOnlyForGo(t *testing.T) {
	py := newRanker(Query{Name: "total", Container: "Order", TargetPath: "app/models/order.py", Package: "app/models"})
	for _, tc := range []struct {
		rel, content string
		want         bool
	}{
		{"app/views.py", "from app.models import Invoice\nInvoice.total(x)", false},
		{"app/models/invoice.py", "class Invoice:\n    def total(self): ...", false},
		{"app/api.py", "from app.models.order import Order\nOrder.total(o)", true},
		{"app/models/order.py", "class Order: ...", true},
	} {
		if got := py.likelyFirst(tc.rel, []byte(tc.content)); got != tc.want {
			t.Errorf("python target: likelyFirst(%s) = %v, want %v", tc.rel, got, tc.want)
		}
	}
	golang := newRanker(Query{Name: "Total", TargetPath: "internal/models/order.go", Package: "internal/models"})
	for _, tc := range []struct {
		rel, content string
		want         bool
	}{
		{"internal/models/invoice.go", "package models\nfunc f() { Total() }", true},
		{"cmd/main.go", "package main\nfunc main() { models.Total() }", true},
		{"cmd/other.go", "package main\nfunc g() { x.Total() }", false},
	} {
		if got := golang.likelyFirst(tc.rel, []byte(tc.content)); got != tc.want {
			t.Errorf("go target: likelyFirst(%s) = %v, want %v", tc.rel, got, tc.want)
		}
	}
}

// A Go file outside the target's package names the package's types only
// through an import of it: one that lacks it is not parsed first however
// often it spells the type's name (superplane's thirty Client structs).
func TestLikelyFirstGoWantsAnImportOfThePackage(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "pkg", "gcp", "common"), 0o755); err != nil {
		t.Fatal(err)
	}
	r := newRanker(Query{Name: "BaseURL", Container: "Client", TargetPath: "pkg/gcp/common/client.go", Package: "pkg/gcp/common", Root: root})
	for _, tc := range []struct {
		rel, content string
		want         bool
	}{
		{"pkg/gcp/common/other.go", "package common\nfunc f(c *Client) { c.BaseURL() }", true},
		{"pkg/gcp/compute.go", "package gcp\nimport gc \"example.com/app/pkg/gcp/common\"\nfunc f(c *gc.Client) { c.BaseURL() }", true},
		{"pkg/claude/client.go", "package claude\ntype Client struct{ BaseURL string }\nfunc (c *Client) URL() string { return c.BaseURL }", false},
	} {
		if got := r.likelyFirst(tc.rel, []byte(tc.content)); got != tc.want {
			t.Errorf("likelyFirst(%s) = %v, want %v", tc.rel, got, tc.want)
		}
	}
	// A package directory that is a module's root: its import path need not
	// end with the directory's name, so the import is not asked for.
	if err := os.WriteFile(filepath.Join(root, "pkg", "gcp", "common", "go.mod"), []byte("module example.com/gcpcommon\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = newRanker(Query{Name: "BaseURL", Container: "Client", TargetPath: "pkg/gcp/common/client.go", Package: "pkg/gcp/common", Root: root})
	if !r.likelyFirst("cmd/main.go", []byte("package main\nimport \"example.com/gcpcommon\"\nfunc main() { var c gcpcommon.Client; c.BaseURL() }")) {
		t.Error("a file importing a module-root package by its module path is not likely-first")
	}
}

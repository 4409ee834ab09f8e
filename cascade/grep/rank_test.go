package grep

import (
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

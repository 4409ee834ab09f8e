package fact

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"moveFilesToPermanentStorage", []string{"move", "files", "to", "permanent", "storage"}},
		{"MoveFiles", []string{"move", "files"}},
		{"HTTPServer", []string{"http", "server"}},
		{"parseJSON2Yaml", []string{"parse", "json", "2", "yaml"}},
		{"move_files_to_storage", []string{"move", "files", "to", "storage"}},
		{"MAX_RETRY_COUNT", []string{"max", "retry", "count"}},
		{"kebab-case-name", []string{"kebab", "case", "name"}},
		{"app.services.storage", []string{"app", "services", "storage"}},
		{"this.storage.moveFiles()", []string{"this", "storage", "move", "files"}},
		{"move files permanent storage", []string{"move", "files", "permanent", "storage"}},
		{"report.created", []string{"report", "created"}},
		{"utf8", []string{"utf", "8"}},
		{"v2Client", []string{"v", "2", "client"}},
		{"ID", []string{"id"}},
		{"userID", []string{"user", "id"}},
		{"getURLs", []string{"get", "ur", "ls"}}, // an acronym plural is ambiguous; we split like other tools
		{"__init__", []string{"init"}},
		{"Ünïcödé_naïveCafé", []string{"ünïcödé", "naïve", "café"}},
		{"日本語Name", []string{"日本語", "name"}},
		{"  ", nil},
		{"", nil},
		{"a", []string{"a"}},
		{"A", []string{"a"}},
		{"x-1.5", []string{"x", "1", "5"}},
		{"@OnEvent('report.created')", []string{"on", "event", "report", "created"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, SplitWords(tt.in)); diff != "" {
			t.Errorf("SplitWords(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

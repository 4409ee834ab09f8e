package embedded

import (
	"bytes"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// An encoder reused from file to file (its scratch buffers grown by a
// larger file, then written over by a smaller one) returns for each file
// what a new encoder returns, and nothing it returned changes when it
// encodes the next file.
func TestEncoderReusedEncodesAsNew(t *testing.T) {
	big := callerFile(1, 40)
	big.File.Imports = []treesitter.Import{{Local: "a", Imported: "a", Module: "./a"}, {Local: "b", Imported: "*", Module: "./b"}}
	big.File.Unrecorded = &treesitter.Unrecorded{Members: "container\nready", Bare: "draw"}
	small := callerFile(2, 1)
	small.File.Imports = []treesitter.Import{{Local: "c", Imported: "c", Module: "./c"}}
	files := []fact.FileFacts{big, small, big, small}

	var reused bodyEncoder
	var got []encoded
	for i := range files {
		got = append(got, reused.encode(&files[i]))
	}
	for i := range files {
		var fresh bodyEncoder
		want := fresh.encode(&files[i])
		if !bytes.Equal(got[i].extra, want.extra) || !bytes.Equal(got[i].body, want.body) || !bytes.Equal(got[i].names, want.names) || got[i].entry != want.entry {
			t.Errorf("file %d: the reused encoder's output differs from a new one's (or was overwritten by a later file)", i)
		}
		if len(want.extra) == 0 || len(want.body) == 0 || len(want.names) == 0 {
			t.Errorf("file %d: nothing encoded: the test checks nothing", i)
		}
	}
}

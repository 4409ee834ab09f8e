package treesitter

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestFactsDigest writes, for every source file under the folders listed in
// CALLCASCADE_FACTS_DIGEST_DIRS (separated by ':'), the SHA-256 of its facts
// to the file CALLCASCADE_FACTS_DIGEST_OUT, one line per file in walk order.
// It checks nothing by itself: run it on two commits and compare the two
// lists with cmp, to show that a change meant to make extraction cheaper
// left every fact as it was (docs/PERFORMANCE.md, session 19):
//
//	CALLCASCADE_FACTS_DIGEST_DIRS=/path/a:/path/b CALLCASCADE_FACTS_DIGEST_OUT=/tmp/new.txt \
//	  go test ./treesitter -run TestFactsDigest -count=1
//
// Each line holds two digests: of the facts as JSON (what the store keeps)
// and as Go syntax (%#v), which also tells a nil slice from an empty one.
// The context is cancellable, as the indexer's is, so the parse takes the
// same path as in a cold index.
func TestFactsDigest(t *testing.T) {
	dirs, out := os.Getenv("CALLCASCADE_FACTS_DIGEST_DIRS"), os.Getenv("CALLCASCADE_FACTS_DIGEST_OUT")
	if dirs == "" || out == "" {
		t.Skip("set CALLCASCADE_FACTS_DIGEST_DIRS and CALLCASCADE_FACTS_DIGEST_OUT to write the facts' digests")
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	files := 0
	for _, root := range strings.Split(dirs, ":") {
		err := eachSourceFile(root, nil, func(path string, lang Language, src []byte) error {
			facts, err := Extract(ctx, lang, src)
			if err != nil {
				fmt.Fprintf(w, "%s error %v\n", path, err)
				return nil
			}
			asJSON, err := json.Marshal(facts)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			fmt.Fprintf(w, "%s %x %x\n", path, sha256.Sum256(asJSON), sha256.Sum256(goSyntax(facts)))
			files++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files digested into %s", files, out)
}

// goSyntax is facts in Go syntax (%#v), with what Unrecorded points to in
// place of the pointer, whose address differs from run to run.
func goSyntax(facts *Facts) []byte {
	flat := *facts
	var unrecorded Unrecorded
	if flat.Unrecorded != nil {
		unrecorded = *flat.Unrecorded
		flat.Unrecorded = nil
	}
	return fmt.Appendf(nil, "%#v %t %#v", flat, facts.Unrecorded != nil, unrecorded)
}

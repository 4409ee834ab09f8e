package embedded

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// A read that its context ends during keeps nothing for the generation:
// the calls of a common name read by a warm-up that the next one stopped
// (the resolver's warm-up stops the one running) were kept as all there
// were, and every later request of that generation answered from them
// (aliyun SDK: Client.AddAsyncTask with 2,357 of its 6,557 callers, the
// count changing from run to run).
func TestReadsCutShortKeepNothing(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	const files, perFile = 400, 10
	var batch []fact.FileFacts
	for i := range files {
		path := fmt.Sprintf("svc/s%03d/client.go", i)
		ff := fact.FileFacts{File: fact.File{Path: path, Hash: path, Language: treesitter.Go}}
		ff.Symbols = []fact.Symbol{{ID: path + "#Client.AddAsyncTask", Name: "AddAsyncTask", Container: "Client", Kind: treesitter.KindMethod, Span: span(0, 0, 4000), Selection: span(0, 0, 2)}}
		for j := range perFile {
			ff.Calls = append(ff.Calls, fact.Call{Path: path, CallerID: path + "#Client.AddAsyncTask", Callee: "AddAsyncTask", Receiver: "client", Span: span(uint32(j+1), uint32(100*(j+1)), 12)})
		}
		batch = append(batch, ff)
	}
	if err := s.ReplaceFiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	want := files * perFile
	cutOff := 0
	for round := range 60 {
		s.calls.clear()
		s.kept.mu.Lock()
		s.kept.files = nil
		s.kept.mu.Unlock()
		cctx, cancel := context.WithCancel(ctx)
		go func() {
			time.Sleep(time.Duration(rand.IntN(20000)) * time.Microsecond)
			cancel()
		}()
		var err error
		if round%2 == 0 {
			err = s.Warm(cctx)
		} else {
			var calls []fact.Call
			if calls, err = s.CallsByCallee(cctx, "AddAsyncTask"); err == nil && len(calls) != want {
				t.Fatalf("round %d: %d of %d call sites and no error", round, len(calls), want)
			}
		}
		cancel()
		if err != nil {
			cutOff++
		}
		snap, err := s.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if calls, err := snap.CallsByCallee(ctx, "AddAsyncTask"); err != nil || len(calls) != want {
			t.Fatalf("round %d: after a read cut short, %d of %d call sites (err %v)", round, len(calls), want, err)
		}
		if syms, err := snap.SymbolsByName(ctx, "AddAsyncTask"); err != nil || len(syms) != files {
			t.Fatalf("round %d: after a read cut short, %d of %d symbols (err %v)", round, len(syms), files, err)
		}
		if _, err := snap.File(ctx, "svc/s399/client.go"); err != nil {
			t.Fatalf("round %d: after a read cut short, the last file is not found: %v", round, err)
		}
	}
	if cutOff == 0 {
		t.Fatal("no read was cut short: the test proves nothing")
	}
	t.Logf("%d of 60 reads cut short", cutOff)
}

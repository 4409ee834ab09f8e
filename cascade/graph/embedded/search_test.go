package embedded

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/stage"
)

// An index pass leaves the full-text index to be built after it. A search
// that comes before the build is done waits for it within its context, and
// past that says the index is not ready: never an empty answer as if no
// string named the word.
func TestSearchBeforeTheBuildWaitsOrSaysNotReady(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	var batch []fact.FileFacts
	for i := range 3 * searchInlineFiles {
		batch = append(batch, syntheticFile(i, 3, 2))
	}
	batch[5].Literals = append(batch[5].Literals, fact.Literal{Text: "dispatchArchiveReport", Span: span(1, 5, 20)})
	if err := s.ReplaceFiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	var ready bool
	if err := s.read.searchReady.QueryRow().Scan(&ready); err != nil || ready {
		t.Fatalf("after a batch of %d files the search is ready = %v (%v); want it left to the build", len(batch), ready, err)
	}

	// The build cannot write while another writer holds the store: the
	// search must give up when its context does.
	s.writeMu.Lock()
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	hits, err := s.Search(short, "archive report", 10)
	cancel()
	if !errors.Is(err, stage.ErrSearchNotReady) {
		s.writeMu.Unlock()
		t.Fatalf("Search before the build = %d hits, %v; want stage.ErrSearchNotReady", len(hits), err)
	}

	// While a build runs in the background (the one started above, still
	// held up by the writer, which does not let go in between: released,
	// the build could finish before the next question), the keyword
	// stage's search says so at once instead of spending its budget waiting.
	done, started := s.startSearchBuild()
	long, cancel := context.WithTimeout(stage.WithoutWaitingForSearch(ctx), time.Minute)
	_, err = s.Search(long, "archive report", 10)
	cancel()
	s.writeMu.Unlock()
	if started || !errors.Is(err, stage.ErrSearchNotReady) || !strings.Contains(err.Error(), "background") {
		t.Fatalf("Search during a background build: %v (build started by the search: %v); want stage.ErrSearchNotReady at once", err, started)
	}
	<-done

	// Built, it answers.
	hits, err = s.Search(ctx, "archive report", 10)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range hits {
		found = found || h.Kind == "literal" && h.Text == "dispatchArchiveReport" && h.Path == batch[5].File.Path
	}
	if !found {
		t.Errorf("Search after the build = %+v; want the literal dispatchArchiveReport of %s", hits, batch[5].File.Path)
	}
}

// Warm, which runs after an index pass, starts the build in the background.
func TestWarmBuildsTheSearch(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	var batch []fact.FileFacts
	for i := range 3 * searchInlineFiles {
		batch = append(batch, syntheticFile(i, 3, 2))
	}
	if err := s.ReplaceFiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	if err := s.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		var ready bool
		if err := s.read.searchReady.QueryRow().Scan(&ready); err != nil {
			t.Fatal(err)
		}
		if ready {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the search was not built in the background after Warm")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A build of several chunks leaves the full-text index merged into one
// segment: another merge step finds nothing to do (where the chunks alone
// leave work), and the search answers from the merged index.
func TestSearchBuildMergesTheIndex(t *testing.T) {
	ctx := context.Background()
	filled := func() *Store {
		s := openTemp(t)
		var batch []fact.FileFacts
		for i := range 3 * searchChunk {
			batch = append(batch, syntheticFile(i, 3, 2))
		}
		batch[700].Literals = append(batch[700].Literals, fact.Literal{Text: "archive_report", Span: span(1, 5, 14)})
		if err := s.ReplaceFiles(ctx, batch); err != nil {
			t.Fatal(err)
		}
		return s
	}

	chunked := filled()
	for {
		n, err := chunked.searchChunk(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	if worked, err := chunked.mergeSearchStep(ctx); err != nil || !worked {
		t.Fatalf("a merge step after the chunks alone: worked %v, %v; want work to do", worked, err)
	}

	built := filled()
	if err := built.BuildSearch(ctx); err != nil {
		t.Fatal(err)
	}
	if worked, err := built.mergeSearchStep(ctx); err != nil || worked {
		t.Errorf("a merge step after BuildSearch: worked %v, %v; want nothing left to merge", worked, err)
	}
	hits, err := built.SearchLiterals(ctx, "archiveReport", 0.5, 10)
	if err != nil || len(hits) != 1 || hits[0].Text != "archive_report" {
		t.Errorf("SearchLiterals(archiveReport) after the merge = %+v, %v", hits, err)
	}
}

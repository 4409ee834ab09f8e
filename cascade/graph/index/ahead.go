package index

import (
	"bytes"
	"context"
	"os"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/files"
)

// While the first index runs, a request should not wait for all of it, nor
// be answered from whatever happens to be written: the files that can hold
// its answer are indexed ahead of the pass, and the answer says how far the
// pass is.

// Progress is how far the first IndexAll pass is: until one has completed,
// the store may lack any file. Later passes (a refresh after edits) keep a
// complete store nearly so and are not reported.
type Progress struct {
	Done, Total int  // files of the pass
	Running     bool // the first pass is running (or about to)
}

// Starting marks a pass as running before it starts (a server that will
// start it in the background): a request arriving in between is answered
// as one during the pass. IndexAll ends the mark.
func (ix *Indexer) Starting() {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if !ix.complete {
		ix.progress = Progress{Running: true}
	}
}

// Progress reports the running pass, if any.
func (ix *Indexer) Progress() Progress {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.complete {
		return Progress{}
	}
	return ix.progress
}

// IndexMentioning indexes now, ahead of the running pass, the files still
// waiting in it whose content holds name as bytes (a call, a reference, a
// declaration of it: everything that can answer for name). It returns how
// many files it indexed; with no pass running it does nothing.
func (ix *Indexer) IndexMentioning(ctx context.Context, name string) (int, error) {
	ix.mu.Lock()
	if !ix.progress.Running || ix.complete || name == "" {
		ix.mu.Unlock()
		return 0, nil
	}
	rels := make([]string, 0, len(ix.pending))
	for rel := range ix.pending {
		rels = append(rels, rel)
	}
	ix.mu.Unlock()
	needle := []byte(name)
	n := 0
	for _, rel := range rels {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		if ix.isBuffer(rel) {
			continue
		}
		content, err := os.ReadFile(ix.Abs(rel))
		if err != nil || int64(len(content)) > ix.maxFileSize() || !bytes.Contains(content, needle) ||
			files.IsBinary(content[:min(len(content), files.BinarySniffSize)]) {
			continue
		}
		if err := ix.IndexAhead(ctx, rel, content); err != nil {
			continue // the pass will meet it again and log why
		}
		n++
	}
	return n, nil
}

// IndexAhead indexes rel from content now; when the running pass has it
// still to do, the pass will not parse it again (a request that needs a
// file does not wait for the pass to reach it).
func (ix *Indexer) IndexAhead(ctx context.Context, rel string, content []byte) error {
	if err := ix.IndexContent(ctx, rel, content); err != nil {
		return err
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.progress.Running {
		if ix.ahead == nil {
			ix.ahead = map[string]string{}
		}
		ix.ahead[rel] = fact.HashContent(content)
	}
	return nil
}

// indexedAhead reports that rel was indexed ahead of the pass with exactly
// content, so the pass need not parse it again.
func (ix *Indexer) indexedAhead(rel string, content []byte) bool {
	ix.mu.Lock()
	hash, ok := ix.ahead[rel]
	ix.mu.Unlock()
	return ok && hash == fact.HashContent(content)
}

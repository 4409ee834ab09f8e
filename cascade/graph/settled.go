package graph

import (
	"context"
	"sync"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/stage"
)

// When the graph answers no_callers, it has decided every call site of the
// name it indexed: each was resolved to another symbol, or left unresolved.
// The grep stage then looks for the name in the live workspace, and most of
// its time goes into parsing files the graph indexed as they are, whose
// sites the graph has already resolved elsewhere (a Go protobuf package
// declares Reset, String and Descriptor in every file and calls none of
// them). asIndexed vouches for such a file, so grep parses only files that
// changed since they were indexed, files never indexed, and files holding
// a site of the name the graph left unresolved: what a fallback can add.

// asIndexed is the stage's voucher for one answer of no_callers: a file
// qualifies when the store indexed exactly content for it and every site
// of name the store holds there is in elsewhere. The store's sites are
// read again, not taken from the resolver's answer, so that a file indexed
// anew since then is judged by its new sites.
func (s Stage) asIndexed(name string, elsewhere stage.ResolvedSites) func(context.Context, string, []byte) (int, bool) {
	var once sync.Once
	var undecided map[string]bool // files holding a site of name not resolved elsewhere
	var settled map[string]int    // sites resolved elsewhere, by file
	var failed bool
	load := func(ctx context.Context) {
		calls, err := s.store.CallsByCallee(ctx, name)
		if err != nil {
			failed = true
			return
		}
		undecided, settled = map[string]bool{}, map[string]int{}
		for _, c := range calls {
			if elsewhere.Has(c.Path, c.Span) {
				settled[c.Path]++
			} else {
				undecided[c.Path] = true
			}
		}
	}
	return func(ctx context.Context, rel string, content []byte) (int, bool) {
		once.Do(func() { load(ctx) })
		if failed || undecided[rel] {
			return 0, false
		}
		f, err := s.store.File(ctx, rel)
		if err != nil || f.Hash != fact.HashContent(content) {
			return 0, false
		}
		return settled[rel], true
	}
}

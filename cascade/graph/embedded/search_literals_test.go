package embedded

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// SearchLiterals finds exactly the literals whose share of a name's words is
// over the threshold, as counting every literal by hand does: the shape
// tokens of its full-text query leave out no literal that
// qualifies, for names of one to nine words, repeated words, literals of
// every length up to past the last shape token, and several thresholds.
func TestSearchLiteralsIsEveryLiteralOverTheShare(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	rng := rand.New(rand.NewPCG(3, 5))
	vocab := []string{"order", "create", "list", "user", "item", "cart", "tax", "line", "delete", "get", "event", "emit"}
	styles := []func([]string) string{
		func(w []string) string { return strings.Join(w, " ") },
		func(w []string) string { return strings.Join(w, "_") },
		func(w []string) string { return strings.Join(w, ".") },
		func(w []string) string { // camelCase
			out := w[0]
			for _, x := range w[1:] {
				out += strings.ToUpper(x[:1]) + x[1:]
			}
			return out
		},
	}
	randomWords := func(n int) []string {
		w := make([]string, n)
		for i := range w {
			w[i] = vocab[rng.IntN(len(vocab))]
		}
		return w
	}
	var all []fact.Literal
	var batch []fact.FileFacts
	for f := range 30 {
		path := fmt.Sprintf("src/f%d.ts", f)
		ff := fact.FileFacts{File: fact.File{Path: path, Hash: path, Language: treesitter.TypeScript}}
		for i := range 20 {
			n := 1 + rng.IntN(20) // past maxShapeWords
			if rng.IntN(2) == 0 {
				n = 1 + rng.IntN(4)
			}
			text := styles[rng.IntN(len(styles))](randomWords(n))
			lit := fact.Literal{Path: path, Text: text, Span: span(uint32(i), uint32(i*100), uint32(len(text)))}
			ff.Literals = append(ff.Literals, lit)
			all = append(all, lit)
		}
		batch = append(batch, ff)
	}
	if err := s.ReplaceFiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	key := func(path string, sp treesitter.Span) string { return fmt.Sprintf("%s:%d", path, sp.StartByte) }
	for q := range 200 {
		name := styles[3](randomWords(1 + q%9))
		words := fact.SplitWords(name)
		for _, share := range []float64{0.25, 0.4, 0.5, 0.7, 1} {
			var want []string
			for _, l := range all {
				if fact.NameShare(l.Text, words) > share {
					want = append(want, key(l.Path, l.Span))
				}
			}
			hits, err := s.SearchLiterals(ctx, name, share, 10000)
			if err != nil {
				t.Fatalf("SearchLiterals(%q, %.2f): %v", name, share, err)
			}
			var got []string
			for _, h := range hits {
				if h.Kind != "literal" {
					t.Errorf("SearchLiterals(%q) gave a %s", name, h.Kind)
				}
				got = append(got, key(h.Path, h.Span))
			}
			// Cut to a few, the most of the name come first.
			few, err := s.SearchLiterals(ctx, name, share, 3)
			if err != nil {
				t.Fatal(err)
			}
			var wantShares, fewShares []float64
			for _, l := range all {
				if v := fact.NameShare(l.Text, words); v > share {
					wantShares = append(wantShares, v)
				}
			}
			slices.Sort(wantShares)
			slices.Reverse(wantShares)
			for _, h := range few {
				fewShares = append(fewShares, fact.NameShare(h.Text, words))
			}
			if !slices.Equal(fewShares, wantShares[:min(3, len(wantShares))]) {
				t.Errorf("SearchLiterals(%q, %.2f, 3) shares %v, want the highest %v", name, share, fewShares, wantShares)
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(want, got) {
				t.Errorf("SearchLiterals(%q, %.2f): %d literals, counting by hand %d\n got  %v\n want %v", name, share, len(got), len(want), got, want)
			}
		}
	}
}

// The queries for a name ask only for literals holding all its words, of
// the lengths that can reach the share, shortest first: one word for a
// one-word name.
func TestLiteralMatchesAskForTheLengthsThatCanReachTheShare(t *testing.T) {
	for _, tc := range []struct {
		words []string
		share float64
		want  []string
	}{
		{[]string{"list"}, 0.5, []string{`container : "0lit1" AND words : ("list")`}},
		{[]string{"product", "detail"}, 0.5, []string{`container : "0lit2" AND words : ("product" AND "detail")`, `container : "0lit3" AND words : ("product" AND "detail")`}},
		{[]string{"a", "b", "a"}, 0.5, []string{`container : "0lit2" AND words : ("a" AND "b")`, `container : "0lit3" AND words : ("a" AND "b")`}},
		{[]string{"list"}, 1, nil},
		{nil, 0.5, nil},
	} {
		if got := literalMatches(tc.words, tc.share); !slices.Equal(got, tc.want) {
			t.Errorf("literalMatches(%q, %.2f)\n got  %q\n want %q", tc.words, tc.share, got, tc.want)
		}
	}
	if got := literalMatches([]string{"a", "b"}, 0.1); len(got) != 15 || !strings.Contains(got[14], `"0lit16"`) {
		t.Errorf("literalMatches(a b, 0.10) = %q, want the lengths 2 to 16", got)
	}
}

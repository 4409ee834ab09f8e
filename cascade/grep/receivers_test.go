package grep

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

const libraryPy = `from .models import Order


def order_detail(pk, cache):
    order = Order.objects.get(pk=pk)
    cache.get(pk)
    return ", ".join([order.get()])
`

const libraryTS = `export function page(store: Store, key: string) {
  document.get(key);
  store.get(key);
  return JSON.get(key);
}
`

const libraryGo = `package shop

import "strings"

func Lookup(c *Cache, key string) string {
	strings.get(key)
	return c.get(key)
}
`

// A caller search leaves out calls on a value that is plainly a library's
// (a Django manager, a DOM or JS global, a Go standard package, a
// literal), and counts them; a search for every site keeps them.
func TestSearchSkipsLibraryReceivers(t *testing.T) {
	root := writeTree(t, map[string]string{"shop/views.py": libraryPy, "web/page.ts": libraryTS, "shop/lookup.go": libraryGo})
	for _, tc := range []struct {
		skip        bool
		want        []string
		wantLibrary int
	}{
		{skip: true, wantLibrary: 4, want: []string{
			"shop/lookup.go:7:11 call c shop/lookup.go#Lookup",
			"shop/views.py:6:11 call cache shop/views.py#order_detail",
			"shop/views.py:7:29 call order shop/views.py#order_detail",
			"web/page.ts:3:9 call store web/page.ts#page",
		}},
		{skip: false, want: []string{
			"shop/lookup.go:6:10 call strings shop/lookup.go#Lookup",
			"shop/lookup.go:7:11 call c shop/lookup.go#Lookup",
			"shop/views.py:5:27 call Order.objects shop/views.py#order_detail",
			"shop/views.py:6:11 call cache shop/views.py#order_detail",
			"shop/views.py:7:29 call order shop/views.py#order_detail",
			"web/page.ts:2:12 call document web/page.ts#page",
			"web/page.ts:3:9 call store web/page.ts#page",
			"web/page.ts:4:15 call JSON web/page.ts#page",
		}},
	} {
		r, err := Search(context.Background(), Query{Name: "get", Root: root, StopAfter: -1, SkipLibrary: tc.skip})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, render(r)); diff != "" {
			t.Errorf("SkipLibrary=%v: matches (-want +got):\n%s", tc.skip, diff)
		}
		if r.Library != tc.wantLibrary {
			t.Errorf("SkipLibrary=%v: Library = %d, want %d", tc.skip, r.Library, tc.wantLibrary)
		}
	}
}

// The sites the code graph resolved elsewhere are neither counted nor
// kept; the grep stage then answers with what is left, flagged possible,
// or misses when nothing is.
func TestStageLeavesOutSitesResolvedElsewhere(t *testing.T) {
	root := writeTree(t, map[string]string{"web/page.ts": libraryTS, "shop/views.py": libraryPy,
		"web/cart.ts": "export function cart(cache: any, k: string) {\n  return cache.get(k);\n}\n"})
	storeGet := span(t, libraryTS, "get(key);\n  return")
	searcher := NewWorkspaceSearcher(root, filesWalk(), nil, &Searcher{})
	target := stageTarget("get")
	q := &stage.Query{Target: target, GrepLimit: 50, GrepSites: -1, Settled: stage.Settled{Elsewhere: stage.ResolvedSites{
		stage.KeyOf("web/page.ts", storeGet): "Store.get (web/store.ts)",
	}}}
	out := NewStage(searcher).Run(context.Background(), q)
	if !out.Hit {
		t.Fatalf("missed: %s", out.Observed)
	}
	var got []string
	for _, c := range out.Calls {
		got = append(got, c.Symbol.Name+" · "+c.Detail)
		for _, s := range c.Sites {
			if c.Symbol.Path == "web/page.ts" && s.Start == storeGet.Start {
				t.Errorf("the site resolved elsewhere is listed: %s", c.Detail)
			}
		}
	}
	// views.py's calls are Python's: never a TypeScript method's.
	want := []string{"cart · grep fallback: call" + PossibleNote}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}

	// Every site resolved elsewhere: no callers in code.
	pyRoot := writeTree(t, map[string]string{"web/page.ts": libraryTS})
	q = &stage.Query{Target: target, GrepLimit: 50, GrepSites: -1, Settled: stage.Settled{Elsewhere: stage.ResolvedSites{stage.KeyOf("web/page.ts", storeGet): "Store.get"}}}
	out = NewStage(NewWorkspaceSearcher(pyRoot, filesWalk(), nil, &Searcher{})).Run(context.Background(), q)
	if out.Hit || out.Reason != stage.ReasonNoMatches || q.GrepSites != 0 {
		t.Errorf("hit=%v reason=%s grepSites=%d (%s), want a miss with no_matches and 0 sites", out.Hit, out.Reason, q.GrepSites, out.Observed)
	}
}

func filesWalk() files.WalkOptions { return files.WalkOptions{} }

// stageTarget is a method named name that the index knows.
func stageTarget(name string) fact.Symbol {
	return fact.Symbol{ID: "web/store.ts#Store." + name, Name: name, Container: "Store", Path: "web/store.ts", Kind: treesitter.KindMethod}
}

// A possible caller whose sites are the bare name (a function passed as a
// value) has no receiver: its flag says the use was not resolved, not the
// receiver.
func TestStageFlagsBareNamesApartFromReceivers(t *testing.T) {
	other := "export function other(x: any) {\n  return x.saveForm();\n}\nexport function known(y: any) {\n  return y.saveForm();\n}\n"
	root := writeTree(t, map[string]string{
		"web/form.ts":  "export function saveForm() { return 1; }\nexport function Form(props: any) {\n  return run(saveForm);\n}\n",
		"web/other.ts": other,
	})
	at := uint32(strings.Index(other, "y.saveForm") + len("y."))
	knownSite := treesitter.NewLineIndex([]byte(other)).Span(at, at+uint32(len("saveForm"))) // known's: the graph typed y
	target := fact.Symbol{ID: "web/form.ts#saveForm", Name: "saveForm", Path: "web/form.ts", Kind: treesitter.KindFunction}
	q := &stage.Query{Target: target, GrepLimit: 50, GrepSites: -1, Settled: stage.Settled{Elsewhere: stage.ResolvedSites{
		stage.KeyOf("web/other.ts", knownSite): "Y.saveForm (web/y.ts)",
	}}}
	out := NewStage(NewWorkspaceSearcher(root, filesWalk(), nil, &Searcher{})).Run(context.Background(), q)
	var got []string
	for _, c := range out.Calls {
		got = append(got, c.Symbol.Name+" · "+c.Detail)
		if !IsPossible(c.Detail) {
			t.Errorf("%s: not flagged possible", c.Detail)
		}
	}
	slices.Sort(got)
	// (other's x.saveForm() is no call of a function: grep leaves it out.)
	want := []string{"Form · grep fallback: reference (passed as a value)" + PossibleNameNote}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("calls (-want +got):\n%s\n%s", diff, out.Observed)
	}
}

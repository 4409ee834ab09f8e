package resolve_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/callcascade/callcascade/cascade/fact"
)

// Each summary lists exactly the sites that send its signal from its
// sender: the model's saves, not a non-model's save() or a bulk_create().
func TestImplicitSendSites(t *testing.T) {
	r := indexFixture(t, "django-signals")
	sites := func(receiver string) map[string][]string {
		t.Helper()
		edges, err := r.Incoming(context.Background(), symbolNamed(t, r, receiver))
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]string{}
		for _, e := range edges {
			if e.Implicit == nil {
				if e.Resolution == fact.ResolvedImplicit {
					t.Errorf("%s: implicit edge without its sites", receiver)
				}
				continue
			}
			key := e.Implicit.Title()
			for _, s := range e.Implicit.Sites {
				test := ""
				if s.Test {
					test = " test"
				}
				out[key] = append(out[key], fmt.Sprintf("%s:%d %s %s%s", s.Caller.Path, s.Span.Start.Line+1, s.Caller.Name, s.Call, test))
			}
		}
		return out
	}
	for _, tc := range []struct {
		receiver string
		want     map[string][]string
	}{
		{"article_deleting", map[string][]string{"pre_delete of Article": {
			"blog/services.py:37 purge delete()",
			"blog/services.py:38 purge delete()",
			"blog/tests/test_articles.py:10 test_save delete() test",
		}}},
		{"comment_saved", map[string][]string{"post_save of Comment": {
			"blog/services.py:28 add_comment objects.create()",
			"blog/services.py:30 add_comment save()",
			"blog/tests/test_articles.py:14 test_comment objects.create() test",
		}}},
		{"tags_changed", map[string][]string{"m2m_changed of Article.tags.through": {
			"blog/services.py:17 edit tags.add()",
			"blog/services.py:18 edit tags.remove()",
			"blog/services.py:19 edit tags.clear()",
			"blog/tests/test_articles.py:9 test_save tags.set() test",
		}}},
		{"on_published", map[string][]string{}}, // a custom signal: only explicit sends
		{"on_request", map[string][]string{}},   // sent by Django
	} {
		if diff := cmp.Diff(tc.want, sites(tc.receiver)); diff != "" {
			t.Errorf("%s: implicit sites (-want +got):\n%s", tc.receiver, diff)
		}
	}
}

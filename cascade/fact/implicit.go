package fact

import (
	"fmt"
	"sort"
	"strings"

	"github.com/callcascade/callcascade/treesitter"
)

// ImplicitSends summarizes the calls that send one signal, from one sender,
// without naming the signal: one entry instead of one caller per save().
type ImplicitSends struct {
	Signal string `json:"signal"`
	// Sender is the sender the subscription names ("Order",
	// "Article.tags.through"); "" when it hears every sender.
	Sender       string         `json:"sender,omitempty"`
	Count        int            `json:"count"`
	OutsideTests int            `json:"outsideTests"`
	Sites        []ImplicitSite `json:"sites"`
}

// ImplicitSite is one call that sends the signal.
type ImplicitSite struct {
	Caller Symbol          `json:"caller"` // the enclosing symbol (the module's at top level)
	Span   treesitter.Span `json:"span"`
	Call   string          `json:"call"`            // what is called, as people say it: "save()"
	Model  string          `json:"model,omitempty"` // the sender the call sends as
	Test   bool            `json:"test,omitempty"`  // in a test file
}

// Title names the summary for people: "post_save of Order", "post_save
// of any model".
func (s *ImplicitSends) Title() string {
	who := s.Sender
	if who == "" {
		who = "any model"
	}
	return s.Signal + " of " + who
}

// Counts says how many sites, of which calls, and how many are outside
// tests: "431 save() sites (27 outside tests)".
func (s *ImplicitSends) Counts() string {
	noun := "sites"
	if s.Count == 1 {
		noun = "site"
	}
	return fmt.Sprintf("%d %s %s (%d outside tests)", s.Count, s.Calls(), noun, s.OutsideTests)
}

// Summary is Title and Counts in one line.
func (s *ImplicitSends) Summary() string { return s.Title() + ": " + s.Counts() }

// Calls names the kinds of call among the sites, the most frequent first,
// two at most: "save()/objects.create()", "save()/objects.create()/…".
func (s *ImplicitSends) Calls() string {
	n := map[string]int{}
	var kinds []string
	for _, site := range s.Sites {
		if n[site.Call] == 0 {
			kinds = append(kinds, site.Call)
		}
		n[site.Call]++
	}
	sort.SliceStable(kinds, func(i, j int) bool {
		a, b := kinds[i], kinds[j]
		return n[a] > n[b] || n[a] == n[b] && a < b
	})
	if len(kinds) > 2 {
		kinds = append(kinds[:2], "…") // the list is in Sites; the line stays short
	}
	return strings.Join(kinds, "/")
}

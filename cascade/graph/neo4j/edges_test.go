package neo4j_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/cascade/graph/index"
	neo4jstore "github.com/callcascade/callcascade/cascade/graph/neo4j"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
	"github.com/callcascade/callcascade/treesitter"
)

// The edge pass without Neo4j: the rows it would write for the fixtures,
// checked against the fixtures' own markers (see server/marker_test.go:
// a target an @event or @registered marker names has its complete set of
// callers in markers), and the "who triggers this handler" question
// answered from the rows the way docs/NEO4J-FRAMEWORK.md's Cypher answers
// it from the graph.

// computeFixtureEdges indexes a fixture into a fresh embedded store and
// runs the pass over it.
func computeFixtureEdges(t *testing.T, name string) (*neo4jstore.Edges, *embedded.Store) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	s, err := embedded.Open(filepath.Join(t.TempDir(), "graph.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ctx := context.Background()
	if _, err := (&index.Indexer{Root: root, Store: s}).IndexAll(ctx, nil); err != nil {
		t.Fatal(err)
	}
	edges, err := neo4jstore.ComputeEdges(ctx, s, &resolve.Resolver{Store: s, Root: root})
	if err != nil {
		t.Fatal(err)
	}
	return edges, s
}

// triggersFromRows answers cypherTriggers over the rows: the publications
// of every event handler subscribes to whose sender the subscription
// hears, as "publisher path:line bus:key".
func triggersFromRows(e *neo4jstore.Edges, handler string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range e.Subscriptions {
		if s.SymbolID != handler {
			continue
		}
		for _, p := range e.Publications {
			if p.Bus != s.Bus || p.Key != s.Key || (s.Sender != "" && s.Sender != p.Sender) {
				continue
			}
			pub := p.PublisherID
			if pub == "" {
				pub = p.Path + "#"
			}
			line := fmt.Sprintf("%s %s:%d %s", pub, p.Path, p.Line, neo4jstore.EventName(p.Bus, p.Key))
			if !seen[line] {
				seen[line] = true
				out = append(out, line)
			}
		}
	}
	sort.Strings(out)
	return out
}

// markerArgRE splits marker arguments at commas outside quotes: an event
// may be a pattern object ("{cmd:'sum',role:'math'}").
var markerArgRE = regexp.MustCompile(`"[^"]*"|[^,\s"][^,]*`)

var edgeMarkerRE = regexp.MustCompile(`@(def|site|event|registered|call|ref|namecall|dispatch|module)\(((?:[^()"]|"[^"]*")*)\)`)

type markerPlace struct {
	path string // fixture-relative
	line int    // 1-based
	text string // the needle
}

type frameworkMarker struct {
	kind                  string // event or registered
	caller, target, label string
	sites                 []string
	at                    string
}

// parseEdgeMarkers reads the @def, @site, @event and @registered markers
// of a fixture.
func parseEdgeMarkers(t *testing.T, name string) (defs, sites map[string]markerPlace, marks, calls []frameworkMarker) {
	t.Helper()
	root := filepath.Join("..", "..", "..", "testdata", name)
	defs, sites = map[string]markerPlace{}, map[string]markerPlace{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if _, ok := treesitter.LanguageForPath(p); !ok {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			for _, m := range edgeMarkerRE.FindAllStringSubmatch(sc.Text(), -1) {
				var args []string
				for _, a := range markerArgRE.FindAllString(m[2], -1) {
					if a = strings.Trim(strings.TrimSpace(a), `"`); a != "" {
						args = append(args, a)
					}
				}
				at := fmt.Sprintf("%s:%d", rel, n)
				switch m[1] {
				case "module": // a file's top level as a caller: its id is path#
					defs[args[0]] = markerPlace{path: rel, text: "#"}
				case "def", "site":
					if len(args) != 2 {
						t.Fatalf("%s: @%s wants two arguments", at, m[1])
					}
					dst := defs
					if m[1] == "site" {
						dst = sites
					}
					dst[args[0]] = markerPlace{path: rel, line: n, text: args[1]}
				case "call", "ref", "namecall", "dispatch":
					if len(args) < 3 {
						t.Fatalf("%s: @%s wants (CALLER, TARGET, SITE...)", at, m[1])
					}
					calls = append(calls, frameworkMarker{kind: m[1], caller: args[0], target: args[1], sites: args[2:], at: at})
				default:
					if len(args) < 4 {
						t.Fatalf("%s: @%s wants (CALLER, TARGET, \"label\", SITE...)", at, m[1])
					}
					marks = append(marks, frameworkMarker{kind: m[1], caller: args[0], target: args[1], label: args[2], sites: args[3:], at: at})
				}
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return defs, sites, marks, calls
}

// symbolAt is the id of the symbol a @def marker names.
func symbolAt(t *testing.T, s *embedded.Store, d markerPlace) string {
	t.Helper()
	if d.text == "#" {
		return d.path + "#"
	}
	syms, err := s.SymbolsInFile(context.Background(), d.path)
	if err != nil {
		t.Fatal(err)
	}
	for _, sym := range syms {
		if sym.Name == d.text && int(sym.Selection.Start.Line)+1 == d.line {
			return sym.ID
		}
	}
	t.Fatalf("%s:%d: no symbol %s", d.path, d.line, d.text)
	return ""
}

// Every fixture with @event or @registered markers: the CALLS rows into
// each target they name are exactly the markers' (caller, resolution,
// event or via, lines), and who triggers each subscriber, through the
// SUBSCRIBES and PUBLISHES rows and their CODE_EVENT, is exactly the
// @event markers' publishers at their sites.
func TestEdgeRowsMatchFixtureMarkers(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("..", "..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, entry := range entries {
		if !entry.IsDir() {
			continue
		}
		name := entry.Name()
		defs, sites, marks, _ := parseEdgeMarkers(t, name)
		if len(marks) == 0 {
			continue
		}
		t.Run(name, func(t *testing.T) {
			edges, store := computeFixtureEdges(t, name)
			id := func(def string) string {
				d, ok := defs[def]
				if !ok {
					t.Fatalf("no @def(%s)", def)
				}
				return symbolAt(t, store, d)
			}
			wantCalls := map[string][]string{}    // target -> "caller resolution label lines"
			wantTriggers := map[string][]string{} // subscriber -> triggersFromRows lines, without the bus
			for _, m := range marks {
				caller, target := id(m.caller), id(m.target)
				var lines []int64
				path := ""
				for _, s := range m.sites {
					p, ok := sites[s]
					if !ok {
						t.Fatalf("%s: no @site(%s)", m.at, s)
					}
					lines, path = append(lines, int64(p.line)), p.path
				}
				wantCalls[target] = append(wantCalls[target], fmt.Sprintf("%s %s %s %v", caller, m.kind, m.label, lines))
				if m.kind == "event" {
					for _, l := range lines {
						wantTriggers[target] = append(wantTriggers[target], fmt.Sprintf("%s %s:%d %s", caller, path, l, m.label))
					}
				}
			}
			for target, want := range wantCalls {
				var got []string
				for _, c := range edges.Calls {
					if c.TargetID != target || (c.Resolution != fact.ResolvedEvent && c.Resolution != fact.ResolvedRegistration) {
						continue
					}
					caller := c.CallerID
					if caller == "" {
						caller = c.CallerPath + "#"
					}
					label := c.Event
					if c.Resolution == fact.ResolvedRegistration {
						label = strings.NewReplacer(`"`, "", "'", "").Replace(c.Via)
					}
					kind := map[fact.Resolution]string{fact.ResolvedEvent: "event", fact.ResolvedRegistration: "registered"}[c.Resolution]
					entry := fmt.Sprintf("%s %s %s %v", caller, kind, label, c.Lines)
					if c.Resolution == fact.ResolvedRegistration {
						// A marker names the start of the via, as the server's
						// marker test reads it (a beat entry adds its schedule).
						for _, w := range want {
							head, lines, _ := strings.Cut(w, " [")
							if strings.HasPrefix(entry, head) && strings.HasSuffix(entry, " ["+lines) {
								entry = w
							}
						}
					}
					got = append(got, entry)
				}
				slices.Sort(want)
				slices.Sort(got)
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("framework CALLS rows into %s (-markers +rows):\n%s", target, diff)
				}
				checked++
			}
			for subscriber, want := range wantTriggers {
				var got []string
				for _, line := range triggersFromRows(edges, subscriber) {
					// The markers name the key, not the bus: drop "bus:".
					// (Keys may hold spaces: split after caller and site.)
					parts := strings.SplitN(line, " ", 3)
					_, key, _ := strings.Cut(parts[2], ":")
					entry := parts[0] + " " + parts[1] + " " + key
					if prefix, ok := strings.CutSuffix(entry, "/*"); ok {
						// A handler of every job of a queue: the publisher's
						// PUBLISHES names the queue's wildcard node.
						for _, w := range want {
							if strings.HasPrefix(w, prefix+"/") {
								entry = w
							}
						}
					}
					got = append(got, entry)
				}
				slices.Sort(want)
				want = slices.Compact(want)
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("who triggers %s (-markers +rows):\n%s", subscriber, diff)
				}
			}
		})
	}
	if checked == 0 {
		t.Fatal("no fixture has @event or @registered markers: nothing was checked")
	}
}

// docPath is the page that shows the schema, the queries and their
// results on the fixtures.
var docPath = filepath.Join("..", "..", "..", "docs", "NEO4J-FRAMEWORK.md")

var docBlockRE = regexp.MustCompile(`<!-- (who-triggers|callers) testdata/(\S+) (\S+) -->\n((?:\|.*\|\n)+)`)

// The results docs/NEO4J-FRAMEWORK.md shows are what the pass's rows
// answer: each table under a "<!-- who-triggers testdata/FIXTURE ID -->"
// or "<!-- callers ... -->" comment is compared with the rows.
func TestDocResultsAreTheRows(t *testing.T) {
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	blocks := docBlockRE.FindAllStringSubmatch(string(doc), -1)
	if len(blocks) == 0 {
		t.Fatal("no result tables in the doc")
	}
	computed := map[string]*neo4jstore.Edges{}
	for _, b := range blocks {
		kind, fixture, id, table := b[1], b[2], b[3], b[4]
		e := computed[fixture]
		if e == nil {
			e, _ = computeFixtureEdges(t, fixture)
			computed[fixture] = e
		}
		var want []string
		for i, line := range strings.Split(strings.TrimSpace(table), "\n") {
			if i < 2 {
				continue // the header and its rule
			}
			var cells []string
			for _, c := range strings.Split(strings.Trim(line, "|"), "|") {
				cells = append(cells, strings.Trim(strings.TrimSpace(c), "`"))
			}
			want = append(want, strings.Join(cells, " | "))
		}
		var got []string
		switch kind {
		case "who-triggers":
			for _, s := range e.Subscriptions {
				if s.SymbolID != id {
					continue
				}
				for _, p := range e.Publications {
					if p.Bus == s.Bus && p.Key == s.Key && (s.Sender == "" || s.Sender == p.Sender) {
						pub := p.PublisherID
						if pub == "" {
							pub = p.Path + "#"
						}
						got = append(got, strings.Join([]string{p.Bus, p.Key, pub, p.Path, fmt.Sprint(p.Line)}, " | "))
					}
				}
			}
		case "callers":
			for _, c := range e.Calls {
				if c.TargetID != id {
					continue
				}
				caller := c.CallerID
				if caller == "" {
					caller = c.CallerPath + "#"
				}
				lines := strings.Trim(strings.ReplaceAll(fmt.Sprint(c.Lines), " ", ", "), "[]")
				got = append(got, strings.Join([]string{caller, string(c.Resolution), c.Via, c.Event, lines}, " | "))
			}
		}
		slices.Sort(got)
		got = slices.Compact(got)
		slices.Sort(want)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s of %s in testdata/%s: the doc's table (-) differs from the rows (+):\n%s", kind, id, fixture, diff)
		}
	}
}

// Every fixture's @call, @namecall and @dispatch markers (CALLER calls
// TARGET at exactly these sites) are CALLS rows with that resolution:
// ast, name, or ast through an interface or base method (via).
func TestCallRowsMatchFixtureMarkers(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("..", "..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, entry := range entries {
		if !entry.IsDir() {
			continue
		}
		name := entry.Name()
		defs, sites, _, calls := parseEdgeMarkers(t, name)
		if len(calls) == 0 {
			continue
		}
		t.Run(name, func(t *testing.T) {
			edges, store := computeFixtureEdges(t, name)
			// A caller's name matches are a row of their own beside its
			// precise row (the resolver's nameMatchesApart).
			type pair struct {
				caller, target string
				name           bool
			}
			want := map[pair]map[int64]bool{}
			kind := map[pair]string{}
			for _, m := range calls {
				d, ok := defs[m.caller]
				c, ok2 := defs[m.target]
				if !ok || !ok2 {
					t.Fatalf("%s: no @def for %s or %s", m.at, m.caller, m.target)
				}
				k := pair{symbolAt(t, store, d), symbolAt(t, store, c), m.kind == "namecall"}
				if want[k] == nil {
					want[k] = map[int64]bool{}
				}
				for _, s := range m.sites {
					p, ok := sites[s]
					if !ok {
						t.Fatalf("%s: no @site(%s)", m.at, s)
					}
					want[k][int64(p.line)] = true
				}
				kind[k] = m.kind
			}
			for k, lines := range want {
				var row *neo4jstore.CallRow
				for i := range edges.Calls {
					caller := edges.Calls[i].CallerID
					if caller == "" {
						caller = edges.Calls[i].CallerPath + "#" // a file's top level
					}
					if caller == k.caller && edges.Calls[i].TargetID == k.target && (edges.Calls[i].Resolution == fact.ResolvedName) == k.name {
						row = &edges.Calls[i]
					}
				}
				if row == nil {
					t.Errorf("no CALLS row %s -> %s (@%s)", k.caller, k.target, kind[k])
					continue
				}
				got := map[int64]bool{}
				for _, l := range row.Lines {
					got[l] = true
				}
				if diff := cmp.Diff(lines, got); diff != "" {
					t.Errorf("CALLS %s -> %s: lines (-markers +row):\n%s", k.caller, k.target, diff)
				}
				wantRes, wantVia := fact.ResolvedAST, false
				switch kind[k] {
				case "namecall":
					wantRes = fact.ResolvedName
				case "dispatch":
					wantVia = true
				}
				// A name match on a pytest fixture's value names the fixture,
				// one through a field holding several functions the field.
				nameVia := kind[k] == "namecall" && (strings.HasPrefix(row.Via, "pytest fixture ") || strings.HasPrefix(row.Via, fact.ViaStoredField))
				if row.Resolution != wantRes || (row.Via != "") != wantVia && !nameVia {
					t.Errorf("CALLS %s -> %s: resolution %s via %q, want %s (via: %v) for @%s", k.caller, k.target, row.Resolution, row.Via, wantRes, wantVia, kind[k])
				}
				target := k.target
				if i := strings.LastIndexByte(target, '~'); i > strings.LastIndexByte(target, '.') {
					target = target[:i] // Mail.Mail~2: an overload, named Mail
				}
				// @dispatch says nothing of a reference: a method read through
				// an interface (typeof gateway.send) is both.
				if wantRef := kind[k] == "ref"; kind[k] != "dispatch" && (row.Ref != "") != wantRef || wantRef && !strings.HasSuffix(target, "."+row.Ref) && !strings.HasSuffix(target, "#"+row.Ref) {
					t.Errorf("CALLS %s -> %s: ref %q, want a reference: %v (@%s)", k.caller, k.target, row.Ref, wantRef, kind[k])
				}
				checked++
			}
		})
	}
	if checked == 0 {
		t.Fatal("no fixture has @call markers: nothing was checked")
	}
	t.Logf("%d caller edges checked against markers", checked)
}

// A pass whose context ends stops with the context's error, not with
// partial rows.
func TestComputeEdgesStopsWhenCancelled(t *testing.T) {
	_, store := computeFixtureEdges(t, "nest-events")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e, err := neo4jstore.ComputeEdges(ctx, store, &resolve.Resolver{Store: store})
	if !errors.Is(err, context.Canceled) || e != nil {
		t.Errorf("ComputeEdges with a cancelled context = %v, %v; want nil and context.Canceled", e, err)
	}
}

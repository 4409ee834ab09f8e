package server_test

// Marker tests in the spirit of gopls: expectations live in comments in the
// fixture sources under testdata/, and are checked through the real server
// over a JSON-RPC pipe.
//
//	@def(NAME, "needle")        binds NAME to the declaration whose name is needle on this line
//	@site(NAME, "needle")       binds NAME to the call-site range of needle on this line
//	@call(CALLER, TARGET, SITE...)  CALLER calls TARGET at exactly these sites, precisely;
//	                            incomingCalls(TARGET) must list exactly the @call callers
//	@namecall(CALLER, TARGET, SITE...)  the same, but the edge is a name-only match
//	@incoming(CALLER, TARGET, SITE...)  as @call, checked on incomingCalls(TARGET) only: where
//	                            TARGET's file is built in another configuration than CALLER's
//	                            (a _darwin.go file on Linux), gopls answers TARGET in TARGET's
//	                            build, where CALLER calls it, and outgoingCalls(CALLER) in
//	                            CALLER's, where it does not; and a call through an interface
//	                            literal declared in CALLER, which outgoingCalls does not resolve
//	@dispatch(CALLER, TARGET, SITE...)  the call is written against an interface or base
//	                            method that TARGET implements or overrides: incomingCalls(TARGET)
//	                            lists CALLER ("dispatched through"), outgoingCalls does not; not
//	                            in Python, where the call is the base method's caller only
//	@ref(CALLER, TARGET, SITE...)  CALLER uses TARGET as a value at exactly these sites
//	                            (passes, stores, returns or binds it; does not call it there):
//	                            incomingCalls(TARGET) lists CALLER, precise, with a detail that
//	                            says it "passes" TARGET "as a value", and outgoingCalls(CALLER)
//	                            lists TARGET at the same sites, said the same way
//	@access(CALLER, TARGET, "what", SITE...)  CALLER reads or writes TARGET, a getter or setter,
//	                            at exactly these sites (bank.length, el.summary = x): as @ref, with
//	                            a detail that contains what ("reads the getter", "writes the setter");
//	                            "reads the getter, dispatched through Base.opts": the site reads the
//	                            accessor of a class target's class extends or is extended by, checked
//	                            incoming only
//	@callers(TARGET, CALLER...) incomingCalls(TARGET) is exactly these callers (none if empty)
//	                            in the graph's answer; with none, the answer of a fallback
//	                            stage (grep, keyword) is allowed
//	@event(PUBLISHER, SUBSCRIBER, "name", SITE...)  PUBLISHER publishes event name at SITE,
//	                            which SUBSCRIBER handles: incomingCalls(SUBSCRIBER) lists
//	                            PUBLISHER with detail "via event 'name'", and
//	                            outgoingCalls(PUBLISHER) lists SUBSCRIBER at the same sites
//	@registered(CALLER, HANDLER, "via", SITE...)  CALLER registers HANDLER by value at SITE:
//	                            both directions list the edge, with detail "registered via"
//	                            followed by via, quotes left out (http.HandleFunc(/orders))
//	@implicit(RECEIVER, "signal", "sender", COUNT, OUTSIDE)  on the line that subscribes
//	                            RECEIVER (@receiver(...), signal.connect(...)): incomingCalls(RECEIVER)
//	                            has exactly one summary item (kind Event) for the signal and sender
//	                            ("any model" when none), on this line, counting COUNT sites of
//	                            which OUTSIDE are outside tests; expanding it lists COUNT sites.
//	                            Summary items are the only Event items, and never callers.
//	@sends(CALLER, RECEIVER, "signal", SITE...)  CALLER sends signal implicitly at SITE (a
//	                            model's save()): outgoingCalls(CALLER) lists RECEIVER "via event",
//	                            and incomingCalls(RECEIVER) does NOT list CALLER (it is summarized)
//	@module(NAME)               binds NAME to this file's top level (urls.py's urlpatterns,
//	                            a Go package-level var) as a caller; checked incoming only, as
//	                            the graph has no outgoing answer for a file's top level
//	@entry(TARGET, "text")      TARGET is a framework entry point with no caller in code:
//	                            incomingCalls(TARGET) holds an entry item whose detail contains
//	                            text and no grep or keyword guess, and the diagnostic published
//	                            on TARGET says text too; a target without @entry gets no entry item
//	@nocallers(TARGET)          incomingCalls(TARGET) holds no item at all: no caller, and no
//	                            fallback guess (the graph resolved every site of the name
//	                            elsewhere, or strings only mention it)
//	@possible(CALLER, TARGET, SITE...)  the grep fallback lists CALLER at exactly these sites,
//	                            flagged "possible caller" (its receiver was not resolved); with
//	                            @possible, @dynamic, @mention or @nocallers on a target, its
//	                            fallback items are exactly these
//	@dynamic(CALLER, TARGET, "needle")  the string literal needle on this line reaches a
//	                            dispatch (getattr(obj, 'run')): the keyword stage lists CALLER
//	                            at it, "dispatched by"
//	@mention(TARGET, "needle")  the string literal needle on this line names TARGET and is no
//	                            call: no item of incomingCalls(TARGET) is at it, the diagnostic
//	                            on TARGET names its path:line, and callcascade.showMentions
//	                            (the diagnostic's code action) lists it
//
// A target with a @namecall edge gets a name_match diagnostic: its answer is degraded.

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/handlers"
	"github.com/callcascade/callcascade/server"
	"github.com/callcascade/callcascade/treesitter"
)

var markerRE = regexp.MustCompile(`@(def|site|call|incoming|ref|refvia|written|writtenvia|access|namecall|outside|unmapped|dispatch|callers|event|registered|implicit|sends|module|entry|nocallers|possible|dynamic|mention)\(((?:[^()"]|"[^"]*")*)\)`)

type loc struct {
	uri protocol.DocumentURI
	rng protocol.Range
}

func (l loc) String() string {
	return fmt.Sprintf("%s:%d:%d", filepath.Base(string(l.uri)), l.rng.Start.Line+1, l.rng.Start.Character+1)
}

type edgeWant struct {
	caller, target string
	sites          []string
	nameOnly       bool
	dispatch       bool
	detail         string // for @event and @registered: what the caller's detail must contain
	framework      bool   // @event or @registered: the site is not a call of the target
	ref            bool   // @ref: the site uses the target as a value
	outgoingOnly   bool   // @sends: not a caller of the target
	incomingOnly   bool   // @incoming: checked on incomingCalls only
	at             string
}

type fixture struct {
	defs     map[string]loc
	sites    map[string]loc
	calls    []edgeWant
	callers  map[string][]string // explicit @callers
	mentions map[string]bool     // targets whose complete caller set is asserted
	implicit map[string][]string // receiver -> "signal of sender@line count/outside" wanted
	modules  map[string]protocol.CallHierarchyItem
	entries  map[string][]string // @entry: what the entry item and diagnostic say
	// strict: targets whose fallback items are exactly fallbacks (@nocallers,
	// @possible, @dynamic, @mention).
	strict    map[string]bool
	fallbacks map[string][]fallbackWant
	mentioned map[string][]loc // @mention: the literals that name a target
}

// fallbackWant is a fallback item a target's answer must hold.
type fallbackWant struct {
	key    string // caller@sites, as describe writes it
	detail string // what its detail must contain
}

func parseFixture(t *testing.T, root string) *fixture {
	t.Helper()
	fx := &fixture{defs: map[string]loc{}, sites: map[string]loc{}, callers: map[string][]string{}, mentions: map[string]bool{}, implicit: map[string][]string{},
		modules: map[string]protocol.CallHierarchyItem{}, entries: map[string][]string{},
		strict: map[string]bool{}, fallbacks: map[string][]fallbackWant{}, mentioned: map[string][]loc{}}
	absRoot, _ := filepath.Abs(root)
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if _, ok := treesitter.LanguageForPath(path); !ok {
			return nil
		}
		abs, _ := filepath.Abs(path)
		uri := handlers.URIFromPath(abs)
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for lineNo := 0; sc.Scan(); lineNo++ {
			line := sc.Text()
			for _, m := range markerRE.FindAllStringSubmatch(line, -1) {
				args := splitArgs(m[2])
				at := fmt.Sprintf("%s:%d", path, lineNo+1)
				switch m[1] {
				case "def", "site":
					if len(args) != 2 {
						t.Fatalf("%s: @%s wants (NAME, \"needle\")", at, m[1])
					}
					col := strings.Index(line, args[1])
					if col < 0 {
						t.Fatalf("%s: needle %q not on the line", at, args[1])
					}
					l := loc{uri: uri, rng: protocol.Range{
						Start: protocol.Position{Line: uint32(lineNo), Character: utf16Len(line[:col])},
						End:   protocol.Position{Line: uint32(lineNo), Character: utf16Len(line[:col+len(args[1])])},
					}}
					dst := fx.defs
					if m[1] == "site" {
						dst = fx.sites
					}
					if _, dup := dst[args[0]]; dup {
						t.Fatalf("%s: %s bound twice", at, args[0])
					}
					dst[args[0]] = l
				case "call", "incoming", "namecall", "dispatch":
					if len(args) < 3 {
						t.Fatalf("%s: @%s wants (CALLER, TARGET, SITE...)", at, m[1])
					}
					fx.calls = append(fx.calls, edgeWant{caller: args[0], target: args[1], sites: args[2:], nameOnly: m[1] == "namecall", dispatch: m[1] == "dispatch", incomingOnly: m[1] == "incoming", at: at})
					fx.mentions[args[1]] = true
				case "outside", "unmapped":
					// A name-resolved caller the editor's TypeScript server
					// does not resolve: in a file no tsconfig includes,
					// reaching the target only through the config's path
					// aliases (ts-tsconfig-excluded), or through an import
					// the config's paths map to no file (js-unmapped-paths).
					if len(args) < 3 {
						t.Fatalf("%s: @%s wants (CALLER, TARGET, SITE...)", at, m[1])
					}
					detail := "leaves this file out, and only its path aliases reach the target"
					if m[1] == "unmapped" {
						detail = "to no file, so the editor resolves nothing there"
					}
					fx.calls = append(fx.calls, edgeWant{caller: args[0], target: args[1], sites: args[2:], nameOnly: true, detail: detail, at: at})
					fx.mentions[args[1]] = true
				case "ref":
					if len(args) < 3 {
						t.Fatalf("%s: @ref wants (CALLER, TARGET, SITE...)", at)
					}
					fx.calls = append(fx.calls, edgeWant{caller: args[0], target: args[1], sites: args[2:], detail: "as a value", ref: true, at: at})
					fx.mentions[args[1]] = true
				case "written", "writtenvia", "refvia":
					// A function written over a method (t.pull = async () => []):
					// @writtenvia when the target is the interface method the
					// written member implements, checked incoming only; @refvia
					// likewise for a reference (@ref) of such a member.
					if len(args) < 3 {
						t.Fatalf("%s: @%s wants (CALLER, TARGET, SITE...)", at, m[1])
					}
					via := m[1] != "written"
					detail := "writes a function over"
					if m[1] == "refvia" {
						detail = "as a value"
					}
					fx.calls = append(fx.calls, edgeWant{caller: args[0], target: args[1], sites: args[2:], detail: detail, ref: true, dispatch: via, incomingOnly: via, at: at})
					fx.mentions[args[1]] = true
				case "access":
					if len(args) < 4 {
						t.Fatalf("%s: @access wants (CALLER, TARGET, \"what\", SITE...)", at)
					}
					// "reads the getter, dispatched through Base.opts": the
					// site reads another class's accessor, which target
					// overrides or is overridden by: checked incoming only.
					what, through, dispatch := strings.Cut(args[2], ", dispatched through ")
					if dispatch {
						what += " · precise (ast), dispatched through " + through
					}
					fx.calls = append(fx.calls, edgeWant{caller: args[0], target: args[1], sites: args[3:], detail: what, ref: true, dispatch: dispatch, incomingOnly: dispatch, at: at})
					fx.mentions[args[1]] = true
				case "event", "registered":
					if len(args) < 4 {
						t.Fatalf("%s: @%s wants (CALLER, TARGET, \"name\", SITE...)", at, m[1])
					}
					detail := "via event '" + args[2] + "'"
					if m[1] == "registered" {
						detail = "registered via " + args[2]
					}
					fx.calls = append(fx.calls, edgeWant{caller: args[0], target: args[1], sites: args[3:], detail: detail, framework: true, at: at})
					fx.mentions[args[1]] = true
				case "implicit":
					if len(args) != 5 {
						t.Fatalf("%s: @implicit wants (RECEIVER, \"signal\", \"sender\", COUNT, OUTSIDE)", at)
					}
					fx.implicit[args[0]] = append(fx.implicit[args[0]], fmt.Sprintf("%s of %s@%s:%d %s/%s", args[1], args[2], filepath.Base(string(uri)), lineNo+1, args[3], args[4]))
					fx.mentions[args[0]] = true
				case "sends":
					if len(args) < 4 {
						t.Fatalf("%s: @sends wants (CALLER, RECEIVER, \"signal\", SITE...)", at)
					}
					fx.calls = append(fx.calls, edgeWant{caller: args[0], target: args[1], sites: args[3:], detail: "via event '" + args[2] + "'", framework: true, outgoingOnly: true, at: at})
					fx.mentions[args[1]] = true
				case "module":
					if len(args) != 1 {
						t.Fatalf("%s: @module wants (NAME)", at)
					}
					rel, _ := filepath.Rel(absRoot, abs)
					fx.modules[args[0]] = protocol.CallHierarchyItem{Name: filepath.Base(abs), URI: uri,
						Data: handlers.ItemData{SymbolID: filepath.ToSlash(rel) + "#", Root: absRoot}}
				case "entry":
					if len(args) != 2 {
						t.Fatalf("%s: @entry wants (TARGET, \"text\")", at)
					}
					fx.entries[args[0]] = append(fx.entries[args[0]], args[1])
					fx.mentions[args[0]] = true
				case "nocallers":
					if len(args) != 1 {
						t.Fatalf("%s: @nocallers wants (TARGET)", at)
					}
					fx.mentions[args[0]], fx.strict[args[0]] = true, true
				case "possible":
					if len(args) < 3 {
						t.Fatalf("%s: @possible wants (CALLER, TARGET, SITE...)", at)
					}
					sites := append([]string(nil), args[2:]...)
					sort.Strings(sites)
					fx.fallbacks[args[1]] = append(fx.fallbacks[args[1]], fallbackWant{key: args[0] + "@" + strings.Join(sites, ","), detail: "possible caller"})
					fx.mentions[args[1]], fx.strict[args[1]] = true, true
				case "dynamic", "mention":
					if len(args) != 3-btoi(m[1] == "mention") {
						t.Fatalf("%s: @dynamic wants (CALLER, TARGET, \"needle\"), @mention (TARGET, \"needle\")", at)
					}
					needle := args[len(args)-1]
					col := strings.Index(line, needle)
					if col < 0 {
						t.Fatalf("%s: needle %q not on the line", at, needle)
					}
					l := loc{uri: uri, rng: protocol.Range{
						Start: protocol.Position{Line: uint32(lineNo), Character: utf16Len(line[:col])},
						End:   protocol.Position{Line: uint32(lineNo), Character: utf16Len(line[:col+len(needle)])},
					}}
					target := args[len(args)-2]
					fx.mentions[target], fx.strict[target] = true, true
					if m[1] == "mention" {
						fx.mentioned[target] = append(fx.mentioned[target], l)
						continue
					}
					site := fmt.Sprintf("literal@%d", lineNo+1)
					fx.sites[site] = l
					fx.fallbacks[target] = append(fx.fallbacks[target], fallbackWant{key: args[0] + "@" + site, detail: "dispatched by"})
				case "callers":
					if len(args) < 1 {
						t.Fatalf("%s: @callers wants (TARGET, CALLER...)", at)
					}
					fx.callers[args[0]] = append(fx.callers[args[0]], args[1:]...)
					fx.mentions[args[0]] = true
				}
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return fx
}

func splitArgs(s string) []string {
	var out []string
	var cur strings.Builder
	inQuote := false
	for _, r := range s {
		switch {
		case r == '"':
			inQuote = !inQuote
		case r == ',' && !inQuote:
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteRune(r)
		}
	}
	if last := strings.TrimSpace(cur.String()); last != "" || len(out) > 0 {
		out = append(out, last)
	}
	var trimmed []string
	for _, a := range out {
		if a != "" {
			trimmed = append(trimmed, a)
		}
	}
	return trimmed
}

func utf16Len(s string) uint32 {
	var n uint32
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		n += uint32(len(utf16.Encode([]rune{r})))
	}
	return n
}

func TestMarkers(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	// go env's default (CI sets CGO_ENABLED=1 for -race): gopls's views for
	// other platforms are cross builds with cgo off (testdata/go-build/proc).
	t.Setenv("CGO_ENABLED", "")
	dirs, err := filepath.Glob("../testdata/*")
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		fx := parseFixture(t, dir)
		if len(fx.defs) == 0 {
			continue
		}
		ran++
		t.Run(filepath.Base(dir), func(t *testing.T) { runFixture(t, dir, fx) })
	}
	if ran < 5 {
		t.Fatalf("only %d marker fixtures found", ran)
	}
}

func runFixture(t *testing.T, dir string, fx *fixture) {
	c := startServer(t, dir, server.Options{})
	nameOf := map[string]string{} // "uri:line:col" of a def's selection start -> def name
	for name, l := range fx.defs {
		nameOf[posKey(l.uri, l.rng.Start)] = name
	}
	siteName := map[string]string{}
	for name, l := range fx.sites {
		siteName[posKey(l.uri, l.rng.Start)+"-"+posKey(l.uri, l.rng.End)] = name
	}
	items := map[string]protocol.CallHierarchyItem{}
	for name, it := range fx.modules {
		nameOf[posKey(it.URI, it.SelectionRange.Start)] = name
		items[name] = it
	}

	// Every declaration prepares to exactly one item: itself.
	for _, name := range sortedKeys(fx.defs) {
		l := fx.defs[name]
		var got []protocol.CallHierarchyItem
		if err := c.call("textDocument/prepareCallHierarchy", prepareParams(l), &got); err != nil {
			t.Errorf("prepare %s at %s: %v", name, l, err)
			continue
		}
		if len(got) != 1 {
			t.Errorf("prepare %s at %s: got %d items, want exactly 1", name, l, len(got))
			continue
		}
		if got[0].URI != l.uri || got[0].SelectionRange != l.rng {
			t.Errorf("prepare %s at %s: got item %s at %s:%v", name, l, got[0].Name, got[0].URI, got[0].SelectionRange)
		}
		items[name] = got[0]
	}

	describe := func(uri protocol.DocumentURI, item protocol.CallHierarchyItem, ranges []protocol.Range) string {
		who := nameOf[posKey(item.URI, item.SelectionRange.Start)]
		if who == "" {
			who = fmt.Sprintf("<unbound %s %s:%d>", item.Name, filepath.Base(string(item.URI)), item.SelectionRange.Start.Line+1)
		}
		var sites []string
		for _, r := range ranges {
			s := siteName[posKey(uri, r.Start)+"-"+posKey(uri, r.End)]
			if s == "" {
				s = fmt.Sprintf("<unbound site %d:%d-%d:%d>", r.Start.Line+1, r.Start.Character+1, r.End.Line+1, r.End.Character+1)
			}
			sites = append(sites, s)
		}
		sort.Strings(sites)
		return who + "@" + strings.Join(sites, ",")
	}

	// Incoming: the complete set of callers of every target a marker names.
	want := map[string][]string{}
	for target := range fx.mentions {
		want[target] = []string{}
	}
	precise := map[string]bool{}    // caller@sites -> want precise
	dispatched := map[string]bool{} // caller@sites -> want "dispatched through"
	details := map[string]string{}  // caller@sites -> the detail must contain this
	for _, e := range fx.calls {
		if e.outgoingOnly {
			continue // summarized: incomingCalls must not list it, and does not when the set is exact
		}
		sites := append([]string(nil), e.sites...)
		sort.Strings(sites)
		key := e.caller + "@" + strings.Join(sites, ",")
		want[e.target] = append(want[e.target], key)
		if e.framework {
			details[e.target+"<-"+key] = e.detail
			continue
		}
		if e.ref || e.detail != "" {
			details[e.target+"<-"+key] = e.detail
		}
		precise[e.target+"<-"+key] = !e.nameOnly
		dispatched[e.target+"<-"+key] = e.dispatch
		if e.dispatch && strings.Contains(e.at, ".py:") {
			t.Errorf("%s: @dispatch in Python: a call of a base method is the base's caller only, as pyright answers (testdata/py-mro)", e.at)
		}
	}
	for target, callers := range fx.callers {
		for _, caller := range callers {
			found := false
			for _, k := range want[target] {
				if strings.HasPrefix(k, caller+"@") {
					found = true
				}
			}
			if !found {
				t.Errorf("@callers(%s, %s) has no matching @call marker", target, caller)
			}
		}
	}
	for _, target := range sortedKeys(want) {
		item, ok := items[target]
		if !ok {
			t.Errorf("target %s is not bound by a @def", target)
			continue
		}
		var got []protocol.CallHierarchyIncomingCall
		if err := c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: item}, &got); err != nil {
			t.Errorf("incomingCalls %s: %v", target, err)
			continue
		}
		var have []string
		var implicit []string
		var entries []protocol.CallHierarchyItem
		var fallbackHave, fallbackWantKeys []string
		fallbackDetail := map[string]string{}
		for _, f := range fx.fallbacks[target] {
			fallbackWantKeys = append(fallbackWantKeys, f.key)
			fallbackDetail[f.key] = f.detail
		}
		for _, in := range got {
			if in.From.Kind == protocol.SymbolKindEvent {
				implicit = append(implicit, describeImplicit(t, c, in))
				continue
			}
			key := describe(in.From.URI, in.From, in.FromRanges)
			if strings.HasPrefix(in.From.Detail, handlers.EntryDetailPrefix) {
				entries = append(entries, in.From)
				continue
			}
			if isFallback(in.From.Detail) {
				if fx.strict[target] {
					fallbackHave = append(fallbackHave, key)
					if d := fallbackDetail[key]; !strings.Contains(in.From.Detail, d) {
						t.Errorf("incomingCalls %s: fallback %s has detail %q, want it to contain %q", target, key, in.From.Detail, d)
					}
				}
				if len(fx.entries[target]) > 0 {
					t.Errorf("incomingCalls %s: fallback guess %s (%q) for a framework entry point", target, key, in.From.Detail)
				}
				// Markers state the graph's answer. When the graph has no
				// caller, the cascade's later stages answer by name; when
				// it has, they must not run.
				if len(want[target]) > 0 {
					t.Errorf("incomingCalls %s: fallback answer %s (%q) although the graph has callers", target, key, in.From.Detail)
				}
				continue
			}
			have = append(have, key)
			if wantDetail, ok := details[target+"<-"+key]; ok && !strings.Contains(unquoted(in.From.Detail), unquoted(wantDetail)) {
				t.Errorf("incomingCalls %s: caller %s has detail %q, want it to contain %q", target, key, in.From.Detail, wantDetail)
			}
			if wantPrecise, ok := precise[target+"<-"+key]; ok {
				isPrecise := strings.Contains(in.From.Detail, "precise")
				if wantPrecise != isPrecise {
					t.Errorf("incomingCalls %s: caller %s has detail %q, want precise=%v", target, key, in.From.Detail, wantPrecise)
				}
				if wantDispatch, isDispatch := dispatched[target+"<-"+key], strings.Contains(in.From.Detail, "dispatched through"); wantDispatch != isDispatch {
					t.Errorf("incomingCalls %s: caller %s has detail %q, want dispatched=%v", target, key, in.From.Detail, wantDispatch)
				}
			}
		}
		checkEntries(t, c, target, item, fx.entries[target], entries)
		if fx.strict[target] {
			sort.Strings(fallbackHave)
			sort.Strings(fallbackWantKeys)
			if diff := cmp.Diff(fallbackWantKeys, fallbackHave); diff != "" {
				t.Errorf("incomingCalls(%s) fallback items mismatch (-want +got):\n%s", target, diff)
			}
		}
		checkMentions(t, c, dir, target, item, fx.mentioned[target])
		for _, e := range fx.calls {
			if e.target == target && e.nameOnly {
				d := diagnosticOn(c, item)
				if d.Code != "name_match" {
					t.Errorf("incomingCalls %s holds a name match: diagnostic %v %q, want code name_match", target, d.Code, d.Message)
				}
				editor := strings.Contains(e.detail, "leaves this file out") || strings.Contains(e.detail, "the editor resolves nothing")
				if editor != strings.Contains(d.Message, "the editor's TypeScript server resolves nothing") {
					t.Errorf("incomingCalls %s: diagnostic %q, want it to say which callers the editor does not resolve: %v", target, d.Message, editor)
				}
				break
			}
		}
		sort.Strings(have)
		w := append([]string{}, want[target]...)
		sort.Strings(w)
		if have == nil {
			have = []string{}
		}
		if diff := cmp.Diff(w, have); diff != "" {
			t.Errorf("incomingCalls(%s) mismatch (-want +got):\n%s", target, diff)
		}
		sort.Strings(implicit)
		wi := append([]string{}, fx.implicit[target]...)
		sort.Strings(wi)
		if implicit == nil {
			implicit = []string{}
		}
		if diff := cmp.Diff(wi, implicit); diff != "" {
			t.Errorf("incomingCalls(%s) implicit summaries mismatch (-want +got):\n%s", target, diff)
		}
	}

	// Outgoing: every @call edge appears with the same sites.
	for _, e := range fx.calls {
		if _, isModule := fx.modules[e.caller]; e.dispatch || e.incomingOnly || isModule {
			continue
		}
		item, ok := items[e.caller]
		if !ok {
			t.Errorf("%s: caller %s is not bound by a @def", e.at, e.caller)
			continue
		}
		var got []protocol.CallHierarchyOutgoingCall
		if err := c.call("callHierarchy/outgoingCalls", &protocol.CallHierarchyOutgoingCallsParams{Item: item}, &got); err != nil {
			t.Errorf("outgoingCalls %s: %v", e.caller, err)
			continue
		}
		sites := append([]string(nil), e.sites...)
		sort.Strings(sites)
		wantKey := e.target + "@" + strings.Join(sites, ",")
		var have []string
		for _, out := range got {
			have = append(have, describe(item.URI, out.To, out.FromRanges))
		}
		found := false
		for i, h := range have {
			if h == wantKey {
				found = true
				if (e.framework || e.ref) && !strings.Contains(unquoted(got[i].To.Detail), unquoted(e.detail)) {
					t.Errorf("%s: outgoingCalls(%s) has %s with detail %q, want it to contain %q", e.at, e.caller, wantKey, got[i].To.Detail, e.detail)
				}
			}
		}
		if !found {
			t.Errorf("%s: outgoingCalls(%s) lacks %s; got %v", e.at, e.caller, wantKey, have)
		}
	}

	// A cursor on a call site prepares the called symbol (an event's or a
	// registration's site calls the bus or router, not the target). A site
	// that may call several (a field holding one of two functions) prepares
	// one of them.
	targetsAt := map[string]map[string]bool{}
	for _, e := range fx.calls {
		if targetsAt[e.sites[0]] == nil {
			targetsAt[e.sites[0]] = map[string]bool{}
		}
		targetsAt[e.sites[0]][e.target] = true
	}
	for _, e := range fx.calls {
		if e.dispatch || e.framework || e.incomingOnly {
			continue
		}
		l := fx.sites[e.sites[0]]
		var got []protocol.CallHierarchyItem
		if err := c.call("textDocument/prepareCallHierarchy", prepareParams(l), &got); err != nil {
			t.Errorf("prepare at site %s: %v", e.sites[0], err)
			continue
		}
		if len(got) != 1 || !targetsAt[e.sites[0]][nameOf[posKey(got[0].URI, got[0].SelectionRange.Start)]] {
			t.Errorf("prepare at site %s (%s): got %v, want %s", e.sites[0], l, itemNames(got), e.target)
		}
	}
}

var implicitCountsRE = regexp.MustCompile(`^(\d+) \S+ sites? \((\d+) outside tests\)`)

// describeImplicit writes a summary item as @implicit states it: "signal
// of sender@file:line count/outside", after checking that expanding it
// lists as many sites as it counts.
func describeImplicit(t *testing.T, c *testClient, in protocol.CallHierarchyIncomingCall) string {
	t.Helper()
	m := implicitCountsRE.FindStringSubmatch(in.From.Detail)
	if m == nil {
		t.Errorf("summary item %q: detail %q does not count its sites", in.From.Name, in.From.Detail)
		return in.From.Name + "@?"
	}
	if !strings.Contains(in.From.Detail, "not precise") {
		t.Errorf("summary item %q: detail %q is not flagged as not precise", in.From.Name, in.From.Detail)
	}
	if len(in.FromRanges) != 1 || in.FromRanges[0].Start.Line != in.From.SelectionRange.Start.Line {
		t.Errorf("summary item %q: fromRanges %v, want the subscribing line only", in.From.Name, in.FromRanges)
	}
	var sites []protocol.CallHierarchyIncomingCall
	if err := c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: in.From}, &sites); err != nil {
		t.Errorf("incomingCalls of summary %q: %v", in.From.Name, err)
	}
	n := 0
	for _, s := range sites {
		n += len(s.FromRanges)
		if s.From.Kind == protocol.SymbolKindEvent {
			t.Errorf("summary %q expands to another summary %q", in.From.Name, s.From.Name)
		}
	}
	if fmt.Sprint(n) != m[1] {
		t.Errorf("summary %q counts %s sites, expands to %d", in.From.Name, m[1], n)
	}
	return fmt.Sprintf("%s@%s:%d %s/%s", in.From.Name, filepath.Base(string(in.From.URI)), in.From.SelectionRange.Start.Line+1, m[1], m[2])
}

// checkEntries checks the entry items of incomingCalls(target) and the
// diagnostic published on it against its @entry texts: each text in an
// entry item and in the diagnostic, and no entry item without @entry.
func checkEntries(t *testing.T, c *testClient, target string, item protocol.CallHierarchyItem, want []string, items []protocol.CallHierarchyItem) {
	t.Helper()
	var got []string
	for _, it := range items {
		got = append(got, it.Name+" · "+it.Detail)
		// An entry item stands for the framework: nothing calls it.
		var in []protocol.CallHierarchyIncomingCall
		if err := c.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: it}, &in); err != nil || in == nil || len(in) != 0 {
			t.Errorf("incomingCalls of %s's entry item %q = %v, %v; want []", target, it.Name, in, err)
		}
	}
	if len(want) == 0 {
		if len(got) > 0 {
			t.Errorf("incomingCalls %s: entry items %q without an @entry marker", target, got)
		}
		return
	}
	for _, text := range want {
		found := false
		for _, g := range got {
			found = found || strings.Contains(unquoted(g), unquoted(text))
		}
		if !found {
			t.Errorf("incomingCalls %s: no entry item says %q; entry items: %q", target, text, got)
		}
	}
	// The diagnostic is published before the answer is sent; the client
	// may read it a moment later.
	var msg string
	for i := 0; i < 200; i++ {
		c.mu.Lock()
		for _, d := range c.diags[item.URI] {
			if d.Range == item.SelectionRange {
				msg = d.Message
			}
		}
		c.mu.Unlock()
		if msg != "" {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, text := range want {
		if !strings.Contains(unquoted(msg), unquoted(text)) {
			t.Errorf("diagnostic on %s is %q, want it to say %q", target, msg, text)
		}
	}
}

// isFallback reports whether an item's detail says a fallback stage (grep,
// keyword) found it rather than the graph.
func isFallback(detail string) bool {
	return strings.Contains(detail, "grep fallback") || strings.Contains(detail, "keyword match")
}

// unquoted drops quotes from a detail: marker arguments cannot hold
// them, so @registered(main, h, "http.HandleFunc(/x)") matches the detail
// registered via http.HandleFunc("/x").
func unquoted(s string) string {
	return strings.NewReplacer(`"`, "", "'", "", "\\", "").Replace(s)
}

func itemNames(items []protocol.CallHierarchyItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Name)
	}
	return out
}

func prepareParams(l loc) *protocol.CallHierarchyPrepareParams {
	return &protocol.CallHierarchyPrepareParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: l.uri}, Position: l.rng.Start,
	}}
}

func posKey(uri protocol.DocumentURI, p protocol.Position) string {
	return fmt.Sprintf("%s:%d:%d", uri, p.Line, p.Character)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// diagnosticOn waits a moment for the diagnostic published on item's name
// (it is published before the answer is sent; the client may read it a
// moment later); the zero Diagnostic when none comes.
func diagnosticOn(c *testClient, item protocol.CallHierarchyItem) protocol.Diagnostic {
	for i := 0; i < 200; i++ {
		c.mu.Lock()
		for _, d := range c.diags[item.URI] {
			if d.Range == item.SelectionRange {
				c.mu.Unlock()
				return d
			}
		}
		c.mu.Unlock()
		time.Sleep(10 * time.Millisecond)
	}
	return protocol.Diagnostic{}
}

// checkMentions checks a target's @mention literals: the diagnostic on it
// names each (path:line), and the showMentions code action lists each.
func checkMentions(t *testing.T, c *testClient, dir, target string, item protocol.CallHierarchyItem, want []loc) {
	t.Helper()
	if len(want) == 0 {
		return
	}
	d := diagnosticOn(c, item)
	absRoot, _ := filepath.Abs(dir)
	for _, l := range want {
		p, _ := handlers.PathFromURI(l.uri)
		rel, _ := filepath.Rel(absRoot, p)
		if at := fmt.Sprintf("%s:%d", filepath.ToSlash(rel), l.rng.Start.Line+1); !strings.Contains(d.Message, at) {
			t.Errorf("diagnostic on %s is %q, want it to name the mention %s", target, d.Message, at)
		}
	}
	var actions []protocol.CodeAction
	if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: item.URI},
		Range: d.Range, Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{d}}}, &actions); err != nil {
		t.Fatalf("codeAction on %s: %v", target, err)
	}
	for _, a := range actions {
		if a.Command == nil || a.Command.Command != "callcascade.showMentions" {
			continue
		}
		var got handlers.MentionsResult
		if err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: a.Command.Command, Arguments: a.Command.Arguments}, &got); err != nil {
			t.Fatalf("showMentions for %s: %v", target, err)
		}
		for _, l := range want {
			found := false
			for _, m := range got.Mentions {
				found = found || (protocol.DocumentURI(m.URI) == l.uri && m.Range.Start == l.rng.Start)
			}
			if !found {
				t.Errorf("showMentions for %s lacks %s; got %+v", target, l, got.Mentions)
			}
		}
		return
	}
	t.Errorf("no showMentions code action for %s's diagnostic %q", target, d.Message)
}

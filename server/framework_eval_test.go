package server_test

// TestFrameworkEval scores callcascade's framework edges (events, jobs,
// queues, signals, tasks, listeners, registrations) on real applications
// against the truth testdata/framework-truth/build_truth.py writes (issue 13,
// item 7). It is a measurement, not a regression test: it runs only when
// CALLCASCADE_FRAMEWORK_EVAL names a config file, and it drives a BUILT
// binary (`callcascade serve` on stdio), so a run names exactly what it
// measured.
//
// For every truth handler it prepares the call hierarchy at the handler's
// name and asks for its incoming calls. Each returned call site (a
// fromRange's start line, as path:line) is sorted by what its caller item's
// detail says:
//
//   - fallback: "grep fallback" or "keyword match" (a text guess);
//   - name:     "name match only";
//   - direct:   "precise (ast)": a plain call;
//   - summary:  a framework item that stands for many implicit sends (its
//     detail says "implicit" or "summary" or counts "N … sites", or it points
//     at the handler's own declaration or decorator lines, or it is an
//     entry-point item: "framework entry point · ...");
//   - implicit: a site whose source line is a .save()/.delete()/create()/
//     get_or_create()/update_or_create()/bulk_*()/m2m add/remove/clear/set
//     call, on a receiver the truth gives implicit senders to: an implicit
//     send listed on its own;
//   - framework: everything else (event, registration, task, signal, queue …).
//
// Recall = truth publisher sites returned (any kind but fallback) / truth
// publisher sites. Precision = framework sites that are truth publisher sites
// / framework sites, where the handler's neutral sites (truth
// "registrations": signal.connect(f) lines) count on neither side, and
// summary and implicit sites are reported in their own columns. A handler
// "left without caller" has a publisher in the truth and none returned.

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"go.lsp.dev/protocol"
)

const frameworkEvalEnv = "CALLCASCADE_FRAMEWORK_EVAL"

// frameworkEvalConfig is the file CALLCASCADE_FRAMEWORK_EVAL names. Every
// string may use $VARS; relative paths are relative to the config file.
type frameworkEvalConfig struct {
	Binary string `json:"binary"` // the callcascade binary to measure
	Output string `json:"output"` // Markdown report; the raw results go beside it as .json
	// Args are extra flags for `callcascade serve` (budgets, say).
	Args []string           `json:"args,omitempty"`
	Apps []frameworkEvalApp `json:"apps"`
}

type frameworkEvalApp struct {
	Name  string `json:"name"`
	Root  string `json:"root"`
	Truth string `json:"truth"`
}

// frameworkTruth is build_truth.py's output.
type frameworkTruth struct {
	Repo       string                  `json:"repo"`
	Commit     string                  `json:"commit"`
	Handlers   []frameworkTruthHandler `json:"handlers"`
	Forwarders []struct {
		Path    string `json:"path"`
		Line    int    `json:"line"`
		Wrapper string `json:"wrapper"`
	} `json:"forwarders"`
}

type frameworkTruthHandler struct {
	Path          string            `json:"path"`
	Line          int               `json:"line"`
	Name          string            `json:"name"`
	Container     string            `json:"container"`
	Kind          string            `json:"kind"`
	Keys          []any             `json:"keys"`
	Publishers    []frameworkSite   `json:"publishers"`
	Registrations []frameworkSite   `json:"registrations"`
	Implicit      []json.RawMessage `json:"implicit"`
}

type frameworkSite struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	Key  string `json:"key,omitempty"`
	How  string `json:"how,omitempty"`
}

func (s frameworkSite) at() string { return fmt.Sprintf("%s:%d", s.Path, s.Line) }

// Kinds of returned sites.
const (
	evalFallback  = "fallback"
	evalName      = "name"
	evalDirect    = "direct"
	evalSummary   = "summary"
	evalImplicit  = "implicit"
	evalFramework = "framework"
)

type frameworkReturned struct {
	At     string `json:"at"`
	Kind   string `json:"kind"`
	Caller string `json:"caller"`
	Detail string `json:"detail"`
	Text   string `json:"text"`
	Truth  bool   `json:"truth"`          // a truth publisher site of this handler
	Note   string `json:"note,omitempty"` // why a false framework site may look right
}

type frameworkHandlerResult struct {
	Handler  string              `json:"handler"` // path:line name
	Kind     string              `json:"kind"`
	Keys     []any               `json:"keys"`
	Prepared bool                `json:"prepared"`
	Error    string              `json:"error,omitempty"`
	Truth    []frameworkSite     `json:"truth"`
	Missed   []frameworkSite     `json:"missed"`
	Returned []frameworkReturned `json:"returned"`
	// FoundFramework counts the truth sites returned as framework links.
	FoundFramework int `json:"foundFramework"`
}

type frameworkAppSummary struct {
	Name              string   `json:"name"`
	Commit            string   `json:"commit"`
	Handlers          int      `json:"handlers"`
	WithPublishers    int      `json:"withPublishers"`
	NotPrepared       int      `json:"notPrepared"`
	TruthSites        int      `json:"truthSites"`
	Found             int      `json:"found"`
	FoundFramework    int      `json:"foundFramework"` // of those, returned as a framework link
	Recall            float64  `json:"recall"`
	FrameworkSites    int      `json:"frameworkSites"`
	FrameworkTrue     int      `json:"frameworkTrue"`
	Precision         float64  `json:"precision"`
	LeftWithoutCaller int      `json:"leftWithoutCaller"`
	Receivers         int      `json:"receivers"`        // handlers the truth gives implicit senders
	ReceiversListing  int      `json:"receiversListing"` // of those, how many list implicit sends one by one
	ImplicitItems     int      `json:"implicitItems"`    // implicit sends listed one by one, all receivers
	SummaryItems      int      `json:"summaryItems"`     // summary items returned
	DirectSites       int      `json:"directSites"`      // plain calls returned (not scored)
	FallbackSites     int      `json:"fallbackSites"`    // grep/keyword sites returned (not scored)
	FalseFramework    []string `json:"falseFramework"`   // path:line detail
	Missed            []string `json:"missed"`           // path:line key (handler)
	LeftWithout       []string `json:"leftWithout"`      // path:line handler
}

type frameworkEvalReport struct {
	Generated string                              `json:"generated"`
	Binary    string                              `json:"binary"`
	Version   string                              `json:"version,omitempty"`
	Apps      []frameworkAppSummary               `json:"apps"`
	Results   map[string][]frameworkHandlerResult `json:"results"`
}

func TestFrameworkEval(t *testing.T) {
	configPath := os.Getenv(frameworkEvalEnv)
	if configPath == "" {
		t.Skipf("set %s to a config file to score framework edges on applications (see testdata/framework-truth/README.md)", frameworkEvalEnv)
	}
	raw, err := os.ReadFile(configPath)
	if err != nil {
		t.Fatal(err)
	}
	var cfg frameworkEvalConfig
	if err := json.Unmarshal(raw, &cfg); err != nil {
		t.Fatalf("%s: %v", configPath, err)
	}
	base := filepath.Dir(configPath)
	resolve := func(p string) string {
		p = os.ExpandEnv(p)
		if p != "" && !filepath.IsAbs(p) {
			p = filepath.Join(base, p)
		}
		return p
	}
	cfg.Binary, cfg.Output = resolve(cfg.Binary), resolve(cfg.Output)
	if cfg.Binary == "" || cfg.Output == "" {
		t.Fatalf("%s: binary and output are required", configPath)
	}
	for i := range cfg.Args {
		cfg.Args[i] = os.ExpandEnv(cfg.Args[i])
	}
	if err := os.MkdirAll(filepath.Dir(cfg.Output), 0o755); err != nil {
		t.Fatal(err)
	}
	// The binary keeps its index under the cache directory: a fresh one per run.
	t.Setenv("XDG_CACHE_HOME", t.TempDir())

	report := frameworkEvalReport{Generated: time.Now().UTC().Format(time.RFC3339), Binary: cfg.Binary,
		Results: map[string][]frameworkHandlerResult{}}
	for _, app := range cfg.Apps {
		app.Root, app.Truth = resolve(app.Root), resolve(app.Truth)
		t.Run(app.Name, func(t *testing.T) {
			sum, results := scoreApp(t, cfg, app)
			report.Apps = append(report.Apps, sum)
			report.Results[app.Name] = results
			writeFrameworkReport(t, cfg.Output, report)
		})
	}
	t.Logf("\n%s", frameworkMarkdown(report))
}

func scoreApp(t *testing.T, cfg frameworkEvalConfig, app frameworkEvalApp) (frameworkAppSummary, []frameworkHandlerResult) {
	raw, err := os.ReadFile(app.Truth)
	if err != nil {
		t.Fatal(err)
	}
	var truth frameworkTruth
	if err := json.Unmarshal(raw, &truth); err != nil {
		t.Fatalf("%s: %v", app.Truth, err)
	}
	root, err := filepath.Abs(app.Root)
	if err != nil {
		t.Fatal(err)
	}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real // the server reports real paths
	}
	sum := frameworkAppSummary{Name: app.Name, Commit: truth.Commit, Handlers: len(truth.Handlers), Recall: -1, Precision: -1}
	if len(truth.Handlers) == 0 {
		return sum, nil
	}
	argv := append([]string{cfg.Binary, "serve", "--log", filepath.Join(filepath.Dir(cfg.Output), app.Name+"-callcascade.log")}, cfg.Args...)
	s, err := startLSPProcess("callcascade", argv, root, filepath.Join(filepath.Dir(cfg.Output), app.Name+"-stderr.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	if err := s.initialize(nil); err != nil {
		t.Fatal(err)
	}
	if err := s.waitReady(time.Second, 10*time.Minute, true); err != nil {
		t.Fatal(err)
	}
	forwarders := map[string]string{}
	for _, f := range truth.Forwarders {
		forwarders[fmt.Sprintf("%s:%d", f.Path, f.Line)] = "forwards its parameter inside helper " + f.Wrapper
	}
	lines := &sourceLines{root: root, files: map[string][]string{}}
	var results []frameworkHandlerResult
	for _, h := range truth.Handlers {
		res := askHandler(s, root, h, lines, forwarders)
		results = append(results, res)
		tally(&sum, h, res)
	}
	sum.Recall = ratioOrNaN(sum.Found, sum.TruthSites)
	sum.Precision = ratioOrNaN(sum.FrameworkTrue, sum.FrameworkSites)
	return sum, results
}

var (
	implicitSendRE = regexp.MustCompile(`\.(save|delete|create|get_or_create|update_or_create|bulk_\w+|add|remove|clear|set)\s*\(`)
	summaryRE      = regexp.MustCompile(`(?i)implicit|summar|\b\d+\b[^·]*\bsites?\b`)
)

func askHandler(s *lspSession, root string, h frameworkTruthHandler, lines *sourceLines, forwarders map[string]string) frameworkHandlerResult {
	res := frameworkHandlerResult{Handler: fmt.Sprintf("%s:%d %s", h.Path, h.Line, qualified(h)), Kind: h.Kind, Keys: h.Keys,
		Truth: uniqueSites(h.Publishers), Missed: []frameworkSite{}, Returned: []frameworkReturned{}}
	abs := filepath.Join(root, filepath.FromSlash(h.Path))
	pos, ok := namePosition(lines, h.Path, h.Line, h.Name)
	if !ok {
		res.Error = "name not on its line"
		res.Missed = res.Truth
		return res
	}
	if err := s.open(abs, languageIDFor(h.Path)); err != nil {
		res.Error = err.Error()
		res.Missed = res.Truth
		return res
	}
	item, calls, err := s.incomingCalls(abs, pos)
	if err != nil {
		res.Error = err.Error()
	}
	res.Prepared = item != nil
	neutral := map[string]bool{}
	for _, r := range h.Registrations {
		neutral[r.at()] = true
	}
	inTruth := map[string]bool{}
	for _, p := range res.Truth {
		inTruth[p.at()] = true
	}
	seen := map[string]bool{}
	found := map[string]bool{}
	for _, c := range calls {
		p := relPath(root, c.From.URI)
		for _, r := range c.FromRanges {
			line := int(r.Start.Line) + 1
			at := fmt.Sprintf("%s:%d", p, line)
			if seen[at] || neutral[at] {
				continue
			}
			seen[at] = true
			text := lines.line(p, line)
			kind := siteKind(c.From.Detail, text, p == h.Path && line <= h.Line && line >= h.Line-3, len(h.Implicit) > 0)
			ret := frameworkReturned{At: at, Kind: kind, Caller: c.From.Name, Detail: c.From.Detail, Text: text, Truth: inTruth[at]}
			if kind == evalFramework && !ret.Truth {
				ret.Note = forwarders[at]
			}
			if kind != evalFallback && ret.Truth {
				found[at] = true
			}
			if kind == evalFramework && ret.Truth {
				res.FoundFramework++
			}
			res.Returned = append(res.Returned, ret)
		}
	}
	for _, p := range res.Truth {
		if !found[p.at()] {
			res.Missed = append(res.Missed, p)
		}
	}
	return res
}

// siteKind sorts a returned site by its caller's detail (see the file's header).
func siteKind(detail, text string, atHandler, hasImplicit bool) string {
	switch {
	case strings.Contains(detail, "grep fallback") || strings.Contains(detail, "keyword match"):
		return evalFallback
	case strings.Contains(detail, "name match only"):
		return evalName
	case hasImplicit && implicitSendRE.MatchString(text):
		return evalImplicit
	case strings.Contains(detail, "precise (ast)"):
		return evalDirect
	case summaryRE.MatchString(detail) || atHandler || strings.Contains(detail, "framework entry point"):
		// An entry-point item answers how the framework reaches the
		// handler (item 5), pointing at its decorator however many lines
		// that spans: a role, not a caller.
		return evalSummary
	}
	return evalFramework
}

func tally(sum *frameworkAppSummary, h frameworkTruthHandler, res frameworkHandlerResult) {
	if len(res.Truth) > 0 {
		sum.WithPublishers++
	}
	if !res.Prepared {
		sum.NotPrepared++
	}
	sum.TruthSites += len(res.Truth)
	sum.Found += len(res.Truth) - len(res.Missed)
	sum.FoundFramework += res.FoundFramework
	for _, m := range res.Missed {
		sum.Missed = append(sum.Missed, fmt.Sprintf("%s %s (%s → %s)", m.at(), m.Key, m.How, res.Handler))
	}
	if len(res.Truth) > 0 && len(res.Missed) == len(res.Truth) {
		why := ""
		if !res.Prepared {
			why = " (no item prepared)"
		}
		sum.LeftWithout = append(sum.LeftWithout, res.Handler+why)
	}
	implicit := 0
	for _, r := range res.Returned {
		switch r.Kind {
		case evalFramework:
			sum.FrameworkSites++
			if r.Truth {
				sum.FrameworkTrue++
			} else {
				note := ""
				if r.Note != "" {
					note = "; " + r.Note
				}
				sum.FalseFramework = append(sum.FalseFramework, fmt.Sprintf("%s `%s` (%s → %s%s)", r.At, r.Detail, r.Caller, res.Handler, note))
			}
		case evalImplicit:
			implicit++
		case evalSummary:
			sum.SummaryItems++
		case evalDirect:
			sum.DirectSites++
		case evalFallback:
			sum.FallbackSites++
		}
	}
	if len(h.Implicit) > 0 {
		sum.Receivers++
		if implicit > 0 {
			sum.ReceiversListing++
		}
		sum.ImplicitItems += implicit
	}
	sum.LeftWithoutCaller = len(sum.LeftWithout)
}

func qualified(h frameworkTruthHandler) string {
	if h.Container != "" {
		return h.Container + "." + h.Name
	}
	return h.Name
}

func uniqueSites(sites []frameworkSite) []frameworkSite {
	out := []frameworkSite{}
	seen := map[string]bool{}
	for _, s := range sites {
		if !seen[s.at()] {
			seen[s.at()] = true
			out = append(out, s)
		}
	}
	return out
}

// namePosition finds the handler's name on its line (or the next two: a
// decorator may sit where the truth put the line) as an LSP position.
func namePosition(lines *sourceLines, rel string, line int, name string) (protocol.Position, bool) {
	word := regexp.MustCompile(`(^|[^\w$])` + regexp.QuoteMeta(name) + `([^\w$]|$)`)
	for l := line; l <= line+2; l++ {
		text := rawLine(lines, rel, l)
		if loc := word.FindStringIndex(text); loc != nil {
			start := loc[0]
			if start < len(text) && text[start:start+len(name)] != name {
				start++
			}
			col := len(utf16.Encode([]rune(text[:start])))
			return protocol.Position{Line: uint32(l - 1), Character: uint32(col)}, true
		}
	}
	return protocol.Position{}, false
}

// rawLine is the untrimmed line, for columns.
func rawLine(lines *sourceLines, rel string, n int) string {
	lines.line(rel, n) // loads the file
	all := lines.files[rel]
	if n < 1 || n > len(all) {
		return ""
	}
	return strings.TrimRight(all[n-1], "\r")
}

func languageIDFor(rel string) string {
	switch filepath.Ext(rel) {
	case ".ts":
		return "typescript"
	case ".tsx":
		return "typescriptreact"
	case ".js", ".jsx", ".mjs", ".cjs":
		return "javascript"
	case ".py":
		return "python"
	case ".java":
		return "java"
	case ".go":
		return "go"
	}
	return "plaintext"
}

// ratioOrNaN is n/d, or -1 (printed "n/a") when there is nothing to divide by.
func ratioOrNaN(n, d int) float64 {
	if d == 0 {
		return -1
	}
	return float64(n) / float64(d)
}

func ratioText(r float64) string {
	if r < 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", r)
}

func writeFrameworkReport(t *testing.T, out string, report frameworkEvalReport) {
	t.Helper()
	data, err := json.MarshalIndent(report, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(strings.TrimSuffix(out, filepath.Ext(out))+".json", data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, []byte(frameworkMarkdown(report)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// frameworkMarkdown is the table docs/FRAMEWORK-EDGES.md shows, then each
// application's misses and false links, so causes can be fixed one by one.
func frameworkMarkdown(report frameworkEvalReport) string {
	var b strings.Builder
	b.WriteString("| application | handlers (with publishers) | truth sites | found (as framework link) | recall | framework sites (true) | precision | left without caller | receivers listing implicit sends (items) | summary items | direct / fallback sites | not prepared |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	apps := append([]frameworkAppSummary(nil), report.Apps...)
	for _, a := range apps {
		fmt.Fprintf(&b, "| %s | %d (%d) | %d | %d (%d) | %s | %d (%d) | %s | %d | %d/%d (%d) | %d | %d / %d | %d |\n",
			a.Name, a.Handlers, a.WithPublishers, a.TruthSites, a.Found, a.FoundFramework, ratioText(a.Recall), a.FrameworkSites, a.FrameworkTrue,
			ratioText(a.Precision), a.LeftWithoutCaller, a.ReceiversListing, a.Receivers, a.ImplicitItems, a.SummaryItems,
			a.DirectSites, a.FallbackSites, a.NotPrepared)
	}
	if len(apps) > 1 {
		var t frameworkAppSummary
		for _, a := range apps {
			t.Handlers += a.Handlers
			t.WithPublishers += a.WithPublishers
			t.TruthSites += a.TruthSites
			t.Found += a.Found
			t.FoundFramework += a.FoundFramework
			t.FrameworkSites += a.FrameworkSites
			t.FrameworkTrue += a.FrameworkTrue
			t.LeftWithoutCaller += a.LeftWithoutCaller
			t.ReceiversListing += a.ReceiversListing
			t.Receivers += a.Receivers
			t.ImplicitItems += a.ImplicitItems
			t.SummaryItems += a.SummaryItems
			t.DirectSites += a.DirectSites
			t.FallbackSites += a.FallbackSites
			t.NotPrepared += a.NotPrepared
		}
		fmt.Fprintf(&b, "| **all** | %d (%d) | %d | %d (%d) | %s | %d (%d) | %s | %d | %d/%d (%d) | %d | %d / %d | %d |\n",
			t.Handlers, t.WithPublishers, t.TruthSites, t.Found, t.FoundFramework, ratioText(ratioOrNaN(t.Found, t.TruthSites)),
			t.FrameworkSites, t.FrameworkTrue, ratioText(ratioOrNaN(t.FrameworkTrue, t.FrameworkSites)), t.LeftWithoutCaller,
			t.ReceiversListing, t.Receivers, t.ImplicitItems, t.SummaryItems, t.DirectSites, t.FallbackSites, t.NotPrepared)
	}
	for _, a := range apps {
		if len(a.Missed)+len(a.FalseFramework)+len(a.LeftWithout) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n**%s**\n", a.Name)
		list := func(title string, xs []string) {
			if len(xs) == 0 {
				return
			}
			sort.Strings(xs)
			fmt.Fprintf(&b, "\n%s:\n", title)
			for _, x := range xs {
				fmt.Fprintf(&b, "- %s\n", x)
			}
		}
		list("Left without caller", a.LeftWithout)
		list("Missed publisher sites (path:line key (how → handler))", a.Missed)
		list("False framework links (path:line `detail` (caller → handler))", a.FalseFramework)
	}
	return cmp.Or(b.String(), "no applications\n")
}

// The scoring rules themselves run without any application.
func TestFrameworkEvalSiteKinds(t *testing.T) {
	cases := []struct {
		detail, text      string
		atHandler, hasImp bool
		want              string
	}{
		{"Svc · grep fallback: reference (passed as a value)", "x.delay()", false, false, evalFallback},
		{"keyword match 1.00: 'x' in a string", "'task': 'x'", false, false, evalFallback},
		{"name match only: receiver not resolved", "x.go()", false, false, evalName},
		{"Svc · precise (ast)", "h()", false, false, evalDirect},
		{"Order · via event 'post_save'", "order.save()", false, true, evalImplicit},
		{"via event 'post_save'", "Invoice.objects.create(total=1)", false, true, evalImplicit},
		{"post_save of Order: 12 save() sites (3 outside tests)", "@receiver(post_save, sender=Order)", true, true, evalSummary},
		{"via event 'order.created'", "this.events.emit('order.created')", false, false, evalFramework},
		{"registered via http.HandleFunc(\"/\")", "http.HandleFunc(\"/\", h)", false, false, evalFramework},
		// A multi-line @KafkaListener(...) puts the role item more than three lines above the method.
		{"framework entry point · handles a Kafka topic named by an expression (fw.${x}.y) resolved only when the application runs: not linked (Spring)", "@KafkaListener(", false, false, evalSummary},
		// A save() is only an implicit send for a receiver the truth gives implicit senders.
		{"via event 'x'", "repo.save(x)", false, false, evalFramework},
	}
	for _, c := range cases {
		if got := siteKind(c.detail, c.text, c.atHandler, c.hasImp); got != c.want {
			t.Errorf("siteKind(%q, %q) = %s, want %s", c.detail, c.text, got, c.want)
		}
	}
}

func TestFrameworkEvalNamePosition(t *testing.T) {
	dir := t.TempDir()
	src := "package p\n\nfunc handlerX() {}\n// é\nfunc (s *S) handler(w int) {}\n"
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := &sourceLines{root: dir, files: map[string][]string{}}
	// "handler" must not be found inside "handlerX" on line 3: the search moves on.
	pos, ok := namePosition(lines, "a.go", 3, "handler")
	if !ok || pos.Line != 4 || pos.Character != 12 {
		t.Fatalf("namePosition = %+v, %v; want line 4 (0-based), character 12", pos, ok)
	}
	if _, ok := namePosition(lines, "a.go", 1, "missing"); ok {
		t.Fatal("a name on none of the lines was found")
	}
}

package server_test

// TestAccuracy measures callcascade's incoming calls against a reference
// language server (gopls, pyright, typescript-language-server) on real
// repositories. It is a measurement, not a regression test: it runs only when
// CALLCASCADE_ACCURACY_CONFIG names a config file, writes every per-function
// answer to a JSON file so a run can be compared with the next one, and logs
// a summary per repository. docs/ACCURACY.md says how to set it up.
//
// Method, in short: sample functions and methods from what callcascade's own
// extractor finds (fixed seed), ask both servers prepareCallHierarchy at the
// function's name and then incomingCalls, and compare call sites as
// (file, line) pairs. Recall is over the reference's sites; precision is over
// the sites callcascade marks precise.

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/embedded"
	"github.com/callcascade/callcascade/handlers"
	"github.com/callcascade/callcascade/server"
	"github.com/callcascade/callcascade/treesitter"
)

const accuracyConfigEnv = "CALLCASCADE_ACCURACY_CONFIG"

// accuracyConfig is the file CALLCASCADE_ACCURACY_CONFIG names.
type accuracyConfig struct {
	// Output receives the raw results; keep it outside the repository.
	Output string `json:"output"`
	// LogDir receives each server's log; defaults to Output's directory.
	LogDir string `json:"logDir,omitempty"`
	// GraphTimeoutMs is callcascade's graph-stage budget during the run. The
	// default (150 ms) is a latency budget: accuracy is measured with a
	// generous one, and the latency is reported beside it.
	GraphTimeoutMs int `json:"graphTimeoutMs,omitempty"`
	// Binary, when set, is a built callcascade run as `Binary serve` on
	// stdio (with --graph-timeout when GraphTimeoutMs is set), exactly as an
	// editor starts it; otherwise the server runs in process from the sources.
	Binary string         `json:"binary,omitempty"`
	Repos  []accuracyRepo `json:"repos"`
}

type accuracyRepo struct {
	Name     string              `json:"name"`
	Language treesitter.Language `json:"language"` // the language sampled; TypeScript includes TSX
	Root     string              `json:"root"`
	Commit   string              `json:"commit"` // recorded with the results, not checked
	// Reference is the reference server's command line (stdio).
	Reference             []string        `json:"reference"`
	ReferenceVersion      string          `json:"referenceVersion,omitempty"`
	InitializationOptions json.RawMessage `json:"initializationOptions,omitempty"`
	// Seed orders the candidates; the same seed and sources give the same sample.
	Seed uint64 `json:"seed"`
	// WithCallers and WithoutCallers are how many sampled functions the
	// reference reports at least one caller for, and none for.
	WithCallers    int `json:"withCallers,omitempty"`    // default 50
	WithoutCallers int `json:"withoutCallers,omitempty"` // default 10
	// MaxQueries bounds the reference queries spent filling the sample.
	MaxQueries int `json:"maxQueries,omitempty"` // default 400
	// SettleSeconds is how long the reference must be quiet (no progress)
	// before the first question.
	SettleSeconds int `json:"settleSeconds,omitempty"` // default 5
	// ExcludeSites maps a path prefix to the reason no site under it counts,
	// on either side (files the reference cannot see, say).
	ExcludeSites map[string]string `json:"excludeSites,omitempty"`
}

// accuracyTarget is one sampled function or method.
type accuracyTarget struct {
	Path      string                `json:"path"` // relative to the root, slash-separated
	Line      int                   `json:"line"` // 1-based
	Col       int                   `json:"col"`  // 1-based, UTF-16 code units
	Name      string                `json:"name"`
	Container string                `json:"container,omitempty"`
	Kind      treesitter.SymbolKind `json:"kind"`
	pos       protocol.Position
	lang      treesitter.Language
}

// Our sites are sorted into the provenance their caller's detail states.
const (
	sitePrecise  = "precise"
	siteNameOnly = "name"
	siteOther    = "other"
)

// accuracySite is a call site: the line of a fromRange's start.
type accuracySite struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	Col  int    `json:"col"`            // 1-based, UTF-16; not compared, kept to ask about the site
	Kind string `json:"kind,omitempty"` // ours only: precise, name or other
	// Item, Flagged and Verdict are ours only (issue 14): the finer kind
	// (grep, keyword, framework, entry, ...), whether the detail flags the
	// item degraded, and how it was judged (accuracy_items_test.go).
	Item    string `json:"item,omitempty"`
	Flagged bool   `json:"flagged,omitempty"`
	Verdict string `json:"verdict,omitempty"`
	Caller  string `json:"caller"`
	Detail  string `json:"detail,omitempty"`
	Text    string `json:"text"` // the source line, for whoever reads the results
	// RefDefinition is where the reference's go-to-definition at the site
	// leads ("path:line", "none"): for a reference site, whether the call names
	// the target itself or reaches it through an interface or base
	// declaration; for a site only we report, what the call really calls.
	RefDefinition string `json:"refDefinition,omitempty"`
	// Dispatch is "direct" when a reference site's call names the target
	// itself, "indirect" when it names another declaration (an interface or
	// abstract method the target implements, say).
	Dispatch string `json:"dispatch,omitempty"`
	// DefinitionIsTarget marks a site only we report where the reference's
	// own go-to-definition lands on the target: its incomingCalls left out
	// a call it resolves (gopls and in-package test files, pyright and
	// aliased imports).
	DefinitionIsTarget bool `json:"definitionIsTarget,omitempty"`
	// RefStopsAtImport marks a site only we report where the reference's
	// go-to-definition stops at an import statement of the site's own file:
	// it could not follow the import (a test file its project excludes, whose
	// path aliases it then cannot resolve), so it says nothing of what the
	// call calls. Still judged wrong; counted apart (accuracy_items_test.go).
	RefStopsAtImport bool `json:"refStopsAtImport,omitempty"`
	// FixtureType is, for an item linked through a pytest fixture's value,
	// the fixture's result as the reference's hover shows it, and
	// FixtureConfirmed whether it names the target's class
	// (accuracy_fixtures_test.go).
	FixtureType      string `json:"fixtureType,omitempty"`
	FixtureConfirmed bool   `json:"fixtureConfirmed,omitempty"`
	pos              protocol.Position
}

func (s accuracySite) key() string { return fmt.Sprintf("%s:%d", s.Path, s.Line) }

type accuracyResult struct {
	Target  accuracyTarget `json:"target"`
	RefItem string         `json:"refItem"`
	OurItem string         `json:"ourItem"`
	// OurItemElsewhere is set when callcascade prepared a symbol other than
	// the sampled one (or none): its answer is then about something else.
	OurItemElsewhere string         `json:"ourItemElsewhere,omitempty"`
	RefSites         []accuracySite `json:"refSites"`
	OurSites         []accuracySite `json:"ourSites"`
	// Missed are reference sites callcascade does not report at all;
	// FalsePrecise and WrongNameOnly are callcascade sites the reference does
	// not report, by provenance.
	Missed        []accuracySite `json:"missed,omitempty"`
	FalsePrecise  []accuracySite `json:"falsePrecise,omitempty"`
	WrongNameOnly []accuracySite `json:"wrongNameOnly,omitempty"`
	WrongOther    []accuracySite `json:"wrongOther,omitempty"`
	Excluded      int            `json:"excluded,omitempty"`
	// OpenFileOnly counts the Go reference's sites outside the target's
	// view, listed only because the harness had a file there open
	// (accuracy_goview_test.go): not the reference's callers (an item of
	// ours there is wrong, as gopls from a fresh session lists none).
	OpenFileOnly int             `json:"openFileOnly,omitempty"`
	apartKeys    map[string]bool // the sites set apart through outside interfaces, for recheckReference
	RefMs        float64         `json:"refMs"` // the same, through the reference's stdio
	OurMs        float64         `json:"ourMs"` // prepareCallHierarchy + incomingCalls, through the pipe
	Error        string          `json:"error,omitempty"`
}

type accuracySummary struct {
	Name             string `json:"name"`
	Language         string `json:"language"`
	Commit           string `json:"commit"`
	Reference        string `json:"reference"`
	ReferenceVersion string `json:"referenceVersion"`
	FilesWalked      int    `json:"filesWalked"`   // files callcascade's walker yields
	LanguageFiles    int    `json:"languageFiles"` // of those, in the sampled language
	Candidates       int    `json:"candidates"`
	RefQueries       int    `json:"refQueries"`
	RefNotCallable   int    `json:"refNotCallable"` // candidates the reference prepared no item for
	Sampled          int    `json:"sampled"`
	WithRefCallers   int    `json:"withRefCallers"`
	RefSites         int    `json:"refSites"`
	OurSites         int    `json:"ourSites"`
	OurPrecise       int    `json:"ourPrecise"`
	OurNameOnly      int    `json:"ourNameOnly"`
	OurOther         int    `json:"ourOther"`
	HitsAny          int    `json:"hitsAny"`
	HitsPrecise      int    `json:"hitsPrecise"`
	HitsNameOnly     int    `json:"hitsNameOnly"`
	// Sites only we report whose call the reference's go-to-definition
	// resolves to the target: reference misses rather than ours.
	PreciseByDefinition  int     `json:"preciseByDefinition"`
	NameOnlyByDefinition int     `json:"nameOnlyByDefinition"`
	RefSitesDirect       int     `json:"refSitesDirect"` // reference sites whose call names the target itself
	HitsDirect           int     `json:"hitsDirect"`
	Recall               float64 `json:"recall"`        // any provenance, micro-averaged
	RecallPrecise        float64 `json:"recallPrecise"` // precise sites only
	MacroRecall          float64 `json:"macroRecall"`   // mean over functions with reference sites
	RecallDirect         float64 `json:"recallDirect"`  // any provenance, over direct reference sites
	Precision            float64 `json:"precision"`     // of precise sites
	// PrecisionWithDefinition also counts a precise site as right when the
	// reference's go-to-definition at it lands on the target.
	PrecisionWithDefinition float64           `json:"precisionWithDefinition"`
	MacroPrecision          float64           `json:"macroPrecision"`
	NameOnlyRight           float64           `json:"nameOnlyPrecision"`
	FalseOnNone             int               `json:"falseCallersOnNone"` // functions nobody calls, per the reference, given precise callers
	ItemElsewhere           int               `json:"ourItemElsewhere"`
	ExcludedSites           int               `json:"excludedSites"`
	OpenFileOnlySites       int               `json:"openFileOnlySites"` // Go reference sites set apart (accuracy_goview_test.go)
	ExcludeReasons          map[string]string `json:"excludeReasons,omitempty"`
	OurP50Ms                float64           `json:"ourP50Ms"`
	OurP95Ms                float64           `json:"ourP95Ms"`
	OurOver150Ms            int               `json:"ourOver150Ms"` // took 150 ms or more end to end: an upper bound on answers the default graph budget would cut
	Unstable                []string          `json:"unstable,omitempty"`
	Errors                  int               `json:"errors"`
	// Items scores every item a user sees, fallbacks included (issue 14).
	Items accuracyItems `json:"items"`
}

type accuracyRepoReport struct {
	Summary accuracySummary  `json:"summary"`
	Results []accuracyResult `json:"results"`
}

type accuracyReport struct {
	Generated string `json:"generated"`
	// Callcascade is the commit of the sources measured, "+dirty" when the
	// work tree had uncommitted changes: the harness runs the server in
	// process, from whatever the tree holds.
	Callcascade string               `json:"callcascade"`
	Config      accuracyConfig       `json:"config"`
	Repos       []accuracyRepoReport `json:"repos"`
}

func TestAccuracy(t *testing.T) {
	configPath := os.Getenv(accuracyConfigEnv)
	if configPath == "" {
		t.Skipf("set %s to a config file to compare callcascade with reference servers (see docs/ACCURACY.md)", accuracyConfigEnv)
	}
	raw, err := os.ReadFile(configPath)
	if err != nil {
		t.Fatal(err)
	}
	// ${VAR} in the config (paths, mostly) come from the environment, so a
	// config can live in the repository without one machine's paths.
	raw = []byte(os.ExpandEnv(string(raw)))
	var cfg accuracyConfig
	if err := json.Unmarshal(raw, &cfg); err != nil {
		t.Fatalf("%s: %v", configPath, err)
	}
	if cfg.Output == "" {
		t.Fatalf("%s: output is required", configPath)
	}
	if cfg.LogDir == "" {
		cfg.LogDir = filepath.Dir(cfg.Output)
	}
	if err := os.MkdirAll(cfg.LogDir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())

	report := accuracyReport{Generated: time.Now().UTC().Format(time.RFC3339), Callcascade: sourceRevision(), Config: cfg}
	for _, repo := range cfg.Repos {
		t.Run(repo.Name, func(t *testing.T) {
			rr := measureRepo(t, cfg, repo)
			report.Repos = append(report.Repos, rr)
			// Written after every repository, so a run cut short keeps what it measured.
			writeAccuracyReport(t, cfg.Output, report)
		})
	}
	t.Logf("callcascade %s\n%s\nEvery item (issue 14):\n%s", report.Callcascade, accuracyTable(report), itemsTable(report))
}

// sourceRevision names the callcascade sources under test, best effort.
func sourceRevision() string {
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	rev := strings.TrimSpace(string(head))
	if status, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(status) > 0 {
		rev += "+dirty"
	}
	return rev
}

func measureRepo(t *testing.T, cfg accuracyConfig, repo accuracyRepo) accuracyRepoReport {
	repo.WithCallers = cmp.Or(repo.WithCallers, 50)
	repo.WithoutCallers = cmp.Or(repo.WithoutCallers, 10)
	repo.MaxQueries = cmp.Or(repo.MaxQueries, 400)
	settle := time.Duration(cmp.Or(repo.SettleSeconds, 5)) * time.Second
	root, err := filepath.Abs(repo.Root)
	if err != nil {
		t.Fatal(err)
	}
	sum := accuracySummary{
		Name: repo.Name, Language: string(repo.Language), Commit: repo.Commit,
		Reference: strings.Join(repo.Reference, " "), ReferenceVersion: repo.ReferenceVersion,
		ExcludeReasons: repo.ExcludeSites,
	}
	candidates := sampleCandidates(t, root, repo, &sum)
	if len(candidates) == 0 {
		t.Fatalf("no functions found under %s", root)
	}

	ref, err := startLSPProcess(repo.Reference[0], repo.Reference, root, filepath.Join(cfg.LogDir, repo.Name+"-reference.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer ref.close()
	if err := ref.initialize(repo.InitializationOptions); err != nil {
		t.Fatal(err)
	}
	// Some servers (tsserver) load their project only when a file opens.
	if err := ref.open(filepath.Join(root, candidates[0].Path), languageID(candidates[0].lang)); err != nil {
		t.Fatal(err)
	}
	if err := ref.waitReady(settle, 10*time.Minute, false); err != nil {
		t.Fatal(err)
	}

	ours := startOurs(t, cfg, repo, root)
	defer ours.close()

	lines := &sourceLines{root: root, files: map[string][]string{}}
	var results []accuracyResult
	withCallers, withoutCallers := 0, 0
	for _, target := range candidates {
		if withCallers >= repo.WithCallers && withoutCallers >= repo.WithoutCallers || sum.RefQueries >= repo.MaxQueries {
			break
		}
		res := accuracyResult{Target: target}
		sum.RefQueries++
		refItem, err := askReference(ref, root, &res, lines, repo.ExcludeSites)
		if err != nil {
			t.Logf("reference on %s:%d %s: %v", target.Path, target.Line, target.Name, err)
			sum.Errors++
			continue
		}
		if refItem == nil {
			sum.RefNotCallable++
			continue
		}
		// Fill both quotas: functions with callers make recall meaningful,
		// functions without show whether we invent callers.
		hasCallers := len(res.RefSites) > 0
		if hasCallers && withCallers >= repo.WithCallers || !hasCallers && withoutCallers >= repo.WithoutCallers {
			continue
		}
		if hasCallers {
			withCallers++
		} else {
			withoutCallers++
		}
		if err := askOurs(ours, root, &res, lines, repo.ExcludeSites); err != nil {
			res.Error = err.Error()
			sum.Errors++
		}
		compareSites(&res)
		askDefinitions(ref, root, refItem, &res)
		setApartThroughOutsideInterfaces(root, &res) // accuracy_goview_test.go
		judgeItems(&res)
		results = append(results, res)
	}
	if withCallers < repo.WithCallers {
		t.Errorf("only %d sampled functions have reference callers (wanted %d) after %d queries", withCallers, repo.WithCallers, sum.RefQueries)
	}
	sum.Unstable = recheckReference(t, ref, root, results, lines, repo.ExcludeSites)
	summarize(&sum, results)
	t.Logf("%s: %d sampled, recall %.3f (precise %.3f), precision %.3f, name-only %d (%d right), %d reference sites set apart (open files)",
		repo.Name, sum.Sampled, sum.Recall, sum.RecallPrecise, sum.Precision, sum.OurNameOnly, sum.HitsNameOnly, sum.OpenFileOnlySites)
	return accuracyRepoReport{Summary: sum, Results: results}
}

// askReference fills the reference's side of res: the item it prepares at
// the target's name (nil if none) and its call sites.
func askReference(ref *lspSession, root string, res *accuracyResult, lines *sourceLines, exclude map[string]string) (*protocol.CallHierarchyItem, error) {
	abs := filepath.Join(root, filepath.FromSlash(res.Target.Path))
	start := time.Now()
	item, sites, err := askIncoming(ref, abs, res.Target, lines)
	res.RefMs = msSince(start)
	if err != nil || item == nil {
		return nil, err
	}
	res.RefItem = item.Name
	res.RefSites, res.Excluded = excludeSites(sites, exclude)
	res.RefSites, res.OpenFileOnly = setApartOpenFileOnly(root, res.Target, res.RefSites)
	return item, nil
}

// askOurs fills callcascade's side of res, noting when it prepares a symbol
// other than the sampled one.
func askOurs(ours *lspSession, root string, res *accuracyResult, lines *sourceLines, exclude map[string]string) error {
	abs := filepath.Join(root, filepath.FromSlash(res.Target.Path))
	start := time.Now()
	item, sites, err := askIncoming(ours, abs, res.Target, lines)
	res.OurMs = msSince(start)
	switch {
	case err != nil:
		return err
	case item == nil:
		res.OurItemElsewhere = "no item"
	default:
		res.OurItem = item.Name
		if sel := item.SelectionRange.Start; sel != res.Target.pos || item.URI != handlers.URIFromPath(abs) {
			res.OurItemElsewhere = fmt.Sprintf("%s at %s:%d:%d", item.Name, relPath(root, item.URI), sel.Line+1, sel.Character+1)
		}
	}
	var excluded int
	res.OurSites, excluded = excludeSites(sites, exclude)
	res.Excluded += excluded
	return nil
}

// sampleCandidates walks the root as callcascade's indexer does and returns
// the functions and methods worth asking about, in a seeded random order.
func sampleCandidates(t *testing.T, root string, repo accuracyRepo, sum *accuracySummary) []accuracyTarget {
	var out []accuracyTarget
	ctx := context.Background()
	_, err := files.Walk(ctx, root, files.WalkOptions{}, func(f files.WalkedFile) error {
		lang, ok := treesitter.LanguageForPath(f.Rel)
		if !ok {
			return nil // go.mod
		}
		sum.FilesWalked++
		if !sameLanguage(lang, repo.Language) {
			return nil
		}
		sum.LanguageFiles++
		if isTestPath(f.Rel) {
			return nil // sites in tests count; tests themselves are not targets
		}
		src, err := os.ReadFile(f.Path)
		if err != nil {
			return err
		}
		facts, err := treesitter.Extract(ctx, lang, src)
		if err != nil {
			return fmt.Errorf("%s: %w", f.Rel, err)
		}
		for _, s := range facts.Symbols {
			if !isTargetSymbol(s) {
				continue
			}
			out = append(out, accuracyTarget{
				Path: f.Rel, Line: int(s.Selection.Start.Line) + 1, Col: int(s.Selection.Start.Character) + 1,
				Name: s.Name, Container: s.Container, Kind: s.Kind, lang: lang,
				pos: protocol.Position{Line: s.Selection.Start.Line, Character: s.Selection.Start.Character},
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The walk's order is already deterministic; sort anyway so the sample
	// depends on the sources and the seed only.
	sort.Slice(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Line < out[j].Line || out[i].Line == out[j].Line && out[i].Col < out[j].Col
	})
	rng := rand.New(rand.NewPCG(repo.Seed, 0x636173636164)) // "cascad"
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	sum.Candidates = len(out)
	return out
}

func sameLanguage(file, sampled treesitter.Language) bool {
	return file == sampled || sampled == treesitter.TypeScript && file == treesitter.TSX
}

// isTestPath tells test files by the conventions of the three languages.
// Calls made in tests still count; test functions themselves have no callers
// worth sampling.
func isTestPath(rel string) bool {
	base := path.Base(rel)
	if strings.HasSuffix(base, "_test.go") || strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test.py") ||
		strings.Contains(base, ".spec.") || strings.Contains(base, ".test.") || strings.Contains(base, ".e2e-spec.") {
		return true
	}
	for _, dir := range strings.Split(path.Dir(rel), "/") {
		if dir == "test" || dir == "tests" || dir == "testdata" || dir == "__tests__" {
			return true
		}
	}
	return false
}

// isTargetSymbol keeps functions and methods, except the ones whose callers
// the reference servers model differently by design: constructors (pyright
// does not count Foo() as a call of __init__; callcascade does) and Python
// properties (read, not called).
func isTargetSymbol(s treesitter.Symbol) bool {
	if s.Kind != treesitter.KindFunction && s.Kind != treesitter.KindMethod || s.Name == "" {
		return false
	}
	if s.Name == "constructor" || s.Name == "__init__" || s.Name == "__new__" {
		return false
	}
	for _, d := range s.Decorators {
		if d.Name == "property" || d.Name == "cached_property" || d.Name == "functools.cached_property" ||
			strings.HasSuffix(d.Name, ".setter") || strings.HasSuffix(d.Name, ".getter") || strings.HasSuffix(d.Name, ".deleter") {
			return false
		}
	}
	return true
}

func languageID(lang treesitter.Language) string {
	switch lang {
	case treesitter.TSX:
		return "typescriptreact"
	case treesitter.JavaScript:
		return "javascript"
	}
	return string(lang) // typescript, python, go, java are their own ids
}

func startOurs(t *testing.T, cfg accuracyConfig, repo accuracyRepo, root string) *lspSession {
	t.Helper()
	if cfg.Binary != "" {
		return startOursBinary(t, cfg.Binary, cfg.GraphTimeoutMs, root, filepath.Join(cfg.LogDir, repo.Name+"-callcascade.log"))
	}
	storeDir := t.TempDir()
	logFile, err := os.Create(filepath.Join(cfg.LogDir, repo.Name+"-callcascade.log"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { logFile.Close() })
	ours := startCallcascadeInProcess(root, server.Options{
		Logger: slog.New(slog.NewTextHandler(logFile, nil)),
		OpenStore: func(string) (graph.Store, error) {
			return embedded.Open(filepath.Join(storeDir, "graph.db"), embedded.Options{})
		},
		Settings:       server.Settings{GraphTimeoutMs: cfg.GraphTimeoutMs},
		RequestTimeout: lspRequestTimeout,
	})
	if err := ours.initialize(nil); err != nil {
		ours.close()
		t.Fatal(err)
	}
	if err := ours.waitReady(time.Second, 10*time.Minute, true); err != nil {
		ours.close()
		t.Fatal(err)
	}
	return ours
}

// askIncoming opens the target's file on s and returns the item prepared at
// the target's name and its incoming call sites.
func askIncoming(s *lspSession, abs string, target accuracyTarget, lines *sourceLines) (*protocol.CallHierarchyItem, []accuracySite, error) {
	if err := s.open(abs, languageID(target.lang)); err != nil {
		return nil, nil, err
	}
	item, calls, err := s.incomingCalls(abs, target.pos)
	if err != nil || item == nil {
		return item, nil, err
	}
	return item, callSites(s.root, calls, lines), nil
}

// callSites flattens incoming calls into one site per distinct (file, line).
// A line reported by several callers keeps its most precise provenance.
func callSites(root string, calls []protocol.CallHierarchyIncomingCall, lines *sourceLines) []accuracySite {
	byKey := map[string]accuracySite{}
	for _, c := range calls {
		p := relPath(root, c.From.URI)
		for _, r := range c.FromRanges {
			s := accuracySite{
				Path: p, Line: int(r.Start.Line) + 1, Col: int(r.Start.Character) + 1, pos: r.Start,
				Kind: provenance(c.From.Detail), Item: itemKind(c.From.Detail), Caller: c.From.Name, Detail: c.From.Detail,
			}
			s.Text = lines.line(p, s.Line)
			if old, ok := byKey[s.key()]; ok && provenanceRank(old.Kind) <= provenanceRank(s.Kind) {
				continue
			}
			byKey[s.key()] = s
		}
	}
	out := make([]accuracySite, 0, len(byKey))
	for _, s := range byKey {
		out = append(out, s)
	}
	sortSites(out)
	return out
}

// provenance reads callcascade's caller detail ("… precise (ast)", "… name
// match only: …"). A reference server's details are free text and land in
// "other", which the comparison ignores for the reference side.
func provenance(detail string) string {
	switch itemKind(detail) { // "implicit sends, possible, not precise" is not precise
	case sitePrecise:
		return sitePrecise
	case siteNameOnly:
		return siteNameOnly
	}
	return siteOther
}

func provenanceRank(kind string) int {
	return map[string]int{sitePrecise: 0, siteNameOnly: 1, siteOther: 2}[kind]
}

func sortSites(sites []accuracySite) {
	sort.Slice(sites, func(i, j int) bool {
		if sites[i].Path != sites[j].Path {
			return sites[i].Path < sites[j].Path
		}
		return sites[i].Line < sites[j].Line
	})
}

func excludeSites(sites []accuracySite, prefixes map[string]string) (kept []accuracySite, excluded int) {
	kept = []accuracySite{}
	for _, s := range sites {
		skip := false
		for prefix := range prefixes {
			if strings.HasPrefix(s.Path, prefix) {
				skip = true
			}
		}
		if skip {
			excluded++
			continue
		}
		kept = append(kept, s)
	}
	return kept, excluded
}

// addWrong files one of our sites the reference does not list under its
// provenance.
func (res *accuracyResult) addWrong(s accuracySite) {
	switch s.Kind {
	case sitePrecise:
		res.FalsePrecise = append(res.FalsePrecise, s)
	case siteNameOnly:
		res.WrongNameOnly = append(res.WrongNameOnly, s)
	default:
		res.WrongOther = append(res.WrongOther, s)
	}
}

// compareSites fills the result's misses and false positives.
func compareSites(res *accuracyResult) {
	inRef := map[string]bool{}
	for _, s := range res.RefSites {
		inRef[s.key()] = true
	}
	inOurs := map[string]bool{}
	for _, s := range res.OurSites {
		inOurs[s.key()] = true
		if !inRef[s.key()] {
			res.addWrong(s)
		}
	}
	for _, s := range res.RefSites {
		if !inOurs[s.key()] {
			res.Missed = append(res.Missed, s)
		}
	}
}

// askDefinitions asks the reference where each of its sites' calls leads,
// which tells a direct call from one through an interface or base method,
// and where each site only we report leads, which says what it really calls.
func askDefinitions(ref *lspSession, root string, refItem *protocol.CallHierarchyItem, res *accuracyResult) {
	targetPath := relPath(root, refItem.URI)
	targetLine := int(refItem.SelectionRange.Start.Line) + 1
	definitionAt := func(s accuracySite) (string, bool) {
		abs := filepath.Join(root, filepath.FromSlash(s.Path))
		lang, _ := treesitter.LanguageForPath(abs)
		if err := ref.open(abs, languageID(lang)); err != nil {
			return "error: " + err.Error(), false
		}
		locs, err := ref.definition(abs, s.pos)
		if err != nil {
			return "error: " + err.Error(), false
		}
		if len(locs) == 0 {
			return "none", false
		}
		var where []string
		isTarget := false
		for _, l := range locs {
			p, line := relPath(root, l.URI), int(l.Range.Start.Line)+1
			where = append(where, fmt.Sprintf("%s:%d", p, line))
			isTarget = isTarget || p == targetPath && line == targetLine ||
				declaresTargetBeside(root, targetPath, refItem.Name, p, line)
		}
		return strings.Join(where, ", "), isTarget
	}
	for i := range res.RefSites {
		s := &res.RefSites[i]
		var direct bool
		s.RefDefinition, direct = definitionAt(*s)
		s.Dispatch = "indirect"
		if direct {
			s.Dispatch = "direct"
		}
	}
	byKey := map[string]accuracySite{}
	for _, s := range res.RefSites {
		byKey[s.key()] = s
	}
	for i := range res.Missed {
		res.Missed[i] = byKey[res.Missed[i].key()]
	}
	for _, wrong := range [][]accuracySite{res.FalsePrecise, res.WrongNameOnly, res.WrongOther} {
		for i := range wrong {
			wrong[i].RefDefinition, wrong[i].DefinitionIsTarget = definitionAt(wrong[i])
			wrong[i].RefStopsAtImport = definitionAtOwnImport(root, wrong[i])
		}
	}
	for i := range res.WrongNameOnly {
		s := &res.WrongNameOnly[i]
		if fixture := fixtureOfDetail(s.Detail); fixture != "" && res.Target.Container != "" && !s.DefinitionIsTarget {
			s.FixtureType, s.FixtureConfirmed = fixtureConfirmed(ref, root, s.Path, fixture, res.Target.Container)
		}
	}
}

// recheckReference asks the reference again about the first sampled
// functions: a different answer means it was not done indexing when asked,
// and the numbers cannot be trusted.
func recheckReference(t *testing.T, ref *lspSession, root string, results []accuracyResult, lines *sourceLines, exclude map[string]string) []string {
	var unstable []string
	for _, res := range results[:min(10, len(results))] {
		abs := filepath.Join(root, filepath.FromSlash(res.Target.Path))
		_, sites, err := askIncoming(ref, abs, res.Target, lines)
		if err != nil {
			unstable = append(unstable, fmt.Sprintf("%s:%d: %v", res.Target.Path, res.Target.Line, err))
			continue
		}
		sites, _ = excludeSites(sites, exclude)
		sites, _ = setApartOpenFileOnly(root, res.Target, sites)
		sites = slices.DeleteFunc(sites, func(s accuracySite) bool { return res.apartKeys[s.key()] })
		if !slices.Equal(siteKeys(sites), siteKeys(res.RefSites)) {
			unstable = append(unstable, fmt.Sprintf("%s:%d %s: %d sites, then %d", res.Target.Path, res.Target.Line, res.Target.Name, len(res.RefSites), len(sites)))
		}
	}
	if len(unstable) > 0 {
		t.Errorf("the reference answered differently when asked again: %v", unstable)
	}
	return unstable
}

func siteKeys(sites []accuracySite) []string {
	keys := make([]string, len(sites))
	for i, s := range sites {
		keys[i] = s.key()
	}
	return keys
}

func summarize(sum *accuracySummary, results []accuracyResult) {
	var macroRecall, macroPrecision []float64
	var latencies []float64
	for _, res := range results {
		sum.Sampled++
		if res.OurItemElsewhere != "" {
			sum.ItemElsewhere++
		}
		sum.ExcludedSites += res.Excluded
		sum.OpenFileOnlySites += res.OpenFileOnly
		latencies = append(latencies, res.OurMs)
		if res.OurMs >= 150 {
			sum.OurOver150Ms++
		}
		sum.RefSites += len(res.RefSites)
		inRef := map[string]bool{}
		for _, s := range res.RefSites {
			inRef[s.key()] = true
			if s.Dispatch == "direct" {
				sum.RefSitesDirect++
			}
		}
		inOurs := map[string]bool{}
		for _, s := range res.OurSites {
			inOurs[s.key()] = true
		}
		for _, s := range res.RefSites {
			if s.Dispatch == "direct" && inOurs[s.key()] {
				sum.HitsDirect++
			}
		}
		hits, precise, preciseHits := 0, 0, 0
		for _, s := range res.OurSites {
			sum.OurSites++
			switch s.Kind {
			case sitePrecise:
				sum.OurPrecise++
				precise++
			case siteNameOnly:
				sum.OurNameOnly++
			default:
				sum.OurOther++
			}
			if !inRef[s.key()] {
				continue
			}
			hits++
			switch s.Kind {
			case sitePrecise:
				sum.HitsPrecise++
				preciseHits++
			case siteNameOnly:
				sum.HitsNameOnly++
			}
		}
		sum.HitsAny += hits
		sum.PreciseByDefinition += countDefinitionIsTarget(res.FalsePrecise)
		sum.NameOnlyByDefinition += countDefinitionIsTarget(res.WrongNameOnly)
		if len(res.RefSites) > 0 {
			sum.WithRefCallers++
			macroRecall = append(macroRecall, float64(hits)/float64(len(res.RefSites)))
		} else if precise > 0 {
			sum.FalseOnNone++
		}
		if precise > 0 {
			macroPrecision = append(macroPrecision, float64(preciseHits)/float64(precise))
		}
	}
	sum.Recall = ratio(sum.HitsAny, sum.RefSites)
	sum.RecallPrecise = ratio(sum.HitsPrecise, sum.RefSites)
	sum.RecallDirect = ratio(sum.HitsDirect, sum.RefSitesDirect)
	sum.Precision = ratio(sum.HitsPrecise, sum.OurPrecise)
	sum.PrecisionWithDefinition = ratio(sum.HitsPrecise+sum.PreciseByDefinition, sum.OurPrecise)
	sum.NameOnlyRight = ratio(sum.HitsNameOnly, sum.OurNameOnly)
	sum.MacroRecall = mean(macroRecall)
	sum.MacroPrecision = mean(macroPrecision)
	slices.Sort(latencies)
	sum.OurP50Ms = percentile(latencies, 0.50)
	sum.OurP95Ms = percentile(latencies, 0.95)
	sum.Items = summarizeItems(results)
}

func countDefinitionIsTarget(sites []accuracySite) int {
	n := 0
	for _, s := range sites {
		if s.DefinitionIsTarget {
			n++
		}
	}
	return n
}

func ratio(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return float64(n) / float64(d)
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	total := 0.0
	for _, x := range xs {
		total += x
	}
	return total / float64(len(xs))
}

func percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
}

func msSince(start time.Time) float64 {
	return float64(time.Since(start).Microseconds()) / 1000
}

// relPath makes a URI relative to the root; a file outside the root keeps
// its absolute path so it never matches a file inside. A file reached
// through a linked folder is named by its own path (yosai's security/ links
// to yosai_intel_dashboard/src/infrastructure/security/: pyright names a
// caller through the link, callcascade, which does not follow folder links,
// by the file's own path; it is one caller).
func relPath(root string, uri protocol.DocumentURI) string {
	p, err := handlers.PathFromURI(uri)
	if err != nil {
		return string(uri)
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	if rel, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return p
}

// sourceLines caches the files whose lines the results quote.
type sourceLines struct {
	root  string
	files map[string][]string
}

func (l *sourceLines) line(rel string, n int) string {
	lines, ok := l.files[rel]
	if !ok {
		src, _ := os.ReadFile(filepath.Join(l.root, filepath.FromSlash(rel)))
		lines = strings.Split(string(src), "\n")
		l.files[rel] = lines
	}
	if n < 1 || n > len(lines) {
		return ""
	}
	text := strings.TrimSpace(lines[n-1])
	if len(text) > 160 {
		text = text[:160] + "…"
	}
	return text
}

func writeAccuracyReport(t *testing.T, out string, report accuracyReport) {
	t.Helper()
	data, err := json.MarshalIndent(report, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// accuracyTable renders the summaries as the Markdown table docs/ACCURACY.md shows.
func accuracyTable(report accuracyReport) string {
	var b strings.Builder
	b.WriteString("| language | repository | functions (with ref callers) | ref sites (direct) | our sites: precise / name-only / other | recall: any / precise | recall on direct calls | macro recall | precision of precise (+ by definition) | name-only right (+ by definition) | precise callers where ref has none | our p50 / p95 ms |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range report.Repos {
		s := r.Summary
		fmt.Fprintf(&b, "| %s | %s | %d (%d) | %d (%d) | %d / %d / %d | %.3f / %.3f | %.3f | %.3f | %.3f (%d/%d); %.3f | %d/%d (+%d) | %d | %.0f / %.0f |\n",
			s.Language, s.Name, s.Sampled, s.WithRefCallers, s.RefSites, s.RefSitesDirect, s.OurPrecise, s.OurNameOnly, s.OurOther,
			s.Recall, s.RecallPrecise, s.RecallDirect, s.MacroRecall, s.Precision, s.HitsPrecise, s.OurPrecise, s.PrecisionWithDefinition,
			s.HitsNameOnly, s.OurNameOnly, s.NameOnlyByDefinition, s.FalseOnNone, s.OurP50Ms, s.OurP95Ms)
	}
	return b.String()
}

// startOursBinary starts a built callcascade as an editor does, and waits
// for its indexing to end. Its store goes under XDG_CACHE_HOME, which the
// test points at a temporary directory.
func startOursBinary(t *testing.T, binary string, graphTimeoutMs int, root, logPath string) *lspSession {
	t.Helper()
	argv := []string{binary, "serve"}
	if graphTimeoutMs > 0 {
		argv = append(argv, fmt.Sprintf("--graph-timeout=%dms", graphTimeoutMs))
	}
	ours, err := startLSPProcess("callcascade", argv, root, logPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := ours.initialize(nil); err != nil {
		ours.close()
		t.Fatal(err)
	}
	if err := ours.waitReady(time.Second, 10*time.Minute, true); err != nil {
		ours.close()
		t.Fatal(err)
	}
	waitWarmUp(t, logPath)
	return ours
}

// waitWarmUp waits, when CALLCASCADE_ACCURACY_WARMUP_WAIT names a number
// of seconds, until the server log at logPath says the resolver's warm-up
// ended after the workspace was indexed (or that many seconds pass), so
// that a large workspace on a loaded machine is not asked while the
// warm-up still holds the resolver; unset, the run starts at once, as
// before.
func waitWarmUp(t *testing.T, logPath string) {
	secs, err := strconv.Atoi(os.Getenv("CALLCASCADE_ACCURACY_WARMUP_WAIT"))
	if err != nil || secs <= 0 {
		return
	}
	start := time.Now()
	for deadline := start.Add(time.Duration(secs) * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Second) {
		data, _ := os.ReadFile(logPath)
		log := string(data)
		if i := strings.LastIndex(log, `msg="indexed workspace"`); i >= 0 && strings.Contains(log[i:], `msg="resolver warm-up ended"`) {
			t.Logf("resolver warm-up ended %s after the index was ready", time.Since(start).Round(time.Second))
			return
		}
	}
	t.Logf("resolver warm-up still running after %ds: asking anyway", secs)
}

// declaresTargetBeside reports whether the reference's definition at
// defPath:line is the target's own declaration in the declaration file
// written beside the target's JavaScript module (lib/utils.d.ts for
// lib/utils.js), naming the target on that line. TypeScript resolves an
// import of the module to that file before the .js, so tsserver defines a
// call of the function there, and its call hierarchy of the .js function
// leaves the call out (n2store, the twenty-second set); the call is still
// the function's, by the reference's own definition.
func declaresTargetBeside(root, targetPath, targetName, defPath string, line int) bool {
	declExt := map[string]string{".js": ".d.ts", ".jsx": ".d.ts", ".mjs": ".d.mts", ".cjs": ".d.cts"}[path.Ext(targetPath)]
	if declExt == "" {
		return false
	}
	decl := strings.TrimSuffix(targetPath, path.Ext(targetPath)) + declExt
	if defPath != decl || targetName == "" {
		return false
	}
	text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(defPath)))
	if err != nil {
		return false
	}
	lines := strings.Split(string(text), "\n")
	if line < 1 || line > len(lines) {
		return false
	}
	for _, w := range strings.FieldsFunc(lines[line-1], func(r rune) bool {
		return !(r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r))
	}) {
		if w == targetName {
			return true
		}
	}
	return false
}

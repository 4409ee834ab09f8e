package server_test

// Scoring of every item a user sees (issue 14, item 6). accuracy_test.go
// compares precise sites with the reference; this file judges every item
// incomingCalls returns — name matches, grep and keyword fallbacks,
// framework links and entry points included — and, separately, the items
// not flagged degraded. docs/ACCURACY.md ("Issue 14") states the rules.

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// Finer kinds of our items than precise / name / other: what the caller's
// detail says produced it.
const (
	siteGrep      = "grep"      // "grep fallback: call", a code site of the name
	siteKeyword   = "keyword"   // "keyword match 0.62: '…' in a string"
	siteFramework = "framework" // "via event '…'", "registered via …", implicit sends
	siteEntry     = "entry"     // "framework entry point · …": the framework invokes the target
)

// itemKind reads the provenance a caller's detail states. Precise and
// name-only keep their old names, so the earlier table is unchanged.
func itemKind(detail string) string {
	switch {
	case strings.HasPrefix(detail, entryDetailPrefix):
		return siteEntry
	case strings.Contains(detail, "precise") && strings.Contains(detail, alsoRegistered):
		// a direct call's item that also holds a registration
		// (judgeItems judges that site as a framework link)
		return sitePrecise
	case strings.Contains(detail, "implicit sends"), strings.Contains(detail, "via event '"), strings.Contains(detail, "registered via "):
		return siteFramework
	case strings.Contains(detail, "precise"):
		return sitePrecise
	case strings.Contains(detail, "name match only"), strings.Contains(detail, outsideProjectDetail), strings.Contains(detail, unmappedImportDetail):
		// a call from a file no tsconfig includes, linked through its
		// aliases: resolved by the graph as a name match is, and flagged
		return siteNameOnly
	case strings.Contains(detail, "grep"):
		return siteGrep
	case strings.Contains(detail, "keyword"):
		return siteKeyword
	}
	return siteOther
}

// outsideProjectDetail is what graph.Detail says of an edge whose caller's
// file no tsconfig includes.
const outsideProjectDetail = "leaves this file out, and only its path aliases reach the target"

// unmappedImportDetail is what it says of an edge through an import the
// config's paths map to no file.
const unmappedImportDetail = "to no file, so the editor resolves nothing there"

// alsoRegistered is what graph.Detail adds to an item that also holds a
// registration of the target.
const alsoRegistered = " · also registered via "

// entryDetailPrefix is handlers.EntryDetailPrefix, repeated so a renamed
// prefix shows up here as "other" rather than passing silently.
const entryDetailPrefix = "framework entry point · "

// degradedMarkers are the words that flag an item as not a resolved caller,
// in the detail the editor shows beside it. An item whose detail has none
// of them is "not flagged degraded": it is shown as a caller, and must be one.
// They are matched as whole words: a caller's container named
// FoodRatingRepo or SkillCatalogRepository holds "grep" inside a word, and is
// no flag.
var degradedMarkers = regexp.MustCompile(`\b(name match|grep|keyword|possible|not precise|degraded|unresolved|guess)\b`)

func flaggedDegraded(detail string) bool {
	return degradedMarkers.MatchString(strings.ToLower(detail))
}

// Verdicts on one of our items.
const (
	verdictRight       = "right"       // the reference lists the site, or its go-to-definition there is the target
	verdictFramework   = "framework"   // a framework link whose site names the link's key (see frameworkConfirmed), or a call on a pytest fixture's value the reference types as the target's class
	verdictWrong       = "wrong"       // none of the above
	verdictUnconfirmed = "unconfirmed" // a framework item the simple check cannot confirm: reported, not scored
)

// judgeItems gives each of our sites a verdict. It runs after
// askDefinitions, which asked the reference's go-to-definition at every site
// it does not list.
func judgeItems(res *accuracyResult) {
	inRef := map[string]bool{}
	for _, s := range res.RefSites {
		inRef[s.key()] = true
	}
	byDefinition := map[string]bool{}
	refDefinition := map[string]string{}
	fixtures := map[string]accuracySite{}
	atImport := map[string]bool{}
	for _, wrong := range [][]accuracySite{res.FalsePrecise, res.WrongNameOnly, res.WrongOther} {
		for _, s := range wrong {
			refDefinition[s.key()] = s.RefDefinition
			atImport[s.key()] = s.RefStopsAtImport
			if s.DefinitionIsTarget {
				byDefinition[s.key()] = true
			}
			if s.FixtureType != "" {
				fixtures[s.key()] = s
			}
		}
	}
	for i := range res.OurSites {
		s := &res.OurSites[i]
		s.Flagged = flaggedDegraded(s.Detail)
		if d, ok := refDefinition[s.key()]; ok {
			s.RefDefinition = d // what the call really calls, per the reference
		}
		s.RefStopsAtImport = atImport[s.key()]
		if fx, ok := fixtures[s.key()]; ok {
			s.FixtureType, s.FixtureConfirmed = fx.FixtureType, fx.FixtureConfirmed
		}
		switch {
		case inRef[s.key()] || byDefinition[s.key()]:
			s.Verdict = verdictRight
		case strings.Contains(s.Detail, alsoRegistered) && mentionsName(s.Text, res.Target.Name):
			// setInterval(calculateTimeLeft, 1000) in an item that also
			// calls it directly: a registration whose line names the
			// target, confirmed as frameworkConfirmed confirms one
			s.Verdict = verdictFramework
		case s.FixtureConfirmed:
			// pytest injects the fixture's value, whose type the
			// reference confirms (accuracy_fixtures_test.go)
			s.Verdict = verdictFramework
		case s.Item == siteFramework || s.Item == siteEntry:
			if frameworkConfirmed(*s, res.Target) {
				s.Verdict = verdictFramework
			} else {
				s.Verdict = verdictUnconfirmed
			}
		default:
			s.Verdict = verdictWrong
		}
	}
}

var eventKey = regexp.MustCompile(`via event '([^']*)'`)

// frameworkConfirmed is the framework truth, kept simple: no reference
// server sees these links, so a link counts as right when its site is a
// publishing or registering call of the handler's key, read from the
// source line:
//   - an event link ("via event 'K'") when the line holds K, or every
//     literal fragment of K when K is a template ("team/${…}/removed");
//   - a registration ("registered via …") when the line names the target or
//     its class (Django's path("x/", View.as_view()) routes to View.get);
//   - an entry point when its site is at the target's own declaration (a
//     decorator up to 10 lines above its name, in its file) or names it.
//
// Implicit sends (Django's model signals) are summaries, not sites: they
// stay unconfirmed and are reported beside the precision, not in it.
func frameworkConfirmed(s accuracySite, target accuracyTarget) bool {
	switch {
	case s.Item == siteEntry:
		if s.Path == target.Path && s.Line <= target.Line && s.Line >= target.Line-10 {
			return true
		}
		return mentionsName(s.Text, target.Name)
	case strings.Contains(s.Detail, "registered via "):
		return mentionsName(s.Text, target.Name) || target.Container != "" && mentionsName(s.Text, target.Container)
	}
	m := eventKey.FindStringSubmatch(s.Detail)
	if m == nil {
		return false
	}
	fragments := strings.FieldsFunc(strings.NewReplacer("${…}", "\x00", "…", "\x00", "{}", "\x00").Replace(m[1]),
		func(r rune) bool { return r == 0 })
	if len(fragments) == 0 {
		return false
	}
	for _, f := range fragments {
		if !strings.Contains(s.Text, f) {
			return false
		}
	}
	return true
}

func mentionsName(text, name string) bool {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(text)
}

// accuracyItems sums the verdicts of one repository's items.
type accuracyItems struct {
	Items      int            `json:"items"`       // our sites, every provenance
	Flagged    int            `json:"flagged"`     // of which flagged degraded
	Right      int            `json:"right"`       // reference or its go-to-definition
	Framework  int            `json:"framework"`   // framework links confirmed by their key
	Unconfirm  int            `json:"unconfirmed"` // framework items not scored
	Wrong      int            `json:"wrong"`
	ByKind     map[string]int `json:"byKind"`       // items per kind
	WrongKind  map[string]int `json:"wrongByKind"`  // wrong items per kind
	WrongTests int            `json:"wrongInTests"` // wrong items in test files
	// Of the items not flagged degraded:
	Plain      int `json:"notFlagged"`
	PlainWrong int `json:"notFlaggedWrong"`
	PlainUnc   int `json:"notFlaggedUnconfirmed"`
	// Recall over the reference's sites, by any item and by items not flagged.
	RefSites  int `json:"refSites"`
	HitsAny   int `json:"hitsAny"`
	HitsPlain int `json:"hitsNotFlagged"`
	// Functions the reference says nobody calls, given an item not flagged.
	PlainOnNone int `json:"notFlaggedOnNone"`
	// Wrong items where the reference's definition stopped at an import of
	// the site's own file (accuracySite.RefStopsAtImport), and of them not
	// flagged: counted wrong above; the precisions below leave them out, a
	// reading beside the figures, not in place of them.
	WrongAtImport               int     `json:"wrongAtOwnImport"`
	PlainWrongAtImport          int     `json:"notFlaggedWrongAtOwnImport"`
	PrecisionAllFollowed        float64 `json:"precisionAllLeavingOutOwnImport"`
	PrecisionNotFlaggedFollowed float64 `json:"precisionNotFlaggedLeavingOutOwnImport"`

	PrecisionAll        float64 `json:"precisionAll"`        // (right + framework) / (items − unconfirmed)
	PrecisionNotFlagged float64 `json:"precisionNotFlagged"` // the same over items not flagged degraded
	Recall              float64 `json:"recall"`
	RecallNotFlagged    float64 `json:"recallNotFlagged"`
}

func summarizeItems(results []accuracyResult) accuracyItems {
	sum := accuracyItems{ByKind: map[string]int{}, WrongKind: map[string]int{}}
	for _, res := range results {
		sum.RefSites += len(res.RefSites)
		inRef := map[string]bool{}
		for _, s := range res.RefSites {
			inRef[s.key()] = true
		}
		plainHere := 0
		for _, s := range res.OurSites {
			sum.Items++
			sum.ByKind[s.Item]++
			if inRef[s.key()] {
				sum.HitsAny++
				if !s.Flagged {
					sum.HitsPlain++
				}
			}
			if s.Flagged {
				sum.Flagged++
			} else {
				sum.Plain++
				plainHere++
			}
			switch s.Verdict {
			case verdictRight:
				sum.Right++
			case verdictFramework:
				sum.Framework++
			case verdictUnconfirmed:
				sum.Unconfirm++
				if !s.Flagged {
					sum.PlainUnc++
				}
			default:
				sum.Wrong++
				sum.WrongKind[s.Item]++
				if isTestPath(s.Path) {
					sum.WrongTests++
				}
				if !s.Flagged {
					sum.PlainWrong++
				}
				if s.RefStopsAtImport {
					sum.WrongAtImport++
					if !s.Flagged {
						sum.PlainWrongAtImport++
					}
				}
			}
		}
		if len(res.RefSites) == 0 && plainHere > 0 {
			sum.PlainOnNone++
		}
	}
	scored := sum.Items - sum.Unconfirm
	sum.PrecisionAll = ratio(scored-sum.Wrong, scored)
	plainScored := sum.Plain - sum.PlainUnc
	sum.PrecisionNotFlagged = ratio(plainScored-sum.PlainWrong, plainScored)
	sum.Recall = ratio(sum.HitsAny, sum.RefSites)
	sum.RecallNotFlagged = ratio(sum.HitsPlain, sum.RefSites)
	sum.PrecisionAllFollowed = ratio(scored-sum.Wrong, scored-sum.WrongAtImport)
	sum.PrecisionNotFlaggedFollowed = ratio(plainScored-sum.PlainWrong, plainScored-sum.PlainWrongAtImport)
	return sum
}

// itemKinds is the order the table lists kinds in.
var itemKinds = []string{sitePrecise, siteNameOnly, siteGrep, siteKeyword, siteFramework, siteEntry, siteOther}

// itemsTable renders issue 14's table: every item, and the items not flagged.
func itemsTable(report accuracyReport) string {
	var b strings.Builder
	b.WriteString("| language | repository | graph budget | functions (with ref callers) | ref sites | our items: all / not flagged | items by kind: " + strings.Join(itemKinds, " / ") +
		" | wrong by kind (in tests) | framework: confirmed / unconfirmed | **all items precision** | **not flagged precision** | caller recall: any item / not flagged | not-flagged callers where ref has none | wrong where the ref stopped at the site's own import: all / not flagged; precision leaving them out: all / not flagged |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range report.Repos {
		s, it := r.Summary, r.Summary.Items
		kinds := make([]string, len(itemKinds))
		wrong := make([]string, len(itemKinds))
		for i, k := range itemKinds {
			kinds[i] = fmt.Sprint(it.ByKind[k])
			wrong[i] = fmt.Sprint(it.WrongKind[k])
		}
		budget := "default"
		if report.Config.GraphTimeoutMs > 0 {
			budget = fmt.Sprintf("%d ms", report.Config.GraphTimeoutMs)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d (%d) | %d | %d / %d | %s | %s (%d) | %d / %d | **%.3f** (%d/%d) | **%.3f** (%d/%d) | %.3f / %.3f | %d | %d / %d; %.3f / %.3f |\n",
			s.Language, s.Name, budget, s.Sampled, s.WithRefCallers, it.RefSites, it.Items, it.Plain,
			strings.Join(kinds, " / "), strings.Join(wrong, " / "), it.WrongTests, it.Framework, it.Unconfirm,
			it.PrecisionAll, it.Items-it.Unconfirm-it.Wrong, it.Items-it.Unconfirm,
			it.PrecisionNotFlagged, it.Plain-it.PlainUnc-it.PlainWrong, it.Plain-it.PlainUnc,
			it.Recall, it.RecallNotFlagged, it.PlainOnNone,
			it.WrongAtImport, it.PlainWrongAtImport, it.PrecisionAllFollowed, it.PrecisionNotFlaggedFollowed)
	}
	return b.String()
}

const accuracyRescoreEnv = "CALLCASCADE_ACCURACY_RESCORE"

// TestAccuracyRescore judges the items of a results file again, without any
// server: for a change of the judging rules above, or to print the tables of
// a run. It writes <file>.rescored.json beside the file.
func TestAccuracyRescore(t *testing.T) {
	in := os.Getenv(accuracyRescoreEnv)
	if in == "" {
		t.Skipf("set %s to a results file to judge its items again", accuracyRescoreEnv)
	}
	raw, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	var report accuracyReport
	if err := json.Unmarshal(raw, &report); err != nil {
		t.Fatal(err)
	}
	for i := range report.Repos {
		r := &report.Repos[i]
		root := ""
		for _, repo := range report.Config.Repos {
			if repo.Name == r.Summary.Name {
				root = os.ExpandEnv(repo.Root)
			}
		}
		for j := range r.Results {
			res := &r.Results[j]
			for _, wrong := range [][]accuracySite{res.FalsePrecise, res.WrongNameOnly, res.WrongOther} {
				for i := range wrong {
					if root != "" {
						wrong[i].RefStopsAtImport = definitionAtOwnImport(root, wrong[i])
					}
				}
			}
			judgeItems(res)
		}
		old := r.Summary
		sum := accuracySummary{Name: old.Name, Language: old.Language, Commit: old.Commit, Reference: old.Reference,
			ReferenceVersion: old.ReferenceVersion, FilesWalked: old.FilesWalked, LanguageFiles: old.LanguageFiles,
			Candidates: old.Candidates, RefQueries: old.RefQueries, RefNotCallable: old.RefNotCallable,
			ExcludeReasons: old.ExcludeReasons, Unstable: old.Unstable, Errors: old.Errors}
		summarize(&sum, r.Results)
		r.Summary = sum
	}
	writeAccuracyReport(t, strings.TrimSuffix(in, ".json")+".rescored.json", report)
	t.Logf("callcascade %s\n%s\nEvery item (issue 14):\n%s", report.Callcascade, accuracyTable(report), itemsTable(report))
}

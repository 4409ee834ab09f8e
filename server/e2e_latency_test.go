package server_test

// TestEndToEndLatency times call hierarchy answers as an editor gets them
// (issue 14, item 5): a built callcascade started as `callcascade serve` on
// stdio, driven over JSON-RPC (initialize, wait for indexing, didOpen, then
// prepareCallHierarchy + incomingCalls), side by side with the reference
// server of the language, started fresh in the same run and asked the same
// questions. It runs only when CALLCASCADE_E2E_CONFIG names a config (the
// accuracy config format; docs/PERFORMANCE.md says how) and logs a table.
//
// Three classes of question per repository:
//   - sample: functions and methods drawn as the accuracy harness draws them;
//   - no caller: drawn functions whose name occurs once in the repository's
//     files of the language (its own declaration), so nobody can call them;
//   - common: one method of each of the 20 method names that occur most
//     often in those files, the names with the most call sites (function
//     names fill in where there are fewer than 20 method names).

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/treesitter"
)

const e2eConfigEnv = "CALLCASCADE_E2E_CONFIG"

// e2eSizes are how many questions of each class a repository gets; the
// config may set them (e2eSample, e2eNoCaller, e2eCommon).
type e2eSizes struct {
	Sample   int `json:"e2eSample,omitempty"`   // default 60
	NoCaller int `json:"e2eNoCaller,omitempty"` // default 20
	Common   int `json:"e2eCommon,omitempty"`   // default 20
	// OursOnly times callcascade alone, without the reference server:
	// for comparing two builds of callcascade, never for the issue's
	// ratios (the table shows no reference column figures then).
	OursOnly bool `json:"e2eOursOnly,omitempty"`
	// SettleSeconds waits this long after callcascade is ready (its
	// indexing progress ended) before timing it: the resolver's warm-up and
	// the full-text index then run in the background for a few seconds on
	// a large repository, and the first answers share the CPU with them.
	// 0 times at once, as an editor asking straight away sees it.
	SettleSeconds int `json:"e2eSettleSeconds,omitempty"`
}

type e2eClass struct {
	Class   string           `json:"class"`
	Targets []accuracyTarget `json:"targets"`
}

type e2eTimes struct {
	Server  string    `json:"server"`
	StartMs float64   `json:"startMs"` // process start to ready (indexing ended, or quiet)
	Class   string    `json:"class"`
	Ms      []float64 `json:"ms"` // prepare + incomingCalls, per target, in target order
	// WireMs is Ms less the client's decoding of the two answers: sent to
	// the last byte received, what the server controls.
	WireMs []float64 `json:"wireMs"`
	Items  []int     `json:"items"`
	Errors int       `json:"errors"`
}

type e2eRepoReport struct {
	Name     string     `json:"name"`
	Language string     `json:"language"`
	Commit   string     `json:"commit"`
	Files    int        `json:"languageFiles"`
	Classes  []e2eClass `json:"classes"`
	Times    []e2eTimes `json:"times"`
}

func TestEndToEndLatency(t *testing.T) {
	configPath := os.Getenv(e2eConfigEnv)
	if configPath == "" {
		t.Skipf("set %s to a config file to time callcascade and the reference servers over JSON-RPC (see docs/PERFORMANCE.md)", e2eConfigEnv)
	}
	raw, err := os.ReadFile(configPath)
	if err != nil {
		t.Fatal(err)
	}
	raw = []byte(os.ExpandEnv(string(raw)))
	var cfg accuracyConfig
	var sizes e2eSizes
	if err := json.Unmarshal(raw, &cfg); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &sizes); err != nil {
		t.Fatal(err)
	}
	sizes.Sample, sizes.NoCaller, sizes.Common = cmp.Or(sizes.Sample, 60), cmp.Or(sizes.NoCaller, 20), cmp.Or(sizes.Common, 20)
	if cfg.Binary == "" {
		t.Fatalf("%s: binary (a built callcascade) is required", configPath)
	}
	if cfg.Output == "" {
		t.Fatalf("%s: output is required", configPath)
	}
	out := strings.TrimSuffix(cfg.Output, ".json") + "-e2e.json"
	cfg.LogDir = cmp.Or(cfg.LogDir, filepath.Dir(out))
	if err := os.MkdirAll(cfg.LogDir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())

	var reports []e2eRepoReport
	for _, repo := range cfg.Repos {
		t.Run(repo.Name, func(t *testing.T) {
			reports = append(reports, timeRepo(t, cfg, sizes, repo))
			data, _ := json.MarshalIndent(map[string]any{"generated": time.Now().UTC().Format(time.RFC3339),
				"callcascade": cfg.Binary, "repos": reports}, "", "  ")
			if err := os.WriteFile(out, data, 0o644); err != nil {
				t.Fatal(err)
			}
		})
	}
	t.Logf("\n%s", e2eTable(reports))
}

func timeRepo(t *testing.T, cfg accuracyConfig, sizes e2eSizes, repo accuracyRepo) e2eRepoReport {
	root, err := filepath.Abs(repo.Root)
	if err != nil {
		t.Fatal(err)
	}
	var sum accuracySummary
	candidates := sampleCandidates(t, root, repo, &sum)
	if len(candidates) == 0 {
		t.Fatalf("no functions under %s", root)
	}
	counts := identifierCounts(t, root, repo.Language)
	classes := e2eClasses(candidates, counts, sizes)
	rep := e2eRepoReport{Name: repo.Name, Language: string(repo.Language), Commit: repo.Commit, Files: sum.LanguageFiles, Classes: classes}

	// One server at a time, each started fresh, so neither slows the other.
	if !sizes.OursOnly {
		timeReference(t, cfg, repo, root, candidates, classes, &rep)
	}
	start := time.Now()
	ours := startOursBinary(t, cfg.Binary, cfg.GraphTimeoutMs, root, filepath.Join(cfg.LogDir, repo.Name+"-e2e-callcascade.log"))
	oursStart := msSince(start)
	time.Sleep(time.Duration(sizes.SettleSeconds) * time.Second)
	for _, c := range classes {
		rep.Times = append(rep.Times, timeClass(ours, "callcascade", oursStart, root, c))
	}
	ours.close()
	return rep
}

// timeReference times the repository's precise server on the classes.
func timeReference(t *testing.T, cfg accuracyConfig, repo accuracyRepo, root string, candidates []accuracyTarget, classes []e2eClass, rep *e2eRepoReport) {
	start := time.Now()
	ref, err := startLSPProcess(repo.Reference[0], repo.Reference, root, filepath.Join(cfg.LogDir, repo.Name+"-e2e-reference.log"))
	if err != nil {
		t.Fatal(err)
	}
	if err := ref.initialize(repo.InitializationOptions); err != nil {
		ref.close()
		t.Fatal(err)
	}
	if err := ref.open(filepath.Join(root, candidates[0].Path), languageID(candidates[0].lang)); err != nil {
		ref.close()
		t.Fatal(err)
	}
	if err := ref.waitReady(time.Duration(cmp.Or(repo.SettleSeconds, 5))*time.Second, 10*time.Minute, false); err != nil {
		ref.close()
		t.Fatal(err)
	}
	refStart := msSince(start)
	for _, c := range classes {
		rep.Times = append(rep.Times, timeClass(ref, "reference", refStart, root, c))
	}
	ref.close()
}

// timeClass asks s about every target of a class; the file is opened first,
// as an editor has it open, and only the two requests are timed.
func timeClass(s *lspSession, server string, startMs float64, root string, c e2eClass) e2eTimes {
	times := e2eTimes{Server: server, StartMs: startMs, Class: c.Class}
	for _, target := range c.Targets {
		abs := filepath.Join(root, filepath.FromSlash(target.Path))
		if err := s.open(abs, languageID(target.lang)); err != nil {
			times.Errors++
			continue
		}
		decoded := s.decodingSoFar()
		begin := time.Now()
		_, calls, err := s.incomingCalls(abs, target.pos)
		ms := msSince(begin)
		if err != nil {
			times.Errors++
		}
		times.Ms = append(times.Ms, ms)
		times.WireMs = append(times.WireMs, ms-float64(s.decodingSoFar()-decoded)/float64(time.Millisecond))
		times.Items = append(times.Items, len(calls))
	}
	return times
}

var identifierPattern = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// identifierCounts counts every identifier-like word in the repository's
// files of the language, comments and strings included: an upper bound on
// the sites a name can have, and exact about names that occur only once.
func identifierCounts(t *testing.T, root string, lang treesitter.Language) map[string]int {
	counts := map[string]int{}
	_, err := files.Walk(t.Context(), root, files.WalkOptions{}, func(f files.WalkedFile) error {
		l, ok := treesitter.LanguageForPath(f.Rel)
		if !ok || !sameLanguage(l, lang) {
			return nil
		}
		src, err := os.ReadFile(f.Path)
		if err != nil {
			return err
		}
		for _, w := range identifierPattern.FindAll(src, -1) {
			counts[string(w)]++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return counts
}

// e2eClasses draws the three classes from the seeded candidates.
func e2eClasses(candidates []accuracyTarget, counts map[string]int, sizes e2eSizes) []e2eClass {
	sample := candidates[:min(sizes.Sample, len(candidates))]
	var noCaller []accuracyTarget
	for _, c := range candidates {
		if counts[c.Name] == 1 && len(noCaller) < sizes.NoCaller {
			noCaller = append(noCaller, c)
		}
	}
	// The most frequent method names, one declaration each (the first drawn);
	// where a repository has fewer method names than asked (React code has
	// few classes), the most frequent function names fill the class.
	var common []accuracyTarget
	seen := map[string]bool{}
	for _, methods := range []bool{true, false} {
		first := map[string]accuracyTarget{}
		var names []string
		for _, c := range candidates {
			if (c.Kind == treesitter.KindMethod) != methods || seen[c.Name] {
				continue
			}
			if _, ok := first[c.Name]; !ok {
				first[c.Name] = c
				names = append(names, c.Name)
			}
		}
		sort.SliceStable(names, func(i, j int) bool { return counts[names[i]] > counts[names[j]] })
		for _, n := range names {
			if len(common) == sizes.Common {
				break
			}
			common = append(common, first[n])
			seen[n] = true
		}
	}
	return []e2eClass{{Class: "sample", Targets: sample}, {Class: "no caller", Targets: noCaller}, {Class: "common names", Targets: common}}
}

func e2eTable(reports []e2eRepoReport) string {
	var b strings.Builder
	b.WriteString("| language | repository | files | class | n | callcascade p50 / p95 / p99 / max ms | reference p50 / p95 / p99 / max ms | p95 ours / ref | to the last byte: callcascade / reference p95 / p99 ms | errors ours / ref | ready: callcascade / reference s |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range reports {
		for _, c := range r.Classes {
			var ours, ref e2eTimes
			for _, tm := range r.Times {
				if tm.Class != c.Class {
					continue
				}
				if tm.Server == "callcascade" {
					ours = tm
				} else {
					ref = tm
				}
			}
			o, f := quantiles(ours.Ms), quantiles(ref.Ms)
			ow, fw := quantiles(ours.WireMs), quantiles(ref.WireMs)
			share := "–"
			if f[1] > 0 {
				share = fmt.Sprintf("%.0f %%", 100*o[1]/f[1])
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %s | %d | %.0f / %.0f / %.0f / %.0f | %.0f / %.0f / %.0f / %.0f | %s | %.0f / %.0f; %.0f / %.0f | %d / %d | %.0f / %.0f |\n",
				r.Language, r.Name, r.Files, c.Class, len(c.Targets), o[0], o[1], o[2], o[3], f[0], f[1], f[2], f[3], share,
				ow[1], ow[2], fw[1], fw[2], ours.Errors, ref.Errors, ours.StartMs/1000, ref.StartMs/1000)
		}
	}
	return b.String()
}

// quantiles gives p50, p95, p99 and the maximum (nearest rank: with 20
// answers, p99 is the slowest).
func quantiles(ms []float64) [4]float64 {
	sorted := slices.Clone(ms)
	slices.Sort(sorted)
	if len(sorted) == 0 {
		return [4]float64{}
	}
	return [4]float64{percentile(sorted, 0.50), percentile(sorted, 0.95), percentile(sorted, 0.99), sorted[len(sorted)-1]}
}

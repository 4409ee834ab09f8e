package server_test

// Cold start, as a user feels it (issue 16, item 2): a fresh cache, an
// editor opened on a real repository, the call hierarchy asked for at once.
// For each sampled function, the built binary is started with an empty
// cache and asked for the function's incoming calls right after
// initialize, again and again, until its answer is the steady state's (the
// answer of a fully indexed server); beside it, the precise server is
// started fresh and asked the same until its first answer. Reported: the
// time from spawn to callcascade's first answer, to its first answer as
// right as the steady state's, and to the precise server's first answer.
//
// CALLCASCADE_COLDSTART_CONFIG names a config; without it the test skips.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/callcascade/callcascade/treesitter"
)

type coldStartConfig struct {
	Output string          `json:"output"` // a Markdown table is written here, the JSON beside it
	Binary string          `json:"binary"` // the built callcascade
	Repos  []coldStartRepo `json:"repos"`
}

type coldStartRepo struct {
	Name      string              `json:"name"`
	Language  treesitter.Language `json:"language"`
	Root      string              `json:"root"`
	Commit    string              `json:"commit"`
	Reference []string            `json:"reference"`
	Seed      uint64              `json:"seed"`
	Targets   int                 `json:"targets"` // functions to time, each with a cold start of both servers (default 2)
}

type coldStartRun struct {
	Repo, Target             string
	Sites                    int     // steady-state call sites (lines)
	OursFirstMs              float64 // spawn → callcascade's first incomingCalls answer
	OursRightMs              float64 // spawn → its first answer equal to the steady state's
	FirstWasRight            bool
	ReferenceMs              float64 // spawn → the precise server's first answer with a caller
	ReferenceSites           int
	OursPartialDetailsBefore bool // an answer before the right one said it was partial
}

func TestColdStart(t *testing.T) {
	path := os.Getenv("CALLCASCADE_COLDSTART_CONFIG")
	if path == "" {
		t.Skip("set CALLCASCADE_COLDSTART_CONFIG to a cold-start config (see docs/PERFORMANCE.md)")
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cfg coldStartConfig
	if err := json.Unmarshal([]byte(os.ExpandEnv(string(raw))), &cfg); err != nil {
		t.Fatal(err)
	}
	var runs []coldStartRun
	for _, repo := range cfg.Repos {
		runs = append(runs, coldStartRepoRuns(t, cfg, repo)...)
	}
	var b strings.Builder
	b.WriteString("| repository | target | steady sites | callcascade first answer (ms) | first right answer (ms) | first was right | precise server first answer (ms) | ratio right / precise |\n|---|---|---|---|---|---|---|---|\n")
	for _, r := range runs {
		fmt.Fprintf(&b, "| %s | %s | %d | %.0f | %.0f | %v | %.0f | %.2f |\n", r.Repo, r.Target, r.Sites, r.OursFirstMs, r.OursRightMs, r.FirstWasRight, r.ReferenceMs, r.OursRightMs/r.ReferenceMs)
	}
	t.Log("\n" + b.String())
	if cfg.Output != "" {
		os.MkdirAll(filepath.Dir(cfg.Output), 0o755)
		os.WriteFile(cfg.Output, []byte(b.String()), 0o644)
		js, _ := json.MarshalIndent(runs, "", "  ")
		os.WriteFile(strings.TrimSuffix(cfg.Output, filepath.Ext(cfg.Output))+".json", js, 0o644)
	}
}

func coldStartRepoRuns(t *testing.T, cfg coldStartConfig, repo coldStartRepo) []coldStartRun {
	t.Helper()
	root, err := filepath.Abs(repo.Root)
	if err != nil {
		t.Fatal(err)
	}
	if repo.Targets <= 0 {
		repo.Targets = 2
	}
	// The servers' logs are kept beside the output, where the request log
	// says what each early answer was (the stage, "index_incomplete").
	logDir := filepath.Join(filepath.Dir(cfg.Output), "logs", filepath.Base(root))
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		t.Fatal(err)
	}
	lines := &sourceLines{root: root, files: map[string][]string{}}

	// The steady state: a fully indexed server, and the targets it gives
	// callers to, in the seed's order.
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	steady, err := startLSPProcess("callcascade", []string{cfg.Binary, "serve", "--graph-timeout", "10s", "--budget", "30s"}, root, filepath.Join(logDir, "steady.log"))
	if err != nil {
		t.Fatal(err)
	}
	if err := steady.initialize(nil); err != nil {
		t.Fatal(err)
	}
	if err := steady.waitReady(time.Second, 20*time.Minute, true); err != nil {
		t.Fatal(err)
	}
	var sum accuracySummary
	cands := sampleCandidates(t, root, accuracyRepo{Name: repo.Name, Language: repo.Language, Seed: repo.Seed}, &sum)
	type target struct {
		c     accuracyTarget
		sites []string
	}
	var targets []target
	for _, c := range cands {
		if len(targets) == repo.Targets {
			break
		}
		_, sites, err := askIncoming(steady, filepath.Join(root, c.Path), c, lines)
		if err != nil || len(precise(sites)) == 0 {
			continue
		}
		targets = append(targets, target{c, siteKeys(sites)})
	}
	steady.close()

	var runs []coldStartRun
	for _, tg := range targets {
		run := coldStartRun{Repo: repo.Name, Target: fmt.Sprintf("%s:%d %s", tg.c.Path, tg.c.Line, tg.c.Name), Sites: len(tg.sites)}
		abs := filepath.Join(root, tg.c.Path)

		// callcascade, cold: a new cache, asked at once and again until right.
		t.Setenv("XDG_CACHE_HOME", t.TempDir())
		start := time.Now()
		ours, err := startLSPProcess("callcascade", []string{cfg.Binary, "serve"}, root, filepath.Join(logDir, "cold.log"))
		if err != nil {
			t.Fatal(err)
		}
		if err := ours.initialize(nil); err != nil {
			t.Fatal(err)
		}
		for first := true; time.Since(start) < 20*time.Minute; first = false {
			_, sites, err := askIncoming(ours, abs, tg.c, lines)
			if err != nil {
				t.Logf("%s: %v", run.Target, err)
			}
			if first {
				run.OursFirstMs = msSince(start)
			}
			if equalKeys(siteKeys(sites), tg.sites) {
				run.OursRightMs, run.FirstWasRight = msSince(start), first
				break
			}
			partial := false
			for _, s := range sites {
				partial = partial || strings.Contains(s.Detail, "partial")
			}
			run.OursPartialDetailsBefore = run.OursPartialDetailsBefore || partial
			t.Logf("%s: at %.0f ms an answer of %d sites (steady %d), partial in a detail: %v", run.Target, msSince(start), len(sites), len(tg.sites), partial)
			time.Sleep(20 * time.Millisecond)
		}
		ours.close()

		// The precise server, cold: its first answer with a caller.
		start = time.Now()
		ref, err := startLSPProcess(repo.Name+"-reference", repo.Reference, root, filepath.Join(logDir, "reference.log"))
		if err != nil {
			t.Fatal(err)
		}
		if err := ref.initialize(nil); err != nil {
			t.Fatal(err)
		}
		for time.Since(start) < 20*time.Minute {
			_, sites, err := askIncoming(ref, abs, tg.c, lines)
			if err == nil && len(sites) > 0 {
				run.ReferenceMs, run.ReferenceSites = msSince(start), len(sites)
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		ref.close()
		runs = append(runs, run)
	}
	return runs
}

// precise keeps the sites the graph resolved.
func precise(sites []accuracySite) []accuracySite {
	var out []accuracySite
	for _, s := range sites {
		if s.Kind == sitePrecise {
			out = append(out, s)
		}
	}
	return out
}

func equalKeys(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = append([]string(nil), a...), append([]string(nil), b...)
	sort.Strings(a)
	sort.Strings(b)
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

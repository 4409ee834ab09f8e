package server_test

// TestCallerSnapshot records what a built callcascade binary answers, over
// its real stdio, for a deterministic sample of the functions of each
// repository: the prepared item, every incoming and outgoing call (with its
// detail, which states the provenance, and its fromRanges), and for every
// fifth function the structured JSON of callcascade.findCallers. Two
// binaries that write the same file answer the same: it is how a change
// that must not change behaviour (a refactoring) is proven. It runs only
// when CALLCASCADE_SNAPSHOT_CONFIG names a config file:
//
//	{"binary": "/path/to/callcascade", "output": "/tmp/snap.json",
//	 "repos": [{"name": "cobra", "root": "/src/cobra", "max": 400, "seed": 1}]}
//
// and is compared with `cmp a.json b.json` (the output is written with
// sorted keys). It uses nothing of callcascade but the binary and the
// extractor, so it runs unchanged against any commit's binary. Stage
// timeouts are raised (--graph-timeout 20s ...) so that the answers, not
// the machine's load, decide the result.

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/handlers"
	"github.com/callcascade/callcascade/treesitter"
)

const snapshotConfigEnv = "CALLCASCADE_SNAPSHOT_CONFIG"

type snapshotConfig struct {
	Binary string         `json:"binary"`
	Output string         `json:"output"`
	Repos  []snapshotRepo `json:"repos"`
	// CPU is "all" to let the server use every CPU. By default it is pinned
	// to one (taskset), so that the indexer runs one parse worker and gives
	// out file ids, on which BM25 ties and the grep stage's early cut
	// depend, in the same order every run: two runs then write the same
	// bytes, and the comparison needs to set nothing aside.
	CPU string `json:"cpu,omitempty"`
}

type snapshotRepo struct {
	Name string `json:"name"`
	Root string `json:"root"`
	Max  int    `json:"max,omitempty"` // default 400
	Seed uint64 `json:"seed,omitempty"`
}

// snapshotSkipDirs are left out of the candidate walk. Which files the
// server indexes is its own business: a function in a file it skips is
// asked about all the same, and its (empty) answer is recorded.
var snapshotSkipDirs = map[string]bool{"node_modules": true, "vendor": true, "dist": true, "build": true,
	".venv": true, "venv": true, "__pycache__": true}

type snapshotCandidate struct {
	path string // relative, slash-separated
	name string
	pos  protocol.Position
}

func (c snapshotCandidate) key() string {
	return fmt.Sprintf("%s:%d:%d %s", c.path, c.pos.Line+1, c.pos.Character+1, c.name)
}

func snapshotCandidates(t *testing.T, root string) []snapshotCandidate {
	var out []snapshotCandidate
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || snapshotSkipDirs[d.Name()]) {
				return filepath.SkipDir
			}
			return nil
		}
		lang, ok := treesitter.LanguageForPath(p)
		if !ok || !d.Type().IsRegular() {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil || len(src) > 1<<20 {
			return nil
		}
		facts, err := treesitter.Extract(context.Background(), lang, src)
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		for _, s := range facts.Symbols {
			if s.Kind != treesitter.KindFunction && s.Kind != treesitter.KindMethod {
				continue
			}
			out = append(out, snapshotCandidate{path: filepath.ToSlash(rel), name: s.Name,
				pos: protocol.Position{Line: s.Selection.Start.Line, Character: s.Selection.Start.Character}})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(out, func(a, b snapshotCandidate) int {
		return cmp.Or(cmp.Compare(a.path, b.path), cmp.Compare(a.pos.Line, b.pos.Line), cmp.Compare(a.pos.Character, b.pos.Character))
	})
	return out
}

// snapItem is a call hierarchy item as the user sees it.
type snapItem struct {
	Name      string         `json:"name"`
	Kind      float64        `json:"kind"`
	Detail    string         `json:"detail"`
	URI       string         `json:"uri"` // relative to the root
	Range     protocol.Range `json:"range"`
	Selection protocol.Range `json:"selectionRange"`
}

type snapCall struct {
	Item       snapItem         `json:"item"`
	FromRanges []protocol.Range `json:"fromRanges"`
}

type snapAnswer struct {
	Prepared    []snapItem `json:"prepared"`
	Incoming    []snapCall `json:"incoming,omitempty"`
	Outgoing    []snapCall `json:"outgoing,omitempty"`
	FindCallers any        `json:"findCallers,omitempty"`
	Error       string     `json:"error,omitempty"`
}

func TestCallerSnapshot(t *testing.T) {
	cfgPath := os.Getenv(snapshotConfigEnv)
	if cfgPath == "" {
		t.Skipf("%s is not set: the snapshot runs only when asked (see this file's comment)", snapshotConfigEnv)
	}
	raw, err := os.ReadFile(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	var cfg snapshotConfig
	if err := json.Unmarshal(raw, &cfg); err != nil {
		t.Fatalf("%s: %v", cfgPath, err)
	}
	out := map[string]map[string]snapAnswer{}
	timings := map[string]string{}
	for _, repo := range cfg.Repos {
		start := time.Now()
		out[repo.Name] = snapshotRepoAnswers(t, cfg.Binary, cfg.CPU != "all", repo)
		timings[repo.Name] = time.Since(start).Round(time.Millisecond).String()
		t.Logf("%s: %d functions in %s", repo.Name, len(out[repo.Name]), timings[repo.Name])
	}
	// map keys are sorted by encoding/json, so equal answers give equal bytes.
	data, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg.Output, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tm, _ := json.MarshalIndent(timings, "", " ")
	_ = os.WriteFile(cfg.Output+".timings", tm, 0o644)
}

func snapshotRepoAnswers(t *testing.T, binary string, pinned bool, repo snapshotRepo) map[string]snapAnswer {
	root, err := filepath.Abs(repo.Root)
	if err != nil {
		t.Fatal(err)
	}
	root, _ = filepath.EvalSymlinks(root)
	cands := snapshotCandidates(t, root)
	rng := rand.New(rand.NewPCG(repo.Seed, 0))
	rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	if n := cmp.Or(repo.Max, 400); len(cands) > n {
		cands = cands[:n]
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	argv := []string{binary, "serve", "--graph-timeout", "20s", "--grep-timeout", "20s", "--keyword-timeout", "20s", "--budget", "60s"}
	if pinned {
		argv = append([]string{"taskset", "--cpu-list", "0"}, argv...)
	}
	s, err := startLSPProcess("callcascade", argv, root, filepath.Join(cache, "server.log"))
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
	rel := func(u protocol.DocumentURI) string {
		p := strings.TrimPrefix(string(u), string(handlers.URIFromPath(root)))
		return strings.TrimPrefix(p, "/")
	}
	item := func(it protocol.CallHierarchyItem) snapItem {
		return snapItem{Name: it.Name, Kind: float64(it.Kind), Detail: it.Detail, URI: rel(it.URI), Range: it.Range, Selection: it.SelectionRange}
	}
	sortCalls := func(calls []snapCall) {
		slices.SortFunc(calls, func(a, b snapCall) int {
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			return strings.Compare(string(ja), string(jb))
		})
	}
	answers := map[string]snapAnswer{}
	for i, c := range cands {
		abs := filepath.Join(root, filepath.FromSlash(c.path))
		var ans snapAnswer
		if err := s.open(abs, ""); err != nil {
			ans.Error = err.Error()
			answers[c.key()] = ans
			continue
		}
		uri := handlers.URIFromPath(abs)
		var items []protocol.CallHierarchyItem
		err := s.call("textDocument/prepareCallHierarchy", &protocol.CallHierarchyPrepareParams{
			TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: c.pos}}, &items)
		if err != nil {
			ans.Error = err.Error()
		}
		for _, it := range items {
			ans.Prepared = append(ans.Prepared, item(it))
		}
		if len(items) > 0 {
			var in []protocol.CallHierarchyIncomingCall
			if err := s.call("callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: items[0]}, &in); err != nil {
				ans.Error += " incoming: " + err.Error()
			}
			for _, call := range in {
				ans.Incoming = append(ans.Incoming, snapCall{Item: item(call.From), FromRanges: call.FromRanges})
			}
			var outc []protocol.CallHierarchyOutgoingCall
			if err := s.call("callHierarchy/outgoingCalls", &protocol.CallHierarchyOutgoingCallsParams{Item: items[0]}, &outc); err != nil {
				ans.Error += " outgoing: " + err.Error()
			}
			for _, call := range outc {
				ans.Outgoing = append(ans.Outgoing, snapCall{Item: item(call.To), FromRanges: call.FromRanges})
			}
			sortCalls(ans.Incoming)
			sortCalls(ans.Outgoing)
		}
		if i%5 == 0 {
			var res any
			args := map[string]any{"uri": string(uri), "position": c.pos}
			if err := s.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: "callcascade.findCallers", Arguments: []any{args}}, &res); err != nil {
				ans.FindCallers = "error: " + err.Error()
			} else {
				ans.FindCallers = withoutTimings(res, root)
			}
		}
		answers[c.key()] = ans
	}
	return answers
}

// withoutTimings drops what differs between two runs of the same binary:
// durations, and the absolute root (a temporary directory may differ).
func withoutTimings(v any, root string) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			lk := strings.ToLower(k)
			if strings.Contains(lk, "duration") || strings.HasSuffix(k, "Ms") || strings.Contains(lk, "took") || strings.Contains(lk, "elapsed") {
				continue
			}
			out[k] = withoutTimings(x, root)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = withoutTimings(x, root)
		}
		return out
	case string:
		return strings.ReplaceAll(v, root, "$ROOT")
	}
	return v
}

// TestCallerSnapshotCompare compares two snapshot files, named by
// CALLCASCADE_SNAPSHOT_COMPARE ("before.json after.json"): every prepared
// item and every incoming and outgoing call must be the same, and so must
// the findCallers JSON once two things are set aside that differ between
// two runs of one binary (two indexes of the same files): which of more
// than the stage's limit of string literals naming a word a keyword answer
// keeps, and which "likely caller" candidates and site count the grep stage
// names when a name is too common to answer by. Each is counted apart.
func TestCallerSnapshotCompare(t *testing.T) {
	paths := strings.Fields(os.Getenv("CALLCASCADE_SNAPSHOT_COMPARE"))
	if len(paths) != 2 {
		t.Skip("CALLCASCADE_SNAPSHOT_COMPARE is not set to two snapshot files")
	}
	var snaps [2]map[string]map[string]snapAnswer
	for i, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &snaps[i]); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	a, b := snaps[0], snaps[1]
	var functions, fcSame, fcVarying, keywordTies int
	for repo, ra := range a {
		rb, ok := b[repo]
		if !ok || len(ra) != len(rb) {
			t.Errorf("%s: %d functions before, %d after", repo, len(ra), len(rb))
			continue
		}
		for key, x := range ra {
			y, ok := rb[key]
			if !ok {
				t.Errorf("%s: %s missing after", repo, key)
				continue
			}
			functions++
			same := func(u, v any) bool {
				ju, _ := json.Marshal(u)
				jv, _ := json.Marshal(v)
				return string(ju) == string(jv)
			}
			if !same(x.Prepared, y.Prepared) || !same(x.Outgoing, y.Outgoing) || x.Error != y.Error {
				t.Errorf("%s: %s: prepared items, outgoing calls or errors differ", repo, key)
			}
			if !same(x.Incoming, y.Incoming) {
				if keywordOnly(x.Incoming) && keywordOnly(y.Incoming) {
					keywordTies++
				} else {
					t.Errorf("%s: %s: incoming calls differ", repo, key)
				}
			}
			switch {
			case x.FindCallers == nil && y.FindCallers == nil:
			case same(x.FindCallers, y.FindCallers):
				fcSame++
			case same(steadyAnswer(x.FindCallers), steadyAnswer(y.FindCallers)) || answeredBy(x.FindCallers, "keyword") && answeredBy(y.FindCallers, "keyword"):
				fcVarying++
			default:
				t.Errorf("%s: %s: findCallers JSON differs", repo, key)
			}
		}
	}
	t.Logf("%d functions: %d keyword answers differ only in tied literals; findCallers %d identical, %d equal once what varies between runs is set aside",
		functions, keywordTies, fcSame, fcVarying)
}

func keywordOnly(calls []snapCall) bool {
	for _, c := range calls {
		d := c.Item.Detail
		if i := strings.LastIndex(d, " · "); i >= 0 {
			d = d[i+len(" · "):]
		}
		if !strings.HasPrefix(d, "keyword match") {
			return false
		}
	}
	return len(calls) > 0
}

func answeredBy(fc any, stage string) bool {
	m, _ := fc.(map[string]any)
	meta, _ := m["meta"].(map[string]any)
	return meta != nil && meta["stage"] == stage
}

// steadyAnswer is a findCallers answer without what varies between two
// index runs of one binary (see TestCallerSnapshotCompare).
func steadyAnswer(fc any) any {
	raw, _ := json.Marshal(fc)
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return fc
	}
	if meta, ok := m["meta"].(map[string]any); ok {
		atts, _ := meta["attempts"].([]any)
		for _, at := range atts {
			if at, ok := at.(map[string]any); ok && at["reason"] == "too_many_matches" {
				delete(at, "count")
				delete(at, "observed")
			}
		}
	}
	for _, k := range []string{"next_actions", "suggestions"} {
		list, _ := m[k].([]any)
		var kept []any
		for _, v := range list {
			text, _ := v.(string)
			if o, ok := v.(map[string]any); ok {
				text, _ = o["title"].(string)
			}
			if !strings.Contains(text, "likely caller") {
				kept = append(kept, v)
			}
		}
		m[k] = kept
	}
	return m
}

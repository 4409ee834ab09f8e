package main

// The command line's conventions, through the real binary: help at every
// level, exit codes, the version, locations checked, the root found on its
// own (and refused when it is not a project), one JSON object, the real
// counts in status, and the caller tree drawn.

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade/files"
)

// runIn runs the binary in dir with a private cache and HOME.
func runIn(t *testing.T, dir, home string, args ...string) (string, string, int) {
	t.Helper()
	return runWith(t, dir, []string{"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"), "HOME=" + home}, args...)
}

func TestHelpAtEveryLevelExitsZero(t *testing.T) {
	for _, args := range [][]string{
		{"help"}, {"--help"}, {"-h"},
		{"help", "callers"}, {"callers", "--help"}, {"callers", "-h"},
		{"index", "--help"}, {"status", "-help"}, {"serve", "--help"}, {"help", "index"},
	} {
		out, errOut, code := run(t, args...)
		if code != 0 {
			t.Errorf("%v: exit %d, want 0 (stderr %q)", args, code, errOut)
		}
		if !strings.Contains(out, "usage:") {
			t.Errorf("%v: no usage on stdout:\n%s", args, out)
		}
	}
	// A command's help lists its flags.
	if out, _, _ := run(t, "callers", "--help"); !strings.Contains(out, "-format") || !strings.Contains(out, "-depth") {
		t.Errorf("callers --help does not list --format and --depth:\n%s", out)
	}
	if _, errOut, code := run(t, "help", "nonsense"); code != 2 || !strings.Contains(errOut, "nonsense") {
		t.Errorf("help nonsense: exit %d, stderr %q; want 2 naming it", code, errOut)
	}
}

func TestVersionNamesTheCommit(t *testing.T) {
	out, _, code := run(t, "--version")
	if code != 0 || !strings.HasPrefix(out, "callcascade ") {
		t.Fatalf("--version: exit %d, %q", code, out)
	}
	// Built with the VCS stamp (this machine's GOFLAGS turns it off), the
	// version carries the commit.
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatalf("git rev-parse: %v (the test runs in a Git checkout)", err)
	}
	bin := filepath.Join(t.TempDir(), "callcascade")
	build := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".")
	if info, err := os.Stat(".git"); err == nil && !info.IsDir() {
		// A linked worktree (.git is a file): the go command stamps only a
		// checkout whose .git is a directory, so build a clone of HEAD.
		clone := filepath.Join(t.TempDir(), "clone")
		if msg, err := exec.Command("git", "clone", "-q", "--shared", ".", clone).CombinedOutput(); err != nil {
			t.Fatalf("git clone: %v\n%s", err, msg)
		}
		build.Dir = clone
	}
	build.Env = append(os.Environ(), "GOFLAGS=")
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, msg)
	}
	v, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.TrimSpace(string(head))[:12]; !strings.Contains(string(v), "commit "+want) {
		t.Errorf("version %q does not name commit %s", v, want)
	}
}

func TestCallersExitCodes(t *testing.T) {
	cases := []struct {
		args    []string
		code    int
		message string // on stderr
	}{
		{[]string{"callers", "--root", "testdata/nest-fees", "EvidenceService.moveFilesToPermanentStorage"}, 0, ""},
		// Defined, and nothing calls it: the answer is printed, exit 1.
		{[]string{"callers", "--root", "testdata/nest-fees", "LegacyJob.run"}, 1, ""},
		{[]string{"callers", "--root", "testdata/nest-fees", "--format", "svg", "x"}, 2, "--format"},
		{[]string{"callers", "--root", "testdata/nest-fees", "--depth", "0", "x"}, 2, "--depth"},
		{[]string{"callers", "--root", "testdata/nest-fees", "--no-such-flag", "x"}, 2, "no-such-flag"},
		{[]string{"callers", "--root", "testdata/nest-fees", "src/evidence/evidence.service.ts:0:0"}, 2, "counted from 1"},
		{[]string{"callers", "--root", "testdata/nest-fees", "src/evidence/evidence.service.ts:12"}, 2, "needs a column"},
		{[]string{"callers", "--root", "testdata/nest-fees", "src/evidence/evidence.service.ts:999:1"}, 1, "past the end"},
	}
	for _, c := range cases {
		out, errOut, code := run(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.message) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q\n%s", c.args, code, errOut, c.code, c.message, out)
		}
	}
	// The "none found" answer still says so on stdout.
	if out, _, _ := run(t, "callers", "--root", "testdata/nest-fees", "LegacyJob.run"); !strings.Contains(out, "none found") && !strings.Contains(out, "SYMBOL") {
		t.Errorf("exit 1 without the answer:\n%s", out)
	}
}

func TestCallersJSONIsOneObject(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "go.mod", "module ex\n\ngo 1.22\n")
	write(t, dir, "a/a.go", "package a\n\ntype A struct{}\n\nfunc (A) Run() {}\n\nfunc UseA() { A{}.Run() }\n")
	write(t, dir, "b/b.go", "package b\n\ntype B struct{}\n\nfunc (B) Run() {}\n\nfunc UseB() { B{}.Run() }\n")
	out, errOut, code := run(t, "callers", "--json", "--root", dir, "Run")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var amb struct {
		Query     string
		Ambiguous bool
		Matches   []struct {
			Symbol struct{ ID string }
		}
	}
	if err := json.Unmarshal([]byte(out), &amb); err != nil {
		t.Fatalf("an ambiguous name gives no single JSON object: %v\n%s", err, out)
	}
	if !amb.Ambiguous || amb.Query != "Run" || len(amb.Matches) != 2 {
		t.Errorf("ambiguous answer = %+v, want both Run methods under matches", amb)
	}
}

func TestRootIsTheEnclosingRepository(t *testing.T) {
	home := t.TempDir()
	repo := filepath.Join(home, "src", "shop")
	write(t, repo, "go.mod", "module shop\n\ngo 1.22\n")
	write(t, repo, "orders/orders.go", "package orders\n\nfunc Place() { charge() }\n\nfunc charge() {}\n")
	write(t, repo, "orders/deep/nested/doc.txt", "not code\n")

	// index, run with no root, finds the repository; status finds the same
	// one and counts what index wrote.
	_, errOut, code := runIn(t, repo, home, "index")
	if code != 0 {
		t.Fatalf("index: exit %d: %s", code, errOut)
	}
	m := regexp.MustCompile(`(\d+) files .*, (\d+) symbols, (\d+) calls`).FindStringSubmatch(errOut)
	if m == nil {
		t.Fatalf("index summary without counts: %s", errOut)
	}
	out, _, code := runIn(t, filepath.Join(repo, "orders"), home, "status", "--json")
	var st struct {
		Root           string
		Indexed        bool
		Files, Symbols int
		Calls          int
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil || code != 0 {
		t.Fatalf("status --json: exit %d, %v\n%s", code, err, out)
	}
	if real, _ := filepath.EvalSymlinks(repo); st.Root != real || !st.Indexed || m[1] != itoa(st.Files) ||
		m[2] != itoa(st.Symbols) || m[3] != itoa(st.Calls) || st.Symbols == 0 {
		t.Errorf("status = %+v, want root %s with the index's %s files, %s symbols and %s calls", st, repo, m[1], m[2], m[3])
	}

	// From a folder deep inside, by name and by a path relative to there.
	out, errOut, code = runIn(t, filepath.Join(repo, "orders", "deep", "nested"), home, "callers", "charge")
	if code != 0 || !strings.Contains(out, "orders/orders.go") || !strings.Contains(out, "Place") {
		t.Errorf("callers from a subfolder: exit %d, stderr %q\n%s", code, errOut, out)
	}
	out, errOut, code = runIn(t, filepath.Join(repo, "orders"), home, "callers", "orders.go:5:6")
	if code != 0 || !strings.Contains(out, "Place") {
		t.Errorf("callers FILE:LINE:COL from a subfolder: exit %d, stderr %q\n%s", code, errOut, out)
	}
	// Run from the home directory itself, or from / , nothing is indexed.
	if _, errOut, code := runIn(t, home, home, "callers", "charge"); code != 2 || !strings.Contains(errOut, "home directory") {
		t.Errorf("callers in $HOME: exit %d, stderr %q; want a refusal (2)", code, errOut)
	}
	if _, errOut, code := runIn(t, "/", home, "index"); code != 2 || !strings.Contains(errOut, "refusing") {
		t.Errorf("index in /: exit %d, stderr %q; want a refusal (2)", code, errOut)
	}
	// An explicit --root is obeyed.
	if _, errOut, code := runIn(t, home, home, "callers", "--root", repo, "charge"); code != 0 {
		t.Errorf("callers --root from $HOME: exit %d: %s", code, errOut)
	}
}

// A folder holding more source files than one project would is not taken
// as the root on its own; the count stops at the limit.
func TestCountSourceFilesStopsAtTheLimit(t *testing.T) {
	dir := t.TempDir()
	for i := range 12 {
		write(t, dir, filepath.Join("p", itoa(i)+".go"), "package p\n")
	}
	write(t, dir, "notes.txt", "x")
	if n := countSourceFiles(context.Background(), dir, files.WalkOptions{}, 100); n != 12 {
		t.Errorf("counted %d source files, want 12", n)
	}
	if n := countSourceFiles(context.Background(), dir, files.WalkOptions{}, 5); n != 5 {
		t.Errorf("counted %d with a limit of 5, want 5", n)
	}
}

func TestCallerPictures(t *testing.T) {
	args := []string{"callers", "--root", "testdata/nest-fees", "--depth", "3", "EvidenceService.moveFilesToPermanentStorage", "--format"}
	tree, errOut, code := run(t, append(args, "tree")...)
	if code != 0 {
		t.Fatalf("tree: exit %d: %s", code, errOut)
	}
	// Three levels: the direct caller, the event's publisher, the route.
	for _, want := range []string{
		"callers of EvidenceService.moveFilesToPermanentStorage",
		"└── FeesReportConsumerController.handle  src/reports/fees-report-consumer.controller.ts:14  [call]",
		"    └── FeesReportController.createReport  src/reports/fees-report.controller.ts:9  [framework: event fees-report.created]",
		"route POST /fees-reports",
	} {
		if !strings.Contains(tree, want) {
			t.Errorf("tree lacks %q:\n%s", want, tree)
		}
	}
	mermaid, _, _ := run(t, append(args, "mermaid")...)
	if !strings.HasPrefix(mermaid, "flowchart TD\n") ||
		!regexp.MustCompile(`n\d+ --> n0\n`).MatchString(mermaid) ||
		!regexp.MustCompile(`n\d+ ==>\|"event fees-report.created"\| n\d+`).MatchString(mermaid) {
		t.Errorf("mermaid: want a solid arrow into the asked method and a thick labelled event arrow:\n%s", mermaid)
	}
	dot, _, _ := run(t, append(args, "dot")...)
	if !strings.HasPrefix(dot, "digraph callers {") || !strings.Contains(dot, `style=bold, color=blue, label="event fees-report.created"`) ||
		!strings.HasSuffix(strings.TrimSpace(dot), "}") {
		t.Errorf("dot: want a bold labelled event edge:\n%s", dot)
	}
	// A possible caller (a name match) is dashed, never drawn as a call.
	dir := t.TempDir()
	write(t, dir, "package.json", "{}\n")
	write(t, dir, "src/ledger.ts", "export class Ledger {\n  reconcileAll() {}\n}\n")
	write(t, dir, "src/job.ts", "export function nightly(x: any) {\n  x.reconcileAll();\n}\n")
	pic, errOut, code := run(t, "callers", "--root", dir, "--format", "mermaid", "Ledger.reconcileAll")
	if code != 0 || !regexp.MustCompile(`n\d+ -\.->\|"possible: [^"]*"\| n0`).MatchString(pic) {
		t.Errorf("name-only caller: exit %d (%s), want a dashed possible edge:\n%s", code, errOut, pic)
	}
}

func write(t *testing.T, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

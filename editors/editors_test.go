package editors_test

// Each test here drives one real editor (or a protocol replay of one) against
// the callcascade binary built from this checkout, on a copy of a testdata/
// fixture, with HOME and XDG_* pointed at temp folders. The editor-side
// scripts record what the editor showed as JSON; the assertions are here.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var (
	repoRoot string
	binary   string
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	repoRoot = filepath.Dir(wd)
	dir, err := os.MkdirTemp("", "callcascade-editors")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	binary = filepath.Join(dir, "callcascade")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Dir = repoRoot
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building callcascade:", err)
		return 1
	}
	return m.Run()
}

// requireTool returns the path of an editor's executable. A missing one
// skips the test, saying it did not run, or fails it when CI demands every
// editor (CALLCASCADE_REQUIRE_EDITORS=1).
func requireTool(t *testing.T, name, install string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("CALLCASCADE_REQUIRE_EDITORS") == "1" {
		t.Fatalf("%s is not installed and CALLCASCADE_REQUIRE_EDITORS=1 (install: %s)", name, install)
	}
	t.Skipf("NOT RUN: %s is not installed (install: %s; CI sets CALLCASCADE_REQUIRE_EDITORS=1)", name, install)
	return ""
}

// requireFile is requireTool for things that are not on PATH (a Vim plugin,
// an npm install in the shared cache).
func requireFile(t *testing.T, path, what, install string) {
	t.Helper()
	if _, err := os.Stat(path); err == nil {
		return
	}
	if os.Getenv("CALLCASCADE_REQUIRE_EDITORS") == "1" {
		t.Fatalf("%s is missing at %s and CALLCASCADE_REQUIRE_EDITORS=1 (install: %s)", what, path, install)
	}
	t.Skipf("NOT RUN: %s is missing at %s (install: %s)", what, path, install)
}

// announce says which editor and version a test drove: in the test log, and
// on stderr, which go test shows as it comes when run in the package's folder
// (with a package list it shows a passing test's output only under -v; CI's
// log gets the versions from install-deps.sh).
func announce(t *testing.T, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	t.Log(msg)
	fmt.Fprintf(os.Stderr, "editors: %s: %s\n", t.Name(), msg)
}

// versionOf is the first line `tool --version` prints on stdout (Debian's
// chromium wrapper prints shell noise on stderr).
func versionOf(t *testing.T, tool string, args ...string) string {
	t.Helper()
	if len(args) == 0 {
		args = []string{"--version"}
	}
	out, err := exec.Command(tool, args...).Output()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", tool, args, err, out)
	}
	line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	return line
}

// workspace copies testdata/<fixture> into a temp folder, so that an editor
// or the server writing into it cannot change the checked-in fixture.
func workspace(t *testing.T, fixture string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), fixture)
	if err := os.CopyFS(dst, os.DirFS(filepath.Join(repoRoot, "testdata", fixture))); err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(dst)
	if err != nil {
		t.Fatal(err)
	}
	return real
}

// editorEnv is the environment an editor runs in: the test's own HOME and
// XDG folders, so nothing is read from or left in the user's.
func editorEnv(t *testing.T, extra ...string) ([]string, string) {
	t.Helper()
	home := editorHome(t)
	env := []string{}
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if name == "HOME" || strings.HasPrefix(name, "XDG_") || strings.HasPrefix(name, "CC_") {
			continue
		}
		env = append(env, kv)
	}
	env = append(env,
		"HOME="+home,
		"XDG_CACHE_HOME="+filepath.Join(home, ".cache"),
		"XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_DATA_HOME="+filepath.Join(home, ".local", "share"),
		"XDG_STATE_HOME="+filepath.Join(home, ".local", "state"),
	)
	return append(env, extra...), home
}

// editorHome is a temporary HOME for an editor. The language server an
// editor starts can outlive the editor by a moment, closing its store under
// HOME's cache; t.TempDir's cleanup then fails with "directory not empty"
// (seen with Vim + ALE). The removal is retried while that server finishes.
func editorHome(t *testing.T) string {
	t.Helper()
	home, err := os.MkdirTemp("", "callcascade-editor-home")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		deadline := time.Now().Add(10 * time.Second)
		for {
			err := os.RemoveAll(home)
			if err == nil || time.Now().After(deadline) {
				if err != nil {
					t.Errorf("removing the editor's HOME: %v", err)
				}
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	return home
}

// artifacts is where a test leaves its logs and screenshots for CI.
func artifacts(t *testing.T) string {
	t.Helper()
	base := os.Getenv("CALLCASCADE_ARTIFACTS")
	if base == "" {
		base = filepath.Join(os.TempDir(), "callcascade-artifacts")
	}
	dir := filepath.Join(base, strings.ReplaceAll(t.Name(), "/", "_"))
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// keepOnFailure copies files (logs the editor wrote under its temp HOME)
// into the artifacts folder when the test fails.
func keepOnFailure(t *testing.T, dir string, files ...string) {
	t.Cleanup(func() {
		if !t.Failed() && os.Getenv("CALLCASCADE_KEEP_LOGS") == "" { // set: keep them after a pass too
			return
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			_ = os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644)
		}
		t.Logf("logs kept in %s", dir)
	})
}

// position is where needle starts in file: a 1-based line and a 0-based
// column in UTF-16 units (the fixtures are ASCII, so bytes). Expectations
// are found in the fixture's text rather than written down as numbers.
func position(t *testing.T, file, needle string) (line, col int) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(data, []byte(needle))
	if i < 0 {
		t.Fatalf("%s does not contain %q", file, needle)
	}
	line = bytes.Count(data[:i], []byte("\n")) + 1
	col = i - (bytes.LastIndexByte(data[:i], '\n') + 1)
	return line, col
}

// deadFunction writes a function nobody calls into the workspace, so that
// its incomingCalls come back empty. The words in its name appear nowhere
// else, so no fallback stage can find a plausible caller either.
func deadFunction(t *testing.T, ws string) (file string, line, col int) {
	t.Helper()
	file = filepath.Join(ws, "src", "reports", "zebra-ledger.ts")
	src := "export class ZebraLedger {\n  reconcileQuarterlyZebraLedger(): number {\n    return 0;\n  }\n}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	line, col = position(t, file, "reconcileQuarterlyZebraLedger")
	return file, line, col
}

// warmIndex indexes ws into the embedded store the editor's server will
// open (same XDG_CACHE_HOME), as an earlier session would have, so the
// server's first index writes nothing. A didOpen during a cold first index
// used to deadlock the embedded store (fixed in the store, with its own
// regression test, TestConcurrentWritersFinish). Cold starts pass
// (CALLCASCADE_EDITORS_COLD=1), but the server may still be indexing when a
// quick editor script exits, and then races the temp dir's cleanup: warm
// keeps these tests about the editors.
func warmIndex(t *testing.T, env []string, ws string) {
	t.Helper()
	if os.Getenv("CALLCASCADE_EDITORS_COLD") == "1" {
		t.Log("cold start: the workspace is not indexed before the editor starts")
		return
	}
	out, err := runEditor(t, time.Minute, env, ws, binary, "index", ws)
	if err != nil {
		t.Fatalf("callcascade index %s: %v\n%s", ws, err, out)
	}
}

// runEditor runs an editor's headless script with a deadline and returns
// its combined output; a hang is a failure, not a stuck CI.
func runEditor(t *testing.T, timeout time.Duration, env []string, dir string, name string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = env
	cmd.Dir = dir
	cmd.WaitDelay = 2 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		err = fmt.Errorf("%s did not finish within %s: %w", name, timeout, ctx.Err())
	}
	return out.String(), err
}

func readReport(t *testing.T, path string, into any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the editor wrote no report: %v", err)
	}
	if err := json.Unmarshal(data, into); err != nil {
		t.Fatalf("report %s: %v\n%s", path, err, data)
	}
}

// walkFiles lists the files under dir whose names end in ext.
func walkFiles(dir, ext string) []string {
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ext) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

package embedded

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// crashHelperEnv names the database the helper process writes to.
const crashHelperEnv = "CALLCASCADE_EMBEDDED_CRASH_HELPER_DB"

// crashPaths is how many distinct files the helper rewrites over and over,
// so that kills land in replacements of files already stored.
const crashPaths = 120

// crashFile is file i with nsym symbols of two calls and one literal each.
// The file's Package records nsym: a store in which a file has any other
// number of symbols, calls or literals holds part of a transaction.
func crashFile(i, nsym, version int) fact.FileFacts {
	path := fmt.Sprintf("crash/f%03d.go", i)
	ff := fact.FileFacts{File: fact.File{
		Path: path, Hash: strconv.Itoa(version), Language: treesitter.Go, Package: strconv.Itoa(nsym),
	}}
	for j := range nsym {
		id := fmt.Sprintf("%s#fn%d", path, j)
		ff.Symbols = append(ff.Symbols, fact.Symbol{ID: id, Name: fmt.Sprintf("crashFunc%dV%d", j, version), Kind: treesitter.KindFunction,
			Span: span(uint32(j), uint32(j*100), 90)})
		for k := range 2 {
			ff.Calls = append(ff.Calls, fact.Call{CallerID: id, Callee: "target", Span: span(uint32(j), uint32(j*100+10+k*10), 6)})
		}
		ff.Literals = append(ff.Literals, fact.Literal{SymbolID: id, Text: fmt.Sprintf("crash literal %d", i), Span: span(uint32(j), uint32(j*100+50), 10)})
	}
	return ff
}

// TestCrashHelper is not a test: TestCrashMidWrite runs the test binary
// again with only this function and kills it while it writes.
func TestCrashHelper(t *testing.T) {
	path := os.Getenv(crashHelperEnv)
	if path == "" {
		t.Skip("helper process for TestCrashMidWrite")
	}
	s, err := Open(path, Options{})
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(2)
	}
	ctx := context.Background()
	// A tiny page cache makes SQLite spill uncommitted pages into the WAL
	// in the middle of a transaction, so the kill leaves a WAL with frames
	// of a transaction that never committed, which recovery must ignore.
	if _, err := s.writeDB.ExecContext(ctx, "PRAGMA cache_size = 50"); err != nil {
		fmt.Println("error:", err)
		os.Exit(2)
	}
	rng := rand.New(rand.NewPCG(uint64(os.Getpid()), uint64(time.Now().UnixNano())))
	for version := 1; ; version++ {
		start := time.Now()
		files := 40
		if raceEnabled {
			files = 10
		}
		if version%2 == 0 {
			files = searchInlineFiles // written with their search rows
		}
		var batch []fact.FileFacts
		for range files {
			batch = append(batch, crashFile(rng.IntN(crashPaths), 1+rng.IntN(40), version))
		}
		if err := s.ReplaceFiles(ctx, batch); err != nil {
			fmt.Println("error:", err)
			os.Exit(2)
		}
		if version%4 == 1 { // kills land in the search build too
			if err := s.BuildSearch(ctx); err != nil {
				fmt.Println("error:", err)
				os.Exit(2)
			}
		}
		if version%3 == 0 {
			if err := s.DeleteFile(ctx, crashFile(rng.IntN(crashPaths), 0, 0).File.Path); err != nil {
				fmt.Println("error:", err)
				os.Exit(2)
			}
		}
		fmt.Println("committed", version, time.Since(start).Microseconds())
	}
}

// TestCrashMidWrite kills a process that is writing to a store, several
// times, and checks that the store opens, passes integrity checks and
// holds every file whole.
func TestCrashMidWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	path := filepath.Join(t.TempDir(), "graph.db")
	rng := rand.New(rand.NewPCG(1, uint64(time.Now().UnixNano())))
	for round := range 4 {
		commits := killWhileWriting(t, path, 1+rng.IntN(3), rng)
		t.Logf("round %d: killed after %d commits", round, commits)
		checkWholeFiles(t, path)
	}
}

// killWhileWriting starts the helper on path, waits for it to commit
// `after` batches, then SIGKILLs it at a random point of the next batch (a
// random fraction of the last batch's duration later). It returns how many
// commits it saw.
func killWhileWriting(t *testing.T, path string, after int, rng *rand.Rand) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashHelperEnv+"="+path)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	lines := bufio.NewScanner(out)
	commits := 0
	var batchTime time.Duration
	deadline := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() })
	defer deadline.Stop()
	for commits < after && lines.Scan() {
		line := lines.Text()
		if strings.HasPrefix(line, "error:") {
			cmd.Process.Kill()
			t.Fatalf("helper: %s", line)
		}
		var version, micros int
		if _, err := fmt.Sscanf(line, "committed %d %d", &version, &micros); err == nil {
			commits++
			batchTime = time.Duration(micros) * time.Microsecond
		}
	}
	if commits < after {
		t.Fatalf("helper stopped after %d commits: %v", commits, lines.Err())
	}
	d := time.Duration(rng.Int64N(int64(batchTime) + 1))
	t.Logf("last batch took %v; killing %v into the next", batchTime, d)
	time.Sleep(d)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	go func() { // drain, so the helper never blocks on a full pipe before dying
		for lines.Scan() {
		}
	}()
	return commits
}

func checkWholeFiles(t *testing.T, path string) {
	t.Helper()
	ctx := context.Background()
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatalf("Open after a crash: %v", err)
	}
	defer s.Close()
	if s.Rebuilt() {
		t.Fatalf("store rebuilt after a crash: a killed writer must leave a usable store")
	}
	if !s.checked {
		t.Errorf("Open after a crash skipped the integrity check")
	}
	var check string
	if err := s.readDB.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check = %q, %v", check, err)
	}
	if _, err := s.writeDB.ExecContext(ctx, "INSERT INTO search(search) VALUES ('integrity-check')"); err != nil {
		t.Fatalf("FTS5 integrity-check: %v", err)
	}
	files, err := s.Files(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no files survived the crash")
	}
	var literals int
	for _, f := range files {
		want, _ := strconv.Atoi(f.Package)
		syms, err := s.SymbolsInFile(ctx, f.Path)
		if err != nil {
			t.Fatal(err)
		}
		if len(syms) != want {
			t.Errorf("%s (version %s): %d symbols, want %d", f.Path, f.Hash, len(syms), want)
			continue
		}
		for _, sym := range syms {
			if !strings.HasSuffix(sym.Name, "V"+f.Hash) {
				t.Errorf("%s (version %s) holds symbol %s of another version", f.Path, f.Hash, sym.Name)
			}
			calls, err := s.CallsFrom(ctx, sym.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(calls) != 2 {
				t.Errorf("%s: %d calls, want 2", sym.ID, len(calls))
			}
		}
		literals += want
	}
	// The search holds the literals of the files marked searched, and
	// nothing else: the search rows of replaced versions went with them.
	countLiterals := func() (inSearch, ofSearched int) {
		t.Helper()
		if err := s.readDB.QueryRowContext(ctx, `SELECT count(*) FROM search WHERE search MATCH '"crash" AND "literal"'`).Scan(&inSearch); err != nil {
			t.Fatal(err)
		}
		if err := s.readDB.QueryRowContext(ctx, `SELECT coalesce(sum(n_literals), 0) FROM files WHERE searched = 1`).Scan(&ofSearched); err != nil {
			t.Fatal(err)
		}
		return inSearch, ofSearched
	}
	if inSearch, ofSearched := countLiterals(); inSearch != ofSearched {
		t.Errorf("search holds %d literals, the files marked searched %d", inSearch, ofSearched)
	}
	// Once built, every literal is searchable.
	if err := s.BuildSearch(ctx); err != nil {
		t.Fatal(err)
	}
	if inSearch, _ := countLiterals(); inSearch != literals {
		t.Errorf("after the build, search holds %d literals, the files %d", inSearch, literals)
	}
	if _, err := s.writeDB.ExecContext(ctx, "INSERT INTO search(search) VALUES ('integrity-check')"); err != nil {
		t.Fatalf("FTS5 integrity-check after the build: %v", err)
	}
}

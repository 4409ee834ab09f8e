package index_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/callcascade/callcascade/cascade/graph/embedded"
)

// A file replaced while the server was down with one of the same size and
// the same modification time (cp -p, rsync -a, touch -r, or os.Chtimes as
// here) is found by the next pass all the same: its inode or its change
// time, which nothing sets back, moved. Whether it was renamed over (a new
// inode, as editors and git save) or rewritten in place (the same inode, a
// new change time), the pass parses it again and the calls it now makes
// are answered; the file left alone is not read.
func TestRestartFindsAFileReplacedWithTheSameSizeAndModTime(t *testing.T) {
	for _, inPlace := range []bool{false, true} {
		t.Run(map[bool]string{false: "renamed over", true: "rewritten in place"}[inPlace], func(t *testing.T) {
			root := t.TempDir()
			caller := filepath.Join(root, "caller.ts")
			for rel, text := range map[string]string{
				"caller.ts": "export function run(): void { alpha(); }\n",
				"target.ts": "export function alpha(): void {}\nexport function omega(): void {}\n",
			} {
				if err := os.WriteFile(filepath.Join(root, rel), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			dbPath := filepath.Join(t.TempDir(), "graph.db")
			ctx := context.Background()
			pass := indexPass(t, root, dbPath)
			if st := pass(); st.Parsed != 2 {
				t.Fatalf("first pass parsed %d files, want 2", st.Parsed)
			}
			before, err := os.Stat(caller)
			if err != nil {
				t.Fatal(err)
			}

			// The same size, the same modification time, another callee.
			replacement := []byte("export function run(): void { omega(); }\n")
			if int64(len(replacement)) != before.Size() {
				t.Fatalf("the replacement is %d bytes, the original %d: the test shows nothing", len(replacement), before.Size())
			}
			if inPlace {
				// The change time has the kernel clock's grain (a few
				// milliseconds): rewrite until it has moved, as it has
				// for any rewrite made a tick after the index read the file.
				orig := stat(t, caller)
				for {
					if err := os.WriteFile(caller, replacement, 0o644); err != nil {
						t.Fatal(err)
					}
					if err := os.Chtimes(caller, before.ModTime(), before.ModTime()); err != nil {
						t.Fatal(err)
					}
					now := stat(t, caller)
					if now.Ino != orig.Ino {
						t.Fatalf("rewritten in place, the file has another inode: the test shows nothing of the change time")
					}
					if now.Ctim != orig.Ctim {
						break
					}
					time.Sleep(time.Millisecond)
				}
			} else {
				tmp := caller + ".tmp"
				if err := os.WriteFile(tmp, replacement, 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Chtimes(tmp, before.ModTime(), before.ModTime()); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(tmp, caller); err != nil {
					t.Fatal(err)
				}
			}
			after, err := os.Stat(caller)
			if err != nil {
				t.Fatal(err)
			}
			if after.Size() != before.Size() || !after.ModTime().Equal(before.ModTime()) {
				t.Fatalf("size and mtime %d %v after the replacement, %d %v before: the test shows nothing",
					after.Size(), after.ModTime(), before.Size(), before.ModTime())
			}

			if st := pass(); st.Parsed != 1 || st.Unchanged != 1 {
				t.Errorf("the pass after the replacement: %+v; want it parsed, the other file unchanged", st)
			}
			s, err := embedded.Open(dbPath, embedded.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			for name, want := range map[string]int{"omega": 1, "alpha": 0} {
				calls, err := s.CallsByCallee(ctx, name)
				if err != nil {
					t.Fatal(err)
				}
				if len(calls) != want {
					t.Errorf("calls of %s after the restart: %v; want %d (from caller.ts as it is now)", name, calls, want)
				}
			}
			// And the pass after finds nothing more to do: the stamps
			// stored are the replacement's.
			if st := pass(); st.Parsed != 0 || st.Unchanged != 2 {
				t.Errorf("the pass after that: %+v; want nothing changed", st)
			}
		})
	}
}

func stat(t *testing.T, path string) syscall.Stat_t {
	t.Helper()
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

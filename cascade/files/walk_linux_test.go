package files

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// The walk yields each file's inode and change time with its size and
// modification time (the stamps a warm restart compares), for a file in a
// directory it lists and for one it reaches through a symlink alike: those
// of the file itself, not of the link.
func TestWalkYieldsInodeAndChangeTime(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"src/a.ts":     "export function a(): void {}\n",
		".gitignore":   "gen/\n",
		"gen/b.ts":     "export function b(): void {}\n", // ignored, reached only through the link
		"src/b.ts":     "->../gen/b.ts",
		"src/other.py": "def other():\n    pass\n",
	})
	got := map[string]WalkedFile{}
	if _, err := Walk(context.Background(), root, WalkOptions{DeferBinaryCheck: true}, func(f WalkedFile) error {
		got[f.Rel] = f
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for rel, real := range map[string]string{"src/a.ts": "src/a.ts", "src/other.py": "src/other.py", "src/b.ts": "gen/b.ts"} {
		f, ok := got[rel]
		if !ok {
			t.Errorf("%s not yielded; got %v", rel, got)
			continue
		}
		var st syscall.Stat_t
		if err := syscall.Stat(filepath.Join(root, real), &st); err != nil {
			t.Fatal(err)
		}
		if f.Inode != st.Ino || f.ChangeTime != st.Ctim.Nano() {
			t.Errorf("%s: inode %d, change time %d; want %d, %d", rel, f.Inode, f.ChangeTime, st.Ino, st.Ctim.Nano())
		}
		if f.Inode == 0 || f.ChangeTime == 0 {
			t.Errorf("%s: inode %d, change time %d; want both set", rel, f.Inode, f.ChangeTime)
		}
	}
	// Replacing a file with the same size and modification time shows in
	// its stamps: another inode when renamed over it, as editors save.
	a := filepath.Join(root, "src", "a.ts")
	info, err := os.Stat(a)
	if err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(root, "src", "a.ts.tmp")
	if err := os.WriteFile(tmp, []byte("export function z(): void {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(tmp, info.ModTime(), info.ModTime()); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, a); err != nil {
		t.Fatal(err)
	}
	before := got["src/a.ts"]
	if _, err := Walk(context.Background(), root, WalkOptions{DeferBinaryCheck: true}, func(f WalkedFile) error {
		if f.Rel == "src/a.ts" {
			if f.Size != before.Size || !f.ModTime.Equal(before.ModTime) {
				t.Fatalf("the replacement's size and mtime %d %v differ from the original's %d %v: the test shows nothing", f.Size, f.ModTime, before.Size, before.ModTime)
			}
			if f.Inode == before.Inode {
				t.Errorf("the replaced file has the original's inode %d", f.Inode)
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

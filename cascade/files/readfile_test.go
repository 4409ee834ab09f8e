package files

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// ReadFile gives what os.ReadFile gives, whatever the size hint says (a
// file that grew or shrank since the walk), through a link, into a buffer
// reused from file to file; a missing file is fs.ErrNotExist.
func TestReadFileReusesItsBufferAndReadsTheWholeFile(t *testing.T) {
	dir := t.TempDir()
	big := bytes.Repeat([]byte("0123456789abcdef"), 10000) // 160 kB: several reads' worth
	small := []byte("short")
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bigPath, smallPath, emptyPath := write("big", big), write("small", small), write("empty", nil)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(bigPath, link); err != nil {
		t.Fatal(err)
	}
	var buf []byte
	for _, tc := range []struct {
		path string
		hint int64
		want []byte
	}{
		{bigPath, int64(len(big)), big},
		{smallPath, int64(len(small)), small}, // into the big file's buffer
		{bigPath, 3, big},                     // grew since the walk
		{smallPath, 1 << 20, small},           // shrank since the walk
		{emptyPath, 0, nil},
		{link, 0, big},
	} {
		got, err := ReadFile(tc.path, buf, tc.hint)
		if err != nil || !bytes.Equal(got, tc.want) {
			t.Fatalf("ReadFile(%s, hint %d) = %d bytes, %v; want %d bytes", tc.path, tc.hint, len(got), err, len(tc.want))
		}
		buf = got
	}
	if cap(buf) < len(big) {
		t.Errorf("buffer not kept: cap %d", cap(buf))
	}
	if _, err := ReadFile(filepath.Join(dir, "gone"), buf, 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: err %v, want fs.ErrNotExist", err)
	}
}

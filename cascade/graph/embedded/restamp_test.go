package embedded

import (
	"context"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
)

// RestampFiles records new stamps for a file whose stored content is the
// one it names (by hash), and leaves alone one whose content was replaced
// since (an editor's buffer written while the pass read the disk): those
// stamps would vouch for content the store does not hold.
func TestRestampOnlyWhileTheContentIsTheOneRead(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	ff := storageFacts()
	if err := s.ReplaceFiles(ctx, []fact.FileFacts{ff}); err != nil {
		t.Fatal(err)
	}
	fresh := ff.File
	fresh.Imports, fresh.Fields, fresh.Locals = nil, nil, nil
	fresh.ModTime, fresh.Inode, fresh.ChangeTime = 11, 12, 13
	if err := s.RestampFiles(ctx, []fact.File{fresh}); err != nil {
		t.Fatal(err)
	}
	got, err := s.File(ctx, ff.File.Path)
	if err != nil {
		t.Fatal(err)
	}
	if got.ModTime != 11 || got.Inode != 12 || got.ChangeTime != 13 || got.Hash != ff.File.Hash || len(got.Imports) != len(ff.File.Imports) {
		t.Errorf("after the restamp: %+v; want the new stamps, the same content", got)
	}

	stale := fresh
	stale.Hash = "not-the-stored-content"
	stale.ModTime, stale.Inode, stale.ChangeTime = 21, 22, 23
	if err := s.RestampFiles(ctx, []fact.File{stale}); err != nil {
		t.Fatal(err)
	}
	if got, err = s.File(ctx, ff.File.Path); err != nil {
		t.Fatal(err)
	}
	if got.ModTime != 11 || got.Hash != ff.File.Hash {
		t.Errorf("a restamp for other content changed the stored file: %+v", got)
	}
	if files, err := s.FilesUnordered(ctx); err != nil || len(files) != 1 || files[0].ChangeTime != 13 {
		t.Errorf("FilesUnordered = %+v, %v; want the restamped file", files, err)
	}
}

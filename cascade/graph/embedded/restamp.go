package embedded

import (
	"context"
	"fmt"

	"github.com/callcascade/callcascade/cascade/fact"
)

// restampSQL writes a file's entry with new stamps, only while the stored
// entry still holds the content hash ?3: an editor's buffer written since
// the pass read the file wins.
const restampSQL = `UPDATE files SET entry = ?1 WHERE path = ?2 AND json_extract(entry, '$[1]') = ?3`

// RestampFiles records the stamps (size, modification time, inode, change
// time) of files whose content the index found unchanged although their
// stamps moved (touched, chmod'ed, copied back with the same content), so
// that the next warm restart skips them without reading them. Nothing but
// the entries change: no new generation, no cache to drop. Each file is
// written as given, where the stored file still has its hash.
func (s *Store) RestampFiles(ctx context.Context, files []fact.File) error {
	if len(files) == 0 {
		return nil
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	tx, err := s.writeDB.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("embedded: restamp: %w", s.noteErr(err))
	}
	defer tx.Rollback() // a no-op after Commit
	stmt, err := tx.PrepareContext(ctx, restampSQL)
	if err != nil {
		return fmt.Errorf("embedded: restamp: %w", s.noteErr(err))
	}
	defer stmt.Close()
	var entry []byte
	for i := range files {
		f := &files[i]
		entry = appendFileEntry(entry[:0], f)
		if _, err := stmt.ExecContext(ctx, string(entry), f.Path, f.Hash); err != nil {
			return fmt.Errorf("embedded: restamp %s: %w", f.Path, s.noteErr(err))
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("embedded: restamp: %w", s.noteErr(err))
	}
	return nil
}

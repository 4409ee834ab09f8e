// Package neg has interfaces the standard library's types do not satisfy:
// no call on those types is among their methods' callers.
package neg

import (
	"database/sql"
	"os"
)

// sizedScanner has a method *sql.Rows lacks. It has every method of
// store.scanner, though: gopls's method-set search over the workspace
// relates the two, and lists the call through store.scanner.
type sizedScanner interface {
	Scan(dest ...any) error // @def(sizedScan, "Scan") @callers(sizedScan, scanID)
	Size() int
}

// byteScanner's Scan takes other parameters than *sql.Rows's.
type byteScanner interface {
	Scan(dest []byte) error // @def(byteScan, "Scan") @callers(byteScan)
}

// namer's Close returns a string; *os.File's an error.
type namer interface {
	Close() string // @def(namerClose, "Close") @callers(namerClose)
}

func drain(rows *sql.Rows, f *os.File) error { // @def(drain, "drain")
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return err
		}
	}
	return f.Close()
}

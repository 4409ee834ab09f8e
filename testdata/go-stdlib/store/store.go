package store

import (
	"bufio"
	"context"
	"database/sql"
	"os"
)

// scanner is what *sql.Row and *sql.Rows satisfy: gopls lists their Scan
// calls in this package among the callers of scanner.Scan, and the calls
// through interface literals with the same method set.
type scanner interface {
	Scan(dest ...any) error // @def(scannerScan, "Scan") @callers(scannerScan, scanID, scanOther, countUsers, listUsers, findUser, queryIDs)
}

// closer is what *os.File, *sql.Rows and *sql.DB satisfy.
type closer interface {
	Close() error // @def(closerClose, "Close") @callers(closerClose, listUsers, readConfig, closeDB)
}

func scanID(s scanner) (int, error) { // @def(scanID, "scanID")
	var id int
	err := s.Scan(&id) // @site(scanIDScan, "Scan") @call(scanID, scannerScan, scanIDScan) @dispatch(scanID, sizedScan, scanIDScan) @dispatch(scanID, litScan, scanIDScan)
	return id, err
}

// scanName's parameter is an interface literal, as golangOMP writes them.
// In this package gopls relates it to the *sql.Row and *sql.Rows whose
// Scan calls it lists, to scanner (the same method set), and to another
// literal with the same method set. (A call through the literal itself is
// a direct call: resolve_go_literal_test.go.)
func scanName(s interface {
	Scan(...interface{}) error // @def(litScan, "Scan") @callers(litScan, scanOther, scanID, countUsers, listUsers, findUser, queryIDs)
}) error {
	return scanOther(s)
}

func scanOther(other interface{ Scan(...interface{}) error }) error { // @def(scanOther, "scanOther")
	var n int
	return other.Scan(&n) // @site(otherScan, "Scan") @dispatch(scanOther, litScan, otherScan) @dispatch(scanOther, scannerScan, otherScan)
}

// countUsers scans what db.QueryRowContext returns, a *sql.Row.
func countUsers(ctx context.Context, db *sql.DB) (int, error) { // @def(countUsers, "countUsers")
	var n int
	err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM users").Scan(&n) // @site(countScan, "Scan") @dispatch(countUsers, scannerScan, countScan) @dispatch(countUsers, litScan, countScan)
	return n, err
}

// listUsers scans and closes the *sql.Rows db.Query returns.
func listUsers(db *sql.DB) ([]int, error) { // @def(listUsers, "listUsers")
	rows, err := db.Query("SELECT id FROM users")
	if err != nil {
		return nil, err
	}
	defer rows.Close() // @site(rowsClose, "Close") @dispatch(listUsers, closerClose, rowsClose)
	var ids []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil { // @site(rowsScan, "Scan") @dispatch(listUsers, scannerScan, rowsScan) @dispatch(listUsers, litScan, rowsScan)
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// findUser scans the *sql.Row of a transaction's QueryRow.
func findUser(tx *sql.Tx, id int) (string, error) { // @def(findUser, "findUser")
	var name string
	row := tx.QueryRow("SELECT name FROM users WHERE id = ?", id)
	err := row.Scan(&name) // @site(rowScan, "Scan") @dispatch(findUser, scannerScan, rowScan) @dispatch(findUser, litScan, rowScan)
	return name, err
}

// readConfig closes the *os.File os.Open returns. A *bufio.Scanner's Scan
// takes no arguments: not scanner's.
func readConfig(path string) (int, error) { // @def(readConfig, "readConfig")
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	lines := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines++
	}
	return lines, f.Close() // @site(fileClose, "Close") @dispatch(readConfig, closerClose, fileClose)
}

// closeDB closes the *sql.DB sql.Open returns.
func closeDB(dsn string) error { // @def(closeDB, "closeDB")
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		return err
	}
	return db.Close() // @site(dbClose, "Close") @dispatch(closeDB, closerClose, dbClose)
}

// queryIDs scans what QueryContext returns through an interface literal
// a *sql.DB is converted to: the literal says it is a *sql.Rows.
func queryIDs(ctx context.Context, db *sql.DB) error { // @def(queryIDs, "queryIDs")
	exec := interface {
		QueryContext(context.Context, string, ...interface{}) (*sql.Rows, error)
	}(db)
	rows, err := exec.QueryContext(ctx, "SELECT id FROM users")
	if err != nil {
		return err
	}
	var id int
	for rows.Next() {
		if err := rows.Scan(&id); err != nil { // @site(execScan, "Scan") @dispatch(queryIDs, scannerScan, execScan) @dispatch(queryIDs, litScan, execScan)
			return err
		}
	}
	return nil
}

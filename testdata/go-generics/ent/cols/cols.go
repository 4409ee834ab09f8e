package cols

// Table is the table's name.
const Table = "tokens"

// ValidColumn reports whether column is one of the table's.
func ValidColumn(column string) bool { // @def(validColumn, "ValidColumn") @callers(validColumn, checkColumn)
	return column == "id"
}

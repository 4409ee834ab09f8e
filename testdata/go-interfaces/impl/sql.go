package impl

import "example.com/gi/store"

// SQLQuery implements store.Querier with pointer receivers.
type SQLQuery struct{ fields []string }

func (q *SQLQuery) Select(fields ...string) store.Querier { // @def(sqlSelect, "Select")
	q.fields = fields
	return q
}

func (q *SQLQuery) Count() (int64, error) { return int64(len(q.fields)), nil } // @def(sqlCount, "Count")

// conn's Close is promoted to SQLStore, which embeds it.
type conn struct{}

func (conn) Close() error { return nil } // @def(connClose, "Close")

// SQLStore implements store.DataStore: Query is its own, Close its conn's.
type SQLStore struct {
	conn
}

func (s *SQLStore) Query() store.Querier { return &SQLQuery{} } // @def(sqlQuery, "Query")

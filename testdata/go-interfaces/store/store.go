package store

type Row struct{ ID string }

type Rows []Row

// Querier and Picker both have a Select, with other results: a type that
// implements one does not implement the other.
type Querier interface {
	Select(fields ...string) Querier
	Count() (int64, error)
}

type Picker interface {
	Select(fields ...string) Rows
}

// Sizer's Count returns an int, not Querier's int64.
type Sizer interface {
	Count() (int, error)
}

type Closer interface {
	Close() error
}

// DataStore embeds Closer: its Close is Closer's.
type DataStore interface {
	Closer
	Query() Querier
}

package store

type DB struct{ open bool }

func Open() *DB { return &DB{open: true} }

func (d *DB) Close() error { // @def(dbClose, "Close")
	d.open = false
	return nil
}

// Service is what the application holds.
type Service interface {
	Close() error
}

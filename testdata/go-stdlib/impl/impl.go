package impl

import "example.com/gostd/api"

// Options is api.Options under another name: Store.Search takes the same
// type as api.Searcher's Search, and *Store implements api.Searcher.
type Options = api.Options

type Store struct{}

func (s *Store) Search(opts Options) error { return nil } // @def(storeSearch, "Search") @callers(storeSearch, run)

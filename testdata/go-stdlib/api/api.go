// Package api declares an interface whose method takes a type that package
// impl names through an alias (pkgsite's postgres.SearchOptions =
// internal.SearchOptions).
package api

type Options struct{ Query string }

type Searcher interface {
	Search(opts Options) error
}

func Run(s Searcher) error { // @def(run, "Run")
	return s.Search(Options{}) // @site(runSearch, "Search") @dispatch(run, storeSearch, runSearch)
}

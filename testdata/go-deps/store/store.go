package store

import (
	"context"

	xctx "example.com/x/context"
)

// Repo is written with the standard library's context.
type Repo interface {
	Get(ctx context.Context, id string) error
}

// BunRepo writes its parameter as xctx.Context, an alias of
// context.Context: the same type, so BunRepo implements Repo.
type BunRepo struct{}

func (r *BunRepo) Get(ctx xctx.Context, id string) error { return nil } // @def(bunGet, "Get")

// OtherRepo's Get takes a type that is no alias: it does not implement Repo.
type OtherRepo struct{}

func (r *OtherRepo) Get(ctx xctx.Deadline, id string) error { return nil } // @def(otherGet, "Get") @nocallers(otherGet)

type Service struct{ r Repo }

func (s *Service) Find(id string) error { // @def(find, "Find")
	return s.r.Get(context.Background(), id) // @site(findGet, "Get") @dispatch(find, bunGet, findGet)
}

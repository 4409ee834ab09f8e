package ent

import (
	"context"

	"genapp/ent/cols"
)

// checkColumn passes cols.ValidColumn as a map literal's value: a
// reference of a package of the module, whose path has no dot.
func checkColumn(t, c string) bool { // @def(checkColumn, "checkColumn")
	checks := map[string]func(string) bool{
		cols.Table: cols.ValidColumn, // @site(checkValid, "ValidColumn") @ref(checkColumn, validColumn, checkValid)
	}
	return checks[t](c)
}

// querierCount calls through its type parameter's constraint, an
// interface literal: every type of the package that has its method may run.
func querierCount[Q interface { // @def(querierCount, "querierCount")
	sqlCount(context.Context) (int, error)
}](ctx context.Context, q any) (int, error) {
	query, ok := q.(Q)
	if !ok {
		return 0, nil
	}
	return query.sqlCount(ctx) // @site(countCall, "sqlCount") @dispatch(querierCount, tokensCount, countCall)
}

// scanWith calls through a parameter of a type parameter's type.
func scanWith[Q2 interface { // @def(scanWith, "scanWith")
	sqlScan(context.Context, any) error
}](ctx context.Context, selectOrGroup Q2, v any) error {
	return selectOrGroup.sqlScan(ctx, v) // @site(scanCall, "sqlScan") @dispatch(scanWith, tokensScan, scanCall)
}

// TokensQuery is a query of the tokens table.
type TokensQuery struct{}

func (tq *TokensQuery) sqlCount(ctx context.Context) (int, error) { return 0, nil } // @def(tokensCount, "sqlCount") @callers(tokensCount, querierCount)

func (tq *TokensQuery) sqlScan(ctx context.Context, v any) error { return nil } // @def(tokensScan, "sqlScan") @callers(tokensScan, scanWith)

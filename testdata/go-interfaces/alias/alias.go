package alias

import "example.com/gi/store"

// Q is store.Querier under another name (as nexus-gateway's store.PgxPool =
// pgx.PgxPool): a value of Q is a Querier, so calls through a field or a
// parameter declared Q reach Querier's implementations, as gopls says.
type Q = store.Querier

// Qs is a slice of Querier, through two aliases.
type Qs = []Q

type Repo struct{ q Q }

func (r *Repo) Find() { // @def(find, "Find")
	r.q.Select("e") // @site(findSelect, "Select") @dispatch(find, sqlSelect, findSelect)
}

func Tally(q Q) int64 { // @def(tally, "Tally")
	n, _ := q.Count() // @site(tallyCount, "Count") @dispatch(tally, sqlCount, tallyCount)
	return n
}

func First(qs Qs) { // @def(first, "First")
	qs[0].Select("f") // @site(firstSelect, "Select") @dispatch(first, sqlSelect, firstSelect)
}

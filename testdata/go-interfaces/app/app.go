package app

import "example.com/gi/store"

type Service struct {
	q  store.Querier
	p  store.Picker
	ds store.DataStore
}

func (s *Service) Run() { // @def(run, "Run")
	s.q.Select("a") // @site(runSelect, "Select") @dispatch(run, sqlSelect, runSelect)
}

func (s *Service) Pick() store.Rows { // @def(pick, "Pick")
	return s.p.Select("b") // @site(pickSelect, "Select") @dispatch(pick, fakeSelect, pickSelect)
}

func UseParam(q store.Querier) { // @def(useParam, "UseParam")
	q.Select() // @site(paramSelect, "Select") @dispatch(useParam, sqlSelect, paramSelect)
}

func UseResult(ds store.DataStore) { // @def(useResult, "UseResult")
	ds.Query().Select("c") // @site(resultQuery, "Query") @site(resultSelect, "Select") @dispatch(useResult, sqlQuery, resultQuery) @dispatch(useResult, sqlSelect, resultSelect)
}

func UseSlice(qs []store.Querier) { // @def(useSlice, "UseSlice")
	qs[0].Select("d") // @site(sliceSelect, "Select") @dispatch(useSlice, sqlSelect, sliceSelect)
}

func Shutdown(ds store.DataStore) error { // @def(shutdown, "Shutdown")
	return ds.Close() // @site(shutdownClose, "Close") @dispatch(shutdown, connClose, shutdownClose)
}

func Total(q store.Querier) int64 { // @def(total, "Total")
	n, _ := q.Count() // @site(totalCount, "Count") @dispatch(total, sqlCount, totalCount)
	return n
}

func Size(s store.Sizer) int { // @def(size, "Size")
	n, _ := s.Count() // @site(sizeCount, "Count") @dispatch(size, fakeCount, sizeCount)
	return n
}

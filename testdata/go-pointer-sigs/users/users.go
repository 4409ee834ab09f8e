// Package users implements shared's interfaces, or nearly does. shared is
// imported as f: f.Ctx names the same type as shared's own Ctx.
package users

import f "example.com/pointersigs/shared"

// PtrCtx implements shared.Detailer: Details takes a *f.Ctx.
type PtrCtx struct{}

func (PtrCtx) Details(c *f.Ctx) error { return nil } // @def(ptrDetails, "Details") @callers(ptrDetails, show)

// ValueCtx does not: its Details takes an f.Ctx, not a pointer to one.
type ValueCtx struct{}

func (ValueCtx) Details(c f.Ctx) error { return nil } // @def(valueDetails, "Details") @callers(valueDetails)

// PtrRecv implements it with a pointer receiver: *PtrRecv does, and a
// *PtrRecv is what is passed.
type PtrRecv struct{}

func (p *PtrRecv) Details(c *f.Ctx) error { return nil } // @def(recvDetails, "Details") @callers(recvDetails, show)

func Run() error { // @def(run, "Run")
	return f.Show(&PtrRecv{}, nil) // @site(runShow, "Show") @call(run, show, runShow)
}

type PtrGet struct{}

func (PtrGet) Get() *f.Ctx { return nil } // @def(ptrGet, "Get") @callers(ptrGet, fetch)

type ValueGet struct{}

func (ValueGet) Get() f.Ctx { return f.Ctx{} } // @def(valueGet, "Get") @callers(valueGet)

type VariadicTag struct{}

func (VariadicTag) Tag(names ...string) {} // @def(variadicTag, "Tag") @callers(variadicTag, tagAll)

type SliceTag struct{}

func (SliceTag) Tag(names []string) {} // @def(sliceTag, "Tag") @callers(sliceTag)

type StringIndex struct{}

func (StringIndex) Index(m map[string]*f.Ctx) {} // @def(stringIndex, "Index") @callers(stringIndex, indexAll)

type IntIndex struct{}

func (IntIndex) Index(m map[int]*f.Ctx) {} // @def(intIndex, "Index") @callers(intIndex)

type RecvFeed struct{}

func (RecvFeed) Feed(ch <-chan int) {} // @def(recvFeed, "Feed") @callers(recvFeed, feedAll)

type BothFeed struct{}

func (BothFeed) Feed(ch chan int) {} // @def(bothFeed, "Feed") @callers(bothFeed)

type PtrEach struct{}

func (PtrEach) Each(fn func(*f.Ctx) error) {} // @def(ptrEach, "Each") @callers(ptrEach, walkAll)

type ValueEach struct{}

func (ValueEach) Each(fn func(f.Ctx) error) {} // @def(valueEach, "Each") @callers(valueEach)

type ArraySum struct{}

func (ArraySum) Sum(xs [4]int) int { return 0 } // @def(arraySum, "Sum") @callers(arraySum, sumAll)

type SliceSum struct{}

func (SliceSum) Sum(xs []int) int { return 0 } // @def(sliceSum, "Sum") @callers(sliceSum)

type ShortSum struct{}

func (ShortSum) Sum(xs [3]int) int { return 0 } // @def(shortSum, "Sum") @callers(shortSum)

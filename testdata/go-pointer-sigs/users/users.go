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

type PointerResult struct{}

func (PointerResult) Get() *f.Ctx { return nil } // @def(ptrGet, "Get") @callers(ptrGet, fetch)

type ValueResult struct{}

func (ValueResult) Get() f.Ctx { return f.Ctx{} } // @def(valueGet, "Get") @callers(valueGet)

type Variadic struct{}

func (Variadic) Tag(names ...string) {} // @def(variadicTag, "Tag") @callers(variadicTag, tagAll)

type SliceParam struct{}

func (SliceParam) Tag(names []string) {} // @def(sliceTag, "Tag") @callers(sliceTag)

type StringKeys struct{}

func (StringKeys) Index(m map[string]*f.Ctx) {} // @def(stringIndex, "Index") @callers(stringIndex, indexAll)

type IntKeys struct{}

func (IntKeys) Index(m map[int]*f.Ctx) {} // @def(intIndex, "Index") @callers(intIndex)

type RecvOnly struct{}

func (RecvOnly) Feed(ch <-chan int) {} // @def(recvFeed, "Feed") @callers(recvFeed, feedAll)

type BothWays struct{}

func (BothWays) Feed(ch chan int) {} // @def(bothFeed, "Feed") @callers(bothFeed)

type PtrCallback struct{}

func (PtrCallback) Each(fn func(*f.Ctx) error) {} // @def(ptrEach, "Each") @callers(ptrEach, walkAll)

type ValueCallback struct{}

func (ValueCallback) Each(fn func(f.Ctx) error) {} // @def(valueEach, "Each") @callers(valueEach)

type FourArray struct{}

func (FourArray) Sum(xs [4]int) int { return 0 } // @def(arraySum, "Sum") @callers(arraySum, sumAll)

type SliceArg struct{}

func (SliceArg) Sum(xs []int) int { return 0 } // @def(sliceSum, "Sum") @callers(sliceSum)

type ThreeArray struct{}

func (ThreeArray) Sum(xs [3]int) int { return 0 } // @def(shortSum, "Sum") @callers(shortSum)

// SpelledOut implements shared.Registrar with the types its aliases stand
// for.
type SpelledOut struct{}

func (SpelledOut) Register(h func(*f.Ctx) error, c *f.Ctx) {} // @def(spelledOut, "Register") @callers(spelledOut, registerAll)

// Package shared declares interfaces whose methods differ from some of
// their would-be implementations only in how a type is written around its
// name: a pointer, a slice, a variadic, a map's key, a channel's
// direction, a func's parameter, an array's length. go/types tells them
// apart, so gopls links a call through each interface only to the methods
// that match it exactly.
package shared

type Ctx struct{ id string }

// Detailer's Details takes a *Ctx.
type Detailer interface {
	Details(c *Ctx) error // @def(ifaceDetails, "Details")
}

// local is this package's own implementation: *Ctx written unqualified.
type local struct{}

func (local) Details(c *Ctx) error { return nil } // @def(localDetails, "Details") @callers(localDetails, show)

func Show(d Detailer, c *Ctx) error { // @def(show, "Show")
	return d.Details(c) // @site(showSite, "Details") @call(show, ifaceDetails, showSite) @dispatch(show, localDetails, showSite) @dispatch(show, ptrDetails, showSite) @dispatch(show, recvDetails, showSite)
}

// Getter's Get returns a *Ctx.
type Getter interface {
	Get() *Ctx // @def(ifaceGet, "Get")
}

func Fetch(g Getter) *Ctx { // @def(fetch, "Fetch")
	return g.Get() // @site(fetchSite, "Get") @call(fetch, ifaceGet, fetchSite) @dispatch(fetch, ptrGet, fetchSite)
}

// Tagger's Tag is variadic.
type Tagger interface {
	Tag(names ...string) // @def(ifaceTag, "Tag")
}

func TagAll(t Tagger) { // @def(tagAll, "TagAll")
	t.Tag("a", "b") // @site(tagSite, "Tag") @call(tagAll, ifaceTag, tagSite) @dispatch(tagAll, variadicTag, tagSite)
}

// Indexer's Index takes a map keyed by string.
type Indexer interface {
	Index(m map[string]*Ctx) // @def(ifaceIndex, "Index")
}

func IndexAll(i Indexer) { // @def(indexAll, "IndexAll")
	i.Index(nil) // @site(indexSite, "Index") @call(indexAll, ifaceIndex, indexSite) @dispatch(indexAll, stringIndex, indexSite)
}

// Feeder's Feed takes a receive-only channel.
type Feeder interface {
	Feed(ch <-chan int) // @def(ifaceFeed, "Feed")
}

func FeedAll(f Feeder) { // @def(feedAll, "FeedAll")
	f.Feed(nil) // @site(feedSite, "Feed") @call(feedAll, ifaceFeed, feedSite) @dispatch(feedAll, recvFeed, feedSite)
}

// Walker's Each takes a func of a *Ctx.
type Walker interface {
	Each(fn func(*Ctx) error) // @def(ifaceEach, "Each")
}

func WalkAll(w Walker) { // @def(walkAll, "WalkAll")
	w.Each(nil) // @site(walkSite, "Each") @call(walkAll, ifaceEach, walkSite) @dispatch(walkAll, ptrEach, walkSite)
}

// Summer's Sum takes an array of four.
type Summer interface {
	Sum(xs [4]int) int // @def(ifaceSum, "Sum")
}

func SumAll(s Summer) int { // @def(sumAll, "SumAll")
	return s.Sum([4]int{}) // @site(sumSite, "Sum") @call(sumAll, ifaceSum, sumSite) @dispatch(sumAll, arraySum, sumSite)
}

// Handler and CtxPtr are aliases: a method written with the types they
// stand for has the same signature.
type Handler = func(*Ctx) error

type CtxPtr = *Ctx

type Registrar interface {
	Register(h Handler, c CtxPtr) // @def(ifaceRegister, "Register")
}

func RegisterAll(r Registrar) { // @def(registerAll, "RegisterAll")
	r.Register(nil, nil) // @site(registerSite, "Register") @call(registerAll, ifaceRegister, registerSite) @dispatch(registerAll, spelledOut, registerSite)
}

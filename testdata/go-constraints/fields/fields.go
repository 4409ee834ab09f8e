package fields

// Getter is generic: a struct's type parameter constrained by it
// (G Getter[REQ, RESP]) types the struct's fields of type G, and a call on
// such a field in the struct's own methods, whose type arguments are not
// known there, is a call through Getter, as gopls relates it
// (open-telemetry/opentelemetry-go-instrumentation's
// NetworkAttrsExtractor[REQUEST, RESPONSE, GETTER NetworkAttrsGetter[...]]
// calling i.Getter.GetNetworkType).
type Getter[REQ any, RESP any] interface {
	GetNetworkType(req REQ, resp RESP) string // @def(getterType, "GetNetworkType") @callers(getterType, extract, extractAll, concrete)
}

type Request struct{}

type Response struct{}

// httpGetter satisfies Getter[Request, Response].
type httpGetter struct{}

func (httpGetter) GetNetworkType(req Request, resp Response) string { return "tcp" } // @def(httpType, "GetNetworkType") @callers(httpType, extract, extractAll, concrete)

// countGetter has a GetNetworkType whose result is another type: it
// satisfies no Getter.
type countGetter struct{}

func (countGetter) GetNetworkType(req Request, resp Response) int { return 0 } // @def(countType, "GetNetworkType") @callers(countType)

// Extractor's Getter and getters have its type parameter G.
type Extractor[REQ any, RESP any, G Getter[REQ, RESP]] struct {
	Getter  G
	getters []G
}

func (e *Extractor[REQ, RESP, G]) Network(req REQ, resp RESP) string { // @def(extract, "Network")
	return e.Getter.GetNetworkType(req, resp) // @site(extractType, "GetNetworkType") @call(extract, getterType, extractType) @dispatch(extract, httpType, extractType)
}

func (e *Extractor[REQ, RESP, G]) NetworkAll(req REQ, resp RESP) { // @def(extractAll, "NetworkAll")
	for i := range e.getters {
		_ = e.getters[i].GetNetworkType(req, resp) // @site(extractAllType, "GetNetworkType") @call(extractAll, getterType, extractAllType) @dispatch(extractAll, httpType, extractAllType)
	}
}

// concrete's extractor is written with its type arguments: its Getter is
// an httpGetter, called directly.
func concrete() string { // @def(concrete, "concrete")
	x := Extractor[Request, Response, httpGetter]{}
	return x.Getter.GetNetworkType(Request{}, Response{}) // @site(concreteType, "GetNetworkType") @call(concrete, httpType, concreteType) @dispatch(concrete, getterType, concreteType)
}

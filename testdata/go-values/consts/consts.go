package consts

// Namespace names a family of APIs.
type Namespace string

// Kind is a Namespace's kind of API.
type Kind struct {
	ns   Namespace
	name string
}

// WithKind gives a Kind of n.
func (n Namespace) WithKind(name string) Kind { return Kind{n, name} } // @def(withKind, "WithKind") @callers(withKind, remote, other)

// WithSub names an API of k.
func (k Kind) WithSub(sub string) string { return string(k.ns) + k.name + sub } // @def(kindSub, "WithSub") @callers(kindSub, remote)

// Level has a WithSub of its own: no Kind, no caller here.
type Level int

// WithSub of a Level.
func (l Level) WithSub(sub string) string { return sub } // @def(levelSub, "WithSub") @nocallers(levelSub)

// Names typed by a conversion, one a repetition of the spec before it.
const (
	Core  = Namespace("core") // the value is a conversion: a Namespace
	Extra                     // repeats it: a Namespace too
	Plain = "plain"           // an untyped string: nothing
)

// remote is rdk's resource.APINamespaceRDK.WithType(...).WithSubtype(...):
// a constant typed by a conversion, and a chain of its methods' results.
func remote() string { // @def(remote, "remote")
	return Core.WithKind("remote").WithSub("") // @site(remoteKind, "WithKind") @call(remote, withKind, remoteKind) @site(remoteSub, "WithSub") @call(remote, kindSub, remoteSub)
}

func other() Kind { // @def(other, "other")
	return Extra.WithKind("x") // @site(otherKind, "WithKind") @call(other, withKind, otherKind)
}

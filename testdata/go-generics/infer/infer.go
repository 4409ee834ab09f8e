package infer

// Client is what the generic helpers below give back.
type Client struct{}

func (*Client) Do() {} // @def(clientDo, "Do") @callers(clientDo, use, pointer, elements)

// Queue has a Do of another signature: no call below reaches it.
type Queue struct{}

func (*Queue) Do(n int) {} // @def(queueDo, "Do") @callers(queueDo, queued)

func NewClient() (*Client, error) { return &Client{}, nil }

// Must, First, Ptr and All are called without type arguments: their T is
// inferred from the argument, as gopls infers it.
func Must[T any](v T, err error) T { return v }

func First[T any](xs []T) T { return xs[0] }

func Ptr[T any](v T) *T { return &v }

func All[T any](xs ...T) []T { return xs }

func use(cs []*Client) { // @def(use, "use")
	Must(NewClient()).Do() // @site(useMust, "Do") @call(use, clientDo, useMust, useLocal, useFirst)
	c := Must(NewClient())
	c.Do()         // @site(useLocal, "Do")
	First(cs).Do() // @site(useFirst, "Do")
}

func pointer() { // @def(pointer, "pointer")
	p := Ptr(Client{})
	p.Do() // @site(pointerDo, "Do") @call(pointer, clientDo, pointerDo)
}

func elements(c *Client) { // @def(elements, "elements")
	for _, x := range All(c, c) {
		x.Do() // @site(elementsDo, "Do") @call(elements, clientDo, elementsDo)
	}
}

// queued's First is given Queues: its Do is Queue's, never Client's.
func queued(qs []*Queue) { // @def(queued, "queued")
	q := First(qs)
	q.Do(1) // @site(queuedDo, "Do") @call(queued, queueDo, queuedDo)
}

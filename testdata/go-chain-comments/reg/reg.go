package reg

type Client struct{ name string }

func NewClient(name string) Client { return Client{name} }

// Registry's Register returns the registry, for chains.
type Registry struct{ m map[string]Client }

func NewRegistry() *Registry { return &Registry{m: map[string]Client{}} }

func (r *Registry) Register(c Client) *Registry { r.m[c.name] = c; return r }

func (r *Registry) Get(name string) (Client, error) { return r.m[name], nil } // @def(registryGet, "Get") @callers(registryGet, getAll, getMore, getBlock)

// Other has a Get too: none of the calls below is its.
type Other struct{}

func (Other) Get(name string) (Client, error) { return Client{}, nil } // @def(otherGet, "Get") @callers(otherGet)

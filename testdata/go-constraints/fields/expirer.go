package fields

// Removable is a plain named interface constraining Expirer's M.
type Removable interface {
	Remove(key string) bool // @def(removableRemove, "Remove") @callers(removableRemove, drop)
}

type gauge struct{}

func (*gauge) Remove(key string) bool { return true } // @def(gaugeRemove, "Remove") @callers(gaugeRemove, drop)

// plain's P is constrained by any: nothing is called through it.
type plain[P any] struct{ value P }

// Expirer's metric has its type parameter M (grafana/beyla's
// Expirer[..., Metric removableMetric[ValType], ...] calling
// ex.metric.Remove); the struct is declared in this file and called in
// drop.go.
type Expirer[M Removable] struct {
	metric M
	plain  plain[M]
}

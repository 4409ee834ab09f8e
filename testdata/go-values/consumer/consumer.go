package consumer

// Lifecycle consumes fulfillment events: go-micro-commerce's shape.
type Lifecycle struct{ name string }

func NewLifecycle(name string) *Lifecycle { return &Lifecycle{name: name} }

func (l *Lifecycle) Handler(msg string) error { // @def(lifecycleHandler, "Handler")
	return nil
}

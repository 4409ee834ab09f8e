package wire

import "example.com/values/consumer"

func subscribe(topic string, h func(string) error) {}

// A method value of what another package's constructor returns, passed on
// (the call spread over lines): gopls lists it under Handler.
func Wire() { // @def(wire, "Wire")
	subscribe("orders",
		consumer.NewLifecycle(
			"orders",
		).Handler, // @site(wireHandler, "Handler") @ref(wire, lifecycleHandler, wireHandler)
	)
}

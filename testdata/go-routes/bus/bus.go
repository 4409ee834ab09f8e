package bus

// TopicOrderPaid names the topic through a constant.
const TopicOrderPaid = "order.paid"

type Bus struct {
	subs map[string][]func(string)
}

func (b *Bus) Subscribe(topic string, h func(string)) { // @def(subscribe, "Subscribe")
	b.subs[topic] = append(b.subs[topic], h)
}

func (b *Bus) Publish(topic, payload string) { // @def(publish, "Publish")
	for _, h := range b.subs[topic] {
		h(payload)
	}
}

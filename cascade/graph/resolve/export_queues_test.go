package resolve

import "strings"

// AMQPTopicMatch exposes amqpTopicMatch to the tests.
func AMQPTopicMatch(pattern, key string) bool {
	return amqpTopicMatch(strings.Split(pattern, "."), strings.Split(key, "."))
}

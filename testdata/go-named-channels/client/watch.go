package client

import "example.com/namedchannels/mvcc"

// Event is mvcc's, by alias, as etcd's clientv3.Event is.
type Event = mvcc.Event

type WatchResponse struct {
	Events   []*Event
	Canceled bool
}

// WatchChan is a channel type of its own name: ranging over a value of it
// yields responses, not keys.
type WatchChan <-chan WatchResponse

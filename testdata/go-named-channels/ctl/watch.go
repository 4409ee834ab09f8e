package ctl

import (
	"fmt"

	"example.com/namedchannels/client"
)

func printWatch(ch client.WatchChan) { // @def(printWatch, "printWatch")
	for resp := range ch {
		for _, event := range resp.Events {
			fmt.Println(event.GetKv().GetKey()) // @site(rangeKv, "GetKv") @site(rangeKey, "GetKey") @call(printWatch, GetKv, rangeKv) @call(printWatch, GetKey, rangeKey)
		}
	}
}

func printOne(resp client.WatchResponse) { // @def(printOne, "printOne")
	for _, event := range resp.Events {
		fmt.Println(event.GetKv()) // @site(oneKv, "GetKv") @call(printOne, GetKv, oneKv)
	}
}

func firstKv(ch client.WatchChan) { // @def(firstKv, "firstKv")
	select {
	case resp := <-ch:
		fmt.Println(resp.Events[0].GetKv()) // @site(receivedKv, "GetKv") @call(firstKv, GetKv, receivedKv)
	default:
	}
}

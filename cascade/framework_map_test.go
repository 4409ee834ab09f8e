package cascade_test

import (
	"context"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade"
)

// The framework map lists each key with its publishing sites and its
// handlers; a key nobody publishes still lists its handler, and a handler
// of another key is not mixed in.
func TestFrameworkMapListsPublishersAndSubscribers(t *testing.T) {
	f := newFixture(t, map[string]string{
		"src/orders.ts": `import { Injectable } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';

@Injectable()
export class Orders {
  constructor(private events: EventEmitter2) {}
  place() {
    this.events.emit('order.placed', {});
  }
}

@Injectable()
export class Mailer {
  @OnEvent('order.placed')
  sendReceipt() {}

  @OnEvent('order.refunded')
  sendRefund() {}
}
`})
	ws := cascade.NewWorkspace(f.root, f.store, cascade.Options{Engine: roomy()})
	t.Cleanup(ws.Close)
	m, err := ws.FrameworkMap(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if m.Partial {
		t.Errorf("partial map without a deadline")
	}
	byKey := map[string]cascade.FrameworkEvent{}
	for _, e := range m.Events {
		byKey[e.Key] = e
	}
	placed, refunded := byKey["order.placed"], byKey["order.refunded"]
	if len(placed.Publishers) != 1 || placed.Publishers[0].Symbol != "Orders.place" || !strings.HasPrefix(placed.Publishers[0].Location, "src/orders.ts:8:") {
		t.Errorf("order.placed publishers = %+v, want Orders.place at line 8", placed.Publishers)
	}
	if len(placed.Subscribers) != 1 || placed.Subscribers[0].Symbol != "Mailer.sendReceipt" {
		t.Errorf("order.placed subscribers = %+v, want Mailer.sendReceipt only", placed.Subscribers)
	}
	if len(refunded.Publishers) != 0 || len(refunded.Subscribers) != 1 || refunded.Subscribers[0].Symbol != "Mailer.sendRefund" {
		t.Errorf("order.refunded = %+v, want its handler and no publisher", refunded)
	}
}

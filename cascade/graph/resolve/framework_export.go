package resolve

import (
	"context"
	"sort"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/treesitter"
)

// What the framework side knows, for exporters (the Neo4j edge pass): the
// events a symbol subscribes to and what a call publishes, each with its
// bus and sender. Incoming and Outgoing already link publishers to
// subscribers; these say through which event node, so a graph can hold
// the event itself.

// Subscriptions lists the events sym handles, with their bus and sender:
// through its decorators, and through calls that register it by value for
// an event (emitter.on('x', h), signal.connect(h)). Sorted, unique.
func (r *Resolver) Subscriptions(ctx context.Context, sym fact.Symbol) ([]framework.Subscription, error) {
	if !isCallable(sym) && !isType(sym) {
		return nil, nil
	}
	q := &frameworkView{query: r.newQuery(ctx)}
	subs := framework.SubscriptionsOf(q.rolesOf(ctx, sym))
	// A Celery task is run by name too (send_task, signature).
	for _, n := range q.celeryTaskNames(ctx, sym) {
		subs = append(subs, framework.Subscription{Bus: celeryTaskBus, Event: n})
	}
	err := q.eachRegistration(ctx, sym, func(c fact.Call, f *fact.File, reg registration) error {
		subs = append(subs, q.registrationSubscriptions(ctx, f, c, reg)...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(subs, func(i, j int) bool {
		a, b := subs[i], subs[j]
		if a.Bus != b.Bus {
			return a.Bus < b.Bus
		}
		if a.Event != b.Event {
			return a.Event < b.Event
		}
		return a.Sender < b.Sender
	})
	out := subs[:0]
	for i, s := range subs {
		if i == 0 || s != subs[i-1] {
			out = append(out, s)
		}
	}
	return out, ctx.Err()
}

// Publications lists what the stored call c publishes, with its bus,
// evaluated event keys and sender; none when it publishes nothing the
// catalog knows or its key cannot be evaluated.
func (r *Resolver) Publications(ctx context.Context, c fact.Call) ([]framework.Publication, error) {
	q := &frameworkView{query: r.newQuery(ctx)}
	f, caller, err := q.callContext(ctx, c)
	if err != nil || f == nil {
		return nil, err
	}
	pubs := q.publications(ctx, f, caller, c)
	if c.Callee != treesitter.CeleryBeatCallee {
		if names, ok := q.celeryNamed(ctx, f, caller, c); ok {
			pubs = append(pubs, framework.Publication{Bus: celeryTaskBus, Events: names})
		}
	}
	return pubs, ctx.Err()
}

// celeryTaskBus is the bus of Celery tasks run by name, for exporters.
const celeryTaskBus = "celery-task"

package resolve

import (
	"context"

	"github.com/callcascade/callcascade/cascade/fact"
)

// queueIncoming adds the callers that reach target through a task queue
// or message broker by routes of their own: Celery tasks run by name
// (framework_celery.go), RabbitMQ sends through exchanges
// (framework_rabbit.go).
func (q *frameworkView) queueIncoming(ctx context.Context, target fact.Symbol, byCaller edgeSet) error {
	if err := q.celeryIncoming(ctx, target, byCaller); err != nil {
		return err
	}
	return q.rabbitIncoming(ctx, target, byCaller)
}

// queueOutgoing adds what call c reaches by those routes.
func (q *frameworkView) queueOutgoing(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call, byCallee edgeSet) error {
	if err := q.celeryOutgoing(ctx, f, caller, c, byCallee); err != nil {
		return err
	}
	return q.rabbitOutgoing(ctx, f, caller, c, byCallee)
}

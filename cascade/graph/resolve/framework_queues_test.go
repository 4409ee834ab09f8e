package resolve_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// Queue and event listeners whose key is a constant of another class, an
// interface or a property placeholder (Spring), and Celery tasks named by
// their dotted path or their own name and scheduled by beat.
func TestQueueRoles(t *testing.T) {
	cases := []struct {
		fixture, symbol string
		want            []string // summaries
	}{
		{"spring-kafka", "BillingListeners.consumeInvoice", []string{"handles Kafka topic 'billing.invoices' (Spring @KafkaListener)"}},
		{"spring-kafka", "BillingListeners.consumeAudit", []string{"handles Kafka topic 'billing.audit' (Spring @KafkaListener(topics = AUDIT_TOPIC))"}},
		{"spring-kafka", "BillingListeners.consumeReceipt", []string{"handles RabbitMQ queue 'billing.receipts' (Spring @RabbitListener(queues = Queues.RECEIPTS))"}},
		{"spring-kafka", "BillingListeners.consumeExternal", []string{"handles Kafka topic '${billing.topics.external}' (Spring @KafkaListener(topics = \"${billing.topics.external}\")); a property is resolved when the application runs: linked only to sends naming the same property"}},
		{"spring-kafka", "BillingListeners.consumeListed", []string{"handles a Kafka topic named by an expression (#{'${billing.topics.list}'.split(',')}) resolved only when the application runs: not linked (Spring)"}},
		{"celery-app", "cleanup", []string{
			"Celery task 'proj.tasks.cleanup' (@shared_task): run through .delay()/.apply_async()/.s(), or by its name (send_task, signature, beat)",
			"beat_schedule['cleanup-every-5-minutes']: scheduled by Celery beat, every 300.0 seconds (proj/celery.py)",
		}},
		{"celery-app", "send_report", []string{
			"Celery task 'reports.send' (@shared_task(name=\"reports.send\")): run through .delay()/.apply_async()/.s(), or by its name (send_task, signature, beat)",
			"beat_schedule['nightly-report']: scheduled by Celery beat, cron '0 3 * * *' (proj/celery.py)",
		}},
		{"celery-app", "vacuum", []string{
			"Celery task 'proj.maintenance.vacuum' (@shared_task): run through .delay()/.apply_async()/.s(), or by its name (send_task, signature, beat)",
			"beat_schedule['vacuum-hourly']: scheduled by Celery beat, every 1 hours (proj/settings.py)",
		}},
		{"celery-app", "reindex", []string{
			"Celery task 'proj.maintenance.reindex' (@shared_task): run through .delay()/.apply_async()/.s(), or by its name (send_task, signature, beat)",
			"beat_schedule['reindex-weekly']: scheduled by Celery beat, cron '0 4 * * sun' (proj/settings.py)",
		}},
		{"celery-app", "notify", []string{
			"Celery task 'proj.tasks.notify' (@app.task): run through .delay()/.apply_async()/.s(), or by its name (send_task, signature, beat)",
			"add_periodic_task: scheduled by Celery beat, every 30.0 seconds (proj/celery.py)",
		}},
		{"celery-app", "orphan", []string{
			"Celery task 'proj.tasks.orphan' (@shared_task): run through .delay()/.apply_async()/.s(), or by its name (send_task, signature, beat)",
		}},
		{"spring-kafka", "StatementConsumer.onStatement", []string{"handles RabbitMQ queue 'billing.statements' (Spring @RabbitListener(queuesToDeclare = @Queue(STATEMENTS)))"}},
		{"spring-kafka", "LedgerConsumer.onEntry", []string{"handles Kafka topic 'billing.ledger-events' (Spring @KafkaHandler under @KafkaListener)"}},
		{"spring-kafka", "BillingListeners.onPaid", []string{"handles application event 'InvoicePaid' (Spring @EventListener(classes = InvoicePaid.class))"}},
	}
	resolvers := map[string]*resolve.Resolver{}
	for _, tc := range cases {
		r := resolvers[tc.fixture]
		if r == nil {
			r = indexFixture(t, tc.fixture)
			resolvers[tc.fixture] = r
		}
		checkRoleSummaries(t, r, tc.symbol, tc.want)
	}
}

// A beat schedule at the top level of a settings module is a caller of
// the task it names: the module, registered through the schedule entry.
func TestCeleryBeatAtTopLevel(t *testing.T) {
	r := indexFixture(t, "celery-app")
	ctx := context.Background()
	for name, want := range map[string]string{
		"vacuum":  "settings.py registration via beat_schedule['vacuum-hourly']: scheduled by Celery beat, every 1 hours",
		"reindex": "settings.py registration via beat_schedule['reindex-weekly']: scheduled by Celery beat, cron '0 4 * * sun'",
		"compact": "settings.py registration via beat_schedule['compact-daily']: scheduled by Celery beat, cron '30 2 * * *'",
	} {
		got, err := r.Incoming(ctx, symbolNamed(t, r, name))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]string{want}, edgeLines(got)); diff != "" {
			t.Errorf("Incoming(%s) (-want +got):\n%s", name, diff)
		}
	}
}

func TestAMQPTopicMatch(t *testing.T) {
	cases := []struct {
		pattern, key string
		want         bool
	}{
		{"payout.*", "payout.created", true},
		{"payout.*", "payout.old.created", false},
		{"payout.*", "payout", false},
		{"#.archived", "archived", true},
		{"#.archived", "payout.old.archived", true},
		{"#.archived", "payout.archived.not", false},
		{"#", "anything.at.all", true},
		{"a.#.z", "a.z", true},
		{"a.#.z", "a.b.c.z", true},
		{"a.b", "a.b", true},
		{"a.b", "a.c", false},
	}
	for _, tc := range cases {
		if got := resolve.AMQPTopicMatch(tc.pattern, tc.key); got != tc.want {
			t.Errorf("AMQPTopicMatch(%q, %q) = %v, want %v", tc.pattern, tc.key, got, tc.want)
		}
	}
}

// A caller that both queues a task (.delay()) and calls it directly is one
// precise item that still says it queues the task, whichever comes first
// in the source (the calls of the task's own name are visited first);
// one that only queues it is a registration, never a precise call: no type
// checker lists task.delay() as a call of the task.
func TestCeleryQueueIsNoCall(t *testing.T) {
	r := indexFixture(t, "celery-app")
	ctx := context.Background()
	for name, want := range map[string][]string{
		"rebuild": {"queue_then_run ast, also registered via rebuild.delay() (Celery: queues the task)"},
		"prune":   {"run_then_queue ast, also registered via prune.delay() (Celery: queues the task)"},
		"total": {
			"fan_in registration via total.s() (Celery: a signature of the task (chains, groups))",
			"piped registration via total.s() (Celery: a signature of the task (chains, groups))",
		},
	} {
		got, err := r.Incoming(ctx, symbolNamed(t, r, name))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, edgeLines(got)); diff != "" {
			t.Errorf("Incoming(%s) (-want +got):\n%s", name, diff)
		}
	}
}

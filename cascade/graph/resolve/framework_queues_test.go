package resolve_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

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
		{"spring-kafka", "BillingListeners.consumeExternal", []string{"handles a Kafka topic named by a property placeholder (${billing.topics.external}), resolved only when the application runs: not linked (Spring @KafkaListener(topics = \"${billing.topics.external}\"))"}},
		{"spring-kafka", "BillingListeners.onPaid", []string{"handles application event 'InvoicePaid' (Spring @EventListener(classes = InvoicePaid.class))"}},
	}
	resolvers := map[string]*resolve.Resolver{}
	for _, tc := range cases {
		r := resolvers[tc.fixture]
		if r == nil {
			r = indexFixture(t, tc.fixture)
			resolvers[tc.fixture] = r
		}
		roles, err := r.FrameworkRoles(context.Background(), symbolNamed(t, r, tc.symbol))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, ro := range roles {
			got = append(got, ro.Summary)
		}
		if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("FrameworkRoles(%s) (-want +got):\n%s", tc.symbol, diff)
		}
	}
}

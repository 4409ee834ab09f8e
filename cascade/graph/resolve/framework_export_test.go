package resolve_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/callcascade/callcascade/cascade/framework"
)

// Subscriptions names the bus, key and sender of what a handler hears, by
// decorator and by registration; Publications what a call publishes.
func TestSubscriptionsAndPublications(t *testing.T) {
	ctx := context.Background()
	r := indexFixture(t, "django-shop")
	for _, tc := range []struct {
		symbol string
		want   []framework.Subscription
	}{
		{"order_saved", []framework.Subscription{{Bus: "django-signal", Event: "post_save", Sender: "Order"}}},
		// order_shipped.connect(audit_shipment): no decorator, a registration.
		{"audit_shipment", []framework.Subscription{{Bus: "django-signal", Event: "order_shipped"}}},
		{"connect_audit", nil},
	} {
		got, err := r.Subscriptions(ctx, symbolNamed(t, r, tc.symbol))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Subscriptions(%s) (-want +got):\n%s", tc.symbol, diff)
		}
	}
	bill := symbolNamed(t, r, "bill")
	calls, err := r.Store.CallsFrom(ctx, bill.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []framework.Publication
	for _, c := range calls {
		pubs, err := r.Publications(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, pubs...)
	}
	want := []framework.Publication{
		{Bus: "django-signal", Events: []string{"pre_save", "post_save"}, Sender: "Invoice"},
		{Bus: "django-signal", Events: []string{"pre_delete", "post_delete"}, Sender: "Order"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Publications of bill's calls (-want +got):\n%s", diff)
	}
}

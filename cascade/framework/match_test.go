package framework

import (
	"reflect"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
)

func TestSubscriptionMatches(t *testing.T) {
	s := Subscription{Bus: "django-signal", Event: "post_save", Sender: "Order"}
	for _, c := range []struct {
		pub   Publication
		event string
		want  bool
	}{
		{Publication{Bus: "django-signal", Sender: "Order"}, "post_save", true},
		{Publication{Bus: "django-signal", Sender: "Invoice"}, "post_save", false},
		{Publication{Bus: "django-signal"}, "post_save", false},
		{Publication{Bus: "emitter", Sender: "Order"}, "post_save", false},
		{Publication{Bus: "django-signal", Sender: "Order"}, "pre_save", false},
	} {
		if got := s.Matches(c.pub, c.event); got != c.want {
			t.Errorf("Matches(%+v, %q) = %v, want %v", c.pub, c.event, got, c.want)
		}
	}
	if !(Subscription{Bus: "emitter", Event: "x"}).Matches(Publication{Bus: "emitter", Sender: "A"}, "x") {
		t.Error("a subscription without a sender hears every sender")
	}
}

func TestIdentitiesAndCanonicalPattern(t *testing.T) {
	if got := Identities("[signals.post_save, post_delete, 'x']"); !reflect.DeepEqual(got, []string{"post_save", "post_delete"}) {
		t.Errorf("Identities = %q", got)
	}
	if a, b := CanonicalPattern(`{ cmd: 'x' }`), CanonicalPattern(`{cmd:"x"}`); a != b || a != "{cmd:'x'}" {
		t.Errorf("CanonicalPattern: %q, %q", a, b)
	}
}

func TestMayPublish(t *testing.T) {
	events := map[string]bool{"order.created": true, "post_save": true, "order_shipped": true}
	for _, c := range []struct {
		call fact.Call
		want bool
	}{
		{fact.Call{Callee: "emit", Args: []string{"'order.created'", "o"}}, true},
		{fact.Call{Callee: "emit", Args: []string{"'user.deleted'"}}, false},
		{fact.Call{Callee: "emit", Args: []string{"Events.Created"}}, true}, // resolved later
		{fact.Call{Callee: "send", Receiver: "signals.order_shipped"}, true},
		{fact.Call{Callee: "send", Receiver: "signals.other"}, false},
		{fact.Call{Callee: "notAPublisher", Args: []string{"'order.created'"}}, false},
	} {
		if got := MayPublish(c.call, events); got != c.want {
			t.Errorf("MayPublish(%+v) = %v, want %v", c.call, got, c.want)
		}
	}
}

func TestHandlerRef(t *testing.T) {
	for _, c := range []struct {
		text, recv, name string
		ok               bool
	}{
		{"h", "", "h", true},
		{"s.handle", "s", "handle", true},
		{"this.onEvent.bind(this)", "this", "onEvent", true},
		{"this::run", "this", "run", true},
		{"Foo::bar", "Foo", "bar", true},
		{"http.HandlerFunc(h)", "", "h", true},
		{"auth(s.handle)", "s", "handle", true},
		{"wrap(a, b)", "", "", false},
		{"(e) => handle(e)", "", "", false},
	} {
		recv, name, ok := HandlerRef(c.text, 0)
		if recv != c.recv || name != c.name || ok != c.ok {
			t.Errorf("HandlerRef(%q) = %q, %q, %v; want %q, %q, %v", c.text, recv, name, ok, c.recv, c.name, c.ok)
		}
	}
}

func TestProviderEntries(t *testing.T) {
	arg := `[Service, { provide: AUDIT_SINK, useClass: DbAuditSink }, { provide: 'CLOCK', useExisting: clocks.System }, { provide: X, useValue: 1 }]`
	want := []Provider{
		{Path: "m.ts", Token: "AUDIT_SINK", Class: "DbAuditSink"},
		{Path: "m.ts", Token: "'CLOCK'", Class: "clocks.System"},
	}
	if got := ProviderEntries("m.ts", arg); !reflect.DeepEqual(got, want) {
		t.Errorf("ProviderEntries = %+v, want %+v", got, want)
	}
	if got := ProviderEntries("m.ts", "[A, B]"); got != nil {
		t.Errorf("no provider map: %+v", got)
	}
}

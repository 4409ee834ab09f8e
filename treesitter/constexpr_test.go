package treesitter

import (
	"context"
	"testing"
)

// Keys named through other constants, templates of constants and static
// accessors are recorded for the resolver to evaluate (issue 13).
func TestConstantExpressionsTS(t *testing.T) {
	src := []byte(`import { Other } from './other';
export const PREFIX = 'orders';
export const CREATED = ` + "`${PREFIX}.created`" + `;
export const ALIAS = Other.X;
function f() { const local = Other.Y; }
export class Events {
  static readonly Paid = Other.Paid;
  static get Shipped() { return 'orders.shipped'; }
  static refunded() { return ` + "`${PREFIX}.refunded`" + `; }
  plain() { return 'not static'; }
}
`)
	facts, err := Extract(context.Background(), TypeScript, src)
	if err != nil {
		t.Fatal(err)
	}
	want := []Constant{
		{Name: "PREFIX", Value: "orders"},
		{Name: "CREATED", Expr: "`${PREFIX}.created`"},
		{Name: "ALIAS", Expr: "Other.X"},
		{Container: "Events", Name: "Paid", Expr: "Other.Paid"},
		{Container: "Events", Name: "Shipped", Value: "orders.shipped"},
		{Container: "Events", Name: "refunded", Expr: "`${PREFIX}.refunded`"},
	}
	got := map[Constant]bool{}
	for _, c := range facts.Constants {
		got[c] = true
	}
	for _, w := range want {
		if !got[w] {
			t.Errorf("missing constant %+v; got %+v", w, facts.Constants)
		}
	}
	for _, c := range facts.Constants {
		if c.Name == "local" || c.Name == "plain" {
			t.Errorf("recorded a non-constant: %+v", c)
		}
	}
}

func TestConstantExpressionsPython(t *testing.T) {
	src := []byte(`from .events import PAID
ORDER_PAID = PAID
FULL = PREFIX + ".x"
class Topics:
    ORDERS = events.ORDERS
def f():
    local = PAID
`)
	facts, err := Extract(context.Background(), Python, src)
	if err != nil {
		t.Fatal(err)
	}
	got := map[Constant]bool{}
	for _, c := range facts.Constants {
		got[c] = true
	}
	for _, w := range []Constant{
		{Name: "ORDER_PAID", Expr: "PAID"},
		{Name: "FULL", Expr: `PREFIX + ".x"`},
		{Container: "Topics", Name: "ORDERS", Expr: "events.ORDERS"},
	} {
		if !got[w] {
			t.Errorf("missing constant %+v; got %+v", w, facts.Constants)
		}
	}
	for _, c := range facts.Constants {
		if c.Name == "local" {
			t.Errorf("recorded a local as a constant: %+v", c)
		}
	}
}

func TestConstantExpressionsJava(t *testing.T) {
	src := []byte(`class Topics {
    public static final String PREFIX = "shop";
    public static final String ORDERS = PREFIX + ".orders";
    public static final String ALIAS = Other.ORDERS;
    void f() { String local = PREFIX; }
}`)
	facts, err := Extract(context.Background(), Java, src)
	if err != nil {
		t.Fatal(err)
	}
	got := map[Constant]bool{}
	for _, c := range facts.Constants {
		got[c] = true
	}
	for _, w := range []Constant{
		{Container: "Topics", Name: "PREFIX", Value: "shop"},
		{Container: "Topics", Name: "ORDERS", Expr: `PREFIX + ".orders"`},
		{Container: "Topics", Name: "ALIAS", Expr: "Other.ORDERS"},
	} {
		if !got[w] {
			t.Errorf("missing constant %+v; got %+v", w, facts.Constants)
		}
	}
}

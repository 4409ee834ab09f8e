package resolve_test

import (
	"context"
	"fmt"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/graph/resolve"
)

// The graph stage hands the fallbacks the sites it resolved elsewhere
// whenever its resolver can say (both backends wire this resolver).
var _ graph.ElsewhereResolver = (*resolve.Resolver)(nil)

// A site of the target's name that the resolver links to another symbol,
// or to a library, is named with what it calls; a site whose receiver it
// could not type is not (a fallback may still offer it, as possible).
func TestIncomingElsewhere(t *testing.T) {
	r := indexSources(t, map[string]string{
		"shop/models.py": `from django.db import models

class Order(models.Model):
    total = models.IntegerField()
`,
		"shop/cache.py": `class Cache:
    def get(self, key):
        return None

class Builder:
    def get(self, key):
        return key
`,
		"shop/views.py": `from .models import Order
from .cache import Builder

def detail(pk, thing):
    Order.objects.get(pk=pk)
    qs = Order.objects.filter(total=1)
    qs.get()
    d = {}
    d.get("x")
    b = ""
    b = Builder()
    b.get(1)
    thing.get(2)
    for o in Order.objects.all():
        o.get_total()
`,
		"src/orders.service.ts": `export class OrdersService {
  findAll(): string[] { return []; }
}
`,
		"src/orders.controller.ts": `import { OrdersService } from './orders.service';

export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  findAll(): string[] {
    return this.orders.findAll();
  }
}

export function fresh(): string[] {
  return new OrdersService().findAll();
}

export function summarize(repo: any, cache: Map<string, string>): unknown {
  cache.get('x');
  return repo.findAll();
}
`,
	})
	ctx := context.Background()
	for _, tc := range []struct {
		target string
		edges  []string
		sites  []string
	}{
		// Django's manager and queryset, a dict; Builder's get (the
		// literal gives way to the later assignment); thing is untyped
		{"Cache.get", nil, []string{
			"shop/views.py:12 Builder.get (shop/cache.py)",
			"shop/views.py:5 " + outside, "shop/views.py:7 " + outside, "shop/views.py:9 " + outside,
		}},
		{"Builder.get", []string{"detail ast"}, []string{
			"shop/views.py:5 " + outside, "shop/views.py:7 " + outside, "shop/views.py:9 " + outside,
		}},
		// the controller's site and new OrdersService().findAll() are the
		// service's; repo: any is unknown
		{"OrdersController.findAll", nil, []string{
			"src/orders.controller.ts:12 OrdersService.findAll (src/orders.service.ts)",
			"src/orders.controller.ts:7 OrdersService.findAll (src/orders.service.ts)",
		}},
		{"OrdersService.findAll", []string{"OrdersController.findAll ast", "fresh ast"}, nil},
	} {
		edges, settled, err := r.IncomingSettled(ctx, symbolNamed(t, r, tc.target))
		if err != nil {
			t.Fatal(err)
		}
		elsewhere := settled.Elsewhere
		// Each name has one site no rule types (thing.get, repo.findAll);
		// the other language's cache.get('x') is not counted.
		if settled.Undecided != 1 {
			t.Errorf("%s: %d undecided sites, want 1 (thing.get or repo.findAll)", tc.target, settled.Undecided)
		}
		var sites []string
		for k, v := range elsewhere {
			sites = append(sites, fmt.Sprintf("%s:%d %s", k.Path, k.Line+1, v))
		}
		sort.Strings(sites)
		if diff := cmp.Diff(tc.edges, edgeLines(edges), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: edges (-want +got):\n%s", tc.target, diff)
		}
		if diff := cmp.Diff(tc.sites, sites, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: sites resolved elsewhere (-want +got):\n%s", tc.target, diff)
		}
	}
}

const outside = "a function or type outside the workspace"

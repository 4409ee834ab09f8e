package resolve_test

import (
	"context"
	"testing"
)

// A call on a pytest fixture's value keeps saying so when it is answered
// from the generation's kept resolutions (the second request, or any
// request after the warm-up resolved the name): the kept resolution held
// the targets but not the fixture, and the caller's detail fell back to
// "receiver not resolved" (the twenty-sixth set's clinical-ontology-normalizer,
// 40 items of one target).
func TestFixtureDetailKeptWithResolution(t *testing.T) {
	r := indexSources(t, map[string]string{
		"app/service.py": `class Service:
    def seed(self):
        return 1
`,
		"tests/test_service.py": `import pytest
from app.service import Service


@pytest.fixture
def svc() -> Service:
    return Service()


def test_seed(svc):
    svc.seed()
`,
	})
	target := symbolNamed(t, r, "Service.seed")
	for ask := 1; ask <= 2; ask++ {
		edges, err := r.Incoming(context.Background(), target)
		if err != nil {
			t.Fatal(err)
		}
		if len(edges) != 1 || edges[0].Symbol.Name != "test_seed" || edges[0].Via != "pytest fixture svc" {
			t.Fatalf("ask %d: incoming = %+v, want test_seed via pytest fixture svc", ask, edges)
		}
	}
}

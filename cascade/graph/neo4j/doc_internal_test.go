package neo4j

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docs/NEO4J-FRAMEWORK.md shows the queries the store asks (Triggers,
// Callers) verbatim, so the text people copy is the text that is linted
// and run by the live test.
func TestDocShowsTheStoreQueries(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "NEO4J-FRAMEWORK.md"))
	if err != nil {
		t.Fatal(err)
	}
	for name, q := range map[string]string{"triggers": cypherTriggers, "callers": cypherCallers} {
		if !strings.Contains(string(doc), "```cypher\n"+q+"\n```") {
			t.Errorf("the doc does not show the %s query as the store runs it:\n%s", name, q)
		}
	}
}

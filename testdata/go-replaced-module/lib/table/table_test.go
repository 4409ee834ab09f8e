package table

import "testing"

type fixedRow struct{}

func (fixedRow) Interface() any { return 1 }

// A test of the dependency: gopls loads a replaced module's packages into
// the application's view without their tests, so its calls through Row are
// no callers of the application's types (opentelemetry-collector's
// processortest, replaced into batchprocessor's view).
func TestPrint(t *testing.T) { // @def(testPrint, "TestPrint")
	rows := []Row{fixedRow{}}
	if len(Print(rows)) != 1 { // @site(t1, "Print") @call(testPrint, print, t1)
		t.Fatal("one row")
	}
	if rows[0].Interface() != 1 { // @site(t2, "Interface") @call(testPrint, rowIface, t2)
		t.Fatal("its value")
	}
}

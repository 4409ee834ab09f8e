package editors_test

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// feesCase is the nest-fees workspace and what the editors should show for
// it, read from the fixture's text: EvidenceService.moveFilesToPermanentStorage
// is called once, by FeesReportConsumerController.handle through an
// injected field, and itself calls formatReportId, list and copy.
type feesCase struct {
	ws                   string
	target               string // file of the method asked about
	line, col            int    // its name: 1-based line, 0-based column
	caller               string // file of its one caller
	callLine, callCol    int    // the call site in the caller
	dead                 string // a method nobody calls, added to the copy
	deadLine, deadCol    int
	outgoingNamesAtLines []string // "name@line" of each call the method makes
	outgoingSites        []string // "name@line:col" (1-based col) of each, in target
}

func newFeesCase(t *testing.T) feesCase {
	t.Helper()
	c := feesCase{ws: workspace(t, "nest-fees")}
	c.target = filepath.Join(c.ws, "src/evidence/evidence.service.ts")
	c.line, c.col = position(t, c.target, "moveFilesToPermanentStorage(reportId")
	c.caller = filepath.Join(c.ws, "src/reports/fees-report-consumer.controller.ts")
	c.callLine, c.callCol = position(t, c.caller, "moveFilesToPermanentStorage(event")
	c.dead, c.deadLine, c.deadCol = deadFunction(t, c.ws)
	for _, callee := range []struct{ name, needle string }{
		{"formatReportId", "fmtId(reportId)"},
		{"list", "list(id)"},
		{"copy", "copy(files"},
	} {
		l, col := position(t, c.target, callee.needle)
		c.outgoingNamesAtLines = append(c.outgoingNamesAtLines, fmt.Sprintf("%s@%d", callee.name, l))
		c.outgoingSites = append(c.outgoingSites, fmt.Sprintf("%s@%d:%d", callee.name, l, col+1))
	}
	sort.Strings(c.outgoingNamesAtLines)
	sort.Strings(c.outgoingSites)
	return c
}

// env is the CC_* variables the editor scripts read.
func (c feesCase) env() []string {
	return []string{
		"CC_BIN=" + binary,
		"CC_WATCHDOG_MS=25000",
		"CC_TARGET_FILE=" + c.target,
		fmt.Sprintf("CC_TARGET_LINE=%d", c.line),
		fmt.Sprintf("CC_TARGET_COL=%d", c.col),
		"CC_DEAD_FILE=" + c.dead,
		fmt.Sprintf("CC_DEAD_LINE=%d", c.deadLine),
		fmt.Sprintf("CC_DEAD_COL=%d", c.deadCol),
	}
}

// namesAtLines turns quickfix entries into sorted "name@line" (the name is
// the text up to the first space: some editors append the provenance).
func namesAtLines(items []qfItem) []string {
	var out []string
	for _, it := range items {
		name, _, _ := strings.Cut(it.Text, " ")
		out = append(out, fmt.Sprintf("%s@%d", name, it.Lnum))
	}
	sort.Strings(out)
	return out
}

// Package report is the application's own. A call here through the
// replaced dependency's Row is a caller of report's own type that
// implements it (gopls searches a type's own package for calls through any
// interface it has), and of no other package's: Row is in no method-set
// index gopls searches for the application's view (cmd's resultTable;
// opentelemetry-go's sdk/trace/internal/observ calling IsRecording through
// the replaced trace module's Span).
package report

import "example.com/lib/table"

type summary struct{}

func (summary) Interface() any { return "sum" } // @def(summaryIface, "Interface")

func Values(rows []table.Row) []any { // @def(values, "Values")
	var out []any
	for _, row := range rows {
		out = append(out, row.Interface()) // @site(v1, "Interface") @dispatch(values, summaryIface, v1)
	}
	return out
}

var _ = Values([]table.Row{summary{}})

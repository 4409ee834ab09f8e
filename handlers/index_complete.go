package handlers

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade"
)

// IndexCompleted answers again, once the first index of ws has completed,
// every symbol whose diagnostic came from an answer given while it ran:
// the diagnostic is replaced by the complete answer's, or cleared.
func (h *Handlers) IndexCompleted(ctx context.Context, ws *cascade.Workspace) {
	type pending struct {
		uri  protocol.DocumentURI
		diag protocol.Diagnostic
	}
	var again []pending
	h.diags.mu.Lock()
	for uri, byKey := range h.diags.byURI {
		for _, p := range byKey {
			if partialAnswer(p.diag) {
				again = append(again, pending{uri, p.diag})
			}
		}
	}
	h.diags.mu.Unlock()
	for _, p := range again {
		data, ok := p.diag.Data.(DiagnosticData)
		if !ok || data.Target.Root != "" && data.Target.Root != ws.Root {
			continue
		}
		item := protocol.CallHierarchyItem{Name: data.Name, URI: p.uri, Range: p.diag.Range, SelectionRange: p.diag.Range, Data: data.Target}
		_, target, err := h.itemSymbol(ctx, item)
		if err != nil {
			continue
		}
		res, err := ws.Engine.Incoming(ctx, target)
		if err != nil {
			return // cancelled: the session is ending
		}
		h.noteResult(ctx, item, data.Target, res)
	}
}

// partialAnswer reports that a diagnostic was published for an answer given
// before the first index completed.
func partialAnswer(d protocol.Diagnostic) bool {
	code, _ := d.Code.(string)
	return code == cascade.ReasonIndexIncomplete
}

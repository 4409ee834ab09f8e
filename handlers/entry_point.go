package handlers

import (
	"path/filepath"

	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade"
)

// entryCalls stand for the ways a framework reaches a target that no code
// calls (a route, a schedule, a hook, a command): one item each, named by
// the role and placed at its decorator (or the target's name), so that the
// answer says how the target runs instead of coming back empty. An entry
// item has no callers of its own.
func entryCalls(ws *cascade.Workspace, target cascade.Symbol, entries []cascade.EntryPoint) []protocol.CallHierarchyIncomingCall {
	out := make([]protocol.CallHierarchyIncomingCall, 0, len(entries))
	for _, ep := range entries {
		sel := toRange(ep.Span)
		rng := toRange(target.Span)
		if before(sel.Start, rng.Start) {
			rng.Start = sel.Start
		}
		if before(rng.End, sel.End) {
			rng.End = sel.End
		}
		out = append(out, protocol.CallHierarchyIncomingCall{
			From: protocol.CallHierarchyItem{
				Name:           ep.Summary,
				Kind:           protocol.SymbolKindFunction, // the framework calls it; Event items are signal summaries
				Detail:         EntryDetailPrefix + ep.Hint,
				URI:            URIFromPath(filepath.Join(ws.Root, filepath.FromSlash(ep.Path))),
				Range:          rng,
				SelectionRange: sel,
				Data:           ItemData{Root: ws.Root, Entry: true},
			},
			FromRanges: []protocol.Range{sel},
		})
	}
	return out
}

// EntryDetailPrefix starts the detail of an item that stands for a
// framework entry point rather than a caller.
const EntryDetailPrefix = "framework entry point · "

package handlers

import (
	"context"
	"encoding/json"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade"
)

// FindCallersTitle is the code action offered on any name, for editors
// without a call hierarchy view (Helix).
const FindCallersTitle = "Find callers (with fallbacks)"

// CodeAction returns quickfixes built from the suggestions of callcascade's
// diagnostics in the range, and "Find callers (with fallbacks)" on a name.
// Clients ask on every cursor move, so nothing here queries the cascade.
func (h *Handlers) CodeAction(ctx context.Context, params *protocol.CodeActionParams) ([]protocol.CodeAction, error) {
	actions := []protocol.CodeAction{}
	if !wants(params.Context.Only, protocol.QuickFix) {
		return actions, nil
	}
	diags := ours(params.Context.Diagnostics)
	if len(diags) == 0 {
		diags = h.diagnosticsAt(params.TextDocument.URI, params.Range)
	}
	// One action per command and arguments, even when a client sends the
	// same diagnostic twice or two of ours overlap the range.
	offered := map[string]bool{}
	for _, d := range diags {
		data, ok := diagnosticData(d)
		if !ok {
			// A client that dropped data: use what we published.
			for _, mine := range h.diagnosticsAt(params.TextDocument.URI, d.Range) {
				if data, ok = diagnosticData(mine); ok {
					break
				}
			}
		}
		for i, s := range data.Suggestions {
			raw, _ := json.Marshal(s.Arguments)
			if key := s.Command + string(raw); offered[key] {
				continue
			} else {
				offered[key] = true
			}
			actions = append(actions, protocol.CodeAction{
				Title:       s.Title,
				Kind:        protocol.QuickFix,
				Diagnostics: []protocol.Diagnostic{d},
				IsPreferred: i == 0 && len(actions) == 0,
				Command:     &protocol.Command{Title: s.Title, Command: s.Command, Arguments: s.Arguments},
			})
		}
	}
	if len(params.Context.Only) == 0 { // it has no kind: only for unfiltered requests
		if a, ok := h.findCallersAction(params); ok {
			actions = append(actions, a)
		}
	}
	return actions, nil
}

// findCallersAction offers the cascade on the name under the cursor, in a
// supported language inside a workspace.
func (h *Handlers) findCallersAction(params *protocol.CodeActionParams) (protocol.CodeAction, bool) {
	path, err := PathFromURI(params.TextDocument.URI)
	if err != nil {
		return protocol.CodeAction{}, false
	}
	_, rel, err := h.Env.Workspace(path)
	if err != nil {
		return protocol.CodeAction{}, false
	}
	lang, ok := cascade.LanguageForPath(rel)
	if !ok {
		return protocol.CodeAction{}, false
	}
	content, err := h.Env.Content(path)
	if err != nil {
		return protocol.CodeAction{}, false
	}
	pos := params.Range.Start
	offset, ok := cascade.NewLineIndex(content).Offset(cascade.Position{Line: pos.Line, Character: pos.Character})
	if !ok {
		return protocol.CodeAction{}, false
	}
	word, _, ok := cascade.IdentifierAt(content, offset)
	if !ok || cascade.IsKeyword(lang, word) {
		return protocol.CodeAction{}, false
	}
	args := []any{map[string]any{"uri": string(params.TextDocument.URI), "position": map[string]any{"line": pos.Line, "character": pos.Character}}}
	return protocol.CodeAction{
		Title:   FindCallersTitle + ": " + word,
		Command: &protocol.Command{Title: FindCallersTitle, Command: cascade.CommandFindCallers, Arguments: args},
	}, true
}

// wants reports whether a client's `only` filter admits kind (a filter
// admits its sub-kinds: "quickfix" admits "quickfix.x").
func wants(only []protocol.CodeActionKind, kind protocol.CodeActionKind) bool {
	if len(only) == 0 {
		return true
	}
	for _, k := range only {
		if k == kind || strings.HasPrefix(string(kind), string(k)+".") {
			return true
		}
	}
	return false
}

func ours(ds []protocol.Diagnostic) []protocol.Diagnostic {
	var out []protocol.Diagnostic
	for _, d := range ds {
		if d.Source == DiagnosticSource {
			out = append(out, d)
		}
	}
	return out
}

func diagnosticData(d protocol.Diagnostic) (DiagnosticData, bool) {
	var data DiagnosticData
	if d.Data == nil {
		return data, false
	}
	raw, err := json.Marshal(d.Data)
	if err != nil || json.Unmarshal(raw, &data) != nil {
		return data, false
	}
	return data, len(data.Suggestions) > 0
}

package handlers

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade"
)

// Strings that name the target but reach no dispatch (a URL 'run/', a
// permission 'add_document') are mentions, never callers: the answer's
// diagnostic names them, and callcascade.showMentions lists them.

// MentionsResult is callcascade.showMentions: where the target's name is
// written in strings that are not calls.
type MentionsResult struct {
	Name     string       `json:"name"`
	Count    int          `json:"count"`
	Mentions []MatchEntry `json:"mentions"`
}

func (h *Handlers) showMentionsCommand(ctx context.Context, args commandArgs) (any, error) {
	if args.SymbolID == "" && args.Name == "" {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "showMentions needs {symbolId} or {name}")
	}
	wss, err := h.workspacesFor(args.Root)
	if err != nil {
		return nil, err
	}
	out := MentionsResult{Name: args.Name, Mentions: []MatchEntry{}}
	for _, ws := range wss {
		var targets []cascade.Symbol
		if args.SymbolID != "" {
			t, err := ws.Symbol(ctx, args.SymbolID)
			if err != nil {
				return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("%s is not in the index any more", args.SymbolID))
			}
			targets = []cascade.Symbol{t}
		} else if targets, err = ws.TargetsByName(ctx, args.Name); err != nil {
			return nil, rpcError(err)
		}
		for _, t := range targets {
			res, err := ws.Engine.Incoming(ctx, t)
			if err != nil {
				return nil, rpcError(err)
			}
			if out.Name == "" {
				out.Name = t.Name
			}
			for _, m := range res.Mentions {
				uri := URIFromPath(filepath.Join(ws.Root, filepath.FromSlash(m.Path)))
				at := protocol.Position{Line: uint32(m.Line - 1), Character: uint32(m.Col - 1)}
				end := at
				end.Character += uint32(len([]rune(m.Text))) + 2 // the quotes around it
				out.Mentions = append(out.Mentions, MatchEntry{URI: string(uri), Range: protocol.Range{Start: at, End: end}, Caller: m.Caller,
					Detail: fmt.Sprintf("'%s' in a string, not a call", m.Text)})
			}
		}
	}
	out.Count = len(out.Mentions)
	if h.Client != nil {
		var b strings.Builder
		fmt.Fprintf(&b, "callcascade: %d mentions of %s in strings, not calls", out.Count, out.Name)
		for i, m := range out.Mentions {
			if i == 8 {
				b.WriteString(", …")
				break
			}
			fmt.Fprintf(&b, "%s %s:%d", map[bool]string{true: ":", false: ","}[i == 0], filepath.Base(m.URI), m.Range.Start.Line+1)
		}
		_ = h.Client.Notify(ctx, protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{Type: protocol.MessageTypeInfo, Message: b.String()})
	}
	return out, nil
}

// nameMatchDiagnostic flags a graph answer holding callers linked by name
// alone: the answer is degraded, and says how many.
func nameMatchDiagnostic(item protocol.CallHierarchyItem, data ItemData, res cascade.Result) protocol.Diagnostic {
	n := res.NameMatches()
	what := fmt.Sprintf("%d of the %d callers of %s are name matches only", n, len(res.Calls), item.Name)
	if n == 1 {
		what = fmt.Sprintf("1 of the %d callers of %s is a name match only", len(res.Calls), item.Name)
	}
	msg := what + ": the code graph could not tell which function each of these calls runs (an unresolved receiver, or a field holding one of several functions), so it may be another " + item.Name + " (flagged \"name match only\" in the list)."
	if out := res.EditorUnresolved(); out > 0 {
		// Not name matches at all: resolved, through aliases the editor's
		// TypeScript server does not give those files.
		what = fmt.Sprintf("%d of the %d callers of %s are possible, not precise", n, len(res.Calls), item.Name)
		msg = what + fmt.Sprintf(": %d are resolved where the editor's TypeScript server resolves nothing, calls from files that no tsconfig includes (linked through its path aliases) or through imports the config's paths map to no file (flagged \"possible\" in the list)", out)
		if n > out {
			msg += fmt.Sprintf(", and %d are name matches whose receiver the code graph could not resolve (flagged \"name match only\")", n-out)
		}
		msg += "."
	}
	if m := res.MentionSummary(3); m != "" {
		msg += " Also " + m + "."
	}
	return protocol.Diagnostic{Range: item.SelectionRange, Severity: protocol.DiagnosticSeverityInformation, Code: cascade.ReasonNameMatch,
		Source: DiagnosticSource, Message: msg, Data: DiagnosticData{Suggestions: res.Suggestions, Target: data, Name: item.Name, Stage: res.Stage}}
}

package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade"
)

// ItemData travels in CallHierarchyItem.data so that incomingCalls and
// outgoingCalls use the symbol prepare found instead of re-resolving it.
type ItemData struct {
	SymbolID string `json:"symbolId"`
	// Root is left out of call items (the workspace is the one holding the
	// item's URI): it repeated the root in each of thousands of callers.
	Root string `json:"root,omitempty"`
	// Name is set instead of SymbolID for a name the index does not know.
	Name string `json:"name,omitempty"`
	// Implicit is set on the summary of a receiver's implicit signal sends
	// (implicit.go): SymbolID then names no symbol.
	Implicit *ImplicitRef `json:"implicit,omitempty"`
	// Entry marks an item standing for a framework entry point (a route,
	// a schedule), which has no callers or callees of its own.
	Entry bool `json:"entry,omitempty"`
}

// PrepareCallHierarchy returns exactly one item (real clients break on
// several), or none when the position is not on a callable.
func (h *Handlers) PrepareCallHierarchy(ctx context.Context, params *protocol.CallHierarchyPrepareParams) ([]protocol.CallHierarchyItem, error) {
	path, err := PathFromURI(params.TextDocument.URI)
	if err != nil {
		return nil, rpcError(err)
	}
	ws, rel, err := h.Env.Workspace(path)
	if err != nil {
		return nil, rpcError(err)
	}
	if _, ok := cascade.LanguageForPath(rel); !ok {
		return nil, nil
	}
	content, err := h.Env.Content(path)
	if err != nil {
		return nil, rpcError(err)
	}
	offset, ok := cascade.NewLineIndex(content).Offset(cascade.Position{Line: params.Position.Line, Character: params.Position.Character})
	if !ok {
		return nil, nil // past the end of the file: nothing there
	}
	target, err := ws.TargetAt(ctx, rel, content, offset)
	if errors.Is(err, cascade.ErrNoSymbol) {
		// Not a declaration or a resolvable call, but a name: answer for the
		// name, so the fallbacks can search for it (a function defined in a
		// file the index skipped, or not saved yet).
		if word, span, ok := cascade.IdentifierAt(content, offset); ok && !cascade.IsKeyword(lang(rel), word) {
			return []protocol.CallHierarchyItem{unindexedItem(ws, path, word, span)}, nil
		}
		return nil, nil
	}
	if err != nil {
		return nil, rpcError(err)
	}
	return []protocol.CallHierarchyItem{itemFor(ws, target, frameworkDetail(ctx, ws, target))}, nil
}

// frameworkDetail names how a framework invokes the target ("NestJS route
// GET /reports/:id", "handles event 'report.created'"), "" when it does not.
func frameworkDetail(ctx context.Context, ws *cascade.Workspace, s cascade.Symbol) string {
	parts, err := ws.FrameworkSummaries(ctx, s)
	if err != nil || len(parts) == 0 {
		return ""
	}
	detail := strings.Join(parts, "; ")
	if s.Container != "" {
		detail = s.Container + " · " + detail
	}
	return detail
}

func lang(rel string) cascade.Language {
	l, _ := cascade.LanguageForPath(rel)
	return l
}

// unindexedItem stands for a name the index does not know; its data carries
// the name instead of a symbol id.
func unindexedItem(ws *cascade.Workspace, path, name string, span cascade.Span) protocol.CallHierarchyItem {
	return protocol.CallHierarchyItem{
		Name:           name,
		Kind:           protocol.SymbolKindFunction,
		Detail:         "not in the index: answered by name",
		URI:            URIFromPath(path),
		Range:          toRange(span),
		SelectionRange: toRange(span),
		Data:           ItemData{Root: ws.Root, Name: name},
	}
}

// IncomingCalls answers who calls the item.
func (h *Handlers) IncomingCalls(ctx context.Context, params *protocol.CallHierarchyIncomingCallsParams) ([]protocol.CallHierarchyIncomingCall, error) {
	if ref := itemDataOf(params.Item).Implicit; ref != nil {
		return h.implicitIncoming(ctx, params.Item, *ref)
	}
	if itemDataOf(params.Item).Entry {
		return []protocol.CallHierarchyIncomingCall{}, nil
	}
	ws, target, err := h.itemSymbol(ctx, params.Item)
	if err != nil {
		return nil, rpcError(err)
	}
	res, err := ws.Engine.Incoming(ctx, target)
	if err != nil {
		return nil, rpcError(err)
	}
	h.logResult(ctx, res)
	data := itemDataOf(params.Item)
	if data.Root == "" {
		data.Root = ws.Root
	}
	h.noteResult(ctx, params.Item, data, res)
	out := make([]protocol.CallHierarchyIncomingCall, 0, len(res.Calls))
	for _, c := range res.Calls {
		ranges := make([]protocol.Range, 0, len(c.Sites))
		for _, s := range c.Sites {
			ranges = append(ranges, toRange(s))
		}
		detail := c.Detail
		if res.Index != nil {
			detail += " · partial: " + res.Index.String()
		}
		from := itemFor(ws, c.Symbol, detail)
		if c.Implicit != nil {
			from = implicitItem(ws, target, c)
		}
		out = append(out, protocol.CallHierarchyIncomingCall{From: from, FromRanges: ranges})
	}
	if len(res.Calls) == 0 {
		out = append(out, entryCalls(ws, target, res.Entry)...)
	}
	return out, nil
}

// OutgoingCalls answers what the item calls; fromRanges are in the item's file.
func (h *Handlers) OutgoingCalls(ctx context.Context, params *protocol.CallHierarchyOutgoingCallsParams) ([]protocol.CallHierarchyOutgoingCall, error) {
	if d := itemDataOf(params.Item); d.Implicit != nil || d.Entry {
		return []protocol.CallHierarchyOutgoingCall{}, nil // a summary or an entry point calls nothing
	}
	ws, source, err := h.itemSymbol(ctx, params.Item)
	if err != nil {
		return nil, rpcError(err)
	}
	res, err := ws.Engine.Outgoing(ctx, source)
	if err != nil {
		return nil, rpcError(err)
	}
	h.logResult(ctx, res)
	out := make([]protocol.CallHierarchyOutgoingCall, 0, len(res.Calls))
	for _, c := range res.Calls {
		ranges := make([]protocol.Range, 0, len(c.Sites))
		for _, s := range c.Sites {
			ranges = append(ranges, toRange(s))
		}
		out = append(out, protocol.CallHierarchyOutgoingCall{To: itemFor(ws, c.Symbol, c.Detail), FromRanges: ranges})
	}
	return out, nil
}

// logResult sends the request's stage log to the editor's log
// (window/logMessage, type Log); the engine logs it through slog at debug.
func (h *Handlers) logResult(ctx context.Context, res cascade.Result) {
	if h.Client == nil {
		return
	}
	var b strings.Builder
	name := res.Target.ID
	if name == "" {
		name = res.Target.Name + " (not indexed)"
	}
	fmt.Fprintf(&b, "%s %s: answered by %s with %d", res.Direction, name, res.Stage, len(res.Calls))
	for _, a := range res.Attempts {
		fmt.Fprintf(&b, " | %s", a.Stage)
		if a.Backend != "" {
			fmt.Fprintf(&b, "(%s)", a.Backend)
		}
		fmt.Fprintf(&b, " %s", a.Outcome)
		if a.Partial {
			b.WriteString(" partial") // a hit cut off by its timeout: there may be more
		}
		if a.Reason != "" {
			fmt.Fprintf(&b, " %s", a.Reason)
		}
		fmt.Fprintf(&b, " %d in %s", a.Count, a.Duration.Round(time.Microsecond))
	}
	_ = h.Client.Notify(ctx, protocol.MethodWindowLogMessage, &protocol.LogMessageParams{Type: protocol.MessageTypeLog, Message: b.String()})
}

func itemDataOf(item protocol.CallHierarchyItem) ItemData {
	var data ItemData
	if item.Data != nil {
		// Data comes back as map[string]any: re-marshal into our type.
		if raw, err := json.Marshal(item.Data); err == nil {
			_ = json.Unmarshal(raw, &data)
		}
	}
	return data
}

// itemSymbol finds the symbol an item stands for: by the ID in its data,
// else (an item from another server, or a stale ID after an edit) by its
// position.
func (h *Handlers) itemSymbol(ctx context.Context, item protocol.CallHierarchyItem) (*cascade.Workspace, cascade.Symbol, error) {
	path, err := PathFromURI(item.URI)
	if err != nil {
		return nil, cascade.Symbol{}, err
	}
	ws, rel, err := h.Env.Workspace(path)
	if err != nil {
		return nil, cascade.Symbol{}, err
	}
	data := itemDataOf(item)
	if data.SymbolID == "" && data.Name != "" {
		return ws, cascade.Symbol{Name: data.Name}, nil
	}
	if data.SymbolID != "" {
		if s, err := ws.Symbol(ctx, data.SymbolID); err == nil && s.Path == rel {
			return ws, s, nil
		} else if err != nil && !errors.Is(err, cascade.ErrNotFound) {
			return nil, cascade.Symbol{}, err
		}
		if sym, ok := moduleFromID(data.SymbolID, rel); ok {
			return ws, sym, nil
		}
	}
	content, err := h.Env.Content(path)
	if err != nil {
		return nil, cascade.Symbol{}, err
	}
	sel := item.SelectionRange.Start
	offset, ok := cascade.NewLineIndex(content).Offset(cascade.Position{Line: sel.Line, Character: sel.Character})
	if !ok {
		return nil, cascade.Symbol{}, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("item %q is past the end of %s", item.Name, rel))
	}
	s, err := ws.TargetAt(ctx, rel, content, offset)
	if errors.Is(err, cascade.ErrNoSymbol) {
		return nil, cascade.Symbol{}, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("no symbol %q at %s:%d:%d any more", item.Name, rel, sel.Line+1, sel.Character+1))
	}
	return ws, s, err
}

func moduleFromID(id, rel string) (cascade.Symbol, bool) {
	if id != rel+"#" {
		return cascade.Symbol{}, false
	}
	lang, _ := cascade.LanguageForPath(rel)
	return cascade.ModuleSymbol(rel, lang), true
}

func itemFor(ws *cascade.Workspace, s cascade.Symbol, detail string) protocol.CallHierarchyItem {
	if detail == "" {
		detail = s.Container
		if detail == "" {
			detail = s.Path
		}
	}
	return protocol.CallHierarchyItem{
		Name:           s.Name,
		Kind:           symbolKind(s),
		Detail:         detail,
		URI:            URIFromPath(filepath.Join(ws.Root, filepath.FromSlash(s.Path))),
		Range:          toRange(s.Span),
		SelectionRange: toRange(s.Selection),
		Data:           ItemData{SymbolID: s.ID},
	}
}

func symbolKind(s cascade.Symbol) protocol.SymbolKind {
	switch s.Kind {
	case cascade.KindMethod:
		if s.Name == "constructor" || s.Name == "__init__" || s.Name == s.Container {
			return protocol.SymbolKindConstructor
		}
		return protocol.SymbolKindMethod
	case cascade.KindClass:
		return protocol.SymbolKindClass
	case cascade.KindInterface:
		return protocol.SymbolKindInterface
	case cascade.KindModule:
		return protocol.SymbolKindFile
	}
	return protocol.SymbolKindFunction
}

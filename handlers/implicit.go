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

// A Django receiver's answer summarizes the calls that send its signal
// implicitly (every save() of its sender sends post_save) in one item per
// signal and sender: an Event item on the line that subscribes the
// receiver (@receiver(...), signal.connect(...)). Expanding that item
// lists the sites, grouped by the function they are in; the answer's
// diagnostic offers the same list as a code action.

// ImplicitRef names a summary item: the receiver and the signal and
// sender it summarizes.
type ImplicitRef struct {
	Receiver string `json:"receiver"` // the receiver's symbol id
	Signal   string `json:"signal"`
	Sender   string `json:"sender,omitempty"`
}

func implicitItem(ws *cascade.Workspace, receiver cascade.Symbol, c cascade.Call) protocol.CallHierarchyItem {
	item := itemFor(ws, c.Symbol, c.Detail)
	item.Kind = protocol.SymbolKindEvent
	item.Data = ItemData{SymbolID: c.Symbol.ID, Root: ws.Root, Implicit: &ImplicitRef{Receiver: receiver.ID, Signal: c.Implicit.Signal, Sender: c.Implicit.Sender}}
	return item
}

// implicitSends asks the receiver's answer again for the summary ref names.
func (h *Handlers) implicitSends(ctx context.Context, ws *cascade.Workspace, ref ImplicitRef) (*cascade.ImplicitSends, error) {
	receiver, err := ws.Symbol(ctx, ref.Receiver)
	if err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("the receiver %s is not in the index any more", ref.Receiver))
	}
	res, err := ws.Engine.Incoming(ctx, receiver)
	if err != nil {
		return nil, err
	}
	s := res.FindImplicit(ref.Signal, ref.Sender)
	if s == nil {
		return &cascade.ImplicitSends{Signal: ref.Signal, Sender: ref.Sender}, nil // none any more
	}
	return s, nil
}

// implicitIncoming answers incomingCalls on a summary item: its sites, one
// call per enclosing function.
func (h *Handlers) implicitIncoming(ctx context.Context, item protocol.CallHierarchyItem, ref ImplicitRef) ([]protocol.CallHierarchyIncomingCall, error) {
	path, err := PathFromURI(item.URI)
	if err != nil {
		return nil, rpcError(err)
	}
	ws, _, err := h.Env.Workspace(path)
	if err != nil {
		return nil, rpcError(err)
	}
	s, err := h.implicitSends(ctx, ws, ref)
	if err != nil {
		return nil, rpcError(err)
	}
	out := []protocol.CallHierarchyIncomingCall{}
	at := map[string]int{}
	for _, site := range s.Sites {
		i, ok := at[site.Caller.ID]
		if !ok {
			detail := fmt.Sprintf("%s sends %s (implicit)", site.Call, s.Signal)
			if site.Caller.Container != "" {
				detail = site.Caller.Container + " · " + detail
			}
			if site.Test {
				detail += " · test"
			}
			i = len(out)
			at[site.Caller.ID] = i
			out = append(out, protocol.CallHierarchyIncomingCall{From: itemFor(ws, site.Caller, detail)})
		}
		out[i].FromRanges = append(out[i].FromRanges, toRange(site.Span))
	}
	return out, nil
}

// ImplicitSendsResult is callcascade.showImplicitSends: the sites of one
// summary.
type ImplicitSendsResult struct {
	Summary      string       `json:"summary"`
	Signal       string       `json:"signal"`
	Sender       string       `json:"sender,omitempty"`
	Count        int          `json:"count"`
	OutsideTests int          `json:"outsideTests"`
	Matches      []MatchEntry `json:"matches"` // the sites outside tests first
}

func (h *Handlers) showImplicitSendsCommand(ctx context.Context, args commandArgs) (any, error) {
	if args.SymbolID == "" || args.Signal == "" {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "showImplicitSends needs {symbolId, signal}")
	}
	wss, err := h.workspacesFor(args.Root)
	if err != nil {
		return nil, err
	}
	ws := wss[0]
	s, err := h.implicitSends(ctx, ws, ImplicitRef{Receiver: args.SymbolID, Signal: args.Signal, Sender: args.Sender})
	if err != nil {
		return nil, rpcError(err)
	}
	out := ImplicitSendsResult{Summary: s.Summary(), Signal: s.Signal, Sender: s.Sender, Count: s.Count, OutsideTests: s.OutsideTests, Matches: []MatchEntry{}}
	var tests []MatchEntry
	for _, site := range s.Sites {
		m := MatchEntry{URI: string(URIFromPath(filepath.Join(ws.Root, filepath.FromSlash(site.Caller.Path)))), Range: toRange(site.Span),
			Caller: site.Caller.Name, Detail: site.Call}
		if site.Test {
			m.Detail += " (test)"
			tests = append(tests, m)
			continue
		}
		out.Matches = append(out.Matches, m)
	}
	out.Matches = append(out.Matches, tests...)
	if h.Client != nil {
		var b strings.Builder
		fmt.Fprintf(&b, "callcascade: %s", out.Summary)
		for i, m := range out.Matches {
			if i == 8 {
				b.WriteString(", …")
				break
			}
			fmt.Fprintf(&b, "%s %s:%d (%s)", map[bool]string{true: ":", false: ","}[i == 0], filepath.Base(m.URI), m.Range.Start.Line+1, m.Caller)
		}
		_ = h.Client.Notify(ctx, protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{Type: protocol.MessageTypeInfo, Message: b.String()})
	}
	return out, nil
}

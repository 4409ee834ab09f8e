package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/callcascade/callcascade/cascade"
)

// SymbolInput is find_symbol's input.
type SymbolInput struct {
	Name  string `json:"name" jsonschema:"a name, Class.method or symbol id, or words of a name you half remember"`
	Root  string `json:"root,omitempty" jsonschema:"the workspace folder (or a file in it); default: the server's workspace"`
	Limit int    `json:"limit,omitempty" jsonschema:"at most this many similar names (default 10, at most 50)"`
}

// SymbolOutput lists the candidates.
type SymbolOutput struct {
	Query   string       `json:"query"`
	Exact   []SymbolInfo `json:"exact" jsonschema:"symbols with exactly this name, Class.method or id"`
	Similar []SymbolInfo `json:"similar" jsonschema:"other symbols ranked by full-text relevance to the words"`
	Summary string       `json:"summary"`
}

// SymbolInfo is one candidate.
type SymbolInfo struct {
	Name      string   `json:"name"`
	Qualified string   `json:"qualified"`
	ID        string   `json:"id"`
	Kind      string   `json:"kind"`
	Location  string   `json:"location" jsonschema:"path:line:col, 1-based: pass it to find_callers as symbol"`
	Roles     []string `json:"roles,omitempty" jsonschema:"how frameworks invoke it (route, event handler, task, ...)"`
}

func (t *tools) findSymbol(ctx context.Context, req *sdk.CallToolRequest, in SymbolInput) (*sdk.CallToolResult, SymbolOutput, error) {
	out := SymbolOutput{Query: in.Name, Exact: []SymbolInfo{}, Similar: []SymbolInfo{}}
	if isBlank(in.Name) {
		return toolError(errors.New("name is empty"), "give a name, Class.method, a symbol id or words of a name"), out, nil
	}
	limit := in.Limit
	if limit <= 0 {
		limit = 10
	}
	limit = min(limit, 50)
	ws, err := t.workspace(ctx, in.Root)
	if err != nil {
		return toolError(err, "root must be the workspace folder or a path inside it"), out, nil
	}
	seen := map[string]bool{}
	if exact, err := ws.TargetsByName(ctx, strings.TrimSpace(in.Name)); err == nil {
		for _, s := range exact {
			seen[s.ID] = true
			out.Exact = append(out.Exact, t.info(ctx, ws, s))
		}
	} else if ctx.Err() != nil {
		return nil, out, ctx.Err()
	}
	hits, err := ws.SearchText(ctx, in.Name, limit*4)
	if err != nil && ctx.Err() != nil {
		return nil, out, ctx.Err()
	}
	for _, h := range hits {
		if h.Kind != "symbol" || h.SymbolID == "" || seen[h.SymbolID] || len(out.Similar) >= limit {
			continue
		}
		seen[h.SymbolID] = true
		s, err := ws.Symbol(ctx, h.SymbolID)
		if err != nil {
			continue
		}
		out.Similar = append(out.Similar, t.info(ctx, ws, s))
	}
	switch {
	case len(out.Exact) == 1:
		out.Summary = fmt.Sprintf("one symbol named %s at %s", in.Name, out.Exact[0].Location)
	case len(out.Exact) > 1:
		out.Summary = fmt.Sprintf("%d symbols named %s: pass the id or location of the one you mean", len(out.Exact), in.Name)
	case len(out.Similar) > 0:
		out.Summary = fmt.Sprintf("no symbol is named exactly %s; %d similar names, best first", in.Name, len(out.Similar))
	default:
		out.Summary = fmt.Sprintf("the index holds no symbol named like %s: check the spelling, or call index_codebase if the code is new", in.Name)
	}
	return nil, out, nil
}

func (t *tools) info(ctx context.Context, ws *cascade.Workspace, s cascade.Symbol) SymbolInfo {
	info := SymbolInfo{Name: s.Name, Qualified: cascade.QualifiedName(s), ID: s.ID, Kind: string(s.Kind),
		Location: fmt.Sprintf("%s:%d:%d", s.Path, s.Selection.Start.Line+1, s.Selection.Start.Character+1)}
	if roles, err := ws.FrameworkSummaries(ctx, s); err == nil {
		info.Roles = roles
	}
	return info
}

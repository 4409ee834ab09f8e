package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/callcascade/callcascade/cascade"
)

// SearchInput is search_code's input.
type SearchInput struct {
	Query string `json:"query" jsonschema:"an identifier (kind identifier) or words (kind text)"`
	Kind  string `json:"kind,omitempty" jsonschema:"identifier: code sites of the name; text: string literals and symbol names ranked by relevance (default identifier)"`
	Root  string `json:"root,omitempty" jsonschema:"the workspace folder (or a file in it); default: the server's workspace"`
	Limit int    `json:"limit,omitempty" jsonschema:"at most this many results (default 30, at most 100)"`
}

// SearchOutput lists text matches, never presented as calls.
type SearchOutput struct {
	Query   string      `json:"query"`
	Kind    string      `json:"kind"`
	Matches []TextMatch `json:"matches"`
	Total   int         `json:"total" jsonschema:"how many there are (more than listed when over the limit)"`
	Partial bool        `json:"partial,omitempty" jsonschema:"the search ran out of time: there may be more"`
	Note    string      `json:"note"`
}

// TextMatch is one site.
type TextMatch struct {
	Location string `json:"location" jsonschema:"path:line:col, 1-based"`
	In       string `json:"in" jsonschema:"the enclosing function, or the file for top-level code"`
	What     string `json:"what" jsonschema:"call, reference, string literal or symbol"`
}

func (t *tools) searchCode(ctx context.Context, req *sdk.CallToolRequest, in SearchInput) (*sdk.CallToolResult, SearchOutput, error) {
	kind := strings.TrimSpace(in.Kind)
	if kind == "" {
		kind = "identifier"
	}
	out := SearchOutput{Query: in.Query, Kind: kind, Matches: []TextMatch{}}
	if isBlank(in.Query) {
		return toolError(errors.New("query is empty"), ""), out, nil
	}
	if kind != "identifier" && kind != "text" {
		return toolError(fmt.Errorf("kind %q: want identifier or text", in.Kind), ""), out, nil
	}
	limit := in.Limit
	if limit <= 0 {
		limit = 30
	}
	limit = min(limit, 100)
	ws, err := t.workspace(ctx, in.Root)
	if err != nil {
		return toolError(err, "root must be the workspace folder or a path inside it"), out, nil
	}
	if kind == "text" {
		hits, err := ws.SearchText(ctx, in.Query, limit)
		if err != nil {
			if ctx.Err() != nil {
				return nil, out, ctx.Err()
			}
			return toolError(err, ""), out, nil
		}
		for _, h := range hits {
			what := "string literal"
			if h.Kind == "symbol" {
				what = "symbol"
			}
			out.Matches = append(out.Matches, TextMatch{Location: fmt.Sprintf("%s:%d:%d", h.Path, h.Span.Start.Line+1, h.Span.Start.Character+1),
				In: h.SymbolID, What: what + ": " + h.Text})
		}
		out.Total = len(out.Matches)
		out.Note = "ranked text matches (BM25): leads to read, not calls"
		return nil, out, nil
	}
	r, err := ws.GrepSites(ctx, strings.TrimSpace(in.Query), limit)
	if err != nil {
		if ctx.Err() != nil {
			return nil, out, ctx.Err()
		}
		return toolError(err, ""), out, nil
	}
	for _, c := range r.Calls {
		for _, s := range c.Sites {
			if len(out.Matches) >= limit {
				break
			}
			out.Matches = append(out.Matches, TextMatch{Location: fmt.Sprintf("%s:%d:%d", c.Symbol.Path, s.Start.Line+1, s.Start.Character+1),
				In: qualifiedName(c.Symbol), What: c.Detail})
		}
	}
	out.Total, out.Partial = r.Sites, r.Partial
	out.Note = "code sites of the name found by parsing the live files (comments and strings left out); a site names the identifier, it is not proof that it calls a given definition"
	if r.Note != "" {
		out.Note = r.Note
	}
	return nil, out, nil
}

// qualifiedName names a site's enclosing symbol, the file for top-level code.
func qualifiedName(s cascade.Symbol) string {
	if s.Name == "" {
		return s.Path
	}
	return cascade.QualifiedName(s)
}

// IndexInput is index_codebase's input.
type IndexInput struct {
	Root string `json:"root,omitempty" jsonschema:"the workspace folder (or a file in it); default: the server's workspace"`
}

// IndexOutput says what the pass did.
type IndexOutput struct {
	Root  string             `json:"root"`
	Stats cascade.IndexStats `json:"stats"`
	Note  string             `json:"note"`
}

func (t *tools) index(ctx context.Context, req *sdk.CallToolRequest, in IndexInput) (*sdk.CallToolResult, IndexOutput, error) {
	out := IndexOutput{}
	ws, err := t.ws.Workspace(ctx, in.Root)
	if err != nil {
		return toolError(err, "root must be the workspace folder or a path inside it"), out, nil
	}
	out.Root = ws.Root
	var progress cascade.ProgressFunc
	if token := req.Params.GetProgressToken(); token != nil {
		last := -1
		progress = func(done, total int) {
			if total == 0 || done*20/total == last && done != total {
				return // about every 5 %: a notification per file would flood the client
			}
			last = done * 20 / total
			_ = req.Session.NotifyProgress(ctx, &sdk.ProgressNotificationParams{ProgressToken: token,
				Message: fmt.Sprintf("indexing %d of %d files", done, total), Progress: float64(done), Total: float64(total)})
		}
	}
	stats, err := t.ws.Refresh(ctx, ws, progress)
	if err != nil {
		if ctx.Err() != nil {
			return nil, out, ctx.Err()
		}
		return toolError(err, ""), out, nil
	}
	if token := req.Params.GetProgressToken(); token != nil {
		// The last word, also when nothing needed parsing (no file
		// progress was reported then).
		_ = req.Session.NotifyProgress(ctx, &sdk.ProgressNotificationParams{ProgressToken: token,
			Message: fmt.Sprintf("indexed %d of %d files (%d parsed)", stats.Files, stats.Files, stats.Parsed), Progress: float64(stats.Files), Total: float64(stats.Files)})
	}
	out.Stats = stats
	out.Note = fmt.Sprintf("%d files: %d parsed, %d unchanged, %d removed, %d unreadable", stats.Files, stats.Parsed, stats.Unchanged, stats.Deleted, stats.Failed)
	return nil, out, nil
}

// StatusInput is status's input.
type StatusInput struct {
	Root string `json:"root,omitempty" jsonschema:"the workspace folder (or a file in it); default: the server's workspace"`
}

// StatusOutput is the state of the engine for a workspace.
type StatusOutput struct {
	Root           string                 `json:"root"`
	IndexedFiles   int                    `json:"indexed_files"`
	Backends       []string               `json:"backends" jsonschema:"graph backends asked in order"`
	Breakers       []cascade.BreakerState `json:"breakers" jsonschema:"open means the backend is skipped after repeated faults"`
	Repositories   []cascade.RepoStats    `json:"repositories" jsonschema:"answers per stage and the recent fallback rate"`
	GraphTimeoutMs int64                  `json:"graph_timeout_ms"`
	BudgetMs       int64                  `json:"budget_ms"`
}

func (t *tools) status(ctx context.Context, req *sdk.CallToolRequest, in StatusInput) (*sdk.CallToolResult, StatusOutput, error) {
	out := StatusOutput{Backends: []string{}, Breakers: []cascade.BreakerState{}, Repositories: []cascade.RepoStats{}}
	ws, err := t.ws.Workspace(ctx, in.Root)
	if err != nil {
		return toolError(err, "root must be the workspace folder or a path inside it"), out, nil
	}
	out.Root = ws.Root
	out.IndexedFiles, _ = ws.IndexedFiles(ctx)
	out.Backends = append(out.Backends, ws.Backends()...)
	if b := ws.Engine.Breakers; b != nil {
		out.Breakers = append(out.Breakers, b.States()...)
	}
	if m := ws.Engine.Metrics; m != nil {
		out.Repositories = append(out.Repositories, m.Stats()...)
	}
	cfg := ws.Engine.EffectiveConfig()
	out.GraphTimeoutMs, out.BudgetMs = cfg.GraphTimeout.Milliseconds(), cfg.Budget.Milliseconds()
	return nil, out, nil
}

// Package mcp serves the cascade to AI assistants over the Model Context
// Protocol (the official Go SDK): the same engine and store as the language
// server, as tools with JSON schemas and a resource. An assistant given an
// empty "not found" invents an architecture; every tool here answers with
// what was searched, how, and what to call next instead of guessing.
package mcp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/callcascade/callcascade/cascade"
)

// Workspaces gives the tools the workspace a path belongs to: the one
// `callcascade mcp` opened, or the language server's own when both run in
// one process (no second index, the same breakers).
type Workspaces interface {
	// Workspace returns the workspace holding path, a file or folder
	// (absolute, or relative to the default root); "" is the default
	// workspace. A path outside every workspace is an error.
	Workspace(ctx context.Context, path string) (*cascade.Workspace, error)
	// Refresh brings the workspace's index up to date with the files on
	// disk before a query (incrementally: only changed files are parsed).
	Refresh(ctx context.Context, ws *cascade.Workspace, progress cascade.ProgressFunc) (cascade.IndexStats, error)
}

// Options configure the MCP server.
type Options struct {
	Workspaces Workspaces
	Version    string
	Logger     *slog.Logger
}

// New makes the MCP server with every tool and the framework map resource.
func New(opts Options) *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "callcascade", Title: "callcascade: who calls this?", Version: opts.Version},
		&sdk.ServerOptions{Instructions: instructions, Logger: opts.Logger})
	t := &tools{ws: opts.Workspaces, log: opts.Logger}
	if t.log == nil {
		t.log = slog.New(slog.DiscardHandler)
	}
	t.register(s)
	return s
}

// instructions is what the server tells a client about itself.
const instructions = `callcascade answers "who calls this?" and "what does this call?" for TypeScript/JavaScript, Python, Go and Java code, including the calls frameworks make (events, queues, signals, routes, dependency injection).
Every answer says which stage found it: graph (precise), grep or keyword (possible, text-based), or report (nothing found, with what was searched).
An empty or degraded answer is information, not a blank: read its explanation and call the tools in next_tool_calls before concluding anything. Never invent callers that no tool returned.`

type tools struct {
	ws  Workspaces
	log *slog.Logger
}

func (t *tools) register(s *sdk.Server) {
	sdk.AddTool(s, &sdk.Tool{Name: "find_callers", Title: "Find callers", Description: findCallersDescription,
		Annotations: readOnly()}, t.findCallers)
	sdk.AddTool(s, &sdk.Tool{Name: "find_callees", Title: "Find callees", Description: findCalleesDescription,
		Annotations: readOnly()}, t.findCallees)
	sdk.AddTool(s, &sdk.Tool{Name: "find_symbol", Title: "Find a symbol", Description: findSymbolDescription,
		Annotations: readOnly()}, t.findSymbol)
	sdk.AddTool(s, &sdk.Tool{Name: "trace_event", Title: "Trace an event, job, signal or route key", Description: traceEventDescription,
		Annotations: readOnly()}, t.traceEvent)
	sdk.AddTool(s, &sdk.Tool{Name: "search_code", Title: "Search code sites or string literals", Description: searchCodeDescription,
		Annotations: readOnly()}, t.searchCode)
	sdk.AddTool(s, &sdk.Tool{Name: "index_codebase", Title: "Index the codebase", Description: indexDescription,
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: false, IdempotentHint: true, DestructiveHint: boolPtr(false), OpenWorldHint: boolPtr(false)}}, t.index)
	sdk.AddTool(s, &sdk.Tool{Name: "status", Title: "Status", Description: statusDescription,
		Annotations: readOnly()}, t.status)
	s.AddResource(&sdk.Resource{URI: frameworkMapURI, Name: "framework-map", Title: "Framework map",
		Description: frameworkMapDescription, MIMEType: "application/json"}, t.frameworkMapResource)
}

func readOnly() *sdk.ToolAnnotations {
	return &sdk.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: boolPtr(false)}
}

func boolPtr(b bool) *bool { return &b }

// workspace finds and refreshes the workspace a tool call is about.
func (t *tools) workspace(ctx context.Context, root string) (*cascade.Workspace, error) {
	ws, err := t.ws.Workspace(ctx, root)
	if err != nil {
		return nil, err
	}
	if _, err := t.ws.Refresh(ctx, ws, nil); err != nil && !errors.Is(err, context.Canceled) {
		t.log.Warn("mcp: refresh before a query", "root", ws.Root, "error", err)
	}
	return ws, ctx.Err()
}

// ToolCall is a call of one of this server's tools an assistant can make
// next, with its arguments and why.
type ToolCall struct {
	Tool      string         `json:"tool" jsonschema:"the tool to call: find_callers, find_symbol, search_code, trace_event, index_codebase or status"`
	Arguments map[string]any `json:"arguments" jsonschema:"the arguments to call it with"`
	Why       string         `json:"why" jsonschema:"what the call will tell you"`
}

// nextToolCalls turns the engine's suggestions (commands an editor runs)
// into calls of this server's tools; a place to read becomes a location.
func nextToolCalls(sugs []cascade.Suggestion) (calls []ToolCall, read []string) {
	seen := map[string]bool{}
	add := func(c ToolCall) {
		key := c.Tool + fmt.Sprint(c.Arguments)
		if !seen[key] {
			seen[key] = true
			calls = append(calls, c)
		}
	}
	for _, s := range sugs {
		arg := map[string]any{}
		if len(s.Arguments) > 0 {
			if m, ok := s.Arguments[0].(map[string]any); ok {
				arg = m
			}
		}
		str := func(k string) string { v, _ := arg[k].(string); return v }
		switch s.Command {
		case cascade.CommandReindex:
			add(ToolCall{Tool: "index_codebase", Arguments: map[string]any{}, Why: s.Title + ": the index may not hold recent changes"})
		case cascade.CommandFindCallers:
			add(ToolCall{Tool: "find_callers", Arguments: map[string]any{"symbol": str("name")}, Why: s.Title})
		case cascade.CommandShowMatches:
			add(ToolCall{Tool: "search_code", Arguments: map[string]any{"query": str("name"), "kind": "identifier"}, Why: s.Title + ": every code site of the name, as text (not proof of a call)"})
		case cascade.CommandSearchText:
			add(ToolCall{Tool: "search_code", Arguments: map[string]any{"query": str("text"), "kind": "text"}, Why: s.Title})
		case cascade.CommandStatus:
			add(ToolCall{Tool: "status", Arguments: map[string]any{}, Why: s.Title})
		case cascade.CommandOpen:
			if p := str("path"); p != "" {
				line, _ := arg["line"].(int)
				read = append(read, fmt.Sprintf("%s:%d", p, line))
			}
		}
	}
	return calls, read
}

// toolError is a tool's failure as the assistant sees it: a result marked
// as an error with what went wrong and what to do, never a protocol error
// it cannot read.
func toolError(err error, hint string) *sdk.CallToolResult {
	text := err.Error()
	if hint != "" {
		text += "\n" + hint
	}
	return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: text}}}
}

// badSymbol says what a symbol argument may be.
const badSymbol = "symbol takes a function or method name, Class.method, a symbol id (path#Class.method) or FILE:LINE:COL (1-based, FILE relative to the workspace root). Use find_symbol for a name you only half remember."

func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

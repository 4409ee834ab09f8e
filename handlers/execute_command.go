package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade"
)

// Commands lists what workspace/executeCommand runs.
var Commands = []string{
	cascade.CommandReindex, cascade.CommandFindCallers, cascade.CommandStatus,
	cascade.CommandShowMatches, cascade.CommandOpen, cascade.CommandCopyReport, cascade.CommandSearchText,
	cascade.CommandShowImplicitSends, cascade.CommandShowMentions,
}

// commandArgs is the union of our commands' argument objects.
type commandArgs struct {
	Root     string             `json:"root,omitempty"`
	Name     string             `json:"name,omitempty"`
	URI      string             `json:"uri,omitempty"`
	Position *protocol.Position `json:"position,omitempty"`
	Path     string             `json:"path,omitempty"`
	Text     string             `json:"text,omitempty"` // searchLiterals
	Line     int                `json:"line,omitempty"` // 1-based, for openLocation
	Col      int                `json:"col,omitempty"`
	SymbolID string             `json:"symbolId,omitempty"` // showImplicitSends: the receiver
	Signal   string             `json:"signal,omitempty"`
	Sender   string             `json:"sender,omitempty"`
}

// ExecuteCommand runs one of Commands.
func (h *Handlers) ExecuteCommand(ctx context.Context, params *protocol.ExecuteCommandParams) (any, error) {
	var args commandArgs
	if len(params.Arguments) > 0 {
		raw, err := json.Marshal(params.Arguments[0])
		if err == nil {
			err = json.Unmarshal(raw, &args)
		}
		if err != nil {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("%s: the argument must be an object: %v", params.Command, err))
		}
	}
	switch params.Command {
	case cascade.CommandReindex:
		return h.reindexCommand(ctx, args)
	case cascade.CommandFindCallers, cascade.CommandCopyReport:
		return h.findCallersCommand(ctx, args)
	case cascade.CommandStatus:
		return h.statusCommand(ctx)
	case cascade.CommandShowMatches:
		return h.showMatchesCommand(ctx, args)
	case cascade.CommandOpen:
		return h.openCommand(ctx, args)
	case cascade.CommandSearchText:
		return h.searchLiteralsCommand(ctx, args)
	case cascade.CommandShowImplicitSends:
		return h.showImplicitSendsCommand(ctx, args)
	case cascade.CommandShowMentions:
		return h.showMentionsCommand(ctx, args)
	}
	return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("unknown command %q (known: %s)", params.Command, strings.Join(Commands, ", ")))
}

// workspacesFor picks the workspaces a command's root names; all when none.
func (h *Handlers) workspacesFor(root string) ([]*cascade.Workspace, error) {
	all := h.Env.Workspaces()
	if root == "" {
		if len(all) == 0 {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "no workspace folder is open")
		}
		return all, nil
	}
	for _, w := range all {
		if w.Root == filepath.Clean(root) || w.Root == evalOr(root) {
			return []*cascade.Workspace{w}, nil
		}
	}
	return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("%s is not a workspace folder", root))
}

// ReindexResult is one workspace's re-index summary.
type ReindexResult struct {
	Root      string  `json:"root"`
	Files     int     `json:"files"`
	Parsed    int     `json:"parsed"`
	Unchanged int     `json:"unchanged"`
	Removed   int     `json:"removed"`
	Symbols   int     `json:"symbols"`
	Calls     int     `json:"calls"`
	Seconds   float64 `json:"seconds"`
	Error     string  `json:"error,omitempty"`
}

func (h *Handlers) reindexCommand(ctx context.Context, args commandArgs) (any, error) {
	wss, err := h.workspacesFor(args.Root)
	if err != nil {
		return nil, err
	}
	out := []ReindexResult{}
	for _, ws := range wss {
		st, err := ws.Reindex(ctx, nil)
		r := ReindexResult{Root: ws.Root, Files: st.Files, Parsed: st.Parsed, Unchanged: st.Unchanged, Removed: st.Deleted,
			Symbols: st.Symbols, Calls: st.Calls, Seconds: st.Duration.Seconds()}
		if err != nil {
			r.Error = err.Error()
		}
		out = append(out, r)
	}
	return out, nil
}

func (h *Handlers) findCallersCommand(ctx context.Context, args commandArgs) (any, error) {
	if args.URI != "" {
		if args.Position == nil {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "findCallers: a uri needs a position")
		}
		items, err := h.PrepareCallHierarchy(ctx, &protocol.CallHierarchyPrepareParams{
			TextDocumentPositionParams: protocol.TextDocumentPositionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: protocol.DocumentURI(args.URI)}, Position: *args.Position}})
		if err != nil {
			return nil, err
		}
		if len(items) == 0 {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("no function, method or name at %s:%d:%d", args.URI, args.Position.Line+1, args.Position.Character+1))
		}
		ws, target, err := h.itemSymbol(ctx, items[0])
		if err != nil {
			return nil, rpcError(err)
		}
		res, err := ws.Engine.Incoming(ctx, target)
		if err != nil {
			return nil, rpcError(err)
		}
		h.logResult(ctx, res)
		h.noteResult(ctx, items[0], itemDataOf(items[0]), res)
		ans := res.Answer()
		h.showAnswer(ctx, ans)
		return ans, nil
	}
	if args.Name == "" {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "findCallers needs {uri, position} or {name}")
	}
	wss, err := h.workspacesFor(args.Root)
	if err != nil {
		return nil, err
	}
	var answers []cascade.Answer
	for _, ws := range wss {
		targets, err := ws.TargetsByName(ctx, args.Name)
		if err != nil {
			return nil, rpcError(err)
		}
		if len(targets) == 0 {
			short := args.Name
			if i := strings.LastIndexAny(short, ".#"); i >= 0 {
				short = short[i+1:]
			}
			targets = []cascade.Symbol{{Name: short}}
		}
		for _, t := range targets {
			res, err := ws.Engine.Incoming(ctx, t)
			if err != nil {
				return nil, rpcError(err)
			}
			h.logResult(ctx, res)
			answers = append(answers, res.Answer())
		}
	}
	// One target, one answer; an ambiguous name, one answer per match, the
	// found ones first.
	best := answers[:0:0]
	for _, a := range answers {
		if a.Symbol.ID != "" {
			best = append(best, a)
		}
	}
	if len(best) == 0 {
		best = answers[:1]
	}
	for _, a := range best {
		h.showAnswer(ctx, a)
	}
	if len(best) == 1 {
		return best[0], nil
	}
	return best, nil
}

// showAnswer says the answer in the editor's UI too: some clients (Helix)
// drop a command's result, and "Find callers" must not look like silence.
func (h *Handlers) showAnswer(ctx context.Context, a cascade.Answer) {
	if h.Client == nil {
		return
	}
	var b strings.Builder
	switch {
	case len(a.Calls) == 0:
		fmt.Fprintf(&b, "callcascade: no callers of %s. %s", a.Symbol.Qualified, a.Explanation)
	default:
		fmt.Fprintf(&b, "callcascade: %d callers of %s (%s", len(a.Calls), a.Symbol.Qualified, a.Meta.Stage)
		if a.Meta.Degraded {
			b.WriteString(", not precise")
		}
		b.WriteString("):")
		for i, c := range a.Calls {
			if i == 8 {
				b.WriteString(" …")
				break
			}
			fmt.Fprintf(&b, " %s (%s);", c.Caller, c.Location)
		}
	}
	typ := protocol.MessageTypeInfo
	if a.Meta.Degraded {
		typ = protocol.MessageTypeWarning
	}
	_ = h.Client.Notify(ctx, protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{Type: typ, Message: strings.TrimSuffix(b.String(), ";")})
}

// Status is callcascade.status: breaker states, per-stage counts and the
// fallback rate per repository.
type Status struct {
	Workspaces   []WorkspaceStatus      `json:"workspaces"`
	Breakers     []cascade.BreakerState `json:"breakers"`
	Repositories []cascade.RepoStats    `json:"repositories"`
	Degraded     bool                   `json:"degraded"` // a breaker is not closed
}

// WorkspaceStatus is one root.
type WorkspaceStatus struct {
	Root     string   `json:"root"`
	Backends []string `json:"backends"`
	Files    int      `json:"files"`
	// The budgets in force (settings, defaults filled in).
	GraphTimeoutMs   int64   `json:"graphTimeoutMs"`
	GrepTimeoutMs    int64   `json:"grepTimeoutMs"`
	KeywordTimeoutMs int64   `json:"keywordTimeoutMs"`
	BudgetMs         int64   `json:"budgetMs"`
	KeywordThreshold float64 `json:"keywordThreshold"`
	// GrepFiles is the grep stage's kept file list: how many files and
	// directories, and whether inotify reports changes (when it cannot,
	// the inotify watch limit is the usual reason, and each search checks
	// times instead). Absent until the first walk ends.
	GrepFiles *cascade.GrepListState `json:"grepFiles,omitempty"`
}

func (h *Handlers) statusCommand(ctx context.Context) (any, error) {
	st := Status{Workspaces: []WorkspaceStatus{}, Breakers: []cascade.BreakerState{}, Repositories: []cascade.RepoStats{}}
	for _, ws := range h.Env.Workspaces() {
		cfg := ws.Engine.EffectiveConfig()
		w := WorkspaceStatus{Root: ws.Root, GraphTimeoutMs: cfg.GraphTimeout.Milliseconds(), GrepTimeoutMs: cfg.GrepTimeout.Milliseconds(),
			KeywordTimeoutMs: cfg.KeywordTimeout.Milliseconds(), BudgetMs: cfg.Budget.Milliseconds(), KeywordThreshold: cfg.KeywordThreshold}
		w.Backends = append(w.Backends, ws.Backends()...)
		if n, err := ws.IndexedFiles(ctx); err == nil {
			w.Files = n
		}
		if gs, ok := ws.GrepState(); ok {
			w.GrepFiles = &gs
		}
		st.Workspaces = append(st.Workspaces, w)
	}
	if h.Breakers != nil {
		st.Breakers = h.Breakers.States()
	}
	for _, b := range st.Breakers {
		if b.State != "closed" {
			st.Degraded = true
		}
	}
	if stats := h.Metrics.Stats(); stats != nil {
		st.Repositories = stats
	}
	return st, nil
}

// MatchesResult is callcascade.showGrepMatches.
type MatchesResult struct {
	Name    string       `json:"name"`
	Sites   int          `json:"sites"`
	Partial bool         `json:"partial"`
	Matches []MatchEntry `json:"matches"`
}

// MatchEntry is one code site.
type MatchEntry struct {
	URI    string         `json:"uri"`
	Range  protocol.Range `json:"range"`
	Caller string         `json:"caller"`
	Detail string         `json:"detail"`
}

func (h *Handlers) showMatchesCommand(ctx context.Context, args commandArgs) (any, error) {
	if args.Name == "" {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "showGrepMatches needs {name}")
	}
	wss, err := h.workspacesFor(args.Root)
	if err != nil {
		return nil, err
	}
	out := MatchesResult{Name: args.Name, Matches: []MatchEntry{}}
	for _, ws := range wss {
		r, err := ws.GrepSites(ctx, args.Name, 1000)
		if errors.Is(err, cascade.ErrNoGrep) {
			return nil, jsonrpc2.NewError(jsonrpc2.InternalError, "the grep stage is not available")
		}
		if err != nil {
			return nil, rpcError(err)
		}
		out.Sites += r.Sites
		out.Partial = out.Partial || r.Partial
		for _, c := range r.Calls {
			uri := URIFromPath(filepath.Join(ws.Root, filepath.FromSlash(c.Symbol.Path)))
			for _, s := range c.Sites {
				out.Matches = append(out.Matches, MatchEntry{URI: string(uri), Range: toRange(s), Caller: c.Symbol.Name, Detail: c.Detail})
			}
		}
	}
	if h.Client != nil {
		var b strings.Builder
		fmt.Fprintf(&b, "callcascade: %d code sites of %s", out.Sites, args.Name)
		for i, m := range out.Matches {
			if i == 5 {
				fmt.Fprintf(&b, ", …")
				break
			}
			fmt.Fprintf(&b, "%s %s:%d (%s)", map[bool]string{true: ":", false: ","}[i == 0], filepath.Base(m.URI), m.Range.Start.Line+1, m.Caller)
		}
		_ = h.Client.Notify(ctx, protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{Type: protocol.MessageTypeInfo, Message: b.String()})
	}
	return out, nil
}

// openCommand asks the editor to show a location, only inside a workspace.
func (h *Handlers) openCommand(ctx context.Context, args commandArgs) (any, error) {
	if args.Path == "" || args.Line <= 0 {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "openLocation needs {root, path, line}")
	}
	wss, err := h.workspacesFor(args.Root)
	if err != nil {
		return nil, err
	}
	abs := filepath.Join(wss[0].Root, filepath.FromSlash(args.Path))
	if _, _, err := h.Env.Workspace(abs); err != nil || !strings.HasPrefix(abs, wss[0].Root+string(filepath.Separator)) {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("%s is outside the workspace", args.Path))
	}
	pos := protocol.Position{Line: uint32(args.Line - 1)}
	if content, err := h.Env.Content(abs); err == nil && args.Col > 0 {
		pos.Character = cascade.NewLineIndex(content).CharacterColumn(uint32(args.Line-1), args.Col-1)
	}
	uri := URIFromPath(abs)
	if h.Client == nil {
		return map[string]any{"uri": uri, "shown": false}, nil
	}
	var shown struct {
		Success bool `json:"success"`
	}
	err = h.Client.Call(ctx, "window/showDocument", &protocol.ShowDocumentParams{
		URI: protocol.URI(uri), TakeFocus: true, Selection: &protocol.Range{Start: pos, End: pos}}, &shown)
	if err != nil {
		return map[string]any{"uri": uri, "shown": false, "error": "the editor did not show the document"}, nil
	}
	return map[string]any{"uri": uri, "shown": shown.Success}, nil
}

func evalOr(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// LiteralsResult is callcascade.searchLiterals: the string literals that
// hold a text (an event name, a topic, a route), where publishers are.
type LiteralsResult struct {
	Text    string       `json:"text"`
	Matches []MatchEntry `json:"matches"`
}

func (h *Handlers) searchLiteralsCommand(ctx context.Context, args commandArgs) (any, error) {
	if strings.TrimSpace(args.Text) == "" {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "searchLiterals needs {text}")
	}
	wss, err := h.workspacesFor(args.Root)
	if err != nil {
		return nil, err
	}
	out := LiteralsResult{Text: args.Text, Matches: []MatchEntry{}}
	for _, ws := range wss {
		hits, err := ws.SearchText(ctx, args.Text, 200)
		if err != nil {
			return nil, rpcError(err)
		}
		for _, hit := range hits {
			if hit.Kind != "literal" || !strings.Contains(hit.Text, args.Text) {
				continue
			}
			caller := hit.SymbolID
			if i := strings.Index(caller, "#"); i >= 0 {
				caller = caller[i+1:]
			}
			out.Matches = append(out.Matches, MatchEntry{URI: string(URIFromPath(filepath.Join(ws.Root, filepath.FromSlash(hit.Path)))),
				Range: toRange(hit.Span), Caller: caller, Detail: "'" + hit.Text + "'"})
		}
	}
	if h.Client != nil {
		var b strings.Builder
		fmt.Fprintf(&b, "callcascade: %d strings hold '%s'", len(out.Matches), args.Text)
		for i, m := range out.Matches {
			if i == 5 {
				b.WriteString(", …")
				break
			}
			fmt.Fprintf(&b, "%s %s:%d", map[bool]string{true: ":", false: ","}[i == 0], filepath.Base(m.URI), m.Range.Start.Line+1)
			if m.Caller != "" {
				fmt.Fprintf(&b, " (%s)", m.Caller)
			}
		}
		_ = h.Client.Notify(ctx, protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{Type: protocol.MessageTypeInfo, Message: b.String()})
	}
	return out, nil
}

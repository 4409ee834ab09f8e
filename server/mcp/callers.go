package mcp

import (
	"context"
	"errors"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/callcascade/callcascade/cascade"
)

// CallersInput is find_callers' and find_callees' input.
type CallersInput struct {
	Symbol string `json:"symbol" jsonschema:"a function or method name, Class.method, a symbol id (path#Class.method) or FILE:LINE:COL (1-based; FILE relative to the workspace root)"`
	Root   string `json:"root,omitempty" jsonschema:"the workspace folder (or a file in it) when the server serves several; default: the server's workspace"`
	Depth  int    `json:"depth,omitempty" jsonschema:"find_callers: levels of callers to follow up the tree, 1 to 3 (default 1)"`
	// IncludePossible: nil means true.
	IncludePossible *bool `json:"include_possible,omitempty" jsonschema:"include possible callers found by text (grep, keyword, name match), flagged as such (default true)"`
}

// CallersOutput is the structured answer.
type CallersOutput struct {
	Query     string `json:"query"`
	Direction string `json:"direction" jsonschema:"incoming (callers) or outgoing (callees)"`
	Ambiguous bool   `json:"ambiguous,omitempty" jsonschema:"the name matched several symbols: one answer each"`
	// Answers: one per symbol the query names; an unknown name gives the
	// report of the search by name.
	Answers []cascade.Answer `json:"answers"`
	// Upstream: with depth > 1, the answers for the callers' callers.
	Upstream []LevelAnswer `json:"upstream,omitempty"`
	// PossibleHidden counts possible callers left out (include_possible false).
	PossibleHidden int        `json:"possible_hidden,omitempty"`
	NextToolCalls  []ToolCall `json:"next_tool_calls" jsonschema:"calls of this server's tools worth making next, most useful first"`
	ReadNext       []string   `json:"read_next,omitempty" jsonschema:"path:line locations worth reading (likely callers the search could not confirm)"`
	Summary        string     `json:"summary" jsonschema:"the answer in one sentence, saying how sure it is"`
}

// LevelAnswer is the answer for one caller further up the tree.
type LevelAnswer struct {
	Level  int            `json:"level" jsonschema:"2 for the callers' callers, and so on"`
	Answer cascade.Answer `json:"answer"`
}

const maxDepth = 3

func (t *tools) findCallers(ctx context.Context, req *sdk.CallToolRequest, in CallersInput) (*sdk.CallToolResult, CallersOutput, error) {
	return t.callers(ctx, in, cascade.Incoming)
}

func (t *tools) findCallees(ctx context.Context, req *sdk.CallToolRequest, in CallersInput) (*sdk.CallToolResult, CallersOutput, error) {
	in.Depth = 1
	return t.callers(ctx, in, cascade.Outgoing)
}

func (t *tools) callers(ctx context.Context, in CallersInput, dir string) (*sdk.CallToolResult, CallersOutput, error) {
	out := CallersOutput{Query: in.Symbol, Direction: dir, Answers: []cascade.Answer{}, NextToolCalls: []ToolCall{}}
	if isBlank(in.Symbol) {
		return toolError(errors.New("symbol is empty"), badSymbol), out, nil
	}
	if in.Depth == 0 {
		in.Depth = 1
	}
	if in.Depth < 1 || in.Depth > maxDepth {
		return toolError(fmt.Errorf("depth %d: want 1 to %d", in.Depth, maxDepth), ""), out, nil
	}
	possible := in.IncludePossible == nil || *in.IncludePossible
	ws, err := t.workspace(ctx, in.Root)
	if err != nil {
		return toolError(err, "root must be the workspace folder or a path inside it"), out, nil
	}
	targets, err := ws.Targets(ctx, in.Symbol)
	if err != nil {
		if ctx.Err() != nil {
			return nil, out, ctx.Err()
		}
		return toolError(err, badSymbol), out, nil
	}
	if len(targets) == 0 {
		targets = []cascade.Symbol{cascade.UnknownTarget(in.Symbol)}
	}
	out.Ambiguous = len(targets) > 1
	ask := func(s cascade.Symbol) (cascade.Result, error) {
		if dir == cascade.Outgoing {
			return ws.Engine.Outgoing(ctx, s)
		}
		return ws.Engine.Incoming(ctx, s)
	}
	var sugs []cascade.Suggestion
	var frontier []cascade.Symbol
	seen := map[string]bool{}
	for _, target := range targets {
		res, err := ask(target)
		if err != nil {
			return nil, out, err // cancelled: the client gave up
		}
		out.Answers = append(out.Answers, t.answer(res, possible, &out.PossibleHidden))
		sugs = append(sugs, res.Suggestions...)
		seen[target.ID] = true
		frontier = append(frontier, callerSymbols(res, possible)...)
	}
	for level := 2; level <= in.Depth && len(frontier) > 0; level++ {
		var next []cascade.Symbol
		for _, s := range frontier {
			if seen[s.ID] || len(out.Upstream) >= maxUpstream {
				continue
			}
			seen[s.ID] = true
			res, err := ask(s)
			if err != nil {
				return nil, out, err
			}
			out.Upstream = append(out.Upstream, LevelAnswer{Level: level, Answer: t.answer(res, possible, &out.PossibleHidden)})
			next = append(next, callerSymbols(res, possible)...)
		}
		frontier = next
	}
	out.NextToolCalls, out.ReadNext = nextToolCalls(sugs)
	out.Summary = summarize(out)
	return nil, out, nil
}

// maxUpstream bounds the answers a deep query asks for.
const maxUpstream = 40

// answer is a result as JSON, possible callers left out when asked.
func (t *tools) answer(res cascade.Result, possible bool, hidden *int) cascade.Answer {
	a := res.Answer()
	if a.Calls == nil {
		a.Calls = []cascade.AnswerCall{}
	}
	if !possible {
		kept := a.Calls[:0]
		for _, c := range a.Calls {
			if c.Provenance.Precise || c.Provenance.Resolution == "event" || c.Provenance.Resolution == "registration" {
				kept = append(kept, c)
			} else {
				*hidden++
			}
		}
		a.Calls = kept
	}
	return a
}

// callerSymbols are the callers worth following up the tree: indexed
// symbols, not summaries.
func callerSymbols(res cascade.Result, possible bool) []cascade.Symbol {
	var out []cascade.Symbol
	for _, c := range res.Calls {
		if c.Symbol.ID == "" || c.Implicit != nil {
			continue
		}
		if !possible && c.Stage != cascade.StageGraph {
			continue
		}
		out = append(out, c.Symbol)
	}
	return out
}

// summarize says the answer in one sentence, with how sure it is.
func summarize(out CallersOutput) string {
	if len(out.Answers) == 0 {
		return "no answer"
	}
	what := "callers"
	if out.Direction == cascade.Outgoing {
		what = "callees"
	}
	var s string
	for i, a := range out.Answers {
		if i > 0 {
			s += " "
		}
		name := a.Symbol.Qualified
		switch {
		case a.Error != "":
			s += fmt.Sprintf("%s: %s (%s). %s", name, a.Error, a.Meta.Stage, a.Explanation)
		case len(a.Calls) == 0 && len(a.EntryPoints) > 0:
			s += fmt.Sprintf("%s: no caller in the code; the framework reaches it (%s).", name, a.EntryPoints[0].Hint)
		case a.Meta.Degraded:
			s += fmt.Sprintf("%s: %d possible %s from the %s stage, NOT confirmed by the code graph (%s).", name, len(a.Calls), what, a.Meta.Stage, a.Meta.Warning)
		default:
			s += fmt.Sprintf("%s: %d %s from the code graph (precise).", name, len(a.Calls), what)
		}
	}
	return s
}

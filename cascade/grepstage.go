package cascade

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/grep"
)

// ResolvedGrep and ResolvedKeyword mark fallback callers: found by a code
// site of the name, or by a string naming it, never resolved.
const (
	ResolvedGrep    fact.Resolution = "grep"
	ResolvedKeyword fact.Resolution = "keyword"
)

// workspaceGrep is the grep stage's source for one workspace: the files on
// disk with the editor's unsaved buffers in their place.
type workspaceGrep struct {
	root     string
	walk     files.WalkOptions
	buffers  func() map[string][]byte
	searcher *grep.Searcher
}

// SearchCallers finds the code sites of target's name, grouped by the
// function they are in.
func (g *workspaceGrep) SearchCallers(ctx context.Context, target fact.Symbol, limit int) (GrepResult, error) {
	q := grep.Query{Name: target.Name, Container: target.Container, Root: g.root, Walk: g.walk, Limit: limit}
	if target.ID != "" {
		q.TargetPath, q.TargetSpan = target.Path, target.Selection
		q.Package = path.Dir(target.Path)
	}
	if g.buffers != nil {
		q.Buffers = g.buffers()
	}
	r, err := g.searcher.Search(ctx, q)
	if errors.Is(err, grep.ErrNotIdentifier) {
		return GrepResult{Note: fmt.Sprintf("%q is not an identifier in any supported language: it has no code sites", target.Name)}, nil
	}
	if err != nil {
		return GrepResult{}, err
	}
	out := GrepResult{Sites: r.Total, Files: r.Candidates, Partial: r.Partial}
	for _, cs := range r.ByCaller() {
		c := Call{Edge: fact.Edge{Symbol: cs.Caller, Resolution: ResolvedGrep}, Stage: StageGrep}
		kinds := map[grep.Kind]bool{}
		receiverMatch := false
		for _, m := range cs.Matches {
			c.Sites = append(c.Sites, m.Site)
			kinds[m.Kind] = true
			receiverMatch = receiverMatch || m.ReceiverMatches
		}
		var what []string
		if kinds[grep.KindCall] {
			what = append(what, "call")
		}
		if kinds[grep.KindReference] {
			what = append(what, "reference (passed as a value)")
		}
		c.Detail = containerPrefix(cs.Caller) + "grep fallback: " + strings.Join(what, " and ")
		if receiverMatch && target.Container != "" {
			c.Detail += ", receiver names " + target.Container
		}
		out.Calls = append(out.Calls, c)
	}
	return out, nil
}

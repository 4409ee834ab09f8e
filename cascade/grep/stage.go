package grep

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

// CallerSearcher finds the code sites of a name in the live workspace.
type CallerSearcher interface {
	// SearchCallers finds them; sites in settled.Elsewhere (resolved by
	// the code graph to other symbols; nil for none) are not counted, and
	// files settled.AsIndexed vouches for are not parsed.
	SearchCallers(ctx context.Context, target fact.Symbol, limit int, settled stage.Settled) (CallerResult, error)
}

// CallerResult is a grep stage scan: calls grouped by enclosing function,
// best-ranked first.
type CallerResult struct {
	Calls   []stage.Call
	Sites   int  // code sites found
	Files   int  // files parsed after the byte prefilter
	Partial bool // cut off by the deadline or a cancellation
	// Excluded counts the sites left out because the code graph resolved
	// them to other symbols; Library, the calls on a library's value
	// (Order.objects.get, document.get..., strings.Split); NotMethod, the
	// Go field reads and package-level names of a method's name.
	Excluded, Library, NotMethod int
	// AsIndexed counts the files holding the name that the code graph
	// vouched for (indexed as they are, every occurrence known to it): their
	// sites are the ones it left undecided, not parsed again.
	AsIndexed int
	// Note replaces the observation when the search could not run (a name
	// that is not an identifier).
	Note string
	// Ambiguous are the calls left out of Calls as no evidence for the
	// target: sites whose receiver the code graph could not type, of a name
	// that AmbiguousNamesakes or more workspace functions share, the
	// receiver not naming the target's class. AmbiguousSites counts their
	// sites (not in Sites). Reported, never listed as callers.
	Ambiguous      []stage.Call
	AmbiguousSites int
	// Bare says, per item of Calls, whether every site is the name alone
	// (save(), onSave={save}): no receiver the graph could have typed.
	Bare []bool
}

// AmbiguousNamesakes is how many workspace functions and methods must share
// a name (the target included) before a site whose receiver the code graph
// could not type is no longer listed as a possible caller. Measured on the
// held-aside sets 8 to 13 (docs/ACCURACY.md, "Session 20: a name many
// functions share"): of such grep items, 9 in 240 were callers at 10 or
// more namesakes, against about half below.
const AmbiguousNamesakes = 10

// Stage is the grep stage's adapter: code sites of the name in the live
// workspace answer when there are 1..limit of them.
type Stage struct {
	g CallerSearcher
}

// NewStage is the grep stage over a searcher.
func NewStage(g CallerSearcher) Stage { return Stage{g: g} }

func (s Stage) Name() string    { return stage.Grep }
func (s Stage) Backend() string { return "" }
func (s Stage) Condition() string {
	return "1..50 code call sites of the name in the live workspace (comments and strings excluded)"
}

func (s Stage) Run(ctx context.Context, q *stage.Query) stage.Outcome {
	limit := q.GrepLimit
	r, err := s.g.SearchCallers(ctx, q.Target, limit, q.Settled)
	out := stage.Outcome{Count: r.Sites, Partial: r.Partial,
		Observed: fmt.Sprintf("%d code sites of %q in %d candidate files", r.Sites, q.Target.Name, r.Files)}
	if r.Excluded > 0 {
		out.Observed += fmt.Sprintf(", besides %d the code graph resolved to other symbols", r.Excluded)
		if r.Sites == 0 && r.AmbiguousSites == 0 {
			out.Observed = fmt.Sprintf("every code site of %q (%d) was resolved by the code graph to other symbols: no callers in code", q.Target.Name, r.Excluded)
		}
	}
	if r.Library > 0 {
		out.Observed += fmt.Sprintf(" (%d calls on a library's value left out)", r.Library)
	}
	if r.NotMethod > 0 {
		out.Observed += fmt.Sprintf(" (%d field reads and package-level names left out)", r.NotMethod)
	}
	if r.AsIndexed > 0 {
		out.Observed += fmt.Sprintf(" (%d files holding the name read as the code graph indexed them, every occurrence known to it: not parsed again)", r.AsIndexed)
	}
	if r.Partial {
		out.Observed += " (cut off: partial)"
	}
	if r.AmbiguousSites > 0 {
		out.Observed += fmt.Sprintf(" (%d sites whose receiver the code graph could not type left out: %d functions and methods of the workspace are named %q, so the name alone says nothing of which one they call; they are in the report)",
			r.AmbiguousSites, q.Settled.Namesakes+1, q.Target.Name)
		for _, c := range r.Ambiguous {
			q.Candidates = append(q.Candidates, stage.CandidateOf(c, "grep, receiver not resolved: "+c.Detail))
		}
	}
	if r.Note != "" {
		out.Observed = r.Note
	}
	if err != nil {
		out.Err = err
		return out
	}
	if q.Found && r.Sites > 0 && q.Settled.Elsewhere == nil {
		q.Stale = true // with Elsewhere, the graph saw these sites and could not type their receivers
	}
	if !r.Partial {
		q.GrepSites = r.Sites + r.AmbiguousSites
	}
	q.AmbiguousSites = r.AmbiguousSites
	switch {
	case r.Sites == 0 && r.Partial:
		out.Reason, out.Err = stage.ReasonTimeout, context.DeadlineExceeded
	case r.Sites == 0 && r.AmbiguousSites > 0:
		out.Reason = stage.ReasonAmbiguousName
	case r.Sites == 0:
		out.Reason = stage.ReasonNoMatches
	case r.Sites > limit:
		out.Reason = stage.ReasonTooManyMatches
		out.Observed = fmt.Sprintf("%d code sites of %q: more than %d, too common a name to answer by name", r.Sites, q.Target.Name, limit)
		for _, c := range r.Calls {
			q.Candidates = append(q.Candidates, stage.CandidateOf(c, "grep: "+c.Detail))
		}
	case r.Partial && q.Settled.Elsewhere != nil && q.Settled.Undecided > limit:
		// Cut off before it could count past the limit, where the code
		// graph already counts more sites of the name it could not type
		// than the limit: finished, this grep would decline the name, so
		// the few it found are no answer (the load must not decide it).
		out.Reason, out.Partial = stage.ReasonTooManyMatches, true
		out.Observed = fmt.Sprintf("cut off after %d code sites of %q; the code graph counts %d sites of the name whose receiver it could not type, more than %d: too common a name to answer by name",
			r.Sites, q.Target.Name, q.Settled.Undecided, limit)
		for _, c := range r.Calls {
			q.Candidates = append(q.Candidates, stage.CandidateOf(c, "grep: "+c.Detail))
		}
	default:
		out.Calls, out.Hit = r.Calls, true
		if r.Partial {
			// Cut off mid-scan: what it found answers, flagged a timeout and
			// partial; the rest of the workspace may hold more, or so many
			// that the name is too common to answer by.
			out.Partial, out.Reason = true, stage.ReasonTimeout
		}
		if q.Settled.Elsewhere != nil {
			// The graph typed every other site of the name: these are the
			// ones whose receiver it could not, possible callers at best.
			for i := range out.Calls {
				if i < len(r.Bare) && r.Bare[i] {
					out.Calls[i].Detail += PossibleNameNote
				} else {
					out.Calls[i].Detail += PossibleNote
				}
			}
		}
	}
	return out
}

// PossibleNote flags a grep caller left after the sites the graph
// resolved elsewhere were dropped; PossibleNameNote, one whose sites are
// the bare name (a value passed, onSave={save}), which has no receiver.
const (
	PossibleNote     = " · possible caller: its receiver was not resolved by the code graph"
	PossibleNameNote = " · possible caller: the code graph did not resolve this use of the name"
)

// IsPossible reports whether a grep call item's detail flags it a
// possible caller (PossibleNote or PossibleNameNote).
func IsPossible(detail string) bool {
	return strings.HasSuffix(detail, PossibleNote) || strings.HasSuffix(detail, PossibleNameNote)
}

// NewWorkspaceSearcher is the grep stage's searcher for root: the files
// under it (walked with walk) with buffers in their place.
func NewWorkspaceSearcher(root string, walk files.WalkOptions, buffers func() map[string][]byte, searcher *Searcher) *WorkspaceSearcher {
	return &WorkspaceSearcher{root: root, walk: walk, buffers: buffers, searcher: searcher}
}

// WorkspaceSearcher is the grep stage's source for one workspace: the files on
// disk with the editor's unsaved buffers in their place.
type WorkspaceSearcher struct {
	root     string
	walk     files.WalkOptions
	buffers  func() map[string][]byte
	searcher *Searcher
}

// SearchCallers finds the code sites of target's name, grouped by the
// function they are in.
func (g *WorkspaceSearcher) SearchCallers(ctx context.Context, target fact.Symbol, limit int, settled stage.Settled) (CallerResult, error) {
	q := Query{Name: target.Name, Container: target.Container, Method: target.Kind == treesitter.KindMethod,
		Root: g.root, Walk: g.walk, Limit: limit, SkipLibrary: true, AsIndexed: settled.AsIndexed,
		Accessor: target.Accessor != ""}
	if len(settled.Elsewhere) > 0 {
		q.Exclude = settled.Elsewhere.Has
	}
	if target.ID != "" {
		lang := target.Language
		if lang == "" {
			lang, _ = treesitter.LanguageForPath(target.Path)
		}
		q.NestedIn = nestedScope(lang, target.ID, target.Name, target.Container, q.Method)
		q.TopLevel = topLevel(target.ID, target.Name, target.Container, q.Method)
	}
	// Among many namesakes, a receiver the code graph could not type that
	// does not name the target's class is no evidence for the target.
	ambiguous := settled.Elsewhere != nil && settled.Namesakes+1 >= AmbiguousNamesakes
	return g.search(ctx, target, q, ambiguous)
}

// AllSites finds every code site of name, calls on library values
// included: what "show every mention in code" lists.
func (g *WorkspaceSearcher) AllSites(ctx context.Context, name string, limit int) (CallerResult, error) {
	target := fact.Symbol{Name: name}
	return g.search(ctx, target, Query{Name: name, Root: g.root, Walk: g.walk, Limit: limit}, false)
}

// search runs q; with ambiguous, the sites with a receiver that does not
// name the target's class go to Ambiguous instead of Calls (a bare name
// stays: scope and imports decided it).
func (g *WorkspaceSearcher) search(ctx context.Context, target fact.Symbol, q Query, ambiguous bool) (CallerResult, error) {
	if target.ID != "" {
		q.TargetPath, q.TargetSpan = target.Path, target.Selection
		q.Package = path.Dir(target.Path)
	}
	if g.buffers != nil {
		q.Buffers = g.buffers()
	}
	r, err := g.searcher.Search(ctx, q)
	if errors.Is(err, ErrNotIdentifier) {
		return CallerResult{Note: fmt.Sprintf("%q is not an identifier in any supported language: it has no code sites", target.Name)}, nil
	}
	if err != nil {
		return CallerResult{}, err
	}
	out := CallerResult{Sites: r.Total, Files: r.Candidates, AsIndexed: r.AsIndexed, Partial: r.Partial, Excluded: r.Excluded, Library: r.Library,
		NotMethod: r.FieldReads + r.PackageLevel}
	for _, cs := range r.ByCaller() {
		if ambiguous {
			var kept, left []Match
			for _, m := range cs.Matches {
				if m.Receiver != "" && !m.ReceiverMatches {
					left = append(left, m)
				} else {
					kept = append(kept, m)
				}
			}
			if len(left) > 0 {
				out.Ambiguous = append(out.Ambiguous, callerCall(target, CallerSites{Caller: cs.Caller, Matches: left}))
				out.AmbiguousSites += len(left)
				out.Sites -= len(left)
			}
			if len(kept) == 0 {
				continue
			}
			cs.Matches = kept
		}
		out.Calls = append(out.Calls, callerCall(target, cs))
		bare := true
		for _, m := range cs.Matches {
			bare = bare && m.Receiver == ""
		}
		out.Bare = append(out.Bare, bare)
	}
	return out, nil
}

// callerCall is one caller's sites as a grep call item.
func callerCall(target fact.Symbol, cs CallerSites) stage.Call {
	c := stage.Call{Edge: fact.Edge{Symbol: cs.Caller, Resolution: stage.ResolvedGrep}, Stage: stage.Grep}
	kinds := map[Kind]bool{}
	receiverMatch := false
	for _, m := range cs.Matches {
		c.Sites = append(c.Sites, m.Site)
		kinds[m.Kind] = true
		receiverMatch = receiverMatch || m.ReceiverMatches
	}
	var what []string
	if kinds[KindCall] {
		what = append(what, "call")
	}
	if kinds[KindReference] {
		what = append(what, "reference (passed as a value)")
	}
	c.Detail = stage.ContainerPrefix(cs.Caller) + "grep fallback: " + strings.Join(what, " and ")
	if receiverMatch && target.Container != "" {
		c.Detail += ", receiver names " + target.Container
	}
	return c
}

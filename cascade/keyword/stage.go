package keyword

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

// MaxCallers bounds a keyword answer: more functions than this
// holding the name in a string is no evidence of dispatch.
const MaxCallers = 10

// Stage is the keyword stage's adapter: functions holding a string that
// names the target answer, when few enough do.
type Stage struct{ store Store }

// NewStage is the keyword stage over a store's full-text index.
func NewStage(store Store) Stage { return Stage{store: store} }

func (s Stage) Name() string    { return stage.Keyword }
func (s Stage) Backend() string { return "" }
func (s Stage) Condition() string {
	return "a string literal holding most of the target's words reaches a dispatch (full-text search, BM25 order)"
}

func (s Stage) Run(ctx context.Context, q *stage.Query) stage.Outcome {
	res, err := Search(stage.WithoutWaitingForSearch(ctx), s.store, Query{Name: q.Target.Name, TargetID: q.Target.ID, Threshold: q.KeywordThreshold})
	if errors.Is(err, stage.ErrSearchNotReady) {
		// Built after the first index pass: no answer yet, and not "none".
		return stage.Outcome{Reason: stage.ReasonIndexIncomplete, Observed: "the full-text index is still being built; no keyword answer yet"}
	}
	if err != nil {
		return stage.Outcome{Err: err}
	}
	threshold := q.KeywordThreshold
	if threshold <= 0 {
		threshold = DefaultThreshold
	}
	res.Literals = outsideTarget(res.Literals, q.Target)
	// Literals under the threshold are no likely callers: even a string
	// holding the name is only a mention unless it reaches a dispatch.
	if len(res.Literals) == 0 {
		return stage.Outcome{Reason: stage.ReasonNoRelevantMatches, Count: 0,
			Observed: fmt.Sprintf("words %s: no string literal shares more than %.2f of them", strings.Join(res.Words, " "), threshold)}
	}
	// Only a literal that reaches a dispatch is a caller's site; the others
	// are mentions, for the report.
	d := &dispatches{store: s.store}
	var mentions []stage.Mention
	reach := map[int]string{}
	family := targetFamily(q.Target)
	for i, h := range res.Literals {
		via := ""
		if spellsName(h.Text, q.Target.Name) && sameRuntime(family, h.Path) {
			var err error
			if via, err = d.reached(ctx, h); err != nil {
				return stage.Outcome{Err: err}
			}
		}
		if via != "" {
			reach[i] = via
			continue
		}
		m := stage.Mention{Path: h.Path, Line: int(h.Span.Start.Line) + 1, Col: int(h.Span.Start.Character) + 1, Text: h.Text}
		if h.SymbolID != "" {
			if sym, err := d.symbol(ctx, h.Path, h.SymbolID); err == nil {
				m.Caller = stage.QualifiedName(sym)
			}
		}
		mentions = append(mentions, m)
	}
	sortMentions(mentions)
	if len(reach) == 0 {
		return stage.Outcome{Reason: stage.ReasonNoRelevantMatches, Count: len(mentions), Mentions: mentions,
			Observed: fmt.Sprintf("words %s: %d string literals name it, none reaches a dispatch (getattr, MethodByName, a task sent by name): mentions, not callers",
				strings.Join(res.Words, " "), len(mentions))}
	}
	// One caller per enclosing symbol, its sites the literals.
	byCaller := map[string]*stage.Call{}
	var order []string
	for i, h := range res.Literals {
		via := reach[i]
		if via == "" {
			continue
		}
		key := h.SymbolID
		if key == "" {
			key = h.Path + "#"
		}
		c, ok := byCaller[key]
		if !ok {
			lang, _ := treesitter.LanguageForPath(h.Path)
			sym := fact.ModuleSymbol(h.Path, lang) // a literal at the top level of its file
			if h.SymbolID != "" {
				if s, err := d.symbol(ctx, h.Path, h.SymbolID); err == nil {
					sym = s
				}
			}
			c = &stage.Call{Edge: fact.Edge{Symbol: sym, Resolution: stage.ResolvedKeyword}, Stage: stage.Keyword,
				Detail: stage.ContainerPrefix(sym) + fmt.Sprintf("keyword match %.2f: '%s' dispatched by %s", h.Relevance, h.Text, via)}
			byCaller[key] = c
			order = append(order, key)
		}
		c.Sites = append(c.Sites, h.Span)
	}
	calls := make([]stage.Call, 0, len(order))
	for _, k := range order {
		calls = append(calls, *byCaller[k])
	}
	sortCalls(calls)
	// A name written in strings all over the workspace ('create', 'list')
	// says nothing about who dispatches to this function: too common to
	// answer by, like grep's too_many_matches.
	if len(calls) > MaxCallers {
		for i, c := range calls {
			if i == 5 {
				break
			}
			q.Candidates = append(q.Candidates, stage.CandidateOf(c, "keyword: "+c.Detail))
		}
		return stage.Outcome{Reason: stage.ReasonNoRelevantMatches, Count: len(reach), Mentions: mentions,
			Observed: fmt.Sprintf("words %s: %d functions dispatch by a string naming it: too common a word to tell a dispatch from", strings.Join(res.Words, " "), len(calls))}
	}
	return stage.Outcome{Calls: calls, Hit: true, Count: len(reach), Mentions: mentions,
		Observed: fmt.Sprintf("words %s: %d string literals share more than %.2f of them and reach a dispatch; %d more are mentions", strings.Join(res.Words, " "), len(reach), threshold, len(mentions))}
}

// spellsName says whether a literal can be the very name a dispatch looks
// up: the name itself, or the last part of a dotted or slashed path (a task
// sent by name, 'app.tasks.archive_report'). Dispatch by name is
// case-sensitive and takes the name as written: getattr(obj, 'POST') never
// reaches post, nor this['archive-report']() archiveReport. Other literals
// that name the target are mentions.
func spellsName(text, name string) bool {
	if i := strings.LastIndexAny(text, "./:"); i >= 0 {
		text = text[i+1:]
	}
	return text == name
}

// sortMentions orders mentions by place.
func sortMentions(ms []stage.Mention) {
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].Path != ms[j].Path {
			return ms[i].Path < ms[j].Path
		}
		return ms[i].Line < ms[j].Line || ms[i].Line == ms[j].Line && ms[i].Col < ms[j].Col
	})
}

// outsideTarget drops hits in the target's own declaration: its
// decorators (@OnEvent('x') names its own event) and its body.
func outsideTarget(hits []Hit, t fact.Symbol) []Hit {
	if t.Path == "" {
		return hits
	}
	inside := func(s treesitter.Span) bool {
		if s.StartByte >= t.Span.StartByte && s.EndByte <= t.Span.EndByte {
			return true
		}
		for _, d := range t.Decorators {
			if s.StartByte >= d.Span.StartByte && s.EndByte <= d.Span.EndByte {
				return true
			}
		}
		return false
	}
	out := hits[:0:0]
	for _, h := range hits {
		if h.Path == t.Path && inside(h.Span) {
			continue
		}
		out = append(out, h)
	}
	return out
}

func sortCalls(calls []stage.Call) {
	sort.SliceStable(calls, func(i, j int) bool {
		a, b := calls[i].Symbol, calls[j].Symbol
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Span.StartByte < b.Span.StartByte
	})
}

// targetFamily is the language family of the target's code, "" when unknown.
func targetFamily(t fact.Symbol) string {
	lang := t.Language
	if lang == "" {
		lang, _ = treesitter.LanguageForPath(t.Path)
	}
	if lang == "" {
		return ""
	}
	return treesitter.Family(lang)
}

// sameRuntime reports whether a literal in path can reach a dispatch of a
// target in family: getattr, Reflect.get or MethodByName look the name up
// in their own program. A literal in another language (a minified bundle's
// Reflect.get(obj, 'clear') for a Python method) names the target at most:
// a mention, for the report.
func sameRuntime(family, path string) bool {
	if family == "" {
		return true
	}
	lang, ok := treesitter.LanguageForPath(path)
	return !ok || treesitter.Family(lang) == family
}

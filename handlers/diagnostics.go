package handlers

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/callcascade/callcascade/cascade"
)

// DiagnosticSource names our diagnostics.
const DiagnosticSource = "callcascade"

// DiagnosticData travels in Diagnostic.data: the suggestions the code
// actions are built from, and the target they are about.
type DiagnosticData struct {
	Suggestions []cascade.Suggestion `json:"suggestions"`
	Target      ItemData             `json:"target"`
	Name        string               `json:"name"`
	Stage       string               `json:"stage"`
}

// diagnostics remembers what callcascade published per document, so that a
// later precise answer or an edit can clear it, and code actions can find
// the suggestions even when a client does not echo Diagnostic.data back.
type diagnostics struct {
	mu    sync.Mutex
	byURI map[protocol.DocumentURI]map[string]protocol.Diagnostic // key: the target's item key
}

func itemKey(item protocol.CallHierarchyItem) string {
	return fmt.Sprintf("%d:%d", item.SelectionRange.Start.Line, item.SelectionRange.Start.Character)
}

// noteResult publishes, replaces or clears the diagnostic for the target of
// one answer. Only incoming answers say anything about the target's callers.
func (h *Handlers) noteResult(ctx context.Context, item protocol.CallHierarchyItem, data ItemData, res cascade.Result) {
	if res.Direction != cascade.Incoming {
		return
	}
	key := itemKey(item)
	h.diags.mu.Lock()
	if h.diags.byURI == nil {
		h.diags.byURI = map[protocol.DocumentURI]map[string]protocol.Diagnostic{}
	}
	docDiags := h.diags.byURI[item.URI]
	_, had := docDiags[key]
	if !res.Degraded() && !res.AuthFailed && len(res.Implicit()) == 0 {
		if !had {
			h.diags.mu.Unlock()
			return
		}
		delete(docDiags, key)
	} else {
		if docDiags == nil {
			docDiags = map[string]protocol.Diagnostic{}
			h.diags.byURI[item.URI] = docDiags
		}
		docDiags[key] = diagnosticFor(item, data, res)
	}
	list := sortedDiagnostics(docDiags)
	h.diags.mu.Unlock()
	h.publish(ctx, item.URI, list)
}

// clearDocument drops a document's diagnostics (it changed: the positions
// and the answers are stale).
func (h *Handlers) clearDocument(ctx context.Context, uri protocol.DocumentURI) {
	h.diags.mu.Lock()
	_, had := h.diags.byURI[uri]
	delete(h.diags.byURI, uri)
	h.diags.mu.Unlock()
	if had {
		h.publish(ctx, uri, []protocol.Diagnostic{})
	}
}

// diagnosticsAt returns our diagnostics on a document that touch rng.
func (h *Handlers) diagnosticsAt(uri protocol.DocumentURI, rng protocol.Range) []protocol.Diagnostic {
	h.diags.mu.Lock()
	defer h.diags.mu.Unlock()
	var out []protocol.Diagnostic
	for _, d := range sortedDiagnostics(h.diags.byURI[uri]) {
		if overlaps(d.Range, rng) {
			out = append(out, d)
		}
	}
	return out
}

func (h *Handlers) publish(ctx context.Context, uri protocol.DocumentURI, list []protocol.Diagnostic) {
	if h.Client == nil {
		return
	}
	if list == nil {
		list = []protocol.Diagnostic{}
	}
	err := h.Client.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: list})
	if err != nil && h.Logger != nil {
		h.Logger.Debug("publish diagnostics failed", "uri", uri, "error", err)
	}
}

func sortedDiagnostics(m map[string]protocol.Diagnostic) []protocol.Diagnostic {
	out := make([]protocol.Diagnostic, 0, len(m))
	for _, d := range m {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Range.Start, out[j].Range.Start
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Character < b.Character
	})
	return out
}

func overlaps(a, b protocol.Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

func before(p, q protocol.Position) bool {
	return p.Line < q.Line || (p.Line == q.Line && p.Character < q.Character)
}

// diagnosticFor says, on the target's name, which stage answered and why
// the earlier ones missed. Information when a fallback found callers,
// Warning when nothing did.
func diagnosticFor(item protocol.CallHierarchyItem, data ItemData, res cascade.Result) protocol.Diagnostic {
	name := item.Name
	var b strings.Builder
	severity := protocol.DiagnosticSeverityInformation
	switch {
	case !res.Degraded() && len(res.Implicit()) > 0:
		// A precise answer, but some entries summarize implicit sends: say
		// so on the name, where the code actions list their sites.
		var parts []string
		for _, s := range res.Implicit() {
			parts = append(parts, s.Summary())
		}
		switch direct := len(res.Calls) - len(parts); direct {
		case 0:
			fmt.Fprintf(&b, "%s has no direct caller; ", name)
		case 1:
			b.WriteString("Besides its direct caller, ")
		default:
			fmt.Fprintf(&b, "Besides its %d direct callers, ", direct)
		}
		fmt.Fprintf(&b, "%s is reached through implicit signal sends, summarized and not listed: %s. They are possible senders, not precise callers; the code actions list them.",
			name, strings.Join(parts, "; "))
		return protocol.Diagnostic{Range: item.SelectionRange, Severity: protocol.DiagnosticSeverityInformation, Code: "implicit_sends",
			Source: DiagnosticSource, Message: b.String(), Data: DiagnosticData{Suggestions: res.Suggestions, Target: data, Name: name, Stage: res.Stage}}
	case len(res.Calls) == 0 && len(res.Entry) > 0:
		// Not a miss: the framework reaches it, and no code does.
		hints := make([]string, 0, len(res.Entry))
		for _, ep := range res.Entry {
			hints = append(hints, ep.Hint)
		}
		fmt.Fprintf(&b, "%s is a framework entry point — %s. No code calls it; no search by name was made.", name, strings.Join(hints, "; "))
		code := cascade.ReasonFrameworkEntry
		return protocol.Diagnostic{Range: item.SelectionRange, Severity: protocol.DiagnosticSeverityInformation, Code: code, Source: DiagnosticSource,
			Message: b.String(), Data: DiagnosticData{Suggestions: res.Suggestions, Target: data, Name: name, Stage: res.Stage}}
	case res.Stage == cascade.StageGraph && res.NameMatches() > 0:
		return nameMatchDiagnostic(item, data, res)
	case len(res.Calls) > 0:
		fmt.Fprintf(&b, "Callers of %s came from the %s stage (%d found, not resolved by the code graph)", name, stageTitle(res.Stage), len(res.Calls))
		if res.Partial {
			b.WriteString(", cut off by its timeout")
		}
		b.WriteString(". ")
	case len(res.Mentions) > 0:
		severity = protocol.DiagnosticSeverityWarning
		fmt.Fprintf(&b, "No callers of %s in code; %s. ", name, res.MentionSummary(3))
	default:
		severity = protocol.DiagnosticSeverityWarning
		fmt.Fprintf(&b, "No callers of %s found by any stage. ", name)
	}
	var misses []string
	for _, a := range res.Attempts {
		if a.Outcome == cascade.OutcomeHit {
			continue
		}
		label := a.Stage
		if a.Backend != "" {
			label += " (" + a.Backend + ")"
		}
		why := a.Reason
		if a.Observed != "" {
			why += ": " + a.Observed
		}
		misses = append(misses, label+" missed — "+why)
	}
	if len(misses) > 0 {
		b.WriteString(strings.Join(misses, "; "))
		b.WriteString(".")
	}
	if len(res.Calls) > 0 && len(res.Mentions) > 0 {
		fmt.Fprintf(&b, " Also %s.", res.MentionSummary(3))
	}
	if res.Report != nil && len(res.Report.Causes) > 0 {
		fmt.Fprintf(&b, " Likely: %s.", res.Report.Causes[0].Text)
	}
	if res.AuthFailed {
		b.WriteString(" The graph backend rejected its credentials: check CALLCASCADE_NEO4J_USER and CALLCASCADE_NEO4J_PASSWORD.")
	}
	code := res.Reason()
	if code == "" {
		code = cascade.ReasonNoCallers
	}
	return protocol.Diagnostic{
		Range:    item.SelectionRange,
		Severity: severity,
		Code:     code,
		Source:   DiagnosticSource,
		Message:  strings.TrimSpace(b.String()),
		Data:     DiagnosticData{Suggestions: res.Suggestions, Target: data, Name: name, Stage: res.Stage},
	}
}

func stageTitle(stage string) string {
	switch stage {
	case cascade.StageGrep:
		return "grep fallback"
	case cascade.StageKeyword:
		return "keyword"
	}
	return stage
}

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
// later answer or an edit can replace or clear it, and code actions can find
// the suggestions even when a client does not echo Diagnostic.data back.
type diagnostics struct {
	mu    sync.Mutex
	byURI map[protocol.DocumentURI]map[string]published // key: the target's symbolKey
}

// published is one diagnostic with the symbol it is about.
type published struct {
	diag protocol.Diagnostic
	root string
	// name is set for an answer about a name the index did not know:
	// any later answer about a symbol of that name replaces it.
	name string
}

// symbolKey names the symbol an answer is about, whatever item asked it:
// the same symbol asked from another position (it moved after an edit the
// editor did not send, or the item came from an earlier prepare) is the same
// key, so a later answer replaces the earlier diagnostic instead of leaving
// it beside.
func symbolKey(item protocol.CallHierarchyItem, data ItemData) string {
	switch {
	case data.SymbolID != "":
		return "symbol:" + data.Root + "\x00" + data.SymbolID
	case data.Name != "":
		return "name:" + data.Root + "\x00" + data.Name
	}
	return fmt.Sprintf("item:%s:%d:%d", item.URI, item.SelectionRange.Start.Line, item.SelectionRange.Start.Character)
}

// settles says an answer says all there is to say about its target: then
// no diagnostic stays on it.
func settles(res cascade.Result) bool {
	return !res.Degraded() && !res.AuthFailed && !res.Partial && len(res.Implicit()) == 0
}

// noteResult publishes, replaces or clears the diagnostic for the target of
// one answer: every earlier diagnostic about the same symbol (or about its
// name, from before the index knew it) gives way to it, wherever it was
// published. Only incoming answers say anything about the target's callers.
func (h *Handlers) noteResult(ctx context.Context, item protocol.CallHierarchyItem, data ItemData, res cascade.Result) {
	if res.Direction != cascade.Incoming {
		return
	}
	key := symbolKey(item, data)
	h.diags.mu.Lock()
	if h.diags.byURI == nil {
		h.diags.byURI = map[protocol.DocumentURI]map[string]published{}
	}
	touched := map[protocol.DocumentURI]bool{}
	for uri, docDiags := range h.diags.byURI {
		for k, p := range docDiags {
			sameName := p.name != "" && p.root == data.Root && p.name == res.Target.Name
			if k == key || sameName {
				delete(docDiags, k)
				touched[uri] = true
			}
		}
	}
	if !settles(res) {
		docDiags := h.diags.byURI[item.URI]
		if docDiags == nil {
			docDiags = map[string]published{}
			h.diags.byURI[item.URI] = docDiags
		}
		p := published{diag: diagnosticFor(item, data, res), root: data.Root}
		if data.SymbolID == "" {
			p.name = data.Name
		}
		docDiags[key] = p
		touched[item.URI] = true
	}
	lists := map[protocol.DocumentURI][]protocol.Diagnostic{}
	for uri := range touched {
		lists[uri] = sortedDiagnostics(h.diags.byURI[uri])
		if len(h.diags.byURI[uri]) == 0 {
			delete(h.diags.byURI, uri)
		}
	}
	h.diags.mu.Unlock()
	uris := make([]protocol.DocumentURI, 0, len(lists))
	for uri := range lists {
		uris = append(uris, uri)
	}
	sort.Slice(uris, func(i, j int) bool { return uris[i] < uris[j] })
	for _, uri := range uris {
		h.publish(ctx, uri, lists[uri])
	}
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

func sortedDiagnostics(m map[string]published) []protocol.Diagnostic {
	out := make([]protocol.Diagnostic, 0, len(m))
	for _, p := range m {
		out = append(out, p.diag)
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
	case !res.Degraded() && res.Index != nil:
		// Precise so far, but the first index has files left to read.
		fmt.Fprintf(&b, "%d caller(s) of %s from the code graph so far: the first index is still running (%s), so callers in files not read yet are missing. The answer is published again when it completes.",
			len(res.Calls), name, res.Index)
		return protocol.Diagnostic{Range: item.SelectionRange, Severity: protocol.DiagnosticSeverityInformation, Code: cascade.ReasonIndexIncomplete,
			Source: DiagnosticSource, Message: b.String(), Data: DiagnosticData{Suggestions: res.Suggestions, Target: data, Name: name, Stage: res.Stage}}
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
	case !res.Degraded() && res.Partial:
		// Precise callers, but not all of them: the graph ran out of time.
		fmt.Fprintf(&b, "The code graph resolved %d callers of %s before its timeout cut it off: there may be more. A longer graph timeout (graphTimeoutMs) lets it finish.", len(res.Calls), name)
		return protocol.Diagnostic{Range: item.SelectionRange, Severity: protocol.DiagnosticSeverityInformation, Code: cascade.ReasonTimeout,
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
		if res.GraphCutOff() {
			b.WriteString("The code graph ran out of time: it did not find that there are none, these stand in for its answer. ")
		}
	case res.GraphCutOff():
		severity = protocol.DiagnosticSeverityWarning
		fmt.Fprintf(&b, "The code graph ran out of time on %s and no other stage found callers: this is not \"no callers\". ", name)
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

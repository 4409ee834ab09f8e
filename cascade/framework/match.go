package framework

import (
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// Publication is an event a call publishes.
type Publication struct {
	Bus    string
	Events []string
	Sender string // "" when the publication names no sender
}

// Subscription is an event a symbol handles.
type Subscription struct {
	Bus    string
	Event  string
	Sender string
}

// Matches reports whether a publication reaches the subscription: same bus
// and event, and for sender-aware buses no conflicting sender (a receiver
// restricted to one sender hears only publications naming that sender).
func (s Subscription) Matches(p Publication, event string) bool {
	if s.Bus != p.Bus || s.Event != event && !queueWildcard(s, event) {
		return false
	}
	return s.Sender == "" || s.Sender == p.Sender
}

// queueWildcard: a handler of every job of a queue ("mail/*") hears each
// job added to that queue ("mail/welcome").
func queueWildcard(s Subscription, event string) bool {
	prefix, ok := strings.CutSuffix(s.Event, "/*")
	return ok && s.Bus == "queue" && strings.HasPrefix(event, prefix+"/")
}

// SubscriptionsOf lists the events target handles through its decorators.
func SubscriptionsOf(roles []Role) []Subscription {
	var out []Subscription
	for _, r := range roles {
		if r.Kind != RoleSubscriber && r.Bus == "" {
			continue // a refined role (RefineSignalRole) keeps its bus: it still hears explicit sends
		}
		for _, e := range r.Events {
			out = append(out, Subscription{Bus: r.Bus, Event: e, Sender: r.Sender})
		}
	}
	return out
}

// IsTask reports whether roles make the symbol a task or actor, which
// .delay()/.send() calls on its name run.
func IsTask(roles []Role) bool {
	for _, r := range roles {
		if r.Kind == RoleTask {
			return true
		}
	}
	return false
}

// IdentityBuses are the buses whose events are identities, not strings: a
// Django signal is the object receiver(post_save) names.
var IdentityBuses = map[string]bool{"django-signal": true}

// Identities reads signal names: receiver(post_save) and
// receiver([post_save, post_delete]) name the signals post_save and
// post_delete, whatever module they come from.
func Identities(arg string) []string {
	var out []string
	for _, el := range treesitter.ListElements(arg) {
		if name := lastSegment(strings.TrimSpace(el)); IsIdentifier(name) {
			out = append(out, name)
		}
	}
	return out
}

// CanonicalPattern writes a pattern object as written, minus whitespace and
// with one kind of quote, so { cmd: 'x' } and {cmd:"x"} are one pattern.
func CanonicalPattern(s string) string {
	s = strings.Join(strings.Fields(s), "")
	return strings.ReplaceAll(s, `"`, "'")
}

// MayPublish is a cheap test before resolving a call's publications: can
// any publisher pattern of its callee name publish one of events? A call
// whose event argument is a literal naming none of them cannot; a model
// save cannot publish anything but its model signals.
func MayPublish(c fact.Call, events map[string]bool) bool {
	for i := range Catalog {
		p := &Catalog[i]
		if p.Role != RolePublisher || p.Callee != c.Callee {
			continue
		}
		switch {
		case len(p.ModelSignals) > 0:
			for _, sig := range p.ModelSignals {
				if events[sig] {
					return true
				}
			}
		case p.EventIsReceiver:
			if events[lastSegment(strings.TrimSpace(c.Receiver))] {
				return true
			}
		default:
			if p.Bus == "queue" || p.Bus == "cqrs" {
				return true // the key is built from the receiver or a class
			}
			a, ok := p.EventArgument(c.Args)
			if !ok {
				continue
			}
			if v, lit := treesitter.StringLiteral(a); !lit || events[v] {
				return true // a literal naming one, or a name resolved later
			}
		}
	}
	return false
}

package framework

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
	if s.Bus != p.Bus || s.Event != event {
		return false
	}
	return s.Sender == "" || s.Sender == p.Sender
}

// SubscriptionsOf lists the events target handles through its decorators.
func SubscriptionsOf(roles []Role) []Subscription {
	var out []Subscription
	for _, r := range roles {
		if r.Kind != RoleSubscriber {
			continue
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

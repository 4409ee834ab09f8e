package framework

import (
	"fmt"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// Role is what a framework makes of a symbol: it is invoked by the
// framework (a route, a subscriber, a scheduled job, a task, a hook).
type Role struct {
	Kind      RoleKind `json:"kind"`
	Framework string   `json:"framework"`
	// Pattern is the decorator as written, "@OnEvent('report.created')",
	// or the hook's name.
	Pattern string `json:"pattern"`
	Bus     string `json:"bus,omitempty"`
	// Events are the resolved event names, topics, signals, paths or
	// schedules; Unresolved is the argument as written when it could not
	// be resolved (a name built at run time): reported, never guessed.
	Events     []string `json:"events,omitempty"`
	Unresolved string   `json:"unresolved,omitempty"`
	Sender     string   `json:"sender,omitempty"` // Django: sender=Model
	Method     string   `json:"method,omitempty"` // routes: GET, POST, ...
	// Summary says it for people: "NestJS route GET /reports/:id",
	// "handles event 'report.created' (NestJS @OnEvent)".
	Summary string `json:"summary"`
}

// Hint says how the framework invokes a symbol, for a report or a
// diagnostic when the graph found no caller of it: "invoked by the
// framework: NestJS route GET /fees", "handles event 'order.shipped' (...)
// — no publisher found in the workspace". Role.Events are the names worth
// searching the workspace for.
func (r Role) Hint() string {
	switch {
	case r.Kind == RoleSubscriber && len(r.Events) > 0:
		return r.Summary + " — no publisher found in the workspace"
	case r.Kind == RoleTask:
		return r.Summary + " — no .delay()/.send() of it found in the workspace"
	case strings.HasPrefix(r.Summary, "invoked by"), r.Unresolved != "" && r.Kind == RoleSubscriber:
		return r.Summary
	}
	return "invoked by the framework: " + r.Summary
}

// joinRoute joins a controller prefix and a route path: "reports" and
// ":id" are "/reports/:id".
func JoinRoute(prefix, p string) string {
	parts := []string{}
	for _, s := range []string{prefix, p} {
		if s = strings.Trim(s, "/"); s != "" {
			parts = append(parts, s)
		}
	}
	return "/" + strings.Join(parts, "/")
}

func Quoted(vals []string) string {
	q := make([]string, len(vals))
	for i, v := range vals {
		q[i] = "'" + v + "'"
	}
	return strings.Join(q, ", ")
}

// summarize says what a role means in a line, in the words the report and
// the diagnostics use.
func Summarize(p *Pattern, r Role) string {
	by := fmt.Sprintf("(%s %s)", p.Framework, r.Pattern)
	if len(r.Pattern) > 60 {
		by = fmt.Sprintf("(%s @%s)", p.Framework, p.Decorator)
	}
	switch r.Kind {
	case RoleSubscriber:
		switch {
		case r.Bus == "django-signal" && len(r.Events) > 0:
			s := "invoked by Django signal " + strings.Join(r.Events, ", ")
			if r.Sender != "" {
				s += " (sender=" + r.Sender + ")"
			}
			return s
		case len(r.Events) > 0:
			return fmt.Sprintf("handles %s %s %s", busNoun(r.Bus, len(r.Events)), Quoted(r.Events), by)
		case r.Unresolved != "":
			return fmt.Sprintf("handles a %s whose name is computed (%s), not resolved %s", busNoun(r.Bus, 1), r.Unresolved, by)
		}
		return fmt.Sprintf("handles %s %s", busNoun(r.Bus, 2), by)
	case RoleRoute:
		where := ""
		if len(r.Events) > 0 {
			where = " " + r.Events[0]
		} else if r.Unresolved != "" {
			where = " " + r.Unresolved
		}
		return fmt.Sprintf("%s route %s%s", p.Framework, r.Method, where)
	case RoleScheduled:
		if len(r.Events) > 0 || r.Unresolved != "" {
			spec := r.Unresolved
			if len(r.Events) > 0 {
				spec = r.Events[0]
			}
			return fmt.Sprintf("scheduled: %s '%s' %s", scheduleNoun(p.Decorator), spec, by)
		}
		return "scheduled " + by
	case RoleTask:
		return fmt.Sprintf("%s task %s: %s", p.Framework, r.Pattern, p.Means)
	}
	return fmt.Sprintf("invoked by %s %s: %s", p.Framework, r.Pattern, p.Means)
}

func busNoun(bus string, n int) string {
	noun := map[string]string{"kafka": "Kafka topic", "rabbit": "RabbitMQ queue", "jms": "JMS destination", "sqs": "SQS queue",
		"dapr": "Dapr topic", "microservice": "message pattern", "websocket": "websocket message", "queue": "queue job",
		"dom": "DOM event", "graphql": "GraphQL subscription", "spring-event": "application event", "go-bus": "topic", "cqrs": "CQRS message"}[bus]
	if noun == "" {
		noun = "event"
	}
	if n > 1 {
		noun += "s"
	}
	return noun
}

func scheduleNoun(decorator string) string {
	switch decorator {
	case "Interval":
		return "every (ms)"
	case "Timeout":
		return "once after (ms)"
	}
	return "cron"
}

// DecoratorText writes a decorator as a role shows it: @Name(arg, ...).
func DecoratorText(d treesitter.Decorator) string {
	return "@" + d.Name + "(" + strings.Join(d.Args, ", ") + ")"
}

// HasSubscriberDecorator reports whether one of the symbol's decorators
// makes it a subscriber in the catalog.
func HasSubscriberDecorator(s fact.Symbol) bool {
	for _, d := range s.Decorators {
		for _, p := range DecoratorPatterns(s.Language, d.Name) {
			if p.Role == RoleSubscriber {
				return true
			}
		}
	}
	return false
}

// HasSubscriberMethod reports whether the framework calls method s by its
// name as a subscriber because of its class's decorators (a WorkerHost's
// process in a @Processor class, a CQRS handler's handle or execute).
func HasSubscriberMethod(s fact.Symbol, classDecorators []treesitter.Decorator) bool {
	for _, p := range MethodPatterns(s.Language, s.Name, classDecorators) {
		if p.Role == RoleSubscriber {
			return true
		}
	}
	return false
}

package framework

import (
	"fmt"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// Message queues whose key is not simply one argument: which argument of
// a Kafka or RabbitMQ send names the topic or queue depends on the
// overload called, and a listener's topic may be a property placeholder
// that only the running application resolves.

// kafkaTopic reads the topic of kafkaTemplate.send(topic, [partition,]
// [key,] data) and of send(new ProducerRecord<>(topic, ...)). A Message
// built elsewhere names its topic in a header: not read.
func kafkaTopic(args []string) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	first := strings.TrimSpace(args[0])
	if rest, ok := strings.CutPrefix(first, "new "); ok {
		inner, ok := constructorArgs(rest, "ProducerRecord")
		if !ok || len(inner) == 0 {
			return "", false
		}
		return strings.TrimSpace(inner[0]), true
	}
	if len(args) == 1 {
		// send(MessageBuilder.withPayload(p).setHeader(KafkaHeaders.TOPIC,
		// topic).build()); a record or message built elsewhere names its
		// topic there: not read.
		return headerValue(first, "KafkaHeaders.TOPIC")
	}
	return first, true
}

// headerValue reads the value of setHeader(header, value) in a builder
// chain written as text.
func headerValue(chain, header string) (string, bool) {
	at := strings.Index(chain, "setHeader(")
	for at >= 0 {
		open := at + len("setHeader")
		end := treesitter.MatchBracket(chain, open)
		if end < 0 {
			return "", false
		}
		if args := treesitter.SplitTopLevel(chain[open+1 : end]); len(args) == 2 && strings.TrimSpace(args[0]) == header {
			return strings.TrimSpace(args[1]), true
		}
		next := strings.Index(chain[end:], "setHeader(")
		if next < 0 {
			break
		}
		at = end + next
	}
	return "", false
}

// constructorArgs splits the arguments of "Type<...>(a, b)" when the type
// is named want.
func constructorArgs(expr, want string) ([]string, bool) {
	open := strings.IndexByte(expr, '(')
	if open < 0 || !strings.HasSuffix(expr, ")") {
		return nil, false
	}
	name := strings.TrimSpace(expr[:open])
	if i := strings.IndexByte(name, '<'); i >= 0 {
		name = name[:i]
	}
	if lastSegment(name) != want {
		return nil, false
	}
	return treesitter.SplitTopLevel(expr[open+1 : len(expr)-1]), true
}

// rabbitQueue reads the queue a RabbitMQ send reaches for certain: the
// routing key when the message goes through the default exchange, whose
// routing keys are queue names. convertAndSend(routingKey, message) uses
// the template's exchange, the default one unless the application sets
// another (spring.rabbitmq.template.exchange, which is not read);
// convertAndSend("", routingKey, message) names the default exchange.
// Through a named exchange the queue is whatever a binding says: not
// linked. convertAndSend(message) names no key: not linked.
func rabbitQueue(args []string) (string, bool) {
	switch n := len(args); {
	case n == 2:
		return strings.TrimSpace(args[0]), true
	case n == 3 && isPostProcessor(args[2]):
		return strings.TrimSpace(args[0]), true // (routingKey, message, postProcessor)
	case n >= 3:
		if ex, ok := treesitter.StringLiteral(strings.TrimSpace(args[0])); ok && ex == "" {
			return strings.TrimSpace(args[1]), true
		}
	}
	return "", false
}

// isPostProcessor tells a MessagePostProcessor argument (a lambda, a
// method reference, a variable named so) from a message.
func isPostProcessor(a string) bool {
	a = strings.TrimSpace(a)
	return strings.Contains(a, "->") || strings.Contains(a, "::") ||
		strings.HasSuffix(strings.ToLower(a), "postprocessor") || strings.HasSuffix(strings.ToLower(a), "processor")
}

// PropertyKey reads a Spring property placeholder, "${app.topic}" or
// "${app.topic:default}", as the property it names, "${app.topic}"; ok is
// false for anything else (a name, a SpEL expression #{...}, text around
// the placeholder).
func PropertyKey(v string) (string, bool) {
	inner, ok := strings.CutPrefix(v, "${")
	if !ok || !strings.HasSuffix(inner, "}") {
		return "", false
	}
	inner = strings.TrimSuffix(inner, "}")
	if k, _, found := strings.Cut(inner, ":"); found {
		inner = k
	}
	if inner == "" || strings.ContainsAny(inner, "${}#") {
		return "", false
	}
	return "${" + inner + "}", true
}

// IsPlaceholder reports whether an event name is a Spring property
// placeholder or expression (${app.topic}, #{...}), which only the running
// application resolves.
func IsPlaceholder(v string) bool {
	return strings.Contains(v, "${") || strings.Contains(v, "#{")
}

// WithPlaceholders reads a listener's topics or queues written as Spring
// property placeholders: "${app.topic}" stays, as the property it names,
// which only a send of a field injected with the same property
// (@Value("${app.topic}")) matches — two sites naming one property name one
// topic, whatever its value; a SpEL expression or a name built around a
// placeholder is unresolved, never matched.
func WithPlaceholders(r Role) Role {
	kept := r.Events[:0:0]
	var props, dropped []string
	for _, e := range r.Events {
		switch key, ok := PropertyKey(e); {
		case ok:
			kept = append(kept, key)
			props = append(props, key)
		case IsPlaceholder(e):
			dropped = append(dropped, e)
		default:
			kept = append(kept, e)
		}
	}
	if len(props) == 0 && len(dropped) == 0 {
		return r
	}
	r.Events = kept
	by := "(" + r.Framework + " " + r.Pattern + ")"
	if len(r.Pattern) > 60 {
		by = "(" + r.Framework + ")"
	}
	switch {
	case len(kept) == 0:
		r.Unresolved = strings.Join(dropped, ", ")
		r.Summary = fmt.Sprintf("handles a %s named by an expression (%s) resolved only when the application runs: not linked %s",
			busNoun(r.Bus, 1), r.Unresolved, by)
	case len(dropped) == 0:
		r.Summary = fmt.Sprintf("handles %s %s %s; a property is resolved when the application runs: linked only to sends naming the same property",
			busNoun(r.Bus, len(kept)), Quoted(kept), by)
	default:
		r.Summary = fmt.Sprintf("handles %s %s, and one named by an expression (%s) that is not linked %s",
			busNoun(r.Bus, len(kept)), Quoted(kept), strings.Join(dropped, ", "), by)
	}
	return r
}

// Celery: tasks are run by name as well as through their function
// (.delay(), .s()): send_task('proj.tasks.x'), signature('proj.tasks.x'),
// and beat schedules naming the task by its registered name.

// RoleTaskByName is the role of a call that runs the task its first
// argument names: app.send_task('proj.tasks.cleanup').
const RoleTaskByName RoleKind = "task-by-name"

// CeleryBeatVia names a beat schedule entry for the edge it makes:
// beat_schedule['nightly']: scheduled by Celery beat, cron '0 3 * * *'.
func CeleryBeatVia(entry, schedule string) string {
	name := "beat_schedule"
	if v, ok := treesitter.StringLiteral(entry); ok {
		name += "['" + v + "']"
	} else if entry != "" {
		name += "[" + entry + "]"
	}
	return name + ": scheduled by Celery beat, " + CelerySchedule(schedule)
}

// IsCeleryTask reports whether one of the symbol's decorators makes it a
// Celery task (@shared_task, @app.task).
func IsCeleryTask(s fact.Symbol) bool {
	for _, d := range s.Decorators {
		for _, p := range DecoratorPatterns(s.Language, d.Name) {
			if p.Framework == "Celery" && p.Role == RoleTask {
				return true
			}
		}
	}
	return false
}

// CelerySchedule says how often a beat schedule runs its task: "every 300
// seconds", "every 5 minutes", "cron '0 3 * * *'"; the expression as
// written when it cannot be read.
func CelerySchedule(expr string) string {
	expr = strings.TrimSpace(expr)
	if isPlainNumber(expr) {
		return "every " + expr + " seconds"
	}
	name, args, ok := callParts(expr)
	if !ok {
		return "schedule " + expr + " (not evaluated)"
	}
	switch name {
	case "timedelta":
		var parts []string
		for i, a := range args {
			k, v, isKw := splitKeyword(a)
			if !isKw {
				k, v = []string{"days", "seconds", "microseconds", "milliseconds", "minutes", "hours", "weeks"}[min(i, 6)], strings.TrimSpace(a)
			}
			if !isPlainNumber(v) {
				return "every " + expr
			}
			parts = append(parts, v+" "+k)
		}
		return "every " + strings.Join(parts, ", ")
	case "schedule":
		if v, ok := Argument(args, 0, []string{"run_every"}); ok {
			return CelerySchedule(v)
		}
	case "crontab":
		// crontab(minute, hour, day_of_week, day_of_month, month_of_year)
		order := []string{"minute", "hour", "day_of_week", "day_of_month", "month_of_year"}
		field := map[string]string{}
		for i, a := range args {
			k, v, isKw := splitKeyword(a)
			if !isKw {
				if i >= len(order) {
					return "on " + expr
				}
				k, v = order[i], strings.TrimSpace(a)
			}
			if s, lit := treesitter.StringLiteral(v); lit {
				v = s
			} else if !isPlainNumber(v) {
				return "on " + expr
			}
			field[k] = strings.ReplaceAll(v, " ", "")
		}
		cron := make([]string, 0, 5)
		for _, k := range []string{"minute", "hour", "day_of_month", "month_of_year", "day_of_week"} {
			v := field[k]
			if v == "" {
				v = "*"
			}
			cron = append(cron, v)
		}
		return "cron '" + strings.Join(cron, " ") + "'"
	}
	return "on " + expr
}

// callParts splits "name(a, b)" into its callee's last segment and its
// top-level arguments.
func callParts(expr string) (string, []string, bool) {
	open := strings.IndexByte(expr, '(')
	if open <= 0 || !strings.HasSuffix(expr, ")") || !IsDotted(strings.TrimSpace(expr[:open])) {
		return "", nil, false
	}
	var args []string
	for _, a := range treesitter.SplitTopLevel(expr[open+1 : len(expr)-1]) {
		if a = strings.TrimSpace(a); a != "" {
			args = append(args, a)
		}
	}
	return lastSegment(strings.TrimSpace(expr[:open])), args, true
}

func isPlainNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' && s[i] != '_' {
			return false
		}
	}
	return true
}

// RabbitDeclaredQueues reads the queues a @RabbitListener declares rather
// than names: queuesToDeclare = @Queue("q") and bindings =
// @QueueBinding(value = @Queue("q"), exchange = ..., key = ...), as
// written (constants included). A message sent through the default
// exchange with the queue's name as routing key reaches them; what an
// exchange and key of a binding reach is not read (exchange types route
// differently). An anonymous @Queue names nothing.
func RabbitDeclaredQueues(args []string) []string {
	var out []string
	queue := func(expr string) {
		if inner, ok := annotationArgs(expr, "Queue"); ok {
			if v, ok := Argument(inner, 0, []string{"value", "name"}); ok {
				out = append(out, v)
			}
		}
	}
	if v, ok := Keyword(args, "queuesToDeclare"); ok {
		for _, el := range treesitter.ListElements(v) {
			queue(el)
		}
	}
	if v, ok := Keyword(args, "bindings"); ok {
		for _, el := range treesitter.ListElements(v) {
			if inner, ok := annotationArgs(el, "QueueBinding"); ok {
				if q, ok := Keyword(inner, "value"); ok {
					queue(q)
				}
			}
		}
	}
	return out
}

// KafkaPartitionTopics reads the topics a @KafkaListener names through
// topicPartitions = {@TopicPartition(topic = X, partitions = ...)}, as
// written.
func KafkaPartitionTopics(args []string) []string {
	var out []string
	if v, ok := Keyword(args, "topicPartitions"); ok {
		for _, el := range treesitter.ListElements(v) {
			if inner, ok := annotationArgs(el, "TopicPartition"); ok {
				if t, ok := Keyword(inner, "topic"); ok {
					out = append(out, t)
				}
			}
		}
	}
	return out
}

// annotationArgs splits the arguments of a nested annotation written
// @Name(...) (or @pkg.Name(...)).
func annotationArgs(expr, name string) ([]string, bool) {
	expr = strings.TrimSpace(expr)
	rest, ok := strings.CutPrefix(expr, "@")
	if !ok {
		return nil, false
	}
	open := strings.IndexByte(rest, '(')
	if open < 0 || !strings.HasSuffix(rest, ")") || lastSegment(strings.TrimSpace(rest[:open])) != name {
		return nil, false
	}
	return treesitter.SplitTopLevel(rest[open+1 : len(rest)-1]), true
}

// Spring's older listener style: a class implementing
// ApplicationListener<E> handles events of type E in onApplicationEvent(E).
const (
	SpringListenerInterface = "ApplicationListener"
	SpringListenerMethod    = "onApplicationEvent"
)

// IsSpringListenerMethod reports whether s may be an ApplicationListener's
// handler (its class is checked by the resolver).
func IsSpringListenerMethod(s fact.Symbol) bool {
	return s.Language == treesitter.Java && s.Name == SpringListenerMethod && len(s.Params) == 1
}

// RabbitQueueArgument is the queue argument of a RabbitMQ send through
// the default exchange; ok is false for a send through a named exchange
// (or none named), which reaches queues through bindings.
func RabbitQueueArgument(args []string) (string, bool) {
	return rabbitQueue(args)
}

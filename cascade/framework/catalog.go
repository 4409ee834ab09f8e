// Package framework is what callcascade knows of frameworks, in one place:
// the catalog of decorators, hooks and calls that make a framework invoke
// code or link code through an event, a queue, a signal, a registration or
// dependency injection (one file per language family); the roles a
// framework gives a symbol and how they are told to people; and the rule
// that matches a publication to the subscriptions it reaches. The resolver
// (graph/resolve) evaluates keys and finds the sites; it asks this package
// what they mean.
package framework

import (
	"strings"

	"github.com/callcascade/callcascade/treesitter"
)

// RoleKind says what a framework pattern makes of a decorated symbol or of
// a call.
type RoleKind string

// Roles of decorated (or conventionally named) symbols: the framework runs
// them, so their callers are not in the code.
const (
	RoleSubscriber RoleKind = "subscriber" // runs when an event, message, topic or signal is published
	RoleRoute      RoleKind = "route"      // serves an HTTP route, RPC, websocket or GraphQL operation
	RoleScheduled  RoleKind = "scheduled"  // run by a scheduler (cron, interval, timeout)
	RoleTask       RoleKind = "task"       // a background task or actor, run through .delay(), .send(), ...
	RoleLifecycle  RoleKind = "lifecycle"  // a lifecycle hook (module init, entity insert, ...)
	RoleCommand    RoleKind = "command"    // a command-line command
	RoleFixture    RoleKind = "fixture"    // a test fixture, injected by the test runner
	RoleInvoked    RoleKind = "invoked"    // otherwise run by the framework (@Async, ...)
)

// Roles of calls.
const (
	RolePublisher    RoleKind = "publisher"    // publishes the event in EventArg on Bus
	RoleRegistration RoleKind = "registration" // registers the handler in HandlerArg by value
	RoleTaskCall     RoleKind = "task-call"    // receiver.delay(...): runs the task named by the receiver
)

// Pattern is one entry of the framework catalog: a decorator, a method
// name or a call, and what it means.
type Pattern struct {
	Framework string
	Family    string // "js", "python", "java" or "go"
	Means     string // what the pattern means, for people

	// What matches: exactly one of Decorator, Method, Callee.
	//
	// Decorator: the decorator or annotation name. A plain name matches it
	// with any qualifier (OnEvent, x.OnEvent); "*.get" needs a qualifier
	// (app.get, router.get); a dotted name matches exactly.
	Decorator string
	// Method: a method name that the framework calls on instances of
	// classes carrying one of ClassDecorators (lifecycle hooks).
	Method          string
	ClassDecorators []string
	// Callee: the called name. Receiver, when set, must be the receiver's
	// last segment ("http" in http.HandleFunc); "-" means no receiver.
	// ReceiverType, when set and the receiver's declared type is known,
	// contain one of its |-separated names; ReceiverHint, when set, must occur in the receiver
	// (case-insensitively), for names too common to match alone.
	Callee       string
	Receiver     string
	ReceiverType string
	ReceiverHint string

	Role RoleKind
	// Bus: publishers link to subscribers of the same bus.
	Bus string
	// EventArg is the argument holding the event name, topic, path or
	// schedule (-1: none); EventKeys, when an argument is written key=value
	// or key: value (Java annotation elements, Python keywords, object
	// literal fields), are the keys that hold it, tried first.
	EventArg  int
	EventKeys []string
	// EventFrom, when set, picks the event argument instead of EventArg
	// where its position depends on the overload called (RabbitMQ's
	// routing key; a Kafka ProducerRecord's topic). See queues.go.
	EventFrom func(args []string) (string, bool)
	// EventIsReceiver: the event is the receiver itself (a Django signal:
	// order_shipped.send(...)).
	EventIsReceiver bool
	// EventIsParamType: with no event argument, the event is the type of
	// the first parameter (Spring @EventListener void on(OrderPlaced e)).
	EventIsParamType bool
	// EventIsName: with no event argument, the event is the method's name
	// (GraphQL @Subscription).
	EventIsName bool
	// EventFromCall: the event is the first argument of a call of this name
	// in the symbol's body (GraphQL: return pubSub.asyncIterator('topic')),
	// which wins over EventIsName.
	EventFromCall []string
	// SenderKey names the argument that restricts a subscription or a
	// publication to one sender (Django's sender=Model).
	SenderKey string
	// ModelSignals: the call sends these Django signals with the model
	// class of its receiver as the sender (instance.save(), Model.objects.
	// create(...)).
	ModelSignals []string
	// HTTPMethod for routes; PathLiteral requires the event argument to be
	// a path: a string starting with "/" (empty too, for decorators, where
	// a router prefix may complete it). Router methods named Get, get, GET
	// and decorators such as @x.patch are too common to trust otherwise
	// (@mock.patch("a.b") is no route).
	HTTPMethod  string
	PathLiteral bool
	// HandlerArg is the argument registered by value (-1: the last one);
	// HandlerKeys are keyword names that may hold it instead.
	HandlerArg  int
	HandlerKeys []string
	// ClassEvents names the class decorator whose events a method
	// decorator handles (@KafkaHandler in a @KafkaListener class).
	ClassEvents string
	// PrefixDecorator names the class decorator whose first argument
	// prefixes route paths (@Controller('reports'), @RequestMapping("/api")).
	PrefixDecorator string
	// QueueDecorator names the class decorator whose first argument (or
	// name:) is the queue a job handler serves (@Processor('mail')): the
	// event is "queue/job", "queue/*" for a handler of every job.
	QueueDecorator string
	// EventClassesFrom: the events are the classes named by the arguments
	// of the class decorator of this name (@EventsHandler(OrderPlaced)).
	EventClassesFrom string
	// ClassBases: a Method (or Decorator) entry that applies in classes
	// with one of these bases, direct or inherited (AppConfig.ready, a
	// viewset's list); PathContains further requires the file's path to
	// contain it (Django's /management/commands/).
	ClassBases   []string
	PathContains string
	// EveryHandlerKey registers every keyword argument named in
	// HandlerKeys, not only the first: a Go keyed composite literal
	// (cobra.Command{Use: "serve", PreRunE: check, RunE: run}), which the
	// extractor records as a call of "Command{}" with key=value arguments.
	EveryHandlerKey bool
}

// Catalog is the framework catalog: every decorator, hook and call that
// makes a framework invoke code, or links code through an event, one file
// per language family (ecma.go, python.go, java.go, golang.go), in that
// order. The resolver and the report read it; nothing else knows framework
// names. Adding a framework is adding its entries to its family's file
// (and a fixture under testdata/).
var Catalog = concat(ecmaPatterns, pythonPatterns, javaPatterns, goPatterns)

func concat(families ...[]Pattern) []Pattern {
	var out []Pattern
	for _, f := range families {
		out = append(out, f...)
	}
	return out
}

// FamilyOf groups languages whose code can share a framework: TypeScript,
// TSX and JavaScript are "js".
func FamilyOf(l treesitter.Language) string { return treesitter.Family(l) }

// DecoratorPatterns returns the catalog entries a decorator of a symbol in
// language lang matches.
func DecoratorPatterns(lang treesitter.Language, name string) []*Pattern {
	fam := FamilyOf(lang)
	var out []*Pattern
	for i := range Catalog {
		p := &Catalog[i]
		if p.Decorator != "" && p.Family == fam && decoratorMatches(p.Decorator, name) {
			out = append(out, p)
		}
	}
	return out
}

func decoratorMatches(pattern, name string) bool {
	if rest, ok := strings.CutPrefix(pattern, "*."); ok {
		i := strings.LastIndexByte(name, '.')
		return i > 0 && name[i+1:] == rest
	}
	if strings.Contains(pattern, ".") {
		return name == pattern
	}
	return name == pattern || strings.HasSuffix(name, "."+pattern)
}

// MethodPatterns returns the lifecycle entries a method named name matches
// when its class carries one of classDecorators.
func MethodPatterns(lang treesitter.Language, name string, classDecorators []treesitter.Decorator) []*Pattern {
	fam := FamilyOf(lang)
	var out []*Pattern
	for i := range Catalog {
		p := &Catalog[i]
		if p.Method != name || p.Family != fam {
			continue
		}
		for _, d := range classDecorators {
			if hasName(p.ClassDecorators, lastSegment(d.Name)) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// CallPatterns returns the catalog entries a call may match by its callee
// and receiver text; entries with a receiver type are candidates that
// AcceptsReceiver confirms once the caller knows the receiver's type.
func CallPatterns(lang treesitter.Language, callee, receiver string) []*Pattern {
	fam := FamilyOf(lang)
	var out []*Pattern
	for i := range Catalog {
		p := &Catalog[i]
		if p.Callee != callee || p.Family != fam {
			continue
		}
		switch p.Receiver {
		case "":
		case "-":
			if receiver != "" {
				continue
			}
		default:
			if lastSegment(receiver) != p.Receiver {
				continue
			}
		}
		if p.ReceiverHint != "" && p.ReceiverType == "" && !strings.Contains(strings.ToLower(receiver), p.ReceiverHint) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// AcceptsReceiver applies the pattern's receiver type condition: with the
// receiver's declared type known (declared != ""), the type decides; with
// it unknown, the receiver hint does, and a pattern without a hint accepts.
func (p *Pattern) AcceptsReceiver(receiver, declared string) bool {
	if p.ReceiverType == "" {
		return true
	}
	if declared != "" {
		// Subclasses and wrappers carry the name: ClientKafka is a
		// ClientProxy, PubSubService wraps a PubSub.
		name := lastSegment(declared)
		for _, t := range strings.Split(p.ReceiverType, "|") {
			if strings.Contains(name, t) {
				return true
			}
		}
		return false
	}
	return p.ReceiverHint == "" || strings.Contains(strings.ToLower(receiver), p.ReceiverHint)
}

// CalleesFor lists the callee names of the catalog's call entries of one
// role in a language family, for looking their call sites up by name.
func CalleesFor(fam string, role RoleKind) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range Catalog {
		if p.Callee != "" && p.Family == fam && p.Role == role && !seen[p.Callee] {
			seen[p.Callee] = true
			out = append(out, p.Callee)
		}
	}
	return out
}

func hasName(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Argument returns the argument of args (source texts) that a pattern
// reads: the first keyword argument named one of keys (key=value, key =
// value, or a field key: value of an object literal argument), else the
// positional argument at index (-1: the last), skipping keyword arguments.
// ok is false when there is no such argument.
func Argument(args []string, index int, keys []string) (string, bool) {
	if v, ok := Keyword(args, keys...); ok {
		return v, true
	}
	var positional []string
	for _, a := range args {
		if _, _, isKeyword := splitKeyword(a); !isKeyword {
			positional = append(positional, a)
		}
	}
	if index < 0 {
		index = len(positional) + index
	}
	if index < 0 || index >= len(positional) {
		return "", false
	}
	return strings.TrimSpace(positional[index]), true
}

// EventArgument returns the argument holding the pattern's event, topic,
// path or schedule: a keyword argument named in EventKeys, else the
// positional argument EventArg (none when EventArg is negative).
func (p *Pattern) EventArgument(args []string) (string, bool) {
	if v, ok := Keyword(args, p.EventKeys...); ok {
		return v, true
	}
	if p.EventFrom != nil {
		return p.EventFrom(args)
	}
	if p.EventArg < 0 {
		return "", false
	}
	return Argument(args, p.EventArg, nil)
}

// HandlerArgument returns the argument a registration registers: a keyword
// argument named in HandlerKeys, else the positional HandlerArg (-1: the
// last).
func (p *Pattern) HandlerArgument(args []string) (string, bool) {
	if v, ok := Keyword(args, p.HandlerKeys...); ok {
		return v, true
	}
	return Argument(args, p.HandlerArg, nil)
}

// Keyword returns the value of the first keyword argument (key=value, key =
// value, or an object literal argument's field key: value) named one of
// keys.
func Keyword(args []string, keys ...string) (string, bool) {
	for _, k := range keys {
		for _, a := range args {
			if v, ok := keywordValue(a, k); ok {
				return v, true
			}
			if v, ok := objectField(a, k); ok {
				return v, true
			}
		}
	}
	return "", false
}

// splitKeyword splits "key=value" and "key = value" (Python keywords, Java
// annotation elements); == is not a keyword argument.
func splitKeyword(a string) (key, value string, ok bool) {
	i := strings.IndexByte(a, '=')
	if i <= 0 || i+1 < len(a) && a[i+1] == '=' {
		return "", "", false
	}
	key = strings.TrimSpace(a[:i])
	for j := 0; j < len(key); j++ {
		if !isWordByte(key[j]) {
			return "", "", false
		}
	}
	return key, strings.TrimSpace(a[i+1:]), key != ""
}

func keywordValue(a, key string) (string, bool) {
	k, v, ok := splitKeyword(a)
	if !ok || k != key {
		return "", false
	}
	return v, true
}

// objectField reads key: value from an object literal argument, { topic:
// 'orders', messages } (top-level fields only).
func objectField(a, key string) (string, bool) {
	a = strings.TrimSpace(a)
	if !strings.HasPrefix(a, "{") || !strings.HasSuffix(a, "}") {
		return "", false
	}
	for _, part := range treesitter.SplitTopLevel(a[1 : len(a)-1]) {
		k, v, found := strings.Cut(part, ":")
		if !found {
			continue
		}
		k = strings.Trim(strings.TrimSpace(k), `'"`)
		if k == key {
			return strings.TrimSpace(v), true
		}
	}
	return "", false
}

// lastSegment is what follows the last dot: "http" in "net.http".
func lastSegment(s string) string {
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:]
	}
	return s
}

func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

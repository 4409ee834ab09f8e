package resolve

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/treesitter"
)

// RabbitMQ through a named exchange: convertAndSend(exchange, routingKey,
// message) reaches the queues that the application's bindings bind to
// that exchange with a key the routing key matches (any key for a fanout
// exchange, an AMQP pattern for a topic exchange, the same key otherwise).
// Bindings are read from @Bean methods: BindingBuilder.bind(queue).to(
// exchange)[.with(key)] and new Binding(queue, QUEUE, exchange, key, ...),
// with the queue and exchange beans' names read from their declarations
// (new Queue(name), QueueBuilder.durable(name), new TopicExchange(name),
// ExchangeBuilder.topicExchange(name)). A binding whose parts cannot be
// read binds nothing: the send is not linked.

type rabbitBinding struct {
	queue, exchange string
	kind            string // "topic", "fanout", "direct", "headers" or "" (unknown: keys compared)
	key             string
	hasKey          bool
}

// routes reports whether a message sent to exchange with routing key
// reaches the binding's queue.
func (b rabbitBinding) routes(exchange, key string) bool {
	if b.exchange != exchange {
		return false
	}
	switch b.kind {
	case "fanout":
		return true
	case "headers":
		return false // routed by headers, which are not read
	case "topic":
		return b.hasKey && amqpTopicMatch(strings.Split(b.key, "."), strings.Split(key, "."))
	}
	return b.hasKey && b.key == key
}

// amqpTopicMatch matches routing key words against a binding pattern: *
// is one word, # is zero or more.
func amqpTopicMatch(pattern, words []string) bool {
	if len(pattern) == 0 {
		return len(words) == 0
	}
	switch pattern[0] {
	case "#":
		for i := 0; i <= len(words); i++ {
			if amqpTopicMatch(pattern[1:], words[i:]) {
				return true
			}
		}
		return false
	case "*":
		return len(words) > 0 && amqpTopicMatch(pattern[1:], words[1:])
	}
	return len(words) > 0 && words[0] == pattern[0] && amqpTopicMatch(pattern[1:], words[1:])
}

// rabbitBindings reads the workspace's bindings.
func (q *frameworkView) rabbitBindings(ctx context.Context) []rabbitBinding {
	var out []rabbitBinding
	for _, callee := range []string{"with", "to"} {
		calls, err := q.callsNamed(ctx, callee)
		if err != nil {
			return out
		}
		for _, c := range calls {
			if !strings.Contains(c.Receiver, "bind(") || !strings.HasSuffix(c.Path, ".java") {
				continue
			}
			f, caller, err := q.callContext(ctx, c)
			if err != nil || f == nil || caller == nil {
				continue
			}
			var queueRef, exchangeRef string
			if callee == "to" {
				queueRef, _ = callArgument(c.Receiver, "bind")
				if len(c.Args) == 1 {
					exchangeRef = c.Args[0]
				}
			} else {
				queueRef, _ = callArgument(c.Receiver, "bind")
				exchangeRef, _ = callArgument(c.Receiver, "to")
			}
			queue, _ := q.rabbitBeanName(ctx, f, caller, queueRef, rabbitQueueDecl)
			exchange, kind := q.rabbitBeanName(ctx, f, caller, exchangeRef, rabbitExchangeDecl)
			if queue == "" || exchange == "" {
				continue
			}
			b := rabbitBinding{queue: queue, exchange: exchange, kind: kind}
			if callee == "with" {
				if len(c.Args) != 1 {
					continue
				}
				vals, ok := q.javaKey(ctx, f, caller, c.Args[0])
				if !ok || len(vals) != 1 {
					continue
				}
				b.key, b.hasKey = vals[0], true
			} else if kind != "fanout" {
				continue // .to(exchange).with(key) is read from the with call
			}
			out = append(out, b)
		}
	}
	// new Binding(queue, Binding.DestinationType.QUEUE, exchange, key, args)
	calls, err := q.callsNamed(ctx, "Binding")
	if err != nil {
		return out
	}
	for _, c := range calls {
		if !c.New || len(c.Args) < 4 || !strings.HasSuffix(strings.TrimSpace(c.Args[1]), "QUEUE") {
			continue
		}
		f, err := q.file(ctx, c.Path)
		if err != nil || f == nil {
			continue
		}
		var vals [3]string
		ok := true
		for i, a := range []string{c.Args[0], c.Args[2], c.Args[3]} {
			v, found := q.eventValues(ctx, f, a)
			ok = ok && found && len(v) == 1
			if ok {
				vals[i] = v[0]
			}
		}
		if ok {
			out = append(out, rabbitBinding{queue: vals[0], exchange: vals[1], key: vals[2], hasKey: true})
		}
	}
	return out
}

// callArgument is the argument text of the call of name in a receiver
// chain written as text: "bind" in BindingBuilder.bind(queue()).to(x).
func callArgument(chain, name string) (string, bool) {
	at := strings.Index(chain, name+"(")
	if at < 0 || at > 0 && isIdentByte(chain[at-1]) {
		return "", false
	}
	open := at + len(name)
	end := treesitter.MatchBracket(chain, open)
	if end < 0 {
		return "", false
	}
	return strings.TrimSpace(chain[open+1 : end]), true
}

// A declaration reader gives the name (and the exchange type) a bean
// method's body declares.
type rabbitDecl func(c fact.Call) (nameArg, kind string, ok bool)

func rabbitQueueDecl(c fact.Call) (string, string, bool) {
	switch {
	case c.New && c.Callee == "Queue" && len(c.Args) > 0:
		return c.Args[0], "", true
	case (c.Callee == "durable" || c.Callee == "nonDurable") && lastSegmentOf(c.Receiver) == "QueueBuilder" && len(c.Args) > 0:
		return c.Args[0], "", true
	}
	return "", "", false
}

func rabbitExchangeDecl(c fact.Call) (string, string, bool) {
	kinds := map[string]string{"TopicExchange": "topic", "DirectExchange": "direct", "FanoutExchange": "fanout", "HeadersExchange": "headers",
		"topicExchange": "topic", "directExchange": "direct", "fanoutExchange": "fanout", "headersExchange": "headers"}
	kind, known := kinds[c.Callee]
	switch {
	case !known || len(c.Args) == 0:
	case c.New:
		return c.Args[0], kind, true
	case lastSegmentOf(c.Receiver) == "ExchangeBuilder":
		return c.Args[0], kind, true
	}
	return "", "", false
}

// rabbitBeanName evaluates a queue or exchange bean reference written in
// caller (a @Bean method): queue() or this.queue(), a method of the same
// class; or a parameter, which Spring fills with the bean of its name.
func (q *frameworkView) rabbitBeanName(ctx context.Context, f *fact.File, caller *fact.Symbol, ref string, decl rabbitDecl) (string, string) {
	ref = strings.TrimPrefix(strings.TrimSpace(ref), "this.")
	var bean *fact.Symbol
	switch name, isCall := strings.CutSuffix(ref, "()"); {
	case isCall && framework.IsIdentifier(name):
		syms, err := q.store.SymbolsInFile(ctx, f.Path)
		if err != nil {
			return "", ""
		}
		for _, s := range syms {
			if s.Name == name && s.Container == caller.Container && isCallable(s) {
				s := s
				bean = &s
			}
		}
	case framework.IsIdentifier(ref):
		for _, p := range caller.Params {
			if p.Name == ref {
				bean = q.beanMethod(ctx, ref)
			}
		}
	}
	if bean == nil {
		return "", ""
	}
	calls, err := q.store.CallsFrom(ctx, bean.ID)
	if err != nil {
		return "", ""
	}
	bf, err := q.file(ctx, bean.Path)
	if err != nil || bf == nil {
		return "", ""
	}
	for _, c := range calls {
		if arg, kind, ok := decl(c); ok {
			if vals, ok := q.javaKey(ctx, bf, bean, arg); ok && len(vals) == 1 {
				return vals[0], kind
			}
			return "", ""
		}
	}
	return "", ""
}

// beanMethod is the one Java @Bean method named name in the workspace.
func (q *frameworkView) beanMethod(ctx context.Context, name string) *fact.Symbol {
	syms, err := q.namedIn(ctx, name, string(treesitter.Java))
	if err != nil {
		return nil
	}
	var found *fact.Symbol
	for _, s := range syms {
		for _, d := range s.Decorators {
			if lastSegmentOf(d.Name) == "Bean" && isCallable(s) {
				if found != nil {
					return nil // two beans of that name: not ours to pick
				}
				s := s
				found = &s
			}
		}
	}
	return found
}

// rabbitRouted lists the queues a send through a named exchange reaches
// by the workspace's bindings; nil for any other call.
func (q *frameworkView) rabbitRouted(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call, bindings func() []rabbitBinding) []string {
	if f.Language != treesitter.Java || len(c.Args) < 3 {
		return nil
	}
	if _, viaDefault := framework.RabbitQueueArgument(c.Args); viaDefault {
		return nil // the default exchange: linked as a publication
	}
	isRabbit := false
	for _, p := range q.callPatterns(ctx, f, caller, c, framework.RolePublisher) {
		isRabbit = isRabbit || p.Bus == "rabbit"
	}
	if !isRabbit {
		return nil
	}
	exchange, ok := q.javaKey(ctx, f, caller, c.Args[0])
	if !ok || len(exchange) != 1 || exchange[0] == "" {
		return nil
	}
	key, ok := q.javaKey(ctx, f, caller, c.Args[1])
	if !ok || len(key) != 1 {
		return nil
	}
	var out []string
	for _, b := range bindings() {
		if b.routes(exchange[0], key[0]) && !hasName(out, b.queue) {
			out = append(out, b.queue)
		}
	}
	return out
}

// rabbitSendCallees are the calls that may send through an exchange.
var rabbitSendCallees = []string{"convertAndSend", "convertSendAndReceive"}

// rabbitIncoming adds to byCaller the sends through a named exchange that
// bindings route to a queue target listens to.
func (q *frameworkView) rabbitIncoming(ctx context.Context, target fact.Symbol, byCaller edgeSet) error {
	if target.Language != treesitter.Java {
		return nil
	}
	queues := map[string]bool{}
	for _, s := range framework.SubscriptionsOf(q.rolesOf(ctx, target)) {
		if s.Bus == "rabbit" {
			queues[s.Event] = true
		}
	}
	if len(queues) == 0 {
		return nil
	}
	var cached []rabbitBinding
	read := false
	bindings := func() []rabbitBinding {
		if !read {
			cached, read = q.rabbitBindings(ctx), true
		}
		return cached
	}
	for _, callee := range rabbitSendCallees {
		calls, err := q.callsNamed(ctx, callee)
		if err != nil {
			return err
		}
		for _, c := range calls {
			if err := ctx.Err(); err != nil {
				return err
			}
			if len(c.Args) < 3 {
				continue
			}
			f, caller, err := q.callContext(ctx, c)
			if err != nil {
				return err
			}
			if f == nil {
				continue
			}
			for _, queue := range q.rabbitRouted(ctx, f, caller, c, bindings) {
				if queues[queue] {
					from, err := q.callerOf(ctx, c)
					if err != nil {
						return err
					}
					byCaller.add(from, c, fact.ResolvedEvent, "", queue)
				}
			}
		}
	}
	return nil
}

// rabbitOutgoing adds to byCallee the listeners of the queues a send
// through a named exchange reaches.
func (q *frameworkView) rabbitOutgoing(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call, byCallee edgeSet) error {
	if !hasName(rabbitSendCallees, c.Callee) || len(c.Args) < 3 {
		return nil
	}
	for _, queue := range q.rabbitRouted(ctx, f, caller, c, func() []rabbitBinding { return q.rabbitBindings(ctx) }) {
		subs, err := q.subscribersOf(ctx, framework.Publication{Bus: "rabbit"}, queue)
		if err != nil {
			return err
		}
		for _, s := range subs {
			byCallee.add(s, c, fact.ResolvedEvent, "", queue)
		}
	}
	return nil
}

// javaKey evaluates a queue, exchange or routing key written in caller:
// a literal or constant, else the property of a field injected with
// @Value("${prop}") (the same property is the same name).
func (q *frameworkView) javaKey(ctx context.Context, f *fact.File, caller *fact.Symbol, expr string) ([]string, bool) {
	if vals, ok := q.eventValues(ctx, f, expr); ok {
		return vals, true
	}
	vals := q.springProperty(ctx, caller, expr)
	return vals, len(vals) > 0
}

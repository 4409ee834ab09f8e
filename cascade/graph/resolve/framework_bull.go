package resolve

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
)

// Queues and CQRS buses (issue 13): a Bull/BullMQ job is keyed by its queue
// and its name ("mail/welcome"), the queue read from the processor class's
// @Processor(...) on one side and from the @InjectQueue(...) of the queue a
// job is added to on the other; a CQRS event, command or query is keyed by
// its class, resolved to its declaration on both sides.

// defaultJob is the name Bull gives a job added without one
// (queue.add(data)), which @Process() without a name handles.
const defaultJob = "__default__"

// classQueue is the queue the class decorator named by p.QueueDecorator
// gives cls: @Processor('mail'), @Processor({ name: MAIL_QUEUE }).
func (q *frameworkView) classQueue(ctx context.Context, cls *fact.Symbol, p *framework.Pattern) (string, bool) {
	if cls == nil || p.QueueDecorator == "" {
		return "", false
	}
	cf, err := q.file(ctx, cls.Path)
	if err != nil || cf == nil {
		return "", false
	}
	for _, d := range cls.Decorators {
		if lastSegmentOf(d.Name) != p.QueueDecorator {
			continue
		}
		a, ok := framework.Argument(d.Args, 0, []string{"name"})
		if !ok {
			return "", false
		}
		if vals, ok := q.eventValues(ctx, cf, a); ok && len(vals) == 1 {
			return vals[0], true
		}
		if key, ok := q.identityKey(ctx, cf, nil, a); ok {
			return key, true
		}
	}
	return "", false
}

// jobEvents keys the jobs a @Process(name) handler (or a WorkerHost's
// process method, name "*") serves with its class's queue; nil when the
// queue is not known: a job name alone says nothing of its queue.
func (q *frameworkView) jobEvents(ctx context.Context, cls *fact.Symbol, p *framework.Pattern, names []string) []string {
	queue, ok := q.classQueue(ctx, cls, p)
	if !ok {
		return nil
	}
	if len(names) == 0 {
		names = []string{defaultJob}
	}
	out := make([]string, 0, len(names))
	for _, n := range names {
		out = append(out, queue+"/"+n)
	}
	return out
}

// addedJobs keys the job queue.add(name, data) adds: the queue its
// receiver field was injected with (@InjectQueue(MAIL)), and the job name,
// evaluated ("__default__" for add(data)). nil when either is unknown.
func (q *frameworkView) addedJobs(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call) []string {
	queue, ok := q.injectedQueue(ctx, f, caller, c.Receiver)
	if !ok || len(c.Args) == 0 {
		return nil
	}
	arg := strings.TrimSpace(c.Args[0])
	if strings.HasPrefix(arg, "{") && len(c.Args) == 1 || len(c.Args) == 1 && !looksLikeKey(arg) {
		return []string{queue + "/" + defaultJob}
	}
	names, ok := q.eventValues(ctx, f, arg)
	if !ok {
		key, ok := q.identityKey(ctx, f, caller, arg)
		if !ok {
			return nil
		}
		names = []string{key}
	}
	out := make([]string, 0, len(names))
	for _, n := range names {
		out = append(out, queue+"/"+n)
	}
	return out
}

// looksLikeKey: a string, a template or a dotted name may name a job; an
// object or a call is the job's data.
func looksLikeKey(arg string) bool {
	if arg == "" {
		return false
	}
	switch arg[0] {
	case '\'', '"', '`':
		return true
	}
	return isDottedName(arg)
}

// injectedQueue is the queue a receiver (this.mailQueue) was injected
// with: the @InjectQueue(...) of the field in the caller's class,
// evaluated in that class's file.
func (q *frameworkView) injectedQueue(ctx context.Context, f *fact.File, caller *fact.Symbol, recv string) (string, bool) {
	field, ok := strings.CutPrefix(strings.TrimSpace(recv), "this.")
	if !ok || caller == nil || !isDottedName(field) || strings.Contains(field, ".") {
		return "", false
	}
	cls, err := q.classOf(ctx, caller)
	if err != nil || cls == nil {
		return "", false
	}
	cf, err := q.file(ctx, cls.Path)
	if err != nil || cf == nil {
		return "", false
	}
	for _, fl := range cf.Fields {
		if fl.Container != cls.Name || fl.Name != field || fl.Queue == "" {
			continue
		}
		if vals, ok := q.eventValues(ctx, cf, fl.Queue); ok && len(vals) == 1 {
			return vals[0], true
		}
		return q.identityKey(ctx, cf, nil, fl.Queue)
	}
	return "", false
}

// classKey names a class as a bus key: its name and the file declaring
// it, so two classes of one name are two keys.
func classKey(cls *fact.Symbol) string {
	return cls.Name + " (" + cls.Path + ")"
}

// classEvents keys the classes the class decorator p.EventClassesFrom of cls
// names: @EventsHandler(OrderPlaced, OrderShipped).
func (q *frameworkView) classEvents(ctx context.Context, cls *fact.Symbol, p *framework.Pattern) []string {
	if cls == nil || p.EventClassesFrom == "" {
		return nil
	}
	cf, err := q.file(ctx, cls.Path)
	if err != nil || cf == nil {
		return nil
	}
	var out []string
	for _, d := range cls.Decorators {
		if lastSegmentOf(d.Name) != p.EventClassesFrom {
			continue
		}
		for _, a := range d.Args {
			name := strings.TrimSpace(a)
			if !isDottedName(name) {
				continue
			}
			if ev, err := q.resolveTypeName(ctx, cf, name); err == nil && ev != nil {
				out = append(out, classKey(ev))
			}
		}
	}
	return out
}

// publishedClass keys what eventBus.publish(new OrderPlaced(...)) or
// commandBus.execute(cmd) sends: the class constructed, or the declared
// class of a local or parameter, resolved to its declaration.
func (q *frameworkView) publishedClass(ctx context.Context, f *fact.File, caller *fact.Symbol, arg string) []string {
	var out []string
	for _, name := range q.eventClass(ctx, f, caller, arg) {
		if ev, err := q.resolveTypeName(ctx, f, name); err == nil && ev != nil {
			out = append(out, classKey(ev))
		}
	}
	return out
}

// classHandlerRole is the role of a method the framework calls by name
// because of its class's decorator: a WorkerHost's process (every job of
// the queue), a CQRS handler's handle or execute (the classes named).
func (q *frameworkView) classHandlerRole(ctx context.Context, sym fact.Symbol, cls *fact.Symbol, p *framework.Pattern) framework.Role {
	role := framework.Role{Kind: p.Role, Framework: p.Framework, Pattern: sym.Name, Bus: p.Bus}
	switch {
	case p.QueueDecorator != "":
		role.Events = q.jobEvents(ctx, cls, p, []string{"*"})
	case p.EventClassesFrom != "":
		role.Events = q.classEvents(ctx, cls, p)
	}
	if len(role.Events) == 0 {
		role.Unresolved = "the arguments of its class's @" + firstNonEmpty(p.QueueDecorator, p.EventClassesFrom)
	}
	role.Summary = framework.Summarize(p, role)
	return role
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

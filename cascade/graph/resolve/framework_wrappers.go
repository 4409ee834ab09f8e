package resolve

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
)

// Publishers wrapped in the application's own helpers (issue 13): real
// services call jobRepository.queue(name, data) or notify(event), which pass
// their argument on to emitter.emit or queue.add. A project function that
// passes a parameter (or a property of it) on as a known publisher's key is
// a wrapper; its calls publish, with the key taken from their argument,
// through up to maxWrapperDepth levels of such helpers.

const maxWrapperDepth = 3

// wrapper is one helper forwarding its parameter to a publisher.
type wrapper struct {
	sym   fact.Symbol
	param int    // the parameter holding the key
	prop  string // the property of that parameter holding it, "" for the parameter itself
	bus   string
	queue string // for queue jobs: the queue the helper adds to
}

// wrappersNamed returns the wrappers whose function is called name. The
// workspace's wrappers are found once per store generation.
func (q *frameworkView) wrappersNamed(ctx context.Context, name string) []wrapper {
	g := q.r.current()
	q.r.mu.Lock()
	byName := g.wrappers
	q.r.mu.Unlock()
	if byName == nil {
		var err error
		if byName, err = q.findWrappers(ctx); err != nil {
			return nil // interrupted: nothing kept, nothing claimed
		}
		q.r.mu.Lock()
		g.wrappers = byName
		q.r.mu.Unlock()
	}
	return byName[name]
}

func (q *frameworkView) findWrappers(ctx context.Context) (map[string][]wrapper, error) {
	byName := map[string][]wrapper{}
	var level []wrapper
	seen := map[string]bool{}
	add := func(w wrapper) {
		k := w.sym.ID + "/" + w.prop
		if !seen[k] {
			seen[k] = true
			level = append(level, w)
			byName[w.sym.Name] = append(byName[w.sym.Name], w)
		}
	}
	// Level 1: functions whose own publisher call takes its key from a parameter.
	seenCallee := map[string]bool{}
	for i := range framework.Catalog {
		p := &framework.Catalog[i]
		if p.Role != framework.RolePublisher || p.Callee == "" || seenCallee[p.Callee] || len(p.ModelSignals) > 0 || p.EventIsReceiver {
			continue
		}
		seenCallee[p.Callee] = true
		calls, err := q.callsNamed(ctx, p.Callee)
		if err != nil {
			return nil, err
		}
		for _, c := range calls {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if c.CallerID == "" || !mayForwardParam(c) {
				continue
			}
			f, caller, err := q.callContext(ctx, c)
			if err != nil || f == nil || caller == nil {
				continue
			}
			for _, cp := range q.callPatterns(ctx, f, caller, c, framework.RolePublisher) {
				if len(cp.ModelSignals) > 0 || cp.EventIsReceiver {
					continue
				}
				arg, ok := cp.EventArgument(c.Args)
				if cp.Bus == "queue" && len(c.Args) > 0 {
					arg, ok = c.Args[0], true
				}
				if !ok {
					continue
				}
				param, prop, ok := paramRef(caller, arg)
				if !ok {
					continue
				}
				w := wrapper{sym: *caller, param: param, prop: prop, bus: cp.Bus}
				if cp.Bus == "queue" {
					if w.queue, ok = q.injectedQueue(ctx, f, caller, c.Receiver); !ok {
						continue
					}
				}
				add(w)
			}
		}
	}
	// Further levels: functions passing a parameter on to a wrapper.
	for depth := 1; depth < maxWrapperDepth && len(level) > 0; depth++ {
		prev := level
		level = nil
		for _, w := range prev {
			calls, err := q.callsNamed(ctx, w.sym.Name)
			if err != nil {
				return nil, err
			}
			for _, c := range calls {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				if c.CallerID == "" || w.param >= len(c.Args) || !q.callsSymbol(ctx, c, w.sym) {
					continue
				}
				_, caller, err := q.callContext(ctx, c)
				if err != nil || caller == nil || caller.ID == w.sym.ID {
					continue
				}
				arg := c.Args[w.param]
				if w.prop != "" {
					v, ok := framework.Keyword([]string{arg}, w.prop)
					if !ok {
						continue
					}
					arg = v
				}
				param, prop, ok := paramRef(caller, arg)
				if !ok {
					continue
				}
				add(wrapper{sym: *caller, param: param, prop: prop, bus: w.bus, queue: w.queue})
			}
		}
	}
	return byName, nil
}

// mayForwardParam is a cheap test before loading a publisher call's
// context: the key argument of one of its callee's publisher patterns must
// be a name or a name's property.
func mayForwardParam(c fact.Call) bool {
	for i := range framework.Catalog {
		p := &framework.Catalog[i]
		if p.Role != framework.RolePublisher || p.Callee != c.Callee {
			continue
		}
		arg, ok := p.EventArgument(c.Args)
		if p.Bus == "queue" && len(c.Args) > 0 {
			arg, ok = c.Args[0], true
		}
		arg = strings.TrimSpace(arg)
		if ok && isDottedName(arg) && strings.Count(arg, ".") <= 1 && !strings.HasPrefix(arg, "this.") {
			return true
		}
	}
	return false
}

// paramRef reads arg as a parameter of fn (event) or a property of one
// (options.name); ok is false for anything else.
func paramRef(fn *fact.Symbol, arg string) (param int, prop string, ok bool) {
	arg = strings.TrimSpace(arg)
	name, prop, _ := strings.Cut(arg, ".")
	if !isDottedName(arg) || strings.Contains(prop, ".") {
		return 0, "", false
	}
	for i, p := range fn.Params {
		if p.Name == name {
			return i, prop, true
		}
	}
	return 0, "", false
}

// callsSymbol reports whether call c resolves, precisely, to sym.
func (q *frameworkView) callsSymbol(ctx context.Context, c fact.Call, sym fact.Symbol) bool {
	targets, res, err := q.resolveCall(ctx, c)
	if err != nil || res != fact.ResolvedAST {
		return false
	}
	return containsID(targets, sym.ID)
}

// wrapperPublications lists what a call of a wrapper publishes: the key
// its argument gives, evaluated like any other key.
func (q *frameworkView) wrapperPublications(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call) []framework.Publication {
	ws := q.wrappersNamed(ctx, c.Callee)
	if len(ws) == 0 {
		return nil
	}
	var out []framework.Publication
	for _, w := range ws {
		if w.param >= len(c.Args) || caller != nil && caller.ID == w.sym.ID || !q.callsSymbol(ctx, c, w.sym) {
			continue
		}
		arg := c.Args[w.param]
		if w.prop != "" {
			v, ok := framework.Keyword([]string{arg}, w.prop)
			if !ok {
				continue
			}
			arg = v
		}
		events, ok := q.eventValues(ctx, f, arg)
		if !ok {
			key, ok := q.identityKey(ctx, f, caller, arg)
			if !ok {
				continue
			}
			events = []string{key}
		}
		if w.bus == "queue" {
			for i := range events {
				events[i] = w.queue + "/" + events[i]
			}
		}
		out = append(out, framework.Publication{Bus: w.bus, Events: events})
	}
	return out
}

// wrapperCallees lists the names of the workspace's wrappers publishing on
// one of buses.
func (q *frameworkView) wrapperCallees(ctx context.Context, buses map[string]bool) []string {
	q.wrappersNamed(ctx, "") // builds the list
	g := q.r.current()
	q.r.mu.Lock()
	defer q.r.mu.Unlock()
	var out []string
	for name, ws := range g.wrappers {
		for _, w := range ws {
			if buses[w.bus] {
				out = append(out, name)
				break
			}
		}
	}
	return out
}

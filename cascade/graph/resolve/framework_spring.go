package resolve

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/treesitter"
)

// Spring: Java constants bound the way javac binds them, the classes an
// application event reaches listeners of, and listener topics that only
// the running application can name.

// javaConstant resolves a Java constant, container.name or a simple name,
// written in file f: Type.NAME through the type (and its supertypes, where
// interface constants live); NAME in the classes of f and their
// supertypes, or through a static import.
func (q *frameworkView) javaConstant(ctx context.Context, f *fact.File, container, name string, depth int) (string, bool) {
	if depth > maxKeyDepth {
		return "", false
	}
	if container != "" {
		cls, err := q.resolveTypeName(ctx, f, container)
		if err != nil || cls == nil {
			return "", false
		}
		return q.classConstant(ctx, *cls, name, depth)
	}
	// A simple name: a constant of a class of this file, or one it
	// inherits (class X implements Queues).
	for _, c := range f.Constants {
		if c.Name == name {
			return q.constantValue(ctx, f, c, depth)
		}
	}
	syms, err := q.store.SymbolsInFile(ctx, f.Path)
	if err == nil {
		for _, s := range syms {
			if !isType(s) {
				continue
			}
			for _, b := range q.bases(ctx, s) {
				if v, ok := q.classConstant(ctx, b, name, depth+1); ok {
					return v, true
				}
			}
		}
	}
	// import static com.x.Topics.ORDERS; import static com.x.Topics.*;
	for _, imp := range f.Imports {
		static := imp.Local == name && !strings.HasSuffix(imp.Module, "."+name)
		wildcard := imp.Local == "*" && imp.Imported == "*"
		if !static && !wildcard {
			continue
		}
		cls, err := q.resolveTypeName(ctx, f, imp.Module)
		if err != nil || cls == nil {
			continue
		}
		if v, ok := q.classConstant(ctx, *cls, name, depth+1); ok {
			return v, true
		}
	}
	return "", false
}

// classConstant is the constant name declared in cls or inherited from
// its supertypes.
func (q *frameworkView) classConstant(ctx context.Context, cls fact.Symbol, name string, depth int) (string, bool) {
	if depth > maxKeyDepth {
		return "", false
	}
	cf, err := q.file(ctx, cls.Path)
	if err != nil || cf == nil {
		return "", false
	}
	if c, ok := constantIn(cf, cls.Name, name); ok {
		return q.constantValue(ctx, cf, c, depth)
	}
	for _, b := range q.bases(ctx, cls) {
		if v, ok := q.classConstant(ctx, b, name, depth+1); ok {
			return v, true
		}
	}
	return "", false
}

// springEventTypes lists the types a published application event is an
// instance of: its class (new X(...), or a local, field or parameter
// declared X) and the supertypes the workspace declares, so that a
// listener of a base class or interface hears a subclass's events, as
// Spring dispatches them.
func (q *frameworkView) springEventTypes(ctx context.Context, f *fact.File, caller *fact.Symbol, arg string) []string {
	types := q.eventClass(ctx, f, caller, arg)
	if len(types) == 0 && caller != nil && framework.IsIdentifier(strings.TrimSpace(arg)) {
		for _, p := range caller.Params {
			if p.Name == strings.TrimSpace(arg) && p.Type != "" {
				types = []string{javaSimpleType(p.Type)}
			}
		}
	}
	if len(types) == 0 && caller != nil {
		types = q.returnedType(ctx, f, caller, arg)
	}
	if len(types) != 1 {
		return types
	}
	cls, err := q.resolveTypeName(ctx, f, types[0])
	if err != nil || cls == nil {
		return types
	}
	seen := map[string]bool{types[0]: true}
	var walk func(c fact.Symbol, depth int)
	walk = func(c fact.Symbol, depth int) {
		if depth > 6 {
			return
		}
		for _, e := range c.Extends {
			if n := javaSimpleType(e); n != "" && n != "Object" && !seen[n] {
				seen[n] = true
				types = append(types, n)
			}
		}
		for _, b := range q.bases(ctx, c) {
			walk(b, depth+1)
		}
	}
	walk(*cls, 0)
	return types
}

// javaSimpleType is a type's simple name without type arguments:
// com.x.OrderEvent<T> is OrderEvent.
func javaSimpleType(t string) string {
	t = strings.TrimSpace(t)
	if i := strings.IndexByte(t, '<'); i >= 0 {
		t = t[:i]
	}
	return lastSegmentOf(t)
}

// springRoles applies what Spring alone decides to roles read from
// decorators: a @KafkaHandler or @RabbitHandler method handles what its
// class's @KafkaListener or @RabbitListener names, and a topic or queue
// given as a property placeholder is that property, not a name.
func (q *frameworkView) springRoles(ctx context.Context, sym fact.Symbol, roles []framework.Role) []framework.Role {
	if sym.Language != treesitter.Java {
		return roles
	}
	for _, d := range sym.Decorators {
		for _, p := range framework.DecoratorPatterns(sym.Language, d.Name) {
			if p.Bus == "rabbit" && p.Role == framework.RoleSubscriber {
				q.declaredNames(ctx, sym, d, p, roles, framework.RabbitDeclaredQueues(d.Args))
			}
			if p.Bus == "kafka" && p.Role == framework.RoleSubscriber {
				q.declaredNames(ctx, sym, d, p, roles, framework.KafkaPartitionTopics(d.Args))
			}
			if p.ClassEvents == "" {
				continue
			}
			if r, ok := q.classListenerRole(ctx, sym, p.ClassEvents); ok {
				r.Summary = strings.Replace(r.Summary, "("+r.Framework+" ", "("+r.Framework+" @"+d.Name+" under ", 1)
				for i := range roles {
					if roles[i].Pattern == framework.DecoratorText(d) || roles[i].Pattern == "@"+d.Name {
						roles[i] = r
					}
				}
			}
		}
	}
	if r, ok := q.applicationListenerRole(ctx, sym); ok {
		roles = append(roles, r)
	}
	for i, r := range roles {
		if r.Kind == framework.RoleSubscriber {
			roles[i] = framework.WithPlaceholders(r)
		}
	}
	return roles
}

// classListenerRole is the role that the class decorator named listener
// (@KafkaListener on the class) gives a handler method of the class.
func (q *frameworkView) classListenerRole(ctx context.Context, sym fact.Symbol, listener string) (framework.Role, bool) {
	cls, err := q.classOf(ctx, &sym)
	if err != nil || cls == nil {
		return framework.Role{}, false
	}
	f, err := q.file(ctx, cls.Path)
	if err != nil || f == nil {
		return framework.Role{}, false
	}
	for _, cd := range cls.Decorators {
		if lastSegmentOf(cd.Name) != listener {
			continue
		}
		for _, p := range framework.DecoratorPatterns(cls.Language, cd.Name) {
			if p.Role == framework.RoleSubscriber {
				return q.decoratorRole(ctx, f, sym, cls, cd, p), true
			}
		}
	}
	return framework.Role{}, false
}

// declaredNames adds to the role of a listener annotation the queues or
// topics it names in nested annotations (a @RabbitListener's
// queuesToDeclare and bindings, a @KafkaListener's topicPartitions),
// evaluated.
func (q *frameworkView) declaredNames(ctx context.Context, sym fact.Symbol, d treesitter.Decorator, p *framework.Pattern, roles []framework.Role, exprs []string) {
	if len(exprs) == 0 {
		return
	}
	f, err := q.file(ctx, sym.Path)
	if err != nil || f == nil {
		return
	}
	var names []string
	for _, e := range exprs {
		if vals, ok := q.eventValues(ctx, f, e); ok {
			names = append(names, vals...)
		}
	}
	if len(names) == 0 {
		return
	}
	for i := range roles {
		if roles[i].Pattern != framework.DecoratorText(d) {
			continue
		}
		for _, n := range names {
			if !hasName(roles[i].Events, n) {
				roles[i].Events = append(roles[i].Events, n)
			}
		}
		roles[i].Unresolved = ""
		roles[i].Summary = framework.Summarize(p, roles[i])
	}
}

// springProperty is the Spring property a send's topic or queue argument
// holds: a field of the caller's class injected with @Value("${prop}").
func (q *frameworkView) springProperty(ctx context.Context, caller *fact.Symbol, arg string) []string {
	name := strings.TrimPrefix(strings.TrimSpace(arg), "this.")
	if caller == nil || !framework.IsIdentifier(name) {
		return nil
	}
	for _, p := range caller.Params {
		if p.Name == name {
			return nil // a parameter shadows the field
		}
	}
	cls, err := q.classOf(ctx, caller)
	if err != nil || cls == nil {
		return nil
	}
	v, ok := treesitter.StringLiteral(q.fieldToken(ctx, *cls, name))
	if !ok {
		return nil
	}
	if key, ok := framework.PropertyKey(v); ok {
		return []string{key}
	}
	return nil
}

// applicationListenerRole is the role of onApplicationEvent(E) in a class
// implementing ApplicationListener<E> (directly or through a workspace
// base class): it handles application events of type E.
func (q *frameworkView) applicationListenerRole(ctx context.Context, sym fact.Symbol) (framework.Role, bool) {
	if !framework.IsSpringListenerMethod(sym) || sym.Params[0].Type == "" {
		return framework.Role{}, false
	}
	cls, err := q.classOf(ctx, &sym)
	if err != nil || cls == nil || !q.implements(ctx, *cls, framework.SpringListenerInterface, 0) {
		return framework.Role{}, false
	}
	event := javaSimpleType(sym.Params[0].Type)
	return framework.Role{Kind: framework.RoleSubscriber, Framework: "Spring", Pattern: framework.SpringListenerInterface + "<" + event + ">",
		Bus: "spring-event", Events: []string{event},
		Summary: "handles application event '" + event + "' (Spring " + framework.SpringListenerInterface + "<" + event + ">)"}, true
}

// implements reports whether cls names iface among its supertypes, as
// written, or through its workspace base classes.
func (q *frameworkView) implements(ctx context.Context, cls fact.Symbol, iface string, depth int) bool {
	if depth > 5 {
		return false
	}
	for _, e := range cls.Extends {
		if javaSimpleType(e) == iface {
			return true
		}
	}
	for _, b := range q.bases(ctx, cls) {
		if q.implements(ctx, b, iface, depth+1) {
			return true
		}
	}
	return false
}

// returnedType is the declared result type of a call written as an
// argument, OrderPlaced.of(order) or order.toEvent(), when it resolves to
// one workspace method.
func (q *frameworkView) returnedType(ctx context.Context, f *fact.File, caller *fact.Symbol, arg string) []string {
	arg = strings.TrimSpace(arg)
	open := strings.IndexByte(arg, '(')
	if open <= 0 || treesitter.MatchBracket(arg, open) != len(arg)-1 {
		return nil
	}
	callee := strings.TrimSpace(arg[:open])
	if !framework.IsDotted(callee) {
		return nil
	}
	c := fact.Call{Path: f.Path, CallerID: caller.ID, Callee: lastSegmentOf(callee)}
	if i := strings.LastIndexByte(callee, '.'); i >= 0 {
		c.Receiver = callee[:i]
	}
	targets, res, err := q.resolveCall(ctx, c)
	if err != nil || res != fact.ResolvedAST || len(targets) != 1 {
		return nil
	}
	if t := javaSimpleType(targets[0].Returns); t != "" && t != "void" {
		return []string{t}
	}
	return nil
}

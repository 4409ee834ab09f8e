package resolve

import (
	"context"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/treesitter"
)

// frameworkView is the framework side of one request's resolution: event
// keys evaluated, publishers, subscribers and registrations found, and the
// types dependency injection and task queues give (what they mean comes
// from package framework). It reads through the request's core view, which
// it embeds; the core asks it only through frameworkEdges.
type frameworkView struct{ *query }

func (q *frameworkView) incoming(ctx context.Context, target fact.Symbol, byCaller edgeSet) error {
	return q.frameworkIncoming(ctx, target, byCaller)
}

func (q *frameworkView) outgoing(ctx context.Context, calls []fact.Call, byCallee edgeSet) error {
	return q.frameworkOutgoing(ctx, calls, byCallee)
}

func (q *frameworkView) roles(ctx context.Context, sym fact.Symbol) []framework.Role {
	return q.rolesOf(ctx, sym)
}

// injected is the class a field of cls is injected with by a token
// (@Inject(TOKEN)), through the module's provider map; nil when the field
// has no token or the map names no class.
func (q *frameworkView) injected(ctx context.Context, f *fact.File, cls fact.Symbol, field string) (*fact.Symbol, error) {
	tok := q.fieldToken(ctx, cls, field)
	if tok == "" || strings.HasPrefix(tok, treesitter.JavaInjectPrefix) {
		return nil, nil // a Spring field: its declared type, narrowed at dispatch (injectedExcludes)
	}
	return q.providedClass(ctx, q.mustFile(ctx, cls.Path, f), tok)
}

func (q *frameworkView) task(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call) (*fact.Symbol, error) {
	return q.taskCalled(ctx, f, caller, c)
}

// Framework-aware edges. Everything here is computed at query time from
// stored per-file facts (decorators, call sites with their arguments,
// constants), like the rest of the resolver: no link between two files is
// ever stored, so re-indexing one file never leaves a stale edge. What each
// decorator or call means comes from framework.Catalog.

// FrameworkRoles says how frameworks invoke sym, from its decorators (and
// its class's, for route prefixes and lifecycle hooks) and the catalog.
// An empty result means no catalog entry applies.
func (r *Resolver) FrameworkRoles(ctx context.Context, sym fact.Symbol) ([]framework.Role, error) {
	q := r.newQuery(ctx)
	roles := q.frameworks().roles(ctx, sym)
	return roles, ctx.Err()
}

func (q *frameworkView) rolesOf(ctx context.Context, sym fact.Symbol) []framework.Role {
	if !isCallable(sym) {
		return nil
	}
	f, err := q.file(ctx, sym.Path)
	if err != nil || f == nil {
		return nil
	}
	var cls *fact.Symbol
	if sym.Container != "" {
		cls, _ = q.classOf(ctx, &sym)
	}
	var roles []framework.Role
	for _, d := range sym.Decorators {
		for _, p := range framework.DecoratorPatterns(sym.Language, d.Name) {
			if p.PathLiteral && !q.pathArgument(ctx, f, d.Args, p) || !q.classAllows(ctx, cls, p) {
				continue
			}
			roles = append(roles, q.decoratorRole(ctx, f, sym, cls, d, p))
		}
	}
	if cls != nil {
		for _, p := range framework.MethodPatterns(sym.Language, sym.Name, cls.Decorators) {
			if p.Role == framework.RoleSubscriber {
				roles = append(roles, q.classHandlerRole(ctx, sym, cls, p))
				continue
			}
			roles = append(roles, framework.Role{Kind: p.Role, Framework: p.Framework, Pattern: sym.Name,
				Summary: fmt.Sprintf("%s lifecycle hook %s: %s", p.Framework, sym.Name, p.Means)})
		}
	}
	roles = append(roles, q.baseRoles(ctx, f, sym, cls)...)
	roles = append(roles, q.registrationRoles(ctx, sym)...)
	return q.celeryRoles(ctx, sym, q.springRoles(ctx, sym, roles))
}

func (q *frameworkView) decoratorRole(ctx context.Context, f *fact.File, sym fact.Symbol, cls *fact.Symbol, d treesitter.Decorator, p *framework.Pattern) framework.Role {
	if p.Framework == "FastAPI" && p.Role == framework.RoleRoute && pyImportsFlaskNotFastAPI(f) {
		// bp.get("/x"), bp.post(...): Flask 2's shortcuts spell FastAPI's
		flask := *p
		flask.Framework = "Flask"
		p = &flask
	}
	role := framework.Role{Kind: p.Role, Framework: p.Framework, Pattern: framework.DecoratorText(d), Bus: p.Bus, Method: p.HTTPMethod}
	if len(d.Args) == 0 {
		role.Pattern = "@" + d.Name
	}
	arg, hasArg := p.EventArgument(d.Args)
	if hasArg {
		if framework.IdentityBuses[p.Bus] {
			role.Events = framework.Identities(arg)
		} else if vals, ok := q.eventValues(ctx, f, arg); ok {
			role.Events = vals
		} else if key, ok := q.identityKey(ctx, f, nil, arg); ok {
			role.Events = []string{key}
		} else {
			role.Unresolved = arg
		}
	}
	if !hasArg || strings.HasPrefix(strings.TrimSpace(arg), "(") || strings.Contains(arg, "=>") {
		// @Subscription(() => Comment): the first argument is a type thunk.
		switch {
		case p.EventIsParamType && len(sym.Params) > 0 && sym.Params[0].Type != "":
			role.Events, role.Unresolved = []string{lastSegmentOf(sym.Params[0].Type)}, ""
		case p.EventIsName:
			role.Events, role.Unresolved = []string{sym.Name}, ""
		}
	}
	if p.QueueDecorator != "" && (!hasArg || len(role.Events) > 0) {
		// @Process('welcome') in @Processor('mail'): the job mail/welcome.
		role.Events = q.jobEvents(ctx, cls, p, role.Events)
		if len(role.Events) == 0 {
			role.Unresolved = "the queue of its class's @" + p.QueueDecorator
		}
	}
	if len(p.EventFromCall) > 0 {
		if vals := q.eventsFromBody(ctx, f, sym, p.EventFromCall); len(vals) > 0 {
			role.Events, role.Unresolved = vals, ""
		}
	}
	if p.SenderKey != "" {
		if s, ok := framework.Keyword(d.Args, p.SenderKey); ok {
			role.Sender = framework.SignalSender(s)
		}
	}
	if p.Role == framework.RoleRoute {
		prefix := ""
		if cls != nil && p.PrefixDecorator != "" {
			for _, cd := range cls.Decorators {
				if lastSegmentOf(cd.Name) != p.PrefixDecorator {
					continue
				}
				if a, ok := framework.Argument(cd.Args, 0, []string{"value", "path"}); ok {
					if vals, ok := q.eventValues(ctx, q.mustFile(ctx, cls.Path, f), a); ok && len(vals) > 0 {
						prefix = vals[0]
					}
				}
			}
		}
		if prefix != "" || len(role.Events) > 0 {
			p0 := ""
			if len(role.Events) > 0 {
				p0 = role.Events[0]
			}
			role.Events = []string{framework.JoinRoute(prefix, p0)}
		}
	}
	q.refineRole(ctx, f, sym, cls, d, p, &role)
	if role.Summary == "" {
		role.Summary = framework.Summarize(p, role)
	}
	return framework.RefineSignalRole(role)
}

// eventsFromBody reads the events a symbol's body names through calls such
// as pubSub.asyncIterator('topic').
func (q *frameworkView) eventsFromBody(ctx context.Context, f *fact.File, sym fact.Symbol, callees []string) []string {
	calls, err := q.store.CallsFrom(ctx, sym.ID)
	if err != nil {
		return nil
	}
	var out []string
	for _, c := range calls {
		if !hasName(callees, c.Callee) || len(c.Args) == 0 {
			continue
		}
		if vals, ok := q.eventValues(ctx, f, c.Args[0]); ok {
			out = append(out, vals...)
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

// pathArgument reports whether a route decorator's path argument is a
// path: "", or starting with "/", as a literal or a constant.
func (q *frameworkView) pathArgument(ctx context.Context, f *fact.File, args []string, p *framework.Pattern) bool {
	a, ok := p.EventArgument(args)
	if !ok {
		return false
	}
	vals, ok := q.eventValues(ctx, f, a)
	return ok && (vals[0] == "" || strings.HasPrefix(vals[0], "/"))
}

// eventValues resolves an argument naming events: string literals,
// constants and enum members (in the file or imported), Java class
// literals (X.class), lists of those ({"a", "b"}), and pattern objects
// ({ cmd: 'x' }, compared as written without spaces). ok is false when
// nothing could be resolved.
func (q *frameworkView) eventValues(ctx context.Context, f *fact.File, arg string) ([]string, bool) {
	var out []string
	for _, el := range treesitter.ListElements(arg) {
		el = strings.TrimSpace(el)
		if v, ok := treesitter.StringLiteral(el); ok {
			out = append(out, v)
			continue
		}
		if v, ok := q.template(ctx, f, el, 0); ok {
			out = append(out, v)
			continue
		}
		if shape, ok := treesitter.TemplateShape(el); ok {
			out = append(out, shape)
			continue
		}
		if strings.HasPrefix(el, "{") {
			out = append(out, q.patternObject(ctx, f, el))
			continue
		}
		if cls, ok := strings.CutSuffix(el, ".class"); ok && f.Language == treesitter.Java {
			out = append(out, lastSegmentOf(cls))
			continue
		}
		if isNumber(el) {
			out = append(out, el)
			continue
		}
		if v, ok := q.evalKey(ctx, f, el, 0); ok {
			out = append(out, v)
		}
	}
	return out, len(out) > 0
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '_' && s[i] != '.' {
			return false
		}
	}
	return true
}

// constant resolves a name or a dotted member (Events.Created,
// events.ORDER_SHIPPED, Topics.ORDERS) to the string it is bound to.
func (q *frameworkView) constant(ctx context.Context, f *fact.File, expr string, depth int) (string, bool) {
	expr = strings.TrimSpace(expr)
	// Events.created() calls a static accessor returning the key; a Python
	// Enum member's key is its .value.
	expr = strings.TrimSuffix(expr, "()")
	if f.Language == treesitter.Python {
		expr = strings.TrimSuffix(expr, ".value")
	}
	if depth > maxKeyDepth || !framework.IsDotted(expr) {
		return "", false
	}
	container, name := "", expr
	if i := strings.LastIndexByte(expr, '.'); i >= 0 {
		container, name = expr[:i], expr[i+1:]
	}
	if c, ok := constantIn(f, container, name); ok {
		return q.constantValue(ctx, f, c, depth)
	}
	first, rest, _ := strings.Cut(container, ".")
	if container == "" {
		first = name
	}
	// Imported: the name itself, or the first segment of its container
	// (JS and Python modules; Go and Java resolve by package below).
	for _, imp := range f.Imports {
		if imp.Local != first || imp.Reexport || f.Language == treesitter.Go || f.Language == treesitter.Java {
			continue
		}
		wantContainer := container
		switch {
		case container == "": // import {X}: X in the module's top level
			wantContainer, name = "", imp.Imported
		case imp.Imported == "*": // import * as ev / import events: ev.X, ev.E.X
			wantContainer = rest
		default: // import {Events}: Events.X
			wantContainer = imp.Imported
			if rest != "" {
				wantContainer += "." + rest
			}
		}
		for _, mf := range q.moduleFiles(ctx, f, imp.Module) {
			if v, ok := q.exportedConstant(ctx, mf, wantContainer, name, depth); ok {
				return v, true
			}
		}
		if f.Language == treesitter.Python && container != "" && imp.Imported != "*" {
			// from . import topics; topics.ORDERS: a submodule.
			sub := imp.Module + "." + imp.Imported
			if strings.HasSuffix(imp.Module, ".") {
				sub = imp.Module + imp.Imported
			}
			for _, mf := range q.moduleFiles(ctx, f, sub) {
				if v, ok := q.exportedConstant(ctx, mf, rest, name, depth); ok {
					return v, true
				}
			}
		}
		return "", false
	}
	switch f.Language {
	case treesitter.Go:
		dir := path.Dir(f.Path)
		if container != "" {
			d, ok := "", false
			for _, imp := range f.Imports {
				if imp.Local == container {
					d, ok = q.goImportDirFrom(ctx, f.Path, imp.Module)
				}
			}
			if !ok {
				return "", false
			}
			dir, container = d, ""
		}
		for _, wf := range q.allFiles(ctx) {
			if wf.Language == treesitter.Go && path.Dir(wf.Path) == dir && wf.Path != f.Path {
				if mf, err := q.file(ctx, wf.Path); err == nil && mf != nil {
					if c, ok := constantIn(mf, container, name); ok {
						return q.constantValue(ctx, mf, c, depth)
					}
				}
			}
		}
	case treesitter.Java:
		return q.javaConstant(ctx, f, container, name, depth) // framework_spring.go
	}
	return "", false
}

func constantIn(f *fact.File, container, name string) (treesitter.Constant, bool) {
	for _, c := range f.Constants {
		if c.Name == name && c.Container == container {
			return c, true
		}
	}
	return treesitter.Constant{}, false
}

// moduleFiles loads the workspace files a module specifier written in f
// names.
func (q *frameworkView) moduleFiles(ctx context.Context, f *fact.File, module string) []*fact.File {
	var out []*fact.File
	candidates := q.allFiles(ctx)
	if family(f.Language) == "js" { // an index, not a scan (see modules.go)
		candidates = q.r.jsModules(candidates).matching(f.Path, module)
	}
	for _, wf := range candidates {
		if family(wf.Language) != family(f.Language) {
			continue
		}
		if f.Language == treesitter.Java {
			continue
		}
		if q.moduleHasFile(ctx, f, module, wf.Path) {
			if mf, err := q.file(ctx, wf.Path); err == nil && mf != nil {
				out = append(out, mf)
			}
		}
	}
	return out
}

// receiverTypeName is the declared type of a simple receiver (this.x,
// self.x, x) as written, even when the type is not in the workspace
// (EventEmitter2, ClientProxy); "" when unknown.
func (q *frameworkView) receiverTypeName(ctx context.Context, f *fact.File, caller *fact.Symbol, recv string) string {
	segs := parseReceiver(recv)
	if len(segs) == 0 || len(segs) > 2 {
		return ""
	}
	for _, s := range segs {
		if s.call || s.index {
			return ""
		}
	}
	if len(segs) == 2 {
		if segs[0].name != "this" && segs[0].name != "self" || caller == nil {
			return ""
		}
		cls, err := q.classOf(ctx, caller)
		if err != nil || cls == nil {
			return ""
		}
		t, _ := q.fieldType(ctx, *cls, segs[1].name, 0)
		return plainType(t)
	}
	name := segs[0].name
	if caller != nil {
		for _, l := range f.Locals {
			if l.Name == name && l.SymbolID != "" && (l.SymbolID == caller.ID || strings.HasPrefix(caller.ID, l.SymbolID+".")) {
				return plainType(l.Type)
			}
		}
		if f.Language == treesitter.Java && caller.Container != "" {
			if cls, err := q.classOf(ctx, caller); err == nil && cls != nil {
				t, _ := q.fieldType(ctx, *cls, name, 0)
				return plainType(t)
			}
		}
	}
	return ""
}

// plainType drops call:/range:/rangekey:/value: types, which name no type as
// written, and the block scope of a Go local.
func plainType(t string) string {
	_, _, t, _ = treesitter.CutScope(t)
	if strings.HasPrefix(t, treesitter.CallTypePrefix) || strings.HasPrefix(t, treesitter.ClassArgTypePrefix) || strings.HasPrefix(t, treesitter.RangeTypePrefix) ||
		strings.HasPrefix(t, treesitter.RangeKeyTypePrefix) || strings.HasPrefix(t, treesitter.ValueTypePrefix) || t == treesitter.BoundLocally {
		return ""
	}
	return t
}

// callPatterns returns the catalog entries of a role that call c matches,
// its receiver's declared type checked.
func (q *frameworkView) callPatterns(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call, roles ...framework.RoleKind) []*framework.Pattern {
	var out []*framework.Pattern
	declared, typed := "", false
	for _, p := range framework.CallPatterns(f.Language, c.Callee, c.Receiver) {
		if !hasRole(roles, p.Role) {
			continue
		}
		if p.ReceiverType != "" && !typed {
			declared, typed = q.receiverTypeName(ctx, f, caller, c.Receiver), true
		}
		if p.AcceptsReceiver(c.Receiver, declared) {
			out = append(out, p)
		}
	}
	return out
}

func hasRole(roles []framework.RoleKind, r framework.RoleKind) bool {
	for _, x := range roles {
		if x == r {
			return true
		}
	}
	return false
}

// publications lists what call c publishes, with resolved event names.
func (q *frameworkView) publications(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call) []framework.Publication {
	var out []framework.Publication
	for _, p := range q.callPatterns(ctx, f, caller, c, framework.RolePublisher) {
		pub := framework.Publication{Bus: p.Bus}
		switch {
		case len(p.ModelSignals) > 0:
			model := q.modelOf(ctx, f, caller, c)
			if model == "" {
				continue // not a Django model, or not known to be one: no guess
			}
			pub.Events, pub.Sender = p.ModelSignals, model
		case p.EventIsReceiver:
			if c.Receiver == "" {
				continue
			}
			pub.Events = []string{lastSegmentOf(c.Receiver)}
		default:
			arg, ok := p.EventArgument(c.Args)
			if !ok {
				continue
			}
			switch {
			case p.Bus == "spring-event":
				pub.Events = q.springEventTypes(ctx, f, caller, arg)
			case p.Bus == "queue":
				pub.Events = q.addedJobs(ctx, f, caller, c)
			case p.Bus == "cqrs":
				pub.Events = q.publishedClass(ctx, f, caller, arg)
			default:
				pub.Events, _ = q.eventValues(ctx, f, arg)
				if len(pub.Events) == 0 && f.Language == treesitter.Java {
					pub.Events = q.springProperty(ctx, caller, arg) // framework_spring.go
				}
				if len(pub.Events) == 0 {
					if key, ok := q.identityKey(ctx, f, caller, arg); ok {
						pub.Events = []string{key}
					}
				}
			}
		}
		if p.SenderKey != "" && pub.Sender == "" {
			if s, ok := framework.Keyword(c.Args, p.SenderKey); ok {
				pub.Sender = lastSegmentOf(s)
				switch strings.TrimSpace(s) {
				case "self.__class__", "type(self)", "cls", "self.__class__.__name__":
					// sender=self.__class__ in a method of Reporter: Reporter.
					if caller != nil && caller.Container != "" {
						pub.Sender = lastSegmentOf(caller.Container)
					}
				}
			}
		}
		if len(pub.Events) > 0 {
			out = append(out, pub)
		}
	}
	return append(out, q.wrapperPublications(ctx, f, caller, c)...)
}

// eventClass is the class of a published Spring event: new X(...), or a
// local or parameter declared as X.
func (q *frameworkView) eventClass(ctx context.Context, f *fact.File, caller *fact.Symbol, arg string) []string {
	arg = strings.TrimSpace(arg)
	if rest, ok := strings.CutPrefix(arg, "new "); ok {
		name := strings.TrimSpace(rest)
		if i := strings.IndexAny(name, "(<"); i >= 0 {
			name = name[:i]
		}
		if name = lastSegmentOf(name); framework.IsIdentifier(name) {
			return []string{name}
		}
		return nil
	}
	if framework.IsIdentifier(arg) {
		if t := q.receiverTypeName(ctx, f, caller, arg); t != "" {
			return []string{lastSegmentOf(t)}
		}
	}
	return nil
}

// modelOf is the Django model class a save()/delete()/objects.create()
// call acts on: its receiver's class, when that class is a model.
func (q *frameworkView) modelOf(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call) string {
	recv := c.Receiver
	recv = strings.TrimSuffix(recv, ".objects") // Order.objects.create(), get_or_create(): the manager's model
	ref, err := q.evalReceiver(ctx, f, caller, recv)
	if err != nil || (ref.kind != refInstance && ref.kind != refClass) {
		return ""
	}
	if !q.isDjangoModel(ctx, ref.class, 0) {
		return ""
	}
	return ref.class.Name
}

func (q *frameworkView) isDjangoModel(ctx context.Context, cls fact.Symbol, depth int) bool {
	if depth > 5 {
		return false
	}
	for _, e := range cls.Extends {
		if framework.IsDjangoModelBase(e) {
			return true
		}
	}
	for _, b := range q.bases(ctx, cls) {
		if q.isDjangoModel(ctx, b, depth+1) {
			return true
		}
	}
	return false
}

// callContext loads the file and enclosing symbol of a stored call.
func (q *frameworkView) callContext(ctx context.Context, c fact.Call) (*fact.File, *fact.Symbol, error) {
	f, err := q.file(ctx, c.Path)
	if err != nil || f == nil {
		return nil, nil, err
	}
	var caller *fact.Symbol
	if c.CallerID != "" {
		if caller, err = q.symbol(ctx, c.CallerID); err != nil {
			return nil, nil, err
		}
	}
	return f, caller, nil
}

// publishersOf finds the calls that publish what subs subscribe to.
func (q *frameworkView) publishersOf(ctx context.Context, subs []framework.Subscription, add func(c fact.Call, event string) error) error {
	buses := map[string]bool{}
	events := map[string]bool{}
	for _, s := range subs {
		buses[s.Bus] = true
		events[s.Event] = true
	}
	seenCallee := map[string]bool{}
	var callees []string
	for i := range framework.Catalog {
		p := &framework.Catalog[i]
		if p.Role != framework.RolePublisher || !buses[p.Bus] || seenCallee[p.Callee] || len(p.ModelSignals) > 0 {
			continue // model calls send signals implicitly: summarized (framework_signals.go), not listed
		}
		seenCallee[p.Callee] = true
		callees = append(callees, p.Callee)
	}
	wrapped := map[string]bool{}
	for _, name := range q.wrapperCallees(ctx, buses) {
		if !seenCallee[name] {
			seenCallee[name] = true
			wrapped[name] = true
			callees = append(callees, name)
		}
	}
	sort.Strings(callees[len(callees)-len(wrapped):])
	for _, callee := range callees {
		calls, err := q.callsNamed(ctx, callee)
		if err != nil {
			return err
		}
		for _, c := range calls {
			if err := ctx.Err(); err != nil {
				return err
			}
			if !wrapped[callee] && !framework.MayPublish(c, events) && len(q.wrappersNamed(ctx, callee)) == 0 {
				continue
			}
			f, caller, err := q.callContext(ctx, c)
			if err != nil {
				return err
			}
			if f == nil {
				continue
			}
			for _, pub := range q.publications(ctx, f, caller, c) {
				for _, ev := range pub.Events {
					for _, s := range subs {
						if s.Matches(pub, ev) {
							if err := add(c, ev); err != nil {
								return err
							}
						}
					}
				}
			}
		}
	}
	return nil
}

// registration is one handler a call registers by value.
type registration struct {
	pattern *framework.Pattern
	handler string // the handler argument as written
	recv    string
	name    string
}

// registrationsIn lists the handlers call c registers by value.
func (q *frameworkView) registrationsIn(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call) []registration {
	var out []registration
	for _, p := range q.callPatterns(ctx, f, caller, c, framework.RoleRegistration) {
		if p.PathLiteral {
			a, ok := p.EventArgument(c.Args)
			if !ok {
				continue
			}
			v, lit := treesitter.StringLiteral(a)
			if !lit && framework.IsDotted(strings.TrimSpace(a)) {
				// A path constant: const sharesPath = "/shares".
				if vals, ok := q.eventValues(ctx, f, a); ok && len(vals) == 1 {
					v, lit = vals[0], true
				}
			}
			if !lit || !strings.HasPrefix(v, "/") && !groupRoot(f, v) {
				continue
			}
		}
		for _, h := range handlerArguments(p, c.Args) {
			if recv, name, ok := framework.HandlerRef(h, 0); ok {
				out = append(out, registration{pattern: p, handler: h, recv: recv, name: name})
			}
		}
	}
	return out
}

// resolveHandler resolves a registered handler reference as if it were
// called where it is registered.
func (q *frameworkView) resolveHandler(ctx context.Context, c fact.Call, reg registration) ([]fact.Symbol, error) {
	ref := fact.Call{Path: c.Path, CallerID: c.CallerID, Callee: reg.name, Receiver: reg.recv, Span: c.Span}
	if reg.recv == "this" || reg.recv == "self" {
		// this.handle names a method of the enclosing class.
		ref.Receiver = reg.recv
	}
	targets, res, err := q.resolveCall(ctx, ref)
	if err != nil || res != fact.ResolvedAST {
		return nil, err // a handler named only by a common name is not linked
	}
	var out []fact.Symbol
	for _, t := range targets {
		if isCallable(t) || isType(t) {
			out = append(out, t)
		}
	}
	return out, nil
}

// viaText names a registering call for people: http.HandleFunc("/x").
func viaText(c fact.Call, p *framework.Pattern) string {
	if lit, ok := literalViaText(c, p); ok {
		return lit
	}
	name := c.Callee
	if c.Receiver != "" {
		name = lastSegmentOf(c.Receiver) + "." + name
		if parts := parseReceiver(c.Receiver); len(parts) == 1 {
			name = c.Receiver + "." + c.Callee
		}
	}
	arg := ""
	if a, ok := p.EventArgument(c.Args); ok {
		arg = a
		if len(arg) > 40 {
			arg = arg[:37] + "..."
		}
	}
	return name + "(" + arg + ")"
}

// registrationSubscriptions lists the events a registration subscribes
// its handler to (emitter.on('x', h), order_shipped.connect(h)).
func (q *frameworkView) registrationSubscriptions(ctx context.Context, f *fact.File, c fact.Call, reg registration) []framework.Subscription {
	p := reg.pattern
	if p.Bus == "" {
		return nil
	}
	var events []string
	switch {
	case p.EventIsReceiver:
		if c.Receiver != "" {
			events = []string{lastSegmentOf(c.Receiver)}
		}
	default:
		if a, ok := p.EventArgument(c.Args); ok {
			events, _ = q.eventValues(ctx, f, a)
		}
	}
	sender := ""
	if p.SenderKey != "" {
		if s, ok := framework.Keyword(c.Args, p.SenderKey); ok {
			sender = framework.SignalSender(s)
		}
	}
	var out []framework.Subscription
	for _, e := range events {
		out = append(out, framework.Subscription{Bus: p.Bus, Event: e, Sender: sender})
	}
	return out
}

// frameworkIncoming adds to byCaller the publishers of the events target
// subscribes to and the calls that register target by value.
func (q *frameworkView) frameworkIncoming(ctx context.Context, target fact.Symbol, byCaller edgeSet) error {
	if !isCallable(target) && !isType(target) {
		return nil
	}
	if err := q.queueIncoming(ctx, target, byCaller); err != nil { // framework_queues.go
		return err
	}
	subs := framework.SubscriptionsOf(q.rolesOf(ctx, target))
	if err := q.implicitSignalSends(ctx, target, byCaller); err != nil {
		return err
	}

	// Registrations of target by value: the registering call's caller is
	// an edge, and the registration may subscribe target to an event.
	{
		err := q.eachRegistration(ctx, target, func(c fact.Call, f *fact.File, reg registration) error {
			from, err := q.callerOf(ctx, c)
			if err != nil {
				return err
			}
			byCaller.addRegistration(from, c, reg, viaText(c, reg.pattern))
			subs = append(subs, q.registrationSubscriptions(ctx, f, c, reg)...)
			return nil
		})
		if err != nil {
			return err
		}
		if err := q.classRegistrationIncoming(ctx, target, byCaller); err != nil {
			return err
		}
	}
	if len(subs) == 0 {
		return nil
	}
	return q.publishersOf(ctx, subs, func(c fact.Call, event string) error {
		from, err := q.callerOf(ctx, c)
		if err != nil {
			return err
		}
		byCaller.add(from, c, fact.ResolvedEvent, "", event)
		return nil
	})
}

// registrationCalls returns the calls of a registration callee of the
// family (HandleFunc, on, get, ...) that pass something named name by
// value. The calls are read once per family and indexed by the names their
// arguments refer to, until the store changes (Invalidate): looking them up
// by callee on every request cost more than the rest of a typical query.
func (r *Resolver) registrationCalls(ctx context.Context, fam, name string) ([]fact.Call, error) {
	g := r.current()
	r.mu.Lock()
	byName, ok := g.registrations[fam]
	r.mu.Unlock()
	if !ok {
		byName = map[string][]fact.Call{}
		for _, callee := range framework.CalleesFor(fam, framework.RoleRegistration) {
			calls, err := r.Store.CallsByCallee(ctx, callee)
			if err != nil {
				return nil, err
			}
			for _, c := range calls {
				seen := map[string]bool{}
				for _, a := range c.Args {
					if k, v, ok := strings.Cut(a, "="); ok && framework.IsIdentifier(strings.TrimSpace(k)) && !strings.HasPrefix(v, "=") {
						a = v // a keyword argument: view_func=h, RunE=run
					}
					if _, n, ok := framework.HandlerRef(a, 0); ok && !seen[n] {
						seen[n] = true
						byName[n] = append(byName[n], c)
					}
				}
			}
		}
		r.mu.Lock()
		if g.registrations == nil {
			g.registrations = map[string]map[string][]fact.Call{}
		}
		g.registrations[fam] = byName
		r.mu.Unlock()
	}
	return byName[name], nil
}

// frameworkOutgoing adds to byCallee the subscribers of what source's calls
// publish and the handlers they register by value.
func (q *frameworkView) frameworkOutgoing(ctx context.Context, calls []fact.Call, byCallee edgeSet) error {
	for _, c := range calls {
		if err := ctx.Err(); err != nil {
			return err
		}
		f, caller, err := q.callContext(ctx, c)
		if err != nil {
			return err
		}
		if f == nil {
			continue
		}
		for _, reg := range q.registrationsIn(ctx, f, caller, c) {
			targets, err := q.resolveHandler(ctx, c, reg)
			if err != nil {
				return err
			}
			for _, t := range targets {
				byCallee.addRegistration(t, c, reg, viaText(c, reg.pattern))
				methods, err := q.servingMethods(ctx, t)
				if err != nil {
					return err
				}
				for _, m := range methods {
					byCallee.add(m, c, fact.ResolvedRegistration, viaText(c, reg.pattern), "")
				}
			}
		}
		if err := q.implicitOutgoing(ctx, f, caller, c, byCallee); err != nil {
			return err
		}
		if err := q.queueOutgoing(ctx, f, caller, c, byCallee); err != nil { // framework_queues.go
			return err
		}
		for _, pub := range q.publications(ctx, f, caller, c) {
			for _, ev := range pub.Events {
				subs, err := q.subscribersOf(ctx, pub, ev)
				if err != nil {
					return err
				}
				for _, s := range subs {
					byCallee.add(s, c, fact.ResolvedEvent, "", ev)
				}
			}
		}
	}
	return nil
}

// subscribersOf finds the symbols that handle event ev as published by
// pub: decorated subscribers anywhere in the workspace, and handlers
// registered for it by value.
func (q *frameworkView) subscribersOf(ctx context.Context, pub framework.Publication, ev string) ([]fact.Symbol, error) {
	var out []fact.Symbol
	decorated, err := q.r.decoratedSubscribers(ctx)
	if err != nil {
		return nil, err
	}
	for _, s := range decorated {
		for _, sub := range framework.SubscriptionsOf(q.rolesOf(ctx, s)) {
			if sub.Matches(pub, ev) {
				out = append(out, s)
				break
			}
		}
	}
	for i := range framework.Catalog {
		p := &framework.Catalog[i]
		if p.Role != framework.RoleRegistration || p.Bus != pub.Bus {
			continue
		}
		calls, err := q.callsNamed(ctx, p.Callee)
		if err != nil {
			return nil, err
		}
		for _, c := range calls {
			f, caller, err := q.callContext(ctx, c)
			if err != nil {
				return nil, err
			}
			if f == nil {
				continue
			}
			for _, reg := range q.registrationsIn(ctx, f, caller, c) {
				if reg.pattern != p {
					continue
				}
				heard := false
				for _, sub := range q.registrationSubscriptions(ctx, f, c, reg) {
					heard = heard || sub.Matches(pub, ev)
				}
				if !heard {
					continue
				}
				targets, err := q.resolveHandler(ctx, c, reg)
				if err != nil {
					return nil, err
				}
				out = append(out, targets...)
			}
		}
	}
	return out, nil
}

// decoratedSubscribers lists the workspace's symbols with a subscriber
// decorator from the catalog.
func (r *Resolver) decoratedSubscribers(ctx context.Context) ([]fact.Symbol, error) {
	var out []fact.Symbol
	err := r.eachFrameworkFile(ctx, func(ff *fileFramework) { out = append(out, ff.subscribers...) })
	sort.Slice(out, func(i, j int) bool { return fact.SymbolLess(out[i], out[j]) })
	return out, err
}

// providers lists the workspace's dependency-injection provider entries.
func (r *Resolver) providers(ctx context.Context) ([]framework.Provider, error) {
	// Kept for the generation: a request asks once per injected field it
	// walks through (this.packageService.create()), and every file's
	// entry was looked at each time (a NestJS handler's incoming calls,
	// hundreds of asks).
	g := r.current()
	r.mu.Lock()
	if g.providersRead {
		out := g.providers
		r.mu.Unlock()
		return out, nil
	}
	r.mu.Unlock()
	var out []framework.Provider
	if err := r.eachFrameworkFile(ctx, func(ff *fileFramework) { out = append(out, ff.providers...) }); err != nil {
		return out, err
	}
	r.mu.Lock()
	g.providers, g.providersRead = out, true
	r.mu.Unlock()
	return out, nil
}

// eachFrameworkFile hands fn what each file declares for frameworks. It
// reads each file's symbols once and keeps what it found per file until
// the file's hash changes, so after a re-index only the changed files are
// read again; an interrupted scan keeps what it read.
func (r *Resolver) eachFrameworkFile(ctx context.Context, fn func(*fileFramework)) error {
	files, err := r.allFiles(ctx)
	if err != nil {
		return err
	}
	r.mu.Lock()
	if r.framework == nil {
		r.framework = map[string]*fileFramework{}
	}
	cached := r.framework
	r.mu.Unlock()

	present := make(map[string]bool, len(files))
	for _, f := range files {
		switch family(f.Language) {
		case "js", string(treesitter.Python), string(treesitter.Java):
		default:
			continue
		}
		present[f.Path] = true
		key := fileStamp(f)
		r.mu.Lock()
		entry := cached[f.Path]
		r.mu.Unlock()
		if entry == nil || entry.key != key {
			if err := ctx.Err(); err != nil {
				return err
			}
			syms, err := r.Store.SymbolsInFile(ctx, f.Path)
			if err != nil {
				return err
			}
			entry = &fileFramework{key: key}
			classDecorators := map[string][]treesitter.Decorator{}
			for _, s := range syms {
				if isType(s) && len(s.Decorators) > 0 {
					classDecorators[s.Name] = s.Decorators
				}
			}
			for _, s := range syms {
				if framework.HasSubscriberDecorator(s) || framework.IsSpringListenerMethod(s) || s.Container != "" && framework.HasSubscriberMethod(s, classDecorators[s.Container]) {
					entry.subscribers = append(entry.subscribers, s)
				}
				if framework.IsCeleryTask(s) {
					entry.tasks = append(entry.tasks, s)
				}
				if isSpringBean(s) {
					entry.beans = append(entry.beans, s)
				}
				for _, d := range s.Decorators {
					for _, a := range d.Args {
						entry.providers = append(entry.providers, framework.ProviderEntries(f.Path, a)...)
					}
				}
			}
			r.mu.Lock()
			cached[f.Path] = entry
			r.mu.Unlock()
		}
		fn(entry)
	}
	r.mu.Lock()
	for p := range cached {
		if !present[p] {
			delete(cached, p)
		}
	}
	r.mu.Unlock()
	return nil
}

// fileFramework is what one file declares for frameworks.
type fileFramework struct {
	key         fileStampKey // the file's hash, size and modification time when read
	subscribers []fact.Symbol
	providers   []framework.Provider
	tasks       []fact.Symbol // Celery tasks, which send_task('name') runs
	beans       []fact.Symbol // Spring bean definitions (framework_spring.go)
}

// providedClass is the class a provider map binds token (written in f) to;
// nil when no provider, or providers of different classes, bind it.
func (q *frameworkView) providedClass(ctx context.Context, f *fact.File, token string) (*fact.Symbol, error) {
	want := q.tokenKey(ctx, f, token)
	if want == "" {
		return nil, nil
	}
	providers, err := q.r.providers(ctx)
	if err != nil {
		return nil, err
	}
	var found *fact.Symbol
	for _, p := range providers {
		pf, err := q.file(ctx, p.Path)
		if err != nil || pf == nil || family(pf.Language) != family(f.Language) {
			continue
		}
		if q.tokenKey(ctx, pf, p.Token) != want {
			continue
		}
		cls, err := q.resolveTypeName(ctx, pf, p.Class)
		if err != nil {
			return nil, err
		}
		if cls == nil || found != nil && found.ID != cls.ID {
			return nil, nil // unknown, or ambiguous: not ours to pick
		}
		found = cls
	}
	return found, nil
}

// tokenKey is what identifies an injection token: the string it is (a
// literal, or a constant bound to one), else its name (a class or symbol
// token).
func (q *frameworkView) tokenKey(ctx context.Context, f *fact.File, token string) string {
	if vals, ok := q.eventValues(ctx, f, token); ok && len(vals) == 1 {
		return "=" + vals[0]
	}
	if framework.IsDotted(token) {
		return "#" + lastSegmentOf(token)
	}
	return ""
}

// fieldToken is the injection token of cls.field, if it was injected with
// one.
func (q *frameworkView) fieldToken(ctx context.Context, cls fact.Symbol, field string) string {
	cf, err := q.file(ctx, cls.Path)
	if err != nil || cf == nil {
		return ""
	}
	for _, fl := range cf.Fields {
		if fl.Container == cls.Name && fl.Name == field {
			return fl.Token
		}
	}
	return ""
}

// taskCalled returns the task a call such as render.delay(...) runs: the
// callee is a task-call entry of the catalog and the receiver resolves,
// as a function reference, to a symbol with a task role. nil otherwise.
func (q *frameworkView) taskCalled(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call) (*fact.Symbol, error) {
	if len(framework.CallPatterns(f.Language, c.Callee, c.Receiver)) == 0 {
		return nil, nil
	}
	isTaskCall := false
	for _, p := range framework.CallPatterns(f.Language, c.Callee, c.Receiver) {
		isTaskCall = isTaskCall || p.Role == framework.RoleTaskCall
	}
	recv, name, ok := framework.HandlerRef(c.Receiver, framework.MaxWrapping)
	if !isTaskCall || !ok {
		return nil, nil
	}
	if recv == "" {
		name = importedName(f, name) // framework_celery.go: purge.delay() after import cleanup as purge
	}
	if q.depth > 4 {
		return nil, nil
	}
	q.depth++
	defer func() { q.depth-- }()
	ref := fact.Call{Path: c.Path, CallerID: c.CallerID, Callee: name, Receiver: recv, Span: c.Span}
	targets, res, err := q.resolveCall(ctx, ref)
	if err != nil || res != fact.ResolvedAST {
		return nil, err
	}
	for _, t := range targets {
		if framework.IsTask(q.rolesOf(ctx, t)) {
			return &t, nil
		}
	}
	return nil, nil
}

// pyImportsFlaskNotFastAPI reports whether a Python file imports Flask (or
// Quart, its async twin) and not FastAPI: its route decorators are Flask's.
func pyImportsFlaskNotFastAPI(f *fact.File) bool {
	flask := false
	for _, imp := range f.Imports {
		top, _, _ := strings.Cut(imp.Module, ".")
		switch top {
		case "fastapi", "starlette":
			return false
		case "flask", "quart":
			flask = true
		}
	}
	return flask
}

package resolve

import (
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/treesitter"
)

// Framework entry points: the methods a framework calls by the bases of
// their class (AppConfig.ready, a management command's handle, a view's
// get, a viewset's list and its @action methods), and the classes a route
// registers by value (path('x/', View.as_view()), router.register('x',
// ViewSet)), whose serving methods the registering site reaches. What the
// names mean comes from the catalog (framework.BasePatterns,
// framework.ViewMethods).

// classBases lists the names of cls's bases as written, direct and
// inherited through workspace classes.
func (q *frameworkView) classBases(ctx context.Context, cls fact.Symbol) []string {
	var out []string
	seen := map[string]bool{}
	var walk func(c fact.Symbol, depth int)
	walk = func(c fact.Symbol, depth int) {
		if depth > 5 || seen[c.ID] {
			return
		}
		seen[c.ID] = true
		out = append(out, c.Extends...)
		for _, b := range q.bases(ctx, c) {
			walk(b, depth+1)
		}
	}
	walk(cls, 0)
	return out
}

// classAllows applies a decorator pattern's class condition (DRF's @action
// only in a viewset).
func (q *frameworkView) classAllows(ctx context.Context, cls *fact.Symbol, p *framework.Pattern) bool {
	if len(p.ClassBases) == 0 {
		return true
	}
	if cls == nil {
		return false
	}
	_, ok := p.ClassBasedDecorator(q.classBases(ctx, *cls))
	return ok
}

// baseRoles are the roles of a method the framework calls by the bases of
// its class: AppConfig.ready, Command.handle in management/commands/,
// a class-based view's get, a viewset's list.
func (q *frameworkView) baseRoles(ctx context.Context, f *fact.File, sym fact.Symbol, cls *fact.Symbol) []framework.Role {
	if cls == nil || sym.Kind != treesitter.KindMethod || !framework.HasBaseMethod(framework.FamilyOf(sym.Language), sym.Name) {
		return nil
	}
	pats := framework.BasePatterns(framework.FamilyOf(sym.Language), sym.Name, sym.Path, q.classBases(ctx, *cls))
	var roles []framework.Role
	for _, p := range pats {
		role := framework.Role{Kind: p.Role, Framework: p.Framework, Pattern: cls.Name + "." + sym.Name, Method: p.HTTPMethod}
		switch p.Role {
		case framework.RoleCommand:
			name := framework.CommandName(sym.Path)
			role.Events = []string{name}
			role.Summary = fmt.Sprintf("command manage.py %s (%s management command)", name, p.Framework)
		case framework.RoleRoute:
			if routes := q.classRoutes(ctx, f, *cls); len(routes) > 0 {
				sub := framework.ViewMethods[sym.Name].Sub
				for _, r := range routes {
					role.Events = append(role.Events, slashed(framework.JoinRoute(r, sub)))
				}
				role.Summary = fmt.Sprintf("%s route %s %s (%s)", p.Framework, p.HTTPMethod, role.Events[0], role.Pattern)
			} else {
				role.Summary = fmt.Sprintf("%s route %s (%s: %s; no URL registration of %s found)", p.Framework, p.HTTPMethod, role.Pattern, p.Means, cls.Name)
			}
		default:
			role.Summary = fmt.Sprintf("%s lifecycle hook %s: %s", p.Framework, role.Pattern, p.Means)
		}
		roles = append(roles, role)
	}
	return roles
}

// refineRole completes a decorated Python entry point's role before it is
// summarized: a command's name (click names it after the function,
// dashed) and summary, a route's method and
// path from the decorator's keywords: Flask's methods=[...], DRF @action's
// methods=, detail= and url_path= (below its viewset's registered prefix).
func (q *frameworkView) refineRole(ctx context.Context, f *fact.File, sym fact.Symbol, cls *fact.Symbol, d treesitter.Decorator, p *framework.Pattern, role *framework.Role) {
	if framework.FamilyOf(sym.Language) != string(treesitter.Python) {
		return
	}
	if p.Role == framework.RoleCommand {
		if len(role.Events) == 0 {
			role.Events, role.Unresolved = []string{strings.ReplaceAll(sym.Name, "_", "-")}, ""
		}
		role.Summary = fmt.Sprintf("command %s (%s %s)", role.Events[0], p.Framework, role.Pattern)
		return
	}
	if p.Role != framework.RoleRoute {
		return
	}
	if m, ok := framework.Keyword(d.Args, "methods"); ok {
		var methods []string
		for _, el := range treesitter.ListElements(m) {
			if v, ok := treesitter.StringLiteral(strings.TrimSpace(el)); ok {
				methods = append(methods, strings.ToUpper(v))
			}
		}
		if len(methods) > 0 {
			role.Method = strings.Join(methods, ", ")
		}
	} else if role.Method == "HTTP" && p.Framework == "Flask" {
		role.Method = "GET" // Flask's default
	}
	if len(p.ClassBases) == 0 || cls == nil { // not an @action
		return
	}
	sub := sym.Name
	if len(role.Events) > 0 {
		sub = role.Events[0]
	}
	if detail, ok := framework.Keyword(d.Args, "detail"); ok && strings.TrimSpace(detail) == "True" {
		sub = "{pk}/" + sub
	}
	role.Events, role.Unresolved = nil, ""
	for _, r := range q.classRoutes(ctx, f, *cls) {
		role.Events = append(role.Events, slashed(framework.JoinRoute(r, sub)))
	}
	if len(role.Events) == 0 {
		role.Events = []string{slashed(framework.JoinRoute("", sub))}
	}
}

// classRoutes lists the URL prefixes under which the workspace registers
// class cls (path('orders/', OrderView.as_view()), router.register('orders',
// OrderViewSet)), an including urls.py's prefix first.
func (q *frameworkView) classRoutes(ctx context.Context, f *fact.File, cls fact.Symbol) []string {
	var out []string
	_ = q.eachRegistration(ctx, cls, func(c fact.Call, cf *fact.File, reg registration) error {
		a, ok := reg.pattern.EventArgument(c.Args)
		if !ok {
			return nil
		}
		vals, ok := q.eventValues(ctx, cf, a)
		if !ok || len(vals) == 0 {
			return nil
		}
		prefix := q.includePrefix(ctx, cf.Path, 0)
		if rp, ok := q.routerPrefix(ctx, c); ok { // router.register: under include(router.urls)
			prefix = rp
		}
		out = append(out, framework.JoinRoute(prefix, routePattern(vals[0])))
		return nil
	})
	return out
}

// includePrefix is the path under which a Django URLconf module is
// included: path('api/', include('shop.urls')) in another urls.py makes
// shop/urls.py's routes start with /api. Followed up to three levels.
func (q *frameworkView) includePrefix(ctx context.Context, urlsPath string, depth int) string {
	if depth > 2 || path.Ext(urlsPath) != ".py" {
		return ""
	}
	module := strings.ReplaceAll(strings.TrimSuffix(urlsPath, ".py"), "/", ".")
	pre, _ := q.includedUnder(ctx, func(inc fact.Call) bool {
		v, ok := treesitter.StringLiteral(strings.TrimSpace(inc.Args[0]))
		return ok && (module == v || strings.HasSuffix(module, "."+v))
	}, depth)
	return pre
}

// routerPrefix is the path under which a DRF router's URLs are included
// in the URLconf that registers with it: path('api/', include(router.urls)).
func (q *frameworkView) routerPrefix(ctx context.Context, c fact.Call) (string, bool) {
	if c.Receiver == "" {
		return "", false
	}
	return q.includedUnder(ctx, func(inc fact.Call) bool {
		return inc.Path == c.Path && strings.TrimSpace(inc.Args[0]) == c.Receiver+".urls"
	}, 0)
}

// includedUnder finds an include(...) call that match accepts and returns
// the path of the path(...) call it is the view of (the last path call
// written before it), prefixed by where that URLconf is itself included.
func (q *frameworkView) includedUnder(ctx context.Context, match func(fact.Call) bool, depth int) (string, bool) {
	calls, err := q.callsNamed(ctx, "include")
	if err != nil {
		return "", false
	}
	for _, inc := range calls {
		if len(inc.Args) == 0 || !strings.HasSuffix(inc.Path, ".py") || !match(inc) {
			continue
		}
		var best *fact.Call
		for _, p := range []string{"path", "re_path", "url"} {
			outer, err := q.callsNamed(ctx, p)
			if err != nil {
				return "", false
			}
			for k := range outer {
				o := &outer[k]
				if o.Path == inc.Path && before(o.Span.Start, inc.Span.Start) && (best == nil || before(best.Span.Start, o.Span.Start)) {
					best = o
				}
			}
		}
		if best == nil || len(best.Args) < 2 || !strings.HasPrefix(strings.TrimSpace(best.Args[1]), "include(") {
			continue
		}
		if pre, ok := treesitter.StringLiteral(strings.TrimSpace(best.Args[0])); ok {
			return framework.JoinRoute(q.includePrefix(ctx, best.Path, depth+1), routePattern(pre)), true
		}
	}
	return "", false
}

// routePattern is a URL pattern as a path: re_path's r"^history/$" is
// history/.
func routePattern(p string) string {
	return strings.TrimSuffix(strings.TrimPrefix(p, "^"), "$")
}

// slashed ends a Django route with the slash its URLconf gives it.
func slashed(route string) string {
	if strings.HasSuffix(route, "/") {
		return route
	}
	return route + "/"
}

func before(a, b treesitter.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// eachRegistration hands fn each call that registers sym by value: a
// function or method (router.get('/x', h), signal.connect(h)), or a class
// (as itself, or through View.as_view()).
func (q *frameworkView) eachRegistration(ctx context.Context, sym fact.Symbol, fn func(c fact.Call, f *fact.File, reg registration) error) error {
	calls, err := q.r.registrationCalls(ctx, family(sym.Language), sym.Name)
	if err != nil {
		return err
	}
	for _, c := range calls {
		if err := ctx.Err(); err != nil {
			return err
		}
		f, caller, err := q.callContext(ctx, c)
		if err != nil {
			return err
		}
		if f == nil || family(f.Language) != family(sym.Language) {
			continue
		}
		for _, reg := range q.registrationsIn(ctx, f, caller, c) {
			if reg.name != sym.Name {
				continue
			}
			targets, err := q.resolveHandler(ctx, c, reg)
			if err != nil {
				return err
			}
			if containsID(targets, sym.ID) {
				if err := fn(c, f, reg); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// servesRequests reports whether method is one a registered view class
// dispatches requests to: a serving method its bases give it (get, list,
// ...), or an @action.
func (q *frameworkView) servesRequests(ctx context.Context, method fact.Symbol, cls fact.Symbol) bool {
	fam := framework.FamilyOf(method.Language)
	if _, ok := framework.ViewMethods[method.Name]; ok && framework.HasBaseMethod(fam, method.Name) {
		return len(framework.BasePatterns(fam, method.Name, method.Path, q.classBases(ctx, cls))) > 0
	}
	for _, d := range method.Decorators {
		for _, p := range framework.DecoratorPatterns(method.Language, d.Name) {
			if p.Role == framework.RoleRoute && len(p.ClassBases) > 0 && q.classAllows(ctx, &cls, p) {
				return true // @action
			}
		}
	}
	return false
}

// classRegistrationIncoming adds to byCaller the calls that register
// target's class as a view or viewset, when target is a method that class
// serves requests with: path('orders/', OrderView.as_view()) reaches
// OrderView.get.
func (q *frameworkView) classRegistrationIncoming(ctx context.Context, target fact.Symbol, byCaller edgeSet) error {
	if target.Kind != treesitter.KindMethod || target.Container == "" || target.Language != treesitter.Python {
		return nil
	}
	cls, err := q.classOf(ctx, &target)
	if err != nil || cls == nil || !q.servesRequests(ctx, target, *cls) {
		return err
	}
	return q.eachRegistration(ctx, *cls, func(c fact.Call, _ *fact.File, reg registration) error {
		from, err := q.callerOf(ctx, c)
		if err != nil {
			return err
		}
		byCaller.add(from, c, fact.ResolvedRegistration, viaText(c, reg.pattern), "")
		return nil
	})
}

// servingMethods lists the methods of a registered class that serve
// requests, for the registering site's outgoing edges.
func (q *frameworkView) servingMethods(ctx context.Context, cls fact.Symbol) ([]fact.Symbol, error) {
	if !isType(cls) || family(cls.Language) != string(treesitter.Python) {
		return nil, nil
	}
	syms, err := q.store.SymbolsInFile(ctx, cls.Path)
	if err != nil {
		return nil, err
	}
	var out []fact.Symbol
	for _, s := range syms {
		if s.Kind == treesitter.KindMethod && s.Container == cls.Name && q.servesRequests(ctx, s, cls) {
			out = append(out, s)
		}
	}
	return out, nil
}

// groupRoot reports whether a route path is a Go router group's own root:
// g := r.Group("/api"); g.GET("", list) serves /api.
func groupRoot(f *fact.File, path string) bool {
	return path == "" && f.Language == treesitter.Go
}

// handlerArguments are the arguments a registration registers: every
// keyword named in the pattern's HandlerKeys for a pattern that registers
// them all (cobra's Run, RunE, PreRunE...), else the one HandlerArgument.
func handlerArguments(p *framework.Pattern, args []string) []string {
	if !p.EveryHandlerKey {
		if h, ok := p.HandlerArgument(args); ok {
			return []string{h}
		}
		return nil
	}
	var out []string
	for _, k := range p.HandlerKeys {
		if v, ok := framework.Keyword(args, k); ok {
			out = append(out, v)
		}
	}
	return out
}

// literalViaText names a registering keyed literal for people:
// cobra.Command{Use: "serve"}.
func literalViaText(c fact.Call, p *framework.Pattern) (string, bool) {
	typ, ok := strings.CutSuffix(c.Callee, "{}")
	if !ok {
		return "", false
	}
	if c.Receiver != "" {
		typ = c.Receiver + "." + typ
	}
	inner := ""
	for _, k := range p.EventKeys {
		if v, ok := framework.Keyword(c.Args, k); ok {
			inner = k + ": " + v
			break
		}
	}
	return typ + "{" + inner + "}", true
}

// registrationRoles are the roles the workspace's registrations give sym by
// value: a route (http.HandleFunc("/x", h), path('x/', h), app.get('/x',
// h)) or a command (cobra.Command{Use: "serve", RunE: h}), so that the item
// of a registered handler says how it is reached.
func (q *frameworkView) registrationRoles(ctx context.Context, sym fact.Symbol) []framework.Role {
	if !isCallable(sym) || q.depth > 4 {
		return nil
	}
	calls, err := q.r.registrationCalls(ctx, family(sym.Language), sym.Name)
	if err != nil || len(calls) == 0 {
		return nil
	}
	q.depth++
	defer func() { q.depth-- }()
	var roles []framework.Role
	seen := map[string]bool{}
	for _, c := range calls {
		f, caller, err := q.callContext(ctx, c)
		if err != nil || f == nil || family(f.Language) != family(sym.Language) {
			continue
		}
		for _, reg := range q.registrationsIn(ctx, f, caller, c) {
			p := reg.pattern
			if reg.name != sym.Name || p.Bus != "" || p.HTTPMethod == "" && !p.EveryHandlerKey {
				continue
			}
			targets, err := q.resolveHandler(ctx, c, reg)
			if err != nil || !containsID(targets, sym.ID) {
				continue
			}
			role := framework.Role{Framework: p.Framework, Pattern: viaText(c, p), Method: p.HTTPMethod}
			a, _ := p.EventArgument(c.Args)
			vals, _ := q.eventValues(ctx, f, a)
			switch {
			case p.EveryHandlerKey: // cobra: the command is the first word of Use
				role.Kind = framework.RoleCommand
				if len(vals) > 0 {
					if name := strings.Fields(vals[0]); len(name) > 0 {
						role.Events = []string{name[0]}
					}
				}
				if len(role.Events) == 0 {
					continue
				}
				role.Summary = fmt.Sprintf("command %s (%s %s)", role.Events[0], p.Framework, role.Pattern)
			default:
				role.Kind = framework.RoleRoute
				if len(vals) == 0 {
					continue
				}
				route := routePattern(vals[0])
				if strings.HasPrefix(p.Framework, "Django") { // under its URLconf's include()
					route = slashed(framework.JoinRoute(q.includePrefix(ctx, f.Path, 0), route))
				}
				role.Events = []string{route}
				role.Summary = fmt.Sprintf("%s route %s %s (%s)", p.Framework, p.HTTPMethod, route, role.Pattern)
			}
			if !seen[role.Summary] {
				seen[role.Summary] = true
				roles = append(roles, role)
			}
		}
	}
	return roles
}

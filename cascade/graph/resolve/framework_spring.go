package resolve

import (
	"context"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

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

// Spring dependency injection beyond the declared type (issue 15): a field
// declared as an interface (Notifier) that Spring injects holds one bean,
// and a call through it (notifier.send(m), bound by javac to
// Notifier.send) runs that bean's method only. The extractor marks the
// injected fields (treesitter.JavaInjectPrefix, with the bean name a
// @Qualifier, @Named or @Resource asks for); the workspace's beans are the
// classes a stereotype annotation scans (@Component("email"),
// @Service, ...) and the @Bean methods of configuration classes
// (r.springBeans). The bean is picked as Spring picks it: by qualifier or
// name when one is asked for; else the only candidate, the @Primary one,
// or the one named as the field. Where no bean is known (none found, two
// without a tie-break, a @Bean method whose result's class is not known)
// nothing is narrowed.

// springBean is one bean definition whose type may be injected where a
// field's declared type is asked for.
type springBean struct {
	names   []string     // bean name, aliases and qualifiers
	primary bool         // @Primary
	class   *fact.Symbol // the class of the instance; nil when not known
}

// springBeans lists the workspace's Java symbols that define beans: the
// classes with a stereotype annotation and the @Bean methods.
func (r *Resolver) springBeans(ctx context.Context) ([]fact.Symbol, error) {
	var out []fact.Symbol
	err := r.eachFrameworkFile(ctx, func(ff *fileFramework) { out = append(out, ff.beans...) })
	return out, err
}

// isSpringBean reports whether sym defines a Spring bean: a class with a
// stereotype annotation, or a method annotated @Bean.
func isSpringBean(sym fact.Symbol) bool {
	if sym.Language != treesitter.Java {
		return false
	}
	for _, d := range sym.Decorators {
		switch {
		case isType(sym) && sym.Kind == treesitter.KindClass && treesitter.JavaStereotype(d.Name):
			return true
		case sym.Kind == treesitter.KindMethod && lastSegmentOf(d.Name) == "Bean":
			return true
		}
	}
	return false
}

// injectedExcludes reports whether a Java call c through a field Spring
// injects cannot run target: the bean injected is known, and its class is
// neither target's class nor below it (where target is inherited).
func (q *frameworkView) injectedExcludes(ctx context.Context, c fact.Call, target fact.Symbol) (bool, error) {
	if target.Language != treesitter.Java || c.CallerID == "" {
		return false, nil
	}
	name := strings.TrimPrefix(c.Receiver, "this.")
	if !treesitter.IsIdentifierName(name) {
		return false, nil
	}
	caller, err := q.symbol(ctx, c.CallerID)
	if err != nil || caller == nil {
		return false, err
	}
	if name == c.Receiver { // a bare name: a parameter or local shadows the field
		f, err := q.file(ctx, c.Path)
		if err != nil || f == nil {
			return false, err
		}
		defer func(pos uint32) { q.pos = pos }(q.pos)
		q.pos = c.Span.StartByte
		if paramIndex(*caller, name) >= 0 || q.localNamed(f, caller, name) != nil {
			return false, nil
		}
	}
	cls, err := q.classOf(ctx, caller)
	if err != nil || cls == nil {
		return false, err
	}
	cls = q.declaringClass(ctx, *cls, name, 0) // a field injected in a base class
	if cls == nil {
		return false, nil
	}
	asked, ok := strings.CutPrefix(q.fieldToken(ctx, *cls, name), treesitter.JavaInjectPrefix)
	if !ok {
		return false, nil
	}
	typ, _, err := q.fieldTypeWrittenIn(ctx, *cls, name, 0)
	if err != nil || typ == "" {
		return false, err
	}
	cf, err := q.file(ctx, cls.Path)
	if err != nil || cf == nil {
		return false, err
	}
	declared, err := q.resolveTypeName(ctx, cf, typ)
	if err != nil || declared == nil || !isType(*declared) {
		return false, err
	}
	beans, err := q.beansOf(ctx, *declared)
	if err != nil {
		return false, err
	}
	bean, only := pickBean(beans, asked, name)
	if bean == nil || bean.class == nil {
		return false, nil
	}
	sub, err := q.classOf(ctx, &target)
	if err != nil || sub == nil {
		return false, err
	}
	if only && maybeBean(*sub) {
		// the only bean found, and target's class is annotated with what
		// may make it another (a stereotype of the project's own): not
		// one candidate after all
		return false, nil
	}
	return !q.isSubtype(ctx, *bean.class, *sub, 0), nil
}

// javaPlainAnnotations are class annotations that make no bean: Lombok's,
// Jackson's, JPA's and the language's own.
var javaPlainAnnotations = setOf("Data", "Getter", "Setter", "ToString", "EqualsAndHashCode", "Builder",
	"SuperBuilder", "NoArgsConstructor", "AllArgsConstructor", "RequiredArgsConstructor", "Value", "Slf4j",
	"Log", "Log4j2", "CommonsLog", "Accessors", "With", "Jacksonized", "Deprecated", "SuppressWarnings",
	"FunctionalInterface", "JsonIgnoreProperties", "JsonInclude", "JsonTypeInfo", "JsonSubTypes",
	"JsonTypeName", "JsonDeserialize", "JsonSerialize", "Entity", "Table", "Embeddable", "MappedSuperclass",
	"Immutable", "ThreadSafe", "NotThreadSafe", "VisibleForTesting", "Generated", "Order")

// maybeBean reports whether a class that defines no bean the resolver
// knows is annotated with something else than javaPlainAnnotations: a
// stereotype of the project's own (@UseCase meta-annotated @Component),
// which component scanning may make a bean.
func maybeBean(cls fact.Symbol) bool {
	for _, d := range cls.Decorators {
		if n := lastSegmentOf(d.Name); !javaPlainAnnotations[n] && !treesitter.JavaStereotype(n) {
			return true
		}
	}
	return false
}

// declaringClass is cls, or the base class of cls that declares the field
// name; nil when none does.
func (q *frameworkView) declaringClass(ctx context.Context, cls fact.Symbol, name string, depth int) *fact.Symbol {
	if depth > 5 {
		return nil
	}
	if cf, err := q.file(ctx, cls.Path); err == nil && cf != nil {
		for _, fl := range cf.Fields {
			if fl.Container == cls.Name && fl.Name == name {
				return &cls
			}
		}
	}
	for _, b := range q.bases(ctx, cls) {
		if d := q.declaringClass(ctx, b, name, depth+1); d != nil {
			return d
		}
	}
	return nil
}

// pickBean is the bean Spring injects among the candidates of a field's
// type: the one named or qualified asked; for "*" (@Resource without a
// name) the one named as the field, else as by type; by type the only
// one (only), the @Primary one, or the one named as the field. nil when
// that is not one bean.
func pickBean(beans []springBean, asked, field string) (_ *springBean, only bool) {
	named := func(name string) *springBean {
		var found *springBean
		for i := range beans {
			if slices.Contains(beans[i].names, name) {
				if found != nil {
					return nil
				}
				found = &beans[i]
			}
		}
		return found
	}
	switch asked {
	case "":
	case "*":
		if b := named(field); b != nil {
			return b, false
		}
	default:
		return named(asked), false
	}
	if len(beans) == 1 {
		return &beans[0], true
	}
	var primary *springBean
	for i := range beans {
		if beans[i].primary {
			if primary != nil {
				return nil, false
			}
			primary = &beans[i]
		}
	}
	if primary != nil {
		return primary, false
	}
	return named(field), false
}

// beansOf lists the workspace's beans that may be injected where declared
// is asked for: the scanned classes that are declared or below it, the
// @Bean methods whose result type is.
func (q *frameworkView) beansOf(ctx context.Context, declared fact.Symbol) ([]springBean, error) {
	if beans, ok := q.beansByType[declared.ID]; ok {
		return beans, nil
	}
	syms, err := q.r.springBeans(ctx)
	if err != nil {
		return nil, err
	}
	out, err := q.beansAmong(ctx, syms, declared)
	if err != nil {
		return nil, err
	}
	if q.beansByType == nil {
		q.beansByType = map[string][]springBean{}
	}
	q.beansByType[declared.ID] = out
	return out, nil
}

// beansAmong is beansOf among the bean definitions syms.
func (q *frameworkView) beansAmong(ctx context.Context, syms []fact.Symbol, declared fact.Symbol) ([]springBean, error) {
	var out []springBean
	for _, s := range syms {
		if isType(s) {
			if s.ID == declared.ID && declared.Kind == treesitter.KindInterface || !q.isSubtype(ctx, s, declared, 0) {
				continue
			}
			cls := s
			b := springBean{class: &cls, names: []string{decapitalized(s.Name)}}
			for _, d := range s.Decorators {
				switch n := lastSegmentOf(d.Name); {
				case treesitter.JavaStereotype(n):
					if v := annotationNames(d, "value"); len(v) > 0 {
						b.names = v
					}
				case n == "Primary":
					b.primary = true
				}
			}
			b.names = append(b.names, qualifiersOf(s.Decorators)...)
			out = append(out, b)
			continue
		}
		b, ok, err := q.springBeanMethod(ctx, s, declared)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, b)
		}
	}
	return out, nil
}

// springBeanMethod is the bean a @Bean method m defines, when its result type
// is declared or below it: named as the method or as @Bean names it, its
// class the one class the method constructs of that type (return new
// SystemClock()), else the result type when that is a class.
func (q *frameworkView) springBeanMethod(ctx context.Context, m, declared fact.Symbol) (springBean, bool, error) {
	if m.Returns == "" || strings.ContainsAny(m.Returns, ":[]") {
		return springBean{}, false, nil
	}
	f, err := q.file(ctx, m.Path)
	if err != nil || f == nil {
		return springBean{}, false, err
	}
	result, err := q.resolveTypeName(ctx, f, m.Returns)
	if err != nil || result == nil || !isType(*result) || !q.isSubtype(ctx, *result, declared, 0) {
		return springBean{}, false, err
	}
	b := springBean{names: []string{m.Name}}
	for _, d := range m.Decorators {
		switch lastSegmentOf(d.Name) {
		case "Bean":
			if v := annotationNames(d, "name", "value"); len(v) > 0 {
				b.names = v
			}
		case "Primary":
			b.primary = true
		}
	}
	b.names = append(b.names, qualifiersOf(m.Decorators)...)
	calls, err := q.callsFrom(ctx, m.ID)
	if err != nil {
		return springBean{}, false, err
	}
	for _, c := range calls {
		if !c.New {
			continue
		}
		cls, err := q.calledClass(ctx, c)
		if err != nil {
			return springBean{}, false, err
		}
		if cls == nil || !q.isSubtype(ctx, *cls, *result, 0) {
			continue
		}
		if b.class != nil && b.class.ID != cls.ID {
			b.class = nil // two classes made: which is returned is not known here
			return b, true, nil
		}
		b.class = cls
	}
	if b.class == nil && result.Kind == treesitter.KindClass {
		b.class = result
	}
	return b, true, nil
}

// annotationNames are the string literals an annotation gives as its
// single value or as one of the named elements: @Component("email"),
// @Bean(name = {"a", "b"}).
func annotationNames(d treesitter.Decorator, elements ...string) []string {
	var out []string
	for _, a := range d.Args {
		v := a
		if k, rest, ok := strings.Cut(a, "="); ok {
			if !slices.Contains(elements, strings.TrimSpace(k)) {
				continue
			}
			v = rest
		}
		v = strings.TrimSpace(v)
		v = strings.TrimSuffix(strings.TrimPrefix(v, "{"), "}")
		for _, part := range strings.Split(v, ",") {
			if lit, ok := treesitter.StringLiteral(part); ok && lit != "" {
				out = append(out, lit)
			}
		}
	}
	return out
}

// qualifiersOf are the values of @Qualifier("x") and @Named("x") among
// annotations.
func qualifiersOf(decorators []treesitter.Decorator) []string {
	var out []string
	for _, d := range decorators {
		switch lastSegmentOf(d.Name) {
		case "Qualifier", "Named":
			out = append(out, annotationNames(d, "value")...)
		}
	}
	return out
}

// decapitalized is Spring's default bean name of a class: its simple name
// with the first letter lower-cased, unless the first two are upper case
// (URLService stays URLService), as java.beans.Introspector does.
func decapitalized(name string) string {
	if len(name) > 1 && unicode.IsUpper(rune(name[0])) && unicode.IsUpper(rune(name[1])) {
		return name
	}
	r, size := utf8.DecodeRuneInString(name)
	return string(unicode.ToLower(r)) + name[size:]
}

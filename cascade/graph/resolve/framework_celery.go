package resolve

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/treesitter"
)

// Celery runs a task through its function (task.delay(), task.s(): the
// core resolves those as calls of the task, see taskCalled) and by the
// name it registers the task under: app.send_task('proj.tasks.cleanup'),
// signature('proj.tasks.cleanup'), and beat schedule entries (recorded by
// the extractor as calls of treesitter.CeleryBeatCallee). A task's name is
// name= of its decorator, else its module's dotted path and its function
// name; names are compared evaluated, never by their text alone.

// celeryTaskNames lists the names Celery may register task sym under:
// its decorator's name= (evaluated; none when it cannot be), else the
// dotted module path of its file and its name. The module path Celery
// sees depends on sys.path: the first name is the package path (up to the
// first directory without __init__.py), the others are longer ones, as
// from a workspace root on sys.path.
func (q *frameworkView) celeryTaskNames(ctx context.Context, sym fact.Symbol) []string {
	if sym.Language != treesitter.Python || !isCallable(sym) {
		return nil
	}
	isTask := false
	for _, d := range sym.Decorators {
		for _, p := range framework.DecoratorPatterns(sym.Language, d.Name) {
			if p.Framework != "Celery" || p.Role != framework.RoleTask {
				continue
			}
			isTask = true
			if v, ok := framework.Keyword(d.Args, "name"); ok {
				f, err := q.file(ctx, sym.Path)
				if err != nil || f == nil {
					return nil
				}
				vals, _ := q.eventValues(ctx, f, v)
				return vals // a name built at run time names nothing we can match
			}
		}
	}
	if !isTask || sym.Container != "" {
		return nil // a method is no task function: its name is its class's business
	}
	var names []string
	for _, m := range q.pyModuleNames(ctx, sym.Path) {
		names = append(names, m+"."+sym.Name)
	}
	return names
}

// pyModuleNames lists the dotted module names of a Python file: the
// package path first, then the longer paths up to the workspace root.
func (q *frameworkView) pyModuleNames(ctx context.Context, p string) []string {
	stem := strings.TrimSuffix(strings.TrimSuffix(p, ".pyi"), ".py")
	if stem == p {
		return nil
	}
	parts := strings.Split(stem, "/")
	if len(parts) > 1 && parts[len(parts)-1] == "__init__" {
		parts = parts[:len(parts)-1] // a package's __init__.py is the package
	}
	// The package path: the directories above the module, while each is a
	// package.
	first := len(parts) - 1
	for i := len(parts) - 2; i >= 0; i-- {
		init, err := q.file(ctx, strings.Join(parts[:i+1], "/")+"/__init__.py")
		if err != nil || init == nil {
			break
		}
		first = i
	}
	var out []string
	for i := first; i >= 0; i-- {
		ok := true
		for _, s := range parts[i:] {
			ok = ok && framework.IsIdentifier(s)
		}
		if ok {
			out = append(out, strings.Join(parts[i:], "."))
		}
	}
	return out
}

// celeryNamed is the task name a send_task/signature call or a beat
// entry names, evaluated; ok is false when it names none we can read.
func (q *frameworkView) celeryNamed(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call) ([]string, bool) {
	if c.Callee == treesitter.CeleryBeatCallee {
		if len(c.Args) == 0 {
			return nil, false
		}
		return q.celeryNameValue(ctx, f, c, c.Args[0])
	}
	for _, p := range q.callPatterns(ctx, f, caller, c, framework.RoleTaskByName) {
		if a, ok := p.EventArgument(c.Args); ok {
			if vals, ok := q.celeryNameValue(ctx, f, c, a); ok {
				return vals, true
			}
		}
	}
	return nil, false
}

// celeryNameValue evaluates an expression naming a task: a literal or a
// constant, or task.name, the name of a task function it resolves to.
func (q *frameworkView) celeryNameValue(ctx context.Context, f *fact.File, c fact.Call, expr string) ([]string, bool) {
	if vals, ok := q.eventValues(ctx, f, expr); ok {
		return vals, true
	}
	ref, ok := strings.CutSuffix(strings.TrimSpace(expr), ".name")
	if !ok {
		return nil, false
	}
	if t := q.celeryTaskRef(ctx, c, ref); t != nil {
		if names := q.celeryTaskNames(ctx, *t); len(names) > 0 {
			return names[:1], true
		}
	}
	return nil, false
}

// celeryTaskRef resolves ref (cleanup, tasks.cleanup), written where c
// is, to the Celery task function it names; nil when it names none.
func (q *frameworkView) celeryTaskRef(ctx context.Context, c fact.Call, ref string) *fact.Symbol {
	ref = strings.TrimSpace(ref)
	if !framework.IsDotted(ref) {
		return nil
	}
	call := fact.Call{Path: c.Path, CallerID: c.CallerID, Callee: lastSegmentOf(ref), Span: c.Span}
	if i := strings.LastIndexByte(ref, '.'); i >= 0 {
		call.Receiver = ref[:i]
	}
	targets, res, err := q.resolveCall(ctx, call)
	if err != nil || res != fact.ResolvedAST {
		return nil
	}
	for _, t := range targets {
		if framework.IsCeleryTask(t) {
			return &t
		}
	}
	return nil
}

// celeryMayName is a cheap test before loading a call's file: a literal
// first argument must be one of names.
func celeryMayName(c fact.Call, names map[string]bool) bool {
	if len(c.Args) == 0 {
		return false
	}
	if v, lit := treesitter.StringLiteral(c.Args[0]); lit {
		return names[v]
	}
	return true
}

// celeryIncoming adds to byCaller the calls that run target by its
// registered name and the beat schedule entries naming it.
func (q *frameworkView) celeryIncoming(ctx context.Context, target fact.Symbol, byCaller edgeSet) error {
	names := q.celeryTaskNames(ctx, target)
	if len(names) == 0 {
		return nil
	}
	if err := q.aliasedTaskCalls(ctx, target, byCaller); err != nil {
		return err
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	callees := append(framework.CalleesFor(family(target.Language), framework.RoleTaskByName), treesitter.CeleryBeatCallee)
	for _, callee := range callees {
		calls, err := q.callsNamed(ctx, callee)
		if err != nil {
			return err
		}
		for _, c := range calls {
			if err := ctx.Err(); err != nil {
				return err
			}
			if !celeryMayName(c, want) {
				continue
			}
			f, caller, err := q.callContext(ctx, c)
			if err != nil {
				return err
			}
			if f == nil || f.Language != treesitter.Python {
				continue
			}
			vals, _ := q.celeryNamed(ctx, f, caller, c)
			for _, v := range vals {
				if !want[v] {
					continue
				}
				from, err := q.callerOf(ctx, c)
				if err != nil {
					return err
				}
				celeryEdge(byCaller, from, c, v)
				break
			}
		}
	}
	return nil
}

// celeryOutgoing adds to byCallee the tasks call c runs by name.
func (q *frameworkView) celeryOutgoing(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call, byCallee edgeSet) error {
	if f.Language != treesitter.Python || len(c.Args) == 0 {
		return nil
	}
	if c.Callee != treesitter.CeleryBeatCallee && !hasName(framework.CalleesFor(family(f.Language), framework.RoleTaskByName), c.Callee) {
		return nil
	}
	vals, ok := q.celeryNamed(ctx, f, caller, c)
	if !ok {
		return nil
	}
	tasks, err := q.r.celeryTasks(ctx)
	if err != nil {
		return err
	}
	for _, t := range tasks {
		for _, n := range q.celeryTaskNames(ctx, t) {
			if hasName(vals, n) {
				celeryEdge(byCallee, t, c, n)
				break
			}
		}
	}
	return nil
}

// celeryEdge records a task run by name: a beat entry registers it (the
// edge says how often), a send_task or signature runs it as an event of
// its name.
func celeryEdge(set edgeSet, sym fact.Symbol, c fact.Call, name string) {
	if c.Callee == treesitter.CeleryBeatCallee {
		schedule, _ := framework.Keyword(c.Args, "schedule")
		entry, _ := framework.Keyword(c.Args, "entry")
		set.add(sym, c, fact.ResolvedRegistration, framework.CeleryBeatVia(entry, schedule), "")
		return
	}
	set.add(sym, c, fact.ResolvedEvent, "", name)
}

// celeryRoles completes a Celery task's roles: the name it is registered
// under, and a scheduled role for each beat entry that names it.
func (q *frameworkView) celeryRoles(ctx context.Context, sym fact.Symbol, roles []framework.Role) []framework.Role {
	if sym.Language != treesitter.Python {
		return roles
	}
	var names []string
	for i, r := range roles {
		if r.Kind != framework.RoleTask || r.Framework != "Celery" {
			continue
		}
		if names == nil {
			names = q.celeryTaskNames(ctx, sym)
		}
		if len(names) == 0 {
			continue
		}
		roles[i].Events = names[:1]
		roles[i].Summary = "Celery task '" + names[0] + "' (" + r.Pattern + "): run through .delay()/.apply_async()/.s(), or by its name (send_task, signature, beat)"
	}
	if len(names) == 0 {
		return roles
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	roles = append(roles, q.periodicTaskRoles(ctx, sym)...)
	calls, err := q.callsNamed(ctx, treesitter.CeleryBeatCallee)
	if err != nil {
		return roles
	}
	for _, c := range calls {
		if !celeryMayName(c, want) {
			continue
		}
		f, caller, err := q.callContext(ctx, c)
		if err != nil || f == nil {
			continue
		}
		vals, _ := q.celeryNamed(ctx, f, caller, c)
		for _, v := range vals {
			if want[v] {
				schedule, _ := framework.Keyword(c.Args, "schedule")
				entry, _ := framework.Keyword(c.Args, "entry")
				roles = append(roles, framework.Role{Kind: framework.RoleScheduled, Framework: "Celery",
					Pattern: entry, Events: []string{framework.CelerySchedule(schedule)},
					Summary: framework.CeleryBeatVia(entry, schedule) + " (" + c.Path + ")"})
				break
			}
		}
	}
	return roles
}

// celeryTasks lists the workspace's Celery task functions.
func (r *Resolver) celeryTasks(ctx context.Context) ([]fact.Symbol, error) {
	var out []fact.Symbol
	err := r.eachFrameworkFile(ctx, func(ff *fileFramework) { out = append(out, ff.tasks...) })
	return out, err
}

// periodicTaskRoles lists the schedules that app.add_periodic_task(schedule,
// task.s(...)) gives task sym; the signature's call is already a call of
// the task, so only the role is added.
func (q *frameworkView) periodicTaskRoles(ctx context.Context, sym fact.Symbol) []framework.Role {
	calls, err := q.callsNamed(ctx, "add_periodic_task")
	if err != nil {
		return nil
	}
	var out []framework.Role
	for _, c := range calls {
		sig, ok := framework.Argument(c.Args, 1, []string{"sig"})
		if !ok {
			continue
		}
		ref := ""
		for _, m := range []string{".s(", ".si(", ".signature("} {
			if i := strings.Index(sig, m); i > 0 {
				ref = sig[:i]
				break
			}
		}
		if lastSegmentOf(ref) != sym.Name {
			continue
		}
		if t := q.celeryTaskRef(ctx, c, ref); t == nil || t.ID != sym.ID {
			continue
		}
		schedule, _ := framework.Argument(c.Args, 0, []string{"schedule"})
		out = append(out, framework.Role{Kind: framework.RoleScheduled, Framework: "Celery", Pattern: "add_periodic_task",
			Events:  []string{framework.CelerySchedule(schedule)},
			Summary: "add_periodic_task: scheduled by Celery beat, " + framework.CelerySchedule(schedule) + " (" + c.Path + ")"})
	}
	return out
}

// aliasedTaskCalls adds the task calls written against an alias of
// target (from proj.tasks import cleanup as purge; purge.delay()), which
// the core's look-up by the task's own name does not see.
func (q *frameworkView) aliasedTaskCalls(ctx context.Context, target fact.Symbol, byCaller edgeSet) error {
	for _, callee := range framework.CalleesFor(family(target.Language), framework.RoleTaskCall) {
		calls, err := q.callsNamed(ctx, callee)
		if err != nil {
			return err
		}
		for _, c := range calls {
			if !framework.IsIdentifier(c.Receiver) || c.Receiver == target.Name {
				continue
			}
			f, caller, err := q.callContext(ctx, c)
			if err != nil {
				return err
			}
			if f == nil || !importsAs(f, target.Name, c.Receiver) {
				continue
			}
			task, err := q.taskCalled(ctx, f, caller, c)
			if err != nil {
				return err
			}
			if task == nil || task.ID != target.ID {
				continue
			}
			from, err := q.callerOf(ctx, c)
			if err != nil {
				return err
			}
			byCaller.add(from, c, fact.ResolvedRegistration, q.taskQueueVia(ctx, c, target), "")
		}
	}
	return nil
}

// importsAs reports whether f imports name under the local name local.
func importsAs(f *fact.File, name, local string) bool {
	for _, imp := range f.Imports {
		if imp.Imported == name && imp.Local == local {
			return true
		}
	}
	return false
}

// importedName is the name a Python file imports under the local name
// local (from m import cleanup as purge: cleanup), else local itself.
func importedName(f *fact.File, local string) string {
	if f.Language != treesitter.Python {
		return local
	}
	for _, imp := range f.Imports {
		if imp.Local == local && imp.Imported != "*" && imp.Imported != "" && framework.IsIdentifier(imp.Imported) {
			return imp.Imported
		}
	}
	return local
}

// taskQueueVia says how call site c runs task t when it queues it rather
// than calling it (cleanup.delay(), add.s(1, 2), actor.send()): the
// registration's via, "cleanup.delay() (Celery: queues the task)". ""
// when c is no task call of t. The core resolves such a site to t (see
// taskCalled), but no type checker does: the call runs Celery's
// Task.delay, which queues t. So the site is a framework link, labelled
// as one, never a precise call of t.
func (q *frameworkView) taskQueueVia(ctx context.Context, c fact.Call, t fact.Symbol) string {
	if c.Receiver == "" || c.Callee == t.Name || family(t.Language) != "python" {
		return ""
	}
	for _, p := range framework.CallPatterns(t.Language, c.Callee, c.Receiver) {
		if p.Role != framework.RoleTaskCall || !framework.IsTask(q.rolesOf(ctx, t)) {
			continue
		}
		means := strings.Replace(p.Means, "the receiver ", "the ", 1)
		return c.Receiver + "." + c.Callee + "() (" + p.Framework + ": " + means + ")"
	}
	return ""
}

package treesitter

// CeleryBeatCallee is the callee of the call recorded for each entry of a
// Celery beat schedule: {'name': {'task': 'proj.tasks.x', 'schedule': ...}}
// (app.conf.beat_schedule, CELERY_BEAT_SCHEDULE, beat_schedule=...). The
// schedule calls the task as surely as task.delay() does, from a dict
// rather than a call, so the entry is recorded as a call at the task's
// name: its arguments are the task name as written, schedule=<expr> and
// entry=<the entry's key>. The name is no identifier, so no symbol has it.
const CeleryBeatCallee = "celery.beat_schedule"

// pythonBeatEntry records a beat schedule entry when the string literal n
// is the 'task' key of a dict that also has a 'schedule'; the task's name
// is the key's value, a literal or a constant.
func pythonBeatEntry(e *extractor, n *node) {
	pair := parent(n)
	if nodeType(pair) != "pair" || field(pair, "key") != n || !pythonStringIs(e, n, "task") {
		return
	}
	task := field(pair, "value")
	if task == nil {
		return
	}
	entry := parent(pair)
	if nodeType(entry) != "dictionary" {
		return
	}
	schedule := ""
	for p := range eachNamed(entry) {
		if nodeType(p) == "pair" && pythonStringIs(e, field(p, "key"), "schedule") {
			schedule = e.squeezed(field(p, "value"))
		}
	}
	if schedule == "" {
		return
	}
	args := []string{e.squeezed(task), "schedule=" + schedule}
	if outer := parent(entry); nodeType(outer) == "pair" && field(outer, "value") == entry {
		args = append(args, "entry="+e.text(field(outer, "key")))
	}
	c := Call{Callee: CeleryBeatCallee, Span: e.span(task), Args: args}
	e.addCall(c, task)
}

// pythonStringIs reports whether n is a plain string literal of text want.
func pythonStringIs(e *extractor, n *node, want string) bool {
	if nodeType(n) != "string" {
		return false
	}
	v, ok := StringLiteral(e.text(n))
	return ok && v == want
}

package grep

import "github.com/callcascade/callcascade/treesitter"

// A Python method's name written obj.name.attr (cov.datetime_ranges.all(),
// qs.items.count) reads an attribute of whatever obj.name is: a model
// field, a related manager, a nested object. A bound method has no
// attributes a program reads but its dunders, so the site is neither a
// call of the method nor the method passed on; pyright does not list it.
// A function's attributes (task.delay(...), a Celery task's) are left
// alone: only methods are asked about here.

// pyAttributeOfAttribute reports whether a Python site of a method's name
// is such an attribute read.
func pyAttributeOfAttribute(lang treesitter.Language, m Match, q *Query) bool {
	return lang == treesitter.Python && m.MemberRead && m.Kind == KindReference && (q.Method || q.Container != "")
}

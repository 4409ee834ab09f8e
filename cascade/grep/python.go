package grep

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/callcascade/callcascade/treesitter"
)

// A Python method's name written obj.name.attr (cov.datetime_ranges.all(),
// qs.items.count) reads an attribute of whatever obj.name is: a model
// field, a related manager, a nested object. A bound method has no
// attributes a program reads but its dunders, so the site is neither a
// call of the method nor the method passed on; pyright does not list it.
// A function's attributes (task.delay(...), a Celery task's) are left
// alone: only methods are asked about here.

// pyAttributeOfAttribute reports whether a Python site of a method's name
// is such an attribute read. So is a Go one (t.Tx.Commit() with Tx an
// embedded *sql.Tx): a method's value is a func, which has no members.
func pyAttributeOfAttribute(lang treesitter.Language, m Match, q *Query) bool {
	if treesitter.Family(lang) == "js" {
		// work?.manifestations?.all: a function has no all, whatever
		// declares it (a class, an object of resolvers, the module); a
		// getter's read is its call
		return m.MemberRead && m.Kind == KindReference && !q.Accessor
	}
	return (lang == treesitter.Python || lang == treesitter.Go) && m.MemberRead && m.Kind == KindReference && (q.Method || q.Container != "")
}

// A Python method's name written obj.name and only tested (if obj.name:,
// obj.name is not None, obj.name and ...) reads an attribute that may be
// unset: a bound method is always true and never None, so no program tests
// one. hrw4u's params.validate, an optional validator of a table entry, is
// tested before it is called; the call is the field's, not a method's.

// pyAttributeUsedAsData reports whether a Python site of a method's name is
// such a test.
func pyAttributeUsedAsData(lang treesitter.Language, m Match, q *Query) bool {
	if treesitter.Family(lang) == "js" {
		// x.type === "ISSN", subs[user.agencyId], {user.name}: data,
		// whatever declares the name (ecmaUsedAsData)
		return m.UsedAsData && m.Kind == KindReference && !q.Accessor
	}
	return lang == treesitter.Python && m.UsedAsData && m.Kind == KindReference && (q.Method || q.Container != "")
}

// A Python self.name inside a class that assigns name itself (a Django
// model's country = CharField(...), self.country = ... in __init__) reads
// that class's own attribute: it shadows any method of the name a base
// has, and no other class's method is reached through it. ciso-assistant's
// DataTransfer.__str__ reads self.country, its model field, and grep
// offered it as a caller of DataTransferViewSet.country.

// pyOwnAttributeElsewhere reports whether a Python site is such a read in
// a class other than the target's.
// So is this.name in a TypeScript or JavaScript class that declares a
// member name (novel-ai-assistant's ClaudeProvider reads its own
// this.endpoint; grep offered it for SakuraProvider's endpoint).
func pyOwnAttributeElsewhere(lang treesitter.Language, m Match, q *Query) bool {
	return (lang == treesitter.Python || treesitter.Family(lang) == "js") && m.OwnAttribute && q.Container != "" &&
		normalName(m.Caller.Container) != normalName(q.Container)
}

// pySubmoduleAttribute reports whether a Python site pkg.name, searched
// for a module-level function name declared in pkg/name.py, reads the
// submodule name.py rather than the function: test_mod.py's
// `f.booking_create.main is not None` names f/booking_create/main.py, whose
// function main would be f.booking_create.main.main. A package whose
// __init__.py mentions the name (from .main import main rebinds it) is
// left alone.
func (s *scan) pySubmoduleAttribute(lang treesitter.Language, m Match) bool {
	q := &s.q
	if lang != treesitter.Python || q.Method || q.Container != "" || m.Receiver == "" || !m.ModuleReceiver || !strings.HasSuffix(q.TargetPath, ".py") {
		return false
	}
	dir, file := path.Split(q.TargetPath)
	if strings.TrimSuffix(file, ".py") != q.Name {
		return false
	}
	dir = strings.TrimSuffix(dir, "/")
	pkg := strings.ReplaceAll(m.Receiver, ".", "/")
	if dir != pkg && !strings.HasSuffix(dir, "/"+pkg) {
		return false
	}
	init, err := os.ReadFile(filepath.Join(s.root, filepath.FromSlash(dir), "__init__.py"))
	if err != nil {
		return os.IsNotExist(err) // no __init__.py: a namespace package, which nothing rebinds
	}
	return treesitter.IndexWord(init, s.name, 0) < 0
}

package framework

import (
	"path"
	"strings"
)

// IsEntry reports whether a role makes its symbol an entry point the
// framework reaches on its own (a route, a schedule, a lifecycle hook, a
// command): with no caller in the code, the role is the answer, and a
// search by name would only guess.
func (k RoleKind) IsEntry() bool {
	switch k {
	case RoleRoute, RoleScheduled, RoleLifecycle, RoleCommand:
		return true
	}
	return false
}

// EntryRoles keeps the roles that make a symbol a framework entry point.
func EntryRoles(roles []Role) []Role {
	var out []Role
	for _, r := range roles {
		if r.Kind.IsEntry() {
			out = append(out, r)
		}
	}
	return out
}

// BasePatterns returns the catalog entries that a method named name (or,
// with decorator set, a decorator of it) matches by the bases of its class
// (AppConfig.ready, a viewset's list): bases are the names of the class's
// bases, direct and inherited, as written. A pattern with PathContains
// matches only in a file whose path contains it.
func BasePatterns(fam, name, filePath string, bases []string) []*Pattern {
	var out []*Pattern
	for i := range Catalog {
		p := &Catalog[i]
		if p.Family != fam || len(p.ClassBases) == 0 || p.Method != name || p.Decorator != "" {
			continue
		}
		if p.PathContains != "" && !strings.Contains("/"+filePath, p.PathContains) {
			continue
		}
		if hasAnyBase(p.ClassBases, bases) {
			out = append(out, p)
		}
	}
	return out
}

// ClassBasedDecorator reports whether decorator pattern p applies only in
// classes with one of its ClassBases (DRF's @action), and if so whether
// bases has one.
func (p *Pattern) ClassBasedDecorator(bases []string) (restricted, ok bool) {
	if len(p.ClassBases) == 0 {
		return false, true
	}
	return true, hasAnyBase(p.ClassBases, bases)
}

func hasAnyBase(want, bases []string) bool {
	for _, b := range bases {
		if hasName(want, lastSegment(b)) {
			return true
		}
	}
	return false
}

// CommandName is the command a file-named command runs: "sync" for
// shop/management/commands/sync.py.
func CommandName(filePath string) string {
	return strings.TrimSuffix(path.Base(filePath), path.Ext(filePath))
}

// ViewMethods are the methods of a class-based view or viewset that serve
// HTTP methods, for the classes a route registers by value: the method a
// request is dispatched to, and the HTTP method and the path below the
// registered prefix it serves ("" for the prefix itself).
var ViewMethods = map[string]struct{ HTTP, Sub string }{
	// Django and DRF class-based views.
	"get": {"GET", ""}, "post": {"POST", ""}, "put": {"PUT", ""}, "patch": {"PATCH", ""}, "delete": {"DELETE", ""},
	"head": {"HEAD", ""}, "options": {"OPTIONS", ""},
	// DRF viewset actions, as a router maps them.
	"list": {"GET", ""}, "create": {"POST", ""}, "retrieve": {"GET", "{pk}"}, "update": {"PUT", "{pk}"},
	"partial_update": {"PATCH", "{pk}"}, "destroy": {"DELETE", "{pk}"},
}

package framework

import (
	"fmt"
	"path"
	"strconv"
	"strings"
)

// IsEntry reports whether a role makes its symbol an entry point the
// framework reaches on its own (a route, a schedule, a lifecycle hook, a
// command, a subscriber): with no caller in the code, the role is the answer, and a
// search by name would only guess.
func (k RoleKind) IsEntry() bool {
	switch k {
	case RoleRoute, RoleScheduled, RoleLifecycle, RoleCommand:
		return true
	case RoleSubscriber:
		// A listener, consumer or job processor with no publisher found:
		// the framework runs it when a message arrives (perhaps from
		// another service); a search by the handler's name finds no
		// publisher, whose code names the key, not the handler.
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

// HasBaseMethod reports whether a method named name may have a role by the
// bases of its class, before they are looked up.
func HasBaseMethod(fam, name string) bool {
	for i := range Catalog {
		if p := &Catalog[i]; p.Method == name && p.Family == fam && len(p.ClassBases) > 0 {
			return true
		}
	}
	return false
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

// EntrySummary says how the framework reaches an entry point, its schedule
// in words first: "runs every 5 minutes · scheduled: cron '*/5 * * * *'
// (NestJS @Cron('*/5 * * * *'))".
func (r Role) EntrySummary() string {
	if s := r.Schedule(); s != "" {
		return s + " · " + r.Summary
	}
	return r.Summary
}

// EntryHint is Hint with the schedule in words first.
func (r Role) EntryHint() string {
	if s := r.Schedule(); s != "" {
		return s + " — " + r.Hint()
	}
	return r.Hint()
}

// Schedule says a scheduled role's schedule in words ("runs every 5
// minutes", "runs every day at 02:30"); "" when it is not one of the
// common shapes (then the expression itself is what the summary shows).
func (r Role) Schedule() string {
	if r.Kind != RoleScheduled {
		return ""
	}
	spec := r.Unresolved
	if len(r.Events) > 0 {
		spec = r.Events[0]
	}
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return ""
	}
	switch {
	case strings.HasPrefix(r.Pattern, "@Interval"), strings.Contains(r.Pattern, "fixedRate"), strings.Contains(r.Pattern, "fixedDelay"):
		if ms, ok := number(spec); ok {
			return "runs every " + duration(ms)
		}
	case strings.HasPrefix(r.Pattern, "@Timeout"):
		if ms, ok := number(spec); ok {
			return "runs once, " + duration(ms) + " after start"
		}
	}
	// CronExpression.EVERY_5_MINUTES, CronExpression.EVERY_DAY_AT_MIDNIGHT.
	if i := strings.LastIndex(spec, ".EVERY_"); i >= 0 {
		words := strings.ToLower(strings.ReplaceAll(spec[i+1:], "_", " "))
		return "runs " + words
	}
	return cronWords(spec)
}

// cronWords reads the common shapes of a cron expression (five fields, or
// six with seconds first).
func cronWords(spec string) string {
	f := strings.Fields(spec)
	if len(f) == 6 {
		if f[0] != "0" { // seconds
			if n, ok := every(f[0]); ok && allStars(f[1:]) {
				return "runs every " + plural(n, "second")
			}
			return ""
		}
		f = f[1:]
	}
	if len(f) != 5 || !allStars(f[2:4]) {
		return ""
	}
	min, hour, dow := f[0], f[1], f[4]
	var s string
	switch {
	case hour == "*":
		if min == "0" {
			s = "runs every hour"
		} else if n, ok := every(min); ok {
			s = "runs every " + plural(n, "minute")
		} else {
			return ""
		}
	case min == "0" && strings.HasPrefix(hour, "*/"):
		n, ok := every(hour)
		if !ok {
			return ""
		}
		s = "runs every " + plural(n, "hour")
	default:
		m, ok1 := number(min)
		h, ok2 := number(hour)
		if !ok1 || !ok2 {
			return ""
		}
		s = fmt.Sprintf("runs every day at %02d:%02d", h, m)
	}
	if dow != "*" {
		if !strings.HasPrefix(s, "runs every day at") {
			return ""
		}
		s = "runs on days " + dow + " at" + strings.TrimPrefix(s, "runs every day at")
	}
	return s
}

func allStars(fields []string) bool {
	for _, f := range fields {
		if f != "*" {
			return false
		}
	}
	return true
}

// every reads "*" (1) and "*/N" (N).
func every(f string) (int, bool) {
	if f == "*" {
		return 1, true
	}
	if rest, ok := strings.CutPrefix(f, "*/"); ok {
		return number(rest)
	}
	return 0, false
}

func number(s string) (int, bool) {
	n, err := strconv.Atoi(strings.ReplaceAll(strings.TrimSpace(s), "_", ""))
	return n, err == nil && n >= 0
}

// duration says a number of milliseconds in the largest whole unit.
func duration(ms int) string {
	switch {
	case ms >= 3_600_000 && ms%3_600_000 == 0:
		return plural(ms/3_600_000, "hour")
	case ms >= 60_000 && ms%60_000 == 0:
		return plural(ms/60_000, "minute")
	case ms >= 1000 && ms%1000 == 0:
		return plural(ms/1000, "second")
	}
	return plural(ms, "millisecond")
}

func plural(n int, unit string) string {
	if n == 1 {
		return unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

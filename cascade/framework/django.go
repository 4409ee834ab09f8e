package framework

import (
	"path"
	"strings"

	"github.com/callcascade/callcascade/treesitter"
)

// Django's built-in signals, and what sends each. A receiver of a signal
// that model calls send implicitly (post_save: every save() of its
// sender) is answered with one summary per signal and sender, not with
// one caller per save(); a receiver of a signal that Django itself sends
// (request_started, post_migrate) has no code caller, and its role says
// how Django reaches it.

// SignalSource says who sends a Django signal.
type SignalSource int

const (
	SignalCustom    SignalSource = iota // a project's own Signal(): only explicit send()/send_robust()
	SignalModel                         // model calls: save(), create(), delete(), ...
	SignalM2M                           // changes of a ManyToManyField: add(), remove(), set(), clear()
	SignalFramework                     // Django, for each request
	SignalLifecycle                     // Django, around management commands (migrate)
)

// DjangoSignal is one built-in signal.
type DjangoSignal struct {
	Source SignalSource
	// Sent says when Django sends it, for people.
	Sent string
}

var djangoSignals = map[string]DjangoSignal{
	"pre_save":    {SignalModel, "before a model instance is saved"},
	"post_save":   {SignalModel, "after a model instance is saved"},
	"pre_delete":  {SignalModel, "before a model instance is deleted"},
	"post_delete": {SignalModel, "after a model instance is deleted"},
	"m2m_changed": {SignalM2M, "when a many-to-many relation changes"},
	// Sent by Django's request handler, not by project code.
	"request_started":       {SignalFramework, "when Django starts serving each HTTP request"},
	"request_finished":      {SignalFramework, "when Django finishes serving each HTTP request"},
	"got_request_exception": {SignalFramework, "when a request raises an unhandled exception"},
	"pre_migrate":           {SignalLifecycle, "before `manage.py migrate` (and flush) installs an application's models"},
	"post_migrate":          {SignalLifecycle, "after `manage.py migrate` (and flush), once per installed application"},
}

// DjangoSignalOf says what sends a signal named as a receiver names it
// (post_save, signals.post_save); Source is SignalCustom for any other.
func DjangoSignalOf(name string) DjangoSignal {
	return djangoSignals[lastSegment(strings.TrimSpace(name))]
}

// managerInstanceMethods return one instance of the manager's model:
// Order.objects.create(...), Order.objects.filter(...).get().
var managerInstanceMethods = map[string]bool{"create": true, "get": true, "first": true, "last": true, "latest": true, "earliest": true}

// ManagerReturnsInstance reports whether Model.objects.<callee>(...)
// returns an instance of Model.
func ManagerReturnsInstance(callee string) bool { return managerInstanceMethods[callee] }

// M2MCallees change a ManyToManyField through its related manager
// (article.tags.add(t)): each sends m2m_changed with the field's through
// model as the sender.
var M2MCallees = []string{"add", "remove", "set", "clear"}

// IsManyToManyType reports whether a field's type, as the extractor
// records a class attribute (call:models.ManyToManyField), is Django's
// many-to-many field.
func IsManyToManyType(t string) bool {
	return lastSegment(t) == "ManyToManyField"
}

// ThroughSender is the sender m2m_changed names for a field of a model:
// Article.tags.through.
func ThroughSender(model, field string) string {
	return model + "." + field + ".through"
}

// ModelSignalCallees lists the python calls the catalog says send signal
// from a model (save, create, get_or_create, update_or_create for
// post_save; delete for post_delete).
func ModelSignalCallees(signal string) []*Pattern {
	var out []*Pattern
	for i := range Catalog {
		p := &Catalog[i]
		if p.Family == "python" && p.Role == RolePublisher && hasName(p.ModelSignals, signal) {
			out = append(out, p)
		}
	}
	return out
}

// UserModelSender is the sender settings.AUTH_USER_MODEL and
// get_user_model() name: the project's user model, which the resolver
// reads from the settings (AUTH_USER_MODEL = "accounts.Account").
const UserModelSender = "AUTH_USER_MODEL"

// UserModelFallback is the user model when the settings name none.
const UserModelFallback = "User"

// djangoModelBases are classes from outside the workspace whose subclasses
// are Django models: Django's own and common libraries' abstract models.
var djangoModelBases = map[string]bool{"Model": true, "AbstractUser": true, "AbstractBaseUser": true,
	"TimeStampedModel": true, "PolymorphicModel": true, "MPTTModel": true}

// IsDjangoModelBase reports whether a base class named so makes a class a
// Django model (models.Model, AbstractUser).
func IsDjangoModelBase(name string) bool { return djangoModelBases[lastSegment(name)] }

// IsSettingsPath reports whether a Python file may hold Django settings:
// settings.py, settings/base.py, settings_local.py.
func IsSettingsPath(p string) bool {
	p = strings.ReplaceAll(p, "\\", "/")
	return strings.HasPrefix(path.Base(p), "settings") || strings.Contains("/"+path.Dir(p)+"/", "/settings/")
}

// SignalSender reads the sender= of a receiver or a send as the model it
// names: Order, models.Order, 'orders.Order' (an app label and a model),
// apps.get_model('orders', 'Order') and get_model('orders.Order') are all
// "Order"; Article.tags.through stays whole (m2m_changed's sender);
// settings.AUTH_USER_MODEL and get_user_model() are UserModelSender. Other
// expressions come back as their last segment, which may name no model.
func SignalSender(expr string) string {
	expr = strings.TrimSpace(expr)
	if lastSegment(expr) == UserModelSender || strings.TrimSuffix(lastSegment(expr), "()") == "get_user_model" {
		return UserModelSender
	}
	if v, ok := treesitter.StringLiteral(expr); ok {
		return lastSegment(v)
	}
	if open := strings.IndexByte(expr, '('); open > 0 && strings.HasSuffix(expr, ")") && lastSegment(expr[:open]) == "get_model" {
		args := treesitter.SplitTopLevel(expr[open+1 : len(expr)-1])
		if len(args) > 0 {
			if v, ok := treesitter.StringLiteral(strings.TrimSpace(args[len(args)-1])); ok {
				return lastSegment(v)
			}
		}
	}
	if strings.HasSuffix(expr, ".through") {
		parts := strings.Split(strings.TrimSuffix(expr, ".through"), ".")
		if len(parts) >= 2 {
			return ThroughSender(parts[len(parts)-2], parts[len(parts)-1])
		}
	}
	return lastSegment(expr)
}

// IsTestPath reports whether a Python file is a test: under a tests/ or
// test/ folder, or named test_*.py, *_test.py, *_tests.py, tests.py (a
// Django application's default) or conftest.py. Implicit sends in tests
// are counted apart: they are most of a model's save() sites and rarely
// what a person asking about a receiver wants to read first.
func IsTestPath(p string) bool {
	p = strings.ReplaceAll(p, "\\", "/")
	for _, seg := range strings.Split(path.Dir(p), "/") {
		if seg == "tests" || seg == "test" {
			return true
		}
	}
	base := path.Base(p)
	name := strings.TrimSuffix(base, path.Ext(base))
	return strings.HasPrefix(name, "test_") || strings.HasSuffix(name, "_test") || strings.HasSuffix(name, "_tests") ||
		name == "tests" || name == "conftest"
}

// RefineSignalRole turns a receiver of signals Django itself sends into
// what it is: framework-invoked (request_started) or a lifecycle hook
// (post_migrate), with a summary that says when Django runs it. Other
// roles come back unchanged. The role keeps its bus and events, so an
// explicit send of the signal still links to it.
func RefineSignalRole(r Role) Role {
	if r.Kind != RoleSubscriber || r.Bus != "django-signal" || len(r.Events) == 0 {
		return r
	}
	kind := RoleKind("")
	var when []string
	for _, e := range r.Events {
		sig := DjangoSignalOf(e)
		var k RoleKind
		switch sig.Source {
		case SignalFramework:
			k = RoleInvoked
		case SignalLifecycle:
			k = RoleLifecycle
		default:
			return r // a receiver of model or custom signals has code senders
		}
		if kind != "" && kind != k {
			return r
		}
		kind = k
		when = append(when, e+" "+sig.Sent)
	}
	r.Kind = kind
	r.Summary = "invoked by Django: receives " + strings.Join(when, "; ") + " — no code sends it"
	if r.Sender != "" {
		r.Summary += " (sender=" + r.Sender + ")"
	}
	return r
}

package resolve

import (
	"context"
	"path"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// pytest hands a test function, and a fixture, the value of the fixture
// named like each of its parameters: def test_apply(request_factory) gets
// what the fixture request_factory returns (or yields). The fixture is
// looked up as pytest does: in the requesting test's class, then its
// module, then the conftest.py of its directory and of each directory
// above. pyright types no such parameter (it is unannotated), so a call on
// it is no precise caller: a method of the fixture's class that has the
// name is a name match (typeRef.byName), flagged; any other class's
// method, or a method the class lacks (inherited from outside the
// workspace, as a Django RequestFactory's post), is resolved elsewhere,
// never the target's.

// pyFixtureParam types the unannotated parameter name of caller, a test or
// a fixture, as the value of the fixture of that name. ok is false when
// name is no such parameter or no fixture of that name is in reach.
func (q *pyLang) pyFixtureParam(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (typeRef, bool, error) {
	if caller == nil || !isCallable(*caller) || !pyTestOrFixture(*caller) {
		return typeRef{}, false, nil
	}
	declared := false
	for i, p := range caller.Params {
		if p.Name == name {
			declared = p.Type == "" && (i > 0 || caller.Kind != treesitter.KindMethod)
		}
	}
	if !declared {
		return typeRef{}, false, nil
	}
	fx, err := q.pyFixture(ctx, f, caller, name)
	if err == nil && fx == nil && pyOutsideFixtures[name] {
		return typeRef{kind: refExternal}, true, nil // rf.post(...): Django's RequestFactory
	}
	if err != nil || fx == nil {
		return typeRef{}, false, err
	}
	ref, err := q.pyFixtureValue(ctx, *fx)
	if err != nil || ref.kind != refInstance && ref.kind != refClass && ref.tupleIn == "" {
		return typeRef{kind: refUnknown}, true, err
	}
	// a tuple (return orchestrator, mocks) stays one, marked: what the test
	// unpacks from it is the fixture's too (pyItemOf)
	ref.byName, ref.fixture = true, name
	return ref, true, nil
}

// pyOutsideFixtures are the fixtures pytest and its common plugins
// (pytest-django, pytest-mock, pytest-asyncio) provide whose values are
// always theirs, never a workspace class's: used where the workspace
// defines no fixture of that name. pytest-django's admin_user and
// django_user_model are left out: they are the project's user model.
var pyOutsideFixtures = map[string]bool{
	"tmp_path": true, "tmpdir": true, "tmp_path_factory": true, "tmpdir_factory": true,
	"monkeypatch": true, "capsys": true, "capfd": true, "capsysbinary": true, "capfdbinary": true,
	"caplog": true, "recwarn": true, "request": true, "pytestconfig": true,
	"rf": true, "async_rf": true, "client": true, "async_client": true, "admin_client": true,
	"settings": true, "live_server": true, "django_assert_num_queries": true,
	"mocker": true, "event_loop": true,
}

// pyFixtureField types a field a fixture in f assigned the value pytest
// handed it (treesitter.PytestFixtureTypePrefix): the fixture name, looked
// up from f.
func (q *pyLang) pyFixtureField(ctx context.Context, f *fact.File, name string) (typeRef, error) {
	fx, err := q.pyFixture(ctx, f, &fact.Symbol{Path: f.Path}, name)
	if err != nil || fx == nil {
		return typeRef{kind: refUnknown}, err
	}
	ref, err := q.pyFixtureValue(ctx, *fx)
	if err != nil || ref.kind != refInstance && ref.kind != refClass {
		return typeRef{kind: refUnknown}, err
	}
	ref.byName = true
	return ref, nil
}

// pyTestOrFixture reports whether pytest calls s with fixtures for its
// parameters: a test (test_*, a Test class's test methods) or a fixture.
func pyTestOrFixture(s fact.Symbol) bool {
	return strings.HasPrefix(s.Name, "test") || pyIsFixture(s)
}

// pyIsFixture reports whether s is decorated as a pytest fixture
// (@pytest.fixture, @pytest.fixture(scope="class"), @fixture,
// @pytest_asyncio.fixture).
func pyIsFixture(s fact.Symbol) bool {
	for _, d := range s.Decorators {
		if d.Name == "fixture" || strings.HasSuffix(d.Name, ".fixture") {
			return true
		}
	}
	return false
}

// pyFixture is the fixture name in reach of caller in f, the nearest as
// pytest looks: caller's class, f, then conftest.py upwards. nil for none.
func (q *pyLang) pyFixture(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (*fact.Symbol, error) {
	cands, err := q.named(ctx, name)
	if err != nil {
		return nil, err
	}
	var fixtures []fact.Symbol
	for _, s := range cands {
		if s.Language == treesitter.Python && isCallable(s) && pyIsFixture(s) && s.ID != caller.ID {
			fixtures = append(fixtures, s)
		}
	}
	if len(fixtures) == 0 {
		return nil, nil
	}
	pick := func(p, container string) *fact.Symbol {
		for i := range fixtures {
			if fixtures[i].Path == p && fixtures[i].Container == container {
				return &fixtures[i]
			}
		}
		return nil
	}
	if caller.Container != "" && caller.Kind == treesitter.KindMethod {
		if s := pick(f.Path, caller.Container); s != nil {
			return s, nil
		}
	}
	if s := pick(f.Path, ""); s != nil {
		return s, nil
	}
	for dir := path.Dir(f.Path); ; dir = path.Dir(dir) {
		if s := pick(path.Join(dir, "conftest.py"), ""); s != nil {
			return s, nil
		}
		if dir == "." || dir == "/" || dir == "" {
			return nil, nil
		}
	}
}

// pyFixtureValue is what fixture fx hands a test: what a call of it
// returns, its declared or inferred result (for a generator fixture, what
// it yields: see treesitter's pythonConstructedReturn).
func (q *pyLang) pyFixtureValue(ctx context.Context, fx fact.Symbol) (typeRef, error) {
	rt := resultType(fx, 0)
	if rt == "" {
		return typeRef{kind: refUnknown}, nil
	}
	if pySelf(fx, rt) {
		return typeRef{kind: refUnknown}, nil
	}
	if ref, ok, err := q.pyInferredResult(ctx, fx, rt); ok {
		return ref, err
	}
	tf, err := q.file(ctx, fx.Path)
	if err != nil || tf == nil {
		return typeRef{kind: refUnknown}, err
	}
	return q.instanceOf(ctx, tf, rt)
}

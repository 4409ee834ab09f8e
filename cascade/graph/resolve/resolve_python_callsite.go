package resolve

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// Call-site return inference, as pyright does it: the result of a Python
// function with unannotated parameters that nothing else types (def
// _make_agent(cls): agent = cls(); ...; return agent) is evaluated again
// for one call, each unannotated parameter the call gives an argument to
// bound to that argument, evaluated where the call is: _make_agent(
// self.cls) with self.cls the class AutoHealerAgent gives an
// AutoHealerAgent. pyright does this only for a function with no
// decorators, called with at most six arguments that each name a
// parameter (no *xs or **kw), and not for a call inside another such
// inference; so does this.
// (pyright also skips async functions and bodies whose code flow is
// complex; neither is known here.)

// pyCallSite binds, while the function fn's result is evaluated for one
// call, its parameters to that call's arguments.
type pyCallSite struct {
	fn     string            // the called function's ID
	args   map[string]string // parameter name -> the argument as written
	file   *fact.File        // where the call is written
	caller *fact.Symbol      // the function the call is in
	pos    uint32            // where the call is
	serial uint64            // tells evaluations under one binding from another's (declaredKey)
}

// pyMaxCallSites is how many call-site evaluations may be nested: one.
// pyright's code allows two, but infers no call made inside a function
// whose result it is inferring for a call (def _wrap(kind): return
// _build(kind); _wrap(Healer).run() is no caller of Healer.run for it).
const pyMaxCallSites = 1

// pyMaxCallSiteArgs is the most arguments a call may give for its result
// to be inferred at the call site (pyright's maxReturnTypeInferenceArgCount).
const pyMaxCallSiteArgs = 6

// pySiteSerial is the serial of the binding in force, 0 for none.
func (q *query) pySiteSerial() uint64 {
	if n := len(q.pySites); n > 0 {
		return q.pySites[n-1].serial
	}
	return 0
}

// pyResultAtSite is the result of t, a Python function whose result rt
// gave nothing, called as recv.callee(...) by caller in f where q.pos
// is: rt evaluated with t's unannotated parameters bound to the call's
// arguments. ok is false when the call cannot be inferred so.
func (q *pyLang) pyResultAtSite(ctx context.Context, f *fact.File, caller *fact.Symbol, recv, callee string, t fact.Symbol, rt string) (typeRef, bool, error) {
	if f.Language != treesitter.Python || caller == nil || !q.pyInfersAtSite(t) {
		return typeRef{}, false, nil
	}
	call, found, err := q.callNear(ctx, caller, recv, callee)
	if err != nil || !found {
		return typeRef{}, false, err
	}
	return q.pyResultAtCall(ctx, f, caller, t, rt, call.Args, call.Span.StartByte)
}

// pyMethodAtSite is pyResultAtSite for a method name called on an
// instance of cls with the arguments args, as written
// (self._helper(Healer).run(): _helper's result for Healer).
func (q *pyLang) pyMethodAtSite(ctx context.Context, f *fact.File, caller *fact.Symbol, cls fact.Symbol, name, args string) (typeRef, error) {
	if f.Language != treesitter.Python || len(q.pySites) >= pyMaxCallSites || strings.TrimSpace(args) == "" {
		return typeRef{kind: refUnknown}, nil
	}
	cands, err := q.named(ctx, name)
	if err != nil {
		return typeRef{}, err
	}
	methods, err := q.methodOf(ctx, cls, name, cands, 0)
	if err != nil || len(methods) == 0 {
		return typeRef{kind: refUnknown}, err
	}
	m := methods[0] // the one the instance's class reaches first
	if !q.pyInfersAtSite(m) {
		return typeRef{kind: refUnknown}, nil
	}
	ref, ok, err := q.pyResultAtCall(ctx, f, caller, m, resultType(m, 0), treesitter.SplitTopLevel(args), q.pos)
	if err != nil || !ok {
		return typeRef{kind: refUnknown}, err
	}
	return ref, nil
}

// pyInfersAtSite reports whether pyright would infer t's result at a call:
// a Python function or method with no decorators, and no other such
// inference under way.
func (q *pyLang) pyInfersAtSite(t fact.Symbol) bool {
	return t.Language == treesitter.Python && isCallable(t) && len(t.Decorators) == 0 && len(q.pySites) < pyMaxCallSites
}

// pyResultAtCall evaluates rt, t's result, with t's unannotated
// parameters bound to args, a call's arguments as written, each to be
// evaluated in caller at pos.
func (q *pyLang) pyResultAtCall(ctx context.Context, f *fact.File, caller *fact.Symbol, t fact.Symbol, rt string, args []string, pos uint32) (typeRef, bool, error) {
	if rt == "" {
		return typeRef{}, false, nil
	}
	params := t.Params
	if t.Kind == treesitter.KindMethod && len(params) > 0 {
		params = params[1:] // self or cls, bound by the call's receiver
	}
	bound, ok := pyBindArgs(params, args)
	if !ok {
		return typeRef{}, false, nil
	}
	q.pySerials++
	q.pySites = append(q.pySites, pyCallSite{fn: t.ID, args: bound, file: f, caller: caller, pos: pos, serial: q.pySerials})
	defer func() { q.pySites = q.pySites[:len(q.pySites)-1] }()
	return q.pyInferredResult(ctx, t, rt)
}

// callNear is the call recv.callee(...) in caller that a value typed as
// its result, used where q.pos is, holds: the last one before q.pos (a
// chain's inner call; a Go local, whose scope begins where its assignment
// ends), else the first after it (a Python local scoped from its
// assignment).
func (q *query) callNear(ctx context.Context, caller *fact.Symbol, recv, callee string) (fact.Call, bool, error) {
	calls, err := q.callsFrom(ctx, caller.ID)
	if err != nil {
		return fact.Call{}, false, err
	}
	var before, after *fact.Call
	for i := range calls {
		c := &calls[i]
		if c.Ref || c.Receiver != recv || c.Callee != callee && c.Alias != callee {
			continue
		}
		if c.Span.StartByte <= q.pos {
			if before == nil || c.Span.StartByte > before.Span.StartByte {
				before = c
			}
		} else if after == nil || c.Span.StartByte < after.Span.StartByte {
			after = c
		}
	}
	if before != nil {
		return *before, true, nil
	}
	if after != nil {
		return *after, true, nil
	}
	return fact.Call{}, false, nil
}

// pyBindArgs maps a call's arguments, as written, to the unannotated
// parameters they are given to. ok is false when an argument is unpacked
// (*xs, **kw), names no parameter, comes past the parameters, or there
// are too many, or when no unannotated parameter is given one.
func pyBindArgs(params []treesitter.Param, args []string) (map[string]string, bool) {
	if len(args) == 0 || len(args) > pyMaxCallSiteArgs {
		return nil, false
	}
	bound := map[string]string{}
	keywords := false
	for i, a := range args {
		a = strings.TrimSpace(a)
		if strings.HasPrefix(a, "*") {
			return nil, false
		}
		if name, value, ok := pyKeywordArg(a); ok {
			keywords = true
			k := pyParamIndex(params, name)
			if k < 0 {
				return nil, false
			}
			if params[k].Type == "" {
				bound[name] = value
			}
			continue
		}
		if keywords || i >= len(params) {
			return nil, false
		}
		if params[i].Type == "" {
			bound[params[i].Name] = a
		}
	}
	return bound, len(bound) > 0
}

// pyKeywordArg splits a keyword argument, name=value, as written.
func pyKeywordArg(a string) (name, value string, ok bool) {
	i := strings.IndexByte(a, '=')
	if i <= 0 || i+1 < len(a) && a[i+1] == '=' {
		return "", "", false
	}
	name = strings.TrimSpace(a[:i])
	for k, r := range name {
		ident := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || k > 0 && r >= '0' && r <= '9' || r >= 0x80
		if !ident {
			return "", "", false
		}
	}
	return name, strings.TrimSpace(a[i+1:]), name != ""
}

// pyParamIndex is the index of the parameter called name, -1 if none.
func pyParamIndex(params []treesitter.Param, name string) int {
	for i, p := range params {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// pyCallSiteParam is the value of caller's parameter name under the
// call-site binding in force (pyResultAtSite): the argument evaluated
// where the call is, the binding set aside meanwhile. found is false when
// no binding of caller gives name.
func (q *pyLang) pyCallSiteParam(ctx context.Context, caller *fact.Symbol, name string) (typeRef, bool, error) {
	n := len(q.pySites)
	if caller == nil || n == 0 {
		return typeRef{}, false, nil
	}
	site := q.pySites[n-1]
	expr, ok := site.args[name]
	if site.fn != caller.ID || !ok {
		return typeRef{}, false, nil
	}
	q.pySites = q.pySites[:n-1]
	defer func() { q.pySites = append(q.pySites, site) }()
	defer func(saved uint32) { q.pos = saved }(q.pos)
	q.pos = site.pos
	ref, err := q.evalReceiver(ctx, site.file, site.caller, expr)
	return ref, true, err
}

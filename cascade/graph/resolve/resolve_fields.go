package resolve

import (
	"context"
	"sort"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// Calls through function-typed fields (issue 15): s.onDone() names no
// method of s's type, but the project stores a function in that field
// (s.onDone = s.finish, Server{onDone: cleanup}, self.cb = cb,
// this.cb = this.done), and the call runs what was stored. The extractor
// records each store as a row named treesitter.AssignPrefix + the field,
// with the object written to and the value as written; the value is
// resolved as a reference, and a parameter stored (NewServer(h) storing h)
// is followed one level, to the arguments the function's callers pass.
//
// A field call is precise when every store into the field of that type
// resolves and all resolve to one function; otherwise its targets are
// possible (name resolution). Not covered: stores through another path
// than the field's owner (a copy of the struct, a map of funcs), function
// variables that are not fields, and stores whose owner's type is unknown
// (they are left out, not guessed).

// fieldCall resolves a call of a field whose type has no method of the
// name, through the stores into that field. ref is the receiver's type
// when the caller evaluated it already.
func (q *query) fieldCall(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call, ref *typeRef) ([]fact.Symbol, fact.Resolution, error) {
	if c.Ref || c.New || c.Receiver == "" {
		return nil, "", nil
	}
	stores, err := q.callsNamed(ctx, treesitter.AssignPrefix+c.Callee)
	if err != nil || len(stores) == 0 {
		return nil, "", err
	}
	if ref == nil {
		r, err := q.evalReceiver(ctx, f, caller, c.Receiver)
		if err != nil {
			return nil, "", err
		}
		ref = &r
	}
	// A JavaScript value of no known type (const OfferShare =
	// sequelize.define(...)) is matched by the variable itself: the stores
	// whose owner is the same module-level variable, however imported.
	valueKey := ""
	if ref.kind != refInstance && ref.kind != refClass {
		if valueKey, err = q.jsValueKey(ctx, f, caller, c.Receiver); err != nil || valueKey == "" {
			return nil, "", err
		}
	}
	var found []fact.Symbol
	complete := true
	for _, st := range stores {
		if valueKey != "" {
			if key, err := q.jsStoreValueKey(ctx, st); err != nil {
				return nil, "", err
			} else if key != valueKey {
				continue
			}
		} else if owner, err := q.storeOwner(ctx, st); err != nil {
			return nil, "", err
		} else if owner == nil || owner.ID != ref.class.ID {
			continue
		}
		values, err := q.storedValues(ctx, st)
		if err != nil {
			return nil, "", err
		}
		if len(values) == 0 {
			complete = false
		}
		for _, v := range values {
			if err := q.addValueTargets(ctx, v, &found, &complete); err != nil {
				return nil, "", err
			}
		}
	}
	switch {
	case len(found) == 0:
		return nil, "", nil
	case len(found) == 1 && complete:
		return found, fact.ResolvedAST, nil
	}
	return found, fact.ResolvedName, nil
}

// storedInField is the nameVia of a field call that resolved to res: the
// field, when the call runs one of several functions stored in it.
func storedInField(c fact.Call, res fact.Resolution) string {
	if res != fact.ResolvedName {
		return ""
	}
	return fact.ViaStoredField + c.Callee
}

// storeOwner is the type whose field a store writes: the object written
// to, evaluated where the store is (s in s.onDone = h, Server in
// Server{onDone: h}).
func (q *query) storeOwner(ctx context.Context, st fact.Call) (*fact.Symbol, error) {
	f, err := q.file(ctx, st.Path)
	if err != nil || f == nil {
		return nil, err
	}
	var caller *fact.Symbol
	if st.CallerID != "" {
		if caller, err = q.symbol(ctx, st.CallerID); err != nil {
			return nil, err
		}
	}
	defer func(pos uint32, external bool) { q.pos, q.external = pos, external }(q.pos, q.external)
	q.pos = st.Span.StartByte
	ref, err := q.evalReceiver(ctx, f, caller, st.Receiver)
	if err != nil {
		return nil, err
	}
	if ref.kind == refUnknown && f.Language == treesitter.Go {
		// Server{...}: a type named in a literal.
		if cls, err := q.resolveTypeName(ctx, f, st.Receiver); err != nil || cls != nil {
			return cls, err
		}
	}
	if ref.kind != refInstance && ref.kind != refClass {
		return nil, nil
	}
	return &ref.class, nil
}

// storedValues are the references a store puts in its field: the value
// itself, or, for a parameter of the storing function, what each call of
// that function passes for it.
func (q *query) storedValues(ctx context.Context, st fact.Call) ([]fact.Call, error) {
	if len(st.Args) == 0 {
		return nil, nil
	}
	value := st.Args[0]
	if st.CallerID != "" && !strings.ContainsAny(value, ".()[]") {
		fn, err := q.symbol(ctx, st.CallerID)
		if err != nil {
			return nil, err
		}
		if fn != nil {
			if i := paramIndex(*fn, value); i >= 0 {
				return q.passedFor(ctx, *fn, value, i)
			}
		}
	}
	return []fact.Call{valueRef(st, value)}, nil
}

// valueRef is the reference a value as written makes, where st is.
func valueRef(st fact.Call, value string) fact.Call {
	v := fact.Call{Path: st.Path, CallerID: st.CallerID, Callee: value, Span: st.Span, Ref: true}
	if recv, name, ok := strings.Cut(value, "::"); ok { // Java: this::tick, Jobs::parse
		v.Receiver, v.Callee = recv, name
		if name == "new" { // Mail::new: Mail's constructor, of the arity the store knows
			v.Receiver, v.Callee, v.New = "", recv[strings.LastIndexByte(recv, '.')+1:], true
			if len(st.Args) == 2 && strings.HasPrefix(st.Args[1], treesitter.RefArityPrefix) {
				v.Args = st.Args[1:]
			}
		}
		return v
	}
	if i := strings.LastIndexByte(value, '.'); i >= 0 {
		v.Receiver, v.Callee = value[:i], value[i+1:]
	}
	return v
}

// paramIndex is the position of the parameter named name among fn's
// arguments as callers write them (a Python method's self left out), or -1.
func paramIndex(fn fact.Symbol, name string) int {
	params := fn.Params
	if fn.Language == treesitter.Python && fn.Kind == treesitter.KindMethod && len(params) > 0 {
		params = params[1:]
	}
	if fn.Language == treesitter.Go && fn.Kind == treesitter.KindMethod && len(params) > 0 {
		params = params[1:] // a Go method's receiver comes first
	}
	for i, p := range params {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// passedFor lists what the calls of fn pass for its parameter name (at
// position i, or as name=value): one level, as references where each call
// is.
func (q *query) passedFor(ctx context.Context, fn fact.Symbol, name string, i int) ([]fact.Call, error) {
	callee := fn.Name
	if fn.Kind == treesitter.KindMethod && (callee == "__init__" || callee == "constructor") && fn.Container != "" {
		callee = fn.Container
	}
	calls, err := q.callsNamed(ctx, callee)
	if err != nil {
		return nil, err
	}
	var out []fact.Call
	for _, c := range calls {
		if c.Ref || len(c.Args) == 0 {
			continue
		}
		ok, err := q.constructs(ctx, c, fn, callee != fn.Name)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		arg := ""
		for _, a := range c.Args {
			if k, v, ok := strings.Cut(a, "="); ok && strings.TrimSpace(k) == name {
				arg = strings.TrimSpace(v)
			}
		}
		if arg == "" && i < len(c.Args) && !strings.Contains(c.Args[i], "=") {
			arg = strings.TrimSpace(c.Args[i])
		}
		if arg == "" || strings.ContainsAny(arg, "()[]{} \t\n") {
			continue
		}
		out = append(out, valueRef(c, arg))
	}
	return out, nil
}

// fieldCallers adds to byCaller the calls of the fields target is stored
// in (s.onDone() after s.onDone = s.finish), refs being target's reference
// sites: those stored in a field name it, and those passed to a function
// that stores its parameter (NewWorker(job), storing run: job) name the
// field that function stores into.
func (q *query) fieldCallers(ctx context.Context, target fact.Symbol, refs []fact.Call, byCaller edgeSet) error {
	fields := map[string]bool{}
	for _, r := range refs {
		if !r.Ref {
			continue
		}
		if target.Language == treesitter.Go {
			// A reference that does not resolve to target (another
			// function of the name, aes.NewCipher from outside, a field
			// read tc.NewCipher) gives the field it is stored in a value
			// that fieldCall resolves as it resolved here: not target. A
			// name defined in 81 packages has hundreds of such sites, and
			// reading where each is stored, then resolving the calls of
			// those fields, took lakego-admin's speck.NewCipher past the
			// graph stage's budget on a loaded machine.
			targets, _, err := q.resolveKept(ctx, r)
			if err != nil {
				return err
			}
			if !containsID(targets, target.ID) {
				continue
			}
		}
		if r.Field != "" {
			fields[r.Field] = true
			continue
		}
		if err := q.storedFieldsKept(ctx, r, fields); err != nil { // kept_fields.go
			return err
		}
	}
	if target.Language == treesitter.Java {
		return q.javaFieldCallers(ctx, target, sortedKeys(fields), byCaller) // resolve_java.go
	}
	return q.addCallsReaching(ctx, target, sortedKeys(fields), byCaller, func(c fact.Call) bool { return !c.Ref })
}

// addCallsReaching adds to byCaller the calls named by names that keep
// accepts and that resolve to target: the callers found through what the
// sites are not named after (a field holding the target, a local holding
// an instance of its class). Each is a call, never a reference.
func (q *query) addCallsReaching(ctx context.Context, target fact.Symbol, names []string, byCaller edgeSet, keep func(fact.Call) bool) error {
	for _, name := range names {
		calls, err := q.callsNamed(ctx, name)
		if err != nil {
			return err
		}
		for _, c := range calls {
			if !keep(c) {
				continue
			}
			targets, res, err := q.resolveKept(ctx, c)
			if err != nil {
				return err
			}
			if !containsID(targets, target.ID) {
				continue
			}
			caller, err := q.callerOf(ctx, c)
			if err != nil {
				return err
			}
			via := ""
			if res == fact.ResolvedName {
				via = q.nameVia // the field holding one of several functions
			}
			byCaller.add(caller, c, res, via, "")
			byCaller[caller.ID].Ref = ""
		}
	}
	return nil
}

// fieldsStoringArg adds to fields the fields that the function r is passed
// to stores the matching parameter in: NewWorker(job) where NewWorker
// stores its parameter run in Worker.run. The passing call is the one of
// r's caller, on r's line, with r as an argument.
func (q *query) fieldsStoringArg(ctx context.Context, r fact.Call, fields map[string]bool) error {
	if r.CallerID == "" {
		return nil
	}
	text := r.Callee
	if r.Receiver != "" {
		text = r.Receiver + "." + r.Callee
	}
	from, err := q.callsFrom(ctx, r.CallerID)
	if err != nil {
		return err
	}
	for _, c := range from {
		if c.Ref || c.Span.Start.Line != r.Span.Start.Line || c.Span.StartByte > r.Span.StartByte {
			continue
		}
		for i, a := range c.Args {
			arg := strings.TrimSpace(a)
			if _, v, ok := strings.Cut(a, "="); ok && arg != text {
				arg = strings.TrimSpace(v) // name=text
			}
			if arg != text && arg != r.Receiver+"::"+r.Callee { // Java: new Retry(this::send)
				continue
			}
			fns, _, err := q.resolveKept(ctx, c)
			if err != nil {
				return err
			}
			if len(fns) == 0 { // Timer(cb) in Python: a class called
				cls, err := q.calledClass(ctx, c)
				if err != nil {
					return err
				}
				if cls != nil {
					fns = []fact.Symbol{*cls}
				}
			}
			for _, fn := range fns {
				if isType(fn) { // Console(cb=h), new Worker(h): the constructor stores
					ctor, err := q.constructorOf(ctx, fn)
					if err != nil || ctor == nil {
						return err
					}
					fn = *ctor
				}
				param := paramAt(fn, i)
				if k, _, ok := strings.Cut(a, "="); ok && paramIndex(fn, strings.TrimSpace(k)) >= 0 {
					param = strings.TrimSpace(k)
				}
				if param == "" {
					continue
				}
				stores, err := q.callsFrom(ctx, fn.ID)
				if err != nil {
					return err
				}
				for _, st := range stores {
					if f, ok := strings.CutPrefix(st.Callee, treesitter.AssignPrefix); ok && len(st.Args) > 0 && st.Args[0] == param {
						fields[f] = true
					}
				}
			}
		}
	}
	return nil
}

// paramAt is the name of the parameter at position i as callers write
// the arguments (paramIndex's inverse), "" if none.
func paramAt(fn fact.Symbol, i int) string {
	for _, p := range fn.Params {
		if paramIndex(fn, p.Name) == i {
			return p.Name
		}
	}
	return ""
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// constructorOf is the method that builds cls's instances (__init__,
// constructor), nil if it declares none.
func (q *query) constructorOf(ctx context.Context, cls fact.Symbol) (*fact.Symbol, error) {
	for _, name := range []string{"__init__", "constructor"} {
		syms, err := q.named(ctx, name)
		if err != nil {
			return nil, err
		}
		for _, s := range syms {
			if s.Container == cls.Name && s.Path == cls.Path {
				return &s, nil
			}
		}
	}
	return nil, nil
}

// constructs reports whether call c runs fn: resolved to it, or, for a
// constructor (ctor), naming its class (Timer(cb) in Python, new Timer(cb)).
func (q *query) constructs(ctx context.Context, c fact.Call, fn fact.Symbol, ctor bool) (bool, error) {
	targets, _, err := q.resolveKept(ctx, c)
	if err != nil || containsID(targets, fn.ID) {
		return err == nil, err
	}
	if !ctor {
		return false, nil
	}
	cls, err := q.calledClass(ctx, c)
	if err != nil || cls == nil {
		return false, err
	}
	return cls.Name == fn.Container && cls.Path == fn.Path, nil
}

// calledClass is the workspace class a call names (Timer(cb),
// models.Timer(cb)), nil if it names none.
func (q *query) calledClass(ctx context.Context, c fact.Call) (*fact.Symbol, error) {
	f, err := q.file(ctx, c.Path)
	if err != nil || f == nil {
		return nil, err
	}
	name := c.Callee
	if c.Receiver != "" {
		name = c.Receiver + "." + c.Callee
	}
	cls, err := q.resolveTypeName(ctx, f, name)
	if err != nil || cls == nil || !isType(*cls) {
		return nil, err
	}
	return cls, nil
}

// jsValueKey names the module-level JavaScript or TypeScript variable a
// receiver written as one name is, where it is written: "file#name" for a
// variable its file declares at the top level or imports by name from a
// workspace module that does; "" for anything else.
func (q *query) jsValueKey(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (string, error) {
	if family(f.Language) != "js" || !treesitter.IsIdentifierName(name) {
		return "", nil
	}
	if l := q.localNamed(f, caller, name); l != nil {
		if l.SymbolID != "" {
			return "", nil // a function's own variable
		}
		return f.Path + "#" + name, nil
	}
	return q.jsImportedValueKey(ctx, f, name, 0)
}

// jsImportedValueKey is jsValueKey of a name f imports: the module-level
// variable of the workspace module that declares it, through barrels that
// import and export it again (import { X } from './X'; export { X }).
func (q *query) jsImportedValueKey(ctx context.Context, f *fact.File, name string, depth int) (string, error) {
	if depth > 4 {
		return "", nil
	}
	for _, imp := range f.Imports {
		if imp.Local != name || imp.Imported == "" || imp.Imported == "*" || imp.Imported == "default" {
			continue
		}
		mfs, err := q.jsModuleFiles(ctx, f, imp.Module)
		if err != nil {
			return "", err
		}
		for _, mf := range mfs {
			if l := q.localIn(mf, imp.Imported, func(l fact.Local) bool { return l.SymbolID == "" }); l != nil {
				return mf.Path + "#" + imp.Imported, nil
			}
			if key, err := q.jsImportedValueKey(ctx, mf, imp.Imported, depth+1); err != nil || key != "" {
				return key, err
			}
		}
	}
	return "", nil
}

// jsStoreValueKey is jsValueKey of the object a store writes into, where
// the store is.
func (q *query) jsStoreValueKey(ctx context.Context, st fact.Call) (string, error) {
	f, err := q.file(ctx, st.Path)
	if err != nil || f == nil {
		return "", err
	}
	var caller *fact.Symbol
	if st.CallerID != "" {
		if caller, err = q.symbol(ctx, st.CallerID); err != nil {
			return "", err
		}
	}
	defer func(pos uint32) { q.pos = pos }(q.pos)
	q.pos = st.Span.StartByte
	return q.jsValueKey(ctx, f, caller, st.Receiver)
}

// addValueTargets resolves v, a value stored into a field or variable, and
// adds what it names to found (once each); complete turns false when v
// names nothing or names it only by name.
func (q *query) addValueTargets(ctx context.Context, v fact.Call, found *[]fact.Symbol, complete *bool) error {
	targets, res, err := q.resolveKept(ctx, v)
	if err != nil {
		return err
	}
	if len(targets) == 0 || res != fact.ResolvedAST {
		*complete = false
	}
	for _, t := range targets {
		if !containsID(*found, t.ID) {
			*found = append(*found, t)
		}
	}
	return nil
}

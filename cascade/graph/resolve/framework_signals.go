package resolve

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/treesitter"
)

// Django signals that model calls send without naming them: every save()
// of a model sends pre_save and post_save, every delete() pre_delete and
// post_delete, every add()/remove()/set()/clear() of a many-to-many field
// m2m_changed. Listing each such call as a caller of a receiver buries its
// real callers under hundreds of save() sites, most of them in tests; so a
// receiver gets one summary edge per signal and sender it receives, which
// carries the sites (fact.ImplicitSends). Explicit sends (signal.send(),
// send_robust()) stay callers: publishersOf finds them.

// signalReceipt is one signal a receiver is subscribed to, and where.
type signalReceipt struct {
	signal string // post_save
	sender string // the model it is restricted to ("" for any), as framework.SignalSender reads it
	path   string // the file of the subscribing line
	anchor treesitter.Span
}

// implicitSignalSends adds to byCaller one summary edge per (signal,
// sender) that target receives and model calls send implicitly, when the
// workspace has such calls.
func (q *frameworkView) implicitSignalSends(ctx context.Context, target fact.Symbol, byCaller edgeSet) error {
	if target.Language != treesitter.Python || !isCallable(target) {
		return nil
	}
	receipts, err := q.signalReceipts(ctx, target)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, rc := range receipts {
		if rc.sender == framework.UserModelSender {
			rc.sender = q.userModel(ctx)
		}
		key := rc.signal + "\x00" + rc.sender
		if seen[key] {
			continue // one summary per signal and sender, at its first subscribing line
		}
		seen[key] = true
		var sites []fact.ImplicitSite
		switch framework.DjangoSignalOf(rc.signal).Source {
		case framework.SignalModel:
			sites, err = q.modelSignalSites(ctx, rc.signal, rc.sender)
		case framework.SignalM2M:
			sites, err = q.m2mSites(ctx, rc.sender)
		default:
			continue // custom signals are sent explicitly; request and migrate signals by Django
		}
		if err != nil {
			return err
		}
		if len(sites) == 0 {
			continue // nothing sends it: the receiver's role says how it is reached
		}
		e := implicitEdge(target, rc, sites)
		byCaller[e.Symbol.ID] = e
	}
	return nil
}

// signalReceipts lists the signals target receives: through its
// @receiver decorators, and through signal.connect(target) calls.
func (q *frameworkView) signalReceipts(ctx context.Context, target fact.Symbol) ([]signalReceipt, error) {
	var out []signalReceipt
	for _, d := range target.Decorators {
		for _, p := range framework.DecoratorPatterns(target.Language, d.Name) {
			if p.Role != framework.RoleSubscriber || p.Bus != "django-signal" {
				continue
			}
			arg, ok := p.EventArgument(d.Args)
			if !ok {
				continue
			}
			sender := ""
			if s, ok := framework.Keyword(d.Args, p.SenderKey); ok {
				sender = framework.SignalSender(s)
			}
			for _, sig := range framework.Identities(arg) {
				out = append(out, signalReceipt{signal: sig, sender: sender, path: target.Path, anchor: d.Span})
			}
		}
	}
	calls, err := q.r.registrationCalls(ctx, family(target.Language), target.Name)
	if err != nil {
		return nil, err
	}
	for _, c := range calls {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f, caller, err := q.callContext(ctx, c)
		if err != nil {
			return nil, err
		}
		if f == nil || f.Language != treesitter.Python {
			continue
		}
		for _, reg := range q.registrationsIn(ctx, f, caller, c) {
			if reg.pattern.Bus != "django-signal" || reg.name != target.Name || c.Receiver == "" {
				continue
			}
			targets, err := q.resolveHandler(ctx, c, reg)
			if err != nil {
				return nil, err
			}
			if !containsID(targets, target.ID) {
				continue
			}
			sender := ""
			if s, ok := framework.Keyword(c.Args, reg.pattern.SenderKey); ok {
				sender = framework.SignalSender(s)
			}
			out = append(out, signalReceipt{signal: lastSegmentOf(c.Receiver), sender: sender, path: c.Path, anchor: c.Span})
		}
	}
	return out, nil
}

// userModel is the project's user model, as its settings name it
// (AUTH_USER_MODEL = "accounts.Account" is Account), else Django's User.
func (q *frameworkView) userModel(ctx context.Context) string {
	for _, wf := range q.allFiles(ctx) {
		if wf.Language != treesitter.Python || !framework.IsSettingsPath(wf.Path) {
			continue
		}
		f, err := q.file(ctx, wf.Path)
		if err != nil || f == nil {
			continue
		}
		if c, ok := constantIn(f, "", framework.UserModelSender); ok {
			if v, ok := q.constantValue(ctx, f, c, 0); ok {
				return framework.SignalSender("'" + v + "'")
			}
		}
	}
	return framework.UserModelFallback
}

// modelSignalSites lists the calls that send signal from a model: sender's
// (by class name), or any model's when sender is "". A call whose receiver
// is not known to be a model is not counted: no guess.
func (q *frameworkView) modelSignalSites(ctx context.Context, signal, sender string) ([]fact.ImplicitSite, error) {
	all, err := q.allModelSignalSites(ctx, signal)
	if err != nil {
		return nil, err
	}
	var out []fact.ImplicitSite // the caller's own: implicitEdge sorts it
	for _, s := range all {
		if sender == "" || s.Model == sender {
			out = append(out, s)
		}
	}
	return out, nil
}

// allModelSignalSites is modelSignalSites for any sender, worked out once
// per store generation: evaluating every save() and create() of a Django
// application for its model took 80-150 ms of each request for one of its
// post_save receivers (creme_crm), and the answer is the same for all of
// them.
func (q *frameworkView) allModelSignalSites(ctx context.Context, signal string) ([]fact.ImplicitSite, error) {
	g := q.gen
	keep := g != nil && g.id != noGeneration
	if keep {
		q.r.mu.Lock()
		sites, ok := g.modelSignals[signal]
		q.r.mu.Unlock()
		if ok {
			return sites, nil
		}
	}
	sites, err := q.findModelSignalSites(ctx, signal)
	if err != nil || !keep {
		return sites, err // interrupted: nothing kept
	}
	q.r.mu.Lock()
	if g.modelSignals == nil {
		g.modelSignals = map[string][]fact.ImplicitSite{}
	}
	g.modelSignals[signal] = sites
	q.r.mu.Unlock()
	return sites, nil
}

func (q *frameworkView) findModelSignalSites(ctx context.Context, signal string) ([]fact.ImplicitSite, error) {
	var out []fact.ImplicitSite
	seenCallee := map[string]bool{}
	for _, p := range framework.ModelSignalCallees(signal) {
		if seenCallee[p.Callee] {
			continue
		}
		seenCallee[p.Callee] = true
		calls, err := q.callsNamed(ctx, p.Callee)
		if err != nil {
			return nil, err
		}
		for _, c := range calls {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if !isPythonPath(c.Path) {
				continue
			}
			f, caller, err := q.callContext(ctx, c)
			if err != nil {
				return nil, err
			}
			if f == nil || f.Language != treesitter.Python || !q.sendsModelSignal(ctx, f, caller, c, signal) {
				continue
			}
			model := q.implicitModel(ctx, f, caller, c)
			if model == "" {
				continue
			}
			call := c.Callee + "()"
			if strings.HasSuffix(c.Receiver, ".objects") {
				call = "objects." + call
			}
			site, err := q.implicitSite(ctx, c, model, call)
			if err != nil {
				return nil, err
			}
			out = append(out, site)
		}
	}
	return out, nil
}

// sendsModelSignal reports whether a catalog entry that sends signal
// matches call c (Model.objects.create, not any create()).
func (q *frameworkView) sendsModelSignal(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call, signal string) bool {
	for _, p := range q.callPatterns(ctx, f, caller, c, framework.RolePublisher) {
		for _, s := range p.ModelSignals {
			if s == signal {
				return true
			}
		}
	}
	return false
}

// implicitModel is the model a save()/create()/delete() call acts on: its
// receiver's class (modelOf), else the model whose manager starts the
// receiver (Order.objects.filter(...).delete() deletes Orders).
func (q *frameworkView) implicitModel(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call) string {
	if m := q.modelOf(ctx, f, caller, c); m != "" {
		return m
	}
	if cls, ok := q.managerModel(ctx, f, caller, c.Receiver); ok {
		return cls.Name
	}
	return ""
}

// managerModel is the model whose manager starts recv: Order for
// Order.objects and Order.objects.filter(...).
func (q *frameworkView) managerModel(ctx context.Context, f *fact.File, caller *fact.Symbol, recv string) (fact.Symbol, bool) {
	i := strings.Index(recv, ".objects")
	if i <= 0 {
		return fact.Symbol{}, false
	}
	if rest := recv[i+len(".objects"):]; rest != "" && rest[0] != '.' {
		return fact.Symbol{}, false // .objects_for_user: another name
	}
	ref, err := q.evalReceiver(ctx, f, caller, recv[:i])
	if err != nil || ref.kind != refClass || !q.isDjangoModel(ctx, ref.class, 0) {
		return fact.Symbol{}, false
	}
	return ref.class, true
}

// managerResult types what a manager or queryset call returns when it is
// one instance of the model: Order.objects.create(...) is an Order.
func (q *frameworkView) managerResult(ctx context.Context, f *fact.File, caller *fact.Symbol, recv, callee string) (typeRef, bool, error) {
	if !framework.ManagerReturnsInstance(callee) {
		return typeRef{}, false, nil
	}
	cls, ok := q.managerModel(ctx, f, caller, recv)
	if !ok {
		return typeRef{}, false, ctx.Err()
	}
	return typeRef{kind: refInstance, class: cls}, true, nil
}

// m2mSites lists the add()/remove()/set()/clear() calls on a many-to-many
// field of a model (article.tags.add(t)): each sends m2m_changed with the
// field's through model as the sender, sender's or any when sender is "".
func (q *frameworkView) m2mSites(ctx context.Context, sender string) ([]fact.ImplicitSite, error) {
	var out []fact.ImplicitSite
	for _, callee := range framework.M2MCallees {
		calls, err := q.callsNamed(ctx, callee)
		if err != nil {
			return nil, err
		}
		for _, c := range calls {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if !strings.Contains(c.Receiver, ".") || !isPythonPath(c.Path) {
				continue
			}
			f, caller, err := q.callContext(ctx, c)
			if err != nil {
				return nil, err
			}
			if f == nil || f.Language != treesitter.Python {
				continue
			}
			through := q.m2mSender(ctx, f, caller, c)
			if through == "" || sender != "" && through != sender {
				continue
			}
			site, err := q.implicitSite(ctx, c, through, lastSegmentOf(c.Receiver)+"."+c.Callee+"()")
			if err != nil {
				return nil, err
			}
			out = append(out, site)
		}
	}
	return out, nil
}

// m2mSender is the through sender of an add()/remove()/set()/clear() call
// on a model's many-to-many field (Article.tags.through for
// article.tags.add(t)), "" for any other call.
func (q *frameworkView) m2mSender(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call) string {
	i := strings.LastIndexByte(c.Receiver, '.')
	if i <= 0 || !framework.IsIdentifier(c.Receiver[i+1:]) || !hasName(framework.M2MCallees, c.Callee) {
		return ""
	}
	field := c.Receiver[i+1:]
	ref, err := q.evalReceiver(ctx, f, caller, c.Receiver[:i])
	if err != nil || (ref.kind != refInstance && ref.kind != refClass) || !q.isDjangoModel(ctx, ref.class, 0) {
		return ""
	}
	if owner := q.m2mOwner(ctx, ref.class, field, 0); owner != "" {
		return framework.ThroughSender(owner, field)
	}
	return ""
}

// implicitOutgoing adds to byCallee the receivers that a many-to-many
// change reaches through m2m_changed (the model calls that send post_save
// and post_delete are publications of the catalog already).
func (q *frameworkView) implicitOutgoing(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call, byCallee edgeSet) error {
	if f.Language != treesitter.Python {
		return nil
	}
	through := q.m2mSender(ctx, f, caller, c)
	if through == "" {
		return nil
	}
	const signal = "m2m_changed"
	subs, err := q.subscribersOf(ctx, framework.Publication{Bus: "django-signal", Events: []string{signal}, Sender: through}, signal)
	if err != nil {
		return err
	}
	for _, s := range subs {
		byCallee.add(s, c, fact.ResolvedEvent, "", signal)
	}
	return nil
}

// m2mOwner is the model, cls or one of its bases, that declares field as
// a ManyToManyField; "" when none does.
func (q *frameworkView) m2mOwner(ctx context.Context, cls fact.Symbol, field string, depth int) string {
	if depth > 5 {
		return ""
	}
	if cf, err := q.file(ctx, cls.Path); err == nil && cf != nil {
		for _, fl := range cf.Fields {
			if fl.Container == cls.Name && fl.Name == field {
				if framework.IsManyToManyType(fl.Type) {
					return cls.Name
				}
				return ""
			}
		}
	}
	for _, b := range q.bases(ctx, cls) {
		if owner := q.m2mOwner(ctx, b, field, depth+1); owner != "" {
			return owner
		}
	}
	return ""
}

// implicitSite is call c as a site of a summary: call says what it calls,
// as people write it (save(), objects.create(), tags.add()).
func (q *frameworkView) implicitSite(ctx context.Context, c fact.Call, model, call string) (fact.ImplicitSite, error) {
	from, err := q.callerOf(ctx, c)
	if err != nil {
		return fact.ImplicitSite{}, err
	}
	return fact.ImplicitSite{Caller: from, Span: c.Span, Call: call, Model: model, Test: framework.IsTestPath(c.Path)}, nil
}

// implicitEdge is the summary of the sites that send rc's signal: an edge
// whose symbol stands for the subscribing line (where the person reading
// the answer can see why these calls reach the receiver).
func implicitEdge(target fact.Symbol, rc signalReceipt, sites []fact.ImplicitSite) *fact.Edge {
	sort.Slice(sites, func(i, j int) bool {
		a, b := sites[i], sites[j]
		if a.Caller.Path != b.Caller.Path {
			return a.Caller.Path < b.Caller.Path
		}
		return a.Span.StartByte < b.Span.StartByte
	})
	sends := &fact.ImplicitSends{Signal: rc.signal, Sender: rc.sender, Count: len(sites), Sites: sites}
	for _, s := range sites {
		if !s.Test {
			sends.OutsideTests++
		}
	}
	sym := fact.Symbol{
		ID:       fmt.Sprintf("%s#implicit:%s:%s@%d", rc.path, rc.signal, rc.sender, rc.anchor.StartByte),
		Path:     rc.path,
		Language: target.Language,
		Name:     sends.Title(),
		Kind:     treesitter.KindFunction,
		Span:     rc.anchor, Selection: rc.anchor,
	}
	return &fact.Edge{Symbol: sym, Sites: []treesitter.Span{rc.anchor}, Resolution: fact.ResolvedImplicit, Event: rc.signal, Implicit: sends}
}

// isPythonPath tells, before a file is loaded, whether a call can be
// Python's: save(), add() and delete() are called in every language.
func isPythonPath(p string) bool {
	l, ok := treesitter.LanguageForPath(p)
	return ok && l == treesitter.Python
}

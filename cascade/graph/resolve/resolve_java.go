package resolve

import (
	"cmp"
	"context"
	"slices"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// javaReceiverExcludes reports whether a Java call resolved to m, a method
// its receiver's class inherits from an interface or base above it, cannot
// run target: the receiver's declared class is strictly below m's, and
// target's class is not that class nor below it. An abstract BaseNotifier
// implementing Notifier without declaring send calls send(m) on a
// BaseNotifier, which EmailNotifier (a Notifier, no BaseNotifier) never is;
// javac binds the call to Notifier.send, and only the receiver's type
// narrows what may run.
func (q *query) javaReceiverExcludes(ctx context.Context, c fact.Call, m, target fact.Symbol) (bool, error) {
	if target.Language != treesitter.Java {
		return false, nil
	}
	static, err := q.javaReceiverClass(ctx, c)
	if err != nil || static == nil {
		return false, err
	}
	base, err := q.classOf(ctx, &m)
	if err != nil || base == nil || base.ID == static.ID {
		return false, err
	}
	sub, err := q.classOf(ctx, &target)
	if err != nil || sub == nil {
		return false, err
	}
	if q.isSubtype(ctx, *sub, *static, 0) {
		return false, nil
	}
	return q.isSubtype(ctx, *static, *base, 0), nil
}

// javaReceiverClass is the workspace class a Java call's receiver is
// declared as: the class around the call for send(m) and this.send(m),
// the declared type of a field, parameter or local otherwise; nil when
// that is not known.
func (q *query) javaReceiverClass(ctx context.Context, c fact.Call) (*fact.Symbol, error) {
	if c.Receiver == "" || c.Receiver == "this" {
		if c.CallerID == "" {
			return nil, nil
		}
		caller, err := q.symbol(ctx, c.CallerID)
		if err != nil || caller == nil {
			return nil, err
		}
		return q.classOf(ctx, caller)
	}
	ref, ok, err := q.receiverOfCall(ctx, c, treesitter.Java)
	if err != nil || !ok || ref.kind != refInstance {
		return nil, err
	}
	cls := ref.class
	return &cls, nil
}

// javaClassesAround is every class, interface or enum of the Java file f
// whose declaration holds the byte offset pos, innermost first.
func (q *query) javaClassesAround(ctx context.Context, f *fact.File, pos uint32) ([]fact.Symbol, error) {
	syms, err := q.store.SymbolsInFile(ctx, f.Path)
	if err != nil {
		return nil, err
	}
	var out []fact.Symbol
	for _, s := range syms {
		if isType(s) && s.Span.StartByte <= pos && pos < s.Span.EndByte {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b fact.Symbol) int { return cmp.Compare(b.Span.StartByte, a.Span.StartByte) })
	return out, nil
}

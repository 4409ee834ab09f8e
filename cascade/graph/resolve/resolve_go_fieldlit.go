package resolve

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// A struct field may have an interface type literal for its type:
//
//	type MutationService struct {
//		observer interface {
//			ObserveRelationship(operation, result string, d time.Duration)
//		}
//	}
//
// The extractor files the literal's method under the struct (Container
// MutationService), an interface method (its span starts at its name).
// gopls lists as its callers the calls through the field
// (s.observer.ObserveRelationship(...)) and, the field's type being
// reachable from a package-level type, the calls of every workspace method
// whose type has the literal's methods, in any package (craftsky's
// observability tests calling *Observer's ObserveRelationship).

// goFieldLiteral returns, for m a method of an interface literal that is a
// struct field's type, the struct, the field's name and the literal's
// method set; nil when m is not one.
func (q *goLang) goFieldLiteral(ctx context.Context, m fact.Symbol) (*fact.Symbol, string, map[string]goSignature, error) {
	if m.Language != treesitter.Go || m.Kind != treesitter.KindMethod || m.Container == "" || !isInterfaceMethod(m) {
		return nil, "", nil, nil
	}
	cls, err := q.classOf(ctx, &m)
	if err != nil || cls == nil || cls.Kind == treesitter.KindInterface || cls.Path != m.Path ||
		m.Span.StartByte < cls.Span.StartByte || m.Span.EndByte > cls.Span.EndByte {
		return nil, "", nil, err
	}
	f, err := q.file(ctx, m.Path)
	if err != nil || f == nil {
		return nil, "", nil, err
	}
	sig := q.goSignatureOf(ctx, m)
	for _, fl := range f.Fields {
		if fl.Container != cls.Name || !strings.HasPrefix(fl.Type, treesitter.GoInterfacePrefix) {
			continue
		}
		set := q.goLiteralMethodSet(ctx, f, fl.Type)
		if own, ok := set[m.Name]; ok && own.matches(sig) {
			return cls, fl.Name, set, nil
		}
	}
	return nil, "", nil, nil
}

// goFieldLiteralCall reports whether c calls target, a field literal's
// method, through that field of a value of target's struct
// (s.observer.ObserveRelationship(...)): a direct call, as gopls lists it.
func (q *goLang) goFieldLiteralCall(ctx context.Context, c fact.Call, target fact.Symbol) (bool, error) {
	dot := strings.LastIndexByte(c.Receiver, '.')
	if c.Callee != target.Name || dot <= 0 {
		return false, nil
	}
	cls, field, _, err := q.goFieldLiteral(ctx, target)
	if err != nil || cls == nil || c.Receiver[dot+1:] != field {
		return false, err
	}
	f, err := q.file(ctx, c.Path)
	if err != nil || f == nil || f.Language != treesitter.Go {
		return false, err
	}
	owner := c // the value whose field is called: s in s.observer.M()
	owner.Receiver = c.Receiver[:dot]
	ref, _, err := q.receiverAt(ctx, f, owner)
	if err != nil || ref.kind != refInstance || ref.elems != 0 {
		return false, err
	}
	return ref.class.ID == cls.ID, nil
}

// goFieldLiteralMethodCalled is the method c calls through a struct
// field whose type is an interface literal (s.observer.M()): the literal's
// method the extractor filed under the struct, as gopls's outgoing calls
// and definition answer. None when the receiver is no such field.
func (q *goLang) goFieldLiteralMethodCalled(ctx context.Context, f *fact.File, caller *fact.Symbol, c fact.Call) ([]fact.Symbol, error) {
	dot := strings.LastIndexByte(c.Receiver, '.')
	if dot <= 0 || !isIdentifierName(c.Receiver[dot+1:]) {
		return nil, nil
	}
	ref, err := q.evalReceiver(ctx, f, caller, c.Receiver[:dot])
	if err != nil || ref.kind != refInstance || ref.elems != 0 || ref.class.Language != treesitter.Go {
		return nil, err
	}
	cands, err := q.named(ctx, c.Callee)
	if err != nil {
		return nil, err
	}
	for _, m := range cands {
		if m.Container != ref.class.Name || m.Path != ref.class.Path || m.Kind != treesitter.KindMethod || !isInterfaceMethod(m) {
			continue
		}
		cls, field, _, err := q.goFieldLiteral(ctx, m)
		if err != nil {
			return nil, err
		}
		if cls != nil && cls.ID == ref.class.ID && field == c.Receiver[dot+1:] {
			return []fact.Symbol{m}, nil
		}
	}
	return nil, nil
}

// goFieldLiteralMethods reports whether targets are all methods of
// interface literals that are struct fields' types: like goLiteralMethods'
// targets, a method of a type with the literal's methods may run there.
func (q *goLang) goFieldLiteralMethods(ctx context.Context, targets []fact.Symbol) bool {
	for _, t := range targets {
		if cls, _, _, err := q.goFieldLiteral(ctx, t); err != nil || cls == nil {
			return false
		}
	}
	return len(targets) > 0
}

package resolve

import (
	"context"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

// Accessor sites (treesitter.AccessReadPrefix): a TypeScript member read
// or write runs a getter or setter where the receiver's class declares
// one, and tsserver lists it among the accessor's incoming calls, under
// either of a get/set pair. The rows are read only for a target with
// Accessor set, and link only where the receiver is typed (scope, import,
// declared or inferred type): never by a unique name, never to a plain
// field (no symbol) or a method read as a value (no accessor).

// cutAccess splits an access row's callee into the member's name and what
// the site does to it: "reads" or "writes".
func cutAccess(callee string) (name, verb string, ok bool) {
	if name, ok := strings.CutPrefix(callee, treesitter.AccessWritePrefix); ok {
		return name, "writes", true
	}
	if name, ok := strings.CutPrefix(callee, treesitter.AccessReadPrefix); ok {
		return name, "reads", true
	}
	return "", "", false
}

// resolveAccess resolves an access row as the member's site: the accessors
// its receiver's type declares under that name, or nothing.
func (q *query) resolveAccess(ctx context.Context, c fact.Call, name string) ([]fact.Symbol, fact.Resolution, error) {
	c.Callee = name
	targets, res, err := q.resolveSite(ctx, c)
	if err != nil || res != fact.ResolvedAST {
		return nil, "", err
	}
	var accessors []fact.Symbol
	for _, t := range targets {
		if t.Accessor != "" {
			accessors = append(accessors, t)
		}
	}
	if len(accessors) == 0 {
		return nil, "", nil
	}
	return accessors, res, nil
}

// accessCallers adds to byCaller the member reads and writes that run
// target, a getter or setter: the sites whose receiver's type declares an
// accessor of target's name in target's class (either of the pair), or
// in a class target's class extends or is extended by ("dispatched
// through" it).
//
// A site whose receiver is typed otherwise, a workspace class's other
// member or a type from outside the workspace, goes into elsewhere: the
// grep stage, which finds member reads of the name, does not list it.
func (q *query) accessCallers(ctx context.Context, target fact.Symbol, byCaller edgeSet, elsewhere stage.ResolvedSites) error {
	if target.Accessor == "" || family(target.Language) != "js" {
		return nil
	}
	for _, prefix := range []string{treesitter.AccessReadPrefix, treesitter.AccessWritePrefix} {
		rows, err := q.callsNamed(ctx, prefix+target.Name)
		if err != nil {
			return err
		}
		for _, c := range rows {
			if err := ctx.Err(); err != nil {
				return err
			}
			_, verb, _ := cutAccess(c.Callee)
			targets, res, err := q.resolveKept(ctx, c)
			if err != nil {
				return err
			}
			if len(targets) == 0 && q.external {
				elsewhere[stage.KeyOf(c.Path, c.Span)] = outsideWorkspace // el.hidden, el an HTMLElement
			}
			if res != fact.ResolvedAST || len(targets) == 0 {
				continue
			}
			via := ""
			if !accessorOf(targets, target) {
				// b.opts with b a Base, whose get opts() target overrides
				// (or which overrides target's): tsserver lists it under
				// both, as it does a method's call.
				for _, t := range targets {
					ok, err := q.dispatches(ctx, t, target)
					if err == nil && !ok {
						ok, err = q.overridesInJS(ctx, t, target)
					}
					if err != nil {
						return err
					}
					if ok {
						via = t.Container + "." + t.Name
						break
					}
				}
				if via == "" {
					elsewhere[stage.KeyOf(c.Path, c.Span)] = describeTarget(targets[0])
					continue
				}
			}
			caller, err := q.callerOf(ctx, c)
			if err != nil {
				return err
			}
			e, fresh := byCaller.link(caller, fact.ResolvedAST, via)
			if hasSite(e, c.Span) {
				continue
			}
			e.Sites = append(e.Sites, c.Span)
			markAccess(e, verb, fresh)
		}
	}
	return nil
}

// accessorOf reports whether targets hold target or the other accessor of
// its pair (the same name in the same class and file).
func accessorOf(targets []fact.Symbol, target fact.Symbol) bool {
	for _, t := range targets {
		if t.ID == target.ID || t.Accessor != "" && t.Path == target.Path && t.Container == target.Container && t.Name == target.Name {
			return true
		}
	}
	return false
}

func hasSite(e *fact.Edge, span treesitter.Span) bool {
	for _, s := range e.Sites {
		if s == span {
			return true
		}
	}
	return false
}

// markAccess keeps e.Access true to the edge's sites: set by the access
// site that opens the edge, widened by one that does the other, cleared
// when the edge holds a call or a reference too.
func markAccess(e *fact.Edge, verb string, fresh bool) {
	switch {
	case fresh:
		e.Access = verb
	case e.Access == "":
		e.Ref = "" // a call, or a reference, and this: a caller like any other
	case e.Access != verb:
		e.Access = "reads and writes"
	}
}

package resolve

import (
	"context"
	"sort"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/treesitter"
)

// Keys (event names, job names, topics) are evaluated, not read as text:
// a constant bound to another constant, to a template string of constants
// or to a concatenation is followed to the string it is, in the file that
// declares it (issue 13).

// constantValue is the string constant c (declared in f) is bound to.
func (q *frameworkView) constantValue(ctx context.Context, f *fact.File, c treesitter.Constant, depth int) (string, bool) {
	if c.Expr == "" {
		return c.Value, true
	}
	return q.evalKeyIn(ctx, f, c.Container, c.Expr, depth+1)
}

// evalKeyIn evaluates a key expression written inside container (a Java
// or Python class body), where a bare name may be a sibling constant.
func (q *frameworkView) evalKeyIn(ctx context.Context, f *fact.File, container, expr string, depth int) (string, bool) {
	if container == "" {
		return q.evalKey(ctx, f, expr, depth)
	}
	if depth > maxKeyDepth {
		return "", false
	}
	parts := splitConcat(strings.TrimSpace(expr))
	var b strings.Builder
	for _, p := range parts {
		if framework.IsIdentifier(p) {
			if c, ok := constantIn(f, container, p); ok {
				v, ok := q.constantValue(ctx, f, c, depth+1)
				if !ok {
					return "", false
				}
				b.WriteString(v)
				continue
			}
		}
		v, ok := q.evalKey(ctx, f, p, depth+1)
		if !ok {
			return "", false
		}
		b.WriteString(v)
	}
	return b.String(), true
}

// evalKey evaluates a key expression written in f: a string literal, a
// template string or concatenation whose parts all evaluate, or a
// constant.
func (q *frameworkView) evalKey(ctx context.Context, f *fact.File, expr string, depth int) (string, bool) {
	expr = strings.TrimSpace(expr)
	if depth > maxKeyDepth || expr == "" {
		return "", false
	}
	if v, ok := treesitter.StringLiteral(expr); ok {
		return v, true
	}
	if v, ok := q.template(ctx, f, expr, depth); ok {
		return v, true
	}
	if parts := splitConcat(expr); len(parts) > 1 {
		var b strings.Builder
		for _, p := range parts {
			v, ok := q.evalKey(ctx, f, p, depth+1)
			if !ok {
				return "", false
			}
			b.WriteString(v)
		}
		return b.String(), true
	}
	if v, ok := q.constant(ctx, f, expr, depth+1); ok {
		return v, true
	}
	// OrderCreatedEvent.name: a class's name, a common event key in NestJS.
	if cls, ok := strings.CutSuffix(expr, ".name"); ok && family(f.Language) == "js" && framework.IsIdentifier(cls) {
		if sym, err := q.resolveTypeName(ctx, f, cls); err == nil && sym != nil && isType(*sym) {
			return sym.Name, true
		}
	}
	return "", false
}

// template evaluates a template string whose substitutions are all
// constants (`${PREFIX}.created`); ok is false when one is not.
func (q *frameworkView) template(ctx context.Context, f *fact.File, expr string, depth int) (string, bool) {
	lits, subs, ok := treesitter.TemplateParts(expr)
	if !ok {
		return "", false
	}
	var b strings.Builder
	for i, sub := range subs {
		v, ok := q.evalKey(ctx, f, sub, depth+1)
		if !ok {
			return "", false
		}
		b.WriteString(lits[i])
		b.WriteString(v)
	}
	b.WriteString(lits[len(lits)-1])
	return b.String(), true
}

// splitConcat splits a + b + c at its top-level plus signs; one element
// when there is none. Quotes and brackets are respected.
func splitConcat(expr string) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(expr); i++ {
		ch := expr[i]
		switch {
		case quote != 0:
			if ch == '\\' {
				i++
			} else if ch == quote {
				quote = 0
			}
		case ch == '\'' || ch == '"' || ch == '`':
			quote = ch
		case ch == '(' || ch == '[' || ch == '{':
			depth++
		case ch == ')' || ch == ']' || ch == '}':
			depth--
		case ch == '+' && depth == 0:
			out = append(out, strings.TrimSpace(expr[start:i]))
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(expr[start:]))
}

// identityKey names a key that cannot be evaluated (an enum member with no
// string value, a constant bound to a call) by what it resolves to: the
// same member of the same declaration, whichever file writes it, is the
// same key, and the key says it was not evaluated. Only module-level names
// qualify — an imported name, or a capitalised one that is not a
// parameter or local of the caller — never a variable, whose text alone
// says nothing.
func (q *frameworkView) identityKey(ctx context.Context, f *fact.File, caller *fact.Symbol, expr string) (string, bool) {
	expr = strings.TrimSuffix(strings.TrimSpace(expr), "()")
	if !strings.Contains(expr, ".") || !isDottedName(expr) {
		return "", false
	}
	first, rest, _ := strings.Cut(expr, ".")
	if first == "this" || first == "self" || first == "super" || first == "cls" {
		return "", false
	}
	if caller != nil {
		for _, p := range caller.Params {
			if p.Name == first {
				return "", false
			}
		}
		for _, l := range f.Locals {
			if l.Name == first && (l.SymbolID == caller.ID || l.SymbolID == "") {
				return "", false
			}
		}
	}
	origin := ""
	for _, imp := range f.Imports {
		if imp.Local != first {
			continue
		}
		name := imp.Imported
		if name == "" || name == "*" {
			name = first
		}
		origin = imp.Module
		for _, mf := range q.moduleFiles(ctx, f, imp.Module) {
			origin = mf.Path
			break
		}
		if imp.Imported != "" && imp.Imported != "*" {
			expr = name + "." + rest
		} else {
			expr = rest
		}
		break
	}
	if origin == "" {
		if c := first[0]; c < 'A' || c > 'Z' {
			return "", false
		}
		origin = f.Path
	}
	return expr + " (" + origin + ", value not evaluated)", true
}

func isDottedName(s string) bool {
	for _, part := range strings.Split(s, ".") {
		if part == "" {
			return false
		}
		for i := 0; i < len(part); i++ {
			c := part[i]
			if !(c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
				return false
			}
		}
	}
	return true
}

// patternObject is the key of a message pattern object ({ cmd: ORDERS,
// role: 'billing' }): its fields sorted by name, as NestJS routes them,
// each value evaluated; written as is (minus spaces) when a value cannot
// be evaluated.
func (q *frameworkView) patternObject(ctx context.Context, f *fact.File, obj string) string {
	obj = strings.TrimSpace(obj)
	if !strings.HasPrefix(obj, "{") || !strings.HasSuffix(obj, "}") {
		return framework.CanonicalPattern(obj)
	}
	var fields []string
	for _, part := range treesitter.SplitTopLevel(obj[1 : len(obj)-1]) {
		if strings.TrimSpace(part) == "" {
			continue
		}
		k, v, found := strings.Cut(part, ":")
		if !found {
			return framework.CanonicalPattern(obj)
		}
		val, ok := q.evalKey(ctx, f, v, 0)
		if !ok {
			if !isNumber(strings.TrimSpace(v)) {
				return framework.CanonicalPattern(obj)
			}
			val = strings.TrimSpace(v)
		}
		fields = append(fields, strings.Trim(strings.TrimSpace(k), `'"`)+":'"+val+"'")
	}
	sort.Strings(fields)
	return "{" + strings.Join(fields, ",") + "}"
}

// exportedConstant is the value of the constant container.name a module
// file exports: declared there, or passed on from another module by a
// re-export (export * from './names', export { A as B } from './a'), as
// barrels and index files do.
func (q *frameworkView) exportedConstant(ctx context.Context, mf *fact.File, container, name string, depth int) (string, bool) {
	if c, ok := constantIn(mf, container, name); ok {
		return q.constantValue(ctx, mf, c, depth)
	}
	if depth > maxKeyDepth {
		return "", false
	}
	first, rest, _ := strings.Cut(container, ".")
	if container == "" {
		first = name
	}
	for _, imp := range mf.Imports {
		if !imp.Reexport {
			continue
		}
		wantContainer, wantName := container, name
		switch {
		case imp.Local == "*": // export * from: every name, as it is
		case imp.Local == first && container == "":
			wantName = imp.Imported
		case imp.Local == first:
			wantContainer = imp.Imported
			if rest != "" {
				wantContainer += "." + rest
			}
		default:
			continue
		}
		for _, next := range q.moduleFiles(ctx, mf, imp.Module) {
			if next.Path == mf.Path {
				continue
			}
			if v, ok := q.exportedConstant(ctx, next, wantContainer, wantName, depth+1); ok {
				return v, true
			}
		}
	}
	return "", false
}

// maxKeyDepth bounds how far a key is followed through constants, aliases,
// templates and re-exports (each step counts one or two), so a cycle
// (A = B, B = A) ends.
const maxKeyDepth = 24

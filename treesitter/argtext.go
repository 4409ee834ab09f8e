package treesitter

import "strings"

// Argument texts, as the extractor records them (Call.Args, Decorator.Args),
// read without a parser: quoted strings, top-level commas, brackets.

// ScanOutsideQuotes calls fn with each byte of s from index from on that is
// not inside a single-, double- or backtick-quoted string (the quotes
// themselves excluded), until fn returns false. Argument texts are read
// with it: a bracket or comma in a string literal is text, not syntax.
func ScanOutsideQuotes(s string, from int, fn func(i int, c byte) bool) {
	var quote byte
	for i := from; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		default:
			if !fn(i, c) {
				return
			}
		}
	}
}

// SplitTopLevel splits s at commas outside brackets and quotes.
func SplitTopLevel(s string) []string {
	var out []string
	depth, start := 0, 0
	ScanOutsideQuotes(s, 0, func(i int, c byte) bool {
		switch {
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
		return true
	})
	if last := strings.TrimSpace(s[start:]); last != "" {
		out = append(out, last)
	}
	return out
}

func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// StringLiteral returns the content of a literal written as source text:
// 'x', "x", `x` without substitutions, Python's r"x", u'x', """x""". ok is
// false for anything else.
func StringLiteral(text string) (string, bool) {
	t := strings.TrimSpace(text)
	unprefixed := strings.TrimLeft(t, "rRuUbBfF")
	formatted := strings.ContainsAny(t[:len(t)-len(unprefixed)], "fF")
	t = unprefixed
	if len(t) < 2 {
		return "", false
	}
	for _, q := range []string{`"""`, `'''`} {
		if len(t) >= 6 && strings.HasPrefix(t, q) && strings.HasSuffix(t, q) {
			return t[3 : len(t)-3], !formatted
		}
	}
	q := t[0]
	if (q != '\'' && q != '"' && q != '`') || t[len(t)-1] != q {
		return "", false
	}
	body := t[1 : len(t)-1]
	if q == '`' && strings.Contains(body, "${") || formatted && strings.ContainsAny(body, "{}") {
		return "", false // built at run time
	}
	if strings.Contains(strings.ReplaceAll(body, `\`+string(q), ""), string(q)) {
		return "", false // 'a' + 'b': two literals
	}
	return body, true
}

// TemplateShape is a template literal with substitutions written with
// every substitution replaced by ${…}: `user/${u.id}/updated` has the shape
// user/${…}/updated. Names built at run time are not resolved, but two
// templates of the same shape name the same family of topics.
func TemplateShape(text string) (string, bool) {
	t := strings.TrimSpace(text)
	if len(t) < 2 || t[0] != '`' || t[len(t)-1] != '`' || !strings.Contains(t, "${") {
		return "", false
	}
	var b strings.Builder
	body := t[1 : len(t)-1]
	for {
		i := strings.Index(body, "${")
		if i < 0 {
			b.WriteString(body)
			break
		}
		b.WriteString(body[:i])
		end := matchBrace(body, i+1)
		if end < 0 {
			return "", false
		}
		b.WriteString("${…}")
		body = body[end+1:]
	}
	shape := b.String()
	if strings.Trim(shape, "${…}") == "" {
		return "", false // nothing but substitutions: no shape to compare
	}
	return shape, true
}

// matchBrace returns the index of the brace closing the one at open.
func matchBrace(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// ListElements splits an array or annotation list literal ({"a", "b"},
// ["a", "b"]) into its elements; any other text is one element.
func ListElements(text string) []string {
	t := strings.TrimSpace(text)
	if len(t) >= 2 && (t[0] == '{' && t[len(t)-1] == '}' || t[0] == '[' && t[len(t)-1] == ']') {
		if t[0] == '{' && strings.Contains(t, ":") {
			return []string{t} // an object literal, { cmd: 'x' }: one pattern
		}
		return SplitTopLevel(t[1 : len(t)-1])
	}
	// A Python tuple, (a, b) or (a,): its elements. A parenthesized single
	// expression stays what it is.
	if len(t) >= 2 && t[0] == '(' && t[len(t)-1] == ')' && MatchBracket(t, 0) == len(t)-1 {
		if els := SplitTopLevel(t[1 : len(t)-1]); len(els) > 1 || strings.HasSuffix(strings.TrimSpace(t[1:len(t)-1]), ",") {
			var out []string
			for _, el := range els {
				if strings.TrimSpace(el) != "" {
					out = append(out, el)
				}
			}
			return out
		}
	}
	return []string{t}
}

// MatchBracket returns the index of the bracket ((, [ or {) closing the one
// at open, skipping quoted strings, or -1.
func MatchBracket(s string, open int) int {
	depth, end := 0, -1
	ScanOutsideQuotes(s, open, func(i int, c byte) bool {
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				end = i
				return false
			}
		}
		return true
	})
	return end
}

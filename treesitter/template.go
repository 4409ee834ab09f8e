package treesitter

import "strings"

// TemplateParts splits a template string (`a.${X}.b`) into its literal
// parts and its substitutions' expressions: lits has one more element than
// subs. ok is false for anything but a template string with substitutions.
func TemplateParts(text string) (lits, subs []string, ok bool) {
	t := strings.TrimSpace(text)
	if len(t) < 2 || t[0] != '`' || t[len(t)-1] != '`' || !strings.Contains(t, "${") {
		return nil, nil, false
	}
	body := t[1 : len(t)-1]
	for {
		i := strings.Index(body, "${")
		if i < 0 {
			lits = append(lits, body)
			return lits, subs, true
		}
		end := matchBrace(body, i+1)
		if end < 0 {
			return nil, nil, false
		}
		lits = append(lits, body[:i])
		subs = append(subs, strings.TrimSpace(body[i+2:end]))
		body = body[end+1:]
	}
}

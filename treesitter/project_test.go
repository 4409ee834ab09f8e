package treesitter

import (
	"fmt"
	"strings"
)

// Compact projections of facts, so test tables read like the source they
// describe.

func symbolLines(f *Facts) []string {
	var out []string
	for _, s := range f.Symbols {
		name := s.Name
		if s.Container != "" {
			name = s.Container + "." + name
		}
		line := fmt.Sprintf("%s %s L%d:%d", s.Kind, name, s.Selection.Start.Line, s.Selection.Start.Character)
		if s.Parent >= 0 {
			line += " in " + f.Symbols[s.Parent].Name
		}
		for _, d := range s.Decorators {
			line += fmt.Sprintf(" @%s(%s)", d.Name, strings.Join(d.Args, ", "))
		}
		if len(s.Params) > 0 {
			var ps []string
			for _, p := range s.Params {
				ps = append(ps, p.Name+":"+p.Type)
			}
			line += " (" + strings.Join(ps, ", ") + ")"
		}
		if len(s.Extends) > 0 {
			line += " extends " + strings.Join(s.Extends, ", ")
		}
		if s.Accessor != "" {
			line += " " + s.Accessor
		}
		out = append(out, line)
	}
	return out
}

func enclosingName(f *Facts, i int) string {
	if i < 0 {
		return "-"
	}
	return f.Symbols[i].Name
}

func callLines(f *Facts) []string {
	var out []string
	for _, c := range f.Calls {
		callee := c.Callee
		if c.New {
			callee = "new " + callee
		}
		if c.Ref {
			callee = "ref " + callee
		}
		line := fmt.Sprintf("%s|%s @L%d:%d in %s", c.Receiver, callee, c.Span.Start.Line, c.Span.Start.Character, enclosingName(f, c.Enclosing))
		if len(c.Args) > 0 {
			line += " (" + strings.Join(c.Args, ", ") + ")"
		}
		out = append(out, line)
	}
	return out
}

func importLines(f *Facts) []string {
	var out []string
	for _, im := range f.Imports {
		line := fmt.Sprintf("%s=%s from %s", im.Local, im.Imported, im.Module)
		if im.Reexport {
			line = "re-export " + line
		}
		out = append(out, line)
	}
	return out
}

func fieldLines(f *Facts) []string {
	var out []string
	for _, fl := range f.Fields {
		out = append(out, fmt.Sprintf("%s.%s: %s", fl.Container, fl.Name, fl.Type))
	}
	return out
}

func localLines(f *Facts) []string {
	var out []string
	for _, l := range f.Locals {
		out = append(out, fmt.Sprintf("%s: %s in %s", l.Name, l.Type, enclosingName(f, l.Enclosing)))
	}
	return out
}

func stringLines(f *Facts) []string {
	var out []string
	for _, s := range f.Strings {
		out = append(out, fmt.Sprintf("%q in %s", s.Text, enclosingName(f, s.Enclosing)))
	}
	return out
}

package resolve

import (
	"slices"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// The sites of a common name mostly resolve to the same few symbols (the
// 33,000 sites of AddAsyncTask in an SDK to its one definition), and each
// kept site held its own copy of its targets: a fact.Symbol is some 250
// bytes before the strings it points to. The kept resolutions share one
// list per distinct set of targets instead.

// sharedTargets returns a list equal to targets that other kept sites may
// hold too; kept.mu must be write-locked.
func (kept *resolvedSites) sharedTargets(targets []fact.Symbol) []fact.Symbol {
	if len(targets) == 0 {
		return nil
	}
	key := targets[0].ID
	if len(targets) > 1 {
		var b strings.Builder
		for i, t := range targets {
			if i > 0 {
				b.WriteByte(0)
			}
			b.WriteString(t.ID)
		}
		key = b.String()
	}
	if kept.targets == nil {
		kept.targets = map[string][]fact.Symbol{}
	}
	if shared, ok := kept.targets[key]; ok && slices.EqualFunc(shared, targets, sameSymbol) {
		return shared
	}
	// A list seen first, or one whose IDs name symbols that differ (not
	// expected within a generation): kept as it is, and shared from now.
	targets = slices.Clip(targets)
	kept.targets[key] = targets
	return targets
}

// sameSymbol reports whether a and b are equal in every field.
func sameSymbol(a, b fact.Symbol) bool {
	return a.ID == b.ID && a.Path == b.Path && a.Language == b.Language && a.Name == b.Name &&
		a.Kind == b.Kind && a.Container == b.Container && a.Span == b.Span && a.Selection == b.Selection &&
		a.Returns == b.Returns && slices.Equal(a.Params, b.Params) && slices.Equal(a.Extends, b.Extends) && slices.Equal(a.ExtendsWritten, b.ExtendsWritten) &&
		slices.EqualFunc(a.Decorators, b.Decorators, func(x, y treesitter.Decorator) bool {
			return x.Name == y.Name && x.Span == y.Span && slices.Equal(x.Args, y.Args)
		})
}

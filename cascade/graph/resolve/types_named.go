package resolve

import (
	"context"
	"path"

	"github.com/callcascade/callcascade/cascade/fact"
)

// typesNamedIn is named's classes and interfaces of one language family,
// kept for the query. resolveTypeName is asked for the receiver type of
// every call site it resolves; in generated code a type name is defined
// hundreds of times (every service package of an SDK has its Client), and
// filtering the candidates anew for each site copied them each time: on a
// 7,000-file workspace the resolver's warm-up allocated 600 MB that way.
func (q *query) typesNamedIn(ctx context.Context, name, fam string) ([]fact.Symbol, error) {
	key := fam + "\x00" + name
	if s, ok := q.typesByFam[key]; ok {
		return s, nil
	}
	candidates, err := q.named(ctx, name)
	if err != nil {
		return nil, err
	}
	var types []fact.Symbol
	for _, s := range candidates {
		if isType(s) && family(s.Language) == fam {
			types = append(types, s)
		}
	}
	if q.typesByFam == nil {
		q.typesByFam = map[string][]fact.Symbol{}
	}
	q.typesByFam[key] = types
	return types, nil
}

// goTypeInDir is the first of types (typesNamedIn's Go classes and
// interfaces named name) declared in directory dir, nil if none: the type
// a Go file names without a qualifier. A name declared in hundreds of
// packages is looked up in a map of them by directory, not by comparing
// every one's directory for each receiver resolved.
func (q *query) goTypeInDir(name string, types []fact.Symbol, dir string) *fact.Symbol {
	if len(types) < 16 {
		for _, s := range types {
			if path.Dir(s.Path) == dir {
				return &s
			}
		}
		return nil
	}
	byDir, ok := q.goTypeDirs[name]
	if !ok {
		byDir = make(map[string]int, len(types))
		for i, s := range types {
			d := path.Dir(s.Path)
			if _, seen := byDir[d]; !seen {
				byDir[d] = i
			}
		}
		if q.goTypeDirs == nil {
			q.goTypeDirs = map[string]map[string]int{}
		}
		q.goTypeDirs[name] = byDir
	}
	i, ok := byDir[dir]
	if !ok {
		return nil
	}
	s := types[i]
	return &s
}

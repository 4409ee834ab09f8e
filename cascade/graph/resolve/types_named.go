package resolve

import (
	"context"

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

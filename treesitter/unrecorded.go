package treesitter

import (
	"cmp"
	"slices"
	"strings"
)

// The grep stage finds code sites of a name by parsing each file that holds
// it and classifying every occurrence (Finder.Find). For a file indexed as
// it is, most of those sites are the facts' own calls and references; what
// parsing could add is the sites the facts do not record: a property read
// (this.container), a bare read of a local (error.message after catch
// (error)). Recording which names have such sites lets the graph vouch for
// a file without the parse: a name with none there has nothing to add.

// Unrecorded names the identifiers that have code sites in the file, as
// Finder.Find classifies them, where the facts record no call or reference
// of that name. Each list is its names sorted, once each, joined by
// newlines: a store keeps one string per list, not one per name.
type Unrecorded struct {
	// Members are names read or called through a receiver (x.name).
	Members string `json:"members,omitempty"`
	// Bare are names used alone (name, name()).
	Bare string `json:"bare,omitempty"`
	// ModuleMembers are the Members with such a site whose receiver may be
	// a module object (ModuleReceivers): the only ones that may reach a
	// module-level function of the name. A store that did not keep them
	// gives Members itself.
	ModuleMembers string `json:"moduleMembers,omitempty"`
	// MethodMembers are the Members with a site that a method's caller
	// search keeps: all but Python's reads of an attribute of the
	// attribute (obj.name.attr) and truth tests of it (if obj.name:),
	// which no bound method is (the grep stage leaves them out). A store
	// that did not keep them gives Members itself.
	MethodMembers string `json:"methodMembers,omitempty"`
}

// HasMember reports whether name has a site through a receiver that the
// facts do not record.
func (u *Unrecorded) HasMember(name string) bool { return listHas(u.Members, name) }

// HasModuleMember reports whether name has a site through a receiver
// that may be a module object, which the facts do not record.
func (u *Unrecorded) HasModuleMember(name string) bool { return listHas(u.ModuleMembers, name) }

// HasMethodMember reports whether name has a site through a receiver,
// which the facts do not record, that a method's caller search keeps.
func (u *Unrecorded) HasMethodMember(name string) bool { return listHas(u.MethodMembers, name) }

// HasBare reports whether name has a site used alone that the facts do not
// record.
func (u *Unrecorded) HasBare(name string) bool { return listHas(u.Bare, name) }

// listHas reports whether the newline-joined list holds name as a whole
// line.
func listHas(list, name string) bool {
	for len(list) > 0 {
		i := strings.Index(list, name)
		if i < 0 {
			return false
		}
		end := i + len(name)
		if (i == 0 || list[i-1] == '\n') && (end == len(list) || list[end] == '\n') {
			return true
		}
		list = list[end:]
	}
	return false
}

// CalleeAliases says under which name a bare call is recorded: an aliased
// import's original name for a call of the alias (import {a as b}; b() is
// a call of a), where the import binds the alias.
type CalleeAliases struct {
	names map[string]string // alias -> the name imported, bound in the whole file
	// inFunctions are, by alias, the Python imports made inside a
	// function (def f(): from m import g as h): the alias is bound there
	// only, and a call of the name elsewhere (another function's nested
	// def h) is no call of g.
	inFunctions map[string][]functionAlias
}

// functionAlias is an alias imported inside a function whose declaration
// runs from start to end.
type functionAlias struct {
	imported   string
	start, end uint32
}

// ImportAliases maps the local name of each renaming import (import {a as
// b}) to the name it imports: a bare call of b is recorded as a call of a.
func ImportAliases(facts *Facts) CalleeAliases {
	var aliases CalleeAliases
	for _, imp := range facts.Imports {
		if imp.Imported == "*" || imp.Imported == "default" || imp.Imported == imp.Local || imp.Local == "" {
			continue
		}
		if facts.Language == Python {
			if fn := innermostFunction(facts.Symbols, imp.Span); fn >= 0 {
				if aliases.inFunctions == nil {
					aliases.inFunctions = map[string][]functionAlias{}
				}
				span := facts.Symbols[fn].Span
				aliases.inFunctions[imp.Local] = append(aliases.inFunctions[imp.Local], functionAlias{imp.Imported, span.StartByte, span.EndByte})
				continue
			}
		}
		if aliases.names == nil {
			aliases.names = map[string]string{}
		}
		aliases.names[imp.Local] = imp.Imported
	}
	return aliases
}

// innermostFunction is the index of the innermost function or method of
// syms whose declaration holds span, -1 for none.
func innermostFunction(syms []Symbol, span Span) int {
	best := -1
	for i, s := range syms {
		if s.Kind != KindFunction && s.Kind != KindMethod || span.StartByte < s.Span.StartByte || s.Span.EndByte < span.EndByte {
			continue
		}
		if best < 0 || s.Span.StartByte >= syms[best].Span.StartByte {
			best = i
		}
	}
	return best
}

// StoredCallee is the name a call is recorded under: an aliased import's
// original name for a bare call of the alias where the import binds it,
// else the callee as written.
func StoredCallee(c Call, aliases CalleeAliases) string {
	if c.Receiver != "" {
		return c.Callee
	}
	for _, a := range aliases.inFunctions[c.Callee] {
		if a.start <= c.Span.StartByte && c.Span.EndByte <= a.end {
			return a.imported // the function's own import, innermost or not
		}
	}
	if orig, ok := aliases.names[c.Callee]; ok {
		return orig
	}
	return c.Callee
}

// findUnrecorded classifies every identifier leaf of the tree as Find
// classifies an occurrence, after the facts are final (their calls sorted
// by position). The leaves are those run listed in t.leaves.
func (e *extractor) findUnrecorded(t *syntaxTree) *Unrecorded {
	aliases := ImportAliases(e.facts)
	calls := e.facts.Calls
	// recordedAt reports whether a call or reference of name, recorded
	// under that name, spans exactly the leaf at [start, end). The leaves
	// come in document order, so the first call at or after start is found
	// by moving on from the last leaf's (a search if a leaf ever comes
	// back).
	next := 0
	recordedAt := func(name []byte, start, end uint32) bool {
		i := next
		if i > 0 && calls[i-1].Span.StartByte >= start {
			i, _ = slices.BinarySearchFunc(calls, start, func(c Call, at uint32) int { return cmp.Compare(c.Span.StartByte, at) })
		}
		for i < len(calls) && calls[i].Span.StartByte < start {
			i++
		}
		next = i
		for ; i < len(calls) && calls[i].Span.StartByte == start; i++ {
			if c := calls[i]; c.Span.EndByte == end && c.Callee == string(name) && StoredCallee(c, aliases) == c.Callee {
				return true
			}
		}
		return false
	}
	// The lists are the tree's, reused from file to file: joinedSet keeps
	// none of them.
	members, moduleMembers, methodMembers, bare := t.unrecorded[0][:0], t.unrecorded[1][:0], t.unrecorded[2][:0], t.unrecorded[3][:0]
	defer func() { t.unrecorded = [4][]string{members, moduleMembers, methodMembers, bare} }()
	modules := NewModuleReceivers(e.facts.Language, e.facts.Imports, e.src)
	for _, i := range t.leaves { // run listed them, in document order
		n := &t.nodes[i]
		name := e.src[n.start:n.end]
		if recordedAt(name, n.start, n.end) {
			continue // a call or reference the facts hold
		}
		if kind, receiver, ok := e.classify(n); ok {
			if strings.TrimSpace(receiver) != "" {
				members = append(members, e.str(name))
				if modules.MayBeModule(receiver) {
					moduleMembers = append(moduleMembers, e.str(name))
				}
				if !(e.facts.Language == Python && kind == SiteReference && (pyMemberRead(n) || pyAttributeUsedAsData(n))) {
					methodMembers = append(methodMembers, e.str(name))
				}
			} else {
				bare = append(bare, e.str(name))
			}
		}
	}
	return &Unrecorded{Members: joinedSet(members), ModuleMembers: joinedSet(moduleMembers), MethodMembers: joinedSet(methodMembers), Bare: joinedSet(bare)}
}

// unrecordedLeafTypes are the leaves findUnrecorded reads (named ones,
// not empty): the identifiers a call or reference may name.
var unrecordedLeafTypes = newTypeSet("identifier", "property_identifier", "shorthand_property_identifier", "field_identifier")

// joinedSet is the names sorted, once each, joined by newlines.
func joinedSet(names []string) string {
	slices.Sort(names)
	return strings.Join(slices.Compact(names), "\n")
}

package stage

import (
	"context"
	"sort"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// A fallback never contradicts the graph: when the graph answers no_callers
// for a target, every call site of the name that it resolved to another
// symbol (a service's findAll called from its controller's findAll, a
// super() call resolved to a framework's base class, Order.objects.get()
// on a Django manager) is known not to call the target. The graph stage
// hands those sites to the engine, which gives them to the grep stage; the
// sites left (receivers the graph could not type) are possible callers.

// SiteKey locates a call site by the start of the called name:
// workspace-relative path, 0-based line and UTF-16 character.
type SiteKey struct {
	Path      string
	Line      uint32
	Character uint32
}

// KeyOf is the key of the name spanning s in path.
func KeyOf(path string, s treesitter.Span) SiteKey {
	return SiteKey{Path: path, Line: s.Start.Line, Character: s.Start.Character}
}

// ResolvedSites maps each call site the graph resolved elsewhere to what it
// resolved to, in words ("OrdersService.findAll", "outside the workspace").
type ResolvedSites map[SiteKey]string

// Has reports whether the site of the name at s in path was resolved
// elsewhere.
func (r ResolvedSites) Has(path string, s treesitter.Span) bool {
	_, ok := r[KeyOf(path, s)]
	return ok
}

// Described lists what each site resolved to, in the sites' order.
func (r ResolvedSites) Described() []string {
	keys := make([]SiteKey, 0, len(r))
	for k := range r {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
	})
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		out = append(out, r[k])
	}
	return out
}

// Mention is a string literal naming the target that reaches no dispatch
// (a URL, a permission, a label): reported, never a caller.
type Mention struct {
	Path   string `json:"path"` // workspace-relative
	Line   int    `json:"line"` // 1-based
	Col    int    `json:"col"`  // 1-based, in UTF-16 code units
	Text   string `json:"text"` // the literal's content
	Caller string `json:"caller,omitempty"`
}

// Settled is what a graph answer of no_callers settled for the fallbacks:
// the sites of the name it resolved to other symbols, and which files it
// indexed exactly as they are now, every occurrence of the name there
// known to it.
type Settled struct {
	Elsewhere ResolvedSites
	// Namesakes counts the workspace's other functions and methods of the
	// target's name, in its language family: where there are many, a site
	// whose receiver the graph could not type is no evidence for the
	// target (see grep.AmbiguousNamesakes).
	Namesakes int
	// Undecided counts the call sites of the name in the target's
	// language family the graph could neither link to the target nor
	// resolve elsewhere: what a grep would find, near enough, in the files
	// the graph indexed. A grep cut off by its budget weighs its count
	// against it (grep.Stage).
	Undecided int
	// AsIndexed reports whether the graph indexed rel with exactly content
	// and knows every occurrence of the name in it (a site, a declaration,
	// an import, a comment or string), and what it knows: a fallback that
	// parsed rel again could only find the sites it already has. Nil: the
	// graph vouches for no file (another backend, or no answer of
	// no_callers). hash is content's fact.HashContent, asked for only
	// when needed: the caller may have it kept from an earlier request.
	AsIndexed func(ctx context.Context, rel string, content []byte, hash func() string) (IndexedFile, bool)
}

// IndexedFile is what the graph knows of the name in a file it vouches for.
type IndexedFile struct {
	Elsewhere int // sites it resolved to other symbols
	// Undecided are the sites whose receiver it could not type: possible
	// callers, exactly what a parse of the file would find.
	Undecided []IndexedSite
	Imports   []treesitter.Import // the file's, for the fallback's own rules
	// Bare says the name is also used alone there (a local's read, an
	// argument) where the graph recorded no call or reference: a parse
	// would find those sites, so the file stands as indexed only where the
	// fallback's own scope rule leaves bare sites out (a method's name,
	// a name the file does not import).
	Bare bool
	// Members says the name is also read or called there through a
	// receiver where the graph recorded nothing, none of them one that may
	// be a module object (treesitter.ModuleReceivers): a parse would find
	// those sites, so the file stands as indexed only where the fallback
	// leaves them out (a function's name, whose receiver must be a module).
	Members bool
}

// IndexedSite is a site of the name as the graph indexed it.
type IndexedSite struct {
	Span     treesitter.Span
	Receiver string
	Ref      bool        // a reference (the function passed as a value), not a call
	Caller   fact.Symbol // the enclosing function; the zero Symbol at a file's top level
}

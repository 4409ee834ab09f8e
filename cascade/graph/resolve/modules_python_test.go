package resolve

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// The index must give exactly the files the scan with pyModuleMatches gave,
// in the list's order, for relative and absolute modules, packages
// (__init__.py), stubs (.pyi), Odoo's addons and modules that name nothing;
// other languages' files are never candidates.
func TestPyModuleCandidatesMatchTheScan(t *testing.T) {
	parts := []string{"app", "core", "models", "utils", "odoo", "addons", "sale", "tests", "src"}
	leaves := []string{"__init__.py", "models.py", "utils.py", "views.py", "core.pyi", "index.ts", "sale.py"}
	rng := rand.New(rand.NewSource(3))
	for round := 0; round < 40; round++ {
		var files []fact.File
		seen := map[string]bool{}
		for n := 20 + rng.Intn(60); n > 0; n-- {
			var b strings.Builder
			for d := rng.Intn(4); d > 0; d-- {
				b.WriteString(parts[rng.Intn(len(parts))] + "/")
			}
			p := b.String() + leaves[rng.Intn(len(leaves))]
			if seen[p] {
				continue
			}
			seen[p] = true
			lang := treesitter.Python
			if strings.HasSuffix(p, ".ts") {
				lang = treesitter.TypeScript
			}
			files = append(files, fact.File{Path: p, Language: lang})
		}
		r := &Resolver{}
		for q := 0; q < 200; q++ {
			from := files[rng.Intn(len(files))].Path
			var mod []string
			for d := 1 + rng.Intn(3); d > 0; d-- {
				mod = append(mod, strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(leaves[rng.Intn(len(leaves))], ".py"), ".pyi"), ".ts"))
				if rng.Intn(2) == 0 {
					mod[len(mod)-1] = parts[rng.Intn(len(parts))]
				}
			}
			module := strings.Join(mod, ".")
			switch rng.Intn(4) {
			case 0:
				module = strings.Repeat(".", 1+rng.Intn(3)) + module
			case 1:
				module = "." // the importing package itself
			}
			var want []string
			for _, f := range files {
				if family(f.Language) == family(treesitter.Python) && pyModuleMatches(from, module, f.Path) {
					want = append(want, f.Path)
				}
			}
			var got []string
			for _, f := range r.pyModuleCandidates(files, from, module) {
				got = append(got, f.Path)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("round %d: module %q from %s: index gives %v, the scan %v", round, module, from, got, want)
			}
		}
	}
}

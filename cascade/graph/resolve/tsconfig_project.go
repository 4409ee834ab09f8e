package resolve

import (
	"context"
	"encoding/json"
	"path"
	"strings"
	"time"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// A file that its tsconfig.json leaves out ("exclude": ["tests"]) is in no
// project of tsserver's: since TypeScript 5.6 tsserver looks further up
// for a config that includes the file, and finding none it gives the file
// an inferred project, which has no "paths" and no "baseUrl". There the
// file's aliased imports (`@/billing`) resolve to nothing, its relative
// ones still resolve. A test runner that reads the config's paths (bun,
// vitest with tsconfig paths) runs the aliased calls all the same, so they
// are kept, flagged possible and saying why, not shown as precise
// (g22eorge/Ticketing's tests, AlpineClubBookingsNZ's __tests__).

// tsProject is what ownership needs of one config, its "extends" applied:
// the patterns, workspace-relative.
type tsProject struct {
	files      []string // nil: not set
	include    []string // nil: not set
	exclude    []string // nil: not set
	references bool     // a solution config: its referenced projects own files
}

type tsProjectEntry struct {
	proj *tsProject // nil: no such config
	read time.Time
}

type tsOutsideEntry struct {
	config string // the nearest config, which leaves the file out; "" when one owns it
	read   time.Time
}

// tsProjectFile is the part of a tsconfig.json ownership reads.
type tsProjectFile struct {
	Extends    json.RawMessage   `json:"extends"`
	Files      *[]string         `json:"files"`
	Include    *[]string         `json:"include"`
	Exclude    *[]string         `json:"exclude"`
	References []json.RawMessage `json:"references"`
}

// outsideProject returns the nearest tsconfig.json or jsconfig.json above
// the workspace-relative file rel when neither it nor any config further
// up owns rel; "" when one does, or when there is no config at all. A
// config with "references" is taken to own the file (tsserver asks the
// referenced projects, which are not read here).
func (a *tsAliases) outsideProject(rel string) string {
	if a == nil || a.root == "" {
		return ""
	}
	a.mu.Lock()
	if e, ok := a.outside[rel]; ok && time.Since(e.read) < tsAliasTTL {
		a.mu.Unlock()
		return e.config
	}
	a.mu.Unlock()
	nearest := ""
	for dir := path.Dir(rel); ; dir = path.Dir(dir) {
		for _, name := range []string{"tsconfig.json", "jsconfig.json"} {
			cfg := path.Join(dir, name)
			proj := a.project(cfg)
			if proj == nil {
				continue
			}
			if nearest == "" {
				nearest = cfg
			}
			if proj.references || proj.owns(path.Dir(cfg), rel) {
				nearest = ""
				goto done
			}
			break // tsserver takes a directory's tsconfig.json before its jsconfig.json
		}
		if dir == "." || dir == "/" || dir == "" {
			break
		}
	}
done:
	a.mu.Lock()
	if a.outside == nil {
		a.outside = map[string]tsOutsideEntry{}
	}
	a.outside[rel] = tsOutsideEntry{config: nearest, read: time.Now()}
	a.mu.Unlock()
	return nearest
}

// project returns the workspace-relative config rel, read and kept for
// tsAliasTTL; nil when it does not exist or is not a config.
func (a *tsAliases) project(rel string) *tsProject {
	a.mu.Lock()
	if e, ok := a.projects[rel]; ok && time.Since(e.read) < tsAliasTTL {
		a.mu.Unlock()
		return e.proj
	}
	a.mu.Unlock()
	proj, _ := a.loadProject(rel, 0)
	a.mu.Lock()
	if a.projects == nil {
		a.projects = map[string]tsProjectEntry{}
	}
	a.projects[rel] = tsProjectEntry{proj: proj, read: time.Now()}
	a.mu.Unlock()
	return proj
}

// loadProject reads the config rel and what it extends: "files",
// "include" and "exclude" are inherited, each relative to the config that
// sets it.
func (a *tsAliases) loadProject(rel string, depth int) (*tsProject, bool) {
	var file tsProjectFile
	if depth > 4 || !a.readConfig(rel, &file) {
		return nil, false
	}
	dir := path.Dir(rel)
	out := &tsProject{}
	for _, parent := range extendedConfigs(dir, file.Extends) {
		if base, ok := a.loadProject(parent, depth+1); ok {
			*out = *base
		}
	}
	if file.Files != nil {
		out.files = patternsIn(dir, *file.Files, false)
	}
	if file.Include != nil {
		out.include = patternsIn(dir, *file.Include, true)
	}
	if file.Exclude != nil {
		out.exclude = patternsIn(dir, *file.Exclude, true)
	}
	out.references = len(file.References) > 0 // not inherited, as TypeScript has it
	return out, true
}

// patternsIn makes a config's patterns workspace-relative. A pattern whose
// last segment has neither a wildcard nor an extension names a directory,
// and so everything under it, as TypeScript reads it; one that leaves the
// workspace matches nothing here.
func patternsIn(dir string, patterns []string, globs bool) []string {
	out := make([]string, 0, len(patterns))
	for _, p := range patterns {
		if p == "" || path.IsAbs(p) {
			continue
		}
		joined, ok := inRoot(path.Join(dir, p))
		if !ok {
			continue
		}
		if globs {
			last := path.Base(joined)
			if !strings.ContainsAny(last, "*?") && !strings.Contains(last, ".") {
				joined = path.Join(joined, "**/*")
			}
		}
		out = append(out, joined)
	}
	return out
}

// defaultExcludes are what TypeScript leaves out when "exclude" is unset.
var defaultExcludes = []string{"node_modules", "bower_components", "jspm_packages"}

// owns reports whether the config in dir includes the workspace-relative
// file rel: named in "files", or matched by "include" (everything when
// neither is set) and not by "exclude".
func (p *tsProject) owns(dir, rel string) bool {
	for _, f := range p.files {
		if f == rel {
			return true
		}
	}
	include := p.include
	if include == nil {
		if len(p.files) > 0 {
			// "files" alone: the program is those files and everything
			// they import, which is not followed here; taken to own it.
			return true
		}
		if p.files != nil {
			return false
		}
		include = patternsIn(dir, []string{"**/*"}, true)
	}
	if !matchesAny(include, rel) {
		return false
	}
	exclude := p.exclude
	if exclude == nil {
		exclude = patternsIn(dir, defaultExcludes, true)
	}
	return !matchesAny(exclude, rel)
}

func matchesAny(patterns []string, rel string) bool {
	for _, p := range patterns {
		// doublestar reads "**" as TypeScript does: any number of
		// directories, none included.
		if ok, _ := doublestar.Match(p, rel); ok {
			return true
		}
	}
	return false
}

// jsEditorUnresolved says why caller's link to target is one the
// editor's TypeScript server does not make, when it is not ("" then):
//
//   - caller's file is in no tsconfig project and reaches target's file
//     only through an alias (tsconfig_project.go's header); Via
//     fact.ViaOutsideProject and the config;
//   - an import of caller's file that the config's "paths" map to no
//     file (jsconfig {"baseUrl": "src", "paths": {"*": ["src/*"]}} sends
//     every specifier to src/src/...) matches target's file by its last
//     segments, as a bundler resolving baseUrl alone finds it; TypeScript
//     tries no other place once a pattern matched. Via
//     fact.ViaUnmappedImport and the specifier.
//
// A relative import of target's file, or of a directory's index (a barrel
// that may pass it on), resolves for tsserver too, and keeps the link
// precise.
func (q *query) jsEditorUnresolved(ctx context.Context, callerPath, targetPath string) string {
	if callerPath == targetPath || family(languageOf(callerPath)) != "js" {
		return ""
	}
	aliases := q.r.tsAliases()
	if aliases == nil {
		return ""
	}
	f, err := q.file(ctx, callerPath)
	if err != nil || f == nil || len(f.Imports) == 0 {
		return ""
	}
	target := stripExt(targetPath)
	modules := q.r.jsModules(q.allFiles(ctx))
	aliased, unmapped, mapped := false, "", false
	for _, im := range f.Imports {
		if treesitter.IsRelativeModule(im.Module) {
			named := stripExt(path.Join(path.Dir(callerPath), im.Module))
			if path.Base(named) == "index" {
				named = path.Dir(named)
			}
			// A directory's index (a barrel) may pass on what is under it.
			barrel := len(modules.whole[named+"/index"]) > 0 && strings.HasPrefix(target, named+"/")
			if named == target || barrel {
				return "" // a relative import reaches it, in an inferred project too
			}
			continue
		}
		cands := aliases.candidates(callerPath, im.Module)
		if len(cands) == 0 {
			continue
		}
		if modules.namesFile(cands) {
			aliased = true
			for _, c := range cands {
				if c == target || c+"/index" == target {
					mapped = true // the config names target's file itself
				}
			}
		} else if unmapped == "" && aliases.byPaths(path.Dir(callerPath), im.Module) && jsModuleMatches(callerPath, im.Module, targetPath) {
			unmapped = im.Module
		}
	}
	if unmapped != "" && !mapped {
		return fact.ViaUnmappedImport + unmapped
	}
	if !aliased {
		return ""
	}
	if cfg := aliases.outsideProject(callerPath); cfg != "" {
		return fact.ViaOutsideProject + cfg
	}
	return ""
}

// languageOf is the language of a path by its extension ("" when none).
func languageOf(p string) treesitter.Language {
	l, _ := treesitter.LanguageForPath(p)
	return l
}

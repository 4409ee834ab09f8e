package resolve

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/tailscale/hujson"

	"github.com/callcascade/callcascade/treesitter"
)

// A TypeScript or JavaScript project names its own modules through the
// nearest tsconfig.json (or jsconfig.json): `import { getUser } from
// '~/api'` with "paths": {"~/*": ["./src/*"]} is src/api.ts, and with
// "baseUrl": "src", 'utils/date' is src/utils/date.ts. tsserver resolves
// them so; without them every call of an aliased import was a miss.
//
// tsAliases reads those files under the workspace root only (an "extends"
// that leaves the root, or names a package, is not followed), and keeps
// what it read for tsAliasTTL, so that an edit of a tsconfig is seen soon
// without a system call per import.
type tsAliases struct {
	root string

	mu    sync.Mutex
	byDir map[string]tsAliasEntry // workspace-relative directory → its nearest config
	// mapped keeps candidates' answers per directory and specifier: the
	// resolver asks for every candidate file of every import.
	mapped map[[2]string]tsMapped
	// projects keeps configs read for ownership, outside the answers of
	// outsideProject, by workspace-relative path (tsconfig_project.go).
	projects map[string]tsProjectEntry
	outside  map[string]tsOutsideEntry
}

type tsMapped struct {
	paths []string
	read  time.Time
}

type tsAliasEntry struct {
	cfg  *tsPaths // nil: no config at or above the directory
	read time.Time
}

const tsAliasTTL = 10 * time.Second

// tsPaths is what resolution needs of one config, its "extends" applied:
// baseUrl and the directory "paths" are relative to, both
// workspace-relative.
type tsPaths struct {
	baseURL  string // "" when the config sets none
	pathsDir string
	paths    map[string][]string
}

// candidates returns the workspace-relative paths, without extension,
// that the non-relative specifier may name, written in the file from; nil
// when no config maps it.
func (a *tsAliases) candidates(from, spec string) []string {
	if a == nil || a.root == "" || treesitter.IsRelativeModule(spec) {
		return nil
	}
	key := [2]string{path.Dir(from), spec}
	a.mu.Lock()
	if m, ok := a.mapped[key]; ok && time.Since(m.read) < tsAliasTTL {
		a.mu.Unlock()
		return m.paths
	}
	a.mu.Unlock()
	out := a.mapSpec(key[0], spec)
	a.mu.Lock()
	if a.mapped == nil {
		a.mapped = map[[2]string]tsMapped{}
	}
	a.mapped[key] = tsMapped{out, time.Now()}
	a.mu.Unlock()
	return out
}

// atRoot returns the paths the workspace root's config maps spec to, for a
// monorepo package imported by name from a package whose own config does
// not map it: tsserver finds such a package through the workspace's
// node_modules link, and the root config's "paths" name the same package
// (oksai's libs/sys-plugins/auth importing @oksai/core). nil when the root
// config maps nothing.
func (a *tsAliases) atRoot(spec string) []string {
	return a.candidates("", spec)
}

// mapSpec is candidates' answer, computed.
func (a *tsAliases) mapSpec(dir, spec string) []string {
	cfg := a.configFor(dir)
	if cfg == nil {
		return nil
	}
	var out []string
	best := -1 // TypeScript takes the pattern with the longest prefix
	for pattern, subs := range cfg.paths {
		prefix, suffix, wild := strings.Cut(pattern, "*")
		var captured string
		switch {
		case !wild && spec == pattern:
		case wild && len(spec) >= len(prefix)+len(suffix) && strings.HasPrefix(spec, prefix) && strings.HasSuffix(spec, suffix):
			captured = spec[len(prefix) : len(spec)-len(suffix)]
		default:
			continue
		}
		if len(prefix) < best {
			continue
		}
		if len(prefix) > best {
			best, out = len(prefix), nil
		}
		for _, sub := range subs {
			if p, ok := inRoot(path.Join(cfg.pathsDir, strings.Replace(sub, "*", captured, 1))); ok {
				out = append(out, stripExt(p))
			}
		}
	}
	if len(out) == 0 && cfg.baseURL != "" {
		if p, ok := inRoot(path.Join(cfg.baseURL, spec)); ok {
			out = append(out, stripExt(p))
		}
	}
	return out
}

// byPaths reports whether a pattern of the "paths" of the config that
// governs files in dir matches spec. TypeScript tries no other place
// once one matched (baseUrl alone is followed by node_modules).
func (a *tsAliases) byPaths(dir, spec string) bool {
	if a == nil || a.root == "" || treesitter.IsRelativeModule(spec) {
		return false
	}
	cfg := a.configFor(dir)
	if cfg == nil {
		return false
	}
	for pattern := range cfg.paths {
		prefix, suffix, wild := strings.Cut(pattern, "*")
		if !wild && spec == pattern || wild && len(spec) >= len(prefix)+len(suffix) && strings.HasPrefix(spec, prefix) && strings.HasSuffix(spec, suffix) {
			return true
		}
	}
	return false
}

// inRoot cleans a workspace-relative path; ok is false when it leaves the
// workspace.
func inRoot(p string) (string, bool) {
	p = path.Clean(p)
	return p, p != ".." && !strings.HasPrefix(p, "../")
}

// configFor returns the config that governs files in dir: the nearest
// tsconfig.json or jsconfig.json at or above it, within the root.
func (a *tsAliases) configFor(dir string) *tsPaths {
	a.mu.Lock()
	defer a.mu.Unlock()
	if e, ok := a.byDir[dir]; ok && time.Since(e.read) < tsAliasTTL {
		return e.cfg
	}
	if a.byDir == nil {
		a.byDir = map[string]tsAliasEntry{}
	}
	var cfg *tsPaths
	for _, name := range []string{"tsconfig.json", "jsconfig.json"} {
		if c, ok := a.load(path.Join(dir, name), 0); ok {
			cfg = c
			break
		}
	}
	if cfg == nil && dir != "." && dir != "" && dir != "/" {
		a.mu.Unlock()
		cfg = a.configFor(path.Dir(dir))
		a.mu.Lock()
	}
	a.byDir[dir] = tsAliasEntry{cfg: cfg, read: time.Now()}
	return cfg
}

// tsConfigFile is the part of a tsconfig.json resolution reads.
type tsConfigFile struct {
	Extends         json.RawMessage `json:"extends"`
	CompilerOptions struct {
		BaseURL *string             `json:"baseUrl"`
		Paths   map[string][]string `json:"paths"`
	} `json:"compilerOptions"`
}

// readConfig reads the workspace-relative config rel into v: false when
// rel does not exist, is over 1 MiB or is not a config.
func (a *tsAliases) readConfig(rel string, v any) bool {
	src, err := os.ReadFile(filepath.Join(a.root, filepath.FromSlash(rel)))
	if err != nil || len(src) > 1<<20 {
		return false
	}
	// tsconfig is JSON with comments and trailing commas: hujson (the
	// Tailscale authors' parser of that dialect) turns it into JSON.
	std, err := hujson.Standardize(src)
	if err != nil {
		return false
	}
	return json.Unmarshal(std, v) == nil
}

// extendedConfigs are the workspace-relative configs that the config in
// dir extends, in order (later ones win): only relative ones within the
// root; a package's config (@tsconfig/node20) holds nothing of this
// project.
func extendedConfigs(dir string, raw json.RawMessage) []string {
	var out []string
	for _, parent := range extendsList(raw) {
		if !strings.HasPrefix(parent, ".") {
			continue
		}
		if !strings.HasSuffix(parent, ".json") {
			parent += ".json"
		}
		if p, ok := inRoot(path.Join(dir, parent)); ok {
			out = append(out, p)
		}
	}
	return out
}

// load reads the workspace-relative config rel and what it extends; ok is
// false when rel does not exist or is not a config.
func (a *tsAliases) load(rel string, depth int) (*tsPaths, bool) {
	var file tsConfigFile
	if depth > 4 || !a.readConfig(rel, &file) {
		return nil, false
	}
	dir := path.Dir(rel)
	out := &tsPaths{}
	for _, parent := range extendedConfigs(dir, file.Extends) {
		if base, ok := a.load(parent, depth+1); ok {
			*out = *base // later entries of an extends list win
		}
	}
	if b := file.CompilerOptions.BaseURL; b != nil {
		if p, ok := inRoot(path.Join(dir, *b)); ok {
			out.baseURL = p
		}
	}
	if file.CompilerOptions.Paths != nil {
		out.paths = file.CompilerOptions.Paths
		out.pathsDir = dir // paths without baseUrl are relative to the config that sets them
	}
	if out.baseURL != "" && out.paths != nil {
		out.pathsDir = out.baseURL // baseUrl, wherever set, is what paths are relative to
	}
	return out, true
}

// extendsList reads "extends": a string or, since TypeScript 5.0, a list.
func extendsList(raw json.RawMessage) []string {
	var one string
	if json.Unmarshal(raw, &one) == nil && one != "" {
		return []string{one}
	}
	var many []string
	_ = json.Unmarshal(raw, &many)
	return many
}

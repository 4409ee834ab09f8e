package resolve

import (
	"context"
	"iter"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// A JavaScript or TypeScript function is often called under a name that is
// not its own: a module's default imported under any name (import Link from
// './nav-link'; <Link />), a barrel passing a default on under a name
// (export { default as NavLink } from './nav-link') or renaming an export
// (export { slugify as toSlug } from './slug'). tsserver follows each to
// the declaration; so does this file, both ways: a call of such a name is
// resolved through the imports, and the callers of a function are looked
// for under every name the workspace's imports give it.

// maxReexportDepth bounds how many barrels a name is followed through:
// applications nest them (pages/index.ts passes on overlays/index.ts,
// which passes on relationship/index.ts, which passes on ui/index.ts's
// default as X: five files), and tsserver follows any number.
const maxReexportDepth = 8

// jsFilesAtDepth is jsModuleFiles for a name followed through depth
// barrels already: none past maxReexportDepth.
func (q *query) jsFilesAtDepth(ctx context.Context, f *fact.File, module string, depth int) ([]*fact.File, error) {
	if depth > maxReexportDepth {
		return nil, nil
	}
	return q.jsModuleFiles(ctx, f, module)
}

// jsDefaultName is the top-level name f exports as its default (export
// default NavLink, export default function formatPrice), "" when it
// exports none by name.
func jsDefaultName(f *fact.File) string {
	for _, l := range f.Locals {
		if l.Name != "default" || l.SymbolID != "" {
			continue
		}
		if name, ok := strings.CutPrefix(l.Type, treesitter.ValueTypePrefix); ok && isDeclaredTypeName(name) && !strings.Contains(name, ".") {
			return name
		}
	}
	return ""
}

// jsModuleDefault is what module (written in f) exports as its default:
// the function or class it declares and names in export default, one it
// imports and exports as its default, or a barrel's default passed on
// (export { default } from './core'). nil when none is in the workspace.
func (q *query) jsModuleDefault(ctx context.Context, f *fact.File, module string, depth int) ([]fact.Symbol, error) {
	files, err := q.jsFilesAtDepth(ctx, f, module, depth)
	if err != nil {
		return nil, err
	}
	for _, mf := range files {
		if name := jsDefaultName(mf); name != "" {
			found, err := q.jsTopLevelNamed(ctx, mf, name, depth)
			if err != nil || len(found) > 0 {
				return found, err
			}
			continue
		}
		for _, inner := range mf.Imports {
			if !inner.Reexport || inner.Local != "default" {
				continue
			}
			var found []fact.Symbol
			if inner.Imported == "default" {
				found, err = q.jsModuleDefault(ctx, mf, inner.Module, depth+1)
			} else { // export { run as default } from './run'
				found, err = q.jsExportedBy(ctx, mf, inner.Module, inner.Imported, depth+1)
			}
			if err != nil || len(found) > 0 {
				return found, err
			}
		}
	}
	return nil, nil
}

// jsTopLevelNamed is the top-level function or class name binds in mf: one
// it declares, else one it imports (under that local name).
func (q *query) jsTopLevelNamed(ctx context.Context, mf *fact.File, name string, depth int) ([]fact.Symbol, error) {
	syms, err := q.named(ctx, name)
	if err != nil {
		return nil, err
	}
	var found []fact.Symbol
	for _, s := range syms {
		if s.Path == mf.Path && s.Container == "" && (isCallable(s) || isType(s)) {
			found = append(found, s)
		}
	}
	if len(found) > 0 {
		return found, nil
	}
	for _, imp := range mf.Imports {
		if imp.Local != name || imp.Reexport || imp.Imported == "*" {
			continue
		}
		if imp.Imported == "default" {
			return q.jsModuleDefault(ctx, mf, imp.Module, depth+1)
		}
		return q.jsExportedBy(ctx, mf, imp.Module, imp.Imported, depth+1)
	}
	return nil, nil
}

// jsExportedBy is the top-level function or class module (written in f)
// exports as name: declared there, or passed on from another module.
func (q *query) jsExportedBy(ctx context.Context, f *fact.File, module, name string, depth int) ([]fact.Symbol, error) {
	if name == "default" {
		return q.jsModuleDefault(ctx, f, module, depth)
	}
	syms, err := q.named(ctx, name)
	if err != nil {
		return nil, err
	}
	var found []fact.Symbol
	for _, s := range syms {
		if s.Container == "" && family(s.Language) == "js" && q.moduleHasFile(ctx, f, module, s.Path) {
			found = append(found, s)
		}
	}
	if len(found) > 0 {
		return found, nil
	}
	return q.reexportedFunction(ctx, f, module, name, depth)
}

// jsImportedUnderOwnName resolves a bare call of name in f, where no
// workspace symbol is called name, through the import that binds it: a
// default imported under another name, or a name a barrel gives a
// function of another (export { default as NavLink }, export { slugify
// as toSlug }).
func (q *query) jsImportedUnderOwnName(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) ([]fact.Symbol, error) {
	if l := q.localNamed(f, caller, name); l != nil && l.SymbolID != "" {
		return nil, nil // a local of the caller's shadows the import
	}
	for _, imp := range f.Imports {
		if imp.Local != name || imp.Reexport {
			continue
		}
		if imp.Imported == "*" {
			// const log = require('./logger'), the module assigning
			// module.exports = writeLog: log() calls writeLog
			return q.jsCommonJSExportedFunction(ctx, f, imp.Module)
		}
		return q.jsExportedBy(ctx, f, imp.Module, imp.Imported, 0)
	}
	return nil, nil
}

// jsCommonJSExportName is the name f assigns to module.exports
// (module.exports = writeLog), "" when it assigns none or another value.
func jsCommonJSExportName(f *fact.File) string {
	for _, l := range f.Locals {
		if l.Name != treesitter.CommonJSExportsLocal || l.SymbolID != "" {
			continue
		}
		if name, ok := strings.CutPrefix(l.Type, treesitter.ValueTypePrefix); ok && !strings.Contains(name, ".") {
			return name
		}
	}
	return ""
}

// jsCommonJSExportedFunction is the function (or class) a CommonJS module
// (written in f) assigns to module.exports by name; nil for any other
// module.
func (q *query) jsCommonJSExportedFunction(ctx context.Context, f *fact.File, module string) ([]fact.Symbol, error) {
	files, err := q.jsModuleFiles(ctx, f, module)
	if err != nil {
		return nil, err
	}
	for _, mf := range files {
		if name := jsCommonJSExportName(mf); name != "" {
			found, err := q.jsTopLevelNamed(ctx, mf, name, 1)
			if err != nil || len(found) > 0 {
				return found, err
			}
		}
	}
	return nil, nil
}

// jsBinding is an import or re-export that may give a module's export
// another name: a default import, or any re-export.
type jsBinding struct {
	path     string
	local    string // the name it binds or passes on ("*": all of a module's names)
	imported string // the module's name for it ("default", "*", a name)
	module   string
	reexport bool
}

// jsBindingKey keys the bindings of what the file at path exports as
// name ("*" for export * from it).
func jsBindingKey(path, name string) string { return path + "\x00" + name }

// jsBindings are the workspace's default imports and re-exports, by the
// file their module names and the name they take from it (jsBindingKey):
// resolved once a generation, so that a request only looks them up. Each
// file's are read once and kept until its hash changes, as
// eachFrameworkFile keeps what it derives.
func (q *query) jsBindings(ctx context.Context) (map[string][]jsBinding, error) {
	g := q.r.current()
	q.r.mu.Lock()
	if g.jsBindings != nil {
		byImported := g.jsBindings
		q.r.mu.Unlock()
		return byImported, nil
	}
	q.r.mu.Unlock()

	byImported := map[string][]jsBinding{}
	present := map[string]bool{}
	modules := q.r.jsModules(q.allFiles(ctx))
	for _, wf := range q.allFiles(ctx) {
		if family(wf.Language) != "js" {
			continue
		}
		present[wf.Path] = true
		bindings, ok, err := q.r.jsBindingFiles.of(ctx, q, wf, jsFileBindings)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		for _, b := range bindings {
			for _, mf := range modules.matching(b.path, b.module) {
				if mf.Path != b.path {
					key := jsBindingKey(mf.Path, b.imported)
					byImported[key] = append(byImported[key], b)
				}
			}
		}
	}
	q.r.mu.Lock()
	q.r.jsBindingFiles.keepOnly(present)
	g.jsBindings = byImported
	q.r.mu.Unlock()
	return byImported, nil
}

// jsFileBindings are a file's default imports and re-exports.
func jsFileBindings(f *fact.File) []jsBinding {
	var out []jsBinding
	for _, imp := range f.Imports {
		if imp.Reexport || imp.Imported == "default" && imp.Local != "" {
			out = append(out, jsBinding{path: f.Path, local: imp.Local, imported: imp.Imported, module: imp.Module, reexport: imp.Reexport})
		} else if imp.Imported == "*" && imp.Local != "" && imp.Local != "*" {
			// const log = require('./logger'): what the module assigns to
			// module.exports, under that name (import * as ns binds it too,
			// and matches only a module that assigns one)
			out = append(out, jsBinding{path: f.Path, local: imp.Local, imported: treesitter.CommonJSExportsLocal, module: imp.Module})
		}
	}
	// import { Chip } from './chip'; export { Chip as Label }: a re-export
	// of ./chip's Chip as Label, written in two statements
	for alias, name := range jsExportAliasesOf(f) {
		for _, imp := range f.Imports {
			if imp.Local == name && !imp.Reexport && imp.Imported != "*" {
				out = append(out, jsBinding{path: f.Path, local: alias, imported: imp.Imported, module: imp.Module, reexport: true})
				break
			}
		}
	}
	return out
}

// jsExportAliasesOf yields a module's export aliases, the name it exports
// and the binding it exports under it (export { Badge as Pill }: Pill,
// Badge), as the extractor records them (treesitter.ExportAliasLocalPrefix).
func jsExportAliasesOf(f *fact.File) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, l := range f.Locals {
			alias, ok := strings.CutPrefix(l.Name, treesitter.ExportAliasLocalPrefix)
			name, isValue := strings.CutPrefix(l.Type, treesitter.ValueTypePrefix)
			if ok && isValue && l.SymbolID == "" && !yield(alias, name) {
				return
			}
		}
	}
}

// jsOtherNames are the names, other than its own, under which the
// workspace's imports bind target (a top-level function or class, or a
// class's constructor) or pass it on: the names its callers may call it
// by. Resolution decides, site by site, which of those calls are target's.
func (q *query) jsOtherNames(ctx context.Context, target fact.Symbol) ([]string, error) {
	own := target.Name
	if target.Kind == treesitter.KindMethod && target.Name == "constructor" {
		own = target.Container
	} else if target.Container != "" {
		return nil, nil
	}
	byImported, err := q.jsBindings(ctx)
	if err != nil {
		return nil, err
	}
	type export struct{ path, name string }
	exports := []export{{target.Path, own}}
	if f, err := q.file(ctx, target.Path); err != nil {
		return nil, err
	} else if f != nil && jsDefaultName(f) == own {
		exports = append(exports, export{target.Path, "default"})
	} else if f != nil && jsCommonJSExportName(f) == own {
		exports = append(exports, export{target.Path, treesitter.CommonJSExportsLocal})
	}
	names := map[string]bool{}
	var out []string
	if f, err := q.file(ctx, target.Path); err != nil {
		return nil, err
	} else if f != nil {
		for alias, name := range jsExportAliasesOf(f) {
			// export { Badge as Pill }: importers call it Pill
			if name == own && alias != own && !names[alias] {
				names[alias] = true
				out = append(out, alias)
				exports = append(exports, export{target.Path, alias})
			}
		}
	}
	seen := map[export]bool{}
	for _, e := range exports {
		seen[e] = true
	}
	// exports grows as barrels pass target on: a worklist, bounded.
	for i := 0; i < len(exports) && i < 64; i++ {
		e := exports[i]
		cands := byImported[jsBindingKey(e.path, e.name)]
		if e.name != "default" && e.name != treesitter.CommonJSExportsLocal {
			// export * passes every name but the default
			cands = append(cands[:len(cands):len(cands)], byImported[jsBindingKey(e.path, "*")]...)
		}
		for _, b := range cands {
			if b.imported == "*" && b.local != "*" {
				continue // export * as ns: a namespace, called through ns
			}
			local := b.local
			if local == "*" {
				local = e.name
			}
			if local != own && local != "default" && !names[local] {
				names[local] = true
				out = append(out, local)
			}
			if b.reexport {
				if next := (export{b.path, local}); !seen[next] {
					seen[next] = true
					exports = append(exports, next)
				}
			} else if next := (export{b.path, "default"}); !seen[next] {
				// A barrel that imports it and exports that import as its
				// own default (import TextArea from './TextArea'; export
				// default TextArea): importers of the barrel's default
				// call it under their own names too.
				if f, err := q.file(ctx, b.path); err != nil {
					return nil, err
				} else if f != nil && jsDefaultName(f) == local {
					seen[next] = true
					exports = append(exports, next)
				}
			}
		}
	}
	for _, e := range exports {
		if e.name == "default" {
			// const Page = (await import('./page')).default, mod.default():
			// a module's default read through the module, by that name
			out = append(out, "default")
			break
		}
	}
	return out, nil
}

// jsCallsUnderOtherNames hands visit each call of one of target's other
// names (jsOtherNames), resolved.
func (q *query) jsCallsUnderOtherNames(ctx context.Context, target fact.Symbol, visit func(fact.Call, []fact.Symbol, fact.Resolution) error) error {
	others, err := q.jsOtherNames(ctx, target)
	if err != nil {
		return err
	}
	for _, other := range others {
		calls, err := q.callsNamed(ctx, other)
		if err != nil {
			return err
		}
		if err := q.eachResolved(ctx, calls, visit); err != nil {
			return err
		}
	}
	return nil
}

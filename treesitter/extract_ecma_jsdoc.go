package treesitter

import (
	"regexp"
	"strings"
)

// JSDoc types in JavaScript. tsserver reads a JavaScript file's JSDoc
// tags as its types (checkJs or not): `@param {Store} store`, `@type
// {import('@prisma/client').PrismaClient}`, `@returns {Store}`. Only the
// types callcascade's resolver can read are kept: a name or a dotted name
// (Store, ns.Store), an import type (import('m').Name), either one
// optional (?Store, Store=, Store|null, Store|undefined). Object, object,
// *, any and every generic, array, union or record type stay untyped, as
// an unwritten type does.

// JSBuiltinClasses are JavaScript's own classes whose instances a program
// builds with new or a literal: a value of one has their methods, not a
// workspace method of the same name (unless the workspace declares a class
// so named). A JSDoc type may name them without binding them.
var JSBuiltinClasses = map[string]bool{
	"RegExp": true, "Map": true, "Set": true, "WeakMap": true, "WeakSet": true, "WeakRef": true,
	"Date": true, "Error": true, "TypeError": true, "RangeError": true, "Promise": true, "URL": true,
	"URLSearchParams": true, "ArrayBuffer": true, "DataView": true, "Uint8Array": true,
	"Int32Array": true, "Float64Array": true, "TextEncoder": true, "TextDecoder": true,
	"AbortController": true, "FormData": true, "Headers": true, "Request": true, "Response": true,
	"Blob": true, "EventTarget": true,
}

// jsdocTag matches the start of a typed tag: "@param {", "@type {".
var jsdocTag = regexp.MustCompile(`@(param|arg|argument|type|returns?|typedef)\s*\{`)

// jsdocImportType is an import type, import('m').Name, as JSDoc writes it.
var jsdocImportType = regexp.MustCompile(`^import\(\s*['"]([^'"]+)['"]\s*\)\.([A-Za-z_$][\w$]*)$`)

// jsdocName is a name or a dotted name.
var jsdocName = regexp.MustCompile(`^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$`)

// jsdocUntyped are the written types tsserver reads as any (or that say
// nothing a call could be resolved by).
var jsdocUntyped = map[string]bool{"Object": true, "object": true, "any": true, "*": true, "?": true, "unknown": true}

// jsdocEntry is one typed tag of a JSDoc comment: its tag, the type
// written between the braces and the name after them (a parameter's or a
// typedef's; "" for @type and @returns).
type jsdocEntry struct {
	tag, typ, name string
}

// jsdocEntries reads the typed tags of a /** ... */ comment's text.
func jsdocEntries(comment string) []jsdocEntry {
	if !strings.HasPrefix(comment, "/**") {
		return nil
	}
	var out []jsdocEntry
	for _, loc := range jsdocTag.FindAllStringSubmatchIndex(comment, -1) {
		tag := comment[loc[2]:loc[3]]
		open := loc[1] - 1
		depth, end := 0, -1
		for i := open; i < len(comment); i++ {
			switch comment[i] {
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth == 0 {
				end = i
				break
			}
		}
		if end < 0 {
			continue
		}
		typ := strings.TrimSpace(comment[open+1 : end])
		rest := strings.TrimLeft(comment[end+1:], " \t")
		name := ""
		if tag != "type" && !strings.HasPrefix(tag, "return") {
			name = jsdocParamName(rest)
		}
		out = append(out, jsdocEntry{tag: tag, typ: typ, name: name})
	}
	return out
}

// jsdocParamName is the name a @param or @typedef tag names after its type:
// "store", "[backup]", "[limit=10]"; "" for a member of one ("opts.db").
func jsdocParamName(rest string) string {
	rest = strings.TrimPrefix(rest, "[")
	end := 0
	for end < len(rest) && (rest[end] == '_' || rest[end] == '$' || rest[end] == '.' ||
		'a' <= rest[end] && rest[end] <= 'z' || 'A' <= rest[end] && rest[end] <= 'Z' || '0' <= rest[end] && rest[end] <= '9') {
		end++
	}
	name := rest[:end]
	if strings.Contains(name, ".") {
		return ""
	}
	return name
}

// jsdocType reduces a JSDoc type to a type the resolver reads, and the
// module of an import type: ("Store", "") for Store or ?Store, ("Store",
// "./store") for import('./store').Store, ("", "") for anything else.
func jsdocType(typ string) (name, module string) {
	typ = strings.TrimSpace(typ)
	typ = strings.TrimPrefix(strings.TrimPrefix(typ, "?"), "!")
	typ = strings.TrimSuffix(typ, "=")
	if parts := strings.Split(typ, "|"); len(parts) > 1 {
		kept := ""
		for _, p := range parts {
			switch p = strings.TrimSpace(p); p {
			case "null", "undefined":
			default:
				if kept != "" {
					return "", "" // a union of two types
				}
				kept = p
			}
		}
		typ = kept
	}
	if m := jsdocImportType.FindStringSubmatch(typ); m != nil {
		return m[2], m[1]
	}
	if jsdocName.MatchString(typ) && !jsdocUntyped[typ] {
		return typ, ""
	}
	return "", ""
}

// jsdocComment is the /** */ comment right before decl, the statement
// that declares it (const f = ..., export function f) or "" if none.
func jsdocComment(e *extractor, decl *node) string {
	n := decl
	if is(n, "variable_declarator") {
		n = parent(n)
	}
	if is(parent(n), "export_statement") {
		n = parent(n)
	}
	prev := n.PrevSibling()
	if !is(prev, "comment") {
		return ""
	}
	if text := e.text(prev); strings.HasPrefix(text, "/**") {
		return text
	}
	return ""
}

// jsdocKnown keeps a JSDoc type name that tsserver would find: a name the
// file binds at its top level (a class or function it declares, a name it
// imports or requires, a JSDoc import type's alias), the first part of a
// dotted name so bound, or one of JavaScript's own classes. A name of a
// class another module declares, written without binding it, is an error
// to tsserver (any), and stays untyped here, where the resolver would find
// the class by its name alone.
func jsdocKnown(e *extractor, at *node, typ string) string {
	if typ == "" {
		return ""
	}
	first, _, _ := strings.Cut(typ, ".")
	if JSBuiltinClasses[first] || ecmaTopLevelNames(e, at)[first] {
		return typ
	}
	return ""
}

// ecmaTopLevelNames are the names the file binds at its top level: a class
// or function it declares, a name it declares, imports or requires, a
// JSDoc import type's alias. Read once per file.
func ecmaTopLevelNames(e *extractor, at *node) map[string]bool {
	if e.fileNames == nil {
		e.fileNames = map[string]bool{}
		root := at
		for parent(root) != nil {
			root = parent(root)
		}
		for c := range eachNamed(root) {
			if is(c, "export_statement") {
				if d := field(c, "declaration"); d != nil {
					c = d
				}
			}
			switch c.Type() {
			case "class_declaration", "function_declaration", "generator_function_declaration":
				e.fileNames[e.text(field(c, "name"))] = true
			case "lexical_declaration", "variable_declaration":
				for d := range eachNamed(c) {
					if is(d, "variable_declarator") {
						ecmaBindings(e, field(d, "name"), e.fileNames)
					}
				}
			case "import_statement":
				for cl := range eachNamed(c) {
					if is(cl, "import_clause") {
						for b := range eachNamed(cl) {
							switch b.Type() {
							case "identifier":
								e.fileNames[e.text(b)] = true
							case "namespace_import":
								e.fileNames[e.text(firstNamed(b))] = true
							case "named_imports":
								for spec := range eachNamed(b) {
									if local := field(spec, "alias"); local != nil {
										e.fileNames[e.text(local)] = true
									} else if name := field(spec, "name"); name != nil {
										e.fileNames[e.text(name)] = true
									}
								}
							}
						}
					}
				}
			case "comment":
				for _, t := range jsdocEntries(e.text(c)) {
					if _, module := jsdocType(t.typ); module != "" && t.tag == "typedef" {
						e.fileNames[t.name] = true
					}
				}
			}
		}
	}
	return e.fileNames
}

// jsdocParamType is the type a JavaScript function's JSDoc tags (doc, read
// before decl) give its parameter name, or "".
func jsdocParamType(e *extractor, decl *node, doc []jsdocEntry, name string) string {
	for _, t := range doc {
		if (t.tag == "param" || t.tag == "arg" || t.tag == "argument") && t.name == name {
			typ, module := jsdocType(t.typ)
			if module != "" {
				return typ // bound by the import the comment records
			}
			return jsdocKnown(e, decl, typ)
		}
	}
	return ""
}

// jsdocTagType is the type of the first tag among tags in the JSDoc tags
// doc read before decl (@type of a variable, @returns of a function), or "".
func jsdocTagType(e *extractor, decl *node, doc []jsdocEntry, tags ...string) string {
	for _, t := range doc {
		for _, want := range tags {
			if t.tag == want {
				typ, module := jsdocType(t.typ)
				if module != "" {
					return typ
				}
				return jsdocKnown(e, decl, typ)
			}
		}
	}
	return ""
}

// jsdocImports records the import types a JSDoc comment names as imports
// of the file, as the imports hook records a TypeScript import type
// (svc: import('./m').Svc): the name is bound from that module. A
// @typedef {import('m').Name} Alias binds Alias.
func jsdocImports(e *extractor, comment *node) {
	for _, t := range jsdocEntries(e.text(comment)) {
		name, module := jsdocType(t.typ)
		if module == "" {
			continue
		}
		local := name
		if t.tag == "typedef" && t.name != "" {
			local = t.name
		}
		e.addImport(local, name, module, comment)
	}
}

package resolve

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/callcascade/callcascade/cascade/graph/resolve/internal/gostd"
)

// Module dependencies' method sets, read as gopls type-checks them. gopls
// loads the packages a workspace package imports from the module cache (or
// vendor/), so a value of a dependency's interface (corev3.Resource, from
// github.com/sensu/core/v3) has a method set there, and in the target's
// package gopls relates a call through it to a project interface or
// literal that the declaring type covers (or that covers it), as it does
// for the standard library (goStdDispatch). gostd is a table of the
// standard library; for dependencies the source is read here, on first
// need: the module's directory comes from the requiring module's go.mod
// (require and replace) and $GOMODCACHE, the type's methods from its
// package's files, parsed (not type-checked), with types written as
// goCanonicalType writes them ("" where one cannot be named, which
// compares equal to anything).

// goDeps keeps the dependency packages read, by directory; shared by the
// requests of a resolver (the module cache does not change under a
// version).
type goDeps struct {
	// root is the workspace root: a dependency outside it (the module
	// cache, a replacement elsewhere) is read only where the user allowed
	// it (GoModuleCacheEnv). Set by the first request.
	root string
	mu   sync.Mutex
	pkgs map[string]*goDepPkg // nil: no package there
	dirs map[string]string    // packageDir's answers, by module directory and import path
	mods map[string]*goModFile
	// aliases: what each outside type key names, "" for no alias
	// (alias).
	aliases map[string]string
	decls   map[string]*goDepDecls // packageDecls's scans, by directory
}

// goModFile is what a go.mod says of other modules: required versions and
// replacements (a directory, or another module@version).
type goModFile struct {
	dir      string
	requires map[string]string
	replaces map[string]string // module -> absolute directory, or "module@version"
}

// goDepPkg is one dependency package: its import path, its named types,
// and the imports of each file (to name the types its declarations write).
type goDepPkg struct {
	path  string
	dir   string
	types map[string]*goDepType
	// funcs are the package's generic functions: what each returns, in
	// terms of its type parameters (resolve_go_deps_generic.go).
	funcs map[string]*goDepGeneric
}

// goDepType is a named type of a dependency package.
type goDepType struct {
	iface bool
	// alias: for type A = B, B's key ("" when B is no named type), and
	// isAlias set.
	alias   string
	isAlias bool
	// methods: declared on the type (an interface's method specs); embeds:
	// the embedded types' keys (import path and name), "" for one that
	// cannot be named.
	methods map[string]goSignature
	embeds  []string
	// generic is, for a generic type, what its methods return and its
	// fields hold in terms of its type parameters (nil for any other).
	generic *goDepGeneric
}

// goModCache is $GOMODCACHE, else $GOPATH/pkg/mod, else ~/go/pkg/mod.
func goModCache() string {
	if d := os.Getenv("GOMODCACHE"); d != "" {
		return d
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		gopath = build.Default.GOPATH
	}
	if gopath == "" {
		return ""
	}
	return filepath.Join(filepath.SplitList(gopath)[0], "pkg", "mod")
}

// goEscapeModule writes a module path or version as the module cache
// names its directories: an upper-case letter as "!" and the letter.
func goEscapeModule(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('!')
			b.WriteRune(r + ('a' - 'A'))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// setRoot records the workspace root, once.
func (d *goDeps) setRoot(root string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.root == "" {
		d.root = root
	}
}

// modFile reads the go.mod in dir (absolute), nil when it cannot be read.
func (d *goDeps) modFile(dir string) *goModFile {
	d.mu.Lock()
	defer d.mu.Unlock()
	if m, ok := d.mods[dir]; ok {
		return m
	}
	if d.mods == nil {
		d.mods = map[string]*goModFile{}
	}
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		d.mods[dir] = nil
		return nil
	}
	m := &goModFile{dir: dir, requires: map[string]string{}, replaces: map[string]string{}}
	block := ""
	for _, line := range strings.Split(string(data), "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		switch {
		case block != "" && fields[0] == ")":
			block = ""
			continue
		case block == "" && len(fields) == 2 && fields[1] == "(":
			block = fields[0]
			continue
		case block == "":
			block1 := fields[0]
			fields = fields[1:]
			m.directive(block1, fields)
			continue
		}
		m.directive(block, fields)
	}
	d.mods[dir] = m
	return m
}

// directive records one require or replace line (its verb left out).
func (m *goModFile) directive(verb string, fields []string) {
	for i, f := range fields {
		if unq, err := strconv.Unquote(f); err == nil {
			fields[i] = unq
		}
	}
	switch verb {
	case "require":
		if len(fields) >= 2 {
			m.requires[fields[0]] = fields[1]
		}
	case "replace":
		// old [v] => new [v]
		arrow := -1
		for i, f := range fields {
			if f == "=>" {
				arrow = i
			}
		}
		if arrow < 1 || arrow+1 >= len(fields) {
			return
		}
		to := fields[arrow+1]
		if strings.HasPrefix(to, "./") || strings.HasPrefix(to, "../") || filepath.IsAbs(to) {
			if !filepath.IsAbs(to) {
				to = filepath.Join(m.dir, filepath.FromSlash(to))
			}
			m.replaces[fields[0]] = filepath.Clean(to)
		} else if arrow+2 < len(fields) {
			m.replaces[fields[0]] = to + "@" + fields[arrow+2]
		}
	}
}

// packageDir is the directory gopls loads the package importPath from for
// a package of the module whose go.mod is in modDir: vendor/ when the
// module vendors, else the required version's in the module cache (or its
// replacement). "" when it cannot be found.
func (d *goDeps) packageDir(modDir, importPath string) string {
	k := modDir + "\x00" + importPath
	d.mu.Lock()
	dir, ok := d.dirs[k]
	d.mu.Unlock()
	if ok {
		return dir
	}
	dir = d.findPackageDir(modDir, importPath)
	d.mu.Lock()
	if d.dirs == nil {
		d.dirs = map[string]string{}
	}
	d.dirs[k] = dir
	d.mu.Unlock()
	return dir
}

func (d *goDeps) findPackageDir(modDir, importPath string) string {
	m := d.modFile(modDir)
	if m == nil {
		return ""
	}
	if st, err := os.Stat(filepath.Join(modDir, "vendor", "modules.txt")); err == nil && !st.IsDir() {
		dir := filepath.Join(modDir, "vendor", filepath.FromSlash(importPath))
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return dir
		}
		return ""
	}
	best := ""
	for mod := range m.requires {
		if (importPath == mod || strings.HasPrefix(importPath, mod+"/")) && len(mod) > len(best) {
			best = mod
		}
	}
	if best == "" {
		return ""
	}
	rest := strings.TrimPrefix(strings.TrimPrefix(importPath, best), "/")
	root := ""
	if to, ok := m.replaces[best]; ok {
		if filepath.IsAbs(to) {
			root = to
		} else if mod, version, ok := strings.Cut(to, "@"); ok {
			root = filepath.Join(goModCache(), filepath.FromSlash(goEscapeModule(mod))+"@"+goEscapeModule(version))
		}
	} else if cache := goModCache(); cache != "" {
		root = filepath.Join(cache, filepath.FromSlash(goEscapeModule(best))+"@"+goEscapeModule(m.requires[best]))
	}
	if root == "" {
		return ""
	}
	dir := filepath.Join(root, filepath.FromSlash(rest))
	if !d.mayRead(dir) {
		return ""
	}
	return dir
}

// GoModuleCacheEnv names the environment variable that lets the resolver
// read Go dependencies outside the workspace (the module cache at the
// versions go.mod requires, a replacement elsewhere): set to 1, calls
// through a dependency's types resolve as gopls resolves them. Unset,
// nothing outside the workspace roots is read, and only vendor/ and
// replacements inside the workspace are.
const GoModuleCacheEnv = "CALLCASCADE_GO_MODULE_CACHE"

// mayRead reports whether dir may be read: inside the workspace root, or
// anywhere when the user allowed dependencies outside it.
func (d *goDeps) mayRead(dir string) bool {
	if os.Getenv(GoModuleCacheEnv) == "1" {
		return true
	}
	d.mu.Lock()
	root := d.root
	d.mu.Unlock()
	return root != "" && insideDir(root, dir)
}

// pkg reads the package in dir, whose import path is importPath; nil when
// there is none.
func (d *goDeps) pkg(dir, importPath string) *goDepPkg {
	d.mu.Lock()
	if p, ok := d.pkgs[dir]; ok {
		d.mu.Unlock()
		return p
	}
	d.mu.Unlock()
	p := readGoDepPkg(dir, importPath)
	d.mu.Lock()
	if d.pkgs == nil {
		d.pkgs = map[string]*goDepPkg{}
	}
	d.pkgs[dir] = p
	d.mu.Unlock()
	return p
}

// readGoDepPkg parses the non-test Go files of dir that the default build
// has, and keeps their named types and methods.
func readGoDepPkg(dir, importPath string) *goDepPkg {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	p := &goDepPkg{path: importPath, dir: dir, types: map[string]*goDepType{}}
	fset := token.NewFileSet()
	ctxt := build.Default
	typeOf := func(name string) *goDepType {
		t := p.types[name]
		if t == nil {
			t = &goDepType{methods: map[string]goSignature{}}
			p.types[name] = t
		}
		return t
	}
	found := false
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := ctxt.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil || f.Name == nil || f.Name.Name == "main" {
			continue
		}
		found = true
		w := goDepWriter{pkg: importPath, imports: goDepImports(f)}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.GenDecl:
				if decl.Tok != token.TYPE {
					continue
				}
				for _, spec := range decl.Specs {
					ts, ok := spec.(*ast.TypeSpec)
					if !ok {
						continue
					}
					t := typeOf(ts.Name.Name)
					if ts.Assign.IsValid() {
						t.alias, t.isAlias = w.key(ts.Type), true
						continue
					}
					switch typ := ts.Type.(type) {
					case *ast.InterfaceType:
						p.types[ts.Name.Name] = w.withTypeParams(fieldNames(ts.TypeParams)).interfaceType(typ)
						p.types[ts.Name.Name].generic = w.genericInterface(ts.TypeParams, typ)
					case *ast.StructType:
						for _, fd := range typ.Fields.List {
							if len(fd.Names) == 0 {
								t.embeds = append(t.embeds, w.key(fd.Type))
							}
						}
						if g := w.genericStruct(ts.TypeParams, typ); g != nil {
							t.generic = g.merge(t.generic)
						}
					}
				}
			case *ast.FuncDecl:
				if decl.Recv == nil || len(decl.Recv.List) == 0 {
					if tps := fieldNames(decl.Type.TypeParams); len(tps) > 0 && ast.IsExported(decl.Name.Name) {
						g := &goDepGeneric{}
						g.addResults(w, "", tps, decl.Type)
						if p.funcs == nil {
							p.funcs = map[string]*goDepGeneric{}
						}
						p.funcs[decl.Name.Name] = g
					}
					continue
				}
				if recv := goDepBaseName(decl.Recv.List[0].Type); recv != "" {
					mw := w.withTypeParams(receiverTypeParams(decl.Recv.List[0].Type))
					t := typeOf(recv)
					t.methods[decl.Name.Name] = mw.signature(decl.Type)
					if tps := receiverTypeParams(decl.Recv.List[0].Type); len(tps) > 0 {
						if t.generic == nil {
							t.generic = &goDepGeneric{}
						}
						t.generic.addResults(w, decl.Name.Name, tps, decl.Type)
					}
				}
			}
		}
	}
	if !found {
		return nil
	}
	return p
}

// goDepBaseName is the type name of a method's receiver (*T[K] → T).
func goDepBaseName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// goDepImports maps a file's import names to their paths; an import
// without a name is named as its path's package most likely is (the last
// element, a major version's the one before, a go- prefix or .go suffix
// left out), and by its last element too.
func goDepImports(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		if imp.Name != nil {
			m[imp.Name.Name] = p
			continue
		}
		elems := strings.Split(p, "/")
		last := elems[len(elems)-1]
		m[last] = p
		if len(elems) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
			m[elems[len(elems)-2]] = p
		}
		name := strings.TrimSuffix(strings.TrimPrefix(last, "go-"), ".go")
		if i := strings.IndexAny(name, ".-"); i > 0 {
			name = name[:i]
		}
		m[name] = p
	}
	return m
}

// goDepWriter writes a dependency file's types as goCanonicalType does.
type goDepWriter struct {
	pkg     string
	imports map[string]string
	tparams map[string]bool // type parameters in scope (withTypeParams)
}

func (w goDepWriter) signature(ft *ast.FuncType) goSignature {
	var sig goSignature
	if ft.Params != nil {
		for _, f := range ft.Params.List {
			t := w.canon(f.Type)
			for range max(1, len(f.Names)) {
				sig.params = append(sig.params, t)
			}
		}
	}
	if ft.Results != nil {
		for _, f := range ft.Results.List {
			t := w.canon(f.Type)
			for range max(1, len(f.Names)) {
				sig.results = append(sig.results, t)
			}
		}
	}
	sig.paramShapes, sig.resultShapes = w.shapes(ft)
	return sig
}

// key is the import path and name of a named type written as e, "" for
// any other type.
func (w goDepWriter) key(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return w.key(x.X)
	case *ast.ParenExpr:
		return w.key(x.X)
	case *ast.IndexExpr:
		return w.key(x.X)
	case *ast.IndexListExpr:
		return w.key(x.X)
	case *ast.Ident:
		if goBuiltinTypes[x.Name] || x.Name == "any" {
			return x.Name
		}
		return w.pkg + "." + x.Name
	case *ast.SelectorExpr:
		if q, ok := x.X.(*ast.Ident); ok {
			if p, ok := w.imports[q.Name]; ok {
				key := p + "." + x.Sel.Name
				if target, ok := gostd.Alias(key); ok {
					return target
				}
				return key
			}
		}
	}
	return ""
}

// canon is e written canonically ("" when it cannot be named).
func (w goDepWriter) canon(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return w.canon(x.X)
	case *ast.ParenExpr:
		return w.canon(x.X)
	case *ast.Ellipsis:
		return w.collection(x.Elt)
	case *ast.ArrayType:
		return w.collection(x.Elt)
	case *ast.MapType:
		return w.collection(x.Value)
	case *ast.ChanType:
		return w.collection(x.Value)
	case *ast.FuncType:
		var rs []string
		if x.Results != nil {
			for _, f := range x.Results.List {
				r := w.canon(f.Type)
				for range max(1, len(f.Names)) {
					rs = append(rs, r)
				}
			}
		}
		return "func:" + strings.Join(rs, ",")
	case *ast.InterfaceType:
		if x.Methods == nil || len(x.Methods.List) == 0 {
			return "any"
		}
		return ""
	case *ast.StructType:
		return ""
	}
	return w.key(e)
}

func (w goDepWriter) collection(elem ast.Expr) string {
	if e := w.canon(elem); e != "" {
		return "[]" + e
	}
	return ""
}

// lookup is the named type key ("github.com/sensu/core/v3.Resource") of a
// dependency of the module in modDir, with the package it is in; aliases
// are followed within dependencies.
func (d *goDeps) lookup(modDir, key string, ifacesOnly bool) (*goDepPkg, *goDepType, string) {
	for range 5 {
		dot := strings.LastIndexByte(key, '.')
		if dot <= 0 || !strings.Contains(key[:dot], ".") { // the standard library's: gostd
			return nil, nil, ""
		}
		importPath, name := key[:dot], key[dot+1:]
		dir := d.packageDir(modDir, importPath)
		if dir == "" {
			return nil, nil, ""
		}
		decls := d.packageDecls(dir, importPath)
		if t := decls.ifaces[name]; t != nil {
			return nil, t, key
		}
		if next, ok := decls.aliases[name]; ok {
			if next == "" || next == key || gostd.Lookup(next) != nil {
				return nil, nil, "" // an alias of a standard library type: methodSet reads gostd
			}
			key = next
			continue
		}
		if ifacesOnly {
			return nil, nil, ""
		}
		p := d.pkg(dir, importPath)
		if p == nil || p.types[name] == nil {
			return nil, nil, ""
		}
		t := p.types[name]
		if !t.isAlias {
			return p, t, key
		}
		if t.alias == "" || t.alias == key {
			return nil, nil, ""
		}
		key = t.alias
		if std := gostd.Lookup(key); std != nil {
			return nil, nil, "" // an alias of a standard library type: methodSet reads gostd
		}
	}
	return nil, nil, ""
}

// methodSet is the method set of the dependency type key (its pointer's,
// promoted methods included), and for each method the key of the type
// that declares it; ok is false when a part of it cannot be read (an
// embedded type not found).
func (d *goDeps) methodSet(modDir, key string, ifacesOnly bool, depth int) (set map[string]goSignature, owners map[string]string, iface, ok bool) {
	if depth > 5 {
		return nil, nil, false, false
	}
	if std := gostd.Lookup(key); std != nil || goKnownInterfaces[key] != nil {
		methods := goOutsideMethods(key)
		owners = map[string]string{}
		for name := range methods {
			owners[name] = key
			if std != nil && std.Methods[name].Owner != "" {
				owners[name] = std.Methods[name].Owner
			}
		}
		return methods, owners, std == nil || std.Interface, true
	}
	_, t, key := d.lookup(modDir, key, ifacesOnly)
	if t == nil {
		if target, ok := d.alias(modDir, key); ok && target != key {
			return d.methodSet(modDir, target, ifacesOnly, depth+1) // context.Context, through golang.org/x/net/context
		}
		return nil, nil, false, false
	}
	set, owners = map[string]goSignature{}, map[string]string{}
	for _, embedded := range t.embeds {
		if embedded == "" {
			return nil, nil, false, false
		}
		if goBuiltinTypes[embedded] && embedded != "error" || embedded == "any" {
			continue
		}
		if embedded == "error" {
			set["Error"], owners["Error"] = goSignature{results: []string{"string"}}, "error"
			continue
		}
		more, moreOwners, _, ok := d.methodSet(modDir, embedded, ifacesOnly && t.iface, depth+1)
		if !ok {
			if t.iface {
				return nil, nil, false, false // an interface's set must be whole
			}
			continue // a struct's embedded type we cannot read: its own methods still count
		}
		for name, sig := range more {
			set[name], owners[name] = sig, moreOwners[name]
		}
	}
	for name, sig := range t.methods {
		set[name], owners[name] = sig, key
	}
	return set, owners, t.iface, true
}

// receiverMethods is gostd.ReceiverMethods for a dependency type: the
// method set of the type that declares key's method name.
func (d *goDeps) receiverMethods(modDir, key, name string, ifacesOnly bool) (map[string]goSignature, bool, bool) {
	set, owners, iface, ok := d.methodSet(modDir, key, ifacesOnly, 0)
	if !ok {
		return nil, false, false
	}
	owner, found := owners[name]
	if !found {
		return nil, false, false
	}
	if owner == key {
		return set, iface, true
	}
	oset, _, oiface, ok := d.methodSet(modDir, owner, ifacesOnly, 0)
	if !ok {
		return nil, false, false
	}
	return oset, oiface, true
}

// goDepModDir is the directory of the go.mod that the Go file at
// (workspace-relative) belongs to, when key names a dependency's type (its
// import path starts with a domain) that may be read there.
func (q *goLang) goDepModDir(at, key string) (string, bool) {
	if q.r.Root == "" || !strings.Contains(strings.SplitN(key, "/", 2)[0], ".") {
		return "", false
	}
	modDir := q.goModDirOf(at)
	if modDir == "" {
		return "", false
	}
	q.r.goDeps.setRoot(q.r.Root)
	return modDir, true
}

// goDepReceiverMethods is receiverMethods for a call in the Go file at
// (workspace-relative): the dependency is the one the file's module
// requires.
func (q *goLang) goDepReceiverMethods(at, key, name string, ifacesOnly bool) (map[string]goSignature, bool, bool) {
	modDir, ok := q.goDepModDir(at, key)
	if !ok {
		return nil, false, false
	}
	return q.r.goDeps.receiverMethods(modDir, key, name, ifacesOnly)
}

// goDepMethods is the method set of the dependency type key (promoted
// methods included) for a Go file at (workspace-relative); ok is false
// when it cannot be read whole.
func (q *goLang) goDepMethods(at, key string) (map[string]goSignature, bool, bool) {
	modDir, ok := q.goDepModDir(at, key)
	if !ok {
		return nil, false, false
	}
	set, _, iface, ok := q.r.goDeps.methodSet(modDir, key, false, 0)
	return set, iface, ok
}

// goDepDeclFileRE finds the files that may declare a type alias ("type A
// = B" at the top level, or a type block) or an interface type.
var goDepDeclFileRE = regexp.MustCompile(`(?m)^type\s+\w+(?:\[[^\]]*\])?\s*=[^=]|^type\s*\(|^type\s+\w+(?:\[[^\]]*\])?\s+interface\b`)

// alias is the type a dependency's alias key names, followed through
// further aliases ("golang.org/x/net/context.Context" names
// "context.Context"); ok is false when key is no alias this can read. Only
// the files of key's package that declare such an alias are parsed:
// goCanonicalType asks this of every outside type a signature writes.
func (d *goDeps) alias(modDir, key string) (string, bool) {
	d.mu.Lock()
	if a, ok := d.aliases[key]; ok {
		d.mu.Unlock()
		return a, a != ""
	}
	d.mu.Unlock()
	target := ""
	cur := key
	for range 5 {
		if std, ok := gostd.Alias(cur); ok {
			cur = std
		}
		next := d.aliasStep(modDir, cur)
		if next == "" {
			break
		}
		cur, target = next, next
	}
	if std, ok := gostd.Alias(target); ok {
		target = std
	}
	d.mu.Lock()
	if d.aliases == nil {
		d.aliases = map[string]string{}
	}
	d.aliases[key] = target
	d.mu.Unlock()
	return target, target != ""
}

// aliasStep is what the dependency type key is declared an alias of, ""
// when it is none (or a standard library type).
func (d *goDeps) aliasStep(modDir, key string) string {
	dot := strings.LastIndexByte(key, '.')
	if dot <= 0 || !strings.Contains(strings.SplitN(key[:dot], "/", 2)[0], ".") {
		return ""
	}
	importPath, name := key[:dot], key[dot+1:]
	dir := d.packageDir(modDir, importPath)
	if dir == "" {
		return ""
	}
	return d.packageAliases(dir, importPath)[name]
}

// goDepDecls is what one scan of a dependency package keeps: its type
// aliases (what each names: a key, "" for no named type) and its interface
// types.
type goDepDecls struct {
	aliases map[string]string
	ifaces  map[string]*goDepType
}

// packageAliases is what each type alias of the package in dir names.
func (d *goDeps) packageAliases(dir, importPath string) map[string]string {
	return d.packageDecls(dir, importPath).aliases
}

// packageDecls scans the package in dir once: only the files that may
// declare an alias or an interface are parsed (goCanonicalType asks of
// every outside type a signature writes, and a call through an outside
// value in the target's package needs its interface's method set; a
// concrete type's methods, in any file, are read only where needed).
func (d *goDeps) packageDecls(dir, importPath string) *goDepDecls {
	d.mu.Lock()
	if a, ok := d.decls[dir]; ok {
		d.mu.Unlock()
		return a
	}
	d.mu.Unlock()
	decls := &goDepDecls{aliases: map[string]string{}, ifaces: map[string]*goDepType{}}
	if entries, err := os.ReadDir(dir); err == nil {
		ctxt := build.Default
		for _, e := range entries {
			file := e.Name()
			if e.IsDir() || !strings.HasSuffix(file, ".go") || strings.HasSuffix(file, "_test.go") {
				continue
			}
			src, err := os.ReadFile(filepath.Join(dir, file))
			if err != nil || !goDepDeclFileRE.Match(src) {
				continue
			}
			if ok, err := ctxt.MatchFile(dir, file); err != nil || !ok {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.SkipObjectResolution)
			if err != nil {
				continue
			}
			w := goDepWriter{pkg: importPath, imports: goDepImports(f)}
			for _, decl := range f.Decls {
				gd, ok := decl.(*ast.GenDecl)
				if !ok || gd.Tok != token.TYPE {
					continue
				}
				for _, spec := range gd.Specs {
					ts, ok := spec.(*ast.TypeSpec)
					if !ok {
						continue
					}
					if ts.Assign.IsValid() {
						decls.aliases[ts.Name.Name] = w.key(ts.Type)
						continue
					}
					if it, ok := ts.Type.(*ast.InterfaceType); ok {
						decls.ifaces[ts.Name.Name] = w.withTypeParams(fieldNames(ts.TypeParams)).interfaceType(it)
						decls.ifaces[ts.Name.Name].generic = w.genericInterface(ts.TypeParams, it)
					}
				}
			}
		}
	}
	d.mu.Lock()
	if d.decls == nil {
		d.decls = map[string]*goDepDecls{}
	}
	d.decls[dir] = decls
	d.mu.Unlock()
	return decls
}

// interfaceType is an interface type's methods and embedded types.
func (w goDepWriter) interfaceType(it *ast.InterfaceType) *goDepType {
	t := &goDepType{iface: true, methods: map[string]goSignature{}}
	for _, m := range it.Methods.List {
		if ft, ok := m.Type.(*ast.FuncType); ok {
			for _, n := range m.Names {
				t.methods[n.Name] = w.signature(ft)
			}
			continue
		}
		t.embeds = append(t.embeds, w.key(m.Type))
	}
	return t
}

// goDepAlias is what the outside type key written in the Go file at
// (workspace-relative) names when a dependency declares it an alias
// (golang.org/x/net/context.Context is context.Context): gopls compares
// the two as one type.
func (q *goLang) goDepAlias(at, key string) (string, bool) {
	if q.r.Root == "" || !strings.Contains(strings.SplitN(key, "/", 2)[0], ".") || !goStdMirror(key) {
		return "", false
	}
	modDir := q.goModDirOf(at)
	if modDir == "" {
		return "", false
	}
	q.r.goDeps.setRoot(q.r.Root)
	return q.r.goDeps.alias(modDir, key)
}

// goStdMirror reports whether the dependency type key may alias a standard
// library type: its package is named like a standard library package
// that has a type of that name (golang.org/x/net/context.Context,
// golang.org/x/exp/slog.Logger). Reading every dependency package a
// signature names for aliases made cold requests half again as slow
// (sensu-go), so aliases are looked for only there; one dependency's type
// aliasing another dependency's is not followed.
func goStdMirror(key string) bool {
	dot := strings.LastIndexByte(key, '.')
	if dot <= 0 {
		return false
	}
	pkg, name := key[:dot], key[dot+1:]
	elems := strings.Split(pkg, "/")
	for i := len(elems) - 1; i >= 1; i-- {
		if gostd.Lookup(strings.Join(elems[i:], "/")+"."+name) != nil {
			return true
		}
	}
	return false
}

// goModDirOf is the directory (absolute) of the go.mod nearest the Go file
// at (workspace-relative), "" for none.
func (q *goLang) goModDirOf(at string) string {
	v := &q.viewDirs
	if v.mod == nil {
		v.mod, v.work, v.views = map[string]string{}, map[string]string{}, map[string]map[string]bool{}
	}
	return v.nearest(v.mod, filepath.Dir(filepath.Join(q.r.Root, filepath.FromSlash(at))), "go.mod")
}

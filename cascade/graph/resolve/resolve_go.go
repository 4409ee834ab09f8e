package resolve

import (
	"context"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/graph/resolve/internal/gostd"
	"github.com/callcascade/callcascade/treesitter"
)

// goLang is the Go resolver of one request: structural interface
// satisfaction decided on method sets (as gopls decides it), calls through
// interfaces declared outside the workspace, package-level variables and
// func values. It reads through the request's core view, which it embeds,
// and keeps only Go's own per-request answers.
type goLang struct {
	*query
	methods map[string]map[string]goSignature // goMethodSet answers, by type ID
	sigs    map[string]goSignature            // goSignatureOf answers, by method ID
	goDirs  map[string][]fact.File            // Go files by directory, for goPackageLocal
	ports   map[string]*goPort                // goOutsideBuild's configurations, by file; nil: none
	built   map[string]bool                   // goOutsideBuild's answers, by file and configuration
	// viewDirs: goOutsideView's go.mod and go.work lookups.
	fileSyms map[string][]fact.Symbol // goFileSymbols' reads, by path
	viewDirs goViewDirs
	// aliasDepth guards goCanonicalType's walk through type aliases.
	aliasDepth int
	// sawAlias: goCanonicalType walked through a workspace type alias
	// since it was last cleared (goSignatureOf).
	sawAlias bool
	// openMethods: goOpenMethodSet's answers, by interface ID (nil: not open).
	openMethods map[string]map[string]goSignature
	// embedders: goEmbeddingInterfaces' answers, by target method ID.
	embedders map[string][]goEmbedder
	// reaches: goReaches' answers, by importing package and imported
	// directory (false while being walked).
	reaches map[goReach]bool
	// firstLocalType: goVisibleTypes' index of the first type of a name
	// declared in a function (-1: none), by name.
	firstLocalType map[string]int
}

// goPackageKey names a Go package: its directory and package name, and
// whether its test files of that name are in it (a package's test variant,
// as gopls searches it; an external test package, name_test, is a
// package of its own). The package a directory's import path names is its
// files that are no tests, whatever their name.
type goPackageKey struct {
	dir, name string
	tests     bool
}

type goReach struct {
	from goPackageKey
	to   string
}

// isInterfaceMethod reports whether a Go method symbol is declared in an
// interface: such methods have a receiver-less parameter list, and no body.
func isInterfaceMethod(m fact.Symbol) bool {
	// A method declaration's span starts at "func"; a method_elem's at its name.
	return m.Span.StartByte == m.Selection.StartByte
}

// goImplements checks Go's structural typing: t's method set (its own
// methods and those promoted from embedded types) has every method of
// iface's (its own and its embedded interfaces'), with the same numbers of
// parameters and results.
//
// An interface that embeds one from outside the workspace whose methods
// cannot be read (RouteContext embedding controller-runtime's
// client.Object, the module cache not read) is implemented, as far as can
// be told, by a type that has every method of the rest and embeds a type
// from outside the workspace, which may bring the others: gopls, which
// reads both, lists TCPRouteContext.GetRouteStatus among the callers of
// route.GetRouteStatus() there. Or by a type that has every method of the
// rest and an exported method of its own beyond them, which may be one of
// the others (an interface of another package is implemented outside it
// with exported methods only): go-admin's ActiveRecord embeds gorm's
// schema.Tabler beside its own methods, every model declares TableName()
// besides them, and gopls lists each model's GetId under object.GetId().
// A type with the rest and nothing more has none of the others' methods.
func (q *goLang) goImplements(ctx context.Context, t, iface fact.Symbol) bool {
	want := q.goMethodSet(ctx, iface)
	if want == nil {
		known, open := q.goOpenMethodSet(ctx, iface)
		if !open || len(known) == 0 || !q.goEmbedsOutside(ctx, t, 0) && !q.goMethodBeyond(ctx, t, known, 0) {
			return false
		}
		want = known
	}
	if len(want) == 0 {
		return false // the empty interface, or methods we could not see
	}
	// An unexported method is its declaring package's own, which is not
	// iface's when iface embeds it from another package (trace.Span embeds
	// embedded.Span's span(), and sdk's recordingSpan embeds embedded.Span).
	return q.goHasMethodsIn(ctx, t, want, func(name string) string {
		if _, in, ok := q.goMethod(ctx, iface, name, 0); ok && in != "" {
			return in
		}
		return path.Dir(iface.Path)
	})
}

// goMethodBeyond reports whether the Go type t (not an interface)
// declares, itself or through a workspace type it embeds, an exported
// method that known does not name.
func (q *goLang) goMethodBeyond(ctx context.Context, t fact.Symbol, known map[string]goSignature, depth int) bool {
	if depth > 5 || t.Kind == treesitter.KindInterface || t.Language != treesitter.Go {
		return false
	}
	tf, err := q.file(ctx, t.Path)
	if err != nil || tf == nil {
		return false
	}
	for _, other := range q.goFilesIn(ctx, path.Dir(t.Path)) {
		if other.Package != tf.Package {
			continue
		}
		syms, err := q.goFileSymbols(ctx, other.Path)
		if err != nil {
			return false
		}
		for _, s := range syms {
			if _, declared := known[s.Name]; !declared && s.Kind == treesitter.KindMethod &&
				s.Container == t.Name && !isInterfaceMethod(s) && goExported(s.Name) {
				return true
			}
		}
	}
	for _, base := range q.bases(ctx, t) {
		if q.goMethodBeyond(ctx, base, known, depth+1) {
			return true
		}
	}
	return false
}

// goOpenMethodSet is the part of an interface's method set that the
// workspace declares, when the rest comes from embedded interfaces outside
// it that cannot be read (open); open is false when the set is complete
// or cannot be read for another reason.
func (q *goLang) goOpenMethodSet(ctx context.Context, iface fact.Symbol) (known map[string]goSignature, open bool) {
	if q.openMethods == nil {
		q.openMethods = map[string]map[string]goSignature{}
	}
	if set, ok := q.openMethods[iface.ID]; ok {
		return set, set != nil
	}
	q.openMethods[iface.ID] = nil // embedding cycles end here
	f, err := q.file(ctx, iface.Path)
	if err != nil || f == nil {
		return nil, false
	}
	set := map[string]goSignature{}
	for _, embedded := range iface.Extends {
		if goOutsideMethods(goKnownInterface(f, embedded)) != nil {
			continue // goMethodSet reads it
		}
		base, err := q.resolveTypeName(ctx, f, embedded)
		if err != nil {
			return nil, false
		}
		if base == nil {
			if !q.goOutsideName(ctx, iface, embedded) {
				return nil, false
			}
			open = true
			continue
		}
		if base.Kind != treesitter.KindInterface {
			return nil, false
		}
		more := q.goMethodSet(ctx, *base)
		if more == nil {
			var baseOpen bool
			if more, baseOpen = q.goOpenMethodSet(ctx, *base); !baseOpen {
				return nil, false
			}
			open = true
		}
		for name, sig := range more {
			set[name] = sig
		}
	}
	if !open {
		return nil, false
	}
	// Its own methods and the readable embedded ones, as goMethodSet reads
	// them.
	if !q.goDeclaredMethods(ctx, iface, set) {
		return nil, false
	}
	for _, embedded := range iface.Extends {
		for name, sig := range goOutsideMethods(goKnownInterface(f, embedded)) {
			set[name] = sig
		}
	}
	q.openMethods[iface.ID] = set
	return set, true
}

// goDeclaredMethods adds to set the methods iface declares itself, with
// their signatures; false when its file's symbols cannot be read.
func (q *goLang) goDeclaredMethods(ctx context.Context, iface fact.Symbol, set map[string]goSignature) bool {
	syms, err := q.store.SymbolsInFile(ctx, iface.Path)
	if err != nil {
		return false
	}
	for _, s := range syms {
		if s.Container == iface.Name && s.Kind == treesitter.KindMethod && s.Span.StartByte >= iface.Span.StartByte && s.Span.EndByte <= iface.Span.EndByte {
			set[s.Name] = q.goSignatureOf(ctx, s)
		}
	}
	return true
}

// goHasMethods reports whether t's method set covers want.
func (q *goLang) goHasMethods(ctx context.Context, t fact.Symbol, want map[string]goSignature, pkg string) bool {
	return q.goHasMethodsIn(ctx, t, want, func(string) string { return pkg })
}

// goHasMethodsIn is goHasMethods where each unexported method's package is
// declaredIn(name).
func (q *goLang) goHasMethodsIn(ctx context.Context, t fact.Symbol, want map[string]goSignature, declaredIn func(string) string) bool {
	for name, sig := range want {
		got, in, ok := q.goMethod(ctx, t, name, 0)
		if !ok || !got.matches(sig) {
			return false
		}
		if !goExported(name) && in != declaredIn(name) {
			// An unexported method name is its package's own: a mock in
			// package mocks declaring mustEmbedUnimplementedMerchantServiceServer
			// has another method than pb's interface asks for, and is no
			// pb.MerchantServiceServer (gopls relates neither its calls nor
			// its method values to the interface's).
			return false
		}
	}
	return true
}

// goMethod finds the signature of t's method name: declared on t, promoted
// from a workspace type t embeds, or promoted from a well-known interface
// from outside the workspace that t embeds (struct{ http.ResponseWriter }).
// in is the directory of the package that declares it, "" outside the
// workspace.
func (q *goLang) goMethod(ctx context.Context, t fact.Symbol, name string, depth int) (sig goSignature, in string, ok bool) {
	cands, err := q.named(ctx, name)
	if err != nil {
		return goSignature{}, "", false
	}
	tf, err := q.file(ctx, t.Path)
	if err != nil || tf == nil {
		return goSignature{}, "", false
	}
	if goHasField(tf, t, name) {
		// A type declares no method of a field's name, and the field hides
		// the methods of that name its embedded types would promote: gk's
		// Server embeds IRouter and an interface named Match, so *Server has
		// no method Match and is no IRouter.
		return goSignature{}, "", false
	}
	if found, err := q.methodOf(ctx, t, name, cands, 0); err == nil && len(found) > 0 {
		return q.goSignatureOf(ctx, found[0]), path.Dir(found[0].Path), true
	}
	if depth > 5 {
		return goSignature{}, "", false
	}
	for _, embedded := range t.Extends {
		if sig, ok := goOutsideMethods(goKnownInterface(tf, embedded))[name]; ok {
			return sig, "", true
		}
		// struct{ gin.ResponseWriter }: a dependency's type, read where
		// dependencies may be read (resolve_go_deps.go)
		if key := goKnownOutside(tf, strings.TrimPrefix(embedded, "*")); key != "" && gostd.Lookup(key) == nil {
			if set, _, ok := q.goDepMethods(tf.Path, key); ok {
				if sig, ok := set[name]; ok {
					return sig, "", true
				}
			}
		}
	}
	for _, base := range q.bases(ctx, t) {
		if sig, in, ok := q.goMethod(ctx, base, name, depth+1); ok {
			return sig, in, true
		}
	}
	return goSignature{}, "", false
}

// goHasField reports whether the struct t, declared in tf, has a field
// named name: declared, or embedded (an embedded *pkg.Config is the field
// Config).
func goHasField(tf *fact.File, t fact.Symbol, name string) bool {
	if t.Kind == treesitter.KindInterface {
		return false
	}
	for _, embedded := range t.Extends {
		if goEmbeddedFieldName(embedded) == name {
			return true
		}
	}
	for _, fl := range tf.Fields {
		if fl.Container == t.Name && fl.Name == name {
			return true
		}
	}
	return false
}

// goHidesMethodOf reports whether the struct t has a field named after one
// of iface's methods: t then has no such method, whatever it embeds, and
// does not implement iface.
func (q *goLang) goHidesMethodOf(ctx context.Context, t, iface fact.Symbol) bool {
	if t.Kind == treesitter.KindInterface {
		return false
	}
	tf, err := q.file(ctx, t.Path)
	if err != nil || tf == nil {
		return false
	}
	for name := range q.goKnownMethodSet(ctx, iface) {
		if goHasField(tf, t, name) {
			return true
		}
	}
	return false
}

// goShadowsMethodOf reports whether the type t has a method of one of
// iface's names with another signature, declared itself or promoted from
// shallower than iface: that method is t's, and hides the one an embedded
// iface would promote, so t is no iface whatever it embeds (a tracer's
// spanAdapter embeds internal.Span and declares SetStatus(StatusCode,
// string); its s.Span.SetStatus(int(code), ...) calls internal.Span's, and
// gopls does not list it among spanAdapter.SetStatus's callers).
func (q *goLang) goShadowsMethodOf(ctx context.Context, t, iface fact.Symbol) bool {
	if t.Kind == treesitter.KindInterface {
		return false
	}
	for name, sig := range q.goKnownMethodSet(ctx, iface) {
		if got, _, ok := q.goMethod(ctx, t, name, 0); ok && !got.matches(sig) {
			return true
		}
	}
	return false
}

// goKnownMethodSet is iface's method set, or, where an embedded interface
// from outside cannot be read, the part the workspace declares.
func (q *goLang) goKnownMethodSet(ctx context.Context, iface fact.Symbol) map[string]goSignature {
	if set := q.goMethodSet(ctx, iface); set != nil {
		return set
	}
	set, _ := q.goOpenMethodSet(ctx, iface)
	return set
}

// goEmbeddedFieldName is the name of the field an embedded type gives:
// the type's name without pointer, package or type arguments.
func goEmbeddedFieldName(embedded string) string {
	name := strings.TrimLeft(strings.TrimSpace(embedded), "*")
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return name[strings.LastIndexByte(name, '.')+1:]
}

// goMethodSet lists an interface's methods, its embedded interfaces'
// included. It is nil when an embedded interface cannot be seen (one from
// outside the workspace that goKnownInterfaces does not list): the set
// would be incomplete.
func (q *goLang) goMethodSet(ctx context.Context, iface fact.Symbol) map[string]goSignature {
	if q.methods == nil {
		q.methods = map[string]map[string]goSignature{}
	}
	if set, ok := q.methods[iface.ID]; ok {
		return set
	}
	q.methods[iface.ID] = nil // embedding cycles in broken code end here
	set := map[string]goSignature{}
	if !q.goDeclaredMethods(ctx, iface, set) {
		return nil
	}
	f, err := q.file(ctx, iface.Path) // embedded names are written with its imports
	if err != nil || f == nil {
		return nil
	}
	for _, embedded := range iface.Extends {
		if known := goOutsideMethods(goKnownInterface(f, embedded)); known != nil {
			for name, sig := range known {
				set[name] = sig
			}
			continue
		}
		base, err := q.resolveTypeName(ctx, f, embedded)
		if err != nil || base == nil || base.Kind != treesitter.KindInterface {
			return nil
		}
		more := q.goMethodSet(ctx, *base)
		if more == nil {
			return nil
		}
		for name, sig := range more {
			set[name] = sig
		}
	}
	q.methods[iface.ID] = set
	return set
}

// goAssertedType is the type name a type assertion names: x.(*hcl.Block)
// asserts hcl.Block.
func goAssertedType(t string) string {
	t = strings.TrimLeft(strings.TrimSpace(t), "*")
	if i := strings.IndexByte(t, '['); i >= 0 { // generic instantiation
		t = t[:i]
	}
	return t
}

// declaredInFunction reports whether a symbol is declared inside a function
// (its qualified name has an enclosing symbol: "path#Func.localType").
func declaredInFunction(s fact.Symbol) bool {
	qualified := strings.TrimPrefix(s.ID, s.Path+"#")
	return strings.Contains(qualified, ".")
}

// implementsInterfaceMethod reports whether the Go method m implements the
// interface method iface: it has its name and m's type implements iface's
// interface. gopls lists calls of m among the callers of iface.
// Interfaces declared in a function are left out: gopls lists calls through
// them among the implementations' callers, but not the other way round.
func (q *goLang) implementsInterfaceMethod(ctx context.Context, m, iface fact.Symbol) (bool, error) {
	if iface.Language != treesitter.Go || !isInterfaceMethod(iface) {
		return false, nil
	}
	cls, err := q.classOf(ctx, &iface)
	if err != nil || cls == nil || declaredInFunction(*cls) {
		return false, err
	}
	return q.dispatches(ctx, iface, m)
}

// goLiteralRelated reports whether a call c, resolved to the workspace
// method m, is among the callers of target, a method of an interface
// literal (func scan(s interface{ Scan(...any) error })). gopls relates
// them in target's package only (the literal is in no method-set index):
// m's type has every method of the literal, or, m being an interface's,
// either interface has every method of the other.
func (q *goLang) goLiteralRelated(ctx context.Context, c fact.Call, m, target fact.Symbol) (bool, error) {
	if target.Language != treesitter.Go || target.Kind != treesitter.KindMethod ||
		!isInterfaceMethod(target) || m.Name != target.Name || m.Container == "" || m.Language != treesitter.Go {
		return false, nil
	}
	var own map[string]goSignature
	if target.Container != "" {
		// A struct field's literal (resolve_go_fieldlit.go): reachable
		// from a package-level type, related in every package.
		_, _, set, err := q.goFieldLiteral(ctx, target)
		if err != nil || set == nil {
			return false, err
		}
		own = set
		// Another struct field's literal of the same methods is the same
		// type to Go (type identity), and so to gopls.
		if _, _, other, err := q.goFieldLiteral(ctx, m); err != nil || other != nil {
			return other != nil && goCovers(other, own) && goCovers(own, other), err
		}
	} else {
		if path.Dir(c.Path) != path.Dir(target.Path) {
			// Another package: only a literal gopls can name from the
			// package's scope (objectpath) is searched there, and only
			// against named types (its method-set index holds no literal).
			global, err := q.goLiteralInExportedSignature(ctx, target)
			if err != nil || !global {
				return false, err
			}
			if _, _, other, err := q.goFieldLiteral(ctx, m); err != nil || other != nil {
				return false, err
			}
		}
		var err error
		if own, err = q.goInterfaceOf(ctx, target); err != nil || own == nil {
			return false, err
		}
	}
	cls, err := q.classOf(ctx, &m)
	if err != nil || cls == nil {
		return false, err
	}
	if cls.Kind == treesitter.KindInterface {
		have := q.goMethodSet(ctx, *cls)
		return have != nil && (goCovers(have, own) || goCovers(own, have)), nil
	}
	return q.goHasMethods(ctx, *cls, own, path.Dir(target.Path)), nil
}

// goLiteralInExportedSignature reports whether target, an exported method
// of an interface literal, is in the signature of an exported function or
// of any named type's method (func Fenced(r interface{ ReadFile(string)
// ([]byte, error) }) Editor): gopls then relates it to the named types of
// every package, as for a named interface. A literal in a function's body,
// or in an unexported function's signature, it relates in its own package
// only (golang.org/x/tools objectpath names neither).
func (q *goLang) goLiteralInExportedSignature(ctx context.Context, target fact.Symbol) (bool, error) {
	if !goExported(target.Name) {
		return false, nil
	}
	fn, err := q.goEnclosingFunction(ctx, target)
	if err != nil || fn == nil || fn.Container == "" && !goExported(fn.Name) {
		return false, err
	}
	declares := func(typ string) bool {
		return strings.Contains(typ, "interface{") && strings.Contains(typ, target.Name+"(")
	}
	if declares(fn.Returns) {
		return true, nil
	}
	return slices.ContainsFunc(fn.Params, func(p treesitter.Param) bool { return declares(p.Type) }), nil
}

// goKnownInterfaces are the method sets of the standard library interfaces
// that Go code most often embeds, implements and calls through, keyed by
// import path and name: chi's Router embeds http.Handler, a middleware's
// writer embeds http.ResponseWriter. Without them such a type's method set
// is unknown, and no call dispatches through it.
var goKnownInterfaces = map[string]map[string]goSignature{
	"error":                     {"Error": goSig("", "string")},
	"fmt.Stringer":              {"String": goSig("", "string")},
	"fmt.GoStringer":            {"GoString": goSig("", "string")},
	"io.Reader":                 {"Read": goSig("[]byte", "int,error")},
	"io.Writer":                 {"Write": goSig("[]byte", "int,error")},
	"io.Closer":                 {"Close": goSig("", "error")},
	"io.Seeker":                 {"Seek": goSig("int64,int", "int64,error")},
	"io.ReadWriter":             {"Read": goSig("[]byte", "int,error"), "Write": goSig("[]byte", "int,error")},
	"io.ReadCloser":             {"Read": goSig("[]byte", "int,error"), "Close": goSig("", "error")},
	"io.WriteCloser":            {"Write": goSig("[]byte", "int,error"), "Close": goSig("", "error")},
	"io.ReadWriteCloser":        {"Read": goSig("[]byte", "int,error"), "Write": goSig("[]byte", "int,error"), "Close": goSig("", "error")},
	"io.ReaderAt":               {"ReadAt": goSig("[]byte,int64", "int,error")},
	"io.WriterTo":               {"WriteTo": goSig("io.Writer", "int64,error")},
	"io.ReaderFrom":             {"ReadFrom": goSig("io.Reader", "int64,error")},
	"io.StringWriter":           {"WriteString": goSig("string", "int,error")},
	"io.ByteReader":             {"ReadByte": goSig("", "byte,error")},
	"io.ByteWriter":             {"WriteByte": goSig("byte", "error")},
	"io.RuneReader":             {"ReadRune": goSig("", "rune,int,error")},
	"sort.Interface":            {"Len": goSig("", "int"), "Less": goSig("int,int", "bool"), "Swap": goSig("int,int", "")},
	"flag.Value":                {"String": goSig("", "string"), "Set": goSig("string", "error")},
	"encoding.TextMarshaler":    {"MarshalText": goSig("", "[]byte,error")},
	"encoding.TextUnmarshaler":  {"UnmarshalText": goSig("[]byte", "error")},
	"encoding/json.Marshaler":   {"MarshalJSON": goSig("", "[]byte,error")},
	"encoding/json.Unmarshaler": {"UnmarshalJSON": goSig("[]byte", "error")},
	"context.Context":           {"Deadline": goSig("", "time.Time,bool"), "Done": goSig("", "?"), "Err": goSig("", "error"), "Value": goSig("any", "any")},
	"net/http.Handler":          {"ServeHTTP": goSig("net/http.ResponseWriter,net/http.Request", "")},
	"net/http.ResponseWriter":   {"Header": goSig("", "net/http.Header"), "Write": goSig("[]byte", "int,error"), "WriteHeader": goSig("int", "")},
	"net/http.Flusher":          {"Flush": goSig("", "")},
	"net/http.Hijacker":         {"Hijack": goSig("", "net.Conn,bufio.ReadWriter,error")},
	"net/http.Pusher":           {"Push": goSig("string,net/http.PushOptions", "error")},
	"net/http.CloseNotifier":    {"CloseNotify": goSig("", "[]bool")},
	"net/http.RoundTripper":     {"RoundTrip": goSig("net/http.Request", "net/http.Response,error")},
	"net/http.FileSystem":       {"Open": goSig("string", "net/http.File,error")},
	"io/fs.FS":                  {"Open": goSig("string", "io/fs.File,error")},
	"sync.Locker":               {"Lock": goSig("", ""), "Unlock": goSig("", "")},
	"net.Addr":                  {"Network": goSig("", "string"), "String": goSig("", "string")},
	"net.Conn": {"Read": goSig("[]byte", "int,error"), "Write": goSig("[]byte", "int,error"), "Close": goSig("", "error"),
		"LocalAddr": goSig("", "net.Addr"), "RemoteAddr": goSig("", "net.Addr"), "SetDeadline": goSig("time.Time", "error"),
		"SetReadDeadline": goSig("time.Time", "error"), "SetWriteDeadline": goSig("time.Time", "error")},
	"net.Listener": {"Accept": goSig("", "net.Conn,error"), "Close": goSig("", "error"), "Addr": goSig("", "net.Addr")},
	// testify's, which every mockery-made mock's constructor embeds
	// (t interface{ mock.TestingT; Cleanup(func()) }): known without
	// reading the module cache, so that those literals have a method set.
	"github.com/stretchr/testify/mock.TestingT": {"Logf": goSig("string,...any", ""), "Errorf": goSig("string,...any", ""), "FailNow": goSig("", "")},
}

// goKnownResults are the results of the standard library functions and
// methods that hand out values of goKnownInterfaces' interfaces, keyed by
// import path and name ("net.Dial"), or by the receiver's type and the
// method's name ("net.Dialer.DialContext"): client, err := net.Dial(...)
// is a net.Conn, and client.Close() in the package of a type that
// implements net.Conn may run that type's Close (gopls lists it there).
// A result that is no such interface is "": what it is stays outside.
var goKnownResults = map[string][]string{
	"errors.New":                    {"error"},
	"fmt.Errorf":                    {"error"},
	"net.Dial":                      {"net.Conn", "error"},
	"net.DialTimeout":               {"net.Conn", "error"},
	"net.FileConn":                  {"net.Conn", "error"},
	"net.Pipe":                      {"net.Conn", "net.Conn"},
	"net.Listen":                    {"net.Listener", "error"},
	"net.FileListener":              {"net.Listener", "error"},
	"net.Dialer.Dial":               {"net.Conn", "error"},
	"net.Dialer.DialContext":        {"net.Conn", "error"},
	"net.ListenConfig.Listen":       {"net.Listener", "error"},
	"net.Listener.Accept":           {"net.Conn", "error"},
	"crypto/tls.Listen":             {"net.Listener", "error"},
	"crypto/tls.NewListener":        {"net.Listener"},
	"crypto/tls.Dialer.Dial":        {"net.Conn", "error"},
	"crypto/tls.Dialer.DialContext": {"net.Conn", "error"},
}

// goKnownReceivers are the outside types goKnownResults has methods of.
var goKnownReceivers = func() map[string]bool {
	set := map[string]bool{}
	for key := range goKnownResults {
		if recv := key[:strings.LastIndexByte(key, '.')]; strings.Contains(recv[strings.LastIndexByte(recv, '/')+1:], ".") {
			set[recv] = true
		}
	}
	return set
}()

// goKnownResult is what the outside function or method key ("net.Dial",
// "net.Listener.Accept") gives as its result-th result: a typeRef of a
// well-known interface, or an outside value of no known type.
func goKnownResult(key string, result int) typeRef {
	if results := goKnownResults[key]; result < len(results) && results[result] != "" {
		return typeRef{kind: refExternal, ext: results[result]}
	}
	if typ, ok := gostd.Result(key, result); ok {
		return goStdRef(typ)
	}
	return typeRef{kind: refExternal}
}

// goStdRef is a value of the standard library's type typ, canonical as
// gostd writes it ("[]database/sql.ColumnType"): its ext names the type
// when gostd or goKnownInterfaces knows it.
func goStdRef(typ string) typeRef {
	elems := 0
	for strings.HasPrefix(typ, treesitter.GoCollectionPrefix) {
		typ = typ[len(treesitter.GoCollectionPrefix):]
		elems++
	}
	if goKnownInterfaces[typ] == nil && gostd.Lookup(typ) == nil {
		return typeRef{kind: refExternal}
	}
	return typeRef{kind: refExternal, ext: typ, elems: elems}
}

// goStdStep is what one more step gives on an outside Go value cur: a
// standard library function's or method's first result (sql.Open(...),
// db.QueryRow(...)), a variable (os.Stdout), a field (req.URL), or an
// element; anything else of an outside value is outside.
func goStdStep(cur typeRef, seg receiverSeg) typeRef {
	key := ""
	switch {
	case seg.index || seg.assert != "":
		return typeRef{kind: refExternal}
	case cur.mod != "":
		key = cur.mod + "." + seg.name
	case cur.ext != "" && cur.elems == 0:
		key = cur.ext + "." + seg.name
	default:
		return typeRef{kind: refExternal}
	}
	if seg.call {
		return goKnownResult(key, 0)
	}
	if cur.mod != "" {
		typ, _ := gostd.Var(key)
		return goStdRef(typ)
	}
	if t := gostd.Lookup(cur.ext); t != nil {
		return goStdRef(t.Fields[seg.name])
	}
	return typeRef{kind: refExternal}
}

// goKnownInterface is the key of an outside type name written in f whose
// method set goOutsideMethods knows ("net/http.ResponseWriter" for
// http.ResponseWriter with net/http imported as http), or "".
func goKnownInterface(f *fact.File, typeName string) string {
	if key := goKnownOutside(f, typeName); goOutsideMethods(key) != nil {
		return key
	}
	return ""
}

// goOutsideMethods is the method set of the outside type key: a
// goKnownInterfaces entry, or a standard library type's (its pointer's,
// promoted methods included), which an embedding type has too
// (struct{ sync.Mutex } has Lock). nil when unknown.
func goOutsideMethods(key string) map[string]goSignature {
	if known := goKnownInterfaces[key]; known != nil {
		return known
	}
	t := gostd.Lookup(key)
	if t == nil || len(t.Methods) == 0 {
		return nil
	}
	set := make(map[string]goSignature, len(t.Methods))
	for name, m := range t.Methods {
		set[name] = goSignature{params: m.Params, results: m.Results}
	}
	return set
}

// goKnownOutside is the key of a type name written in f in
// goKnownInterfaces, or among goKnownReceivers ("net.Dialer"), or a
// standard library type gostd knows ("database/sql.Rows"), or "".
func goKnownOutside(f *fact.File, typeName string) string {
	if typeName == "error" {
		return typeName
	}
	qualifier, name, ok := strings.Cut(typeName, ".")
	if !ok {
		return ""
	}
	for _, imp := range f.Imports {
		if imp.Local == qualifier {
			if key := imp.Module + "." + name; goKnownInterfaces[key] != nil || goKnownReceivers[key] || gostd.Lookup(key) != nil {
				return key
			}
			if first, _, _ := strings.Cut(imp.Module, "/"); strings.Contains(first, ".") {
				// github.com/sensu/core/v3.Resource: a module dependency's,
				// whose method set resolve_go_deps.go reads on need.
				return imp.Module + "." + name
			}
			return ""
		}
	}
	return ""
}

// goExternalDispatch reports, for a call c that resolves to no workspace
// method, whether it is a call through a well-known outside interface (or
// through a workspace interface's method that one of those provides, or
// through an interface type literal) that target implements; it returns the interface method's name for the edge.
// Like gopls, it looks only at calls in target's own package: gopls finds
// the outside interfaces a method implements from its package alone, and
// searches for their calls there.
func (q *goLang) goExternalDispatch(ctx context.Context, c fact.Call, target fact.Symbol) (via string, ok bool, err error) {
	if c.Callee == target.Name && target.Container == "" && c.Path == target.Path {
		if ok, err := q.goLiteralOwnCall(ctx, c, target); ok || err != nil {
			return "", ok, err
		}
	}
	if ok, err := q.goFieldLiteralCall(ctx, c, target); ok || err != nil {
		return "", ok, err // s.observer.M() with observer a field of an interface literal
	}
	// A method of an interface literal (func scan(s interface{ Scan(...any) error }))
	// has no container: only a call on a standard library value reaches
	// it from elsewhere in its package, below.
	ifaceTarget := isInterfaceMethod(target)
	if c.Callee != target.Name || target.Kind != treesitter.KindMethod || target.Container == "" && !ifaceTarget {
		return "", false, nil
	}
	samePackage := path.Dir(c.Path) == path.Dir(target.Path)
	if samePackage && c.Path != target.Path {
		// an external test package (package eval_test beside eval) is
		// another package: gopls's search of target's own does not reach it
		cf, err := q.file(ctx, c.Path)
		if err != nil {
			return "", false, err
		}
		tf, err := q.file(ctx, target.Path)
		if err != nil {
			return "", false, err
		}
		if cf != nil && tf != nil && cf.Package != "" && tf.Package != "" && cf.Package != tf.Package {
			samePackage = false
		}
	}
	var embedders []goEmbedder
	if !samePackage {
		// w.Write(p) with w an io.Writer, in a package that imports
		// target's: gopls lists it when target's package declares an
		// interface that target's type implements and that embeds
		// io.Writer (type writer interface{ io.Writer; ... }), whose Write
		// is io.Writer's own; it searches the packages that import that
		// interface's.
		if ifaceTarget || target.Container == "" {
			return "", false, nil
		}
		var err error
		if embedders, err = q.goEmbeddingInterfaces(ctx, target); err != nil || len(embedders) == 0 {
			return "", false, err
		}
	}
	// An interface's method is called through an interface literal whose
	// method set it has (resolver := impl.(interface{ Metadata(...) })),
	// in its package: gopls relates the two types there.
	f, err := q.file(ctx, c.Path)
	if err != nil || f == nil || f.Language != treesitter.Go {
		return "", false, err
	}
	// The literals and types read below are read where c is, too.
	defer func(saved uint32) { q.pos = saved }(q.pos)
	q.pos = c.Span.StartByte
	ref, caller, err := q.receiverAt(ctx, f, c)
	if err != nil {
		return "", false, err
	}
	if ifaceTarget && ref.kind != refInstance {
		// scanner.Scan(...) with scanner an interface{ Scan(...any) error }:
		// gopls relates two interfaces when either has every method of the
		// other, in target's package.
		if lit := q.goReceiverLiteral(ctx, f, caller, c.Receiver); lit != nil {
			own, err := q.goInterfaceOf(ctx, target)
			if err != nil || own == nil || !goCovers(lit, own) && !goCovers(own, lit) {
				return "", false, err
			}
			return "interface{...}." + c.Callee, true, nil
		}
	}
	if ifaceTarget && ref.kind == refExternal && ref.ext != "" && ref.elems == 0 {
		// rows.Scan(...) with rows a *sql.Rows: gopls relates the type
		// that declares Scan to target's interface, in target's package.
		return q.goStdDispatch(ctx, c.Path, ref.ext, c.Callee, target)
	}
	if target.Container == "" {
		return "", false, nil
	}
	var want map[string]goSignature
	switch {
	case ifaceTarget && ref.kind == refInstance && ref.elems == 0:
		// g.Lock() with g a struct{ sync.Mutex }: the method is the
		// embedded standard library type's.
		if key := q.goPromotingOutside(ctx, ref.class, c.Callee, 0); key != "" {
			return q.goStdDispatch(ctx, c.Path, key, c.Callee, target)
		}
		return "", false, nil
	case ifaceTarget && ref.kind == refInstance:
		return "", false, nil
	case ifaceTarget:
		return "", false, nil // through a literal: above
	case ref.kind == refInstance && ref.elems == 0 && ref.class.Kind == treesitter.KindInterface && ref.class.Language == treesitter.Go &&
		q.goEmbeddedStdOwner(ctx, ref.class, c.Callee, 0) != "":
		// m.dst.Write(p) with dst a writeFlusher, a workspace interface
		// embedding io.Writer: the method is io.Writer's own, and gopls
		// relates target to it when target's type implements io.Writer
		// (its effective receiver), writeFlusher or not; in another
		// package, where it searches as below.
		owner := q.goEmbeddedStdOwner(ctx, ref.class, c.Callee, 0)
		if !samePackage && !q.goEmbeddedStdSearched(ctx, c, target, embedders, owner) {
			return "", false, nil
		}
		set, iface, ok := gostd.ReceiverMethods(owner, c.Callee)
		if !ok || !iface {
			return "", false, nil
		}
		want = goSigs(set)
		via = ref.class.Name + "." + c.Callee
		ref = typeRef{kind: refExternal, ext: owner} // target's type is checked against the method set, below
	case !samePackage && (ref.kind != refExternal || ref.ext == ""):
		return "", false, nil
	case !samePackage:
		if !q.goEmbeddedStdSearched(ctx, c, target, embedders, goStdOwner(ref.ext, c.Callee)) {
			return "", false, nil
		}
		set, iface, ok := gostd.ReceiverMethods(ref.ext, c.Callee)
		if !ok || !iface {
			return "", false, nil
		}
		want = goSigs(set)
		via = ref.ext[strings.LastIndex(ref.ext, "/")+1:] + "." + c.Callee
	case ref.kind == refExternal && ref.ext != "":
		// The interface that declares the method, as gopls relates it (an
		// io.ReadCloser's Close is an io.Closer's); none for a concrete
		// type's method.
		want = goKnownInterfaces[ref.ext]
		if set, iface, ok := gostd.ReceiverMethods(ref.ext, c.Callee); ok {
			want = nil
			if iface {
				want = goSigs(set)
			}
		} else if set, iface, ok := q.goDepReceiverMethods(c.Path, ref.ext, c.Callee, true); ok {
			// r.GetMetadata() with r a corev3.Resource, a dependency's
			// interface, in target's package.
			want = nil
			if iface {
				want = set
			}
		}
		via = ref.ext[strings.LastIndex(ref.ext, "/")+1:] + "." + c.Callee
	case ref.kind == refInstance && ref.class.Kind == treesitter.KindInterface && ref.class.Language == treesitter.Go:
		want = q.goMethodSet(ctx, ref.class)
		via = ref.class.Name + "." + c.Callee
	case ref.kind != refInstance:
		// resolver := impl.(interface{ IsSilenced(p P) (bool, error) }):
		// a call through an interface literal, in target's package.
		if want = q.goReceiverLiteral(ctx, f, caller, c.Receiver); want == nil {
			return "", false, nil
		}
		via = "interface{...}." + c.Callee
	default:
		return "", false, nil
	}
	sig, ok := want[c.Callee]
	if !ok || !q.goSignatureOf(ctx, target).matches(sig) {
		return "", false, nil
	}
	cls, err := q.classOf(ctx, &target)
	if err != nil || cls == nil {
		return "", false, err
	}
	if ref.kind == refInstance {
		if !q.isSubtype(ctx, *cls, ref.class, 0) {
			return "", false, nil
		}
	} else {
		pkg := path.Dir(f.Path)
		if ref.kind == refExternal && ref.ext != "" {
			// A dependency's or the standard library's interface: its
			// unexported methods (sdk/metric's Reader.register) are its
			// package's, which goMethod names "" (outside the workspace),
			// and only a type embedding it has them.
			pkg = ""
		}
		if !q.goHasMethods(ctx, *cls, want, pkg) {
			return "", false, nil
		}
	}
	return via, true, nil
}

// goStdDispatch reports whether a call of name on a value of the standard
// library type ext is among the callers of target, an interface's method,
// as gopls's localReferences decides it in target's package: the type that
// declares the method (ext, or the type ext embeds that promotes it; its
// pointer for a concrete type) has every method of target's interface with
// the same signature, or, being an interface itself, is one that target's
// interface has every method of. No more: a *bufio.Scanner's Scan() is not
// an interface{ Scan(...any) error }'s.
func (q *goLang) goStdDispatch(ctx context.Context, at, ext, name string, target fact.Symbol) (string, bool, error) {
	var have map[string]goSignature
	set, iface, ok := gostd.ReceiverMethods(ext, name)
	if ok {
		have = goSigs(set)
	} else if _, known := goKnownInterfaces[ext][name]; known {
		have, iface = goKnownInterfaces[ext], true // error's Error
	} else if have, iface, ok = q.goDepReceiverMethods(at, ext, name, false); !ok {
		return "", false, nil // neither the standard library's nor a dependency's we can read
	}
	want, err := q.goInterfaceOf(ctx, target)
	if err != nil || want == nil {
		return "", false, err
	}
	if !goCovers(have, want) && !(iface && goCovers(want, have)) {
		return "", false, nil
	}
	return ext[strings.LastIndexByte(ext, '/')+1:] + "." + name, true, nil
}

// goPromotingOutside is the standard library type that t embeds, itself or
// through the workspace types it embeds, and that gives t its method name
// (sync.Mutex for Lock on a struct{ sync.Mutex }), when t and those types
// declare no method of that name; "" otherwise.
func (q *goLang) goPromotingOutside(ctx context.Context, t fact.Symbol, name string, depth int) string {
	if depth > 5 || t.Language != treesitter.Go || len(t.Extends) == 0 {
		return ""
	}
	cands, err := q.named(ctx, name)
	if err != nil {
		return ""
	}
	if found, err := q.methodOf(ctx, t, name, cands, 0); err != nil || len(found) > 0 {
		return ""
	}
	tf, err := q.file(ctx, t.Path)
	if err != nil || tf == nil {
		return ""
	}
	for _, embedded := range t.Extends {
		if key := goKnownOutside(tf, embedded); key != "" && gostd.Lookup(key) != nil {
			if _, ok := gostd.Lookup(key).Methods[name]; ok {
				return key
			}
		}
	}
	for _, base := range q.bases(ctx, t) {
		if key := q.goPromotingOutside(ctx, base, name, depth+1); key != "" {
			return key
		}
	}
	return ""
}

// goSigs is a gostd method set as the resolver compares it.
func goSigs(set map[string]gostd.Sig) map[string]goSignature {
	out := make(map[string]goSignature, len(set))
	for name, sig := range set {
		out[name] = goSignature{params: sig.Params, results: sig.Results}
	}
	return out
}

// goCovers reports whether the method set have has every method of want,
// with the same signature.
func goCovers(have, want map[string]goSignature) bool {
	for name, sig := range want {
		if got, ok := have[name]; !ok || !got.matches(sig) {
			return false
		}
	}
	return true
}

// goInterfaceOf is the method set of the interface that declares the
// interface method m: a named interface's (its embedded ones' included), or
// an interface literal's, found among the types of the parameters and
// locals of the function it is written in. nil when it cannot be told.
func (q *goLang) goInterfaceOf(ctx context.Context, m fact.Symbol) (map[string]goSignature, error) {
	if m.Container != "" {
		cls, err := q.classOf(ctx, &m)
		if err != nil || cls == nil {
			return nil, err
		}
		if cls.Kind != treesitter.KindInterface {
			// a struct field's literal (resolve_go_fieldlit.go)
			_, _, set, err := q.goFieldLiteral(ctx, m)
			return set, err
		}
		return q.goMethodSet(ctx, *cls), nil
	}
	fn, err := q.goEnclosingFunction(ctx, m)
	if err != nil || fn == nil {
		return nil, err
	}
	enclosing := fn.ID
	f, err := q.file(ctx, m.Path)
	if err != nil || f == nil {
		return nil, err
	}
	sig := q.goSignatureOf(ctx, m)
	var found map[string]goSignature
	written := ""
	for _, l := range f.Locals {
		if l.SymbolID != enclosing {
			continue
		}
		_, _, typ, _ := treesitter.CutScope(l.Type)
		for strings.HasPrefix(typ, treesitter.GoCollectionPrefix) {
			typ = typ[len(treesitter.GoCollectionPrefix):] // xs []interface{ Run() }: the element's literal
		}
		if !strings.HasPrefix(typ, treesitter.GoInterfacePrefix) || typ == written {
			continue
		}
		set := q.goLiteralMethodSet(ctx, f, typ)
		if own, ok := set[m.Name]; !ok || !own.matches(sig) {
			continue
		}
		if found != nil {
			return nil, nil // two literals declare such a method: which one is m's?
		}
		found, written = set, typ
	}
	return found, nil
}

// goVisibleTypes is types (Go types of one name) less those declared in a
// function that f, at q.pos, is not inside: such a type is visible in its
// function only. The config package that declares interface Inline may
// declare a struct Inline in each of its Inline methods; var _ Inline =
// &Backend{} in the same file, and config.Inline elsewhere, name the
// interface. types itself is never changed, and is typesNamedIn's for
// name: which of them is declared in a function is asked once per name,
// not once per site (a 36,000-file SDK declares Client in 297 packages,
// and every call on a client asked of all 297).
func (q *goLang) goVisibleTypes(ctx context.Context, f *fact.File, name string, types []fact.Symbol) ([]fact.Symbol, error) {
	local, ok := q.firstLocalType[name]
	if !ok {
		local = slices.IndexFunc(types, declaredInFunction)
		if q.firstLocalType == nil {
			q.firstLocalType = map[string]int{}
		}
		q.firstLocalType[name] = local
	}
	if local < 0 {
		return types, nil
	}
	out := append(make([]fact.Symbol, 0, len(types)), types[:local]...)
	for _, s := range types[local:] {
		if declaredInFunction(s) {
			if s.Path != f.Path {
				continue
			}
			fn, err := q.goEnclosingFunction(ctx, s)
			if err != nil {
				return nil, err
			}
			if fn == nil || q.pos < fn.Span.StartByte || q.pos >= fn.Span.EndByte {
				continue
			}
		}
		out = append(out, s)
	}
	return out, nil
}

// goFileSymbols are the symbols of the file p, read once per query.
func (q *goLang) goFileSymbols(ctx context.Context, p string) ([]fact.Symbol, error) {
	if syms, ok := q.fileSyms[p]; ok {
		return syms, nil
	}
	syms, err := q.store.SymbolsInFile(ctx, p)
	if err != nil {
		return nil, err
	}
	if q.fileSyms == nil {
		q.fileSyms = map[string][]fact.Symbol{}
	}
	q.fileSyms[p] = syms
	return syms, nil
}

// goEnclosingFunction is the innermost function or method whose
// declaration holds the symbol s (the method of an interface literal
// written in it), nil for none. Told by position, not by s's ID: a
// literal's method in the method (X).A is A.M, A's own ID is X.A, and a
// second A's literal's method is A.M~2.
func (q *goLang) goEnclosingFunction(ctx context.Context, s fact.Symbol) (*fact.Symbol, error) {
	syms, err := q.goFileSymbols(ctx, s.Path)
	if err != nil {
		return nil, err
	}
	var best *fact.Symbol
	for i := range syms {
		o := &syms[i]
		if o.ID == s.ID || o.Kind != treesitter.KindFunction && o.Kind != treesitter.KindMethod || isInterfaceMethod(*o) {
			continue
		}
		if o.Span.StartByte <= s.Span.StartByte && s.Span.EndByte <= o.Span.EndByte &&
			(best == nil || o.Span.EndByte-o.Span.StartByte < best.Span.EndByte-best.Span.StartByte) {
			best = o
		}
	}
	return best, nil
}

// goEmbedsOutside reports whether a Go type embeds, itself or through the
// workspace types it embeds, a type from outside the workspace
// (struct{ gorm.Model }): a field or method it does not declare is then
// that type's, and a call on it is no call of a project method.
func (q *goLang) goEmbedsOutside(ctx context.Context, t fact.Symbol, depth int) bool {
	if depth > 5 {
		return false
	}
	if under, ok := strings.CutPrefix(t.Returns, treesitter.GoDefinedPrefix); ok && t.Language == treesitter.Go {
		// type metric model.Sample: a field it reads is model's
		if u := q.goUnderlying(ctx, t); u != nil {
			return q.goEmbedsOutside(ctx, *u, depth+1)
		}
		return q.goOutsideName(ctx, t, under)
	}
	if len(t.Extends) == 0 {
		return false
	}
	f, err := q.file(ctx, t.Path)
	if err != nil || f == nil {
		return false
	}
	for _, embedded := range t.Extends {
		qualifier, _, ok := strings.Cut(embedded, ".")
		if !ok {
			continue
		}
		for _, imp := range f.Imports {
			if imp.Local == qualifier {
				if _, inWorkspace := q.goImportDir(ctx, imp.Module); !inWorkspace {
					return true
				}
			}
		}
	}
	for _, base := range q.bases(ctx, t) {
		if q.goEmbedsOutside(ctx, base, depth+1) {
			return true
		}
	}
	return false
}

// goPackageVar types a package-level variable declared in another file of
// f's package (var defaultCache = &Cache{} in cache.go, used in store.go).
func (q *goLang) goPackageVar(ctx context.Context, f *fact.File, name string) (typeRef, bool, error) {
	of, l, err := q.goPackageLocal(ctx, path.Dir(f.Path), f.Package, f.Path, name)
	if err != nil || l == nil {
		return typeRef{}, false, err
	}
	ref, err := q.declaredType(ctx, of, nil, l.Type)
	return ref, err == nil, err
}

// goFuncValueResult types the result of calling a func value: a local or
// parameter (getCmd := func() *Command {...}; run func() *Command) or a
// field (s.makeBody) whose type is a func type (treesitter.GoFuncPrefix).
// ok is false when recv.callee is not such a value.
func (q *goLang) goFuncValueResult(ctx context.Context, f *fact.File, caller *fact.Symbol, recv, callee string, result int) (typeRef, bool, error) {
	typ, in, scope, declared := "", f, caller, ""
	if recv == "" {
		l := q.localNamed(f, caller, callee)
		if l == nil { // var VerifyDownload func() error, in another file of the package
			of, pl, err := q.goPackageLocal(ctx, path.Dir(f.Path), f.Package, f.Path, callee)
			if err != nil || pl == nil {
				return typeRef{}, false, err
			}
			l, in, scope = pl, of, nil
		}
		declared = l.Type
		_, _, typ, _ = treesitter.CutScope(l.Type)
	} else {
		ref, err := q.evalReceiver(ctx, f, caller, recv)
		if err != nil {
			return typeRef{}, false, err
		}
		if ref.kind == refModule {
			// handlers.NewAuth(db), with var NewAuth = auth.NewAuth in
			// package handlers (a package re-exporting its subpackages'
			// constructors).
			return q.goPackageFuncValueResult(ctx, ref, callee, result)
		}
		if ref.kind != refInstance {
			return typeRef{}, false, nil
		}
		if out, ok, err := q.goGenericFieldCallResult(ctx, f, ref, callee, result); err != nil || ok {
			return out, ok, err // reg.RPCClient(...), reg a Registration[Arm]: an Arm
		}
		if typ, err = q.fieldType(ctx, ref.class, callee, 0); err != nil {
			return typeRef{}, false, err
		}
		in = q.mustFile(ctx, ref.class.Path, f)
	}
	if held, isValue := strings.CutPrefix(typ, treesitter.ValueTypePrefix); isValue {
		return q.goHeldFuncResult(ctx, in, scope, held, result)
	}
	results, isFunc := strings.CutPrefix(typ, treesitter.GoFuncPrefix)
	if !isFunc {
		if results, in, isFunc = q.goNamedFuncType(ctx, in, typ); !isFunc && declared != "" && goDerivedType(typ) {
			// mk := db.Factory(); ds, err := mk(cfg), with Factory
			// returning a FactoryFunc (type FactoryFunc func(...)
			// (TraceDB, error)): the local's value is evaluated, and a
			// value of a workspace func type gives that type's results.
			var err error
			if results, in, isFunc, err = q.goFuncTypeOfValue(ctx, in, scope, declared); err != nil {
				return typeRef{}, false, err
			}
		}
		if !isFunc {
			return typeRef{}, false, nil
		}
	}
	ref, err := q.instanceOf(ctx, in, treesitter.GoResult(results, result))
	return ref, err == nil, err
}

// goDerivedType reports whether a Go local's type is derived from an
// expression (a call's result, a collection's element or key) rather than
// written.
func goDerivedType(typ string) bool {
	return strings.HasPrefix(typ, treesitter.CallTypePrefix) || strings.HasPrefix(typ, treesitter.RangeTypePrefix) ||
		strings.HasPrefix(typ, treesitter.RangeKeyTypePrefix)
}

// goFuncTypeOfValue evaluates declared, a local's derived type in f, and
// reads the value as an instance of a workspace func type: that type's
// results as written, and the file they are written in. ok is false for
// any other value.
func (q *goLang) goFuncTypeOfValue(ctx context.Context, f *fact.File, scope *fact.Symbol, declared string) (results string, in *fact.File, ok bool, err error) {
	ref, err := q.declaredType(ctx, f, scope, declared)
	if err != nil || ref.kind != refInstance || ref.elems != 0 || ref.class.Language != treesitter.Go {
		return "", f, false, err
	}
	results, ok = strings.CutPrefix(ref.class.Returns, treesitter.GoFuncPrefix)
	if !ok {
		return "", f, false, nil
	}
	return results, q.mustFile(ctx, ref.class.Path, f), true, nil
}

// goNamedFuncType reads typ, a type name written in f, as a workspace func
// type (type dialFunc func(addr string) (Conn, error)): its results as
// written, and the file they are written in. ok is false for any other
// type.
func (q *goLang) goNamedFuncType(ctx context.Context, f *fact.File, typ string) (results string, in *fact.File, ok bool) {
	if typ == "" || strings.ContainsAny(typ, "({[ ") {
		return "", f, false
	}
	cls, err := q.resolveTypeName(ctx, f, typ)
	if err != nil || cls == nil || cls.Language != treesitter.Go {
		return "", f, false
	}
	results, ok = strings.CutPrefix(cls.Returns, treesitter.GoFuncPrefix)
	if !ok {
		return "", f, false
	}
	return results, q.mustFile(ctx, cls.Path, f), true
}

// goPackageFuncValueResult types the result of calling pkg.Name, with pkg
// a workspace package (ref) and Name a package-level variable holding a
// function (var NewAuth = auth.NewAuth, var Wrap = func() (W, error) {...},
// var Open func() *DB): ok is false when Name is no such variable.
func (q *goLang) goPackageFuncValueResult(ctx context.Context, ref typeRef, name string, result int) (typeRef, bool, error) {
	dir, ok := q.goImportDirFrom(ctx, ref.from, ref.mod)
	if !ok {
		return typeRef{}, false, nil
	}
	// Nearly always pkg.Name is a function or type declared there: looked
	// up by name first, as the store indexes it, before the package's
	// files are read for a variable.
	syms, err := q.named(ctx, name)
	if err != nil {
		return typeRef{}, false, err
	}
	for _, s := range syms {
		// A method of the name (Register.ReverseLookup) is no pkg.Name:
		// var ReverseLookup = register.ReverseLookup holds it.
		if s.Language == treesitter.Go && path.Dir(s.Path) == dir && s.Kind != treesitter.KindMethod {
			return typeRef{}, false, nil
		}
	}
	of, l, err := q.goPackageLocal(ctx, dir, "", "", name)
	if err != nil || l == nil {
		return typeRef{}, false, err
	}
	_, _, typ, _ := treesitter.CutScope(l.Type)
	if results, isFunc := strings.CutPrefix(typ, treesitter.GoFuncPrefix); isFunc {
		// var WrapResource = func(r Resource) (Wrapper, error) {...}, or
		// var Open func() (*DB, error): the func type's results.
		ref, err := q.instanceOf(ctx, of, treesitter.GoResult(results, result))
		return ref, err == nil, err
	}
	held, isValue := strings.CutPrefix(typ, treesitter.ValueTypePrefix)
	if !isValue {
		return typeRef{}, false, nil
	}
	return q.goHeldFuncResult(ctx, of, nil, held, result)
}

// goHeldFuncResult types the result of calling a variable that holds the
// value written as held in file in (auth.NewAuth, s.build): the result of
// calling that.
func (q *goLang) goHeldFuncResult(ctx context.Context, in *fact.File, scope *fact.Symbol, held string, result int) (typeRef, bool, error) {
	if held == "" || strings.ContainsAny(held, "()[]{}") {
		return typeRef{}, false, nil
	}
	call := treesitter.CallTypePrefix + held
	if result > 0 {
		call += treesitter.ResultIndexSeparator + strconv.Itoa(result)
	}
	ref, err := q.declaredType(ctx, in, scope, call)
	if err != nil || ref.kind == refUnknown {
		return typeRef{}, false, err
	}
	return ref, true, nil
}

// local: Go's locals are the core's (declared or inferred types, scoped
// to their block).
func (q *goLang) local(ctx context.Context, f *fact.File, caller *fact.Symbol, name string) (typeRef, bool, error) {
	return coreLang{q.query}.local(ctx, f, caller, name)
}

func (q *goLang) moduleName(context.Context, *fact.File, string) (typeRef, bool) {
	return typeRef{}, false
}

// unbound: a package-level variable, declared in any file of the package.
func (q *goLang) unbound(ctx context.Context, f *fact.File, _ *fact.Symbol, name string) (typeRef, bool, error) {
	return q.goPackageVar(ctx, f, name)
}

// callResult: a func value's result (getCmd := func() *Command {...};
// c := getCmd()); else, for a call on a receiver, what an outside
// package's function or method returns is outside too (bufio.NewScanner(r),
// val.Field(i) with val a reflect.Value).
func (q *goLang) callResult(ctx context.Context, f *fact.File, caller *fact.Symbol, recv, callee string, result int) (typeRef, bool, error) {
	if ref, ok, err := q.goFuncValueResult(ctx, f, caller, recv, callee, result); err != nil || ok {
		return ref, ok, err
	}
	if recv != "" {
		ref, err := q.evalReceiver(ctx, f, caller, recv)
		if err != nil {
			return ref, true, err
		}
		if ref.kind == refExternal && ref.targs != "" {
			// session, ok := s.sessions.Get(cid), sessions a
			// cmap.ConcurrentMap[int64, ISession]: an ISession
			if typed, ok, err := q.goDepMember(ctx, f, ref, callee, true, result); err != nil || ok {
				return typed, true, err
			}
		}
		if ref.kind == refExternal {
			// What a method of an outside value returns is outside, and
			// none of the receiver's type (a net.Listener's Accept gives a
			// net.Conn); what an outside package's function returns too.
			key := ""
			if ref.ext != "" && ref.elems == 0 {
				key = ref.ext + "." + callee
			} else if module, ok := goOutsideImport(f, recv); ok && q.localNamed(f, caller, recv) == nil {
				key = module + "." + callee
			} else if sig, ok := q.goReceiverLiteral(ctx, f, caller, recv)[callee]; ok && result < len(sig.results) {
				// exec := ...(interface{ QueryContext(...) (*sql.Rows, error) }):
				// what the literal's method returns, when the standard library's.
				return goStdRef(sig.results[result]), true, nil
			}
			if typed, ok, err := q.goStdGenericResult(ctx, f, caller, key, result, ref, nil, recv, callee); err != nil || ok {
				return typed, true, err // h.cur.Load(), cur an atomic.Pointer[Client]; slices.Clone(cs)
			}
			return goKnownResult(key, result), true, nil
		}
		if ref.kind == refInstance && ref.elems == 0 && ref.class.Language == treesitter.Go {
			// args := m.Called(): a method promoted from an embedded outside
			// type (mock.Mock) returns that package's values.
			if promoted, err := q.goPromotedFromOutside(ctx, ref.class, callee); err != nil || promoted {
				return typeRef{kind: refExternal}, promoted, err
			}
		}
	}
	return typeRef{}, false, nil
}

// goPromotedFromOutside reports whether name, on a value of the workspace
// type t, can only be a method or field promoted from a type outside the
// workspace that t embeds: t and its workspace bases declare no method or
// field of that name.
func (q *goLang) goPromotedFromOutside(ctx context.Context, t fact.Symbol, name string) (bool, error) {
	if !q.goEmbedsOutside(ctx, t, 0) {
		return false, nil
	}
	cands, err := q.named(ctx, name)
	if err != nil {
		return false, err
	}
	if found, err := q.methodOf(ctx, t, name, cands, 0); err != nil || len(found) > 0 {
		return false, err
	}
	typ, err := q.fieldType(ctx, t, name, 0)
	return typ == "" && err == nil, err
}

// goOutsideImport is the import path recv names in f when it is the local
// name of an import (net in net.Dial), as written.
func goOutsideImport(f *fact.File, recv string) (string, bool) {
	for _, imp := range f.Imports {
		if imp.Local == recv {
			return imp.Module, true
		}
	}
	return "", false
}

// goEmbedder is an interface of target's package that target's type
// implements and that embeds, itself or through the package's interfaces
// it embeds, a standard library interface: owner is the standard library
// type that declares target's method there ("io.Writer" for Write, through
// io.ReadWriter too).
type goEmbedder struct {
	iface fact.Symbol
	owner string
}

// goStdOwner is the standard library type that declares the method name
// of the type key (key itself, or the type it embeds that promotes it);
// "" when gostd does not know it.
func goStdOwner(key, name string) string {
	t := gostd.Lookup(key)
	if t == nil {
		return ""
	}
	m, ok := t.Methods[name]
	if !ok {
		return ""
	}
	if m.Owner != "" {
		return m.Owner
	}
	return key
}

// goEmbeddingInterfaces lists the workspace interfaces (declared in any
// package, tests left out) that embed a standard library interface
// declaring target's method and that target's type implements
// (goEmbedder). gopls finds them with its method-set index over the
// workspace, whatever their package (couper's handler.writeFlusher,
// embedding io.Writer, for server/writer.Response's Write).
func (q *goLang) goEmbeddingInterfaces(ctx context.Context, target fact.Symbol) ([]goEmbedder, error) {
	if out, ok := q.embedders[target.ID]; ok {
		return out, nil
	}
	var out []goEmbedder
	defer func() {
		if q.embedders == nil {
			q.embedders = map[string][]goEmbedder{}
		}
		q.embedders[target.ID] = out
	}()
	cls, err := q.classOf(ctx, &target)
	if err != nil || cls == nil {
		return nil, err
	}
	ifaces, err := q.goEmbeddingIfaces(ctx)
	if err != nil {
		return nil, err
	}
	for _, iface := range ifaces {
		owner := q.goEmbeddedStdOwner(ctx, iface, target.Name, 0)
		if owner == "" || !q.goImplements(ctx, *cls, iface) {
			continue
		}
		out = append(out, goEmbedder{iface: iface, owner: owner})
	}
	return out, nil
}

// goEmbeddingIfaces are the workspace's Go interfaces that embed a type,
// declared at a file's top level outside tests: read once a generation
// (every Go file's symbols; 1,300 files on wuphf).
func (q *goLang) goEmbeddingIfaces(ctx context.Context) ([]fact.Symbol, error) {
	g := q.r.current()
	q.r.mu.Lock()
	if g.goEmbedding != nil {
		out := g.goEmbedding
		q.r.mu.Unlock()
		return out, nil
	}
	q.r.mu.Unlock()
	out := []fact.Symbol{}
	for _, df := range q.allFiles(ctx) {
		if df.Language != treesitter.Go || strings.HasSuffix(df.Path, "_test.go") {
			continue
		}
		syms, err := q.store.SymbolsInFile(ctx, df.Path)
		if err != nil {
			return nil, err
		}
		for _, iface := range syms {
			if iface.Kind == treesitter.KindInterface && iface.Language == treesitter.Go && len(iface.Extends) > 0 && !declaredInFunction(iface) {
				out = append(out, iface)
			}
		}
	}
	q.r.mu.Lock()
	g.goEmbedding = out
	q.r.mu.Unlock()
	return out, nil
}

// goEmbeddedStdSearched reports whether gopls finds a call c of the
// standard library method owner declares (io.Writer's Write) among the
// callers of target, in a package other than target's: it searches the
// packages that import target's (transitively) and those that import an
// embedding interface's, for calls of every embedded method found
// (embedders): h.Write with h a hash.Hash is io.Writer's Write, which
// couper's handler.writeFlusher embeds, in a package that imports
// server/writer (Response's). An embedding interface's own package is
// searched only as one of those.
func (q *goLang) goEmbeddedStdSearched(ctx context.Context, c fact.Call, target fact.Symbol, embedders []goEmbedder, owner string) bool {
	owned := false
	for _, e := range embedders {
		owned = owned || e.owner == owner
	}
	if !owned {
		return false
	}
	cf, err := q.file(ctx, c.Path)
	if err != nil || cf == nil {
		return false
	}
	from := goPackageKey{path.Dir(c.Path), cf.Package, true}
	if q.goReaches(ctx, from, path.Dir(target.Path), 0) {
		return true
	}
	for _, e := range embedders {
		ownPackage := from.dir == path.Dir(e.iface.Path) && !strings.HasSuffix(from.name, "_test")
		if !ownPackage && q.goReaches(ctx, from, path.Dir(e.iface.Path), 0) {
			return true
		}
	}
	return false
}

// goEmbeddedStdOwner is the standard library type that declares the
// method name of the interface iface, when iface has it through an
// embedded standard library interface (itself or through the workspace
// interfaces it embeds); "" otherwise.
func (q *goLang) goEmbeddedStdOwner(ctx context.Context, iface fact.Symbol, name string, depth int) string {
	if depth > 5 {
		return ""
	}
	f, err := q.file(ctx, iface.Path)
	if err != nil || f == nil {
		return ""
	}
	for _, e := range iface.Extends {
		if key := goKnownOutside(f, e); key != "" {
			if owner := goStdOwner(key, name); owner != "" {
				return owner
			}
			continue
		}
		if inner, err := q.resolveTypeName(ctx, f, e); err == nil && inner != nil && inner.Kind == treesitter.KindInterface {
			if owner := q.goEmbeddedStdOwner(ctx, *inner, name, depth+1); owner != "" {
				return owner
			}
		}
	}
	return ""
}

// goReaches reports whether the Go package from is the one in directory
// to, or imports it, directly or through the workspace packages it imports.
func (q *goLang) goReaches(ctx context.Context, from goPackageKey, to string, depth int) bool {
	if from.dir == to && !strings.HasSuffix(from.name, "_test") {
		return true
	}
	key := goReach{from, to}
	if r, ok := q.reaches[key]; ok {
		return r
	}
	if q.reaches == nil {
		q.reaches = map[goReach]bool{}
	}
	q.reaches[key] = false // while walked: a cycle reaches nothing more
	if depth > 40 || ctx.Err() != nil {
		return false
	}
	seen := map[string]bool{}
	for _, df := range q.goFilesIn(ctx, from.dir) {
		test := strings.HasSuffix(df.Path, "_test.go")
		if test && !from.tests || from.name != "" && df.Package != from.name ||
			from.name == "" && strings.HasSuffix(df.Package, "_test") {
			continue
		}
		f, err := q.file(ctx, df.Path)
		if err != nil || f == nil {
			continue
		}
		for _, imp := range f.Imports {
			if seen[imp.Module] {
				continue
			}
			seen[imp.Module] = true
			dir, ok := q.goImportDirFrom(ctx, f.Path, imp.Module)
			if !ok || dir == from.dir && !strings.HasSuffix(from.name, "_test") {
				continue
			}
			if q.goReaches(ctx, goPackageKey{dir: dir}, to, depth+1) {
				q.reaches[key] = true
				return true
			}
		}
	}
	return false
}

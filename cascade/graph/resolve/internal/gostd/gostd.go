// Package gostd knows the Go standard library's exported API as the
// resolver compares types: its functions' and methods' signatures, its
// variables' and struct fields' types, and the method set of every type.
// gopls type-checks the standard library, so a value returned by
// db.QueryRow(...) is a *sql.Row there and its Scan satisfies a project's
// interface{ Scan(...any) error }; the resolver reads the same facts here.
//
// The data is stdlib.txt.gz, written by ./gen from GOROOT's source (go
// generate; the Go version is its first line). Types are canonical as the
// resolver's goCanonicalType writes them: pointers and type arguments
// stripped, a slice, array, map or channel as "[]" and its element, a func
// type as "func:" and its results, a named type as its import path and name
// ("database/sql.Rows"; an alias by the type it names), a predeclared
// type by its name, the empty
// interface as "any", and "" for a type not kept (a type parameter, a
// struct or interface literal, a func or interface result).
package gostd

//go:generate go run ./gen -o stdlib.txt.gz

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"strings"
	"sync"
)

//go:embed stdlib.txt.gz
var data []byte

// Sig is a signature, its receiver left out.
type Sig struct {
	Params, Results []string
	// GenericParams and GenericResults are Params and Results with the
	// type parameters written as "$" and their index among the
	// function's (or, for a method, its receiver type's) type
	// parameters, where Params and Results have "" ("[]$1" for a slice
	// of the second); nil when none is written with one.
	GenericParams, GenericResults []string
}

// Method is one method of a type's method set (its pointer's, for a
// concrete type).
type Method struct {
	Sig
	// Value is set when the method is in the value type's method set too.
	Value bool
	// Pointer is set when the method is declared on a pointer receiver.
	Pointer bool
	// Owner is the type the method is declared on when it is promoted
	// from an embedded type ("bufio.Reader" for a bufio.ReadWriter's
	// Read), "" when declared on the type itself.
	Owner string
	// Interface is set when the method is an interface's: the type's own
	// (an interface type) or one promoted from an embedded interface.
	Interface bool
}

// Type is a named type of the standard library.
type Type struct {
	Interface bool
	Fields    map[string]string
	Methods   map[string]Method
}

type table struct {
	types map[string]*Type
	funcs map[string]Sig
	vars  map[string]string
	alias map[string]string
}

var load = sync.OnceValue(func() *table { return parse(data) })

// parse reads stdlib.txt.gz's content.
func parse(data []byte) *table {
	t := &table{types: map[string]*Type{}, funcs: map[string]Sig{}, vars: map[string]string{}, alias: map[string]string{}}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return t
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var pkg string
	var cur *Type
	for sc.Scan() {
		line := sc.Text()
		if len(line) < 2 || line[1] != ' ' {
			continue
		}
		rest := strings.Split(line[2:], "\t")
		switch line[0] {
		case 'P':
			pkg = rest[0]
		case 'F':
			if len(rest) == 3 {
				t.funcs[pkg+"."+rest[0]] = sig(rest[1], rest[2])
			}
		case 'V':
			if len(rest) == 2 {
				t.vars[pkg+"."+rest[0]] = one(rest[1])
			}
		case 'A':
			if len(rest) == 2 {
				t.alias[pkg+"."+rest[0]] = rest[1]
			}
		case 'T', 'I':
			cur = &Type{Interface: line[0] == 'I', Fields: map[string]string{}, Methods: map[string]Method{}}
			t.types[pkg+"."+rest[0]] = cur
		case 'f':
			if cur != nil && len(rest) == 2 {
				cur.Fields[rest[0]] = one(rest[1])
			}
		case 'm':
			if cur == nil || len(rest) != 5 {
				continue
			}
			m := Method{Sig: sig(rest[3], rest[4])}
			m.Value = strings.Contains(rest[1], "v")
			m.Pointer = strings.Contains(rest[1], "p")
			m.Interface = strings.Contains(rest[1], "i")
			if rest[2] != "-" {
				m.Owner = rest[2]
			}
			cur.Methods[rest[0]] = m
		}
	}
	return t
}

func one(s string) string {
	if s == "?" {
		return ""
	}
	if !strings.Contains(s, "$") {
		return s
	}
	// A type parameter is not kept where Params and Results are read: a
	// func type's result of one is "" there, any other type is.
	results, isFunc := strings.CutPrefix(s, "func:")
	if !isFunc {
		return ""
	}
	parts := strings.Split(results, ",")
	for i, r := range parts {
		if strings.Contains(r, "$") {
			parts[i] = ""
		}
	}
	return "func:" + strings.Join(parts, ",")
}

// sig reads a signature's params and results, keeping them as written
// too when a type parameter is among them.
func sig(params, results string) Sig {
	s := Sig{Params: list(params), Results: list(results)}
	if strings.Contains(params, "$") || strings.Contains(results, "$") {
		s.GenericParams, s.GenericResults = raw(params), raw(results)
	}
	return s
}

func raw(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

func list(s string) []string {
	if s == "" {
		return nil
	}
	out := strings.Split(s, ",")
	for i := range out {
		out[i] = one(out[i])
	}
	return out
}

// Lookup is the named type key ("database/sql.Rows", or an alias of it),
// or nil.
func Lookup(key string) *Type {
	t := load()
	if a, ok := t.alias[key]; ok {
		key = a
	}
	return t.types[key]
}

// Alias is the type the alias key names ("os.FileMode" names
// "io/fs.FileMode"): types are written with aliases resolved.
func Alias(key string) (string, bool) {
	a, ok := load().alias[key]
	return a, ok
}

// Func is the signature of the package-level function key ("os.Open").
func Func(key string) (Sig, bool) {
	s, ok := load().funcs[key]
	return s, ok
}

// Var is the type of the package-level variable key ("os.Stdout").
func Var(key string) (string, bool) {
	v, ok := load().vars[key]
	return v, ok
}

// Result is the type of the i-th result of key, a function ("os.Open") or
// a method of a type ("database/sql.DB.QueryRow"); ok is false when key is
// neither, typ "" when that result's type is not kept.
func Result(key string, i int) (typ string, ok bool) {
	sig, ok := Func(key)
	if !ok {
		dot := strings.LastIndexByte(key, '.')
		if dot < 0 {
			return "", false
		}
		t := Lookup(key[:dot])
		if t == nil {
			return "", false
		}
		m, found := t.Methods[key[dot+1:]]
		if !found {
			return "", false
		}
		sig = m.Sig
	}
	if i >= len(sig.Results) {
		return "", true
	}
	return sig.Results[i], true
}

// ReceiverMethods is the method set of the receiver that a call of the
// method name on a value of type key has, as gopls relates a call to an
// interface (references.go's effectiveReceiver): the method set of the type
// that declares the method, its pointer's for a concrete type whatever the
// receiver, promoted methods included. iface is set when that type is an
// interface (key itself, or one key embeds). ok is false when key has no
// such method, or its declaring type cannot be named (an embedded
// interface literal).
func ReceiverMethods(key, name string) (set map[string]Sig, iface, ok bool) {
	t := Lookup(key)
	if t == nil {
		return nil, false, false
	}
	m, found := t.Methods[name]
	if !found {
		return nil, false, false
	}
	owner := t
	if m.Owner != "" {
		if owner = Lookup(m.Owner); owner == nil {
			return nil, false, false
		}
	}
	set = make(map[string]Sig, len(owner.Methods))
	for n, om := range owner.Methods {
		set[n] = om.Sig
	}
	return set, owner.Interface, true
}

// Generic is the signature of key, a function ("slices.Clone") or a
// method of a type ("sync/atomic.Pointer.Load"), when a parameter or
// result of it is written with a type parameter (Sig.GenericParams,
// Sig.GenericResults); ok is false otherwise.
func Generic(key string) (Sig, bool) {
	sig, ok := Func(key)
	if !ok {
		dot := strings.LastIndexByte(key, '.')
		if dot < 0 {
			return Sig{}, false
		}
		t := Lookup(key[:dot])
		if t == nil {
			return Sig{}, false
		}
		m, found := t.Methods[key[dot+1:]]
		if !found {
			return Sig{}, false
		}
		sig = m.Sig
	}
	return sig, sig.GenericResults != nil || sig.GenericParams != nil
}

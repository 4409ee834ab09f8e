// Command gen writes stdlib.txt.gz, the standard library's types, method
// sets and results that package gostd serves: run by go generate in its
// parent directory. It type-checks every package of `go list std` (the
// internal and vendored ones left out) from GOROOT's source, and writes
// each type in the resolver's canonical form (gostd's package comment).
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"log"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strconv"
	"strings"
)

func main() {
	out := flag.String("o", "stdlib.txt.gz", "the file to write")
	flag.Parse()
	list, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		log.Fatalf("gen: go list std: %v", err)
	}
	var paths []string
	for _, p := range strings.Fields(string(list)) {
		if public(p) {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	var text bytes.Buffer
	fmt.Fprintf(&text, "# %s; regenerate with go generate\n", strings.Fields(runtime.Version())[0])
	for _, p := range paths {
		pkg, err := imp.Import(p)
		if err != nil {
			log.Fatalf("gen: %s: %v", p, err)
		}
		writePackage(&text, pkg)
	}
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(text.Bytes())
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, gz.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}

// public reports whether an import path of std is one a program may import.
func public(p string) bool {
	for _, seg := range strings.Split(p, "/") {
		if seg == "internal" || seg == "vendor" {
			return false
		}
	}
	return !strings.HasPrefix(p, "cmd/")
}

// writePackage writes one package: "P path", then its functions ("F name
// params results"), variables ("V name type"), aliases ("A name type") and
// named types ("T name" or
// "I name" for an interface), each type followed by its fields ("f name
// type") and the method set of its pointer ("m name flags receiver params
// results"). The method sets of the unexported types that lend an exported
// type promoted methods are written too.
func writePackage(b *bytes.Buffer, pkg *types.Package) {
	fmt.Fprintf(b, "P %s\n", pkg.Path())
	scope := pkg.Scope()
	needed := map[*types.TypeName]bool{}
	var types_ []*types.TypeName
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
			sig := obj.Type().(*types.Signature)
			fmt.Fprintf(b, "F %s\t%s\t%s\n", name, params(sig), results(sig.Results()))
		case *types.Var:
			fmt.Fprintf(b, "V %s\t%s\n", name, canon(obj.Type()))
		case *types.TypeName:
			if obj.IsAlias() {
				if target := canon(obj.Type()); target != "?" {
					fmt.Fprintf(b, "A %s\t%s\n", name, target)
				}
				continue
			}
			types_ = append(types_, obj)
		}
	}
	for i := 0; i < len(types_); i++ {
		tn := types_[i]
		if _, isNamed := types.Unalias(tn.Type()).(*types.Named); !isNamed || tn.IsAlias() {
			continue // an alias is its target's type, written under its own package
		}
		named := tn.Type().(*types.Named)
		kind := "T"
		if types.IsInterface(named) {
			kind = "I"
		}
		fmt.Fprintf(b, "%s %s\n", kind, tn.Name())
		if st, ok := named.Underlying().(*types.Struct); ok {
			for j := 0; j < st.NumFields(); j++ {
				if f := st.Field(j); f.Exported() {
					fmt.Fprintf(b, "f %s\t%s\n", f.Name(), canon(f.Type()))
				}
			}
		}
		var mset *types.MethodSet
		if kind == "I" {
			mset = types.NewMethodSet(named)
		} else {
			mset = types.NewMethodSet(types.NewPointer(named))
		}
		value := types.NewMethodSet(named)
		for j := 0; j < mset.Len(); j++ {
			sel := mset.At(j)
			fn := sel.Obj().(*types.Func)
			if !fn.Exported() {
				continue
			}
			sig := fn.Type().(*types.Signature)
			flags := ""
			if value.Lookup(fn.Pkg(), fn.Name()) != nil {
				flags += "v"
			}
			// The receiver a call of the method has: its declaring type's.
			recv := sig.Recv().Type()
			if p, ok := recv.(*types.Pointer); ok {
				flags += "p"
				recv = p.Elem()
			}
			owner := ""
			if rn, ok := types.Unalias(recv).(*types.Named); ok {
				if rn.Origin() != named.Origin() {
					owner = key(rn.Obj())
					if rn.Obj().Pkg() == pkg && !rn.Obj().Exported() && !needed[rn.Obj()] {
						needed[rn.Obj()] = true
						types_ = append(types_, rn.Obj())
					}
				}
				if types.IsInterface(rn) {
					flags += "i"
				}
			} else if types.IsInterface(recv) {
				flags += "i" // a method of an embedded interface literal
				owner = "?"
			}
			if flags == "" {
				flags = "-"
			}
			if owner == "" {
				owner = "-"
			}
			fmt.Fprintf(b, "m %s\t%s\t%s\t%s\t%s\n", fn.Name(), flags, owner, params(sig), results(sig.Results()))
		}
	}
}

// key names a type by its import path and name: "database/sql.Rows".
func key(tn *types.TypeName) string {
	if tn.Pkg() == nil {
		return tn.Name()
	}
	return tn.Pkg().Path() + "." + tn.Name()
}

func params(sig *types.Signature) string {
	var out []string
	for i := 0; i < sig.Params().Len(); i++ {
		out = append(out, canon(sig.Params().At(i).Type()))
	}
	return strings.Join(out, ",")
}

func results(t *types.Tuple) string {
	var out []string
	for i := 0; i < t.Len(); i++ {
		out = append(out, result(t.At(i).Type()))
	}
	return strings.Join(out, ",")
}

// result is a result's type as the extractor keeps it: a func type or an
// interface or struct literal is not kept.
func result(t types.Type) string {
	if _, isAlias := t.(*types.Alias); !isAlias {
		switch t.(type) {
		case *types.Signature, *types.Interface, *types.Struct:
			return "?"
		}
	}
	return canon(t)
}

// canon writes a type as the resolver compares types (goCanonicalType):
// pointers and type arguments stripped, a slice, array, map or channel as
// "[]" and its element, a func type as "func:" and its results, a named
// type as its import path and name, a predeclared type by its name, the
// empty interface as "any". What it cannot name (a type parameter, a
// struct or interface literal) is "?".
func canon(t types.Type) string {
	switch t := t.(type) {
	case *types.Alias:
		if t.Obj().Pkg() == nil {
			return t.Obj().Name() // any
		}
		return canon(types.Unalias(t)) // os.FileMode is io/fs.FileMode
	case *types.Named:
		return key(t.Obj())
	case *types.Basic:
		return t.Name()
	case *types.Pointer:
		return canon(t.Elem())
	case *types.Slice:
		return collection(t.Elem())
	case *types.Array:
		return collection(t.Elem())
	case *types.Map:
		return collection(t.Elem())
	case *types.Chan:
		return collection(t.Elem())
	case *types.Signature:
		var rs []string
		for i := 0; i < t.Results().Len(); i++ {
			r := result(t.Results().At(i).Type())
			if r == "?" {
				r = ""
			}
			rs = append(rs, r)
		}
		return "func:" + strings.Join(rs, ",")
	case *types.Interface:
		if t.Empty() {
			return "any"
		}
	case *types.TypeParam:
		// S ~[]E: a slice of E, as its values are used; any other type
		// parameter by its index among its function's (or its
		// receiver type's) type parameters, "$0"
		if core := sliceCore(t); core != nil {
			return canon(core)
		}
		return "$" + strconv.Itoa(t.Index())
	}
	return "?"
}

// sliceCore is the one type of a type parameter constrained to a slice,
// map or channel (S ~[]E, M ~map[K]V): nil for any other constraint.
func sliceCore(tp *types.TypeParam) types.Type {
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok || iface.NumEmbeddeds() != 1 {
		return nil
	}
	u, ok := iface.EmbeddedType(0).(*types.Union)
	if !ok || u.Len() != 1 {
		return nil
	}
	switch t := u.Term(0).Type().Underlying().(type) {
	case *types.Slice, *types.Map, *types.Chan:
		return t
	}
	return nil
}

func collection(elem types.Type) string {
	if e := canon(elem); e != "?" {
		return "[]" + e
	}
	return "?"
}

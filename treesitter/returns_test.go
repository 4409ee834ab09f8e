package treesitter

import (
	"context"
	"testing"
)

// Declared result types let the resolver type x := NewStore() and friends.
func TestReturnsAndCallTypedLocals(t *testing.T) {
	cases := []struct {
		lang      Language
		src       string
		fn        string
		returns   string
		local     string
		localType string
	}{
		{Go, "package p\nfunc New() (*Store, error) { return nil, nil }\nfunc use() { s, err := New(); _ = err; _ = s }\n", "New", "Store,error", "s", "call:New"},
		{Go, "package p\nfunc New() (*Store, error) { return nil, nil }\nfunc use() { s, err := New(); _ = err; _ = s }\n", "New", "Store,error", "err", "call:New#1"},
		{Go, "package p\nfunc Make[K, V any](n int) *Map[K, V] { return nil }\nfunc use() { m := pkg.Make[K, V](1); n := Make[int, int](2); _, _ = m, n }\n", "Make", "Map", "m", "call:pkg.Make[K,V]"},
		{Go, "package p\nfunc Make[K, V any](n int) *Map[K, V] { return nil }\nfunc use() { n := Make[int, string](2); _ = n }\n", "Make", "Map", "n", "call:Make[int,string]"},
		{Go, "package p\nfunc check() (v *Value, diags Diagnostics) { diags.Error(); return }\n", "check", "Value,Diagnostics", "diags", "Diagnostics"},
		{Go, "package p\ntype Body interface { Content(s *Schema) (c *Content, d, e Diagnostics, f func()) }\nfunc use(b Body) { _, _, diags, _ := b.Content(nil); _ = diags }\n", "Content", "Content,Diagnostics,Diagnostics,", "diags", "call:b.Content#2"},
		{Go, "package p\nimport \"x/store\"\nfunc use() { s := store.Open() ; _ = s }\nfunc Open() store.DB { return nil }\n", "Open", "store.DB", "s", "call:store.Open"},
		{TypeScript, "async function load(): Promise<Repo> { return new Repo(); }\nfunction use() { const r = load(); }\n", "load", "Repo", "r", "call:load"},
		{TypeScript, "function make(): Repo[] { return []; }\nfunction use() { const r = this.factory.make(); }\n", "make", "Repo", "r", "call:this.factory.make"},
		// a function-typed member of an interface has its function type's
		// result; a name destructured from a parameter of the interface's
		// type is the interface's member
		{TypeScript, "interface Deps { readonly getJQuery: () => JQuery; }\nfunction use({ getJQuery: get }: Deps) { return get; }\n", "getJQuery", "JQuery", "get", "member:Deps:getJQuery"},
		// an interface's one call signature: calling its value gives Node
		{TypeScript, "interface JQuery { (target: string): Node; readonly ui: Ui; }\n", "JQuery", "func:Node", "", ""},
		// a function type alias: calling its value gives Node
		{TypeScript, "type JQuery = (selector: string) => Node;\nfunction use() {}\n", "use", "", "JQuery", "alias:func:Node"},
		{Python, "def build() -> Service:\n    return Service()\n\ndef use():\n    svc = build()\n", "build", "Service", "svc", "call:build"},
		{Java, "class A { Repo repo() { return null; } void use() { var r = this.repo(); } }", "repo", "Repo", "r", "call:this.repo"},
	}
	for _, tc := range cases {
		facts, err := Extract(context.Background(), tc.lang, []byte(tc.src))
		if err != nil {
			t.Fatalf("%s: %v", tc.lang, err)
		}
		var returns string
		for _, s := range facts.Symbols {
			if s.Name == tc.fn {
				returns = s.Returns
			}
		}
		if returns != tc.returns {
			t.Errorf("%s %s: Returns %q, want %q", tc.lang, tc.fn, returns, tc.returns)
		}
		var localType string
		for _, l := range facts.Locals {
			if l.Name == tc.local {
				_, _, localType, _ = CutScope(l.Type) // the scope is extract_test's concern
			}
		}
		if localType != tc.localType {
			t.Errorf("%s local %s: type %q, want %q (locals %+v)", tc.lang, tc.local, localType, tc.localType, facts.Locals)
		}
	}
}

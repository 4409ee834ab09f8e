package treesitter

import (
	"context"
	"testing"
)

// A value asserted to an interface type literal keeps the literal's method
// set, so the resolver can tell which types implement it.
func TestGoInterfaceLiteralType(t *testing.T) {
	src := []byte(`package p

import "io"

func f(x interface{}) {
	r := x.(interface {
		IsSilenced(p graphql.ResolveParams, names ...string) (bool, error)
		Close() error
		io.Reader
	})
	var e interface{}
	_, _ = r, e
}
`)
	facts, err := Extract(context.Background(), Go, src)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, l := range facts.Locals {
		_, _, typ, _ := CutScope(l.Type)
		got[l.Name] = typ
	}
	for name, want := range map[string]string{
		"r": "interface{IsSilenced(graphql.ResolveParams,[]string)bool,error;Close()error;~io.Reader}",
		"e": "interface{}",
	} {
		if got[name] != want {
			t.Errorf("local %s: type %q, want %q", name, got[name], want)
		}
	}
}

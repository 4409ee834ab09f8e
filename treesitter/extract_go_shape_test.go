package treesitter

import (
	"context"
	"slices"
	"testing"
)

// A Go method's Shapes say how each parameter's and result's type is
// written around its names, which Param.Type and Returns leave out: go/types
// tells Details(c *Ctx) and Details(c Ctx) apart.
func TestGoMethodShapes(t *testing.T) {
	src := []byte(`package p

import f "example.com/shared"

type Box[T any] struct{}

type I interface {
	Details(c *f.Ctx) error
	Bare(c Ctx, n int, s string) (f.Ctx, error)
	Tags(prefix string, names ...string)
	Index(m map[string]*Ctx, xs []byte, a [4]int, b [N]int)
	Feed(in <-chan int, out chan<- Ctx, both chan *Ctx)
	Each(fn func(*Ctx, ...rune) (bool, error)) func() error
	Boxes(b *Box[int], c Box[Ctx]) any
	Misparsed(string, map[string]any)
}

func (b *Box[T]) Get(x T, xs []T, c *Ctx) *T { return nil }

func (b Box[T]) Plain(x int) error { return nil }
`)
	facts, err := Extract(context.Background(), Go, src)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, s := range facts.Symbols {
		if s.Kind == KindMethod {
			got[s.Name] = s.Shapes
		}
	}
	for name, want := range map[string][]string{
		"Details":   {"*@", ""},
		"Bare":      nil,
		"Tags":      {"", "...string"},
		"Index":     {"map[string]*@", "[]uint8", "[4]int", GoShapeUnknown},
		"Feed":      {"<-chan int", "chan<- @", "chan *@"},
		"Each":      {"func(*@,...int32)(bool,error)", "func()(error)"},
		"Boxes":     {"*@[int]", "@[@]", ""},
		"Misparsed": {"", GoShapeUnknown},
		"Get":       {GoShapeUnknown, GoShapeUnknown, "*@", GoShapeUnknown},
		"Plain":     nil,
	} {
		if !slices.Equal(got[name], want) {
			t.Errorf("%s: shapes %q, want %q", name, got[name], want)
		}
	}
}

package treesitter

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

// Parsers are pooled per grammar; a parse cancelled midway leaves its
// parser with a parse to resume, which must not leak into the next file
// the parser is given: that file's facts must be what a fresh parser
// gives, in every language.
func TestPooledParserAfterACancelledParse(t *testing.T) {
	for _, tc := range []struct {
		lang      Language
		big, next string
	}{
		{TypeScript, "function f() { g(a, b, c); }\n", "class A {\n  m(x: number) { return this.n(x) + h(1); }\n}\nexport const k = () => A.make();\n"},
		{Python, "def f():\n    g(a, b, c)\n", "class A:\n    def m(self, x):\n        return self.n(x) + h(1)\n\nk = A.make()\n"},
		{Go, "func f() { g(a, b, c) }\n", "package p\n\ntype A struct{}\n\nfunc (a A) M(x int) int { return a.n(x) + h(1) }\n"},
	} {
		want, err := Extract(context.Background(), tc.lang, []byte(tc.next))
		if err != nil {
			t.Fatal(err)
		}
		big := strings.Repeat(tc.big, 100000)
		if tc.lang == Go {
			big = "package p\n\n" + big
		}
		for cancelled := 0; cancelled < 3; {
			ctx, cancel := context.WithCancel(context.Background())
			timer := time.AfterFunc(2*time.Millisecond, cancel)
			_, err := Extract(ctx, tc.lang, []byte(big))
			timer.Stop()
			cancel()
			if err == nil {
				continue // parsed before the cancel came: try again
			}
			if !errors.Is(err, context.Canceled) {
				t.Fatal(err)
			}
			cancelled++
			got, err := Extract(context.Background(), tc.lang, []byte(tc.next))
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: facts after a cancelled parse differ from a fresh parser's (err %v):\n got %+v\nwant %+v", tc.lang, err, got, want)
			}
		}
	}
}

package treesitter

import (
	"context"
	"slices"
)

// The flatten (tree.go) has two walks over a parsed tree. cc_flatten goes
// through tree-sitter's TSTreeCursor, its public API. cc_flatten_direct
// reads the parser's subtrees themselves, through copies of tree-sitter's
// internal layouts (subtree.h) and of the grammar ABI (parser.h, version
// 14) in the version go.mod pins: it writes the same nodes for well under
// half the CPU (the cursor rebuilds its view of a node's children at every
// step and walks up the stack for each node's field): the flatten was about
// a fifth of the parse on medusa, and a tenth or less after
// (docs/PERFORMANCE.md, session 19).
//
// The direct walk is only as good as those copies. So a grammar uses it
// only once directWalkAgrees has seen, when the grammar is first compiled,
// that the language's head reads as mirrored and that a sample of the
// language, with aliases, fields, comments and a syntax error, flattens to
// the same nodes both ways; otherwise its trees take the cursor's walk.
// TestDirectWalkAgreesWithCursor checks both walks on every fixture, so an
// upgrade of go-tree-sitter that moves the layouts fails the tests.

// walkSamples are the sources directWalkAgrees flattens both ways, one
// per grammar's language.
var walkSamples = map[Language]string{
	TypeScript: "import * as ns from './x';\n// note\n@Injectable()\nexport class A<T> extends B implements C {\n" +
		"  private readonly x: Map<string, T[]> = new Map();\n  constructor(private s: S) { super(); }\n" +
		"  @OnEvent('a.b') async m(x?: number, ...r: any[]): Promise<void> { /* c */ await this.s.f?.(x!, `t${x}`); }\n" +
		"}\nconst f = async ({ a, b: [c] }: P) => a ?? c;\ntype K = keyof typeof f;\nif (x) { y(",
	JavaScript: "const { a, b: c } = require('./x');\n// note\nexport default class A extends B {\n  #p = 1;\n" +
		"  static async *m(x = 1, ...r) { yield* this.#p?.f(x, `t${x}`); }\n}\n" +
		"const el = <Comp a={1} {...p}>text {v}</Comp>;\nfor (const k of o) k();\nif (x) { y(",
	Python: "import a.b as c\nfrom . import d\n# note\n@decorator(1)\nclass A(B, metaclass=M):\n" +
		"    x: int = 1\n    async def m(self, x: int = 2, *a, **k) -> 'A':\n        \"\"\"doc\"\"\"\n" +
		"        return [y async for y in self.f(x, k=lambda z: z)] if x else None\n" +
		"def g(): print(f'{x!r}')\nif x:\n  y(",
	Go: "package p\n\nimport (\n\t\"fmt\"\n\tx \"a/b\"\n)\n\n// note\ntype S struct {\n\tA int `json:\"a\"`\n\tx.B\n}\n\n" +
		"func (s *S) M(a, b int, f func() error) (int, error) {\n\tgo func() { defer fmt.Println(s.A) }()\n" +
		"\tswitch v := any(a).(type) {\n\tcase int:\n\t\treturn v, nil\n\t}\n\treturn S{A: 1}.A, f()\n}\n\nfunc g() { h(",
	Java: "package a.b;\nimport java.util.*;\n// note\n@Service\npublic class A<T> extends B implements C {\n" +
		"  @Autowired private final Map<String, List<T>> m = new HashMap<>();\n" +
		"  @KafkaListener(topics = \"t\") public void h(final String s, int... r) throws E {\n" +
		"    /* c */ this.m.forEach((k, v) -> f(k, v::size)); }\n  enum E { X, Y }\n}\nclass D { void g() { h(",
}

// directWalkAgrees reports whether g's trees may be flattened by the
// direct walk. It parses, so it runs once per grammar (compiled).
func directWalkAgrees(g *grammar) bool {
	sample, ok := walkSamples[g.language]
	if g.language == TSX { // TypeScript with JSX
		sample, ok = "const el = <Comp a={1} {...p}>text {v}</Comp>;\n"+walkSamples[TypeScript], true
	}
	if !ok || !languageHeadMirrored(g) {
		return false
	}
	tree, err := parseC(context.Background(), g, []byte(sample))
	if err != nil {
		return false
	}
	defer tree.delete()
	cursor, direct, _ := flattenBothWays(tree, g, 1) // a small array: the count-then-grow path too
	return len(cursor) > 1 && slices.Equal(cursor, direct)
}

package resolve

import "testing"

// The handle a declared callback gets is its first parameter's type, read
// through the utility types that keep a type's members: Prisma's generated
// $transaction declares (prisma: Omit<PrismaClient, ...>) => ...
func TestJSCallbackFirstParamType(t *testing.T) {
	for _, tc := range []struct{ fn, want string }{
		{`(prisma: Omit<PrismaClient, runtime.ITXClientDenyList>) => runtime.Types.Utils.JsPromise<R>`, "PrismaClient"},
		{`(prisma: Omit<PrismaClient, "$connect" | "$transaction">) => Promise<R>`, "PrismaClient"},
		{`(tx: Readonly<Partial<Db<Ext>>>, opts: Options) => void`, "Db"},
		{`(manager: EntityManager) => Promise<T>`, "EntityManager"},
		{`(cb: (x: Foo) => void, y: Bar) => void`, ""}, // a callback's own callback: no type name
		{`(x) => void`, ""},
		{`() => void`, ""},
		{`[...P]`, ""},
		{`Array<Foo>`, ""},
		{`(x: { a: Foo }) => void`, ""},
	} {
		if got := jsCallbackFirstParamType(tc.fn); got != tc.want {
			t.Errorf("jsCallbackFirstParamType(%q) = %q, want %q", tc.fn, got, tc.want)
		}
	}
}

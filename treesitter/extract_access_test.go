package treesitter

import "testing"

// The member reads and writes that may run an accessor are recorded as
// rows named .name and .=name (AccessReadPrefix, AccessWritePrefix), and
// what cannot run one is left out: a call's callee, a capitalized member
// or one read off a chain rooted at a capitalized name, a platform
// global's member, and
// this.x in a class that extends nothing and declares no accessor x.
func TestExtractTypeScriptAccesses(t *testing.T) {
	runExtractCases(t, []extractCase{{
		name: "reads and writes",
		lang: TypeScript,
		src: `export class Bank {
  private items: number[] = [];
  get size(): number { return this.items.length; }
  total(): number { return this.size + this.items.length; }
}
export class Plain {
  n = 0;
  bump() { this.n++; }
}
export class Vault extends Bank {
  peek() { return this.items; }
}
export function use(bank: Bank, el: Plain) {
  const s = Status.Active;
  const env = process.env.home;
  bank.size;
  el.n = 2;
  el.n += bank.total();
  return Config.defaults.size;
}
`,
		symbols: []string{
			"class Bank L0:13",
			"method Bank.size L2:6 in Bank get",
			"method Bank.total L3:2 in Bank",
			"class Plain L5:13",
			"method Plain.bump L7:2 in Plain",
			"class Vault L9:13 extends Bank",
			"method Vault.peek L10:2 in Vault",
			"function use L12:16 (bank:Bank, el:Plain)",
		},
		calls: []string{
			"this.items|ref length @L2:41 in size",
			"this.items|.length @L2:41 in size",
			"this|.size @L3:32 in total",
			"this.items|.length @L3:50 in total",
			"this|ref items @L10:23 in peek",
			"this|.items @L10:23 in peek",
			"bank|.size @L15:7 in use",
			"el|.=n @L16:5 in use",
			"el|.=n @L17:5 in use",
			"bank|total @L17:15 in use",
		},
	}})
}

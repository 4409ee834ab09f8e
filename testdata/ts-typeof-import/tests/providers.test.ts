let mod: typeof import('../src/lib/providers');

export async function setup(): Promise<void> {
  mod = await import('../src/lib/providers');
}

export function check(): boolean {  // @def(check, "check")
  return mod.isProviderAvailable('google');  // @site(c1, "isProviderAvailable") @call(check, isAvailable, c1)
}

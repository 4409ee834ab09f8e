import { AIProvider } from './provider';
import { ensureConfigured, pick, Registry } from './registry';

export async function direct(name: string) { // @def(direct, "direct")
  const resolved = await ensureConfigured(name);
  if (!resolved) {
    return '';
  }
  return resolved.provider.generate(name); // @site(d1, "generate") @dispatch(direct, sakuraGenerate, d1) @call(direct, ifaceGenerate, d1)
}

export async function viaLocal(name: string) { // @def(viaLocal, "viaLocal")
  const resolved = await ensureConfigured(name);
  if (!resolved) {
    return '';
  }
  const provider = resolved.provider;
  return provider.generate(resolved.model); // @site(l1, "generate") @dispatch(viaLocal, sakuraGenerate, l1) @call(viaLocal, ifaceGenerate, l1)
}

export function nullable(name: string) { // @def(nullable, "nullable")
  const picked = pick(name);
  return picked?.provider.generate(name); // @site(n1, "generate") @dispatch(nullable, sakuraGenerate, n1) @call(nullable, ifaceGenerate, n1)
}

export function param(r: { provider: AIProvider; model: string }) { // @def(param, "param")
  return r.provider.generate(r.model); // @site(p1, "generate") @dispatch(param, sakuraGenerate, p1) @call(param, ifaceGenerate, p1)
}

export function nested(r: { inner: { provider: AIProvider } }) { // @def(nested, "nested")
  return r.inner.provider.generate(''); // @site(s1, "generate") @dispatch(nested, sakuraGenerate, s1) @call(nested, ifaceGenerate, s1)
}

export function local(p: AIProvider) { // @def(local, "local")
  const held: { provider: AIProvider } = { provider: p };
  return held.provider.generate(''); // @site(o1, "generate") @dispatch(local, sakuraGenerate, o1) @call(local, ifaceGenerate, o1)
}

export class Holder {
  private state: { provider: AIProvider } | undefined;

  run() { // @def(holderRun, "run")
    return this.state?.provider.generate(''); // @site(h1, "generate") @dispatch(holderRun, sakuraGenerate, h1) @call(holderRun, ifaceGenerate, h1)
  }
}

export class Panel {
  constructor(private readonly ai: Registry) {}

  async ask() {
    const resolved = this.ai.resolve();
    if (!resolved) {
      return '';
    }
    const call = (extra?: string) => // @def(panelCall, "call")
      resolved.provider.generate(extra ?? ''); // @site(c1, "generate") @call(panelCall, ifaceGenerate, c1) @dispatch(panelCall, sakuraGenerate, c1)
    return call();
  }
}

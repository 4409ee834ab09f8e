import { AIProvider, SakuraProvider } from './provider';

export async function ensureConfigured(name: string): Promise<{ provider: AIProvider; model: string } | undefined> {
  if (!name) {
    return undefined;
  }
  return { provider: new SakuraProvider(), model: name };
}

export function pick(name: string): { provider: AIProvider } | null {
  return name ? { provider: new SakuraProvider() } : null;
}

export class Registry {
  resolve(): { provider: AIProvider; model: string } | undefined {
    return { provider: new SakuraProvider(), model: '' };
  }
}

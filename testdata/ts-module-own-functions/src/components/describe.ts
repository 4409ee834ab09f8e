export function describe(at: string, opts: { format: (v: string) => string }) {
  return opts.format(at);
}

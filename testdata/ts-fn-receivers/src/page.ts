export class Page {
  constructor(private readonly res: any) {}

  show(): string | undefined {
    console.error('failed');
    return this.res.error;
  }

  retry(): void {
    this.error();
  }
}

export async function load(logger: any) { // @def(load, "load")
  logger.error('loading');
  const m = await import('./log');
  return m.error('loaded'); // @site(lazyError, "error") @call(load, logError, lazyError)
}

export class MetricsClient {
  load(range: string): number[] { // @def(load, "load")
    return range.split(',').map(Number);
  }
}

export function summarize(values: number[]): string { // @def(summarize, "summarize")
  return values.join(' ');
}

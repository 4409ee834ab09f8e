import { format as formatDate } from './dates';

export function format(n: number): string { // @def(reportFormat, "format") @nocallers(reportFormat)
  return formatDate(new Date(n)); // @site(r1, "formatDate") @call(reportFormat, libFormat, r1)
}

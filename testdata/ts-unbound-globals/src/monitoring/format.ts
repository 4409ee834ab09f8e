export function format(message: string): string {
  return `[app] ${message}`;
}

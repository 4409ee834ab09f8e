import { format } from './format';

// A module's function: reached by importing it, never by a bare name.
export function log(message: string): void { // @def(log, "log")
  console.info(format(message));
}

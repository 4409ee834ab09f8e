// A module's function: other things' error (the console's, a field's, a
// class's own) are no calls of it.
export function error(message: string): string { // @def(logError, "error")
  return message;
}

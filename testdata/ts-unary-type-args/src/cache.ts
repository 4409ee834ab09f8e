export function getCached<T>(key: string): T | null { // @def(getCached, "getCached")
  return null;
}

export class Store {
  read<T>(key: string): T | null { // @def(read, "read")
    return null;
  }
}

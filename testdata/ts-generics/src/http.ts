export class HttpProvider {
  protected async get<T>(url: string): Promise<T> { // @def(get, "get")
    return JSON.parse(url) as T;
  }
}

export async function fetchJson<T>(url: string): Promise<T> { // @def(fetchJson, "fetchJson")
  return JSON.parse(url) as T;
}

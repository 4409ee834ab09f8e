export class ApiClientBase {
  protected async request<T>(path: string): Promise<T> {
    return JSON.parse(path) as T;
  }
}

export type ApiClientBaseConstructor = new (...args: any[]) => ApiClientBase;

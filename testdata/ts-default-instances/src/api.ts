export class ApiService {
  get(path: string): string { // @def(apiGet, "get")
    return path;
  }
}

export default new ApiService();

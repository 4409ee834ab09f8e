import { DebuggerApp, setUp } from "./app";

const newInstance = setUp<DebuggerApp>("debugger-app");

// A callback's parameter typed as written: the calls on it are of that
// type's methods, listed under the function around the callback.
export function loads(): void { // @def(loads, "loads")
  newInstance((self: DebuggerApp) => {
    self.setQuery("?local-storage"); // @site(s1, "setQuery")
  });
  newInstance(function (app: DebuggerApp) {
    app.setQuery("?x"); // @site(s2, "setQuery")
  });
  [1, 2].forEach((n: number, _i: number, _all: number[], app?: DebuggerApp) => app?.setQuery(String(n))); // @site(s3, "setQuery") @call(loads, setQuery, s1, s2, s3)
}

// A parameter typed as an outside type is not a workspace class.
export function outside(): void { // @def(outside, "outside") @callers(outside)
  newInstance((self: URLSearchParams) => {
    self.set("a", "b");
  });
}

// @module(appFile)
// A dynamic import gives the module: the parameter of its then's callback,
// or what awaiting it gives, holds the module's exports. tsserver lists a
// property access that names an exported function (m.LoginPage, read and
// not called) as an incoming call, and a call through it as a call.
import * as factories from "./adapter";

declare function lazy<T>(load: () => Promise<{ default: T }>): T;

export const Login = lazy(() =>
  import("@/pages/LoginPage").then((m) => ({
    default: m.LoginPage, // @site(loginRef, "LoginPage") @ref(appFile, loginPage, loginRef)
  })),
);
export const Chat = lazy(() =>
  import("./pages/ChatPage").then(m => ({
    default: m.ChatPage, // @site(chatRef, "ChatPage") @ref(appFile, chatPage, chatRef)
  })),
);

export async function runJob(): Promise<void> { // @def(runJob, "runJob")
  const jobs = await import("./jobs");
  jobs.cleanup(); // @site(jobCleanup, "cleanup") @call(runJob, cleanup, jobCleanup)
}

export function later(): Promise<number> { // @def(later, "later")
  return import("./jobs").then(function (mod) {
    return mod.count(); // @site(laterCount, "count") @call(later, count, laterCount)
  });
}

// const { a, b: c } = await import("x") (a test loads the module after
// setting its environment): each name holds the module's export. tsserver
// lists no call of such a name (its definition there is the binding), but
// what the call gives is the export's result: adapter is an Adapter.
export async function probe(): Promise<boolean> { // @def(probe, "probe")
  const { createHttpAdapter } = await import("./adapter");
  const { count: total } = await import("./jobs");
  total();
  const adapter = createHttpAdapter();
  return adapter.healthCheck(); // @site(probeHealth, "healthCheck") @call(probe, healthCheck, probeHealth)
}

// The same through a namespace import destructured.
export async function probeNs(): Promise<boolean> { // @def(probeNs, "probeNs")
  const { createHttpAdapter: make } = factories;
  return make().healthCheck(); // @site(probeNsHealth, "healthCheck") @call(probeNs, healthCheck, probeNsHealth)
}

// A module's function handed on under a type assertion is a reference, as
// it is without one (tsserver lists the property access wherever it is).
export async function defaultDeps(): Promise<{ total: () => number; clean: () => void }> { // @def(defaultDeps, "defaultDeps")
  const jobs = await import("./jobs");
  return {
    total: jobs.count as () => number, // @site(depsCount, "count") @ref(defaultDeps, count, depsCount)
    clean: jobs.cleanup satisfies () => void, // @site(depsClean, "cleanup") @ref(defaultDeps, cleanup, depsClean)
  };
}

// A module's default read through the module, awaited in place
// ((await import("./page")).default) or held in a local (mod.default()):
// tsserver lists the property access (a test rendering a Next.js page
// after mocking its modules). The const's own call, Profile(), stops at
// its binding and is listed under no function.
export async function renderProfile(): Promise<string> { // @def(renderProfile, "renderProfile")
  const Profile = (await import("@/pages/ProfilePage")).default; // @site(profileRead, "default") @ref(renderProfile, profilePage, profileRead)
  return Profile();
}

export async function renderAdmin(): Promise<string> { // @def(renderAdmin, "renderAdmin")
  const page = await import("./pages/AdminPage");
  return page.default(); // @site(adminCall, "default") @call(renderAdmin, adminPage, adminCall)
}

// A module's export called on the module awaited in place.
export async function cleanNow(): Promise<void> { // @def(cleanNow, "cleanNow")
  (await import("./jobs")).cleanup(); // @site(cleanNowCall, "cleanup") @call(cleanNow, cleanup, cleanNowCall)
}

// @module(appFile)
// A dynamic import gives the module: the parameter of its then's callback,
// or what awaiting it gives, holds the module's exports. tsserver lists a
// property access that names an exported function (m.LoginPage, read and
// not called) as an incoming call, and a call through it as a call.
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

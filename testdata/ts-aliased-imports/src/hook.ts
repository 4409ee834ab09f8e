import { unreadAnswerCount as unreadAnswerCountOf } from "./logic";

// The local takes the imported function's own name, the call is written
// with the alias: it calls the import, not the local being declared.
export function useSession(unreadState: number[]): number { // @def(useSession, "useSession")
  const unreadAnswerCount = unreadAnswerCountOf(unreadState); // @site(u1, "unreadAnswerCountOf") @call(useSession, unread, u1)
  return unreadAnswerCount;
}


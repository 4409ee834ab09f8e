export function unreadAnswerCount(state: number[]): number { // @def(unread, "unreadAnswerCount")
  return state.length;
}

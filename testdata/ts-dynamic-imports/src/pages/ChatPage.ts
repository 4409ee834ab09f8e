export function ChatPage(): string { // @def(chatPage, "ChatPage")
  return "chat";
}

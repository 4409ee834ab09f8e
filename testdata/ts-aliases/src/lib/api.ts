export function getUser(): string { // @def(libGetUser, "getUser") @nocallers(libGetUser)
  return 'other';
}

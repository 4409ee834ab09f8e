export async function getUser(): Promise<string> { // @def(getUser, "getUser")
  return 'me';
}

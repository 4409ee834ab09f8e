export function LoginPage(): string { // @def(loginPage, "LoginPage")
  return "login";
}

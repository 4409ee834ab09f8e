export default function AdminPage(): string { // @def(adminPage, "AdminPage") @callers(adminPage, renderAdmin)
  return "admin";
}

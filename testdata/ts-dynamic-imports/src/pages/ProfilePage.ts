export default async function ProfilePage(): Promise<string> { // @def(profilePage, "ProfilePage") @callers(profilePage, renderProfile)
  return "profile";
}

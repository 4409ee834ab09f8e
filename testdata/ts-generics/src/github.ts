import { HttpProvider, fetchJson } from "./http";

interface User {
  login: string;
}

export class GitHubProvider extends HttpProvider {
  async profile(): Promise<string> { // @def(profile, "profile")
    const user = await this.get<User>("/user"); // @site(profileGet, "get") @call(profile, get, profileGet)
    return user.login;
  }

  emails(): Promise<string[]> { // @def(emails, "emails")
    return this.get<string[]>("/emails"); // @site(emailsGet, "get") @call(emails, get, emailsGet)
  }
}

export async function orgs(): Promise<string[]> { // @def(orgs, "orgs")
  return await fetchJson<string[]>("/orgs"); // @site(orgsFetch, "fetchJson") @call(orgs, fetchJson, orgsFetch)
}

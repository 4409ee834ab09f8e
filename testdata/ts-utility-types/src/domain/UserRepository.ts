export interface UserRepository {
  create(login: string): Promise<{ id: number }>; // @def(create, "create")
  updatePassword(id: number, hashed: string): Promise<void>; // @def(updatePassword, "updatePassword")
  findById(id: number): Promise<string | null>; // @def(findById, "findById")
}

export class Other {
  create(login: string): string { // @def(otherCreate, "create") @nocallers(otherCreate)
    return login;
  }
}

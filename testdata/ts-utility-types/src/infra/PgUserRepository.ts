import type { UserRepository } from "domain/UserRepository";

export class PgUserRepository implements UserRepository {
  async create(login: string): Promise<{ id: number }> { // @def(pgCreate, "create")
    return { id: login.length };
  }
  async updatePassword(id: number, hashed: string): Promise<void> { // @def(pgUpdate, "updatePassword")
    void id;
    void hashed;
  }
  async findById(id: number): Promise<string | null> { // @def(pgFind, "findById")
    return String(id);
  }
}

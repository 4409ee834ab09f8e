import type { UserRepository } from "domain/UserRepository";

export class RegisterUser {
  constructor(private userRepository: Pick<UserRepository, "create">) {}

  async execute(login: string) { // @def(register, "execute")
    const { id } = await this.userRepository.create(login); // @site(r1, "create") @call(register, create, r1) @dispatch(register, pgCreate, r1)
    return id;
  }
}

export class ChangePassword {
  constructor(private readonly users: Omit<UserRepository, "create" | "findById">) {}

  async execute(id: number) { // @def(change, "execute")
    await this.users.updatePassword(id, "x"); // @site(c1, "updatePassword") @call(change, updatePassword, c1) @dispatch(change, pgUpdate, c1)
  }
}

export async function lookUp(repo: Readonly<UserRepository>, draft: Partial<UserRepository>) { // @def(lookUp, "lookUp")
  await repo.findById(1); // @site(f1, "findById")
  await draft.findById?.(2); // @site(f2, "findById") @call(lookUp, findById, f1, f2) @dispatch(lookUp, pgFind, f1, f2)
}

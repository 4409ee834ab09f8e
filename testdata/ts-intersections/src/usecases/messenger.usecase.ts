import type { ChatRepositoryPort, MessengerRepositoryPort } from '../ports/ports';

type MessengerRepository = ChatRepositoryPort & MessengerRepositoryPort;

export class MessengerUseCase {
  constructor(private readonly repository: MessengerRepository) {}

  async join(roomId: string, userId: string): Promise<boolean> { // @def(join, "join")
    return this.repository.upsertMembership(roomId, userId); // @site(j1, "upsertMembership") @call(join, portUpsert, j1) @dispatch(join, repoUpsert, j1)
  }

  async contacts(orgId: string, repo: ChatRepositoryPort & MessengerRepositoryPort & { id: string }): Promise<string[]> { // @def(contacts, "contacts")
    return repo.listContacts(orgId); // @site(c1, "listContacts") @call(contacts, portList, c1) @dispatch(contacts, repoList, c1)
  }
}

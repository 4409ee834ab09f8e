import type { ChatRepositoryPort, MessengerRepositoryPort } from '../ports/ports';

export class ChatRepository implements ChatRepositoryPort, MessengerRepositoryPort {
  async upsertMembership(roomId: string, userId: string): Promise<boolean> { // @def(repoUpsert, "upsertMembership")
    return roomId === userId;
  }

  async listContacts(orgId: string): Promise<string[]> { // @def(repoList, "listContacts")
    return [orgId];
  }
}

export class AuditRepository {
  async upsertMembership(roomId: string): Promise<boolean> { // @def(auditUpsert, "upsertMembership") @nocallers(auditUpsert)
    return roomId.length > 0;
  }
}

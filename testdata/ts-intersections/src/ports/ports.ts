export interface ChatRepositoryPort {
  upsertMembership(roomId: string, userId: string): Promise<boolean>; // @def(portUpsert, "upsertMembership")
}

export interface MessengerRepositoryPort {
  listContacts(orgId: string): Promise<string[]>; // @def(portList, "listContacts")
}

export interface Queryable {
  query(sql: string, args: unknown[]): Promise<{ rowCount: number }>;
}

// A repository is the object its factory returns; its type is named after
// the factory's result, not declared.
export function createInvitationsRepo(db: Queryable) {
  return {
    async hasPendingForEmail(email: string): Promise<boolean> { // @def(invPending, "hasPendingForEmail")
      const result = await db.query('select 1', [email]);
      return result.rowCount > 0;
    },
  };
}

export type InvitationsRepo = ReturnType<typeof createInvitationsRepo>;

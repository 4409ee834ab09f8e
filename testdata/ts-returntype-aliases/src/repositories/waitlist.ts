import type { Queryable } from './invitations.js';

// The same method name on another factory's object: calls through an
// InvitationsRepo are never this one's.
export function createWaitlistRepo(db: Queryable) {
  return {
    async hasPendingForEmail(email: string): Promise<boolean> { // @def(waitPending, "hasPendingForEmail")
      const result = await db.query('select 2', [email]);
      return result.rowCount > 0;
    },
  };
}

export type WaitlistRepo = ReturnType<typeof createWaitlistRepo>;

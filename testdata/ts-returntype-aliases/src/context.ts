import { createInvitationsRepo, type InvitationsRepo } from './repositories/invitations.js';
import { createWaitlistRepo, type WaitlistRepo } from './repositories/waitlist.js';
import type { Queryable } from './repositories/invitations.js';

export interface AppContext {
  invitations: InvitationsRepo;
  waitlist: WaitlistRepo;
}

export function buildAppContext(pool: Queryable): AppContext {
  return { invitations: createInvitationsRepo(pool), waitlist: createWaitlistRepo(pool) };
}

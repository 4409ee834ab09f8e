import type { AppContext } from '../context.js';
import type { InvitationsRepo as Invitations } from '../repositories/invitations.js';

export function createInvitationsRouter(ctx: AppContext) { // @def(router, "createInvitationsRouter")
  return async (email: string) => {
    // a field typed by the alias
    const pending = await ctx.invitations.hasPendingForEmail(email); // @site(viaField, "hasPendingForEmail") @call(router, invPending, viaField)
    const waiting = await ctx.waitlist.hasPendingForEmail(email); // @site(viaWaitlist, "hasPendingForEmail") @call(router, waitPending, viaWaitlist)
    return pending || waiting;
  };
}

// a parameter typed by the alias imported under another name
export function check(repo: Invitations, email: string) { // @def(check, "check")
  return repo.hasPendingForEmail(email); // @site(viaParam, "hasPendingForEmail") @call(check, invPending, viaParam)
}

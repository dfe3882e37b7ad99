import type { Actor } from '../../lib/actor';

// Who may: every signed-in user, with or without a company and whatever their role, changes their own
// name, phone and avatar, and nobody else's: no route names another user. A platform admin viewing as
// someone may correct them for support; the person's password, factors and sessions stay theirs
// (features/auth/auth.policy.ts).

/** The one profile a request reads and changes: the signed-in user's. */
export function profileOwner(actor: Actor): string {
  return actor.userId;
}

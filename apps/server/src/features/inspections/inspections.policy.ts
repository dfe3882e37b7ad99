import type { Actor } from '../../lib/actor';

// Who may: every member of the company starts inspection sessions and works on any of them, whatever
// their role: a crew shares a roof (one rep measures while another shoots the collateral), and the
// office completes what the field started. A new session's inspector is the person who starts it.

export function inspectorOf(actor: Actor): string {
  return actor.userId;
}

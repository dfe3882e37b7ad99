import type { Actor } from '../../lib/actor';

/** Deactivated tutorials are hidden from everyone but platform admins, who manage them. */
export function canSeeInactiveTutorials(actor: Actor): boolean {
  return actor.role === 'admin';
}

import type { Actor } from '../../lib/actor';

// Who may: every member of the company reads its dashboard, whatever their role: the claim files by
// status, the newest claim files and activity, and the plan's active files are what every member
// works with (no money and no figures of a colleague's). The tasks it lists are the reader's own.

/** Whose open tasks the dashboard lists: the reader's. */
export function dashboardTasksOf(actor: Actor): string {
  return actor.userId;
}

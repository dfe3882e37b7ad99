import type { ActivityKind } from '@ridgeline/shared/contracts/projects';
import type { DbTx } from '../infra/db/client';
import { projectActivity } from '../infra/db/schema/index';

// A project's timeline is written by several features (the project's own changes, its tasks and
// files, attached inspections, service orders): one insert they all use.

export type NewActivity = {
  companyId: string;
  projectId: string;
  actorId: string | null;
  kind: ActivityKind;
  field?: string | null;
  oldValue?: string | null;
  newValue?: string | null;
  body?: string | null;
  meta?: Record<string, unknown> | null;
};

/**
 * Records activity on a project. It takes a transaction only: an activity row is written in the same
 * transaction as the change it records, so a change never lands without its row (nor a row without it).
 */
export async function insertActivity(tx: DbTx, rows: NewActivity | NewActivity[]): Promise<void> {
  const list = Array.isArray(rows) ? rows : [rows];
  if (list.length === 0) return;
  await tx.insert(projectActivity).values(list);
}

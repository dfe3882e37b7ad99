import type { InspectionActivityEntry } from '@ridgeline/shared/contracts/inspections';
import type { DbTx } from '../infra/db/client';
import { inspectionActivity } from '../infra/db/schema/index';

// An inspection session's timeline is written by the sessions feature (creation, field changes, the
// edits a later one overwrote) and by the photos feature (uploads, deletions, moves): one insert both use.

export type NewInspectionActivity = {
  companyId: string;
  sessionId: string;
  actorId: string | null;
  kind: InspectionActivityEntry['kind'];
  field?: string | null;
  oldValue?: unknown;
  newValue?: unknown;
  body?: string | null;
};

/**
 * Records activity on a session. It takes a transaction only: the row is written in the same
 * transaction as the change it records.
 */
export async function insertInspectionActivity(tx: DbTx, rows: NewInspectionActivity | NewInspectionActivity[]): Promise<void> {
  const list = Array.isArray(rows) ? rows : [rows];
  if (list.length === 0) return;
  await tx.insert(inspectionActivity).values(list.map((row) => ({ ...row, oldValue: row.oldValue ?? null, newValue: row.newValue ?? null })));
}

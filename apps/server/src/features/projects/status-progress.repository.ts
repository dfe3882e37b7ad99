import { and, eq } from 'drizzle-orm';
import type { StatusMoveCause } from '@ridgeline/shared/domain/status-progress';
import type { Db, DbTx } from '../../infra/db/client';
import { companies, projects } from '../../infra/db/schema/index';

// The reads and writes of a claim file's moves forward; every statement filters by company_id.

/** The company's choice: 'move' or 'suggest' (null when the company is gone). */
export async function findStatusMoveMode(db: Db | DbTx, companyId: string): Promise<string | null> {
  const [row] = await db.select({ statusMoves: companies.statusMoves }).from(companies).where(eq(companies.id, companyId));
  return row?.statusMoves ?? null;
}

/** Sets (or clears, with nulls) the move offered on a claim file. */
export async function setStatusSuggestion(
  tx: DbTx,
  companyId: string,
  projectId: string,
  suggestion: { statusId: string; cause: StatusMoveCause; at: Date } | null,
): Promise<void> {
  await tx
    .update(projects)
    .set({ suggestedStatusId: suggestion?.statusId ?? null, suggestedStatusCause: suggestion?.cause ?? null, suggestedStatusAt: suggestion?.at ?? null })
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
}

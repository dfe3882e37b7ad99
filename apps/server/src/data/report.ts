import { and, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../infra/db/client';
import { reports } from '../infra/db/schema/index';

// A report (a photo report, a claim packet, a proposal's PDF) is written by the reports feature and
// opened by the share links made for it. Every statement filters by company_id.

/** A report of the company (what a link to it names), or null. */
export async function findReport(db: Db | DbTx, companyId: string, id: string) {
  const [row] = await db
    .select({ id: reports.id, kind: reports.kind, projectId: reports.projectId, sessionId: reports.sessionId, title: reports.title })
    .from(reports)
    .where(and(eq(reports.companyId, companyId), eq(reports.id, id)));
  return row ?? null;
}

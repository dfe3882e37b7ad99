import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../infra/db/client';
import { proposals, reports } from '../infra/db/schema/index';

// A proposal's PDF is queued from two places (the signed-in "make the PDF" and the public
// signature) and opened from its share link: the lock on the proposal and the lookup of its report
// row of kind proposal are written once here.
// Every statement filters by company_id.

export type ProposalRow = typeof proposals.$inferSelect;

/** One proposal of the company, locked (FOR UPDATE) for the change the transaction makes, or null. */
export async function lockProposal(tx: DbTx, companyId: string, id: string): Promise<ProposalRow | null> {
  const [row] = await tx
    .select()
    .from(proposals)
    .where(and(eq(proposals.companyId, companyId), eq(proposals.id, id)))
    .for('update');
  return row ?? null;
}

/** The proposal's PDF row: the newest report of kind proposal made for it. */
function newestProposalReport(db: Db | DbTx, companyId: string, proposalId: string) {
  return db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.companyId, companyId), eq(reports.proposalId, proposalId), eq(reports.kind, 'proposal')))
    .orderBy(desc(reports.createdAt))
    .limit(1);
}

/** The proposal's PDF row, or null. */
export async function findProposalReport(db: Db | DbTx, companyId: string, proposalId: string): Promise<{ id: string } | null> {
  const [row] = await newestProposalReport(db, companyId, proposalId);
  return row ?? null;
}

/** The proposal's PDF row, locked (FOR UPDATE), or null. */
export async function lockProposalReport(tx: DbTx, companyId: string, proposalId: string): Promise<{ id: string } | null> {
  const [row] = await newestProposalReport(tx, companyId, proposalId).for('update');
  return row ?? null;
}

/**
 * Puts the existing PDF row back in the queue: the job draws it again from the proposal as it is
 * now. A signed-in user is recorded as the last to change it; without one (a public signature)
 * that column is left as it was.
 */
export async function requeueProposalReport(tx: DbTx, companyId: string, reportId: string, userId?: string | null): Promise<void> {
  await tx
    .update(reports)
    .set({ status: 'queued', progress: 0, error: null, ...(userId !== undefined ? { updatedBy: userId } : {}), updatedAt: new Date() })
    .where(and(eq(reports.companyId, companyId), eq(reports.id, reportId)));
}

/** A new queued PDF row of kind proposal for the proposal (made by the user when there is one). */
export async function insertProposalReport(
  tx: DbTx,
  values: { companyId: string; projectId: string; proposalId: string; title: string; userId?: string | null },
): Promise<string> {
  const [row] = await tx
    .insert(reports)
    .values({
      companyId: values.companyId,
      projectId: values.projectId,
      proposalId: values.proposalId,
      kind: 'proposal',
      title: values.title,
      status: 'queued',
      progress: 0,
      document: { sections: [], showAnnotations: true, showMetadata: true },
      ...(values.userId !== undefined ? { createdBy: values.userId, updatedBy: values.userId } : {}),
    })
    .returning({ id: reports.id });
  if (!row) throw new Error('The report was not written');
  return row.id;
}

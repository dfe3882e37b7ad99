import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../infra/db/client';
import { proposals, reports } from '../infra/db/schema/index';

// A proposal is written by the proposals feature and read by the features that make and share its
// documents: the share links open it, the public signature signs it, the render job draws its PDF and
// keeps the signed copy among the claim file's files. Its PDF is queued from two places (the
// signed-in "make the PDF" and the public signature) and opened from its share link: the read and
// the lock of the proposal, the lookup of its report row of kind proposal and the link to its signed
// copy are written once here.
// Every statement filters by company_id.

export type ProposalRow = typeof proposals.$inferSelect;

/** One proposal of the company, or null. */
export async function findProposal(db: Db | DbTx, companyId: string, id: string): Promise<ProposalRow | null> {
  const [row] = await db
    .select()
    .from(proposals)
    .where(and(eq(proposals.companyId, companyId), eq(proposals.id, id)));
  return row ?? null;
}

/** One proposal of the company, locked (FOR UPDATE) for the change the transaction makes, or null. */
export async function lockProposal(tx: DbTx, companyId: string, id: string): Promise<ProposalRow | null> {
  const [row] = await tx
    .select()
    .from(proposals)
    .where(and(eq(proposals.companyId, companyId), eq(proposals.id, id)))
    .for('update');
  return row ?? null;
}

/**
 * Links the proposal to the claim file's file that keeps its signed copy. The caller holds the
 * proposal's lock (lockProposal) and has found it without one: a signed copy is kept once.
 */
export async function linkSignedFile(tx: DbTx, companyId: string, proposalId: string, fileId: string): Promise<void> {
  await tx
    .update(proposals)
    .set({ signedFileId: fileId, updatedAt: new Date() })
    .where(and(eq(proposals.companyId, companyId), eq(proposals.id, proposalId)));
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

import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { estimates, inspectionSessions, projects, proposals, reports, user } from '../../infra/db/schema/index';
import { userNameColumns } from '../../infra/db/user-columns';

// Proposals and the report row of their PDF. Every statement filters by company_id.

export type ProposalRow = typeof proposals.$inferSelect;
export type NewProposalRow = Omit<typeof proposals.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The proposal's PDF: the newest report of kind proposal made for it. */
const reportIdOf = sql<string | null>`(select r.id from reports r where r.company_id = "proposals"."company_id"
  and r.proposal_id = "proposals"."id" and r.kind = 'proposal' order by r.created_at desc limit 1)`;

function selectProposals(db: Db | DbTx) {
  return db
    .select({ proposal: proposals, reportId: reportIdOf, creator: userNameColumns })
    .from(proposals)
    .leftJoin(user, eq(user.id, proposals.createdBy));
}

export type ProposalDetailRow = Awaited<ReturnType<typeof listProposals>>[number];

/** A claim file's proposals, newest first. */
export async function listProposals(db: Db | DbTx, companyId: string, projectId: string) {
  return selectProposals(db)
    .where(and(eq(proposals.companyId, companyId), eq(proposals.projectId, projectId)))
    .orderBy(desc(proposals.createdAt), desc(proposals.id));
}

/** One proposal of the company with its creator and PDF, or null. */
export async function findProposal(db: Db | DbTx, companyId: string, id: string): Promise<ProposalDetailRow | null> {
  const [row] = await selectProposals(db).where(and(eq(proposals.companyId, companyId), eq(proposals.id, id)));
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

export async function insertProposal(db: Db | DbTx, values: NewProposalRow): Promise<string> {
  const [row] = await db.insert(proposals).values(values).returning({ id: proposals.id });
  if (!row) throw new Error('The proposal was not written');
  return row.id;
}

export async function updateProposal(db: Db | DbTx, companyId: string, id: string, patch: Partial<Pick<ProposalRow, 'intro' | 'options'>>): Promise<void> {
  await db
    .update(proposals)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(proposals.companyId, companyId), eq(proposals.id, id)));
}

/** The claim file of the company (its street names the proposal's PDF), or null. */
export async function findProject(db: Db | DbTx, companyId: string, projectId: string) {
  const [row] = await db
    .select({ id: projects.id, street: projects.street })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return row ?? null;
}

/**
 * An estimate of the claim file: attached to the project itself, or made in an inspection session
 * that was converted into (attached to) it. Another company's or another claim's estimate is null.
 */
export async function findProjectEstimate(db: Db | DbTx, companyId: string, projectId: string, estimateId: string) {
  const [row] = await db
    .select({ id: estimates.id, rcvCents: estimates.rcvCents })
    .from(estimates)
    .leftJoin(inspectionSessions, and(eq(inspectionSessions.id, estimates.sessionId), eq(inspectionSessions.companyId, estimates.companyId)))
    .where(
      and(
        eq(estimates.companyId, companyId),
        eq(estimates.id, estimateId),
        or(eq(estimates.projectId, projectId), eq(inspectionSessions.projectId, projectId)),
      ),
    );
  return row ?? null;
}

/** The proposal's PDF row (kind proposal), locked, or null. */
export async function lockProposalReport(tx: DbTx, companyId: string, proposalId: string) {
  const [row] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.companyId, companyId), eq(reports.proposalId, proposalId), eq(reports.kind, 'proposal')))
    .orderBy(desc(reports.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Puts the existing PDF row back in the queue: the job draws it again from the proposal as it is now. */
export async function requeueReport(tx: DbTx, companyId: string, reportId: string, userId: string | null): Promise<void> {
  await tx
    .update(reports)
    .set({ status: 'queued', progress: 0, error: null, updatedBy: userId, updatedAt: new Date() })
    .where(and(eq(reports.companyId, companyId), eq(reports.id, reportId)));
}

/** A new queued PDF row of kind proposal for the proposal. */
export async function insertProposalReport(
  tx: DbTx,
  values: { companyId: string; projectId: string; proposalId: string; title: string; userId: string | null },
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
      createdBy: values.userId,
      updatedBy: values.userId,
    })
    .returning({ id: reports.id });
  if (!row) throw new Error('The report was not written');
  return row.id;
}

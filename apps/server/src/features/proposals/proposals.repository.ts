import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { estimates, inspectionPhotos, inspectionSessions, projects, proposals, user } from '../../infra/db/schema/index';
import { userNameColumns } from '../../data/user-columns';

// Proposals and the report row of their PDF. Every statement filters by company_id.

export type ProposalRow = typeof proposals.$inferSelect;
export type NewProposalRow = Omit<typeof proposals.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The proposal's PDF: the newest report of kind proposal made for it. */
const reportIdOf = sql<string | null>`(select r.id from reports r where r.company_id = "proposals"."company_id"
  and r.proposal_id = "proposals"."id" and r.kind = 'proposal' order by r.created_at desc limit 1)`;

function selectProposals(db: Db | DbTx) {
  return db.select({ proposal: proposals, reportId: reportIdOf, creator: userNameColumns }).from(proposals).leftJoin(user, eq(user.id, proposals.createdBy));
}

export type ProposalDetailRow = Awaited<ReturnType<typeof listProposals>>[number];

/** A claim file's proposals, newest first. */
export async function listProposals(db: Db | DbTx, companyId: string, projectId: string) {
  return selectProposals(db)
    .where(and(eq(proposals.companyId, companyId), eq(proposals.projectId, projectId)))
    .orderBy(desc(proposals.createdAt), desc(proposals.id));
}

/** One proposal of the company with its creator and PDF, or null. */
export async function findProposalDetail(db: Db | DbTx, companyId: string, id: string): Promise<ProposalDetailRow | null> {
  const [row] = await selectProposals(db).where(and(eq(proposals.companyId, companyId), eq(proposals.id, id)));
  return row ?? null;
}

export async function insertProposal(db: Db | DbTx, values: NewProposalRow): Promise<string> {
  const [row] = await db.insert(proposals).values(values).returning({ id: proposals.id });
  if (!row) throw new Error('The proposal was not written');
  return row.id;
}

export async function updateProposal(
  db: Db | DbTx,
  companyId: string,
  id: string,
  patch: Partial<Pick<ProposalRow, 'intro' | 'options' | 'deductibleCents' | 'approvedCents' | 'approvedSource' | 'photoIds'>>,
): Promise<void> {
  await db
    .update(proposals)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(proposals.companyId, companyId), eq(proposals.id, id)));
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

/** The claim file's deductible and replacement cost (RCV), what a new proposal's homeowner part starts from. */
export async function findProjectClaimAmounts(db: Db | DbTx, companyId: string, projectId: string) {
  const [row] = await db
    .select({ deductibleCents: projects.deductibleCents, rcvCents: projects.rcvCents })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return row ?? null;
}

/** Which of the ids are live photos of the claim file (its own, or of an inspection converted into it). */
export async function findProjectPhotoIds(db: Db | DbTx, companyId: string, projectId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const sessionsOfProject = sql`(select ${inspectionSessions.id} from ${inspectionSessions} where ${inspectionSessions.companyId} = ${companyId} and ${inspectionSessions.projectId} = ${projectId})`;
  const rows = await db
    .select({ id: inspectionPhotos.id })
    .from(inspectionPhotos)
    .where(
      and(
        eq(inspectionPhotos.companyId, companyId),
        or(eq(inspectionPhotos.projectId, projectId), sql`${inspectionPhotos.sessionId} in ${sessionsOfProject}`),
        isNull(inspectionPhotos.deletedAt),
        inArray(inspectionPhotos.id, [...ids]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

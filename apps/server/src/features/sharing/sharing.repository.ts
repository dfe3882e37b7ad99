import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActivityKind } from '@ridgeline/shared/contracts/project-views';
import type { ProposalApprovedSource, ProposalTier } from '@ridgeline/shared/domain/documents';
import type { Db, DbTx } from '../../infra/db/client';
import {
  inspectionSessions,
  projectActivity,
  projects,
  proposals,
  reports,
  shareLinkEmails,
  shareLinks,
  shareLinkViews,
  user,
} from '../../infra/db/schema/index';
import { findProposalReport, insertProposalReport, lockProposalReport, requeueProposalReport } from '../../data/proposal';
import { userNameColumns } from '../../data/user-columns';

// Share links, their view log, and what a link opens. The signed-in statements filter by the
// caller's company; the public ones start from the link found by its signed id and then filter by
// the link's own company, so a link reaches nothing of any other company.

export type ShareLinkRow = typeof shareLinks.$inferSelect;

const proposalProject = alias(projects, 'proposal_project');

const viewCount = sql<number>`(select count(*)::int from share_link_views v where v.link_id = "share_links"."id")`;
/** The newest opening as an ISO time in UTC (raw SQL answers are not parsed into dates). */
const lastViewedAt = sql<string | null>`(select to_char(max(v.viewed_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  from share_link_views v where v.link_id = "share_links"."id")`;

/** The link's sends by email, newest first, each with its sender's name (raw SQL: times as ISO strings in UTC). */
const emails = sql<
  { to: string; sentAt: string; sentById: string | null; sentByName: string | null; sentByFirstName: string | null; sentByLastName: string | null }[]
>`(
  select coalesce(json_agg(json_build_object(
      'to', e."to",
      'sentAt', to_char(e.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'sentById', u.id, 'sentByName', u.name, 'sentByFirstName', u.first_name, 'sentByLastName', u.last_name
    ) order by e.sent_at desc, e.id), '[]'::json)
  from share_link_emails e left join "user" u on u.id = e.sent_by
  where e.link_id = "share_links"."id" and e.company_id = "share_links"."company_id")`;

function selectLinks(db: Db | DbTx) {
  return db
    .select({
      link: shareLinks,
      reportTitle: reports.title,
      proposalStreet: proposalProject.street,
      viewCount,
      lastViewedAt,
      emails,
      creator: userNameColumns,
    })
    .from(shareLinks)
    .leftJoin(reports, and(eq(reports.id, shareLinks.reportId), eq(reports.companyId, shareLinks.companyId)))
    .leftJoin(proposals, and(eq(proposals.id, shareLinks.proposalId), eq(proposals.companyId, shareLinks.companyId)))
    .leftJoin(proposalProject, and(eq(proposalProject.id, proposals.projectId), eq(proposalProject.companyId, shareLinks.companyId)))
    .leftJoin(user, eq(user.id, shareLinks.createdBy));
}

export type ShareLinkDetailRow = Awaited<ReturnType<typeof listLinks>>[number];

/** A claim file's links, newest first. */
export async function listLinks(db: Db | DbTx, companyId: string, projectId: string) {
  return selectLinks(db)
    .where(and(eq(shareLinks.companyId, companyId), eq(shareLinks.projectId, projectId)))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
}

export async function findLink(db: Db | DbTx, companyId: string, id: string): Promise<ShareLinkDetailRow | null> {
  const [row] = await selectLinks(db).where(and(eq(shareLinks.companyId, companyId), eq(shareLinks.id, id)));
  return row ?? null;
}

export async function insertLink(db: Db | DbTx, values: Omit<typeof shareLinks.$inferInsert, 'id' | 'createdAt'>): Promise<string> {
  const [row] = await db.insert(shareLinks).values(values).returning({ id: shareLinks.id });
  if (!row) throw new Error('The share link was not written');
  return row.id;
}

/** Revokes a link once: a revoked link keeps when and by whom it was first revoked. */
export async function revokeLink(db: Db | DbTx, companyId: string, id: string, userId: string): Promise<void> {
  await db
    .update(shareLinks)
    .set({ revokedAt: new Date(), revokedBy: userId })
    .where(and(eq(shareLinks.companyId, companyId), eq(shareLinks.id, id), isNull(shareLinks.revokedAt)));
}

export async function listViews(db: Db | DbTx, companyId: string, linkId: string) {
  return db
    .select({ viewedAt: shareLinkViews.viewedAt, ip: shareLinkViews.ip, userAgent: shareLinkViews.userAgent })
    .from(shareLinkViews)
    .where(and(eq(shareLinkViews.companyId, companyId), eq(shareLinkViews.linkId, linkId)))
    .orderBy(desc(shareLinkViews.viewedAt), desc(shareLinkViews.id));
}

/**
 * Records a view of the link, at most one per address, link and clock hour (UTC): the unique index on
 * the hour keeps the first, so views arriving together from one address insert one row.
 */
export async function insertView(db: Db | DbTx, values: { companyId: string; linkId: string; ip: string; userAgent: string | null }): Promise<void> {
  await db
    .insert(shareLinkViews)
    .values({ ...values, viewHour: sql`date_trunc('hour', now(), 'UTC')` })
    .onConflictDoNothing({ target: [shareLinkViews.linkId, shareLinkViews.ip, shareLinkViews.viewHour] });
}

/** A draft proposal becomes sent when a link to it is made. */
export async function markProposalSent(db: Db | DbTx, companyId: string, id: string): Promise<void> {
  await db
    .update(proposals)
    .set({ status: 'sent', updatedAt: new Date() })
    .where(and(eq(proposals.companyId, companyId), eq(proposals.id, id), eq(proposals.status, 'draft')));
}

// ---------------------------------------------------------------- the public side

/** The link a verified token names (any company: the signature is the authority), or null. */
export async function findLinkById(db: Db | DbTx, id: string): Promise<ShareLinkRow | null> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.id, id));
  return row ?? null;
}

/** The property of an inspection of the company (a report made from an inspection not yet in a claim file). */
export async function findSessionOfCompany(db: Db | DbTx, companyId: string, sessionId: string) {
  const [row] = await db
    .select({
      street: inspectionSessions.street,
      city: inspectionSessions.city,
      state: inspectionSessions.state,
      zip: inspectionSessions.zip,
      homeownerName: inspectionSessions.homeownerName,
    })
    .from(inspectionSessions)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, sessionId)));
  return row ?? null;
}

/** A report of the company with what its download needs. */
export async function findReportFile(db: Db | DbTx, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: reports.id,
      kind: reports.kind,
      title: reports.title,
      status: reports.status,
      projectId: reports.projectId,
      sessionId: reports.sessionId,
      filePath: reports.filePath,
      pageCount: reports.pageCount,
    })
    .from(reports)
    .where(and(eq(reports.companyId, companyId), eq(reports.id, id)));
  return row ?? null;
}

/** The proposal's PDF (the newest report of kind proposal made for it), or null. */
export async function findProposalReportFile(db: Db | DbTx, companyId: string, proposalId: string) {
  const row = await findProposalReport(db, companyId, proposalId);
  return row ? findReportFile(db, companyId, row.id) : null;
}

export type SignatureRecord = {
  chosenTier: ProposalTier;
  approvedCents: number | null;
  approvedSource: ProposalApprovedSource;
  signerName: string;
  signedDate: string;
  signaturePath: string;
  signerIp: string;
  signerUserAgent: string | null;
  signerEmail: string;
  signedAt: Date;
};

export async function markProposalSigned(tx: DbTx, companyId: string, id: string, record: SignatureRecord): Promise<void> {
  await tx
    .update(proposals)
    .set({ ...record, status: 'signed', updatedAt: record.signedAt })
    .where(and(eq(proposals.companyId, companyId), eq(proposals.id, id)));
}

/** A line on the claim file's timeline, written in the transaction of the change it records. */
export async function insertProjectActivity(
  tx: DbTx,
  values: { companyId: string; projectId: string; kind: ActivityKind; body: string; meta?: unknown },
): Promise<void> {
  await tx
    .insert(projectActivity)
    .values({ companyId: values.companyId, projectId: values.projectId, actorId: null, kind: values.kind, body: values.body, meta: values.meta ?? null });
}

/** Queues the proposal's PDF: the existing report row of kind proposal back in the queue, or a new one. */
export async function queueProposalReport(tx: DbTx, values: { companyId: string; projectId: string; proposalId: string; title: string }): Promise<string> {
  const existing = await lockProposalReport(tx, values.companyId, values.proposalId);
  if (existing) {
    await requeueProposalReport(tx, values.companyId, existing.id);
    return existing.id;
  }
  return insertProposalReport(tx, values);
}

/** Logs a send of the link by email: to whom, by whom (now). */
export async function insertLinkEmail(db: Db | DbTx, values: { companyId: string; linkId: string; to: string; sentBy: string }): Promise<void> {
  await db.insert(shareLinkEmails).values(values);
}

/** The sender of a link's email: their name and address (the mail's reply-to). */
export async function findSender(db: Db | DbTx, userId: string) {
  const [row] = await db.select(userNameColumns).from(user).where(eq(user.id, userId));
  return row ?? null;
}

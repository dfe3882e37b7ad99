import type { CreateShareLinkInput, EmailShareLinkInput, ShareLink } from '@ridgeline/shared/contracts/documents';
import { proposalTitle, SHARE_LINK_DEFAULT_DAYS } from '@ridgeline/shared/domain/documents';
import { formatDateInZone } from '@ridgeline/shared/domain/time-zones';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Db } from '../../infra/db/client';
import type { EventPublisher } from '../../infra/events/event-bus';
import { findCompanyFacts } from '../../data/company-letterhead';
import { assertLetterheadDetails } from '../../data/company-letterhead';
import { projectExists } from '../../data/project-lookup';
import { findProposal } from '../../data/proposal';
import { findReport } from '../../data/report';
import type { MailMessage } from '../../infra/mail/mailer';
import type { RateLimitStore } from '../../infra/rate-limit/rate-limit-store';
import type { Actor, Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { shareLinkMail } from './share-link-mail';
import { assertCanRevokeShareLink } from './sharing.policy';
import { shareUrl } from './share-token';
import {
  findLink,
  findSender,
  insertLink,
  insertLinkEmail,
  listLinks,
  listViews,
  markProposalSent,
  revokeLink,
  type ShareLinkDetailRow,
} from './sharing.repository';

export type ShareLinksServiceDeps = {
  db: Db;
  secret: string;
  publicUrl: string;
  queueMail: (message: MailMessage) => Promise<void>;
  limits: Pick<RateLimitStore, 'hit'>;
  events: EventPublisher;
};

/** Share links a company may send by email, per fixed 24-hour window: enough for a busy office, too few to spam with. */
export const SHARE_EMAIL_LIMIT = { limit: 100, windowMs: 24 * 60 * 60 * 1000 };

const DAY_MS = 24 * 60 * 60 * 1000;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** What a link opens, as the lists name it: the report's title, or the proposal with its street. */
export const linkTitle = (row: Pick<ShareLinkDetailRow, 'reportTitle' | 'proposalStreet'>): string => row.reportTitle ?? proposalTitle(row.proposalStreet);

/**
 * Share links of a claim file's documents: made for one report or one proposal of the company,
 * valid for a number of days (30 unless told), revocable, each opening recorded; sent by email from
 * the product, each send logged (to whom, by whom, when).
 */
export function createShareLinksService({ db, secret, publicUrl, queueMail, limits, events }: ShareLinksServiceDeps) {
  /** A claim packet's link for the adjuster, made or sent: the claim is filed (the claim file moves on, decision 042). */
  async function announcePacketShared(actor: Actor, companyId: string, reportId: string | null, audience: string): Promise<void> {
    if (!reportId || audience !== 'adjuster') return;
    const report = await findReport(db, companyId, reportId);
    if (!report || report.kind !== 'packet' || !report.projectId) return;
    await events.publish('packet-shared', { companyId, projectId: report.projectId, reportId, actorId: actor.userId });
  }

  function present(row: ShareLinkDetailRow, now = new Date()): ShareLink {
    const l = row.link;
    const state = l.revokedAt ? 'revoked' : l.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
    return {
      id: l.id,
      projectId: l.projectId,
      reportId: l.reportId,
      proposalId: l.proposalId,
      title: linkTitle(row),
      audience: l.audience,
      url: shareUrl(publicUrl, secret, l.id),
      expiresAt: l.expiresAt.toISOString(),
      revokedAt: iso(l.revokedAt),
      state,
      viewCount: Number(row.viewCount),
      lastViewedAt: iso(row.lastViewedAt),
      emails: (row.emails ?? []).map((e) => ({
        to: e.to,
        sentBy: e.sentById ? { id: e.sentById, name: displayName({ firstName: e.sentByFirstName, lastName: e.sentByLastName, name: e.sentByName }) } : null,
        sentAt: new Date(e.sentAt).toISOString(),
      })),
      createdBy: row.creator ? { id: row.creator.id, name: displayName(row.creator) } : null,
      createdAt: l.createdAt.toISOString(),
    };
  }

  async function load(tenant: Tenant, id: string): Promise<ShareLink> {
    const row = await findLink(db, tenant.companyId, id);
    if (!row) throw AppError.notFound('This share link was not found.');
    return present(row);
  }

  async function list(tenant: Tenant, projectId: string): Promise<ShareLink[]> {
    if (!(await projectExists(db, tenant.companyId, projectId))) throw AppError.notFound('This claim file was not found.');
    const now = new Date();
    return (await listLinks(db, tenant.companyId, projectId)).map((row) => present(row, now));
  }

  /** A link to a report or a proposal of the company; its claim file is the document's. A draft proposal becomes sent. */
  async function create(actor: Actor, tenant: Tenant, input: CreateShareLinkInput): Promise<ShareLink> {
    const days = input.expiresInDays ?? SHARE_LINK_DEFAULT_DAYS;
    const expiresAt = new Date(Date.now() + days * DAY_MS);
    const id = await db.transaction(async (tx) => {
      if (input.reportId) {
        const report = await findReport(tx, tenant.companyId, input.reportId);
        if (!report) throw AppError.notFound('This report was not found.');
        return insertLink(tx, {
          companyId: tenant.companyId,
          projectId: report.projectId,
          reportId: report.id,
          audience: input.audience,
          expiresAt,
          createdBy: actor.userId,
        });
      }
      const proposal = input.proposalId ? await findProposal(tx, tenant.companyId, input.proposalId) : null;
      if (!proposal) throw AppError.notFound('This proposal was not found.');
      // The homeowner signs through it, and the signed PDF carries the letterhead.
      await assertLetterheadDetails(tx, tenant.companyId, 'a proposal');
      await markProposalSent(tx, tenant.companyId, proposal.id);
      return insertLink(tx, {
        companyId: tenant.companyId,
        projectId: proposal.projectId,
        proposalId: proposal.id,
        audience: input.audience,
        expiresAt,
        createdBy: actor.userId,
      });
    });
    await announcePacketShared(actor, tenant.companyId, input.reportId ?? null, input.audience);
    return load(tenant, id);
  }

  /** Revokes the link (owners and managers): from now on it answers like an unknown one. */
  async function revoke(actor: Actor, tenant: Tenant, id: string): Promise<ShareLink> {
    if (!(await findLink(db, tenant.companyId, id))) throw AppError.notFound('This share link was not found.');
    assertCanRevokeShareLink(tenant);
    await revokeLink(db, tenant.companyId, id, actor.userId);
    return load(tenant, id);
  }

  /** Every opening of the link, newest first. */
  async function views(tenant: Tenant, id: string) {
    if (!(await findLink(db, tenant.companyId, id))) throw AppError.notFound('This share link was not found.');
    const rows = await listViews(db, tenant.companyId, id);
    return rows.map((v) => ({ viewedAt: v.viewedAt.toISOString(), ip: v.ip, userAgent: v.userAgent }));
  }

  /**
   * Sends an active link by email (409 SHARE_LINK_INACTIVE once expired or revoked), the sender as
   * the reply-to; the send is logged and a draft proposal becomes sent. At most SHARE_EMAIL_LIMIT
   * sends per company (429 past it, nothing sent).
   */
  async function email(actor: Actor, tenant: Tenant, id: string, input: EmailShareLinkInput): Promise<ShareLink> {
    const row = await findLink(db, tenant.companyId, id);
    if (!row) throw AppError.notFound('This share link was not found.');
    const link = present(row);
    if (link.state !== 'active') throw new AppError('SHARE_LINK_INACTIVE');
    const counted = await limits.hit(`share-email-company:${tenant.companyId}`, SHARE_EMAIL_LIMIT);
    if (!counted.allowed) {
      throw AppError.rateLimited(
        counted.retryAfter,
        `Your company has sent ${SHARE_EMAIL_LIMIT.limit} links by email in the last 24 hours, the most allowed. Please try again later.`,
      );
    }
    const company = await findCompanyFacts(db, tenant.companyId);
    const sender = await findSender(db, actor.userId);
    if (!company || !sender) throw AppError.notFound('This share link was not found.');
    await db.transaction(async (tx) => {
      await insertLinkEmail(tx, { companyId: tenant.companyId, linkId: id, to: input.to, sentBy: actor.userId });
      if (row.link.proposalId) await markProposalSent(tx, tenant.companyId, row.link.proposalId);
    });
    await queueMail(
      shareLinkMail({
        to: input.to,
        kind: row.link.proposalId ? 'proposal' : 'report',
        companyName: company.name,
        senderName: displayName(sender),
        senderEmail: sender.email,
        title: link.title,
        note: input.note?.trim() || null,
        url: link.url,
        expires: formatDateInZone(row.link.expiresAt, company.timeZone),
      }),
    );
    await announcePacketShared(actor, tenant.companyId, row.link.reportId, row.link.audience);
    return load(tenant, id);
  }

  return { list, get: load, create, revoke, views, email };
}

export type ShareLinksService = ReturnType<typeof createShareLinksService>;

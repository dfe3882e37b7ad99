import type { CreateShareLinkInput, ShareLink } from '@ridgeline/shared/contracts/documents';
import { proposalTitle, SHARE_LINK_DEFAULT_DAYS, type ShareAudience } from '@ridgeline/shared/domain/documents';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Db } from '../../infra/db/client';
import { projectExists } from '../../infra/db/project-lookup';
import type { Actor, Tenant } from '../../http/context';
import { AppError } from '../../lib/app-error';
import { shareUrl } from './share-token';
import { findLink, findProposal, findReport, insertLink, listLinks, listViews, markProposalSent, revokeLink, type ShareLinkDetailRow } from './sharing.repository';

export type ShareLinksServiceDeps = { db: Db; secret: string; publicUrl: string };

const DAY_MS = 24 * 60 * 60 * 1000;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** What a link opens, as the lists name it: the report's title, or the proposal with its street. */
export const linkTitle = (row: Pick<ShareLinkDetailRow, 'reportTitle' | 'proposalStreet'>): string =>
  row.reportTitle ?? proposalTitle(row.proposalStreet);

/**
 * Share links of a claim file's documents: made for one report or one proposal of the company,
 * valid for a number of days (30 unless told), revocable, each opening recorded.
 */
export function createShareLinksService({ db, secret, publicUrl }: ShareLinksServiceDeps) {
  function present(row: ShareLinkDetailRow, now = new Date()): ShareLink {
    const l = row.link;
    const state = l.revokedAt ? 'revoked' : l.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
    return {
      id: l.id,
      projectId: l.projectId,
      reportId: l.reportId,
      proposalId: l.proposalId,
      title: linkTitle(row),
      audience: l.audience as ShareAudience,
      url: shareUrl(publicUrl, secret, l.id),
      expiresAt: l.expiresAt.toISOString(),
      revokedAt: iso(l.revokedAt),
      state,
      viewCount: Number(row.viewCount),
      lastViewedAt: iso(row.lastViewedAt),
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
        return insertLink(tx, { companyId: tenant.companyId, projectId: report.projectId, reportId: report.id, audience: input.audience, expiresAt, createdBy: actor.userId });
      }
      const proposal = input.proposalId ? await findProposal(tx, tenant.companyId, input.proposalId) : null;
      if (!proposal) throw AppError.notFound('This proposal was not found.');
      await markProposalSent(tx, tenant.companyId, proposal.id);
      return insertLink(tx, { companyId: tenant.companyId, projectId: proposal.projectId, proposalId: proposal.id, audience: input.audience, expiresAt, createdBy: actor.userId });
    });
    return load(tenant, id);
  }

  /** Revokes the link: from now on it answers like an unknown one. */
  async function revoke(actor: Actor, tenant: Tenant, id: string): Promise<ShareLink> {
    if (!(await findLink(db, tenant.companyId, id))) throw AppError.notFound('This share link was not found.');
    await revokeLink(db, tenant.companyId, id, actor.userId);
    return load(tenant, id);
  }

  /** Every opening of the link, newest first. */
  async function views(tenant: Tenant, id: string) {
    if (!(await findLink(db, tenant.companyId, id))) throw AppError.notFound('This share link was not found.');
    const rows = await listViews(db, tenant.companyId, id);
    return rows.map((v) => ({ viewedAt: v.viewedAt.toISOString(), ip: v.ip, userAgent: v.userAgent }));
  }

  return { list, get: load, create, revoke, views };
}

export type ShareLinksService = ReturnType<typeof createShareLinksService>;

import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ProposalApprovedSource, ProposalStatus, ProposalTier, ReportKind, ReportStatus, ShareAudience } from '@ridgeline/shared/domain/documents';
import { createdAt, timestampTz, timestamps } from './columns';
import { user } from './auth';
import { companyRef } from './companies';
import { estimates } from './estimating';
import { inspectionSessions } from './inspections';
import { projectFiles, projects } from './projects';

const userRef = (name: string) => text(name).references(() => user.id, { onDelete: 'set null' });

/**
 * A document made from a claim file or an inspection: a photo report (one click, or a draft arranged
 * in the editor), a claim packet, or a proposal's PDF. `document` is the arranged report (sections,
 * layouts, captions); `packet` the packet's other parts. A save names `version` (optimistic
 * concurrency: two editors never silently overwrite each other). The PDF is rendered by a job that
 * keeps `progress`; `inputHash` is what the document is made from now and `renderedHash` what the
 * stored PDF was made from, so an unchanged document is never rendered twice.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => inspectionSessions.id, { onDelete: 'cascade' }),
    /** Set for a proposal's PDF. */
    proposalId: uuid('proposal_id'),
    kind: text('kind').$type<ReportKind>().notNull(),
    title: text('title').notNull(),
    status: text('status').$type<ReportStatus>().notNull().default('draft'),
    progress: integer('progress').notNull().default(0),
    document: jsonb('document').notNull(),
    packet: jsonb('packet'),
    version: integer('version').notNull().default(1),
    overrideReason: text('override_reason'),
    error: text('error'),
    inputHash: text('input_hash'),
    renderedHash: text('rendered_hash'),
    filePath: text('file_path'),
    fileSize: bigint('file_size', { mode: 'number' }),
    pageCount: integer('page_count'),
    createdBy: userRef('created_by'),
    updatedBy: userRef('updated_by'),
    renderStartedAt: timestampTz('render_started_at'),
    renderedAt: timestampTz('rendered_at'),
    ...timestamps(),
  },
  (t) => [
    index('reports_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id),
    index('reports_project_idx').on(t.projectId, t.createdAt.desc()),
    index('reports_session_idx').on(t.sessionId),
    index('reports_proposal_idx').on(t.proposalId),
  ],
);

/**
 * The homeowner's proposal: good / better / best options built from an estimate, then signed on
 * screen through a share link (chosen option, name, date, drawn signature kept in storage, IP and
 * time). The signed PDF is kept among the claim file's files (`signedFileId`).
 */
export const proposals = pgTable(
  'proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    estimateId: uuid('estimate_id').references(() => estimates.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('draft').$type<ProposalStatus>(),
    intro: text('intro').notNull().default(''),
    options: jsonb('options').notNull(),
    /** The claim's deductible and approved amount (replacement cost) the homeowner's part is figured from; null when not known. */
    deductibleCents: bigint('deductible_cents', { mode: 'number' }),
    approvedCents: bigint('approved_cents', { mode: 'number' }),
    /** Where the approved amount comes from: 'estimate' (ours, while the ledger has no insurer figures), 'typed', or 'insurer' (frozen at signing). */
    approvedSource: text('approved_source').$type<ProposalApprovedSource>().notNull().default('estimate'),
    /** The claim file's photos printed in the PDF, in order (at most PROPOSAL_PHOTOS_MAX). */
    photoIds: jsonb('photo_ids').notNull().default([]),
    chosenTier: text('chosen_tier').$type<ProposalTier>(),
    signerName: text('signer_name'),
    signedDate: date('signed_date', { mode: 'string' }),
    signaturePath: text('signature_path'),
    signerIp: text('signer_ip'),
    signerUserAgent: text('signer_user_agent'),
    /** Where the signed PDF was sent: the address the homeowner gave at signing, or the claim file's. */
    signerEmail: text('signer_email'),
    signedAt: timestampTz('signed_at'),
    signedFileId: uuid('signed_file_id').references(() => projectFiles.id, { onDelete: 'set null' }),
    createdBy: userRef('created_by'),
    ...timestamps(),
  },
  (t) => [index('proposals_project_idx').on(t.projectId, t.createdAt.desc()), index('proposals_company_idx').on(t.companyId)],
);

/**
 * A link that opens one report or one proposal with no sign-in. The URL carries the link's id and an
 * HMAC of it (signed); the row says until when it works and whether it was revoked.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'cascade' }),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'cascade' }),
    audience: text('audience').$type<ShareAudience>().notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    revokedBy: userRef('revoked_by'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('share_links_project_idx').on(t.projectId, t.createdAt.desc()),
    index('share_links_company_idx').on(t.companyId),
    check('share_links_one_target', sql`(${t.reportId} is not null)::int + (${t.proposalId} is not null)::int = 1`),
  ],
);

/**
 * The openings of a share link: when, from which address and browser; one row per address, link
 * and clock hour (UTC), kept once by the unique index on the hour (rows from before it have none).
 */
export const shareLinkViews = pgTable(
  'share_link_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    viewedAt: timestampTz('viewed_at').notNull().defaultNow(),
    /** The clock hour (UTC) of the view: the time bucket of the one view per address and hour. */
    viewHour: timestampTz('view_hour'),
  },
  (t) => [index('share_link_views_link_idx').on(t.linkId, t.viewedAt.desc()), uniqueIndex('share_link_views_once_per_hour').on(t.linkId, t.ip, t.viewHour)],
);

/** Each time a share link was sent by email from the product: to whom, by whom, when. */
export const shareLinkEmails = pgTable(
  'share_link_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    sentBy: userRef('sent_by'),
    sentAt: timestampTz('sent_at').notNull().defaultNow(),
  },
  (t) => [index('share_link_emails_link_idx').on(t.linkId, t.sentAt.desc()), index('share_link_emails_company_idx').on(t.companyId, t.sentAt)],
);

import { z } from 'zod';
import {
  CAPTION_MAX,
  COVER_LETTER_FIELDS,
  COVER_LETTER_MAX,
  OVERRIDE_REASON_MAX,
  PHOTOS_PER_PAGE,
  PROPOSAL_PHOTOS_MAX,
  PROPOSAL_APPROVED_SOURCES,
  PROPOSAL_STATUSES,
  PROPOSAL_TIER_VALUES,
  REPORT_KINDS,
  REPORT_STATUSES,
  SHARE_AUDIENCES,
  SHARE_LINK_DEFAULT_DAYS,
  SHARE_LINK_MAX_DAYS,
  SIGNATURE_MAX_CHARS,
} from '../domain/documents';
import { calendarDate, longText, multiLineString, shortText, singleLineString } from './common';
import { centsSchema, contactEmailSchema } from './fields';

// Documents of a claim file: photo reports (one click or arranged in the editor), claim packets and
// proposals, all rendered to PDF by a background job; share links that open one document or proposal
// without signing in; and the homeowner's signature on a proposal.

const isoDateTime = z.iso.datetime({ offset: true });
const person = z.object({ id: z.string(), name: z.string() });

export const reportKindSchema = z.enum(REPORT_KINDS);
export const reportStatusSchema = z.enum(REPORT_STATUSES);
export const photosPerPageSchema = z.union(
  PHOTOS_PER_PAGE.map((n) => z.literal(n)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<4>, z.ZodLiteral<6>],
);

/** What a photo report is made from: a claim file or an inspection session (exactly one). */
export const reportSourceSchema = z
  .object({ projectId: z.uuid().optional(), sessionId: z.uuid().optional() })
  .refine((s) => (s.projectId ? 1 : 0) + (s.sessionId ? 1 : 0) === 1, { message: 'Choose a claim file or an inspection', path: ['projectId'] });
export type ReportSource = z.infer<typeof reportSourceSchema>;

// ---------------------------------------------------------------- the arranged document

/** One photo placed in a section, with the caption printed under it ('' prints none). */
export const reportPhotoSchema = z.object({ photoId: z.uuid(), caption: multiLineString().max(CAPTION_MAX) });
export type ReportPhoto = z.infer<typeof reportPhotoSchema>;

/**
 * A section of the report: its heading, an optional note printed under it (a roof slope's test
 * square and its hit count), the photos per page, and its photos in order.
 */
export const reportSectionSchema = z.object({
  id: singleLineString().min(1).max(64),
  title: shortText(120),
  note: multiLineString().max(500).default(''),
  layout: photosPerPageSchema,
  photos: z.array(reportPhotoSchema).max(2000),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;

/** The arranged report: sections in order, and whether annotations and metadata are printed. */
export const reportDocumentSchema = z.object({
  sections: z.array(reportSectionSchema).max(200),
  showAnnotations: z.boolean().default(true),
  showMetadata: z.boolean().default(true),
});
export type ReportDocument = z.infer<typeof reportDocumentSchema>;
export type ReportDocumentInput = z.input<typeof reportDocumentSchema>;

// ---------------------------------------------------------------- reports (every kind of document)

export const reportSchema = z.object({
  id: z.uuid(),
  kind: reportKindSchema,
  title: z.string(),
  status: reportStatusSchema,
  /** 0..100 while queued or rendering; 100 when ready. */
  progress: z.number().int().min(0).max(100),
  projectId: z.uuid().nullable(),
  sessionId: z.uuid().nullable(),
  proposalId: z.uuid().nullable(),
  /** The claim file's title or the inspection's address: what the lists show. */
  sourceLabel: z.string(),
  pageCount: z.number().int().nullable(),
  fileSize: z.number().int().nullable(),
  /** Why the report was made with required photos missing; printed in the report. */
  overrideReason: z.string().nullable(),
  /** Why the last render failed. */
  error: z.string().nullable(),
  /** A ready PDF whose inputs changed since it was rendered. */
  stale: z.boolean(),
  /** Optimistic concurrency of drafts: a save names the version it was made from. */
  version: z.number().int().min(1),
  createdBy: person.nullable(),
  updatedBy: person.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  renderedAt: isoDateTime.nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** A packet's parts beyond the photo report. */
export const packetPartsSchema = z.object({
  coverLetter: multiLineString().max(COVER_LETTER_MAX),
  photoReport: z.boolean().default(true),
  measurements: z.boolean().default(true),
  /** The estimate printed with its supplement list; null prints none. */
  estimateId: z.uuid().nullable().default(null),
});
export type PacketParts = z.infer<typeof packetPartsSchema>;

export const reportDetailSchema = reportSchema.extend({
  document: reportDocumentSchema,
  packet: packetPartsSchema.nullable(),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;
export const reportDetailResponseSchema = z.object({ report: reportDetailSchema });

export const reportListQuerySchema = z.object({
  projectId: z.uuid().optional(),
  kind: reportKindSchema.optional(),
  /** 'draft' lists the editor's drafts; otherwise everything. */
  status: reportStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ReportListQuery = z.input<typeof reportListQuerySchema>;
export const reportListResponseSchema = z.object({ reports: z.array(reportSchema), total: z.number().int().min(0) });
export type ReportListResponse = z.infer<typeof reportListResponseSchema>;

/** The required shot list against the source's photos: what blocks a photo report. */
export const shotReadinessSchema = z.object({
  required: z.number().int().min(0),
  captured: z.number().int().min(0),
  complete: z.boolean(),
  missing: z.array(z.object({ key: z.string(), label: z.string(), phase: z.string() })),
  photoCount: z.number().int().min(0),
});
export type ShotReadiness = z.infer<typeof shotReadinessSchema>;

/**
 * One-click photo report (rendered at once in the adjusters' order) or a new editor draft. Missing
 * required shots refuse a photo report (422 SHOT_LIST_INCOMPLETE) unless a reason is given.
 */
export const createReportSchema = z
  .object({
    kind: z.enum(['photo', 'advanced']),
    projectId: z.uuid().optional(),
    sessionId: z.uuid().optional(),
    title: shortText(160).optional(),
    layout: photosPerPageSchema.optional(),
    overrideReason: longText(OVERRIDE_REASON_MAX).optional(),
  })
  .refine((s) => (s.projectId ? 1 : 0) + (s.sessionId ? 1 : 0) === 1, { message: 'Choose a claim file or an inspection', path: ['projectId'] });
export type CreateReportInput = z.input<typeof createReportSchema>;

/** A claim submission packet of a claim file, rendered at once. */
export const createPacketSchema = packetPartsSchema.extend({
  projectId: z.uuid(),
  title: shortText(160).optional(),
  layout: photosPerPageSchema.optional(),
  overrideReason: longText(OVERRIDE_REASON_MAX).optional(),
});
export type CreatePacketInput = z.input<typeof createPacketSchema>;

/** Autosave of a draft: refused with 409 DRAFT_CHANGED when `version` is not the stored one. */
export const saveReportSchema = z.object({
  version: z.number().int().min(1),
  title: shortText(160).optional(),
  document: reportDocumentSchema,
  overrideReason: longText(OVERRIDE_REASON_MAX).nullable().optional(),
});
export type SaveReportInput = z.input<typeof saveReportSchema>;

/** Render (again): answers at once with the ready report when nothing it is made from changed. */
export const renderReportSchema = z.object({ overrideReason: longText(OVERRIDE_REASON_MAX).optional() });

/** The packet dialog's starting point: the company's cover letter template and the claim's values (only the fields a template may name). */
export const packetDefaultsSchema = z.object({
  template: z.string(),
  values: z.partialRecord(z.enum(COVER_LETTER_FIELDS.map((f) => f.key)), z.string()),
  estimates: z.array(z.object({ id: z.uuid(), label: z.string(), totalCents: z.number().int() })),
});
export type PacketDefaults = z.infer<typeof packetDefaultsSchema>;
export const saveCoverLetterTemplateSchema = z.object({ template: multiLineString().max(COVER_LETTER_MAX) });

// ---------------------------------------------------------------- proposals

export const proposalTierSchema = z.enum(PROPOSAL_TIER_VALUES);
export const proposalOptionSchema = z.object({
  tier: proposalTierSchema,
  productLine: shortText(160),
  priceCents: centsSchema,
  warranty: shortText(300),
  terms: longText(3000),
});
export type ProposalOption = z.infer<typeof proposalOptionSchema>;

const proposalOptionsSchema = z
  .array(proposalOptionSchema)
  .min(1)
  .max(3)
  .refine((options) => new Set(options.map((o) => o.tier)).size === options.length, { message: 'Each option once' });

export const proposalSignatureSchema = z.object({
  name: z.string(),
  /** The date the homeowner wrote, YYYY-MM-DD. */
  date: z.string(),
  signedAt: isoDateTime,
  ip: z.string(),
  /** Where the signed PDF was sent (the address given at signing, or the claim file's). */
  email: z.string().nullable(),
  /** A short-lived URL of the drawn signature (PNG); null on the public page. */
  imageUrl: z.string().nullable(),
});

/** The photos a proposal's PDF shows, in order: each once, at most PROPOSAL_PHOTOS_MAX. */
const proposalPhotoIdsSchema = z
  .array(z.uuid())
  .max(PROPOSAL_PHOTOS_MAX, `Choose at most ${PROPOSAL_PHOTOS_MAX} photos`)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Each photo once' });

export const proposalSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  estimateId: z.uuid().nullable(),
  status: z.enum(PROPOSAL_STATUSES),
  intro: z.string(),
  options: z.array(proposalOptionSchema),
  /** The claim's deductible and approved amount (replacement cost) each option's homeowner part is figured from; null when not known. */
  deductibleCents: z.number().int().nullable(),
  approvedCents: z.number().int().nullable(),
  /** Where the approved amount comes from (proposalApprovedFigure): the ledger's insurer figures, our estimate, or typed. */
  approvedSource: z.enum(PROPOSAL_APPROVED_SOURCES),
  /** The claim file's photos printed in the PDF, in order. */
  photoIds: z.array(z.uuid()),
  chosenTier: proposalTierSchema.nullable(),
  signature: proposalSignatureSchema.nullable(),
  /** The proposal's PDF (a report of kind proposal), once made. */
  reportId: z.uuid().nullable(),
  /** The signed PDF kept among the claim file's files. */
  signedFileId: z.uuid().nullable(),
  createdBy: person.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Proposal = z.infer<typeof proposalSchema>;
export const proposalResponseSchema = z.object({ proposal: proposalSchema });
export const proposalListResponseSchema = z.object({ proposals: z.array(proposalSchema) });
export const proposalListQuerySchema = z.object({ projectId: z.uuid() });

/**
 * A new proposal from an estimate; the options default to good / better / best built from its total,
 * the deductible to the insurer's (the claim file's while the ledger has none), the approved amount to
 * what the insurer approved on the ledger (RCV plus approved supplements), or our estimate's RCV,
 * said to be ours, while it has approved none.
 */
export const createProposalSchema = z.object({
  projectId: z.uuid(),
  estimateId: z.uuid(),
  intro: longText(3000).optional(),
  options: proposalOptionsSchema.optional(),
});
export type CreateProposalInput = z.input<typeof createProposalSchema>;
export const updateProposalSchema = z.object({
  intro: longText(3000).optional(),
  options: proposalOptionsSchema.optional(),
  deductibleCents: centsSchema.nullable().optional(),
  approvedCents: centsSchema.nullable().optional(),
  photoIds: proposalPhotoIdsSchema.optional(),
});
export type UpdateProposalInput = z.input<typeof updateProposalSchema>;

// ---------------------------------------------------------------- share links

export const shareAudienceSchema = z.enum(SHARE_AUDIENCES);

/** A link to one report or one proposal (exactly one). */
export const createShareLinkSchema = z
  .object({
    reportId: z.uuid().optional(),
    proposalId: z.uuid().optional(),
    audience: shareAudienceSchema,
    expiresInDays: z.number().int().min(1).max(SHARE_LINK_MAX_DAYS).default(SHARE_LINK_DEFAULT_DAYS),
  })
  .refine((s) => (s.reportId ? 1 : 0) + (s.proposalId ? 1 : 0) === 1, { message: 'Share one report or one proposal', path: ['reportId'] });
export type CreateShareLinkInput = z.input<typeof createShareLinkSchema>;

export const shareLinkSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid().nullable(),
  reportId: z.uuid().nullable(),
  proposalId: z.uuid().nullable(),
  /** What it opens, as the lists name it ("Photo report", "Proposal"). */
  title: z.string(),
  audience: shareAudienceSchema,
  /** The full public URL (absolute), signed. */
  url: z.string(),
  expiresAt: isoDateTime,
  revokedAt: isoDateTime.nullable(),
  /** active, expired or revoked, as of the answer. */
  state: z.enum(['active', 'expired', 'revoked']),
  viewCount: z.number().int().min(0),
  lastViewedAt: isoDateTime.nullable(),
  /** Each time the link was sent by email from the product, newest first: to whom, by whom, when. */
  emails: z.array(z.object({ to: z.string(), sentBy: person.nullable(), sentAt: isoDateTime })),
  createdBy: person.nullable(),
  createdAt: isoDateTime,
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** Send an active link by email: to one address, with a short note of the sender's. */
export const emailShareLinkSchema = z.object({
  to: contactEmailSchema,
  note: longText(1000).optional(),
});
export type EmailShareLinkInput = z.input<typeof emailShareLinkSchema>;
export const shareLinkResponseSchema = z.object({ link: shareLinkSchema });
export const shareLinkListQuerySchema = z.object({ projectId: z.uuid() });
export const shareLinkListResponseSchema = z.object({ links: z.array(shareLinkSchema) });
export const shareLinkViewSchema = z.object({ viewedAt: isoDateTime, ip: z.string().nullable(), userAgent: z.string().nullable() });
export const shareLinkViewsResponseSchema = z.object({ views: z.array(shareLinkViewSchema) });

// ---------------------------------------------------------------- the public share page

export const shareTokenParamSchema = z.object({ token: singleLineString().min(10).max(200) });

/** What a share link shows, with no sign-in: the company, the property and the one thing shared. */
export const publicShareSchema = z.object({
  kind: z.enum(['report', 'proposal']),
  audience: shareAudienceSchema,
  companyName: z.string(),
  companyPhone: z.string().nullable(),
  companyLogoUrl: z.string().nullable(),
  propertyAddress: z.string(),
  homeownerName: z.string(),
  title: z.string(),
  expiresAt: isoDateTime,
  /** The PDF (a report, or the proposal's once rendered): its pages; download at `/api/public/share/:token/file`. */
  document: z.object({ pageCount: z.number().int().nullable(), fileName: z.string() }).nullable(),
  proposal: z
    .object({
      intro: z.string(),
      options: z.array(proposalOptionSchema),
      status: z.enum(PROPOSAL_STATUSES),
      chosenTier: proposalTierSchema.nullable(),
      signature: z.object({ name: z.string(), date: z.string(), signedAt: isoDateTime }).nullable(),
      /** Each option's homeowner part is figured from these (homeownerShare); null when not known. */
      deductibleCents: z.number().int().nullable(),
      approvedCents: z.number().int().nullable(),
      approvedSource: z.enum(PROPOSAL_APPROVED_SOURCES),
      /** Whether signing asks for the homeowner's email (the claim file has none): the signed PDF is sent to it. */
      askEmail: z.boolean(),
      /** Whether the signed PDF is being made right now (the download comes once it is). */
      signedPdfPending: z.boolean(),
    })
    .nullable(),
});
export type PublicShare = z.infer<typeof publicShareSchema>;

/** The homeowner's signature: the chosen option, name, date and the drawn signature (PNG data URL). */
export const signProposalSchema = z.object({
  tier: proposalTierSchema,
  name: shortText(120),
  date: calendarDate(),
  /** Where the signed PDF is sent; asked for (and then required) when the claim file has no homeowner email. */
  email: contactEmailSchema.optional(),
  signature: z
    .string()
    .max(SIGNATURE_MAX_CHARS)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'Draw your signature'),
});
export type SignProposalInput = z.infer<typeof signProposalSchema>;

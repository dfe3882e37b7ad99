import { z } from 'zod';
import { proposalOptionSchema, type PublicShare, type SignProposalInput } from '@ridgeline/shared/contracts/documents';
import { documentFileName, PROPOSAL_TIERS, proposalTitle } from '@ridgeline/shared/domain/documents';
import { formatUsdCents } from '@ridgeline/shared/domain/money';
import type { Db } from '../../infra/db/client';
import type { EventPublisher } from '../../infra/events/event-bus';
import { findCompanyFacts } from '../../data/company-letterhead';
import { readProposalApproved } from '../../data/claim-ledger';
import { insertNotification } from '../../data/notifications';
import { findProjectAddress } from '../../data/project-lookup';
import { findProposal, lockProposal } from '../../data/proposal';
import type { JobQueue } from '../../infra/jobs/queue';
import { RENDER_DOCUMENT_JOB, type RenderDocumentJob } from '../../infra/pdf/render-job';
import type { Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import { verifyShareToken } from './share-token';
import {
  findLinkById,
  findProposalReportFile,
  findReportFile,
  findSessionOfCompany,
  insertProjectActivity,
  insertView,
  markProposalSigned,
  queueProposalReport,
  type ShareLinkRow,
} from './sharing.repository';

export type PublicShareServiceDeps = { db: Db; storage: Storage; jobs: Pick<JobQueue, 'send'>; secret: string; events: EventPublisher };

/** Who opened or signed: the client address as the app resolves it, and the browser it named. */
export type Visitor = { ip: string; userAgent: string | null };

const USER_AGENT_MAX = 512;
/** A drawn signature's PNG: at least a signature, an IHDR and an end chunk; at most 300 kB and 4000 px a side. */
const PNG_MIN_BYTES = 67;
const PNG_MAX_BYTES = 300_000;
const PNG_MAX_SIDE = 4000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const storedOptions = z.array(proposalOptionSchema);

/** A revoked, expired, tampered or unknown link all answer the same, so a guesser learns nothing. */
const linkNotFound = () => AppError.notFound('This link is invalid or has expired.');

/** The PNG bytes of a drawn signature's data URL, or a 400 when they are not a sane PNG image. */
export function decodeSignaturePng(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  const bad = () => AppError.badRequest('The drawn signature is not a PNG image. Draw your signature again.');
  if (bytes.length < PNG_MIN_BYTES || bytes.length > PNG_MAX_BYTES) throw bad();
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw bad();
  // The first chunk is IHDR (13 bytes) with the width and height.
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw bad();
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > PNG_MAX_SIDE || height > PNG_MAX_SIDE) throw bad();
  return bytes;
}

const tierLabel = (tier: string) => PROPOSAL_TIERS.find((t) => t.value === tier)?.label ?? tier;

/**
 * What a share link opens with no sign-in: the one report or proposal it was made for, with the
 * company's name and the property; its PDF; and the homeowner's signature of a proposal. Nothing
 * else of the company is reachable through it.
 */
export function createPublicShareService({ db, storage, jobs, secret, events }: PublicShareServiceDeps) {
  /** The live link a token names: signed by the server, not revoked, not expired. */
  async function resolve(token: string, now = new Date()): Promise<ShareLinkRow> {
    const linkId = verifyShareToken(secret, token);
    const link = linkId ? await findLinkById(db, linkId) : null;
    if (!link || link.revokedAt !== null || link.expiresAt.getTime() <= now.getTime()) throw linkNotFound();
    return link;
  }

  async function documentOf(link: ShareLinkRow) {
    if (link.reportId) return findReportFile(db, link.companyId, link.reportId);
    return link.proposalId ? findProposalReportFile(db, link.companyId, link.proposalId) : null;
  }

  async function build(link: ShareLinkRow): Promise<PublicShare> {
    const company = await findCompanyFacts(db, link.companyId);
    if (!company) throw linkNotFound();
    const project = link.projectId ? await findProjectAddress(db, link.companyId, link.projectId) : null;
    const report = await documentOf(link);
    if (link.reportId && !report) throw linkNotFound();
    // A report made from an inspection not yet in a claim file names the inspection's property.
    const property = project ?? (report?.sessionId ? await findSessionOfCompany(db, link.companyId, report.sessionId) : null);
    const propertyAddress = property
      ? [property.street, property.city, [property.state, property.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
      : '';
    const document = report && report.status === 'ready' && report.filePath ? { pageCount: report.pageCount, fileName: documentFileName(report.title) } : null;
    const base = {
      audience: link.audience,
      companyName: company.name,
      companyPhone: company.phone,
      companyLogoUrl: company.logoPath ? storage.url('avatars', company.logoPath) : null,
      propertyAddress,
      homeownerName: property?.homeownerName ?? '',
      expiresAt: link.expiresAt.toISOString(),
      document,
    };
    if (link.reportId && report) return { ...base, kind: 'report', title: report.title, proposal: null };
    const proposal = link.proposalId ? await findProposal(db, link.companyId, link.proposalId) : null;
    if (!proposal) throw linkNotFound();
    const options = storedOptions.safeParse(proposal.options);
    const signed = proposal.status === 'signed';
    const approved = await readProposalApproved(db, link.companyId, proposal);
    return {
      ...base,
      kind: 'proposal',
      title: proposalTitle(project?.street),
      proposal: {
        intro: proposal.intro,
        options: options.success ? options.data : [],
        status: proposal.status,
        chosenTier: proposal.chosenTier ?? null,
        signature:
          proposal.signerName && proposal.signedDate && proposal.signedAt
            ? { name: proposal.signerName, date: proposal.signedDate, signedAt: proposal.signedAt.toISOString() }
            : null,
        deductibleCents: proposal.deductibleCents,
        approvedCents: approved.approvedCents,
        approvedSource: approved.approvedSource,
        askEmail: !signed && !project?.homeownerEmail?.trim(),
        // Signed: the PDF is drawn again with the signature, and offered for download once it is.
        signedPdfPending: signed && document === null && (report?.status === 'queued' || report?.status === 'rendering'),
      },
    };
  }

  const visitorRow = (visitor: Visitor) => ({ ip: visitor.ip, userAgent: visitor.userAgent ? visitor.userAgent.slice(0, USER_AGENT_MAX) : null });

  /** The shared page's content; an opening is recorded (time, address, browser) once per address and hour. */
  async function open(token: string, visitor: Visitor): Promise<PublicShare> {
    const link = await resolve(token);
    const share = await build(link);
    await insertView(db, { companyId: link.companyId, linkId: link.id, ...visitorRow(visitor) });
    return share;
  }

  /** The shared PDF (for a proposal, its PDF); 409 DOCUMENT_NOT_READY until it is rendered. */
  async function file(token: string): Promise<{ body: Buffer; fileName: string }> {
    const link = await resolve(token);
    const report = await documentOf(link);
    if (!report || report.status !== 'ready' || !report.filePath) throw new AppError('DOCUMENT_NOT_READY');
    const object = await storage.get('documents', report.filePath);
    if (!object) throw new AppError('DOCUMENT_NOT_READY');
    return { body: object.body, fileName: documentFileName(report.title) };
  }

  /**
   * The homeowner signs a proposal through its link: the chosen option, name, date and the drawn
   * signature (kept in storage), with the address and time. One signature per proposal (409 after);
   * the claim file's timeline and the proposal's author hear of it, and the signed PDF is queued, to
   * be kept in the claim file and mailed to the homeowner: to the address given here, which is asked
   * for (400 without it) when the claim file has no homeowner email.
   */
  async function sign(token: string, input: SignProposalInput, visitor: Visitor): Promise<PublicShare> {
    const link = await resolve(token);
    if (!link.proposalId) throw linkNotFound();
    const proposalId = link.proposalId;
    const png = decodeSignaturePng(input.signature);
    const signedAt = new Date();
    const path = `${link.companyId}/proposals/${proposalId}/signature-${signedAt.getTime()}.png`;
    let stored = false;
    let reportId: string;
    let projectId: string | null = null;
    try {
      reportId = await db.transaction(async (tx) => {
        const proposal = await lockProposal(tx, link.companyId, proposalId);
        if (!proposal) throw linkNotFound();
        if (proposal.status === 'signed') throw new AppError('PROPOSAL_SIGNED');
        const options = storedOptions.safeParse(proposal.options);
        const option = options.success ? options.data.find((o) => o.tier === input.tier) : undefined;
        if (!option) throw AppError.badRequest('Choose one of the options offered.');
        const project = await findProjectAddress(tx, link.companyId, proposal.projectId);
        const email = input.email ?? (project?.homeownerEmail?.trim() || null);
        if (!email) throw AppError.badRequest('Enter your email address: the signed proposal is sent to it.');
        await storage.put('documents', path, png, { contentType: 'image/png', upsert: false });
        stored = true;
        const row = visitorRow(visitor);
        // Signed with the approved amount the homeowner was shown: frozen from now on.
        const approved = await readProposalApproved(tx, link.companyId, proposal);
        await markProposalSigned(tx, link.companyId, proposalId, {
          approvedCents: approved.approvedCents,
          approvedSource: approved.approvedSource,
          chosenTier: option.tier,
          signerName: input.name,
          signedDate: input.date,
          signaturePath: path,
          signerIp: row.ip,
          signerUserAgent: row.userAgent,
          signerEmail: email,
          signedAt,
        });
        const body = `${input.name} signed the proposal: ${tierLabel(option.tier)} - ${formatUsdCents(option.priceCents)}`;
        await insertProjectActivity(tx, {
          companyId: link.companyId,
          projectId: proposal.projectId,
          kind: 'proposal_signed',
          body,
          meta: { proposalId, tier: option.tier },
        });
        projectId = proposal.projectId;
        if (proposal.createdBy) {
          await insertNotification(tx, {
            companyId: link.companyId,
            profileId: proposal.createdBy,
            kind: 'proposal_signed',
            title: 'Proposal signed',
            body,
            link: `/projects/${proposal.projectId}?tab=documents`,
          });
        }
        return queueProposalReport(tx, {
          companyId: link.companyId,
          projectId: proposal.projectId,
          proposalId,
          title: proposalTitle(project?.street),
        });
      });
    } catch (error) {
      // The transaction did not commit: the signature image it stored is not kept.
      if (stored) await storage.remove('documents', path).catch(() => undefined);
      throw error;
    }
    await jobs.send<RenderDocumentJob>(RENDER_DOCUMENT_JOB, { reportId, companyId: link.companyId });
    // The claim file moves on to the build (decision 042).
    if (projectId) await events.publish('proposal-signed', { companyId: link.companyId, projectId, proposalId });
    return build(await resolve(token));
  }

  return { open, file, sign };
}

export type PublicShareService = ReturnType<typeof createPublicShareService>;

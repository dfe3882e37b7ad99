import { z } from 'zod';
import {
  proposalOptionSchema,
  type CreateProposalInput,
  type Proposal,
  type ProposalOption,
  type UpdateProposalInput,
} from '@ridgeline/shared/contracts/documents';
import { defaultProposalOptions, proposalTitle, type ProposalApprovedSource } from '@ridgeline/shared/domain/documents';
import type { InsurerApproved } from '@ridgeline/shared/domain/ledger';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Db } from '../../infra/db/client';
import { proposalApprovedNow, readInsurerApproved } from '../../data/claim-ledger';
import { assertLetterheadDetails } from '../../data/company-letterhead';
import { findProjectAddress } from '../../data/project-lookup';
import { insertProposalReport, lockProposal, lockProposalReport, requeueProposalReport } from '../../data/proposal';
import type { JobQueue } from '../../infra/jobs/queue';
import { RENDER_DOCUMENT_JOB, type RenderDocumentJob } from '../../infra/pdf/render-job';
import type { Storage } from '../../infra/storage/storage';
import type { Actor, Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { assertCanEditProposal } from './proposals.policy';
import {
  findProjectClaimAmounts,
  findProjectEstimate,
  findProjectPhotoIds,
  findProposalDetail,
  insertProposal,
  listProposals,
  updateProposal,
  type ProposalDetailRow,
} from './proposals.repository';

export type ProposalsServiceDeps = { db: Db; storage: Storage; jobs: Pick<JobQueue, 'send'> };

/** How long the drawn signature's URL in an answer stays valid. */
const SIGNATURE_URL_SECONDS = 10 * 60;

const storedOptions = z.array(proposalOptionSchema);
const storedPhotoIds = z.array(z.uuid());

export const DEFAULT_PROPOSAL_INTRO =
  'Thank you for the opportunity to restore your roof. Below are three options built from our estimate of the damage; choose the one that suits you and sign to approve it.';

const notFound = () => AppError.notFound('This proposal was not found.');

/**
 * Proposals for the homeowner: good / better / best options built from an estimate of the claim
 * file, edited until the homeowner signs (then frozen), and their PDF rendered by the document job.
 */
export function createProposalsService({ db, storage, jobs }: ProposalsServiceDeps) {
  function present(row: ProposalDetailRow, insurer: InsurerApproved | null): Proposal {
    const p = row.proposal;
    const approved = proposalApprovedNow(p, insurer);
    const parsed = storedOptions.safeParse(p.options);
    const signed = p.signedAt !== null && p.signerName !== null && p.signedDate !== null;
    return {
      id: p.id,
      projectId: p.projectId,
      estimateId: p.estimateId,
      status: p.status,
      intro: p.intro,
      options: parsed.success ? parsed.data : [],
      deductibleCents: p.deductibleCents,
      approvedCents: approved.approvedCents,
      approvedSource: approved.approvedSource,
      photoIds: storedPhotoIds.catch([]).parse(p.photoIds),
      chosenTier: p.chosenTier ?? null,
      signature:
        signed && p.signedAt && p.signerName && p.signedDate
          ? {
              name: p.signerName,
              date: p.signedDate,
              signedAt: p.signedAt.toISOString(),
              ip: p.signerIp ?? '',
              email: p.signerEmail,
              imageUrl: p.signaturePath ? storage.url('documents', p.signaturePath, SIGNATURE_URL_SECONDS) : null,
            }
          : null,
      reportId: row.reportId,
      signedFileId: p.signedFileId,
      createdBy: row.creator ? { id: row.creator.id, name: displayName(row.creator) } : null,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  }

  async function load(tenant: Tenant, id: string): Promise<Proposal> {
    const row = await findProposalDetail(db, tenant.companyId, id);
    if (!row) throw notFound();
    return present(row, await readInsurerApproved(db, tenant.companyId, row.proposal.projectId));
  }

  async function list(tenant: Tenant, projectId: string): Promise<Proposal[]> {
    if (!(await findProjectAddress(db, tenant.companyId, projectId))) throw AppError.notFound('This claim file was not found.');
    const [rows, insurer] = await Promise.all([listProposals(db, tenant.companyId, projectId), readInsurerApproved(db, tenant.companyId, projectId)]);
    return rows.map((row) => present(row, insurer));
  }

  /**
   * A proposal from an estimate of the claim file; without options, good / better / best from what
   * the insurer approved on the ledger (RCV plus approved supplements), or from the estimate's RCV
   * total while it has approved none. The homeowner's part starts from the same figure and the
   * insurer's deductible (the claim file's while the ledger has none). The row keeps our estimate's
   * RCV, marked as ours: the insurer's figures are read from the ledger whenever it is shown, until
   * it is signed (proposalApprovedFigure). Both are edited with it.
   */
  async function create(actor: Actor, tenant: Tenant, input: CreateProposalInput): Promise<Proposal> {
    const project = await findProjectAddress(db, tenant.companyId, input.projectId);
    if (!project) throw AppError.notFound('This claim file was not found.');
    const estimate = await findProjectEstimate(db, tenant.companyId, input.projectId, input.estimateId);
    if (!estimate) throw AppError.notFound('This estimate was not found in the claim file.');
    const [claim, insurer] = await Promise.all([
      findProjectClaimAmounts(db, tenant.companyId, project.id),
      readInsurerApproved(db, tenant.companyId, project.id),
    ]);
    const options: ProposalOption[] = input.options ?? defaultProposalOptions(insurer?.approvedCents ?? estimate.rcvCents);
    const id = await insertProposal(db, {
      companyId: tenant.companyId,
      projectId: project.id,
      estimateId: estimate.id,
      status: 'draft',
      intro: input.intro ?? DEFAULT_PROPOSAL_INTRO,
      options,
      deductibleCents: insurer?.deductibleCents ?? claim?.deductibleCents ?? null,
      approvedCents: estimate.rcvCents,
      approvedSource: 'estimate',
      photoIds: [],
      createdBy: actor.userId,
    });
    return load(tenant, id);
  }

  /**
   * Edits the intro, options, deductible, approved amount or photos until the proposal is signed; a
   * signed proposal is refused (409), and who may change it is proposals.policy.ts's (403). Photos
   * must be the claim file's own (400 otherwise).
   */
  async function update(actor: Actor, tenant: Tenant, id: string, input: UpdateProposalInput): Promise<Proposal> {
    await db.transaction(async (tx) => {
      const row = await lockProposal(tx, tenant.companyId, id);
      if (!row) throw notFound();
      if (row.status === 'signed') throw new AppError('PROPOSAL_SIGNED');
      assertCanEditProposal(actor, tenant, { status: row.status, createdBy: row.createdBy });
      const patch: {
        intro?: string;
        options?: ProposalOption[];
        deductibleCents?: number | null;
        approvedCents?: number | null;
        approvedSource?: ProposalApprovedSource;
        photoIds?: string[];
      } = {};
      if (input.intro !== undefined) patch.intro = input.intro;
      if (input.options !== undefined) patch.options = input.options;
      if (input.deductibleCents !== undefined) patch.deductibleCents = input.deductibleCents;
      // The amount shown sent back as it was changes nothing; another one is the contractor's, typed.
      if (
        input.approvedCents !== undefined &&
        input.approvedCents !== proposalApprovedNow(row, await readInsurerApproved(tx, tenant.companyId, row.projectId)).approvedCents
      ) {
        patch.approvedCents = input.approvedCents;
        patch.approvedSource = 'typed';
      }
      if (input.photoIds !== undefined) {
        const found = await findProjectPhotoIds(tx, tenant.companyId, row.projectId, input.photoIds);
        const foreign = input.photoIds.filter((photoId) => !found.has(photoId));
        if (foreign.length > 0) {
          throw AppError.badRequest(
            `${foreign.length === 1 ? 'A photo is' : `${foreign.length} photos are`} not among this claim file's photos (deleted, or of another claim file).`,
          );
        }
        patch.photoIds = input.photoIds;
      }
      await updateProposal(tx, tenant.companyId, id, patch);
    });
    return load(tenant, id);
  }

  /**
   * Queues the proposal's PDF (once the company's letterhead is complete): its report row (kind proposal) is made, or the existing one put back
   * in the queue; the render job is sent once the row is committed, so the worker always finds it.
   */
  async function renderPdf(actor: Actor, tenant: Tenant, id: string): Promise<Proposal> {
    if (!(await findProposalDetail(db, tenant.companyId, id))) throw notFound();
    // The PDF carries the company's letterhead: 422 COMPANY_DETAILS_MISSING until it is complete.
    await assertLetterheadDetails(db, tenant.companyId, 'a proposal');
    const reportId = await db.transaction(async (tx) => {
      const row = await lockProposal(tx, tenant.companyId, id);
      if (!row) throw notFound();
      const existing = await lockProposalReport(tx, tenant.companyId, id);
      if (existing) {
        await requeueProposalReport(tx, tenant.companyId, existing.id, actor.userId);
        return existing.id;
      }
      const project = await findProjectAddress(tx, tenant.companyId, row.projectId);
      if (!project) throw notFound();
      return insertProposalReport(tx, {
        companyId: tenant.companyId,
        projectId: row.projectId,
        proposalId: id,
        title: proposalTitle(project.street),
        userId: actor.userId,
      });
    });
    await jobs.send<RenderDocumentJob>(RENDER_DOCUMENT_JOB, { reportId, companyId: tenant.companyId });
    return load(tenant, id);
  }

  return { list, get: load, create, update, renderPdf };
}

export type ProposalsService = ReturnType<typeof createProposalsService>;

import type { Db, DbTx } from '../../infra/db/client';
import type { JobQueue } from '../../infra/jobs/queue';
import type { PdfImageRef } from '../../infra/pdf/model';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { renderPdfTo } from '../../infra/pdf/render';
import { RENDER_DOCUMENT_JOB, type RenderDocumentJob } from '../../infra/pdf/render-job';
import type { Storage } from '../../infra/storage/storage';
import type { Logger } from '../../lib/logger';
import { insertNotification } from '../../data/notifications';
import { insertActivity } from '../../data/project-activity';
import { insertProjectFile } from '../../data/project-files';
import { findProposal, linkSignedFile, lockProposal } from '../../data/proposal';
import type { MailMessage } from '../../infra/mail/mailer';
import { proposalOptionSchema } from '@ridgeline/shared/contracts/documents';
import { documentFileName, PROPOSAL_TIERS } from '@ridgeline/shared/domain/documents';
import { formatUsdCents } from '@ridgeline/shared/domain/money';
import { buildModel, formatDateTime, gatherInputs, inputHashOf, LOGO_BUCKET, type ModelInputs } from './report-model';
import { signedCopyMail } from './report-mails';
import { findReportDetail, updateProgress, updateReport } from './reports.repository';
import { findUserName } from '../../data/user-lookup';

// The render job: a queued report becomes rendering, its PDF model is built from what it is made
// of, the engine draws it (progress written at most twice a second) straight into the documents
// bucket (streamed as it is drawn, never held whole; a render that fails leaves no file behind, and
// the previous file is removed once the new one is stored), the report is ready and the person who asked
// gets an inbox entry. A signed proposal's PDF is kept among the claim file's files and mailed to the
// homeowner, once. A failure marks the report failed with the reason in words; the job itself never
// throws, so a broken document is not retried without end.

const DOCUMENTS_BUCKET = 'documents' as const;
const PROJECT_FILES_BUCKET = 'project-files' as const;
const PROGRESS_INTERVAL_MS = 500;

/** Renders documents one at a time per process; the drawing itself runs off the API's event loop. */
const RENDER_WORK = { workers: 1, batchSize: 1, pollingIntervalSeconds: 1 };

export type RenderDeps = {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** Queues a mail as a job (the homeowner's signed copy). */
  queueMail: (message: MailMessage) => Promise<void>;
  render?: typeof renderPdfTo;
  now?: () => Date;
};

/** A reason people can read: what failed, without internals. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const words = message.replace(/\s+/g, ' ').trim().slice(0, 300);
  return words ? `The PDF could not be made: ${words}` : 'The PDF could not be made. Please try again.';
}

/** Renders one document; resolves in every case (a failure is written on the report). */
export async function renderDocument(deps: RenderDeps, job: RenderDocumentJob): Promise<void> {
  const { db, storage, logger } = deps;
  const render = deps.render ?? renderPdfTo;
  const now = deps.now ?? (() => new Date());
  const { reportId, companyId } = job;
  const report = await findReportDetail(db, companyId, reportId);
  if (!report || report.status === 'draft' || report.status === 'ready') return;
  const requesterId = report.updatedBy ?? report.createdBy;
  try {
    await updateReport(db, companyId, reportId, { status: 'rendering', progress: 0, error: null, renderStartedAt: now() });
    const inputs = await gatherInputs(db, report, requesterId ? await findUserName(db, requesterId) : null);
    const hash = inputHashOf(inputs);
    const model = buildModel(inputs, now());

    // Each image's name, for a reason in words when its file is missing.
    const photoNames = new Map<string, string>();
    for (const photo of inputs.photos.values()) {
      photoNames.set(photo.thumbLargePath ?? photo.filePath, photo.fileName);
    }
    const path = `${companyId}/${reportId}/${now().getTime()}.pdf`;
    const pdf = new PassThrough();
    pdf.on('error', () => undefined); // what went wrong reaches the job through the render and the store
    const storing = storage.put(DOCUMENTS_BUCKET, path, pdf, { contentType: 'application/pdf', upsert: true });
    storing.catch(() => undefined); // awaited below; a failure stops the render through the stream first

    // A photo whose file is gone fails the report (the evidence would not hold), at once: the
    // drawing stops; a missing logo does not.
    let missing: Error | null = null;
    const readImage = async (ref: PdfImageRef): Promise<Buffer | null> => {
      const stored = await storage.get(ref.bucket, ref.path);
      if (stored) return stored.body;
      if (ref.bucket === LOGO_BUCKET) return null;
      const name = photoNames.get(ref.path);
      missing ??= new Error(`${name ? `the photo ${name}` : 'an image'} is missing from storage.`);
      pdf.destroy(missing);
      throw missing;
    };
    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    const onProgress = (percent: number) => {
      const at = Date.now();
      if (at - lastWrite < PROGRESS_INTERVAL_MS) return;
      lastWrite = at;
      const value = Math.max(0, Math.min(99, Math.round(percent)));
      writing = writing.then(() => updateProgress(db, companyId, reportId, value)).catch(() => undefined);
    };
    let result: Awaited<ReturnType<typeof render>>;
    try {
      result = await render(model, { readImage, onProgress }, pdf);
      await storing;
      if (missing) throw missing;
    } catch (error) {
      // Whatever was written of it goes: a failed render leaves no file.
      pdf.destroy();
      await storing.catch(() => undefined);
      await storage.remove(DOCUMENTS_BUCKET, path).catch(() => undefined);
      throw missing ?? error;
    } finally {
      await writing;
    }

    const ready = await updateReport(db, companyId, reportId, {
      status: 'ready',
      progress: 100,
      error: null,
      filePath: path,
      fileSize: result.byteLength,
      pageCount: result.pageCount,
      inputHash: hash,
      renderedHash: hash,
      renderedAt: now(),
    });
    if (!ready) {
      // The report was deleted while it rendered: its PDF goes too.
      await storage.remove(DOCUMENTS_BUCKET, path).catch(() => undefined);
      return;
    }
    if (report.filePath && report.filePath !== path) await storage.remove(DOCUMENTS_BUCKET, report.filePath).catch(() => undefined);

    if (report.kind === 'proposal' && report.proposalId) await keepSignedProposal(deps, inputs, report.proposalId, path);

    if (requesterId) {
      const projectId = report.projectId ?? inputs.project?.id ?? inputs.session?.projectId ?? null;
      await insertNotification(db, {
        companyId,
        profileId: requesterId,
        kind: 'document_ready',
        title: `${report.title} is ready`,
        body: result.pageCount === 1 ? '1 page' : `${result.pageCount} pages`,
        link: projectId ? `/projects/${projectId}?tab=documents` : '/photo-reports',
      });
    }
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error), reportId }, 'document render failed');
    await updateReport(db, companyId, reportId, { status: 'failed', error: reasonOf(error) }).catch(() => undefined);
  }
}

/**
 * Keeps the signed proposal's PDF among the claim file's files, once: the file row, the proposal's
 * link to it and the timeline entry. The file is the homeowner's signed copy, not a user's upload:
 * it has no uploader and the timeline entry no actor (the proposal's author only asked for the
 * PDF). False when the proposal already has its file.
 */
async function attachSignedProposalFile(
  tx: DbTx,
  row: { companyId: string; projectId: string; proposalId: string; objectPath: string; fileName: string; fileSize: number },
): Promise<boolean> {
  const current = await lockProposal(tx, row.companyId, row.proposalId);
  if (!current || current.signedFileId !== null) return false;
  const fileId = randomUUID();
  await insertProjectFile(tx, {
    id: fileId,
    companyId: row.companyId,
    projectId: row.projectId,
    objectPath: row.objectPath,
    fileName: row.fileName,
    mimeType: 'application/pdf',
    fileSize: row.fileSize,
    uploadedBy: null,
  });
  await linkSignedFile(tx, row.companyId, row.proposalId, fileId);
  await insertActivity(tx, {
    companyId: row.companyId,
    projectId: row.projectId,
    actorId: null,
    kind: 'file_uploaded',
    body: row.fileName,
    meta: { proposalId: row.proposalId, signedCopy: true },
  });
  return true;
}

/**
 * A signed proposal's PDF is kept once among the claim file's files: the file stored in the
 * project-files bucket, then its row, the proposal's link to it and the timeline entry in one
 * transaction (the stored file is removed again when that transaction finds it already kept). The
 * time it is kept, and only then, the homeowner's copy is mailed to the address of the signature.
 */
async function keepSignedProposal(deps: RenderDeps, inputs: ModelInputs, proposalId: string, documentPath: string): Promise<void> {
  const companyId = inputs.company.id;
  const proposal = await findProposal(deps.db, companyId, proposalId);
  if (!proposal || proposal.status !== 'signed' || proposal.signedFileId !== null) return;
  // The PDF just stored, read back (a proposal is a few pages).
  const stored = await deps.storage.get(DOCUMENTS_BUCKET, documentPath);
  if (!stored) throw new Error('the signed proposal just stored could not be read back.');
  const bytes = stored.body;
  const homeownerName = proposal.signerName?.trim() || inputs.project?.homeownerName.trim() || 'homeowner';
  const objectPath = `projects/${proposal.projectId}/signed-proposal-${proposal.id}-${Date.now()}.pdf`;
  const fileName = documentFileName(`Signed proposal - ${homeownerName}`);
  await deps.storage.put(PROJECT_FILES_BUCKET, objectPath, bytes, { contentType: 'application/pdf' });
  const kept = await deps.db.transaction((tx) =>
    attachSignedProposalFile(tx, { companyId, projectId: proposal.projectId, proposalId, objectPath, fileName, fileSize: bytes.length }),
  );
  if (!kept) {
    await deps.storage.remove(PROJECT_FILES_BUCKET, objectPath).catch(() => undefined);
    return;
  }
  if (!proposal.signerEmail || !proposal.signedAt) return;
  const chosen = (Array.isArray(proposal.options) ? proposal.options : [])
    .map((raw) => proposalOptionSchema.safeParse(raw))
    .flatMap((parsed) => (parsed.success && parsed.data.tier === proposal.chosenTier ? [parsed.data] : []))[0];
  const tier = PROPOSAL_TIERS.find((t) => t.value === proposal.chosenTier)?.label ?? proposal.chosenTier ?? '';
  const project = inputs.project;
  try {
    await deps.queueMail(
      signedCopyMail({
        to: proposal.signerEmail,
        companyName: inputs.company.name,
        companyPhone: inputs.company.phone,
        property: project ? [project.street, project.city, [project.state, project.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '',
        option: chosen ? `${tier}: ${chosen.productLine}, ${formatUsdCents(chosen.priceCents)}` : tier,
        signedAt: formatDateTime(proposal.signedAt, inputs.company.timeZone),
        attachment: { bucket: PROJECT_FILES_BUCKET, path: objectPath, fileName, contentType: 'application/pdf' },
      }),
    );
  } catch (error) {
    // The signed copy stays in the claim file; the company can still send it by hand.
    deps.logger.warn({ err: error instanceof Error ? error.message : String(error), proposalId }, 'signed copy mail could not be queued');
  }
}

/** Registers the document render job on the queue (before it starts). */
export function defineReportJobs(jobs: JobQueue, deps: Omit<RenderDeps, 'render' | 'now'>): void {
  jobs.define<RenderDocumentJob>(RENDER_DOCUMENT_JOB, (job) => renderDocument(deps, job), RENDER_WORK);
}

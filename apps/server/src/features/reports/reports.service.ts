import type {
  CreatePacketInput,
  CreateReportInput,
  PacketDefaults,
  Report,
  ReportDetail,
  ReportDocument,
  ReportListQuery,
  ReportListResponse,
  SaveReportInput,
  ShotReadiness,
} from '@ridgeline/shared/contracts/documents';
import { createPacketSchema, createReportSchema, reportListQuerySchema, saveReportSchema } from '@ridgeline/shared/contracts/documents';
import { structureSchema } from '@ridgeline/shared/contracts/inspections';
import {
  coverLetterIncompleteMessage,
  DEFAULT_COVER_LETTER,
  DEFAULT_PHOTOS_PER_PAGE,
  documentFileName,
  missingCoverLetterFields,
} from '@ridgeline/shared/domain/documents';
import { INSPECTION_AREA_VALUES } from '@ridgeline/shared/domain/field-capture';
import { arrangeForAdjusters, type LayoutStructure } from '@ridgeline/shared/domain/report-layout';
import { buildShotList, type Shot, type ShotListStructure } from '@ridgeline/shared/domain/shot-list';
import { formatDateInZone } from '@ridgeline/shared/domain/time-zones';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import { assertLetterheadDetails } from '../../data/company-letterhead';
import { readInsurerApproved } from '../../data/claim-ledger';
import type { RenderDocumentJob } from '../../infra/pdf/render-job';
import type { Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import { coverLetterValues, defaultTitle, documentOf, gatherInputs, inputHashOf, packetOf, type ModelInputs } from './report-model';
import { assertCanDeleteDocument, assertCanEditCoverLetter } from './reports.policy';
import {
  deleteReport,
  findReportDetail,
  insertReport,
  listReports,
  updateDraftIfVersion,
  updateReport,
  type ReportListRow,
  type ReportRow,
} from './reports.repository';
import { listSourcePhotos, type SourcePhotoRow } from '../../data/claim-photos';
import { findCompanyFacts, updateCoverLetterTemplate } from '../../data/company-letterhead';
import { listProjectEstimates, type EstimateRow } from '../../data/estimate';
import { findSessionFacts, listSessionsOfProject, type SessionFacts } from '../../data/inspection-session';
import { findProjectFacts } from '../../data/project-summary';
import { findUserName } from '../../data/user-lookup';

// Photo reports, the editor's drafts and claim packets. A photo report is refused while required
// shots are missing unless a reason is given (printed in the report); a packet while the company's
// letterhead (name, address, phone) is incomplete or its cover letter names a field the claim file
// has no value for, since a document never prints a stand-in; a draft is saved only from the
// version it was opened at; a PDF is rendered by the job, and again only when what it is made from
// changed.

export const DOCUMENTS_BUCKET = 'documents' as const;

export type ReportsServiceDeps = {
  db: Db;
  storage: Storage;
  /** Sends the render job (called after the transaction that queued the report commits). */
  queueRender: (job: RenderDocumentJob) => Promise<void>;
};

type Source = { projectId: string | null; sessionId: string | null };
type SourceFacts = { source: Source; street: string; structures: ShotListStructure[]; photos: SourcePhotoRow[] };

/** A claim file with no inspection is read as one structure with every area to inspect. */
const DEFAULT_STRUCTURE: ShotListStructure = { id: 'main', name: 'Main house', areas: INSPECTION_AREA_VALUES, slopes: [] };

function structuresOf(sessions: readonly Pick<SessionFacts, 'structures'>[]): ShotListStructure[] {
  return sessions.flatMap((session) =>
    (Array.isArray(session.structures) ? session.structures : []).flatMap((raw: unknown) => {
      const parsed = structureSchema.safeParse(raw);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

/** How a missing shot is named to people: "Front elevation", "Test square N". */
function missingLabel(shot: Shot): string {
  if (shot.category === 'elevation') return `${shot.label} elevation`;
  if (shot.subcategory.startsWith('test_square_')) return shot.label.replace(/ = .*$/, '');
  return shot.label;
}

function hhmm(date: Date): string {
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')} UTC`;
}

export function createReportsService({ db, storage, queueRender }: ReportsServiceDeps) {
  function present(row: ReportListRow, stale: boolean): Report {
    return {
      id: row.id,
      kind: row.kind,
      title: row.title,
      status: row.status,
      progress: row.status === 'ready' ? 100 : Math.max(0, Math.min(100, row.progress)),
      projectId: row.projectId,
      sessionId: row.sessionId,
      proposalId: row.proposalId,
      sourceLabel: row.sourceLabel,
      pageCount: row.pageCount,
      fileSize: row.fileSize,
      overrideReason: row.overrideReason,
      error: row.error,
      stale,
      version: row.version,
      createdBy: row.createdBy ? { id: row.createdBy, name: row.createdByName ?? '' } : null,
      updatedBy: row.updatedBy ? { id: row.updatedBy, name: row.updatedByName ?? '' } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      renderedAt: row.renderedAt?.toISOString() ?? null,
    };
  }

  /** A ready PDF whose inputs changed since it was rendered. */
  async function isStale(row: ReportRow): Promise<boolean> {
    if (row.status !== 'ready' || !row.renderedHash) return false;
    return inputHashOf(await gatherInputs(db, row, null)) !== row.renderedHash;
  }

  async function detail(row: ReportListRow): Promise<ReportDetail> {
    return { ...present(row, await isStale(row)), document: documentOf(row), packet: packetOf(row) };
  }

  async function reload(tenant: Tenant, reportId: string): Promise<ReportDetail> {
    const row = await findReportDetail(db, tenant.companyId, reportId);
    if (!row) throw AppError.notFound('Report not found');
    return detail(row);
  }

  /** The claim file or inspection a document is made from: its address, structures and live photos (404 when not the company's). */
  async function sourceFacts(tenant: Tenant, source: Source): Promise<SourceFacts> {
    if (source.sessionId) {
      const session = await findSessionFacts(db, tenant.companyId, source.sessionId);
      if (!session) throw AppError.notFound('Inspection not found');
      return { source, street: session.street, structures: structuresOf([session]), photos: await listSourcePhotos(db, tenant.companyId, source) };
    }
    if (!source.projectId) throw AppError.badRequest('Choose a claim file or an inspection');
    const project = await findProjectFacts(db, tenant.companyId, source.projectId);
    if (!project) throw AppError.notFound('Claim file not found');
    const structures = structuresOf(await listSessionsOfProject(db, tenant.companyId, project.id));
    return {
      source,
      street: project.street,
      structures: structures.length > 0 ? structures : [DEFAULT_STRUCTURE],
      photos: await listSourcePhotos(db, tenant.companyId, source),
    };
  }

  function readinessOf(facts: SourceFacts): ShotReadiness {
    const phases = buildShotList(
      facts.structures,
      facts.photos.map((p) => ({ id: p.id, category: p.category, subcategory: p.subcategory, phase: p.phase, structureId: p.structureId })),
    );
    const required = phases.flatMap((p) => p.shots.filter((s) => s.required));
    const missing = required.filter((s) => s.count === 0).map((s) => ({ key: s.key, label: missingLabel(s), phase: s.phase }));
    return { required: required.length, captured: required.length - missing.length, complete: missing.length === 0, missing, photoCount: facts.photos.length };
  }

  function assertReady(readiness: ShotReadiness, overrideReason: string | null | undefined): void {
    if (readiness.complete || (overrideReason && overrideReason.trim() !== '')) return;
    throw new AppError(
      'SHOT_LIST_INCOMPLETE',
      `Required photos are missing: ${readiness.missing.map((m) => m.label).join(', ')}. Take them first, or give a reason to make the report anyway.`,
    );
  }

  function arrange(facts: SourceFacts, layout: ReportDocument['sections'][number]['layout']): ReportDocument {
    const structures: LayoutStructure[] = facts.structures.filter((s) => s !== DEFAULT_STRUCTURE);
    const sections = arrangeForAdjusters(
      facts.photos.map((p) => ({
        id: p.id,
        category: p.category,
        subcategory: p.subcategory,
        structureId: p.structureId,
        notes: p.notes,
        capturedAt: p.capturedAt?.toISOString() ?? null,
      })),
      structures,
      layout,
    );
    return { sections, showAnnotations: true, showMetadata: true };
  }

  /** Every field the cover letter names has a value for this claim: 422 COVER_LETTER_INCOMPLETE naming those that do not. */
  function assertCoverLetter(
    template: string,
    inputs: Pick<ModelInputs, 'company' | 'project' | 'session' | 'requesterName' | 'insurer'>,
    estimate: EstimateRow | null,
  ): void {
    const missing = missingCoverLetterFields(template, coverLetterValues(inputs, estimate, new Date()));
    if (missing.length > 0) throw new AppError('COVER_LETTER_INCOMPLETE', coverLetterIncompleteMessage(missing));
  }

  /** Sends the render job of a queued report; a queue that refuses it leaves the report failed, in words. */
  async function send(tenant: Tenant, reportId: string): Promise<void> {
    try {
      await queueRender({ reportId, companyId: tenant.companyId });
    } catch {
      await updateReport(db, tenant.companyId, reportId, { status: 'failed', error: 'The PDF could not be queued. Please try rendering it again.' });
    }
  }

  return {
    async readiness(tenant: Tenant, source: { projectId?: string | undefined; sessionId?: string | undefined }): Promise<ShotReadiness> {
      return readinessOf(await sourceFacts(tenant, { projectId: source.projectId ?? null, sessionId: source.sessionId ?? null }));
    },

    /** A one-click photo report (queued, the job sent once it is stored) or a new editor draft. */
    async create(actor: Actor, tenant: Tenant, raw: CreateReportInput): Promise<ReportDetail> {
      const input = createReportSchema.parse(raw);
      const facts = await sourceFacts(tenant, { projectId: input.projectId ?? null, sessionId: input.sessionId ?? null });
      const overrideReason = input.overrideReason?.trim() || null;
      if (input.kind === 'photo') assertReady(readinessOf(facts), overrideReason);
      const queued = input.kind === 'photo';
      const row = await db.transaction((tx) =>
        insertReport(tx, {
          companyId: tenant.companyId,
          projectId: facts.source.projectId,
          sessionId: facts.source.sessionId,
          kind: input.kind,
          title: input.title ?? defaultTitle(input.kind, facts.street),
          status: queued ? 'queued' : 'draft',
          progress: 0,
          document: arrange(facts, input.layout ?? DEFAULT_PHOTOS_PER_PAGE),
          overrideReason,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        }),
      );
      if (queued) await send(tenant, row.id);
      return reload(tenant, row.id);
    },

    /** A claim packet of a claim file, queued at once. */
    async createPacket(actor: Actor, tenant: Tenant, raw: CreatePacketInput): Promise<ReportDetail> {
      const input = createPacketSchema.parse(raw);
      const facts = await sourceFacts(tenant, { projectId: input.projectId, sessionId: null });
      await assertLetterheadDetails(db, tenant.companyId, 'a claim packet');
      const company = await findCompanyFacts(db, tenant.companyId);
      const overrideReason = input.overrideReason?.trim() || null;
      if (input.photoReport) assertReady(readinessOf(facts), overrideReason);
      const estimate = input.estimateId ? ((await listProjectEstimates(db, tenant.companyId, input.projectId, input.estimateId))[0] ?? null) : null;
      if (input.estimateId && !estimate) throw AppError.badRequest('Choose an estimate of this claim file.');
      const project = await findProjectFacts(db, tenant.companyId, input.projectId);
      if (company) {
        const insurer = await readInsurerApproved(db, tenant.companyId, input.projectId);
        assertCoverLetter(input.coverLetter, { company, project, session: null, requesterName: await findUserName(db, actor.userId), insurer }, estimate);
      }
      const row = await db.transaction((tx) =>
        insertReport(tx, {
          companyId: tenant.companyId,
          projectId: input.projectId,
          kind: 'packet',
          title: input.title ?? defaultTitle('packet', facts.street),
          status: 'queued',
          progress: 0,
          document: arrange(facts, input.layout ?? DEFAULT_PHOTOS_PER_PAGE),
          packet: { coverLetter: input.coverLetter, photoReport: input.photoReport, measurements: input.measurements, estimateId: input.estimateId },
          overrideReason,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        }),
      );
      await send(tenant, row.id);
      return reload(tenant, row.id);
    },

    async list(tenant: Tenant, raw: ReportListQuery): Promise<ReportListResponse> {
      const query = reportListQuerySchema.parse(raw);
      const { rows, total } = await listReports(db, tenant.companyId, query, query.page, query.pageSize);
      const reports: Report[] = [];
      for (const row of rows) reports.push(present(row, await isStale(row)));
      return { reports, total };
    },

    get: reload,

    /** Autosave of a draft, from the version the editor opened (409 DRAFT_CHANGED naming who saved since). */
    async save(actor: Actor, tenant: Tenant, reportId: string, raw: SaveReportInput): Promise<ReportDetail> {
      const input = saveReportSchema.parse(raw);
      const current = await findReportDetail(db, tenant.companyId, reportId);
      if (!current) throw AppError.notFound('Report not found');
      if (current.kind === 'proposal') throw AppError.badRequest("A proposal's PDF is made from the proposal: edit the proposal instead.");
      const sectionIds = input.document.sections.map((s) => s.id);
      if (new Set(sectionIds).size !== sectionIds.length) throw AppError.badRequest('Each section needs its own id.');
      const photoIds = [...new Set(input.document.sections.flatMap((s) => s.photos.map((p) => p.photoId)))];
      const found = new Set(
        (await listSourcePhotos(db, tenant.companyId, { projectId: current.projectId, sessionId: current.sessionId }, photoIds)).map((p) => p.id),
      );
      const foreign = photoIds.filter((id) => !found.has(id));
      if (foreign.length > 0) {
        throw AppError.badRequest(
          `${foreign.length === 1 ? 'A photo is' : `${foreign.length} photos are`} not among this report's photos (deleted, or of another claim file).`,
        );
      }
      const saved = await updateDraftIfVersion(db, tenant.companyId, reportId, input.version, {
        document: input.document,
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.overrideReason !== undefined ? { overrideReason: input.overrideReason?.trim() || null } : {}),
        updatedBy: actor.userId,
      });
      if (!saved) {
        const latest = await findReportDetail(db, tenant.companyId, reportId);
        if (!latest) throw AppError.notFound('Report not found');
        const who = latest.updatedByName ?? latest.createdByName ?? 'Someone';
        throw new AppError('DRAFT_CHANGED', `${who} saved this draft at ${hhmm(latest.updatedAt)} after you opened it. Reload to see their changes.`);
      }
      return reload(tenant, reportId);
    },

    /**
     * Renders the PDF (again): answers the ready report at once when nothing it is made from
     * changed and its file is there; otherwise queues it and sends the job.
     */
    async render(actor: Actor, tenant: Tenant, reportId: string, input: { overrideReason?: string | undefined }): Promise<ReportDetail> {
      const current = await findReportDetail(db, tenant.companyId, reportId);
      if (!current) throw AppError.notFound('Report not found');
      if (current.status === 'queued' || current.status === 'rendering') return detail(current);
      const overrideReason = input.overrideReason?.trim() || current.overrideReason;
      if (current.kind === 'photo' || current.kind === 'advanced' || (current.kind === 'packet' && packetOf(current)?.photoReport)) {
        assertReady(readinessOf(await sourceFacts(tenant, { projectId: current.projectId, sessionId: current.sessionId })), overrideReason);
      }
      const withReason = { ...current, overrideReason };
      const inputs = await gatherInputs(db, withReason, await findUserName(db, actor.userId));
      if (current.kind === 'packet' && inputs.packet) {
        await assertLetterheadDetails(db, tenant.companyId, 'a claim packet');
        assertCoverLetter(inputs.packet.parts.coverLetter, inputs, inputs.packet.estimate);
      }
      const hash = inputHashOf(inputs);
      if (current.status === 'ready' && current.renderedHash === hash && current.filePath && (await storage.get(DOCUMENTS_BUCKET, current.filePath))) {
        return detail(current);
      }
      await db.transaction((tx) =>
        updateReport(tx, tenant.companyId, reportId, { status: 'queued', progress: 0, error: null, inputHash: hash, overrideReason, updatedBy: actor.userId }),
      );
      await send(tenant, reportId);
      return reload(tenant, reportId);
    },

    /** The stored PDF and the name it downloads as (409 DOCUMENT_NOT_READY until it is rendered). */
    async file(tenant: Tenant, reportId: string): Promise<{ body: Buffer; fileName: string }> {
      const row = await findReportDetail(db, tenant.companyId, reportId);
      if (!row) throw AppError.notFound('Report not found');
      const stored = row.status === 'ready' && row.filePath ? await storage.get(DOCUMENTS_BUCKET, row.filePath) : null;
      if (!stored)
        throw new AppError('DOCUMENT_NOT_READY', row.status === 'failed' ? 'The PDF could not be made. Render it again.' : 'The PDF is not ready yet.');
      return { body: stored.body, fileName: documentFileName(row.title) };
    },

    /** Deletes the report and its stored PDF (owners and managers). */
    async remove(tenant: Tenant, reportId: string): Promise<void> {
      assertCanDeleteDocument(tenant);
      const row = await deleteReport(db, tenant.companyId, reportId);
      if (!row) throw AppError.notFound('Report not found');
      if (row.filePath) await storage.remove(DOCUMENTS_BUCKET, row.filePath).catch(() => undefined);
    },

    /** The packet dialog's starting point: the cover letter template, the claim's values, the estimates. */
    async packetDefaults(actor: Actor, tenant: Tenant, projectId: string): Promise<PacketDefaults> {
      const company = await findCompanyFacts(db, tenant.companyId);
      const project = await findProjectFacts(db, tenant.companyId, projectId);
      if (!company || !project) throw AppError.notFound('Claim file not found');
      const estimates = await listProjectEstimates(db, tenant.companyId, projectId);
      const requester = await findUserName(db, actor.userId);
      const insurer = await readInsurerApproved(db, tenant.companyId, projectId);
      const values = coverLetterValues({ company, project, session: null, requesterName: requester, insurer }, estimates[0] ?? null, new Date());
      return {
        template: company.coverLetterTemplate ?? DEFAULT_COVER_LETTER,
        values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ''])),
        estimates: estimates.map((e) => ({
          id: e.id,
          label: `Estimate version ${e.version} (${formatDateInZone(e.updatedAt, company.timeZone)})`,
          totalCents: e.rcvCents,
        })),
      };
    },

    /** The company's cover letter template (owners and managers); a blank one brings back the default. */
    async saveCoverLetterTemplate(tenant: Tenant, template: string): Promise<void> {
      assertCanEditCoverLetter(tenant);
      await updateCoverLetterTemplate(db, tenant.companyId, template.trim() === '' ? null : template);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

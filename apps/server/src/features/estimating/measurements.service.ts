import type { z } from 'zod';
import {
  reportTotalsSchema,
  structureMeasurementSchema,
  type createMeasurementSchema,
  type Measurement,
  type measurementListQuerySchema,
  type StructureMeasurement,
  type updateMeasurementSchema,
} from '@ridgeline/shared/contracts/estimating';
import { measureRoof } from '@ridgeline/shared/domain/roof-measurements';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import { detectFileType } from '../../infra/storage/file-type';
import { ObjectExistsError, type Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { projectExists } from '../../data/project-lookup';
import { holdProject, holdSessionRef } from './estimating.repository';
import { findSessionRef } from '../../data/inspection-session';
import {
  deleteMeasurementRow,
  findMeasurement,
  insertMeasurementUnlessSessionHasOne,
  listMeasurements,
  lockMeasurement,
  projectHasMeasurement,
  updateMeasurementRow,
  type MeasurementDetailRow,
} from './measurements.repository';
import { sessionAddress } from './session-address';

export type MeasurementsServiceDeps = { db: Db; storage: Storage; logger: Pick<Logger, 'warn'>; now?: () => Date };
type CreateInput = z.output<typeof createMeasurementSchema>;
type UpdateInput = z.output<typeof updateMeasurementSchema>;
type ListQuery = z.output<typeof measurementListQuerySchema>;

const BUCKET = 'project-files';
/** Download links stay valid for five minutes. */
const URL_SECONDS = 300;
const NOT_FOUND = 'Measurement not found';
/** A claim file's roof has one measurement record: a second is refused, the first is opened to change it. */
export const ROOF_MEASURED = 'This claim file already has a measurement. Open it to change it.';

/** A report's declared type (the Content-Type sent) and the type its bytes must have. */
const REPORT_KINDS: Record<string, { mime: string; ext: 'pdf' | 'xml' }> = {
  'application/pdf': { mime: 'application/pdf', ext: 'pdf' },
  'application/xml': { mime: 'application/xml', ext: 'xml' },
  'text/xml': { mime: 'application/xml', ext: 'xml' },
};

export const UNSUPPORTED_REPORT_MESSAGE = 'A measurement report must be a PDF or an XML file (an XML file starts with its <?xml …?> declaration).';

/**
 * The names a report is kept under: `fileName`, shown to people (the last part of what was sent, its
 * extension made to match the bytes), and `safeName`, the object's name (letters, digits, dot, dash
 * and underscore only).
 */
export function reportFileNames(name: string, ext: 'pdf' | 'xml'): { fileName: string; safeName: string } {
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').trim();
  const dot = base.lastIndexOf('.');
  const given = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim() || 'measurement-report';
  const fileName = given === ext ? base : `${stem}.${ext}`;
  const safeStem =
    stem
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 100) || 'measurement-report';
  return { fileName, safeName: `${safeStem}.${ext}` };
}

/** The measurement's structures as the contract shapes them; a stored entry that no longer fits is left out rather than failing the read. */
function structuresOf(stored: unknown): StructureMeasurement[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = structureMeasurementSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The totals kept in the row's columns: true area in whole square feet, squares in hundredths. */
function totalsColumns(structures: readonly StructureMeasurement[]) {
  const roof = measureRoof(structures);
  return {
    trueAreaSqFt: Math.round(roof.trueAreaSqFt),
    squaresHundredths: Math.round(roof.squares * 100),
    orderSquaresHundredths: Math.round(roof.orderSquares * 100),
  };
}

/**
 * Roof measurements: one record per roof (decision 041). A claim file has one at most, shared by its
 * inspections and its Measurements tab; an inspection on no claim file has its own, which becomes the
 * claim file's when it is converted. The totals are computed here from
 * the structures (never taken from the client) and kept in the row for lists. A measurement report
 * (PDF or XML) is stored beside it in the private project-files bucket, under
 * {companyId}/measurements/{measurementId}/{timestamp}-{name}, never over another object.
 */
export function createMeasurementsService({ db, storage, logger, now = () => new Date() }: MeasurementsServiceDeps) {
  function present(row: MeasurementDetailRow): Measurement {
    const m = row.measurement;
    const reportTotals = m.reportTotals === null ? null : reportTotalsSchema.safeParse(m.reportTotals);
    return {
      id: m.id,
      sessionId: m.sessionId,
      projectId: m.projectId,
      projectTitle: m.projectId ? row.projectTitle : null,
      sessionAddress: m.sessionId ? sessionAddress(row.session) : null,
      label: m.label,
      structures: structuresOf(m.structures),
      reportTotals: reportTotals?.success ? reportTotals.data : null,
      report:
        m.reportFilePath && m.reportFileName && m.reportMimeType && m.reportUploadedAt
          ? {
              fileName: m.reportFileName,
              mimeType: m.reportMimeType,
              size: m.reportFileSize ?? 0,
              uploadedAt: m.reportUploadedAt.toISOString(),
              url: storage.url(BUCKET, m.reportFilePath, URL_SECONDS),
            }
          : null,
      notes: m.notes,
      totals: { trueAreaSqFt: m.trueAreaSqFt, squares: m.squaresHundredths / 100, orderSquares: m.orderSquaresHundredths / 100 },
      createdByName: row.creator ? displayName(row.creator) : null,
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
    };
  }

  async function load(tenant: Tenant, id: string): Promise<Measurement> {
    const row = await findMeasurement(db, tenant.companyId, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    return present(row);
  }

  /** Removes an object no row points at any more; a failure is only logged (the row is what counts). */
  async function removeObject(path: string, reason: string): Promise<void> {
    await storage.remove(BUCKET, path).catch((error: unknown) => {
      logger.warn({ err: String(error), objectPath: path }, reason);
    });
  }

  /** The company's measurements, newest first, or a session's or a project's: that session or project must be the company's (404, as the estimates list answers). */
  async function list(tenant: Tenant, query: ListQuery): Promise<Measurement[]> {
    if (query.sessionId && !(await findSessionRef(db, tenant.companyId, query.sessionId))) throw AppError.notFound('Inspection session not found');
    if (query.projectId && !(await projectExists(db, tenant.companyId, query.projectId))) throw AppError.notFound('Claim file not found');
    return (await listMeasurements(db, tenant.companyId, query)).map(present);
  }

  /**
   * A session's measurement or a claim file's: 409 when the roof has one already (the session's, or
   * its claim file's, wherever it was entered). The session or project must be the company's (404).
   * A session linked to a claim file gives the measurement its project; a project given beside such
   * a session must be that one (400).
   */
  async function create(actor: Actor, tenant: Tenant, input: CreateInput): Promise<Measurement> {
    const id = await db.transaction(async (tx) => {
      let projectId = input.projectId ?? null;
      if (input.sessionId) {
        const session = await holdSessionRef(tx, tenant.companyId, input.sessionId);
        if (!session) throw AppError.notFound('Inspection session not found');
        if (session.projectId) {
          if (projectId && projectId !== session.projectId) throw AppError.badRequest('This session belongs to another claim file.');
          projectId = session.projectId;
        }
      }
      if (projectId && !(await holdProject(tx, tenant.companyId, projectId))) throw AppError.notFound('Claim file not found');
      const measured = () => AppError.conflict(input.sessionId ? 'This session already has a measurement. Open it to change it.' : ROOF_MEASURED);
      if (projectId && (await projectHasMeasurement(tx, tenant.companyId, projectId))) throw measured();
      const inserted = await insertMeasurementUnlessSessionHasOne(tx, {
        companyId: tenant.companyId,
        sessionId: input.sessionId ?? null,
        projectId,
        label: input.label,
        structures: input.structures,
        ...totalsColumns(input.structures),
        reportTotals: input.reportTotals,
        notes: input.notes,
        createdBy: actor.userId,
      });
      if (!inserted) throw measured();
      return inserted;
    });
    return load(tenant, id);
  }

  async function get(tenant: Tenant, id: string): Promise<Measurement> {
    return load(tenant, id);
  }

  /** Replaces what was measured; the totals are computed again. */
  async function update(tenant: Tenant, id: string, input: UpdateInput): Promise<Measurement> {
    await db.transaction(async (tx) => {
      if (!(await lockMeasurement(tx, tenant.companyId, id))) throw AppError.notFound(NOT_FOUND);
      await updateMeasurementRow(tx, tenant.companyId, id, {
        label: input.label,
        structures: input.structures,
        ...totalsColumns(input.structures),
        reportTotals: input.reportTotals,
        notes: input.notes,
      });
    });
    return load(tenant, id);
  }

  /** Deletes the row, then its report file. */
  async function remove(tenant: Tenant, id: string): Promise<void> {
    const reportPath = await db.transaction(async (tx) => {
      const row = await lockMeasurement(tx, tenant.companyId, id);
      if (!row) throw AppError.notFound(NOT_FOUND);
      await deleteMeasurementRow(tx, tenant.companyId, id);
      return row.reportFilePath;
    });
    if (reportPath) await removeObject(reportPath, 'could not remove the report of a deleted measurement');
  }

  /**
   * Stores a report file: the declared type must be PDF or XML and the bytes must be of that type
   * (415 otherwise). The new object is written first, then the row points at it in one locked
   * update, then the report it replaces is removed; when the row cannot be written the new object
   * is removed again.
   */
  async function attachReport(tenant: Tenant, id: string, upload: { fileName: string; contentType: string; body: Buffer }): Promise<Measurement> {
    if (!(await findMeasurement(db, tenant.companyId, id))) throw AppError.notFound(NOT_FOUND);
    const kind = REPORT_KINDS[upload.contentType];
    if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_REPORT_MESSAGE);
    if (upload.body.length === 0) throw AppError.badRequest('The upload is empty.');
    const detected = await detectFileType(upload.body);
    if (detected?.mime !== kind.mime) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_REPORT_MESSAGE);
    const { fileName, safeName } = reportFileNames(upload.fileName, kind.ext);

    // A name already taken (two uploads of one name in the same millisecond) takes the next millisecond.
    let objectPath = '';
    for (let stamp = now().getTime(), attempt = 0; ; stamp += 1, attempt += 1) {
      objectPath = `${tenant.companyId}/measurements/${id}/${stamp}-${safeName}`;
      try {
        await storage.put(BUCKET, objectPath, upload.body, { contentType: kind.mime });
        break;
      } catch (error) {
        if (!(error instanceof ObjectExistsError) || attempt >= 5) throw error;
      }
    }

    let replaced: string | null;
    try {
      replaced = await db.transaction(async (tx) => {
        const row = await lockMeasurement(tx, tenant.companyId, id);
        if (!row) throw AppError.notFound(NOT_FOUND);
        await updateMeasurementRow(tx, tenant.companyId, id, {
          reportFilePath: objectPath,
          reportFileName: fileName,
          reportMimeType: kind.mime,
          reportFileSize: upload.body.length,
          reportUploadedAt: now(),
        });
        return row.reportFilePath;
      });
    } catch (error) {
      await removeObject(objectPath, 'could not remove the object of a failed measurement report upload');
      throw error;
    }
    if (replaced) await removeObject(replaced, 'could not remove a replaced measurement report');
    return load(tenant, id);
  }

  /** Removes the report file (the typed totals stay); without a report it changes nothing. */
  async function removeReport(tenant: Tenant, id: string): Promise<Measurement> {
    const reportPath = await db.transaction(async (tx) => {
      const row = await lockMeasurement(tx, tenant.companyId, id);
      if (!row) throw AppError.notFound(NOT_FOUND);
      if (!row.reportFilePath) return null;
      await updateMeasurementRow(tx, tenant.companyId, id, {
        reportFilePath: null,
        reportFileName: null,
        reportMimeType: null,
        reportFileSize: null,
        reportUploadedAt: null,
      });
      return row.reportFilePath;
    });
    if (reportPath) await removeObject(reportPath, 'could not remove a removed measurement report');
    return load(tenant, id);
  }

  return { list, create, get, update, remove, attachReport, removeReport };
}

export type MeasurementsService = ReturnType<typeof createMeasurementsService>;

import type { z } from 'zod';
import {
  carrierScopeLineSchema,
  estimateLineSchema,
  supplementItemSchema,
  type createEstimateSchema,
  type Estimate,
  type estimateInputSchema,
  type estimateListQuerySchema,
} from '@ridgeline/shared/contracts/estimating';
import { estimateTotals } from '@ridgeline/shared/domain/estimate';
import { supplementCheck } from '@ridgeline/shared/domain/supplement';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { AppError } from '../../lib/app-error';
import { lockSessionRef, sessionPhotoIds } from './estimating.repository';
import { findSessionRef, type SessionRef } from '../../data/inspection-session';
import { projectExists } from '../../data/project-lookup';
import { estimateCsv, type CsvFile } from './estimate-export';
import { sessionAddress } from './session-address';
import {
  findEstimate,
  insertEstimate,
  latestVersion,
  listEstimates,
  lockEstimate,
  updateEstimateRow,
  type EstimateDetailRow,
  type EstimatePatch,
} from './estimates.repository';

export type EstimatesServiceDeps = { db: Db };
type EstimateInput = z.output<typeof estimateInputSchema>;
type CreateInput = z.output<typeof createEstimateSchema>;
type ListQuery = z.output<typeof estimateListQuerySchema>;

const NOT_FOUND = 'Estimate not found';
export const OLD_VERSION_MESSAGE = 'Only the latest version can be changed. Save it as a new version instead.';
export const LINE_PHOTO_MESSAGE = 'A line names a photo that is not one of this inspection’s photos. Recalculate the lines, or remove the photo from the line.';

/**
 * A line's photos must be photos of the estimate's own inspection (or its claim file), not deleted:
 * a line never points at another company's photo, or at one a report could not print.
 */
async function assertLinePhotos(tx: DbTx, companyId: string, session: SessionRef, input: EstimateInput): Promise<void> {
  const ids = [...new Set(input.lines.flatMap((line) => line.photoIds))];
  const found = await sessionPhotoIds(tx, companyId, session, ids);
  if (ids.some((id) => !found.has(id))) throw AppError.badRequest(LINE_PHOTO_MESSAGE);
}

/** Stored JSON entries that still fit the contract; one that no longer fits is left out rather than failing the read. */
function entriesOf<T>(stored: unknown, schema: z.ZodType<T>): T[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * What is stored of an estimate as edited: the lines, settings and scope as given, and the totals
 * and supplement list computed here with the shared rules (whatever totals a client believes).
 */
function computed(input: EstimateInput): EstimatePatch {
  const settings = { depreciationMode: input.depreciationMode, overallDepreciationBp: input.overallDepreciationBp, opEnabled: input.opEnabled };
  const totals = estimateTotals(input.lines, settings);
  return {
    lines: input.lines,
    ...settings,
    carrierScope: input.carrierScope,
    // Without the carrier's scope there is nothing to compare with: no supplement.
    supplement: input.carrierScope.length > 0 ? supplementCheck(input.lines, totals, input.carrierScope) : [],
    notes: input.notes,
    ...totals,
  };
}

/**
 * Estimates of inspection sessions, in versions. A new estimate takes the next version of its
 * session (numbered under the session's row lock, so two saves racing get two numbers) and the
 * session's claim file. Only the latest version is changed in place; earlier ones stay as they were.
 */
export function createEstimatesService({ db }: EstimatesServiceDeps) {
  function present(row: EstimateDetailRow): Estimate {
    const e = row.estimate;
    return {
      id: e.id,
      sessionId: e.sessionId,
      projectId: e.projectId,
      version: e.version,
      isLatest: row.isLatest,
      lines: entriesOf(e.lines, estimateLineSchema),
      depreciationMode: e.depreciationMode === 'line' ? 'line' : 'overall',
      overallDepreciationBp: e.overallDepreciationBp,
      opEnabled: e.opEnabled,
      carrierScope: entriesOf(e.carrierScope, carrierScopeLineSchema),
      notes: e.notes,
      totals: {
        subtotalCents: e.subtotalCents,
        overheadCents: e.overheadCents,
        profitCents: e.profitCents,
        rcvCents: e.rcvCents,
        depreciationCents: e.depreciationCents,
        acvCents: e.acvCents,
      },
      supplement: entriesOf(e.supplement, supplementItemSchema),
      sessionAddress: sessionAddress(row.session),
      createdByName: row.creator ? displayName(row.creator) : null,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
    };
  }

  async function load(tenant: Tenant, id: string): Promise<Estimate> {
    const row = await findEstimate(db, tenant.companyId, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    return present(row);
  }

  /** A session's or a project's estimates, every version, newest first; the session or project must be the company's (404). */
  async function list(tenant: Tenant, query: ListQuery): Promise<Estimate[]> {
    if (query.sessionId && !(await findSessionRef(db, tenant.companyId, query.sessionId))) throw AppError.notFound('Inspection session not found');
    if (query.projectId && !(await projectExists(db, tenant.companyId, query.projectId))) throw AppError.notFound('Claim file not found');
    return (await listEstimates(db, tenant.companyId, query)).map(present);
  }

  async function get(tenant: Tenant, id: string): Promise<Estimate> {
    return load(tenant, id);
  }

  /** One version as a CSV file (see estimate-export.ts). */
  async function exportCsv(tenant: Tenant, id: string): Promise<CsvFile> {
    return estimateCsv(await load(tenant, id));
  }

  /** The session's next version (the first is 1), on the session's claim file. */
  async function create(actor: Actor, tenant: Tenant, input: CreateInput): Promise<Estimate> {
    const id = await db.transaction(async (tx: DbTx) => {
      const session = await lockSessionRef(tx, tenant.companyId, input.sessionId);
      if (!session) throw AppError.notFound('Inspection session not found');
      await assertLinePhotos(tx, tenant.companyId, session, input);
      const version = (await latestVersion(tx, tenant.companyId, session.id)) + 1;
      return insertEstimate(tx, {
        ...computed(input),
        companyId: tenant.companyId,
        sessionId: session.id,
        projectId: session.projectId,
        version,
        createdBy: actor.userId,
      });
    });
    return load(tenant, id);
  }

  /** Saves the latest version in place; an earlier version is 409. */
  async function update(tenant: Tenant, id: string, input: EstimateInput): Promise<Estimate> {
    const found = await findEstimate(db, tenant.companyId, id);
    if (!found) throw AppError.notFound(NOT_FOUND);
    await db.transaction(async (tx: DbTx) => {
      // The session first, as a new version takes it: a save and a new version run one after the other.
      const session = await lockSessionRef(tx, tenant.companyId, found.estimate.sessionId);
      const row = await lockEstimate(tx, tenant.companyId, id);
      if (!row || !session) throw AppError.notFound(NOT_FOUND);
      await assertLinePhotos(tx, tenant.companyId, session, input);
      if (row.version < (await latestVersion(tx, tenant.companyId, row.sessionId))) throw AppError.conflict(OLD_VERSION_MESSAGE);
      await updateEstimateRow(tx, tenant.companyId, id, computed(input));
    });
    return load(tenant, id);
  }

  return { list, get, exportCsv, create, update };
}

export type EstimatesService = ReturnType<typeof createEstimatesService>;

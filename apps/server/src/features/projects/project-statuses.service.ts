import type { z } from 'zod';
import type { createProjectStatusSchema, ProjectStatus, ProjectStatusList, updateProjectStatusSchema } from '@ridgeline/shared/contracts/projects';
import type { Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { AppError } from '../../lib/app-error';
import { assertRoomFor, lockCompany, type CompanyPlan } from './active-files';
import {
  countProjectsInStatus,
  countUnarchivedInStatus,
  deleteStatusRow,
  findStatus,
  insertStatus,
  listStatuses,
  listStatusesWithCounts,
  nextStatusPosition,
  syncProjectsOfStatus,
  updateStatusRow,
  type ProjectStatusRow,
  type ProjectStatusWithCount,
} from './project-statuses.repository';
import { assertCanManageStatuses } from './projects.policy';

export type ProjectStatusesServiceDeps = { db: Db };
export type CreateProjectStatusData = z.output<typeof createProjectStatusSchema>;
export type UpdateProjectStatusData = z.output<typeof updateProjectStatusSchema>;

const KEY_MAX = 40;
const LAST_OPEN_STATUS_MESSAGE = 'Your pipeline needs at least one open, visible status for new claim files.';

function presentStatus(row: ProjectStatusWithCount): ProjectStatus {
  return { ...row };
}

/** A status key from its name: lowercase letters and digits joined by underscores ("Roof tear-off" -> roof_tear_off). */
export function statusKeyOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, KEY_MAX)
    .replace(/_+$/g, '');
  return slug || 'status';
}

/** The key made unique in the company by a numeric suffix (paid, paid_2, paid_3...). */
function uniqueKey(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, KEY_MAX - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Whether a status can take new projects: open and shown on the board. */
const takesNewProjects = (status: Pick<ProjectStatusRow, 'isClosed' | 'isHidden'>) => !status.isClosed && !status.isHidden;

/**
 * The company's pipeline: everyone in the company reads it; owners and managers add, rename, reorder,
 * hide, close and delete statuses. Each change runs with the company row locked, so the active-file
 * count a status change depends on cannot move underneath it.
 */
export function createProjectStatusesService({ db }: ProjectStatusesServiceDeps) {
  async function list(tenant: Tenant): Promise<ProjectStatusList> {
    return { statuses: (await listStatusesWithCounts(db, tenant.companyId)).map(presentStatus) };
  }

  async function one(tenant: Tenant, id: string): Promise<ProjectStatus> {
    const found = (await listStatusesWithCounts(db, tenant.companyId)).find((status) => status.id === id);
    if (!found) throw new AppError('NOT_FOUND', 'Status not found');
    return presentStatus(found);
  }

  /** A change under the company lock to a status of the company; 404 when it has no such status. */
  async function onStatus(tenant: Tenant, id: string, change: (tx: DbTx, status: ProjectStatusRow, company: CompanyPlan) => Promise<void>): Promise<void> {
    assertCanManageStatuses(tenant);
    await db.transaction(async (tx) => {
      const company = await lockCompany(tx, tenant.companyId);
      const status = await findStatus(tx, tenant.companyId, id);
      if (!status) throw new AppError('NOT_FOUND', 'Status not found');
      await change(tx, status, company);
    });
  }

  /** Adds a status at the end of the pipeline; its key is the name's slug, made unique in the company. */
  async function create(tenant: Tenant, input: CreateProjectStatusData): Promise<ProjectStatus> {
    assertCanManageStatuses(tenant);
    const id = await db.transaction(async (tx) => {
      await lockCompany(tx, tenant.companyId);
      const taken = new Set((await listStatuses(tx, tenant.companyId)).map((status) => status.key));
      const row = await insertStatus(tx, {
        companyId: tenant.companyId,
        key: uniqueKey(statusKeyOf(input.name), taken),
        name: input.name,
        position: await nextStatusPosition(tx, tenant.companyId),
        isClosed: input.isClosed,
      });
      return row.id;
    });
    return one(tenant, id);
  }

  /**
   * Renames, hides or shows, closes or opens a status. The pipeline keeps at least one open, visible
   * status (400). Closing a status in use deactivates its projects; opening one activates its projects
   * that are not archived, and is refused (409) when they do not fit the plan's active-file limit.
   */
  async function update(tenant: Tenant, id: string, patch: UpdateProjectStatusData): Promise<ProjectStatus> {
    await onStatus(tenant, id, async (tx, status, company) => {
      const next = { isClosed: patch.isClosed ?? status.isClosed, isHidden: patch.isHidden ?? status.isHidden };
      if (takesNewProjects(status) && !takesNewProjects(next)) {
        const others = (await listStatuses(tx, tenant.companyId)).filter((other) => other.id !== id && takesNewProjects(other));
        if (others.length === 0) throw AppError.badRequest(LAST_OPEN_STATUS_MESSAGE);
      }
      if (status.isClosed && !next.isClosed) {
        await assertRoomFor(tx, tenant.companyId, company, await countUnarchivedInStatus(tx, tenant.companyId, id));
      }
      await updateStatusRow(tx, tenant.companyId, id, { ...(patch.name === undefined ? {} : { name: patch.name }), ...next });
      if (next.isClosed !== status.isClosed) await syncProjectsOfStatus(tx, tenant.companyId, id, next.isClosed);
    });
    return one(tenant, id);
  }

  /** Puts the statuses in the given order; the ids must be exactly the company's statuses (400 otherwise). */
  async function reorder(tenant: Tenant, ids: string[]): Promise<ProjectStatusList> {
    assertCanManageStatuses(tenant);
    await db.transaction(async (tx) => {
      await lockCompany(tx, tenant.companyId);
      const current = await listStatuses(tx, tenant.companyId);
      const known = new Set(current.map((status) => status.id));
      const unique = new Set(ids);
      if (unique.size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
        throw AppError.badRequest('ids: List every status of your pipeline exactly once.');
      }
      for (const [position, id] of ids.entries()) {
        const row = current.find((status) => status.id === id);
        if (row && row.position !== position) await updateStatusRow(tx, tenant.companyId, id, { position });
      }
    });
    return list(tenant);
  }

  /** Deletes a status no project is in (409 STATUS_IN_USE otherwise), never the last open, visible one (400). */
  async function remove(tenant: Tenant, id: string): Promise<void> {
    await onStatus(tenant, id, async (tx, status) => {
      if ((await countProjectsInStatus(tx, tenant.companyId, id)) > 0) {
        throw new AppError('STATUS_IN_USE', 'Projects are in this status. Move them to another status before deleting it.');
      }
      if (takesNewProjects(status)) {
        const others = (await listStatuses(tx, tenant.companyId)).filter((other) => other.id !== id && takesNewProjects(other));
        if (others.length === 0) throw AppError.badRequest(LAST_OPEN_STATUS_MESSAGE);
      }
      await deleteStatusRow(tx, tenant.companyId, id);
    });
  }

  return { list, create, update, reorder, remove };
}

export type ProjectStatusesService = ReturnType<typeof createProjectStatusesService>;

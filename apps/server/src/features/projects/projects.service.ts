import type { z } from 'zod';
import { HOMEOWNER_CONTACT_FIELDS, PROPERTY_ADDRESS_FIELDS } from '@ridgeline/shared/contracts/fields';
import type { ActiveFiles, ActivityEntry, createProjectSchema, Project, ProjectList, updateProjectSchema } from '@ridgeline/shared/contracts/projects';
import { classifyLossType, lossTypeLabel } from '@ridgeline/shared/domain/loss-types';
import { formatUsdCents } from '@ridgeline/shared/domain/money';
import { defaultAssignee } from '@ridgeline/shared/domain/roles';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { withStatementTimeout } from '../../infra/db/statement-timeout';
import { presentProjectSummary } from '../../data/project-summary';
import { AppError } from '../../lib/app-error';
import { isStatusMoveCause } from '@ridgeline/shared/domain/status-progress';
import { statusMoveCauseText } from './status-progress';
import { activeFilesOf, assertRoomFor, lockCompany } from './active-files';
import { insertActivity, type NewActivity } from '../../data/project-activity';
import { findActivityEntry, insertActivityReturning, listActivity, type ActivityRow } from './activity.repository';
import { findDefaultStatus, findStatus, findStatusByKey } from './project-statuses.repository';
import { projectsCsv, type CsvFile } from './projects-csv';
import {
  countActiveProjects,
  countProjects,
  exportRows,
  findCompanyPlan,
  findCompanyUser,
  findProjectDetail,
  insertProject,
  lockProject,
  projectListQuery,
  updateProjectRow,
  type ProjectDetailRow,
  type ProjectListFilters,
  type ProjectListPage,
  type ProjectPatch,
  type ProjectRow,
} from './projects.repository';
import { projectExists } from '../../data/project-lookup';
import { findAdjuster, findCarrier } from '../../data/carrier-directory';

/** `readTimeoutMs`: each statement of the CSV export is stopped after it (DATABASE_READ_TIMEOUT_MS). */
export type ProjectsServiceDeps = { db: Db; readTimeoutMs: number };
export type CreateProjectData = z.output<typeof createProjectSchema>;
export type UpdateProjectData = z.output<typeof updateProjectSchema>;

/** The CSV export holds at most this many rows (the newest first by default); narrow the filters for more. */
export const EXPORT_ROW_LIMIT = 10_000;
/** A timeline answers at most this many entries, newest first. */
const ACTIVITY_LIMIT = 500;

type NameColumns = { id: string | null; firstName: string | null; lastName: string | null; name: string | null; email: string | null };

function person(columns: NameColumns | null): { id: string; name: string } | null {
  return columns === null || columns.id === null ? null : { id: columns.id, name: displayName(columns) };
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function presentProject(row: ProjectDetailRow): Project {
  const p = row.project;
  return {
    id: p.id,
    title: p.title,
    homeownerName: p.homeownerName,
    homeownerPhone: p.homeownerPhone,
    homeownerEmail: p.homeownerEmail,
    street: p.street,
    city: p.city,
    state: p.state,
    zip: p.zip,
    latitude: p.latitude,
    longitude: p.longitude,
    claimNumber: p.claimNumber,
    policyNumber: p.policyNumber,
    carrier: p.carrierId !== null && row.carrierName !== null ? { id: p.carrierId, name: row.carrierName } : null,
    carrierName: p.carrierId === null ? p.carrierName : null,
    adjuster: row.adjuster,
    lossType: p.lossType,
    lossTypeSource: p.lossTypeSource,
    lossDescription: p.lossDescription,
    dateOfLoss: p.dateOfLoss,
    deductibleCents: p.deductibleCents,
    rcvCents: p.rcvCents,
    acvCents: p.acvCents,
    depreciationCents: p.depreciationCents,
    serviceType: p.serviceType,
    statusId: p.statusId,
    assignee: person(row.assignee),
    createdBy: person(row.creator),
    isActive: p.isActive,
    archivedAt: iso(p.archivedAt),
    closedAt: iso(p.closedAt),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    statusSuggestion:
      p.suggestedStatusId !== null && row.suggestedStatusName !== null && isStatusMoveCause(p.suggestedStatusCause)
        ? {
            statusId: p.suggestedStatusId,
            statusName: row.suggestedStatusName,
            cause: statusMoveCauseText(p.suggestedStatusCause),
            suggestedAt: iso(p.suggestedStatusAt) ?? p.updatedAt.toISOString(),
          }
        : null,
  };
}

function presentActivity(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    projectId: row.projectId,
    kind: row.kind,
    actor: person({ id: row.actorId, firstName: row.actorFirstName, lastName: row.actorLastName, name: row.actorName, email: row.actorEmail }),
    field: row.field,
    oldValue: row.oldValue,
    newValue: row.newValue,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The fields a PATCH may change, as the contract names them, with how the timeline shows a value. */
const PLAIN_FIELDS = [
  'title',
  ...HOMEOWNER_CONTACT_FIELDS,
  ...PROPERTY_ADDRESS_FIELDS,
  'latitude',
  'longitude',
  'policyNumber',
  'claimNumber',
  'dateOfLoss',
  'lossDescription',
  'serviceType',
] as const satisfies readonly (keyof UpdateProjectData & keyof ProjectRow)[];
const MONEY_FIELDS = ['deductibleCents', 'rcvCents', 'acvCents', 'depreciationCents'] as const satisfies readonly (keyof UpdateProjectData &
  keyof ProjectRow)[];
const REFERENCE_FIELDS = ['carrierId', 'adjusterId', 'assigneeId'] as const satisfies readonly (keyof UpdateProjectData & keyof ProjectRow)[];
type ReferenceField = (typeof REFERENCE_FIELDS)[number];

const textOf = (value: string | number | null): string | null => (value === null ? null : String(value));
const moneyOf = (value: number | null): string | null => (value === null ? null : formatUsdCents(value));

/** The name a carrier, adjuster or assignee id refers to; a 400 when it is not the company's own. */
async function referenceName(tx: DbTx, companyId: string, field: ReferenceField, id: string): Promise<string> {
  if (field === 'carrierId') {
    const carrier = await findCarrier(tx, companyId, id);
    if (!carrier) throw AppError.badRequest('carrierId: This carrier is not in your directory.');
    return carrier.name;
  }
  if (field === 'adjusterId') {
    const adjuster = await findAdjuster(tx, companyId, id);
    if (!adjuster) throw AppError.badRequest('adjusterId: This adjuster is not in your directory.');
    return adjuster.name;
  }
  const colleague = await findCompanyUser(tx, companyId, id);
  if (!colleague) throw AppError.badRequest('assigneeId: The assignee must be a member of your company.');
  return displayName(colleague);
}

/** A status of the company; a 400 when the id is not one of its statuses. */
async function statusOf(tx: DbTx, companyId: string, statusId: string) {
  const status = await findStatus(tx, companyId, statusId);
  if (!status) throw AppError.badRequest('statusId: This status is not in your pipeline.');
  return status;
}

/**
 * What a claim file made from an inspection may also keep: the carrier's name typed in the field when
 * the directory has no carrier of that name (the PATCH contract does not set it; a directory carrier clears it).
 */
export type FieldCarrierName = { carrierName?: string | null };

/**
 * Creates a claim file inside the caller's transaction: the company row is locked, the references are
 * checked, the plan's active-file slot is taken (a project created into a closed status takes none),
 * and the 'created' activity is written with it (its body: the title, or `createdBody` when given).
 * A caller that does more in the same transaction (converting an inspection) gets all or nothing.
 */
export async function insertProjectInTx(
  tx: DbTx,
  actor: Actor,
  tenant: Tenant,
  input: CreateProjectData & FieldCarrierName,
  createdBody?: string,
): Promise<ProjectRow> {
  const { companyId } = tenant;
  const company = await lockCompany(tx, companyId);
  for (const field of REFERENCE_FIELDS) {
    const ref = input[field];
    if (ref) await referenceName(tx, companyId, field, ref);
  }
  const status = input.statusId ? await statusOf(tx, companyId, input.statusId) : await findDefaultStatus(tx, companyId);
  if (!status) throw new AppError('CONFLICT', 'Your pipeline has no open status. Add one on the settings page.');
  if (!status.isClosed) await assertRoomFor(tx, companyId, company);
  // A loss type picked from the list is kept; without one, the description is classified.
  const chosen = input.lossType ?? null;
  const row = await insertProject(tx, {
    companyId,
    title: input.title,
    homeownerName: input.homeownerName,
    homeownerPhone: input.homeownerPhone ?? null,
    homeownerEmail: input.homeownerEmail ?? null,
    street: input.street,
    city: input.city ?? null,
    state: input.state ?? null,
    zip: input.zip ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    carrierId: input.carrierId ?? null,
    carrierName: input.carrierId ? null : (input.carrierName ?? null),
    adjusterId: input.adjusterId ?? null,
    policyNumber: input.policyNumber ?? null,
    claimNumber: input.claimNumber ?? null,
    dateOfLoss: input.dateOfLoss ?? null,
    lossType: chosen ?? classifyLossType(input.lossDescription),
    lossTypeSource: chosen ? 'chosen' : 'classified',
    lossDescription: input.lossDescription || null,
    deductibleCents: input.deductibleCents ?? null,
    rcvCents: input.rcvCents ?? null,
    acvCents: input.acvCents ?? null,
    depreciationCents: input.depreciationCents ?? null,
    serviceType: input.serviceType || null,
    // Left out, the creator's role decides (a member works what they start); null is "nobody", chosen.
    assigneeId: input.assigneeId === undefined ? defaultAssignee(tenant.role, actor.userId) : input.assigneeId,
    statusId: status.id,
    isActive: !status.isClosed,
    closedAt: status.isClosed ? new Date() : null,
    createdBy: actor.userId,
  });
  await insertActivity(tx, { companyId, projectId: row.id, actorId: actor.userId, kind: 'created', body: createdBody ?? row.title });
  return row;
}

/**
 * The company's status of `key` when a claim file may be moved into it: open and shown on the board
 * (a company that closed or hid it does not use it); null otherwise.
 */
export async function usableStatusByKey(tx: DbTx, companyId: string, key: string) {
  const status = await findStatusByKey(tx, companyId, key);
  return status && !status.isClosed && !status.isHidden ? status : null;
}

/** The name an existing reference shows in the timeline (the row may have left the directory). */
async function currentReferenceName(tx: DbTx, companyId: string, field: ReferenceField, id: string): Promise<string | null> {
  if (field === 'carrierId') return (await findCarrier(tx, companyId, id))?.name ?? null;
  if (field === 'adjusterId') return (await findAdjuster(tx, companyId, id))?.name ?? null;
  const colleague = await findCompanyUser(tx, companyId, id);
  return colleague ? displayName(colleague) : null;
}

/**
 * Writes only the fields that change (inside the caller's transaction), each with one field_changed activity row showing the old and
 * new value as people read them. Loss type: picking one over a classification makes it
 * 'overridden'; clearing it (null) classifies the description again; a new description is
 * classified again while the type still comes from classification.
 */
export async function updateProjectInTx(tx: DbTx, actor: Actor, tenant: Tenant, id: string, input: UpdateProjectData & FieldCarrierName): Promise<void> {
  const { companyId } = tenant;
  const current = await lockProject(tx, companyId, id);
  if (!current) throw new AppError('NOT_FOUND', 'Claim file not found');
  const patch: ProjectPatch = {};
  const activity: NewActivity[] = [];
  const changed = (field: string, oldValue: string | null, newValue: string | null) =>
    activity.push({ companyId, projectId: id, actorId: actor.userId, kind: 'field_changed', field, oldValue, newValue });

  for (const field of PLAIN_FIELDS) {
    const value = normalise(input[field]);
    if (value === undefined || value === current[field]) continue;
    Object.assign(patch, { [field]: value });
    changed(field, textOf(current[field]), textOf(value));
  }
  for (const field of MONEY_FIELDS) {
    const value = input[field];
    if (value === undefined || value === current[field]) continue;
    patch[field] = value;
    changed(field, moneyOf(current[field]), moneyOf(value));
  }
  for (const field of REFERENCE_FIELDS) {
    const value = input[field];
    if (value === undefined || value === current[field]) continue;
    const newName = value === null ? null : await referenceName(tx, companyId, field, value);
    const currentId = current[field];
    const oldName = currentId === null ? (field === 'carrierId' ? current.carrierName : null) : await currentReferenceName(tx, companyId, field, currentId);
    patch[field] = value;
    // A carrier of the directory replaces the name typed in the field.
    if (field === 'carrierId' && value !== null && current.carrierName !== null) patch.carrierName = null;
    changed(field, oldName, newName);
  }
  // The typed carrier name is kept only while the file has no carrier of the directory.
  const typedCarrier = normalise(input.carrierName);
  if (typedCarrier !== undefined && typedCarrier !== current.carrierName && current.carrierId === null && patch.carrierId === undefined) {
    patch.carrierName = typedCarrier;
    changed('carrierId', textOf(current.carrierName), textOf(typedCarrier));
  }

  const description = patch.lossDescription === undefined ? current.lossDescription : patch.lossDescription;
  let lossType = current.lossType;
  let lossTypeSource = current.lossTypeSource;
  if (input.lossType === null) {
    lossType = classifyLossType(description);
    lossTypeSource = 'classified';
  } else if (input.lossType !== undefined && input.lossType !== current.lossType) {
    lossType = input.lossType;
    lossTypeSource = current.lossTypeSource === 'classified' ? 'overridden' : current.lossTypeSource;
  } else if (input.lossType === undefined && patch.lossDescription !== undefined && current.lossTypeSource === 'classified') {
    lossType = classifyLossType(description);
  }
  if (lossType !== current.lossType) {
    patch.lossType = lossType;
    changed('lossType', lossTypeLabel(current.lossType), lossTypeLabel(lossType));
  }
  if (lossTypeSource !== current.lossTypeSource) patch.lossTypeSource = lossTypeSource;

  if (Object.keys(patch).length === 0) return;
  await updateProjectRow(tx, companyId, id, patch);
  await insertActivity(tx, activity);
}

/** Claim files of the actor's company: the list, one file, its changes, status, archive and timeline. */
export function createProjectsService({ db, readTimeoutMs }: ProjectsServiceDeps) {
  async function get(tenant: Tenant, id: string): Promise<Project> {
    const row = await findProjectDetail(db, tenant.companyId, id);
    if (!row) throw new AppError('NOT_FOUND', 'Claim file not found');
    return presentProject(row);
  }

  async function activeFiles(tenant: Tenant): Promise<ActiveFiles> {
    const [company, active] = await Promise.all([findCompanyPlan(db, tenant.companyId), countActiveProjects(db, tenant.companyId)]);
    if (!company) throw new AppError('NOT_FOUND', 'Company not found');
    return activeFilesOf(company, active);
  }

  /** One page of the company's projects with the total that match and the active-file count. */
  async function list(tenant: Tenant, query: ProjectListPage): Promise<ProjectList> {
    const rows = await projectListQuery(db, tenant.companyId, query).execute();
    const first = rows[0];
    if (!first) {
      // An empty page carries no row to read the total and the company's facts from.
      const [total, files] = await Promise.all([query.page > 1 ? countProjects(db, tenant.companyId, query) : 0, activeFiles(tenant)]);
      return { projects: [], total, page: query.page, pageSize: query.pageSize, activeFiles: files };
    }
    const { plan, status, trialEndsAt, active } = first.company;
    const files = activeFilesOf({ plan, status, trialEndsAt: trialEndsAt === null ? null : new Date(trialEndsAt) }, Number(active));
    return { projects: rows.map(presentProjectSummary), total: first.total, page: query.page, pageSize: query.pageSize, activeFiles: files };
  }

  /**
   * Every matching project (up to EXPORT_ROW_LIMIT) as a CSV file named by today's date: a read of the
   * whole company, so under the statement timeout, one export per user (two per company) at a time.
   */
  async function exportCsv(actor: Actor, tenant: Tenant, filters: ProjectListFilters, now = new Date()): Promise<CsvFile> {
    const limits = { timeoutMs: readTimeoutMs, kind: 'projects-csv', userId: actor.userId, companyId: tenant.companyId };
    const rows = await withStatementTimeout(db, limits, (tx) => exportRows(tx, tenant.companyId, filters, EXPORT_ROW_LIMIT));
    return { fileName: `projects-${now.toISOString().slice(0, 10)}.csv`, body: projectsCsv(rows) };
  }

  /**
   * Creates a claim file in one transaction: the company row is locked, the references are checked,
   * the plan's active-file slot is taken (a project created into a closed status takes none), and the
   * 'created' activity is written with it.
   */
  async function create(actor: Actor, tenant: Tenant, input: CreateProjectData): Promise<Project> {
    const row = await db.transaction((tx) => insertProjectInTx(tx, actor, tenant, input));
    return get(tenant, row.id);
  }

  async function update(actor: Actor, tenant: Tenant, id: string, input: UpdateProjectData): Promise<Project> {
    await db.transaction((tx) => updateProjectInTx(tx, actor, tenant, id, input));
    return get(tenant, id);
  }

  /**
   * Moves a project to another status of the pipeline. Reopening (closed to open) takes an active-file
   * slot (409 without one, nothing written); an archived project stays archived and inactive. The same
   * status is a no-op with no activity.
   */
  async function changeStatus(actor: Actor, tenant: Tenant, id: string, statusId: string): Promise<Project> {
    const { companyId } = tenant;
    await db.transaction(async (tx) => {
      const company = await lockCompany(tx, companyId);
      const current = await lockProject(tx, companyId, id);
      if (!current) throw new AppError('NOT_FOUND', 'Claim file not found');
      const next = await statusOf(tx, companyId, statusId);
      if (next.id === current.statusId) return;
      const previous = await findStatus(tx, companyId, current.statusId);
      const archived = current.archivedAt !== null;
      const isActive = !next.isClosed && !archived;
      if (isActive && !current.isActive) await assertRoomFor(tx, companyId, company);
      // A move offered (decision 042) is settled once the file reaches it or passes it (accepting it is this move).
      const offered = current.suggestedStatusId ? await findStatus(tx, companyId, current.suggestedStatusId) : null;
      const settled = offered !== null && (offered.id === next.id || offered.position <= next.position);
      await updateProjectRow(tx, companyId, id, {
        statusId: next.id,
        isActive,
        closedAt: next.isClosed ? (current.closedAt ?? new Date()) : null,
        ...(settled ? { suggestedStatusId: null, suggestedStatusCause: null, suggestedStatusAt: null } : {}),
      });
      await insertActivity(tx, {
        companyId,
        projectId: id,
        actorId: actor.userId,
        kind: 'status_changed',
        field: 'status',
        oldValue: previous?.name ?? null,
        newValue: next.name,
      });
    });
    return get(tenant, id);
  }

  /**
   * Archives a project, freeing its active-file slot; archiving an archived project changes nothing.
   * It takes the company's lock before the project's, as every change of an active-file slot does, so
   * an unarchive of the same project sent at once waits for it instead of deadlocking.
   */
  async function archive(actor: Actor, tenant: Tenant, id: string): Promise<Project> {
    const { companyId } = tenant;
    await db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const current = await lockProject(tx, companyId, id);
      if (!current) throw new AppError('NOT_FOUND', 'Claim file not found');
      if (current.archivedAt !== null) return;
      await updateProjectRow(tx, companyId, id, { archivedAt: new Date(), isActive: false });
      await insertActivity(tx, { companyId, projectId: id, actorId: actor.userId, kind: 'archived' });
    });
    return get(tenant, id);
  }

  /** Brings an archived project back; in an open status it takes an active-file slot (409 without one). */
  async function unarchive(actor: Actor, tenant: Tenant, id: string): Promise<Project> {
    const { companyId } = tenant;
    await db.transaction(async (tx) => {
      const company = await lockCompany(tx, companyId);
      const current = await lockProject(tx, companyId, id);
      if (!current) throw new AppError('NOT_FOUND', 'Claim file not found');
      if (current.archivedAt === null) return;
      const status = await findStatus(tx, companyId, current.statusId);
      const isActive = status !== null && !status.isClosed;
      if (isActive) await assertRoomFor(tx, companyId, company);
      await updateProjectRow(tx, companyId, id, { archivedAt: null, isActive });
      await insertActivity(tx, { companyId, projectId: id, actorId: actor.userId, kind: 'unarchived' });
    });
    return get(tenant, id);
  }

  /** The project's timeline, newest first; with a field, that field's history only. */
  async function activity(tenant: Tenant, id: string, field?: string): Promise<ActivityEntry[]> {
    if (!(await projectExists(db, tenant.companyId, id))) throw new AppError('NOT_FOUND', 'Claim file not found');
    const rows = await listActivity(db, tenant.companyId, id, { field, limit: ACTIVITY_LIMIT });
    return rows.map(presentActivity);
  }

  /** A note added by hand to the timeline. */
  async function addNote(actor: Actor, tenant: Tenant, id: string, body: string): Promise<ActivityEntry> {
    const { companyId } = tenant;
    const noteId = await db.transaction(async (tx) => {
      const current = await lockProject(tx, companyId, id);
      if (!current) throw new AppError('NOT_FOUND', 'Claim file not found');
      const row = await insertActivityReturning(tx, { companyId, projectId: id, actorId: actor.userId, kind: 'note', body });
      return row.id;
    });
    const entry = await findActivityEntry(db, companyId, noteId);
    if (!entry) throw new AppError('INTERNAL_ERROR', 'Note insert returned nothing');
    return presentActivity(entry);
  }

  return { list, exportCsv, activeFiles, get, create, update, changeStatus, archive, unarchive, activity, addNote };
}

/** An empty text clears a field (null), like the contract's empty e-mail and phone. */
function normalise<T>(value: T): T | null {
  return value === '' ? null : value;
}

export type ProjectsService = ReturnType<typeof createProjectsService>;

import type { z } from 'zod';
import {
  BLANK_INSPECTION_CONTENT,
  structureSchema,
  type createInspectionSchema,
  type InspectionActivityEntry,
  type InspectionList,
  type inspectionListQuerySchema,
  type InspectionSession,
  type InspectionStatus,
  type InspectionSummary,
  type updateInspectionSchema,
} from '@ridgeline/shared/contracts/inspections';
import { CAPTURE_PHASE_VALUES, type CapturePhase } from '@ridgeline/shared/domain/field-capture';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import type { EventPublisher } from '../../infra/events/event-bus';
import { insertInspectionActivity, type NewInspectionActivity } from '../../data/inspection-activity';
import { joinSessionMeasurementToProject } from '../../data/roof-measurement';
import { lockSession } from '../../data/inspection-session';
import { AppError } from '../../lib/app-error';
import { pick } from '../../lib/pick';
import {
  countSessions,
  findSessionDetail,
  insertSessionIfNew,
  listSessionActivity,
  listSessions,
  lockOwnCarrierName,
  lockProjectForSession,
  sessionExists,
  updateSessionRow,
  type ActivityRow,
  type SessionDetailRow,
  type SessionListRow,
  type SessionPatch,
  type SessionRow,
} from './inspections.repository';
import { inspectorOf } from './inspections.policy';
import { mergeSessionEdit, sameValue, type SessionEdit, type SessionState, type SessionValues } from './session-merge';

export type InspectionsServiceDeps = { db: Db; events: EventPublisher; now?: () => Date };
type CreateInput = z.output<typeof createInspectionSchema>;
type UpdateInput = z.output<typeof updateInspectionSchema>;
type ListQuery = z.output<typeof inspectionListQuerySchema>;

/** A timeline answers at most this many entries, newest first. */
const ACTIVITY_LIMIT = 500;

const NOT_FOUND = 'Inspection session not found';

type NameColumns = { id: string | null; firstName: string | null; lastName: string | null; name: string | null; email: string | null };
const person = (columns: NameColumns | null) => (columns === null || columns.id === null ? null : { id: columns.id, name: displayName(columns) });
const iso = (value: Date | null) => (value === null ? null : value.toISOString());
/** The stored status as the contract names it. */
const statusOf = (value: string): InspectionStatus => (value === 'completed' ? 'completed' : 'in_progress');
const isPhase = (value: string): value is CapturePhase => (CAPTURE_PHASE_VALUES as readonly string[]).includes(value);

/** A session's structures as the contract shapes them; a stored entry that no longer fits is left out rather than failing the read. */
function structuresOf(stored: unknown) {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = structureSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

function presentSession(row: SessionDetailRow): InspectionSession {
  const s = row.session;
  const photosByPhase: InspectionSession['photosByPhase'] = {};
  for (const [phase, count] of Object.entries(row.photosByPhase)) if (isPhase(phase)) photosByPhase[phase] = Number(count);
  return {
    id: s.id,
    projectId: s.projectId,
    status: statusOf(s.status),
    inspector: person(row.inspector),
    createdBy: person(row.creator),
    street: s.street,
    city: s.city,
    state: s.state,
    zip: s.zip,
    latitude: s.latitude,
    longitude: s.longitude,
    homeownerName: s.homeownerName,
    homeownerPhone: s.homeownerPhone,
    homeownerEmail: s.homeownerEmail,
    dateOfLoss: s.dateOfLoss,
    lossDescription: s.lossDescription,
    lossType: s.lossType,
    lossTypeSource: s.lossTypeSource,
    structures: structuresOf(s.structures),
    carrierId: s.carrierId,
    carrierName: s.carrierName,
    policyNumber: s.policyNumber,
    claimNumber: s.claimNumber,
    adjusterName: s.adjusterName,
    adjusterPhone: s.adjusterPhone,
    adjusterEmail: s.adjusterEmail,
    deductibleCents: s.deductibleCents,
    notes: s.notes,
    fieldEditedAt: (s.fieldEditedAt ?? {}) as Record<string, string>,
    photoCount: row.photoCount,
    photosByPhase,
    completedAt: iso(s.completedAt),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

function presentSummary(row: SessionListRow): InspectionSummary {
  return {
    ...pick(row, ['id', 'projectId', 'street', 'city', 'state', 'zip', 'homeownerName', 'photoCount']),
    status: statusOf(row.status),
    inspector: person(row.inspector),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentActivity(row: ActivityRow): InspectionActivityEntry {
  return {
    id: row.id,
    kind: row.kind,
    field: row.field,
    oldValue: row.oldValue,
    newValue: row.newValue,
    body: row.body,
    actor: person(row.actor),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The editable part of a stored session. */
function stateOf(row: SessionRow): SessionState {
  return {
    status: row.status,
    street: row.street,
    city: row.city,
    state: row.state,
    zip: row.zip,
    latitude: row.latitude,
    longitude: row.longitude,
    homeownerName: row.homeownerName,
    homeownerPhone: row.homeownerPhone,
    homeownerEmail: row.homeownerEmail,
    dateOfLoss: row.dateOfLoss,
    lossDescription: row.lossDescription,
    lossType: row.lossType,
    lossTypeSource: row.lossTypeSource,
    structures: row.structures,
    carrierId: row.carrierId,
    carrierName: row.carrierName,
    policyNumber: row.policyNumber,
    claimNumber: row.claimNumber,
    adjusterName: row.adjusterName,
    adjusterPhone: row.adjusterPhone,
    adjusterEmail: row.adjusterEmail,
    deductibleCents: row.deductibleCents,
    notes: row.notes,
    fieldEditedAt: (row.fieldEditedAt ?? {}) as Record<string, string>,
  };
}

/** A session with nothing in it yet. */
const BLANK: SessionState = {
  ...BLANK_INSPECTION_CONTENT,
  fieldEditedAt: {},
};

/**
 * Inspection sessions of the actor's company. Everyone in the company reads and works on every
 * session (a rep may pick up a colleague's visit, the office completes insurance details), so there is
 * no per-role rule; every id is looked up within the company, another company's is not found (404).
 */
export function createInspectionsService({ db, events, now = () => new Date() }: InspectionsServiceDeps) {
  /**
   * A session on a claim file that is completed (now, or completed before and synced again: the
   * subscriber is idempotent) moves its claim file on to Inspected, after the commit (decision 042).
   */
  async function announceCompletion(actor: Actor, tenant: Tenant, session: InspectionSession, completedNow: boolean): Promise<void> {
    if (!completedNow || session.status !== 'completed' || !session.projectId) return;
    await events.publish('inspection-completed', { companyId: tenant.companyId, sessionId: session.id, projectId: session.projectId, actorId: actor.userId });
  }

  async function get(tenant: Tenant, id: string): Promise<InspectionSession> {
    const row = await findSessionDetail(db, tenant.companyId, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    return presentSession(row);
  }

  /** The directory names of the carriers an edit involves; 404 when a given carrier is not the company's. */
  async function carrierNamesFor(tx: DbTx, companyId: string, incoming: string | null | undefined, currentId: string | null): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const id of new Set([incoming, currentId])) {
      if (!id) continue;
      const name = await lockOwnCarrierName(tx, companyId, id);
      if (name === null) {
        if (id === incoming) throw AppError.notFound('Carrier not found');
        continue;
      }
      names.set(id, name);
    }
    return names;
  }

  /** Applies an edit to the locked row: the changed values, the edit times, and the timeline. */
  /** Answers whether the edit completed the session. */
  async function applyEdit(tx: DbTx, actor: Actor, tenant: Tenant, row: SessionRow, edit: SessionEdit, extra: SessionPatch = {}): Promise<boolean> {
    const { companyId } = tenant;
    const at = now();
    const names = await carrierNamesFor(tx, companyId, edit.fields.carrierId, row.carrierId);
    const merged = mergeSessionEdit(stateOf(row), edit, at, names);
    const patch: SessionPatch = { ...extra };
    for (const field of merged.changed) Object.assign(patch, { [field]: merged.values[field] });
    if (merged.changed.includes('status')) patch.completedAt = merged.values.status === 'completed' ? at : null;
    if (!sameValue(merged.fieldEditedAt, row.fieldEditedAt ?? {})) patch.fieldEditedAt = merged.fieldEditedAt;
    if (merged.changed.length > 0 || Object.keys(extra).length > 0) patch.updatedAt = at;
    if (Object.keys(patch).length > 0) await updateSessionRow(tx, companyId, row.id, patch);
    await insertInspectionActivity(
      tx,
      merged.activity.map((entry): NewInspectionActivity => ({ companyId, sessionId: row.id, actorId: actor.userId, ...entry })),
    );
    return merged.changed.includes('status') && merged.values.status === 'completed';
  }

  /** The baseline a session started from a claim file has: its address, homeowner, claim and carrier. */
  async function projectBaseline(tx: DbTx, companyId: string, projectId: string): Promise<SessionState> {
    const found = await lockProjectForSession(tx, companyId, projectId);
    if (!found) throw AppError.notFound('Claim file not found');
    const { project, carrierName, adjuster } = found;
    return {
      ...BLANK,
      street: project.street,
      city: project.city,
      state: project.state,
      zip: project.zip,
      latitude: project.latitude,
      longitude: project.longitude,
      homeownerName: project.homeownerName,
      homeownerPhone: project.homeownerPhone,
      homeownerEmail: project.homeownerEmail,
      dateOfLoss: project.dateOfLoss,
      lossDescription: project.lossDescription,
      lossType: project.lossType,
      lossTypeSource: project.lossTypeSource,
      carrierId: carrierName === null ? null : project.carrierId,
      carrierName,
      policyNumber: project.policyNumber,
      claimNumber: project.claimNumber,
      adjusterName: adjuster?.name ?? null,
      adjusterPhone: adjuster?.phone ?? null,
      adjusterEmail: adjuster?.email ?? null,
      deductibleCents: project.deductibleCents,
    };
  }

  /**
   * Creates the session with the client's id, or applies the fields to it when the company already
   * has that id (an offline creation replayed, or synced from two devices). One transaction: an id
   * owned by another company, or a project or carrier that is not the company's, is a 404 and
   * nothing is written.
   */
  async function create(actor: Actor, tenant: Tenant, input: CreateInput): Promise<{ session: InspectionSession; created: boolean }> {
    const { companyId } = tenant;
    let completed = false;
    const created = await db.transaction(async (tx) => {
      const baseline = input.projectId ? await projectBaseline(tx, companyId, input.projectId) : BLANK;
      const names = await carrierNamesFor(tx, companyId, input.fields.carrierId, baseline.carrierId);
      const at = now();
      const merged = mergeSessionEdit(baseline, input, at, names);
      const values: SessionValues = merged.values;
      const inserted = await insertSessionIfNew(tx, {
        id: input.id,
        companyId,
        projectId: input.projectId ?? null,
        inspectorId: inspectorOf(actor),
        createdBy: actor.userId,
        ...values,
        fieldEditedAt: merged.fieldEditedAt,
        completedAt: values.status === 'completed' ? at : null,
      });
      if (inserted) {
        await insertInspectionActivity(tx, { companyId, sessionId: input.id, actorId: actor.userId, kind: 'created', body: values.street || null });
        completed = values.status === 'completed';
        return true;
      }
      // The id exists: this company's session takes the fields as an update; another company's is not found.
      const row = await lockSession(tx, companyId, input.id);
      if (!row) throw AppError.notFound(NOT_FOUND);
      const link: SessionPatch = input.projectId && row.projectId === null ? { projectId: input.projectId } : {};
      completed = await applyEdit(tx, actor, tenant, row, input, link);
      // Now on the claim file: the inspection's measurement and the claim file's are one record.
      if (link.projectId) await joinSessionMeasurementToProject(tx, companyId, row.id, link.projectId);
      return false;
    });
    const session = await get(tenant, input.id);
    await announceCompletion(actor, tenant, session, completed);
    return { session, created };
  }

  async function update(actor: Actor, tenant: Tenant, id: string, input: UpdateInput): Promise<InspectionSession> {
    const completed = await db.transaction(async (tx) => {
      const row = await lockSession(tx, tenant.companyId, id);
      if (!row) throw AppError.notFound(NOT_FOUND);
      return applyEdit(tx, actor, tenant, row, input);
    });
    const session = await get(tenant, id);
    await announceCompletion(actor, tenant, session, completed);
    return session;
  }

  /** One page of the company's sessions, most recently changed first, with how many match. */
  async function list(actor: Actor, tenant: Tenant, query: ListQuery): Promise<InspectionList> {
    const filters = { q: query.q, status: query.status, projectId: query.projectId, inspectorId: query.mine === '1' ? actor.userId : undefined };
    const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
    const [rows, total] = await Promise.all([listSessions(db, tenant.companyId, filters, page), countSessions(db, tenant.companyId, filters)]);
    return { sessions: rows.map(presentSummary), total };
  }

  /** The session's timeline, newest first. */
  async function activity(tenant: Tenant, id: string): Promise<InspectionActivityEntry[]> {
    if (!(await sessionExists(db, tenant.companyId, id))) throw AppError.notFound(NOT_FOUND);
    return (await listSessionActivity(db, tenant.companyId, id, ACTIVITY_LIMIT)).map(presentActivity);
  }

  return { get, create, update, list, activity };
}

export type InspectionsService = ReturnType<typeof createInspectionsService>;

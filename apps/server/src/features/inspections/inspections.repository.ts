import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InspectionStatus } from '@ridgeline/shared/contracts/inspections';
import type { Db, DbTx } from '../../infra/db/client';
import { adjusters, carriers, inspectionActivity, inspectionSessions, projects, user } from '../../infra/db/schema/index';

// Inspection sessions and their timeline. Every statement filters by company_id: a session, project
// or carrier id of another company is simply not found.

export type SessionRow = typeof inspectionSessions.$inferSelect;
export type NewSessionRow = Omit<typeof inspectionSessions.$inferInsert, 'createdAt' | 'updatedAt'>;
export type SessionPatch = Partial<Omit<NewSessionRow, 'id' | 'companyId' | 'createdBy' | 'inspectorId'>> & { updatedAt?: Date };

const inspector = alias(user, 'inspector');
const creator = alias(user, 'creator');

/** A LIKE pattern matching the term anywhere, with %, _ and \ taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

// Correlated subqueries over the session's live (not deleted) photos. Written with the table's own
// name: drizzle may leave the outer columns unqualified, which inside a subquery would name the photo table.
const livePhotos = sql`inspection_photos p where p.company_id = "inspection_sessions"."company_id"
  and p.session_id = "inspection_sessions"."id" and p.deleted_at is null`;
const photoCount = sql<number>`(select count(*)::int from ${livePhotos})`.mapWith(Number);
const photosByPhase = sql<Record<string, number>>`(select coalesce(jsonb_object_agg(x.phase, x.n), '{}'::jsonb)
  from (select p.phase, count(*)::int as n from ${livePhotos} and p.phase is not null group by p.phase) x)`;

/** A person's name columns, for displayName. */
const userName = { id: user.id, firstName: user.firstName, lastName: user.lastName, name: user.name, email: user.email };
const inspectorName = { id: inspector.id, firstName: inspector.firstName, lastName: inspector.lastName, name: inspector.name, email: inspector.email };
const creatorName = { id: creator.id, firstName: creator.firstName, lastName: creator.lastName, name: creator.name, email: creator.email };

/** The session with its inspector's and creator's name columns and its live photo counts. */
function selectSessionDetails(db: Db | DbTx) {
  return db
    .select({ session: inspectionSessions, inspector: inspectorName, creator: creatorName, photoCount, photosByPhase })
    .from(inspectionSessions)
    .leftJoin(inspector, eq(inspector.id, inspectionSessions.inspectorId))
    .leftJoin(creator, eq(creator.id, inspectionSessions.createdBy));
}

export type SessionDetailRow = NonNullable<Awaited<ReturnType<typeof findSessionDetail>>>;

/** One session of the company with names and photo counts, or null. */
export async function findSessionDetail(db: Db | DbTx, companyId: string, id: string) {
  const [row] = await selectSessionDetails(db).where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, id)));
  return row ?? null;
}

/** Whether the company has the session. */
export async function sessionExists(db: Db | DbTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: inspectionSessions.id })
    .from(inspectionSessions)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, id)));
  return row !== undefined;
}

/**
 * Inserts the session unless its id already exists (in any company: ids are the clients' UUIDs);
 * true when this call inserted it. A concurrent insert of the same id waits for the other transaction
 * and then does nothing, so two replays of one offline creation make one row.
 */
export async function insertSessionIfNew(tx: DbTx, values: NewSessionRow): Promise<boolean> {
  const rows = await tx
    .insert(inspectionSessions)
    .values(values)
    .onConflictDoNothing({ target: inspectionSessions.id })
    .returning({ id: inspectionSessions.id });
  return rows.length > 0;
}

export async function updateSessionRow(tx: DbTx, companyId: string, id: string, patch: SessionPatch): Promise<void> {
  await tx
    .update(inspectionSessions)
    .set(patch)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, id)));
}

/**
 * The company's carrier name, or null when the id is not one of its carriers. The row is held (key
 * share) until the transaction ends, so it cannot be deleted before the session points at it.
 */
export async function lockOwnCarrierName(tx: DbTx, companyId: string, id: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: carriers.name })
    .from(carriers)
    .where(and(eq(carriers.companyId, companyId), eq(carriers.id, id)))
    .for('key share');
  return row?.name ?? null;
}

/**
 * The claim file a session starts from, with its carrier's name and its adjuster's contact, or null
 * when the id is not one of the company's projects. Held (key share) like a carrier.
 */
export async function lockProjectForSession(tx: DbTx, companyId: string, id: string) {
  const [project] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, id)))
    .for('key share');
  if (!project) return null;
  const [carrier] = project.carrierId
    ? await tx
        .select({ name: carriers.name })
        .from(carriers)
        .where(and(eq(carriers.companyId, companyId), eq(carriers.id, project.carrierId)))
    : [];
  const [adjuster] = project.adjusterId
    ? await tx
        .select({ name: adjusters.name, phone: adjusters.phone, email: adjusters.email })
        .from(adjusters)
        .where(and(eq(adjusters.companyId, companyId), eq(adjusters.id, project.adjusterId)))
    : [];
  return { project, carrierName: carrier?.name ?? null, adjuster: adjuster ?? null };
}

export type SessionListFilters = {
  q?: string | undefined;
  status?: InspectionStatus | undefined;
  /** Only the sessions this user inspects. */
  inspectorId?: string | undefined;
  projectId?: string | undefined;
};

function listWhere(companyId: string, filters: SessionListFilters): SQL | undefined {
  const pattern = filters.q ? containsPattern(filters.q) : null;
  return and(
    eq(inspectionSessions.companyId, companyId),
    pattern
      ? or(
          ilike(inspectionSessions.street, pattern),
          ilike(inspectionSessions.city, pattern),
          ilike(inspectionSessions.homeownerName, pattern),
          ilike(inspectionSessions.claimNumber, pattern),
        )
      : undefined,
    filters.status ? eq(inspectionSessions.status, filters.status) : undefined,
    filters.inspectorId ? eq(inspectionSessions.inspectorId, filters.inspectorId) : undefined,
    filters.projectId ? eq(inspectionSessions.projectId, filters.projectId) : undefined,
  );
}

/** One page of the company's sessions, most recently changed first (the id breaks ties, so pages never overlap). */
export async function listSessions(db: Db | DbTx, companyId: string, filters: SessionListFilters, page: { limit: number; offset: number }) {
  return db
    .select({
      id: inspectionSessions.id,
      projectId: inspectionSessions.projectId,
      status: inspectionSessions.status,
      street: inspectionSessions.street,
      city: inspectionSessions.city,
      state: inspectionSessions.state,
      zip: inspectionSessions.zip,
      homeownerName: inspectionSessions.homeownerName,
      createdAt: inspectionSessions.createdAt,
      updatedAt: inspectionSessions.updatedAt,
      inspector: inspectorName,
      photoCount,
    })
    .from(inspectionSessions)
    .leftJoin(inspector, eq(inspector.id, inspectionSessions.inspectorId))
    .where(listWhere(companyId, filters))
    .orderBy(desc(inspectionSessions.updatedAt), desc(inspectionSessions.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many of the company's sessions match the filters. */
export async function countSessions(db: Db | DbTx, companyId: string, filters: SessionListFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(inspectionSessions).where(listWhere(companyId, filters));
  return row?.total ?? 0;
}

/** A session's timeline, newest first, with the actor's name columns; only within the company. */
export async function listSessionActivity(db: Db | DbTx, companyId: string, sessionId: string, limit: number) {
  return db
    .select({
      id: inspectionActivity.id,
      kind: inspectionActivity.kind,
      field: inspectionActivity.field,
      oldValue: inspectionActivity.oldValue,
      newValue: inspectionActivity.newValue,
      body: inspectionActivity.body,
      createdAt: inspectionActivity.createdAt,
      actor: userName,
    })
    .from(inspectionActivity)
    .leftJoin(user, eq(user.id, inspectionActivity.actorId))
    .where(and(eq(inspectionActivity.companyId, companyId), eq(inspectionActivity.sessionId, sessionId)))
    .orderBy(desc(inspectionActivity.createdAt), desc(inspectionActivity.id))
    .limit(limit);
}

export type SessionListRow = Awaited<ReturnType<typeof listSessions>>[number];
export type ActivityRow = Awaited<ReturnType<typeof listSessionActivity>>[number];

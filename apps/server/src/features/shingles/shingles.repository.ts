import { and, asc, count, desc, eq, ilike, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { CatalogEntry, ResultConfidence } from '@ridgeline/shared/domain/shingle-id';
import type { Db, DbTx } from '../../infra/db/client';
import {
  inspectionSessions,
  projects,
  shingleCatalogEntries,
  shingleCatalogVersions,
  shingleIdentifications,
  shinglePhotos,
  user,
} from '../../infra/db/schema/index';

// The shingle catalog and the saved identifications. The shared catalog has no company; a company's
// own products and its identifications are read and written within its company only.

/** `%term%` with LIKE's wildcards escaped, so a search for "50%" means those characters. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export type CatalogRow = { id: string; companyId: string | null; entry: unknown; retiredAt: Date | null };
const catalogColumns = {
  id: shingleCatalogEntries.id,
  companyId: shingleCatalogEntries.companyId,
  entry: shingleCatalogEntries.entry,
  retiredAt: shingleCatalogEntries.retiredAt,
};

/** The line of the company's own products (companyId) or of the shared catalog (null). */
function entryOf(id: string, companyId: string | null) {
  return and(eq(shingleCatalogEntries.id, id), companyId ? eq(shingleCatalogEntries.companyId, companyId) : isNull(shingleCatalogEntries.companyId));
}

/** The same line, not retired. */
function liveEntryOf(id: string, companyId: string | null) {
  return and(entryOf(id, companyId), isNull(shingleCatalogEntries.retiredAt));
}

/** The lines a company ranks against: the shared catalog and its own products, not retired. */
export async function listCatalog(db: Db | DbTx, companyId: string | null): Promise<CatalogRow[]> {
  const scope = companyId
    ? or(isNull(shingleCatalogEntries.companyId), eq(shingleCatalogEntries.companyId, companyId))
    : isNull(shingleCatalogEntries.companyId);
  return db
    .select(catalogColumns)
    .from(shingleCatalogEntries)
    .where(and(scope, isNull(shingleCatalogEntries.retiredAt)))
    .orderBy(shingleCatalogEntries.id);
}

/** One line of the shared catalog (companyId null) or of the company's own products. */
export async function findCatalogEntry(db: Db | DbTx, companyId: string | null, id: string): Promise<CatalogRow | null> {
  const [row] = await db.select(catalogColumns).from(shingleCatalogEntries).where(entryOf(id, companyId));
  return row ?? null;
}

export async function insertCatalogEntry(tx: DbTx, row: { id: string; companyId: string | null; entry: CatalogEntry; updatedBy: string }): Promise<void> {
  await tx.insert(shingleCatalogEntries).values(row);
}

export async function updateCatalogEntry(tx: DbTx, id: string, companyId: string | null, entry: CatalogEntry, updatedBy: string): Promise<boolean> {
  const rows = await tx
    .update(shingleCatalogEntries)
    .set({ entry, updatedBy, updatedAt: new Date() })
    .where(liveEntryOf(id, companyId))
    .returning({ id: shingleCatalogEntries.id });
  return rows.length > 0;
}

export async function retireCatalogEntry(tx: DbTx, id: string, companyId: string | null, updatedBy: string): Promise<boolean> {
  const rows = await tx
    .update(shingleCatalogEntries)
    .set({ retiredAt: new Date(), updatedBy, updatedAt: new Date() })
    .where(liveEntryOf(id, companyId))
    .returning({ id: shingleCatalogEntries.id });
  return rows.length > 0;
}

/**
 * The version of the catalog a company ranks against: the newest change of the shared lines or of
 * its own products (null: the shared lines only). Another company's own products never move it, so
 * that company's edit leaves this one's kept catalog current. The numbers come from one sequence of
 * every change, so a company's version names one state of its catalog and only grows.
 */
export async function catalogVersion(db: Db | DbTx, companyId: string | null): Promise<number> {
  const scope = companyId
    ? or(isNull(shingleCatalogVersions.companyId), eq(shingleCatalogVersions.companyId, companyId))
    : isNull(shingleCatalogVersions.companyId);
  const [row] = await db
    .select({ version: max(shingleCatalogVersions.version) })
    .from(shingleCatalogVersions)
    .where(scope);
  return row?.version ?? 1;
}

/**
 * Records a new catalog version, the next number of the sequence of every change. The table is
 * locked for the rest of the transaction so two changes at once get consecutive numbers rather than
 * one failing.
 */
export async function addVersion(tx: DbTx, fields: { companyId: string | null; summary: string; createdBy: string }): Promise<number> {
  await tx.execute(sql`lock table ${shingleCatalogVersions} in share row exclusive mode`);
  const [newest] = await tx.select({ version: max(shingleCatalogVersions.version) }).from(shingleCatalogVersions);
  const next = (newest?.version ?? 1) + 1;
  await tx.insert(shingleCatalogVersions).values({ version: next, ...fields });
  return next;
}

export type NewIdentification = typeof shingleIdentifications.$inferInsert;

/** Writes the identification; null when its id (chosen on the phone) is already taken. */
export async function insertIdentification(tx: DbTx, row: NewIdentification): Promise<string | null> {
  const [inserted] = await tx
    .insert(shingleIdentifications)
    .values(row)
    .onConflictDoNothing({ target: shingleIdentifications.id })
    .returning({ id: shingleIdentifications.id });
  return inserted?.id ?? null;
}

/** Whose an identification id is (any company): a phone's retried save finds its own. */
export async function findIdentificationOwner(db: Db | DbTx, id: string): Promise<string | null> {
  const [row] = await db.select({ companyId: shingleIdentifications.companyId }).from(shingleIdentifications).where(eq(shingleIdentifications.id, id));
  return row?.companyId ?? null;
}

export type ShinglePhotoRow = typeof shinglePhotos.$inferSelect;

/** The identification's photos, in the order they arrived. */
export async function listPhotos(db: Db | DbTx, companyId: string, identificationIds: string[]): Promise<ShinglePhotoRow[]> {
  if (identificationIds.length === 0) return [];
  return db
    .select()
    .from(shinglePhotos)
    .where(and(eq(shinglePhotos.companyId, companyId), inArray(shinglePhotos.identificationId, identificationIds)))
    .orderBy(asc(shinglePhotos.createdAt), asc(shinglePhotos.id));
}

/** One shingle photo by its id, any company (the upload checks whose it is). */
export async function findShinglePhoto(db: Db | DbTx, id: string): Promise<ShinglePhotoRow | null> {
  const [row] = await db.select().from(shinglePhotos).where(eq(shinglePhotos.id, id));
  return row ?? null;
}

export async function countPhotos(db: Db | DbTx, companyId: string, identificationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shinglePhotos)
    .where(and(eq(shinglePhotos.companyId, companyId), eq(shinglePhotos.identificationId, identificationId)));
  return row?.n ?? 0;
}

/** Writes the shingle photo unless its id is already there; whether it was written. */
export async function insertShinglePhotoIfNew(db: Db | DbTx, row: typeof shinglePhotos.$inferInsert): Promise<boolean> {
  const rows = await db.insert(shinglePhotos).values(row).onConflictDoNothing({ target: shinglePhotos.id }).returning({ id: shinglePhotos.id });
  return rows.length > 0;
}

const identificationColumns = {
  id: shingleIdentifications.id,
  createdAt: shingleIdentifications.createdAt,
  createdById: user.id,
  createdByName: user.name,
  createdByFirstName: user.firstName,
  createdByLastName: user.lastName,
  createdByEmail: user.email,
  address: shingleIdentifications.address,
  color: shingleIdentifications.color,
  layers: shingleIdentifications.layers,
  measurements: shingleIdentifications.measurements,
  ranking: shingleIdentifications.ranking,
  catalogVersion: shingleIdentifications.catalogVersion,
  agreesWithDevice: shingleIdentifications.agreesWithDevice,
  topCandidate: shingleIdentifications.topCandidate,
  confidence: shingleIdentifications.confidence,
  inspectionSessionId: shingleIdentifications.inspectionSessionId,
  projectId: projects.id,
  projectTitle: projects.title,
};

export type IdentificationRow = Awaited<ReturnType<typeof selectIdentifications>>[number];

function selectIdentifications(db: Db | DbTx, where: SQL | undefined, limit: number) {
  return db
    .select(identificationColumns)
    .from(shingleIdentifications)
    .leftJoin(user, eq(user.id, shingleIdentifications.createdBy))
    .leftJoin(projects, and(eq(projects.id, shingleIdentifications.projectId), eq(projects.companyId, shingleIdentifications.companyId)))
    .where(where)
    .orderBy(desc(shingleIdentifications.createdAt), desc(shingleIdentifications.id))
    .limit(limit);
}

export async function findIdentification(db: Db | DbTx, companyId: string, id: string): Promise<IdentificationRow | null> {
  const [row] = await selectIdentifications(db, and(eq(shingleIdentifications.companyId, companyId), eq(shingleIdentifications.id, id)), 1);
  return row ?? null;
}

/** The company's identifications, newest first; `q` matches the address, the top candidate, the claim file or who saved it. */
export async function listIdentifications(
  db: Db | DbTx,
  companyId: string,
  filters: { q?: string; confidence?: ResultConfidence; projectId?: string },
  limit: number,
): Promise<IdentificationRow[]> {
  const term = filters.q ? likeTerm(filters.q) : null;
  return selectIdentifications(
    db,
    and(
      eq(shingleIdentifications.companyId, companyId),
      filters.confidence ? eq(shingleIdentifications.confidence, filters.confidence) : undefined,
      filters.projectId ? eq(shingleIdentifications.projectId, filters.projectId) : undefined,
      term
        ? or(ilike(shingleIdentifications.address, term), ilike(shingleIdentifications.topCandidate, term), ilike(projects.title, term), ilike(user.name, term))
        : undefined,
    ),
    limit,
  );
}

/** Whether the inspection session is the company's (another company's is as good as missing). */
export async function inspectionSessionExists(db: Db | DbTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: inspectionSessions.id })
    .from(inspectionSessions)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, id)));
  return row !== undefined;
}

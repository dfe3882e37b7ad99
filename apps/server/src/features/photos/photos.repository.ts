import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CapturePhase, PhotoCategory } from '@ridgeline/shared/domain/field-capture';
import type { Db, DbTx } from '../../infra/db/client';
import { companies, inspectionPhotos, inspectionSessions, user } from '../../infra/db/schema/index';

// Every query on photos, sessions and projects filters by company_id: a photo is only found within
// the caller's company. The two exceptions say so: the idempotency lookup of an upload (a photo id
// held by another company must answer 404, not be stored twice) and the purge job (all companies).

export type PhotoRow = typeof inspectionPhotos.$inferSelect & { uploaderName: string | null };
export type NewPhotoRow = typeof inspectionPhotos.$inferInsert;

function selectPhotos(db: Db | DbTx) {
  return db.select({ photo: inspectionPhotos, uploaderName: user.name }).from(inspectionPhotos).leftJoin(user, eq(user.id, inspectionPhotos.uploadedBy));
}

const flatten = (rows: Array<{ photo: typeof inspectionPhotos.$inferSelect; uploaderName: string | null }>): PhotoRow[] =>
  rows.map(({ photo, uploaderName }) => ({ ...photo, uploaderName }));

/** A session of the company (its id and project), holding a share lock until the transaction ends (the session cannot vanish under an insert). */
export async function lockSessionRef(tx: DbTx, companyId: string, sessionId: string): Promise<{ id: string; projectId: string | null } | null> {
  const [row] = await tx
    .select({ id: inspectionSessions.id, projectId: inspectionSessions.projectId })
    .from(inspectionSessions)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, sessionId)))
    .for('share');
  return row ?? null;
}
/**
 * The owner and bytes of a photo id, in any company: an upload's idempotency check (the caller
 * answers 404 when the company is not theirs). Nothing else reads across companies.
 */
export async function findPhotoIdentity(db: Db | DbTx, photoId: string): Promise<{ companyId: string; sha256: string } | null> {
  const [row] = await db
    .select({ companyId: inspectionPhotos.companyId, sha256: inspectionPhotos.sha256 })
    .from(inspectionPhotos)
    .where(eq(inspectionPhotos.id, photoId));
  return row ?? null;
}

/** One photo of the company (deleted ones too), with its uploader's name. */
export async function findPhoto(db: Db | DbTx, companyId: string, photoId: string): Promise<PhotoRow | null> {
  const rows = flatten(await selectPhotos(db).where(and(eq(inspectionPhotos.companyId, companyId), eq(inspectionPhotos.id, photoId))));
  return rows[0] ?? null;
}

/** The live photo holding these bytes in the session, if any. */
export async function findLivePhotoBySha(db: Db | DbTx, companyId: string, sessionId: string, sha256: string): Promise<PhotoRow | null> {
  const rows = flatten(
    await selectPhotos(db).where(
      and(
        eq(inspectionPhotos.companyId, companyId),
        eq(inspectionPhotos.sessionId, sessionId),
        eq(inspectionPhotos.sha256, sha256),
        isNull(inspectionPhotos.deletedAt),
      ),
    ),
  );
  return rows[0] ?? null;
}

/** Inserts a photo unless its id or its bytes in the session are already stored; true when inserted. */
export async function insertPhotoIfNew(tx: DbTx, row: NewPhotoRow): Promise<boolean> {
  const inserted = await tx.insert(inspectionPhotos).values(row).onConflictDoNothing().returning({ id: inspectionPhotos.id });
  return inserted.length > 0;
}

export type PhotoFilters = { category?: PhotoCategory; subcategory?: string; phase?: CapturePhase; structureId?: string; deleted: boolean };

function filterConditions(filters: PhotoFilters): SQL[] {
  const conditions: SQL[] = [filters.deleted ? isNotNull(inspectionPhotos.deletedAt) : isNull(inspectionPhotos.deletedAt)];
  if (filters.category) conditions.push(eq(inspectionPhotos.category, filters.category));
  if (filters.subcategory) conditions.push(eq(inspectionPhotos.subcategory, filters.subcategory));
  if (filters.phase) conditions.push(eq(inspectionPhotos.phase, filters.phase));
  if (filters.structureId) conditions.push(eq(inspectionPhotos.structureId, filters.structureId));
  return conditions;
}

const captureOrder = [asc(sql`coalesce(${inspectionPhotos.capturedAt}, ${inspectionPhotos.receivedAt})`), asc(inspectionPhotos.id)];

/** A session's photos in capture order. */
export async function listSessionPhotos(db: Db | DbTx, companyId: string, sessionId: string, filters: PhotoFilters): Promise<PhotoRow[]> {
  return flatten(
    await selectPhotos(db)
      .where(and(eq(inspectionPhotos.companyId, companyId), eq(inspectionPhotos.sessionId, sessionId), ...filterConditions(filters)))
      .orderBy(...captureOrder),
  );
}

/** A project's photos: those filed on it and those of its sessions, in capture order. */
export async function listProjectPhotos(db: Db | DbTx, companyId: string, projectId: string, filters: PhotoFilters): Promise<PhotoRow[]> {
  const sessionsOfProject = db
    .select({ id: inspectionSessions.id })
    .from(inspectionSessions)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.projectId, projectId)));
  return flatten(
    await selectPhotos(db)
      .where(
        and(
          eq(inspectionPhotos.companyId, companyId),
          or(eq(inspectionPhotos.projectId, projectId), inArray(inspectionPhotos.sessionId, sessionsOfProject)),
          ...filterConditions(filters),
        ),
      )
      .orderBy(...captureOrder),
  );
}

/** Locks one photo of the company for a change in this transaction. */
export async function lockPhoto(tx: DbTx, companyId: string, photoId: string) {
  const [row] = await tx
    .select()
    .from(inspectionPhotos)
    .where(and(eq(inspectionPhotos.companyId, companyId), eq(inspectionPhotos.id, photoId)))
    .for('update');
  return row ?? null;
}

export type PhotoPatch = Partial<
  Pick<
    NewPhotoRow,
    | 'category'
    | 'subcategory'
    | 'phase'
    | 'photoType'
    | 'notes'
    | 'structureId'
    | 'sessionId'
    | 'projectId'
    | 'annotation'
    | 'annotationUpdatedAt'
    | 'deletedAt'
    | 'deletedBy'
  >
>;

/** Updates one photo of the company. */
export async function updatePhoto(tx: DbTx | Db, companyId: string, photoId: string, patch: PhotoPatch): Promise<void> {
  await tx
    .update(inspectionPhotos)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(inspectionPhotos.companyId, companyId), eq(inspectionPhotos.id, photoId)));
}

/** The company's photos among these ids with their storage paths (for the thumbnails function). */
export async function findPhotoPaths(db: Db | DbTx, companyId: string, ids: string[]): Promise<Array<{ id: string; filePath: string; fileName: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: inspectionPhotos.id, filePath: inspectionPhotos.filePath, fileName: inspectionPhotos.fileName })
    .from(inspectionPhotos)
    .where(and(eq(inspectionPhotos.companyId, companyId), inArray(inspectionPhotos.id, ids)));
}

/** What the thumbnail job reads of a photo. */
export async function findPhotoForThumbnails(db: Db | DbTx, companyId: string, photoId: string) {
  const [row] = await db
    .select({
      id: inspectionPhotos.id,
      filePath: inspectionPhotos.filePath,
      mimeType: inspectionPhotos.mimeType,
      width: inspectionPhotos.width,
      height: inspectionPhotos.height,
      projectId: inspectionPhotos.projectId,
      sessionId: inspectionPhotos.sessionId,
      timeZone: companies.timeZone,
    })
    .from(inspectionPhotos)
    .innerJoin(companies, eq(companies.id, inspectionPhotos.companyId))
    .where(and(eq(inspectionPhotos.companyId, companyId), eq(inspectionPhotos.id, photoId)));
  return row ?? null;
}

export type ThumbnailResult = Pick<
  NewPhotoRow,
  | 'thumbSmallPath'
  | 'thumbLargePath'
  | 'thumbnailsAt'
  | 'width'
  | 'height'
  | 'gpsCoordinates'
  | 'gpsSource'
  | 'capturedAt'
  | 'capturedAtSource'
  | 'cameraSoftware'
  | 'cameraWidth'
  | 'cameraHeight'
>;

/** Publishes a photo's small thumbnail, stored by its upload, before the job makes the large one. */
export async function saveSmallThumbnail(db: Db | DbTx, companyId: string, photoId: string, thumbSmallPath: string): Promise<void> {
  await db
    .update(inspectionPhotos)
    .set({ thumbSmallPath })
    .where(and(eq(inspectionPhotos.companyId, companyId), eq(inspectionPhotos.id, photoId)));
}

/**
 * Writes what the job made. The camera metadata's time and place replace the device's (the file is
 * the truth of when and where it was taken); the dimensions only fill what is still empty.
 */
export async function saveThumbnailResult(db: Db | DbTx, companyId: string, photoId: string, result: ThumbnailResult): Promise<void> {
  await db
    .update(inspectionPhotos)
    .set({
      thumbSmallPath: result.thumbSmallPath,
      thumbLargePath: result.thumbLargePath,
      thumbnailsAt: result.thumbnailsAt,
      width: sql`coalesce(${inspectionPhotos.width}, ${result.width ?? null}::int)`,
      height: sql`coalesce(${inspectionPhotos.height}, ${result.height ?? null}::int)`,
      ...(result.gpsCoordinates ? { gpsCoordinates: result.gpsCoordinates, gpsSource: result.gpsSource ?? null } : {}),
      ...(result.capturedAt ? { capturedAt: result.capturedAt, capturedAtSource: result.capturedAtSource ?? null } : {}),
      cameraSoftware: result.cameraSoftware ?? null,
      cameraWidth: result.cameraWidth ?? null,
      cameraHeight: result.cameraHeight ?? null,
    })
    .where(and(eq(inspectionPhotos.companyId, companyId), eq(inspectionPhotos.id, photoId)));
}

/**
 * Deletes (for good) photos of every company deleted before `before`, at most `limit` at a time,
 * and answers their storage paths so the caller removes the objects.
 */
export async function purgeDeletedPhotos(db: Db, before: Date, limit: number): Promise<Array<{ id: string; filePath: string; paths: string[] }>> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: inspectionPhotos.id })
      .from(inspectionPhotos)
      .where(and(isNotNull(inspectionPhotos.deletedAt), lt(inspectionPhotos.deletedAt, before)))
      .orderBy(asc(inspectionPhotos.deletedAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const removed = await tx
      .delete(inspectionPhotos)
      .where(
        inArray(
          inspectionPhotos.id,
          due.map((row) => row.id),
        ),
      )
      .returning({
        id: inspectionPhotos.id,
        filePath: inspectionPhotos.filePath,
        small: inspectionPhotos.thumbSmallPath,
        large: inspectionPhotos.thumbLargePath,
      });
    return removed.map((row) => ({
      id: row.id,
      filePath: row.filePath,
      paths: [row.filePath, row.small, row.large].filter((path): path is string => Boolean(path)),
    }));
  });
}

import type {
  Annotation,
  GenerateThumbnailsInput,
  MovePhotoInput,
  Photo,
  PhotoListQuery,
  UpdatePhotoInput,
  UploadPhotoQuery,
  UploadPhotoResult,
} from '@ridgeline/shared/contracts/photos';
import type { ProvenanceFlag } from '@ridgeline/shared/domain/photo-provenance';
import { PHOTO_RESTORE_DAYS, photoAlreadyUsedMessage, photoShotLabel } from '@ridgeline/shared/domain/field-capture';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { insertInspectionActivity } from '../../data/inspection-activity';
import { heifBoxesComplete, readImageHeader } from '../../infra/images/images';
import { detectFileType } from '../../infra/storage/file-type';
import { ObjectExistsError, type Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { drawSmallThumbnail, THUMBNAIL_CACHE_CONTROL, thumbnailPath, type ThumbnailJob } from './photo-thumbnails';
import { assertCanRemovePhoto } from './photos.policy';
import {
  findLivePhotoBySha,
  findPhoto,
  findPhotoIdentity,
  findPhotoPaths,
  insertPhotoIfNew,
  listProjectPhotos,
  listSessionPhotos,
  lockPhoto,
  lockSessionRef,
  purgeDeletedPhotos,
  updatePhoto,
  type PhotoFilters,
  type PhotoRow,
} from './photos.repository';
import { projectExists } from '../../data/project-lookup';
import { findSessionRef } from '../../data/inspection-session';
import { parseLatLng, photoProvenanceFlags } from '../../data/photo-provenance';

const BUCKET = 'project-files';
/** Signed photo URLs stay valid for five minutes. */
const URL_SECONDS = 300;
/** How long a stored object may be cached: an hour (the original never changes). */
export const PHOTO_CACHE_CONTROL = 'private, max-age=3600';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The photo types accepted, decided from the bytes, with the extension each is stored under. */
export const PHOTO_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
};
export const UNSUPPORTED_PHOTO_MESSAGE = 'This file is not a photo we accept. Upload a JPEG, PNG, WebP or HEIC/HEIF image.';

export type PhotosServiceDeps = {
  db: Db;
  storage: Storage;
  logger: Pick<Logger, 'warn'>;
  /** Queues a photo's thumbnail job. */
  queueThumbnails: (job: ThumbnailJob) => Promise<unknown>;
};

/** The storage path: `{sessionId}/{category}/{subcategory or phase or general}/{photoId}_{timestamp}.{ext}`. */
export function photoObjectPath(
  sessionId: string,
  meta: { category: string; subcategory?: string | undefined; phase?: string | undefined },
  photoId: string,
  timestamp: number,
  ext: string,
): string {
  return `${sessionId}/${meta.category}/${meta.subcategory ?? meta.phase ?? 'general'}/${photoId}_${timestamp}.${ext}`;
}

/**
 * Field photos: the idempotent upload (the client's photo id and the file's SHA-256 are the keys),
 * galleries per session and per project, retagging, moving, annotation, soft delete with a 30-day
 * restore window, and the purge after it. Every change to a session's photos writes its timeline
 * row in the same transaction.
 */
export function createPhotosService({ db, storage, logger, queueThumbnails }: PhotosServiceDeps) {
  /** The photos as the API answers them, each with its provenance flags. */
  async function presentAll(companyId: string, rows: PhotoRow[]): Promise<Photo[]> {
    const flags = await photoProvenanceFlags(db, companyId, rows);
    return rows.map((row) => present(row, flags.get(row.id) ?? []));
  }

  function present(row: PhotoRow, flags: ProvenanceFlag[]): Photo {
    const gps = parseLatLng(row.gpsCoordinates);
    return {
      id: row.id,
      sessionId: row.sessionId,
      projectId: row.projectId,
      structureId: row.structureId,
      fileName: row.fileName,
      fileSize: row.fileSize,
      mimeType: row.mimeType,
      sha256: row.sha256,
      width: row.width,
      height: row.height,
      category: row.category,
      subcategory: row.subcategory,
      phase: row.phase,
      photoType: row.photoType,
      notes: row.notes,
      gpsCoordinates: row.gpsCoordinates,
      gps,
      gpsSource: row.gpsSource,
      capturedAt: row.capturedAt?.toISOString() ?? null,
      capturedAtSource: row.capturedAtSource,
      origin: row.origin,
      deviceGps: parseLatLng(row.deviceGps),
      metadataRead: row.thumbnailsAt !== null,
      flags,
      receivedAt: row.receivedAt.toISOString(),
      uploadedBy: row.uploadedBy ? { id: row.uploadedBy, name: row.uploaderName ?? '' } : null,
      filePath: row.filePath,
      url: storage.url(BUCKET, row.filePath, URL_SECONDS),
      thumbSmallUrl: row.thumbSmallPath ? storage.url(BUCKET, row.thumbSmallPath, URL_SECONDS) : null,
      thumbLargeUrl: row.thumbLargePath ? storage.url(BUCKET, row.thumbLargePath, URL_SECONDS) : null,
      annotation: (row.annotation as Annotation | null) ?? null,
      deletedAt: row.deletedAt?.toISOString() ?? null,
      purgeAt: row.deletedAt ? new Date(row.deletedAt.getTime() + PHOTO_RESTORE_DAYS * DAY_MS).toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function load(companyId: string, photoId: string): Promise<Photo> {
    const row = await findPhoto(db, companyId, photoId);
    if (!row) throw AppError.notFound('Photo not found');
    const [photo] = await presentAll(companyId, [row]);
    if (!photo) throw AppError.notFound('Photo not found');
    return photo;
  }

  /**
   * What is already stored under this id or these bytes: the same id with the same bytes answers
   * that photo; the same bytes live in the session answer that photo when it fills the same shot
   * (the same file queued twice), and are refused with 409 PHOTO_ALREADY_USED naming its shot when
   * it fills another (one photo fills one shot). The same id with other bytes is a conflict; an id
   * of another company is not found. Null when the photo is new.
   */
  async function existing(
    tenant: Tenant,
    sessionId: string,
    photoId: string,
    sha256: string,
    shot: Pick<UploadPhotoQuery, 'category' | 'subcategory' | 'structureId'>,
  ): Promise<Photo | null> {
    const owner = await findPhotoIdentity(db, photoId);
    if (owner) {
      if (owner.companyId !== tenant.companyId) throw AppError.notFound('Photo not found');
      if (owner.sha256 !== sha256) throw new AppError('PHOTO_CONFLICT');
      return load(tenant.companyId, photoId);
    }
    const same = await findLivePhotoBySha(db, tenant.companyId, sessionId, sha256);
    if (!same) return null;
    const sameShot = same.category === shot.category && same.subcategory === (shot.subcategory ?? null) && same.structureId === (shot.structureId ?? null);
    if (!sameShot) throw new AppError('PHOTO_ALREADY_USED', photoAlreadyUsedMessage(photoShotLabel(same)));
    return load(tenant.companyId, same.id);
  }

  /** The upload: the body with the SHA-256 its reader computed as the bytes arrived (one pass over them). */
  async function upload(
    actor: Actor,
    tenant: Tenant,
    sessionId: string,
    photoId: string,
    query: UploadPhotoQuery,
    { body, sha256 }: { body: Buffer; sha256: string },
  ): Promise<UploadPhotoResult & { created: boolean }> {
    if (!(await findSessionRef(db, tenant.companyId, sessionId))) throw AppError.notFound('Inspection session not found');
    if (body.length === 0) throw AppError.badRequest('The upload is empty.');
    if (sha256 !== query.sha256) throw new AppError('CHECKSUM_MISMATCH');

    const before = await existing(tenant, sessionId, photoId, sha256, query);
    if (before) return { photo: before, duplicate: true, created: false };

    const type = await detectFileType(body);
    const ext = type ? PHOTO_TYPES[type.mime] : undefined;
    if (!type || !ext) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_PHOTO_MESSAGE);
    // The header only (no decoding): unreadable bytes are no photo, more pixels than the budget
    // are refused (422); the upright dimensions are kept, but a HEIC photo's come from the
    // thumbnail job, which decodes it.
    const header = await readImageHeader(body);
    if (!header) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_PHOTO_MESSAGE);
    const heic = type.mime === 'image/heic' || type.mime === 'image/heif';
    // A photo is accepted only whole: a file cut short (a phone that lost power while saving, a
    // half-copied file) would be "uploaded" yet never show. JPEG, PNG and WebP are decoded small to
    // their last byte, and that drawing is kept as the small thumbnail; a HEIC's boxes must all be
    // there (decoding it takes a second, in the job).
    const small = heic ? null : await drawSmallThumbnail(body);
    if (!(heic ? heifBoxesComplete(body) : small)) throw new AppError('PHOTO_UNREADABLE');
    const width = heic ? null : header.width;
    const height = heic ? null : header.height;

    const library = query.origin === 'library';
    const devicePlace = query.lat !== undefined && query.lng !== undefined ? `${query.lat},${query.lng}` : null;
    const filePath = await storeOriginal(sessionId, photoId, query, ext, type.mime, body);
    // Beside the original, where the thumbnail job keeps it; the job publishes it (the answer names no thumbnail).
    const smallPath = small ? thumbnailPath(filePath, 'small') : null;
    const objects = smallPath ? [filePath, smallPath] : [filePath];
    let inserted = false;
    try {
      if (small && smallPath) await storage.put(BUCKET, smallPath, small, { contentType: 'image/jpeg', cacheControl: THUMBNAIL_CACHE_CONTROL, upsert: true });
      inserted = await db.transaction(async (tx) => {
        const session = await lockSessionRef(tx, tenant.companyId, sessionId);
        if (!session) throw AppError.notFound('Inspection session not found');
        const fresh = await insertPhotoIfNew(tx, {
          id: photoId,
          companyId: tenant.companyId,
          sessionId,
          projectId: session.projectId,
          structureId: query.structureId ?? null,
          filePath,
          fileName: query.fileName,
          fileSize: body.length,
          mimeType: type.mime,
          sha256,
          width,
          height,
          category: query.category,
          subcategory: query.subcategory ?? null,
          phase: query.phase ?? null,
          photoType: query.photoType ?? null,
          notes: query.notes ?? null,
          // A photo taken with the app's camera was taken here and now (the file's camera metadata,
          // read by the thumbnail job, takes their place when it has them); a library photo was not:
          // the device's clock is no taken time, and its position is kept as where it was uploaded.
          ...(library
            ? { gpsCoordinates: null, gpsSource: null, capturedAt: null, capturedAtSource: null, deviceGps: devicePlace }
            : {
                gpsCoordinates: devicePlace,
                gpsSource: devicePlace ? 'device' : null,
                capturedAt: query.capturedAt ? new Date(query.capturedAt) : null,
                capturedAtSource: query.capturedAt ? 'device' : null,
              }),
          origin: query.origin ?? 'camera',
          uploadedBy: actor.userId,
        });
        if (fresh) {
          await insertInspectionActivity(tx, {
            companyId: tenant.companyId,
            sessionId,
            actorId: actor.userId,
            kind: 'photo_uploaded',
            body: query.fileName,
            newValue: { photoId, category: query.category, subcategory: query.subcategory ?? null, phase: query.phase ?? null },
          });
        }
        return fresh;
      });
    } finally {
      // A request that lost the race (or failed) leaves no object behind.
      if (!inserted) await removeObjects(objects, 'an upload that stored nothing');
    }
    if (!inserted) {
      const winner = await existing(tenant, sessionId, photoId, sha256, query);
      if (!winner) throw AppError.conflict('The photo could not be stored. Please try again.');
      return { photo: winner, duplicate: true, created: false };
    }
    await queueThumbnails({ photoId, companyId: tenant.companyId, ...(small ? { smallStored: true } : {}) }).catch((error: unknown) => {
      logger.warn({ err: String(error), photoId }, 'could not queue the thumbnails of a photo (generate-photo-thumbnails queues them again)');
    });
    return { photo: await load(tenant.companyId, photoId), duplicate: false, created: true };
  }

  /**
   * Stores the original, never over another object: two copies of one request in the same
   * millisecond would name the same path, so the later one takes the next millisecond.
   */
  async function storeOriginal(sessionId: string, photoId: string, query: UploadPhotoQuery, ext: string, mime: string, body: Buffer): Promise<string> {
    const timestamp = Date.now();
    for (let attempt = 0; ; attempt++) {
      const filePath = photoObjectPath(sessionId, query, photoId, timestamp + attempt, ext);
      try {
        await storage.put(BUCKET, filePath, body, { contentType: mime, cacheControl: PHOTO_CACHE_CONTROL, upsert: false });
        return filePath;
      } catch (error) {
        if (!(error instanceof ObjectExistsError) || attempt >= 5) throw error;
      }
    }
  }

  async function removeObjects(paths: string[], why: string): Promise<void> {
    await Promise.all(
      paths.map((path) =>
        storage.remove(BUCKET, path).catch((error: unknown) => {
          logger.warn({ err: String(error), path }, `could not remove the object of ${why}`);
        }),
      ),
    );
  }

  const filtersOf = (query: PhotoListQuery): PhotoFilters => ({
    category: query.category,
    subcategory: query.subcategory,
    phase: query.phase,
    structureId: query.structureId,
    deleted: query.deleted === '1',
  });

  async function listForSession(tenant: Tenant, sessionId: string, query: PhotoListQuery): Promise<Photo[]> {
    if (!(await findSessionRef(db, tenant.companyId, sessionId))) throw AppError.notFound('Inspection session not found');
    return presentAll(tenant.companyId, await listSessionPhotos(db, tenant.companyId, sessionId, filtersOf(query)));
  }

  async function listForProject(tenant: Tenant, projectId: string, query: PhotoListQuery): Promise<Photo[]> {
    if (!(await projectExists(db, tenant.companyId, projectId))) throw AppError.notFound('Claim file not found');
    return presentAll(tenant.companyId, await listProjectPhotos(db, tenant.companyId, projectId, filtersOf(query)));
  }

  async function detail(tenant: Tenant, photoId: string): Promise<Photo> {
    return load(tenant.companyId, photoId);
  }

  /** Locks a live photo of the company; 404 for a missing, foreign or deleted one. */
  async function lockLive(tx: DbTx, tenant: Tenant, photoId: string) {
    const row = await lockPhoto(tx, tenant.companyId, photoId);
    if (!row || row.deletedAt) throw AppError.notFound('Photo not found');
    return row;
  }

  async function retag(tenant: Tenant, photoId: string, patch: UpdatePhotoInput): Promise<Photo> {
    await db.transaction(async (tx) => {
      await lockLive(tx, tenant, photoId);
      await updatePhoto(tx, tenant.companyId, photoId, {
        ...(patch.category !== undefined ? { category: patch.category } : {}),
        ...(patch.subcategory !== undefined ? { subcategory: patch.subcategory } : {}),
        ...(patch.phase !== undefined ? { phase: patch.phase } : {}),
        ...(patch.photoType !== undefined ? { photoType: patch.photoType } : {}),
        ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
        ...(patch.structureId !== undefined ? { structureId: patch.structureId } : {}),
      });
    });
    return load(tenant.companyId, photoId);
  }

  /**
   * Moves a photo to another session of the company (it takes that session's project) or onto a
   * project (leaving its session). The file stays where it is; each session's timeline says so.
   */
  async function move(actor: Actor, tenant: Tenant, photoId: string, target: MovePhotoInput): Promise<Photo> {
    await db.transaction(async (tx) => {
      const photo = await lockLive(tx, tenant, photoId);
      let sessionId: string | null = null;
      let projectId: string | null;
      if ('sessionId' in target) {
        const session = await lockSessionRef(tx, tenant.companyId, target.sessionId);
        if (!session) throw AppError.notFound('Inspection session not found');
        if (session.id !== photo.sessionId && (await findLivePhotoBySha(tx, tenant.companyId, session.id, photo.sha256))) {
          throw AppError.conflict('That session already has this photo.');
        }
        sessionId = session.id;
        projectId = session.projectId;
      } else {
        if (!(await projectExists(tx, tenant.companyId, target.projectId))) throw AppError.notFound('Claim file not found');
        projectId = target.projectId;
      }
      if (sessionId === photo.sessionId && projectId === photo.projectId) return;
      await updatePhoto(tx, tenant.companyId, photoId, { sessionId, projectId });
      const moved = { photoId, from: { sessionId: photo.sessionId, projectId: photo.projectId }, to: { sessionId, projectId } };
      const sessions = [...new Set([photo.sessionId, sessionId].filter((id): id is string => id !== null))];
      await insertInspectionActivity(
        tx,
        sessions.map((id) => ({
          companyId: tenant.companyId,
          sessionId: id,
          actorId: actor.userId,
          kind: 'photo_moved' as const,
          body: photo.fileName,
          oldValue: moved.from,
          newValue: moved.to,
        })),
      );
    });
    return load(tenant.companyId, photoId);
  }

  async function saveAnnotation(tenant: Tenant, photoId: string, annotation: Annotation | null): Promise<Photo> {
    await db.transaction(async (tx) => {
      await lockLive(tx, tenant, photoId);
      await updatePhoto(tx, tenant.companyId, photoId, { annotation, annotationUpdatedAt: new Date() });
    });
    return load(tenant.companyId, photoId);
  }

  /** A photo's deletion or restore on its session's timeline (a photo of no session has none), in the change's transaction. */
  async function recordOnTimeline(
    tx: DbTx,
    actor: Actor,
    tenant: Tenant,
    photo: Pick<PhotoRow, 'id' | 'sessionId' | 'fileName'>,
    kind: 'photo_deleted' | 'photo_restored',
  ) {
    if (!photo.sessionId) return;
    const value = { photoId: photo.id };
    await insertInspectionActivity(tx, {
      companyId: tenant.companyId,
      sessionId: photo.sessionId,
      actorId: actor.userId,
      kind,
      body: photo.fileName,
      ...(kind === 'photo_deleted' ? { oldValue: value } : { newValue: value }),
    });
  }

  /** Soft delete: the photo leaves every gallery, stays restorable for the restore window. Deleting twice is a no-op. */
  async function remove(actor: Actor, tenant: Tenant, photoId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const photo = await lockPhoto(tx, tenant.companyId, photoId);
      if (!photo) throw AppError.notFound('Photo not found');
      assertCanRemovePhoto(actor, tenant, photo, 'delete');
      if (photo.deletedAt) return;
      await updatePhoto(tx, tenant.companyId, photoId, { deletedAt: new Date(), deletedBy: actor.userId });
      await recordOnTimeline(tx, actor, tenant, photo, 'photo_deleted');
    });
  }

  async function restore(actor: Actor, tenant: Tenant, photoId: string, now = new Date()): Promise<Photo> {
    await db.transaction(async (tx) => {
      const photo = await lockPhoto(tx, tenant.companyId, photoId);
      if (!photo) throw AppError.notFound('Photo not found');
      assertCanRemovePhoto(actor, tenant, photo, 'restore');
      if (!photo.deletedAt) return;
      if (photo.deletedAt.getTime() + PHOTO_RESTORE_DAYS * DAY_MS <= now.getTime()) {
        throw AppError.notFound(`This photo was deleted more than ${PHOTO_RESTORE_DAYS} days ago and can no longer be restored.`);
      }
      if (photo.sessionId && (await findLivePhotoBySha(tx, tenant.companyId, photo.sessionId, photo.sha256))) {
        throw AppError.conflict('The session already has this photo again; it cannot be restored twice.');
      }
      await updatePhoto(tx, tenant.companyId, photoId, { deletedAt: null, deletedBy: null });
      await recordOnTimeline(tx, actor, tenant, photo, 'photo_restored');
    });
    return load(tenant.companyId, photoId);
  }

  /** Queues the thumbnails again (generate-photo-thumbnails): every photo must be the company's and match its path, else nothing is queued. */
  async function regenerateThumbnails(tenant: Tenant, input: GenerateThumbnailsInput): Promise<{ queued: number }> {
    const ids = [...new Set(input.photos.map((photo) => photo.id))];
    const found = new Map((await findPhotoPaths(db, tenant.companyId, ids)).map((row) => [row.id, row]));
    for (const photo of input.photos) {
      if (found.get(photo.id)?.filePath !== photo.file_path) throw AppError.notFound('Photo not found');
    }
    await Promise.all(ids.map((photoId) => queueThumbnails({ photoId, companyId: tenant.companyId })));
    return { queued: ids.length };
  }

  /** Purges photos deleted more than the restore window before `now`: rows first, then their objects. */
  async function purge(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - PHOTO_RESTORE_DAYS * DAY_MS);
    let total = 0;
    for (;;) {
      const batch = await purgeDeletedPhotos(db, before, 200);
      if (batch.length === 0) return total;
      total += batch.length;
      // A thumbnail stored before its job recorded it (the upload stores the small one) goes too.
      await removeObjects(
        [...new Set(batch.flatMap((photo) => [...photo.paths, thumbnailPath(photo.filePath, 'small'), thumbnailPath(photo.filePath, 'large')]))],
        'a purged photo',
      );
    }
  }

  return { upload, listForSession, listForProject, detail, retag, move, saveAnnotation, remove, restore, regenerateThumbnails, purge };
}

export type PhotosService = ReturnType<typeof createPhotosService>;

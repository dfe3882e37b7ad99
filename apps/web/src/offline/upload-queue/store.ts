import Dexie from 'dexie';
import { DEFAULT_UPLOAD_PRIORITY, PHASE_UPLOAD_PRIORITY, type UploadQueueSummary } from '@ridgeline/shared/domain/upload-queue';
import type { CapturePhase } from '@ridgeline/shared/domain/field-capture';
import { newId } from '../outbox/ids';
import type { UploadDb } from './db';
import { readBytes, sha256Hex } from './hash';
import type { EnqueuePhotoInput, QueuedPhotoFile, QueuedPhotoRecord, QueuedPhotoView } from './types';

// What screens and the panel do to the queue, as plain functions over its database. The engine
// (engine.ts) does the sending; these only change what it will send.

const userRange = (userId: string) =>
  [
    [userId, Dexie.minKey],
    [userId, Dexie.maxKey],
  ] as const;

/** Stores the photos (bytes, hash, metadata) in one transaction; resolves with their new ids. */
export async function enqueue(db: UploadDb, userId: string, items: EnqueuePhotoInput[], now: () => number = Date.now): Promise<string[]> {
  const prepared: { record: QueuedPhotoRecord; file: QueuedPhotoFile }[] = [];
  for (const item of items) {
    const bytes = await readBytes(item.file);
    const id = newId();
    const mimeType = item.file.type || 'application/octet-stream';
    prepared.push({
      file: { id, bytes, mimeType },
      record: {
        id,
        userId,
        sessionId: item.sessionId,
        mimeType,
        fileName: item.fileName,
        sha256: item.sha256 ?? (await sha256Hex(bytes)),
        priority: item.priority ?? DEFAULT_UPLOAD_PRIORITY,
        status: 'pending',
        progress: 0,
        retryCount: 0,
        lastAttempt: null,
        retryAt: 0,
        uploadedPath: null,
        storedId: null,
        shingle: item.shingle ?? null,
        completedAt: null,
        error: null,
        metadata: item.metadata,
        createdAt: now(),
      },
    });
  }
  await db.transaction('rw', db.photos, db.files, async () => {
    await db.files.bulkAdd(prepared.map((p) => p.file));
    await db.photos.bulkAdd(prepared.map((p) => p.record));
  });
  return prepared.map((p) => p.record.id);
}

/** The session phase's pending photos get the phase priority. */
export async function prioritise(db: UploadDb, userId: string, sessionId: string, phase: CapturePhase): Promise<void> {
  await db.photos
    .where('[userId+sessionId]')
    .equals([userId, sessionId])
    .filter((p) => p.status === 'pending' && p.metadata.phase === phase)
    .modify({ priority: PHASE_UPLOAD_PRIORITY });
}

/** Failed photos go back to pending with no attempts counted. */
export async function retryFailed(db: UploadDb, userId: string): Promise<number> {
  return db.photos
    .where('[userId+status]')
    .equals([userId, 'failed'])
    .modify({ status: 'pending', retryCount: 0, retryAt: 0, error: null, waitReason: null, progress: 0 });
}

/** Completed photos leave the queue, with their files. */
export async function clearCompleted(db: UploadDb, userId: string): Promise<number> {
  return db.transaction('rw', db.photos, db.files, async () => {
    const ids = await db.photos.where('[userId+status]').equals([userId, 'completed']).primaryKeys();
    await db.files.bulkDelete(ids);
    await db.photos.bulkDelete(ids);
    return ids.length;
  });
}

/** Photos of this user not uploaded yet (pending, uploading or failed). */
export async function countWaiting(db: UploadDb, userId: string): Promise<number> {
  const [from, to] = userRange(userId);
  return db.photos
    .where('[userId+status]')
    .between(from, to, true, true)
    .filter((p) => p.status !== 'completed')
    .count();
}

const STATUSES = ['pending', 'uploading', 'completed', 'failed'] as const;

/**
 * The queue's counts, the user's or one session's. Every screen showing them counts again on each
 * write to the queue (each status change: upload progress stays in memory, progress.ts), so the
 * user's counts come from the status index alone, reading no photo, and a session's read that
 * session's photos only: a phone with hundreds of photos queued is not kept busy counting them.
 */
export async function summarise(db: UploadDb, userId: string, sessionId?: string): Promise<UploadQueueSummary> {
  const summary: UploadQueueSummary = { total: 0, completed: 0, uploading: 0, pending: 0, failed: 0 };
  if (sessionId === undefined) {
    const counts = await Promise.all(STATUSES.map((status) => db.photos.where('[userId+status]').equals([userId, status]).count()));
    STATUSES.forEach((status, index) => (summary[status] = counts[index] ?? 0));
    summary.total = counts.reduce((sum, count) => sum + count, 0);
    return summary;
  }
  await db.photos
    .where('[userId+sessionId]')
    .equals([userId, sessionId])
    .each((p) => {
      summary.total += 1;
      summary[p.status] += 1;
    });
  return summary;
}

/** A record as screens show it; an upload's percent is not in the database (the hooks merge it in from progress.ts). */
export function toView(p: QueuedPhotoRecord): QueuedPhotoView {
  return {
    id: p.id,
    sessionId: p.sessionId,
    status: p.status,
    progress: p.progress,
    retryCount: p.retryCount,
    error: p.error,
    waitReason: p.waitReason ?? null,
    metadata: p.metadata,
    mimeType: p.mimeType,
    sha256: p.sha256,
    storedId: p.storedId ?? null,
    shingle: p.shingle ?? null,
  };
}

/** A failed photo leaves the device (with its file) when the user gives it up; false when it is not this user's failed photo. */
export async function discardFailed(db: UploadDb, userId: string, id: string): Promise<boolean> {
  return db.transaction('rw', db.photos, db.files, async () => {
    const photo = await db.photos.get(id);
    if (!photo || photo.userId !== userId || photo.status !== 'failed') return false;
    await db.files.delete(id);
    await db.photos.delete(id);
    return true;
  });
}

/** One session's queued photos, newest capture first. */
export async function listSession(db: UploadDb, userId: string, sessionId: string): Promise<QueuedPhotoView[]> {
  const rows = await db.photos.where('[userId+sessionId]').equals([userId, sessionId]).toArray();
  return rows.sort((a, b) => b.metadata.timestamp - a.metadata.timestamp).map(toView);
}

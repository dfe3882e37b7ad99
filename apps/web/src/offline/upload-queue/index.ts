// The photo upload queue: photos wait in IndexedDB (nothing is lost to a closed tab, a reload or a
// power cut) and the engine sends them, 8 at a time, while the user is signed in and online.
// Screens queue photos and read live counts here; the signed-in shell starts the engine
// (startUploadQueue) and mounts the upload panel. Rules and words: shared domain/upload-queue.ts.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { CapturePhase } from '@ridgeline/shared/domain/field-capture';
import type { UploadQueueSummary } from '@ridgeline/shared/domain/upload-queue';
import { useOnline } from '../../lib/session/session-provider';
import { browserLock } from '../outbox/lock';
import { browserNetwork, serverAnswers } from '../outbox/network';
import { shinglePhotoPath } from '../shingle-outbox/photo-path';
import { sessionSyncGate } from '../session-sync-gate';
import { openUploadDb, type UploadDb } from './db';
import { readBytes, sha256Hex } from './hash';
import { createUploadEngine, type UploadEngine } from './engine';
import { broadcastProgressChannel, createUploadProgress, progressSelector, UPLOAD_PROGRESS_CHANNEL, type UploadProgress } from './progress';
import { uploadQueuePresence, uploadQueueUser } from './presence';
import * as store from './store';
import type { EnqueuePhotoInput, QueuedPhotoView } from './types';
import { checkHeldPhoto, createXhrUploader } from './uploader';

export type { EnqueuePhotoInput, QueuedPhotoMetadata, QueuedPhotoView } from './types';

let db: UploadDb | null = null;
function uploadDb(): UploadDb {
  db ??= openUploadDb();
  return db;
}

let progress: UploadProgress | null = null;
/** The percents of the uploads in flight (this tab's engine's, or another tab's over the channel). */
function uploadProgress(): UploadProgress {
  progress ??= createUploadProgress(broadcastProgressChannel(UPLOAD_PROGRESS_CHANNEL));
  return progress;
}

let engine: UploadEngine | null = null;

/** The user whose queue the hooks show: the signed-in user, as the shell set it. */
export function useQueueUserId(): string | null {
  return useSyncExternalStore(uploadQueueUser.subscribe, uploadQueueUser.get, uploadQueueUser.get);
}

let engineUser: string | null = null;

function engineFor(userId: string): UploadEngine {
  engine ??= createUploadEngine({
    db: uploadDb(),
    upload: createXhrUploader({ shinglePhotoPath }),
    check: checkHeldPhoto,
    network: browserNetwork,
    gate: sessionSyncGate,
    lock: browserLock(),
    onPresence: uploadQueuePresence.set,
    probe: serverAnswers,
    progress: uploadProgress(),
  });
  engine.start(userId);
  engineUser = userId;
  return engine;
}

function stopEngine(): void {
  engineUser = null;
  void engine?.stop();
}

// The engine sends only the signed-in user's photos: signing out (or another user) stops it.
uploadQueueUser.subscribe(() => {
  if (engineUser && uploadQueueUser.get() !== engineUser) stopEngine();
});

/**
 * Starts sending this user's queued photos (and only theirs) until the returned stop is called:
 * the signed-in shell starts it once the user is known (on a device with a queue) and stops it when
 * they sign out. Queueing photos while signed in starts it too.
 */
export function startUploadQueue(userId: string): () => void {
  uploadQueueUser.set(userId);
  engineFor(userId);
  return stopEngine;
}

/** Adds photos to the signed-in user's queue; resolves with their ids once stored. */
export async function enqueuePhotos(userId: string, items: EnqueuePhotoInput[]): Promise<string[]> {
  const ids = await store.enqueue(uploadDb(), userId, items);
  // Sending starts with the first photo on a device that had no queue (the shell did not load it).
  if (uploadQueueUser.get() === userId) engineFor(userId).kick();
  return ids;
}

/** Gives the session phase's pending photos the phase priority. */
export async function prioritisePhase(userId: string, sessionId: string, phase: CapturePhase): Promise<void> {
  await store.prioritise(uploadDb(), userId, sessionId, phase);
  engine?.kick();
}

/** Gives up one failed photo: it leaves this device with its file; resolves with whether it did. */
export function discardFailedUpload(userId: string, id: string): Promise<boolean> {
  return store.discardFailed(uploadDb(), userId, id);
}

/** A file's SHA-256 (hex), as the queue keeps it: the same file picked twice has the same one. */
export async function photoFileSha256(file: Blob): Promise<string> {
  return sha256Hex(await readBytes(file));
}

/** Failed photos go back to pending with retryCount 0; resolves with how many. */
export async function retryFailedUploads(userId: string): Promise<number> {
  const count = await store.retryFailed(uploadDb(), userId);
  engine?.kick();
  return count;
}

/** Completed photos leave the queue; resolves with how many. */
export function clearCompletedUploads(userId: string): Promise<number> {
  return store.clearCompleted(uploadDb(), userId);
}

/** This user's photos not uploaded yet (pending, uploading, failed): what signing out would leave waiting. */
export function countWaitingUploads(userId: string): Promise<number> {
  return store.countWaiting(uploadDb(), userId);
}

const EMPTY: UploadQueueSummary = { total: 0, completed: 0, uploading: 0, pending: 0, failed: 0 };

/**
 * Live counts of the signed-in user's queue (optionally one session's; none while the screen has no
 * session yet, `sessionId: null`), and whether the browser is online.
 */
export function useUploadSummary(filter?: { sessionId?: string | null }): UploadQueueSummary & { online: boolean } {
  const userId = useQueueUserId();
  const online = useOnline();
  const sessionId = filter?.sessionId;
  const summary = useLiveQuery(async () => (userId && sessionId !== null ? store.summarise(uploadDb(), userId, sessionId) : EMPTY), [userId, sessionId], EMPTY);
  return { ...summary, online };
}

const NO_PHOTOS: QueuedPhotoView[] = [];

/**
 * Live list of one session's queued photos (not yet cleared), newest capture first, each upload in
 * flight with its percent: the list is read again when a status changes, the percents come from
 * memory (progress.ts) and re-render only when one of this list's changes.
 */
export function useQueuedPhotos(filter: { sessionId: string }): QueuedPhotoView[] {
  const userId = useQueueUserId();
  const { sessionId } = filter;
  const views = useLiveQuery(async () => (userId ? store.listSession(uploadDb(), userId, sessionId) : NO_PHOTOS), [userId, sessionId], NO_PHOTOS);
  const percents = uploadProgress();
  const [select] = useState(progressSelector);
  const snapshot = () => select(views, percents);
  return useSyncExternalStore(percents.subscribe, snapshot, snapshot);
}

/** A temporary object URL showing a queued photo's file, or null once it is gone. */
export function useQueuedPhotoPreview(id: string): string | null {
  const exists = useLiveQuery(async () => (await uploadDb().files.where('id').equals(id).count()) > 0, [id], false);
  const [shown, setShown] = useState<{ id: string; url: string } | null>(null);
  useEffect(() => {
    if (!exists) return;
    let cancelled = false;
    let made: string | null = null;
    void uploadDb()
      .files.get(id)
      .then((file) => {
        if (cancelled || !file) return;
        const url = URL.createObjectURL(new Blob([file.bytes], { type: file.mimeType }));
        made = url;
        setShown({ id, url });
      });
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id, exists]);
  return exists && shown?.id === id ? shown.url : null;
}

import Dexie, { liveQuery } from 'dexie';
import { compareUploadOrder, UPLOAD_CONCURRENCY, UPLOAD_MAX_ATTEMPTS, UPLOAD_TEXT } from '@ridgeline/shared/domain/upload-queue';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { OUTBOX_LOCK, type LockRequest } from '../outbox/lock';
import type { OutboxNetwork } from '../outbox/network';
import { isNetworkFailure, mayPass, retryDelayMs, serverRetryAfterMs } from '../outbox/retry';
import type { SessionSyncGate } from '../session-sync-gate';
import type { UploadDb } from './db';
import type { UploadProgress } from './progress';
import type { HeldPhoto, PhotoCheck, Uploader } from './uploader';
import type { QueuedPhotoRecord } from './types';

// The engine sends the signed-in user's queued photos: at most 8 at once, higher priority first and
// then the newer capture, a failure that may pass (the outboxes' retry rule, outbox/retry.ts) retried
// after its backoff (1 s, then 2 s) and failed after the third attempt, any other refusal failed at
// once (a 413, such as a company whose storage is full: the photo stays on the device, failed, with
// the server's words, until the user retries or removes it). A 429 with Retry-After (an hour's upload quota, the photo limit per
// minute) is the server asking the user's queue to wait: no attempt is counted, the photo waits with
// the server's words, and nothing of the queue is sent before that time. Going offline aborts what
// is in flight and puts it back to pending; coming back online resumes. Photos of a session that
// exists only on this device wait until it syncs. Everything it knows is in IndexedDB, so a new engine
// over the same database (a reload, an app update, a power cut) carries on where the last one stopped,
// but for the percent of each upload in flight: that goes in 5% steps to memory (the injected
// `progress`, progress.ts), which the screens read and which the device's other tabs hear of. The
// database is written only when a photo's status changes, so the screens that watch it (and count
// the queue) are not woken by every step of eight uploads.
//
// A phone often says it is online when nothing gets through (one bar, a captive portal, a cut cable
// upstream). So when an upload fails for want of a network the engine asks the server whether it is
// reachable at all: if not, the photo goes back to pending without an attempt counted, sending pauses,
// and the server is asked again every few seconds (and on the browser's 'online'); only failures
// while the server answers count towards the three attempts.
//
// An upload whose answer never came (a network failure, going offline, a sign-out, a page that died
// with it in flight) may well have reached the server: the photo is marked in doubt, and before its
// bytes go again the engine asks the server whether it already holds it (one light request, the
// injected `check`). A photo it holds is completed as its upload would have been, without sending
// it; one it lacks is sent. The check failing for want of a network is settled as an upload's
// network failure; any other refusal leaves the question to the upload. A shingle identification's
// photo has no such read: it is sent again.
//
// Every change the engine makes runs one after another on one chain, so a result, a retry timer and
// going offline never interleave their reads and writes.

export type EngineDeps = {
  db: UploadDb;
  upload: Uploader;
  /**
   * Asks the server whether it already holds a photo whose last attempt got no answer, before its
   * bytes go again; without it such a photo is simply sent again.
   */
  check?: PhotoCheck;
  /** Where the percent of each upload in flight goes (memory, read by the screens); IndexedDB keeps only statuses. */
  progress?: UploadProgress;
  network: OutboxNetwork;
  gate: () => SessionSyncGate;
  now?: () => number;
  /** Only one tab of the device sends (the others wait their turn). */
  lock?: LockRequest | null;
  /** Called with whether this user has anything in the queue (the shell mounts the panel then). */
  onPresence?: (hasItems: boolean) => void;
  log?: (message: string, error: unknown) => void;
  /** Whether the server answers at all (asked after a network failure); without it every failure counts. */
  probe?: () => Promise<boolean>;
};

export type UploadEngine = {
  /** Sending starts (after the tab's lock when there is one); the same user again is a no-op. */
  start: (userId: string) => void;
  /** Stops sending: what is in flight is aborted and goes back to pending. */
  stop: () => Promise<void>;
  /** Looks at the queue again (after a change the engine did not make itself). */
  kick: () => void;
};

/** Completed photos (and their files) are kept on the device this long, then dropped when an engine starts. */
export const COMPLETED_KEEP_MS = 24 * 60 * 60 * 1000;
/** While photos wait for their session to sync, the gate is asked again this often (ms), in case its news was missed. */
export const HELD_RECHECK_MS = 5000;
/** While the server cannot be reached, it is asked again this often (ms). */
export const UNREACHABLE_RECHECK_MS = 3000;

/** Progress is shown in steps of this many percent. */
const PROGRESS_STEP = 5;

/** The seconds a 429 with Retry-After asks the queue to wait, or null for any other failure. */
function serverWait(error: unknown): number | null {
  return error instanceof ApiError && error.status === 429 && error.retryAfter ? error.retryAfter : null;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Whether a failed upload had the server's answer (a refusal), rather than none. */
function answered(error: unknown): boolean {
  return error instanceof ApiError && error.status > 0;
}

export function createUploadEngine(deps: EngineDeps): UploadEngine {
  const { db, upload, network, progress } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message, error) => console.warn(message, error));

  let userId: string | null = null;
  let active = false;
  let online = network.isOnline();
  let chain: Promise<void> = Promise.resolve();
  let pumpQueued = false;
  let wakeTimer: ReturnType<typeof setTimeout> | null = null;
  let wakeAt = Number.POSITIVE_INFINITY;
  let releaseLock: (() => void) | null = null;
  /** Bumped by every start and stop: a lock granted to an earlier start does nothing. */
  let startToken = 0;
  /** Bumped whenever in-flight uploads are abandoned: their answers then count as aborted. */
  let generation = 0;
  const running = new Map<string, AbortController>();
  const cleanups: (() => void)[] = [];
  let watchedGate: SessionSyncGate | null = null;
  let unwatchGate: (() => void) | null = null;
  /** False after a network failure the server's silence confirmed, until it answers again. */
  let reachable = true;
  let probing: Promise<boolean> | null = null;
  let probeTimer: ReturnType<typeof setTimeout> | null = null;

  /** Asks the server once, however many uploads failed together; false only when it does not answer. */
  function probeServer(): Promise<boolean> {
    if (!deps.probe) return Promise.resolve(true);
    probing ??= deps
      .probe()
      .catch(() => false)
      .then((answered) => {
        probing = null;
        reachable = answered;
        if (answered) {
          if (probeTimer) clearTimeout(probeTimer);
          probeTimer = null;
          kick();
        } else if (active && !probeTimer) {
          probeTimer = setTimeout(() => {
            probeTimer = null;
            void probeServer();
          }, UNREACHABLE_RECHECK_MS);
        }
        return answered;
      });
    return probing;
  }

  /** Listens to the current gate: the local session store may register it after the engine started. */
  function watchGate(): SessionSyncGate {
    const gate = deps.gate();
    if (gate !== watchedGate) {
      unwatchGate?.();
      watchedGate = gate;
      unwatchGate = gate.subscribe(kick);
    }
    return gate;
  }

  function unwatch(): void {
    unwatchGate?.();
    unwatchGate = null;
    watchedGate = null;
  }

  function run(task: () => Promise<void>): Promise<void> {
    chain = chain.then(task).catch((error: unknown) => log('Upload queue step failed', error));
    return chain;
  }

  function kick(): void {
    if (!active || pumpQueued) return;
    pumpQueued = true;
    void run(async () => {
      pumpQueued = false;
      await pump();
    });
  }

  function wakeUpAt(at: number): void {
    if (at >= wakeAt && wakeTimer) return;
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeAt = at;
    wakeTimer = setTimeout(
      () => {
        wakeTimer = null;
        wakeAt = Number.POSITIVE_INFINITY;
        kick();
      },
      Math.max(0, at - now()),
    );
  }

  async function pump(): Promise<void> {
    const user = userId;
    if (!active || !user || !online || !reachable) return;
    const free = UPLOAD_CONCURRENCY - running.size;
    if (free <= 0) return;
    const at = now();
    const pending = await db.photos.where('[userId+status]').equals([user, 'pending']).toArray();
    // The server said to wait (its quotas are the user's, not one photo's): all of the queue waits.
    const heldUntil = Math.max(0, ...pending.filter((p) => p.waitReason).map((p) => p.retryAt));
    if (heldUntil > at) {
      wakeUpAt(heldUntil);
      return;
    }
    const waiting = pending.filter((p) => p.retryAt > at);
    if (waiting.length > 0) wakeUpAt(Math.min(...waiting.map((p) => p.retryAt)));
    const ready = pending
      .filter((p) => p.retryAt <= at && !running.has(p.id))
      .sort((a, b) =>
        compareUploadOrder({ priority: a.priority, capturedAt: a.metadata.timestamp }, { priority: b.priority, capturedAt: b.metadata.timestamp }),
      );
    const gate = watchGate();
    const held = new Map<string, boolean>();
    const chosen: QueuedPhotoRecord[] = [];
    for (const photo of ready) {
      if (chosen.length >= free) break;
      if (!held.has(photo.sessionId)) held.set(photo.sessionId, await gate.isPending(photo.sessionId));
      if (!held.get(photo.sessionId)) chosen.push(photo);
    }
    if ([...held.values()].some(Boolean)) wakeUpAt(now() + HELD_RECHECK_MS);
    if (chosen.length === 0) return;
    const claimed = await db.transaction('rw', db.photos, async () => {
      const out: QueuedPhotoRecord[] = [];
      for (const photo of chosen) {
        if (!active || userId !== user) break;
        const current = await db.photos.get(photo.id);
        if (!current || current.status !== 'pending' || current.userId !== user) continue;
        const next: QueuedPhotoRecord = { ...current, status: 'uploading', progress: 0, lastAttempt: at };
        await db.photos.put(next);
        out.push(next);
      }
      return out;
    });
    // Stopped (signed out, another user) while the queue was read: nothing more leaves the phone;
    // the stop, queued behind this step, puts what was claimed back to pending.
    if (!active || userId !== user) return;
    for (const photo of claimed) send(photo);
  }

  /**
   * Whether the server already holds a photo in doubt. No answer (no network, aborted) fails the
   * attempt as an upload's would; any other answer (a refusal, a timeout) leaves it to the upload.
   */
  async function askHeld(photo: QueuedPhotoRecord, check: PhotoCheck, signal: AbortSignal): Promise<HeldPhoto | null> {
    try {
      return await check(photo, signal);
    } catch (error) {
      if (isNetworkFailure(error) || isAbort(error) || signal.aborted) throw error;
      log('Upload check failed; the photo is sent', error);
      return null;
    }
  }

  function send(photo: QueuedPhotoRecord): void {
    const controller = new AbortController();
    const attempt = generation;
    running.set(photo.id, controller);
    /** Set once the bytes start to go: only then can a failure change whether the photo is in doubt. */
    let sending = false;
    let shown = 0;
    // In memory only (progress.ts): a step writes nothing to IndexedDB, so no screen reads the queue for it.
    progress?.set(photo.id, 0);
    const onProgress = (percent: number) => {
      if (percent - shown < PROGRESS_STEP || attempt !== generation) return;
      shown = percent;
      progress?.set(photo.id, percent);
    };
    const attemptUpload = async (): Promise<{ uploadedPath: string; storedId?: string }> => {
      // The last try got no answer: the server is asked first, and a photo it holds is not sent
      // again. A shingle identification's photo has no such read: it is sent again as before.
      if (photo.inDoubt && !photo.shingle && deps.check) {
        const held = await askHeld(photo, deps.check, controller.signal);
        if (held) return held;
      }
      const file = await db.files.get(photo.id);
      if (!file) throw new ApiError(400, 'VALIDATION_ERROR', 'The photo file is missing on this device.', '');
      sending = true;
      return upload(photo, new Blob([file.bytes], { type: file.mimeType }), { onProgress, signal: controller.signal });
    };
    /** This attempt is over: it leaves what is in flight (unless a later attempt of the same photo took its place). */
    const finished = () => {
      if (running.get(photo.id) === controller) running.delete(photo.id);
    };
    /** Once its status is in the database, its percent leaves memory. */
    const settled = () => {
      if (!running.has(photo.id)) progress?.clear(photo.id);
    };
    attemptUpload().then(
      (result) =>
        run(async () => {
          finished();
          await db.photos
            .where('id')
            .equals(photo.id)
            .modify((p) => {
              p.status = 'completed';
              p.progress = 100;
              p.uploadedPath = result.uploadedPath;
              p.storedId = result.storedId ?? p.id;
              p.completedAt = now();
              p.error = null;
              p.waitReason = null;
              p.inDoubt = false;
            });
          settled();
          kick();
        }),
      async (error: unknown) => {
        // A network failure with the server silent is the network's, not the photo's.
        const cutOff = isNetworkFailure(error) && !controller.signal.aborted && !(await probeServer());
        // Bytes that went without an answer may have reached the server; a failure before they went changes nothing.
        const inDoubt = sending ? !answered(error) : photo.inDoubt === true;
        await run(async () => {
          finished();
          await settleFailure(photo.id, error, cutOff || controller.signal.aborted || attempt !== generation, inDoubt);
          settled();
          kick();
        });
      },
    );
  }

  async function settleFailure(id: string, error: unknown, aborted: boolean, inDoubt: boolean): Promise<void> {
    const photo = await db.photos.get(id);
    if (!photo || photo.status !== 'uploading') return;
    // Aborted (offline, signed out) or lost with the network: not the photo's fault, no attempt counted.
    if (aborted || isAbort(error) || !network.isOnline()) {
      await db.photos.update(id, { status: 'pending', progress: 0, inDoubt });
      return;
    }
    const waitSeconds = serverWait(error);
    if (waitSeconds !== null) {
      const retryAt = now() + waitSeconds * 1000;
      await db.photos.update(id, { status: 'pending', progress: 0, retryAt, waitReason: errorText(error), inDoubt });
      wakeUpAt(retryAt);
      return;
    }
    const retryCount = photo.retryCount + 1;
    const message = UPLOAD_TEXT.failed(errorText(error));
    if (!mayPass(error) || retryCount >= UPLOAD_MAX_ATTEMPTS) {
      await db.photos.update(id, { status: 'failed', progress: 0, retryCount, error: message, waitReason: null, inDoubt });
      return;
    }
    const retryAt = now() + Math.max(retryDelayMs(retryCount), serverRetryAfterMs(error));
    await db.photos.update(id, { status: 'pending', progress: 0, retryCount, retryAt, error: message, waitReason: null, inDoubt });
    wakeUpAt(retryAt);
  }

  /**
   * What is in flight is aborted and goes back to pending (also what a dead page left uploading), in
   * doubt: its answer will never be heard.
   */
  async function requeueUploading(): Promise<void> {
    generation += 1;
    const abandoned = [...running.keys()];
    for (const controller of running.values()) controller.abort();
    running.clear();
    await db.photos.where('status').equals('uploading').modify({ status: 'pending', progress: 0, inDoubt: true });
    for (const id of abandoned) progress?.clear(id);
  }

  async function dropOldCompleted(): Promise<void> {
    const before = now() - COMPLETED_KEEP_MS;
    await db.transaction('rw', db.photos, db.files, async () => {
      const ids = await db.photos
        .where('status')
        .equals('completed')
        .filter((p) => (p.completedAt ?? 0) < before)
        .primaryKeys();
      await db.files.bulkDelete(ids);
      await db.photos.bulkDelete(ids);
    });
  }

  function begin(user: string): void {
    active = true;
    online = network.isOnline();
    // A new start assumes the server answers (an earlier engine's late probe must not hold it back).
    reachable = true;
    cleanups.push(
      network.subscribe((next) => {
        online = next;
        if (!next) void run(requeueUploading);
        else if (!reachable) void probeServer();
        else kick();
      }),
    );
    watchGate();
    cleanups.push(unwatch);
    // Anything queued, retried or prioritised (by this tab or another) wakes the engine.
    const pendingCount = liveQuery(() => db.photos.where('[userId+status]').equals([user, 'pending']).count());
    const pendingSub = pendingCount.subscribe({ next: () => kick(), error: (error: unknown) => log('Upload queue watch failed', error) });
    cleanups.push(() => pendingSub.unsubscribe());
    if (deps.onPresence) {
      const onPresence = deps.onPresence;
      const presence = liveQuery(() => db.photos.where('[userId+status]').between([user, Dexie.minKey], [user, Dexie.maxKey]).count());
      const presenceSub = presence.subscribe({ next: (count) => onPresence(count > 0), error: (error: unknown) => log('Upload queue watch failed', error) });
      cleanups.push(() => {
        presenceSub.unsubscribe();
        onPresence(false);
      });
    }
    void run(async () => {
      await requeueUploading();
      await dropOldCompleted();
    });
    kick();
  }

  function start(user: string): void {
    if (userId === user) return;
    if (userId) void stop();
    userId = user;
    const token = ++startToken;
    if (!deps.lock) {
      begin(user);
      return;
    }
    void deps
      .lock(OUTBOX_LOCK.uploads, () => {
        if (token !== startToken) return Promise.resolve();
        begin(user);
        return new Promise<void>((resolve) => {
          releaseLock = resolve;
        });
      })
      .catch((error: unknown) => log('Upload queue lock failed', error));
  }

  async function stop(): Promise<void> {
    startToken += 1;
    userId = null;
    active = false;
    for (const cleanup of cleanups.splice(0)) cleanup();
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeTimer = null;
    wakeAt = Number.POSITIVE_INFINITY;
    if (probeTimer) clearTimeout(probeTimer);
    probeTimer = null;
    reachable = true;
    await run(requeueUploading);
    releaseLock?.();
    releaseLock = null;
  }

  return { start, stop, kick };
}

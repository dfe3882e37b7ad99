import { openUploadDb, type UploadDb } from './db';
import type { SessionSyncGate } from '../session-sync-gate';
import type { QueuedPhotoMetadata, QueuedPhotoRecord } from './types';
import type { PhotoCheck, Uploader } from './uploader';

// Fakes for the upload queue's tests: a database of its own per test, an uploader and a check (does
// the server hold this photo?) whose every call the test answers, a network the test turns off and
// on, and a session gate.

let dbCounter = 0;
export function freshDb(): UploadDb {
  dbCounter += 1;
  return openUploadDb(`ridgeline-uploads-test-${dbCounter}-${Math.random().toString(36).slice(2)}`);
}

/** Lets IndexedDB (fake-indexeddb answers on setImmediate) and promise chains run until `check` holds. */
export async function until(check: () => boolean | Promise<boolean>, what = 'condition'): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (await check()) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error(`Never happened: ${what}`);
}

/** Lets every queued IndexedDB step and promise run (nothing is expected to change). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 60; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export type FakeCall = {
  id: string;
  record: QueuedPhotoRecord;
  file: Blob;
  signal: AbortSignal;
  progress: (percent: number) => void;
  /** Answers the upload: the stored path and, when given, the id the server keeps the photo under. */
  succeed: (path?: string, storedId?: string) => void;
  fail: (error: unknown) => void;
};

export function fakeUploader(): { upload: Uploader; calls: FakeCall[]; inFlight: () => FakeCall[] } {
  const calls: FakeCall[] = [];
  const settled = new Set<FakeCall>();
  const upload: Uploader = (record, file, { onProgress, signal }) =>
    new Promise((resolve, reject) => {
      const call: FakeCall = {
        id: record.id,
        record,
        file,
        signal,
        progress: onProgress,
        succeed: (path = `${record.sessionId}/${record.metadata.category}/general/${record.id}_1.jpg`, storedId?: string) => {
          settled.add(call);
          resolve(storedId === undefined ? { uploadedPath: path } : { uploadedPath: path, storedId });
        },
        fail: (error) => {
          settled.add(call);
          reject(error);
        },
      };
      signal.addEventListener('abort', () => {
        settled.add(call);
        reject(new DOMException('Upload aborted', 'AbortError'));
      });
      calls.push(call);
    });
  return { upload, calls, inFlight: () => calls.filter((c) => !settled.has(c) && !c.signal.aborted) };
}

export type FakeCheckCall = {
  id: string;
  record: QueuedPhotoRecord;
  signal: AbortSignal;
  /** The server holds it: at this path (its default path unless told), under this id (its own unless told). */
  held: (path?: string, storedId?: string) => void;
  /** The server holds no such photo (404). */
  missing: () => void;
  fail: (error: unknown) => void;
};

export function fakeCheck(): { check: PhotoCheck; calls: FakeCheckCall[] } {
  const calls: FakeCheckCall[] = [];
  const check: PhotoCheck = (record, signal) =>
    new Promise((resolve, reject) => {
      calls.push({
        id: record.id,
        record,
        signal,
        held: (path = `${record.sessionId}/${record.metadata.category}/general/${record.id}_1.jpg`, storedId = record.id) =>
          resolve({ uploadedPath: path, storedId }),
        missing: () => resolve(null),
        fail: reject,
      });
      signal.addEventListener('abort', () => reject(new DOMException('Check aborted', 'AbortError')));
    });
  return { check, calls };
}

export { fakeNetwork } from '../outbox/test-helpers';

export function fakeGate(pendingSessions: string[] = []): SessionSyncGate & { sync: (sessionId: string) => void } {
  const pending = new Set(pendingSessions);
  const listeners = new Set<() => void>();
  return {
    isPending: async (sessionId) => pending.has(sessionId),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sync(sessionId) {
      pending.delete(sessionId);
      for (const listener of listeners) listener();
    },
  };
}

export const SESSION_A = '11111111-1111-4111-8111-111111111111';
export const SESSION_B = '22222222-2222-4222-8222-222222222222';

export function metadata(overrides: Partial<QueuedPhotoMetadata> = {}): QueuedPhotoMetadata {
  return {
    category: 'roof',
    subcategory: null,
    phase: 'overview',
    photoType: null,
    notes: null,
    structureId: null,
    gpsCoords: null,
    timestamp: 1_700_000_000_000,
    ...overrides,
  };
}

export function jpeg(label: string): Blob {
  return new Blob([new Uint8Array([0xff, 0xd8, 0xff, ...new TextEncoder().encode(label)])], { type: 'image/jpeg' });
}

/** The item at `index`, failing the test when there is none. */
export function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`No item at ${index} (of ${items.length})`);
  return item;
}

export function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('Missing value');
  return value;
}

import { createHash, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { InspectionSession } from '@ridgeline/shared/contracts/inspections';
import type { PhotoList } from '@ridgeline/shared/contracts/photos';
import { ORIGIN_HEADERS } from './flows';

// The photo upload queue as the specs drive it: photos made and put in the page's queue as a capture
// screen leaves them, the session they belong to, and what the server then holds.

export type TestPhoto = { name: string; mimeType: 'image/jpeg'; buffer: Buffer; sha256: string };

/** Real JPEGs, each a colour of its own (`first` shifts the colours, for photos different from an earlier set). */
export async function makePhotos(count: number, first = 0): Promise<TestPhoto[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: (40 + (first + index) * 60) % 256, g: 90, b: 140 } } })
        .jpeg({ quality: 80 })
        .toBuffer();
      return { name: `queue-${first + index + 1}.jpg`, mimeType: 'image/jpeg' as const, buffer, sha256: createHash('sha256').update(buffer).digest('hex') };
    }),
  );
}

export async function createSession(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id: randomUUID(),
      fields: {
        street: '8 Upload Lane',
        city: 'Denver',
        state: 'CO',
        zip: '80202',
        structures: [{ id: 'main', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [] }],
      },
      editedAt: new Date().toISOString(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as InspectionSession).id;
}

export async function serverPhotos(request: APIRequestContext, sessionId: string): Promise<PhotoList['photos']> {
  const response = await request.get(`/api/inspections/${sessionId}/photos`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as PhotoList).photos;
}

/** The signed-in user's id, as the session says. */
export async function userId(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/get-session');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/**
 * Puts photos in the page's upload queue (IndexedDB 'ridgeline-uploads') as a capture screen would
 * have left them: pending, with their bytes, SHA-256 and metadata. The queue reads them on the next
 * visit, which is what the test then makes (a reload). (The capture screens are built in parallel;
 * this keeps the test to the queue and its panel.)
 */
export async function seedQueue(page: Page, owner: string, sessionId: string, photos: TestPhoto[]): Promise<void> {
  const items = photos.map((photo, index) => ({
    id: randomUUID(),
    fileName: photo.name,
    sha256: photo.sha256,
    base64: photo.buffer.toString('base64'),
    timestamp: Date.now() - index * 1000,
  }));
  const record = (item: (typeof items)[number]) => ({
    id: item.id,
    userId: owner,
    sessionId,
    mimeType: 'image/jpeg',
    fileName: item.fileName,
    sha256: item.sha256,
    priority: 1,
    status: 'pending',
    progress: 0,
    retryCount: 0,
    lastAttempt: null,
    retryAt: 0,
    uploadedPath: null,
    completedAt: null,
    error: null,
    metadata: {
      category: 'roof',
      subcategory: null,
      phase: 'roof',
      photoType: null,
      notes: null,
      structureId: null,
      gpsCoords: null,
      timestamp: item.timestamp,
    },
    createdAt: Date.now(),
  });
  const rows = items.map((item) => ({ record: record(item), base64: item.base64 }));
  // The page's scripts are strings: this workspace is typed for Node, not the DOM.
  await page.evaluate(`(async (rows) => {
    // The queue's schema as Dexie makes it (its version 1 is IndexedDB's 10), for a device whose
    // queue was never opened before.
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('ridgeline-uploads', 10);
      open.onupgradeneeded = () => {
        const photos = open.result.createObjectStore('photos', { keyPath: 'id' });
        photos.createIndex('status', 'status');
        photos.createIndex('[userId+status]', ['userId', 'status']);
        photos.createIndex('[userId+sessionId]', ['userId', 'sessionId']);
        open.result.createObjectStore('files', { keyPath: 'id' });
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction(['photos', 'files'], 'readwrite');
    for (const row of rows) {
      const bytes = Uint8Array.from(atob(row.base64), (c) => c.charCodeAt(0)).buffer;
      tx.objectStore('files').put({ id: row.record.id, bytes, mimeType: 'image/jpeg' });
      tx.objectStore('photos').put(row.record);
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  })(${JSON.stringify(rows)})`);
}

type QueuedRecord = { id: string; status: string; retryCount: number; error: string | null; waitReason?: string | null };

/** What the page's queue holds: its photos' records, and how many files it keeps. */
export async function queue(page: Page): Promise<{ records: QueuedRecord[]; files: number }> {
  // The page's scripts are strings: this workspace is typed for Node, not the DOM.
  return page.evaluate(`(async () => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('ridgeline-uploads');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = (store) => new Promise((resolve, reject) => {
      const request = db.transaction(store).objectStore(store).getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const [records, files] = [await all('photos'), await all('files')];
    db.close();
    return { records, files: files.length };
  })()`);
}

export const PHOTO_UPLOADS = /\/api\/inspections\/[^/]+\/photos\/[^/?]+/;
export const panel = (page: Page) => page.getByTestId('upload-panel');

import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, json, sent } from '../../test/fake-server';
import { openUploadDb } from './db';
import { enqueuePhotos, prioritisePhase, useQueuedPhotos } from './index';
import { UPLOAD_PROGRESS_CHANNEL } from './progress';
import * as store from './store';
import { uploadQueuePresence, uploadQueueUser } from './presence';
import { jpeg, metadata, SESSION_A } from './test-helpers';

// The public API over the real engine, the XHR uploader and the fake API server: what a capture
// screen does when the first photo is queued on a device.

const db = openUploadDb();
const USER = 'u-alice';

afterEach(() => {
  // Signing out stops the engine.
  uploadQueueUser.set(null);
});

describe('the upload queue', () => {
  it('the first photo queued by the signed-in user starts sending; the server’s path is kept', async () => {
    answer('PUT /api/inspections/:sessionId/photos/:photoId', (request) => {
      const photoId = request.url.pathname.split('/').pop() ?? '';
      return json({ photo: { filePath: `${SESSION_A}/roof/overview/${photoId}_1.jpg` }, duplicate: false }, { status: 201 });
    });
    uploadQueueUser.set(USER);
    const [id] = await enqueuePhotos(USER, [{ file: jpeg('first'), fileName: 'first.jpg', sessionId: SESSION_A, metadata: metadata() }]);
    await waitFor(async () =>
      expect(await db.photos.get(id ?? '')).toMatchObject({ status: 'completed', progress: 100, uploadedPath: `${SESSION_A}/roof/overview/${id}_1.jpg` }),
    );
    const [request] = sent().filter((r) => r.method === 'PUT');
    expect(request?.url.pathname).toBe(`/api/inspections/${SESSION_A}/photos/${id}`);
    expect(request?.url.searchParams.get('sha256')).toMatch(/^[0-9a-f]{64}$/);
    expect(request?.headers.get('Content-Type')).toBe('image/jpeg');
    await waitFor(() => expect(uploadQueuePresence.get()).toBe(true));
  });

  it('photos queued for someone who is not the signed-in user wait; prioritising changes only their order', async () => {
    uploadQueueUser.set('u-bob');
    const [id] = await enqueuePhotos(USER, [{ file: jpeg('waits'), fileName: 'waits.jpg', sessionId: SESSION_A, metadata: metadata({ phase: 'roof' }) }]);
    await prioritisePhase(USER, SESSION_A, 'roof');
    expect(await db.photos.get(id ?? '')).toMatchObject({ status: 'pending', priority: 10 });
    expect(sent()).toHaveLength(0);
  });

  it('a screen shows the percent of an upload in flight from memory, here sent by the tab that uploads', async () => {
    uploadQueueUser.set('u-carol');
    const [id] = await store.enqueue(db, 'u-carol', [{ file: jpeg('shown'), fileName: 'shown.jpg', sessionId: SESSION_A, metadata: metadata() }]);
    await db.photos.update(id ?? '', { status: 'uploading' });
    const { result } = renderHook(() => useQueuedPhotos({ sessionId: SESSION_A }));
    await waitFor(() => expect(result.current.find((p) => p.id === id)).toMatchObject({ status: 'uploading', progress: 0 }));
    const otherTab = new BroadcastChannel(UPLOAD_PROGRESS_CHANNEL);
    try {
      otherTab.postMessage({ id, percent: 40 });
      await waitFor(() => expect(result.current.find((p) => p.id === id)?.progress).toBe(40));
      // IndexedDB was not written: the percent is the other tab's, in memory.
      expect((await db.photos.get(id ?? ''))?.progress).toBe(0);
      otherTab.postMessage({ id, percent: null });
      await waitFor(() => expect(result.current.find((p) => p.id === id)?.progress).toBe(0));
    } finally {
      otherTab.close();
    }
  });
});

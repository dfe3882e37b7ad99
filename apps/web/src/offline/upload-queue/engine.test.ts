import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHASE_UPLOAD_PRIORITY } from '@ridgeline/shared/domain/upload-queue';
import { ApiError } from '../../lib/api-client';
import type { UploadDb } from './db';
import { createUploadEngine, type UploadEngine } from './engine';
import { readBytes } from './hash';
import { createUploadProgress } from './progress';
import * as store from './store';
import { must, nth, fakeCheck, fakeGate, fakeNetwork, fakeUploader, freshDb, jpeg, metadata, SESSION_A, SESSION_B, settle, until } from './test-helpers';
import type { EnqueuePhotoInput } from './types';

const USER = 'user-1';
const OTHER_USER = 'user-2';

let db: UploadDb;
let engines: UploadEngine[] = [];

beforeEach(() => {
  // Only the timers the engine waits on are fake: fake-indexeddb answers on setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-06-01T12:00:00Z'));
  db = freshDb();
  engines = [];
});

afterEach(async () => {
  for (const engine of engines) await engine.stop();
  db.close();
  vi.useRealTimers();
});

function engineWith(deps: Partial<Parameters<typeof createUploadEngine>[0]> & Pick<Parameters<typeof createUploadEngine>[0], 'upload'>) {
  const engine = createUploadEngine({ db, network: fakeNetwork(), gate: () => fakeGate(), log: () => undefined, ...deps });
  engines.push(engine);
  return engine;
}

function photo(label: string, extra: { timestamp?: number; priority?: number; sessionId?: string; phase?: 'overview' | 'roof' } = {}): EnqueuePhotoInput {
  return {
    file: jpeg(label),
    fileName: `${label}.jpg`,
    sessionId: extra.sessionId ?? SESSION_A,
    metadata: metadata({ timestamp: extra.timestamp ?? 1_700_000_000_000, phase: extra.phase ?? 'overview' }),
    priority: extra.priority,
  };
}

const status = async (id: string) => (await db.photos.get(id))?.status;

describe('the upload engine', () => {
  it('sends at most 8 at once, higher priority first, then the newer capture', async () => {
    const ids = await store.enqueue(db, USER, [
      ...Array.from({ length: 10 }, (_, i) => photo(`p${i}`, { timestamp: 1_000 + i })),
      photo('urgent-old', { timestamp: 10, priority: 10 }),
      photo('urgent-new', { timestamp: 20, priority: 10 }),
    ]);
    const fake = fakeUploader();
    engineWith({ upload: fake.upload }).start(USER);
    await until(() => fake.calls.length === 8, '8 uploads started');
    await settle();
    expect(fake.calls).toHaveLength(8);
    const byLabel = (name: string) => ids[['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'urgent-old', 'urgent-new'].indexOf(name)];
    expect(fake.calls.map((c) => c.record.fileName)).toEqual(['urgent-new.jpg', 'urgent-old.jpg', 'p9.jpg', 'p8.jpg', 'p7.jpg', 'p6.jpg', 'p5.jpg', 'p4.jpg']);
    expect(await db.photos.where('status').equals('uploading').count()).toBe(8);

    // One finishes: the next in order (p3) takes its place, never a ninth at once.
    nth(fake.calls, 0).succeed();
    await until(() => fake.calls.length === 9, 'the ninth upload');
    await settle();
    expect(nth(fake.calls, 8).record.fileName).toBe('p3.jpg');
    expect(fake.inFlight()).toHaveLength(8);
    const done = await db.photos.get(must(byLabel('urgent-new')));
    expect(done).toMatchObject({ status: 'completed', progress: 100, uploadedPath: `${SESSION_A}/roof/general/${byLabel('urgent-new')}_1.jpg` });
  });

  it('keeps the id the server holds each photo under: its own, or the photo it already had with the same bytes for that shot', async () => {
    const [own, again] = await store.enqueue(db, USER, [photo('own'), photo('again')]);
    const fake = fakeUploader();
    engineWith({ upload: fake.upload }).start(USER);
    await until(() => fake.calls.length === 2);
    const stored = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    fake.calls.find((c) => c.id === own)?.succeed();
    fake.calls.find((c) => c.id === again)?.succeed('the/stored/path.jpg', stored);
    await until(async () => (await status(must(again))) === 'completed' && (await status(must(own))) === 'completed');
    expect(await db.photos.get(must(own))).toMatchObject({ storedId: own });
    expect(await db.photos.get(must(again))).toMatchObject({ storedId: stored, uploadedPath: 'the/stored/path.jpg' });
    const views = await store.listSession(db, USER, SESSION_A);
    expect(views.map((v) => v.storedId).sort()).toEqual([own, stored].sort());
  });

  it('a failed photo given up leaves the device with its file; nothing else can be discarded', async () => {
    const [failed, waiting] = await store.enqueue(db, USER, [photo('refused'), photo('waiting')]);
    await db.photos.update(must(failed), { status: 'failed', error: 'Failed to upload photo: This photo is already used for Front of house.' });
    expect(await store.discardFailed(db, OTHER_USER, must(failed))).toBe(false);
    expect(await store.discardFailed(db, USER, must(waiting))).toBe(false);
    expect(await store.discardFailed(db, USER, must(failed))).toBe(true);
    expect(await db.photos.get(must(failed))).toBeUndefined();
    expect(await db.files.get(must(failed))).toBeUndefined();
    expect(await db.photos.get(must(waiting))).toMatchObject({ status: 'pending' });
  });

  it('sends the bytes it stored, with the SHA-256 computed when queued', async () => {
    const [id] = await store.enqueue(db, USER, [photo('abc')]);
    const fake = fakeUploader();
    engineWith({ upload: fake.upload }).start(USER);
    await until(() => fake.calls.length === 1);
    const sent = new Uint8Array(await readBytes(nth(fake.calls, 0).file));
    expect(Array.from(sent)).toEqual([0xff, 0xd8, 0xff, 97, 98, 99]);
    expect(nth(fake.calls, 0).file.type).toBe('image/jpeg');
    const record = await db.photos.get(must(id));
    // sha256 of ff d8 ff 61 62 63
    const expected = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', sent)), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(record?.sha256).toBe(expected);
    expect(record?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps the upload progress in memory, in 5% steps, and writes IndexedDB only when the status changes', async () => {
    const [id] = await store.enqueue(db, USER, [photo('a')]);
    const fake = fakeUploader();
    const progress = createUploadProgress();
    const seen: (number | undefined)[] = [];
    progress.subscribe(() => seen.push(progress.get(must(id))));
    engineWith({ upload: fake.upload, progress }).start(USER);
    await until(() => fake.calls.length === 1);
    await until(async () => (await status(must(id))) === 'uploading');
    let writes = 0;
    const counting = () => void (writes += 1);
    db.photos.hook('updating', counting);
    const call = nth(fake.calls, 0);
    for (const percent of [3, 42, 44, 47, 99]) call.progress(percent);
    expect(progress.get(must(id))).toBe(99);
    expect(seen).toEqual([0, 42, 47, 99]);
    await settle();
    expect(writes).toBe(0);
    expect(await db.photos.get(must(id))).toMatchObject({ status: 'uploading', progress: 0 });
    call.succeed();
    await until(async () => (await status(must(id))) === 'completed');
    db.photos.hook('updating').unsubscribe(counting);
    expect(writes).toBe(1);
    expect(await db.photos.get(must(id))).toMatchObject({ progress: 100 });
    // Once its status is in the database, its percent leaves memory.
    expect(progress.get(must(id))).toBeUndefined();
  });

  it('forgets the percent of an upload that failed or was aborted', async () => {
    const [a, b] = await store.enqueue(db, USER, [photo('a'), photo('b')]);
    const fake = fakeUploader();
    const network = fakeNetwork();
    const progress = createUploadProgress();
    engineWith({ upload: fake.upload, network, progress }).start(USER);
    await until(() => fake.calls.length === 2);
    for (const call of fake.calls) call.progress(50);
    expect([progress.get(must(a)), progress.get(must(b))]).toEqual([50, 50]);
    fake.calls.find((c) => c.id === a)?.fail(new ApiError(503, 'SERVER_ERROR', 'Busy', 'r'));
    await until(() => progress.get(must(a)) === undefined, 'a forgotten after its failure');
    expect(progress.get(must(b))).toBe(50);
    network.set(false);
    await until(() => progress.get(must(b)) === undefined, 'b forgotten once aborted');
    expect(await status(must(b))).toBe('pending');
  });

  it('retries a transient failure after 1 s, then 2 s, and fails it after the third attempt with the message', async () => {
    const [id] = await store.enqueue(db, USER, [photo('a')]);
    const fake = fakeUploader();
    engineWith({ upload: fake.upload }).start(USER);
    await until(() => fake.calls.length === 1);

    nth(fake.calls, 0).fail(new ApiError(503, 'SERVER_ERROR', 'Storage is busy', 'req-1'));
    await until(async () => (await db.photos.get(must(id)))?.retryCount === 1, 'first failure counted');
    expect(await status(must(id))).toBe('pending');
    await vi.advanceTimersByTimeAsync(999);
    await settle();
    expect(fake.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => fake.calls.length === 2, 'second attempt at 1 s');

    nth(fake.calls, 1).fail(new ApiError(0, 'NETWORK_ERROR', 'Network error. Please check your connection and try again.', 'req-2'));
    await until(async () => (await db.photos.get(must(id)))?.retryCount === 2, 'second failure counted');
    await vi.advanceTimersByTimeAsync(1999);
    await settle();
    expect(fake.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => fake.calls.length === 3, 'third attempt at 2 s');

    nth(fake.calls, 2).fail(new ApiError(500, 'SERVER_ERROR', 'Storage is busy', 'req-3'));
    await until(async () => (await status(must(id))) === 'failed', 'failed after 3');
    expect(await db.photos.get(must(id))).toMatchObject({ status: 'failed', retryCount: 3, error: 'Failed to upload photo: Storage is busy' });
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(fake.calls).toHaveLength(3);
  });

  it('fails a refusal that a retry cannot fix at once (415), with the server message', async () => {
    const [id] = await store.enqueue(db, USER, [photo('a')]);
    const fake = fakeUploader();
    engineWith({ upload: fake.upload }).start(USER);
    await until(() => fake.calls.length === 1);
    nth(fake.calls, 0).fail(new ApiError(415, 'HEIC_NOT_SUPPORTED', 'Set the camera to Most Compatible', 'req-1'));
    await until(async () => (await status(must(id))) === 'failed');
    expect(await db.photos.get(must(id))).toMatchObject({ retryCount: 1, error: 'Failed to upload photo: Set the camera to Most Compatible' });
    await vi.advanceTimersByTimeAsync(10_000);
    await settle();
    expect(fake.calls).toHaveLength(1);
  });

  it("a 429 with Retry-After (an hour's upload quota) counts no attempt: the photo waits with the server's words, nothing of the queue goes before then, and then all of it is sent", async () => {
    const QUOTA = 'Your uploads this hour have reached the limit of 5 GB per person. Uploads can continue in 20 minutes.';
    const ids = await store.enqueue(db, USER, [photo('a', { timestamp: 30 }), photo('b', { timestamp: 20 }), photo('c', { timestamp: 10 })]);
    const fake = fakeUploader();
    const engine = engineWith({ upload: fake.upload });
    engine.start(USER);
    await until(() => fake.calls.length === 3);
    nth(fake.calls, 0).fail(new ApiError(429, 'UPLOAD_QUOTA_EXCEEDED', QUOTA, 'r', 1200));
    nth(fake.calls, 1).succeed();
    await until(async () => (await db.photos.get(nth(ids, 0)))?.waitReason === QUOTA);
    expect(await db.photos.get(nth(ids, 0))).toMatchObject({ status: 'pending', retryCount: 0, error: null, waitReason: QUOTA });
    expect((await store.listSession(db, USER, SESSION_A)).find((view) => view.id === nth(ids, 0))?.waitReason).toBe(QUOTA);
    // The third answers 429 too; a photo queued meanwhile waits with them, whatever it is.
    nth(fake.calls, 2).fail(new ApiError(429, 'UPLOAD_QUOTA_EXCEEDED', QUOTA, 'r', 1200));
    await until(async () => (await db.photos.get(nth(ids, 2)))?.waitReason === QUOTA);
    const [later] = await store.enqueue(db, USER, [photo('later', { timestamp: 40 })]);
    engine.kick();
    await vi.advanceTimersByTimeAsync(20 * 60_000 - 1000);
    await settle();
    expect(fake.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1000);
    await until(() => fake.calls.length === 6, 'all sent once the wait is over');
    expect(new Set(fake.calls.slice(3).map((call) => call.id))).toEqual(new Set([nth(ids, 0), nth(ids, 2), must(later)]));
    for (const call of fake.calls.slice(3)) call.succeed();
    await until(async () => (await db.photos.where('status').equals('completed').count()) === 4);
    expect(await db.photos.get(nth(ids, 0))).toMatchObject({ retryCount: 0, waitReason: null });
  });

  it('a 413 of a full company fails the photo at once with the server words; it stays on the device, with its file, and is not sent again by itself', async () => {
    const FULL = "Your company's storage is full: it keeps at most 500 GB of files and photos. Delete what it no longer needs to make room for this upload.";
    const [id] = await store.enqueue(db, USER, [photo('a')]);
    const fake = fakeUploader();
    engineWith({ upload: fake.upload }).start(USER);
    await until(() => fake.calls.length === 1);
    nth(fake.calls, 0).fail(new ApiError(413, 'STORAGE_FULL', FULL, 'r'));
    await until(async () => (await status(must(id))) === 'failed');
    expect(await db.photos.get(must(id))).toMatchObject({ status: 'failed', retryCount: 1, error: `Failed to upload photo: ${FULL}`, waitReason: null });
    expect(await db.files.get(must(id))).toBeDefined();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    await settle();
    expect(fake.calls).toHaveLength(1);
    expect(await db.files.get(must(id))).toBeDefined();
  });

  it('going offline aborts what is in flight and puts it back to pending; online resumes', async () => {
    const ids = await store.enqueue(db, USER, [photo('a'), photo('b'), photo('c')]);
    const fake = fakeUploader();
    const network = fakeNetwork();
    engineWith({ upload: fake.upload, network }).start(USER);
    await until(() => fake.calls.length === 3);
    await until(async () => (await db.photos.where('status').equals('uploading').count()) === 3);

    network.set(false);
    await until(async () => (await db.photos.where('status').equals('pending').count()) === 3, 'back to pending');
    expect(fake.calls.every((c) => c.signal.aborted)).toBe(true);
    for (const id of ids) expect(await db.photos.get(id)).toMatchObject({ status: 'pending', retryCount: 0, progress: 0 });
    await vi.advanceTimersByTimeAsync(5000);
    await settle();
    expect(fake.calls).toHaveLength(3);

    network.set(true);
    await until(() => fake.calls.length === 6, 'resumed');
    for (const call of fake.calls.slice(3)) call.succeed();
    await until(async () => (await db.photos.where('status').equals('completed').count()) === 3);
  });

  describe('a photo whose last try got no answer', () => {
    /** Queues one photo, starts its upload and cuts the network under it: the photo is pending, in doubt. */
    async function cutWhileUploading(extra: Partial<EnqueuePhotoInput> = {}) {
      const [id] = await store.enqueue(db, USER, [{ ...photo('a'), ...extra }]);
      const fake = fakeUploader();
      const checks = fakeCheck();
      const network = fakeNetwork();
      engineWith({ upload: fake.upload, check: checks.check, network }).start(USER);
      await until(() => fake.calls.length === 1, 'first upload');
      network.set(false);
      await until(async () => (await db.photos.get(must(id)))?.inDoubt === true, 'in doubt after the cut');
      expect(await db.photos.get(must(id))).toMatchObject({ status: 'pending', retryCount: 0 });
      return { id: must(id), fake, checks, network };
    }

    it('is completed without a second upload when the server already holds it', async () => {
      const { id, fake, checks, network } = await cutWhileUploading();
      network.set(true);
      await until(() => checks.calls.length === 1, 'the server asked');
      expect(nth(checks.calls, 0).id).toBe(id);
      nth(checks.calls, 0).held('the/held/path.jpg', id);
      await until(async () => (await status(id)) === 'completed', 'completed from the check');
      expect(await db.photos.get(id)).toMatchObject({
        status: 'completed',
        progress: 100,
        uploadedPath: 'the/held/path.jpg',
        storedId: id,
        inDoubt: false,
        retryCount: 0,
      });
      await settle();
      expect(fake.calls).toHaveLength(1);
    });

    it('is uploaded again when the server does not hold it', async () => {
      const { id, fake, checks, network } = await cutWhileUploading();
      network.set(true);
      await until(() => checks.calls.length === 1, 'the server asked');
      nth(checks.calls, 0).missing();
      await until(() => fake.calls.length === 2, 'sent again');
      expect(nth(fake.calls, 1).id).toBe(id);
      nth(fake.calls, 1).succeed();
      await until(async () => (await status(id)) === 'completed');
      expect(await db.photos.get(id)).toMatchObject({ inDoubt: false, uploadedPath: `${SESSION_A}/roof/general/${id}_1.jpg` });
      expect(checks.calls).toHaveLength(1);
    });

    it('stays pending, in doubt, with no attempt counted when the check gets no answer; the next try asks again', async () => {
      const [id] = await store.enqueue(db, USER, [photo('a')]);
      const fake = fakeUploader();
      const checks = fakeCheck();
      let answers = true;
      engineWith({ upload: fake.upload, check: checks.check, probe: () => Promise.resolve(answers) }).start(USER);
      await until(() => fake.calls.length === 1, 'first upload');
      // The upload fails with no answer while the server still answers: an attempt, and in doubt.
      nth(fake.calls, 0).fail(new ApiError(0, 'NETWORK_ERROR', 'Network error', 'r'));
      await until(async () => (await db.photos.get(must(id)))?.retryCount === 1, 'first failure counted');
      expect(await db.photos.get(must(id))).toMatchObject({ status: 'pending', inDoubt: true });
      await vi.advanceTimersByTimeAsync(1000);
      await until(() => checks.calls.length === 1, 'the server asked before sending again');
      // Now the network is gone: the check fails with no answer and the server is silent.
      answers = false;
      nth(checks.calls, 0).fail(new ApiError(0, 'NETWORK_ERROR', 'Network error', 'r'));
      await until(async () => (await status(must(id))) === 'pending', 'back to pending');
      expect(await db.photos.get(must(id))).toMatchObject({ status: 'pending', retryCount: 1, inDoubt: true, error: 'Failed to upload photo: Network error' });
      await vi.advanceTimersByTimeAsync(10_000);
      await settle();
      expect(fake.calls).toHaveLength(1);
      expect(checks.calls).toHaveLength(1);
      // The server answers again: it is asked again, not sent the bytes blindly.
      answers = true;
      await vi.advanceTimersByTimeAsync(3_000);
      await until(() => checks.calls.length === 2, 'asked again once the server answers');
      nth(checks.calls, 1).held();
      await until(async () => (await status(must(id))) === 'completed');
      expect(fake.calls).toHaveLength(1);
    });

    it('is asked about when a dead page left it uploading', async () => {
      const [id] = await store.enqueue(db, USER, [photo('a')]);
      const first = fakeUploader();
      createUploadEngine({ db, upload: first.upload, network: fakeNetwork(), gate: () => fakeGate(), log: () => undefined }).start(USER);
      await until(async () => (await status(must(id))) === 'uploading');
      const reopened = await import('./db').then((m) => m.openUploadDb(db.name));
      const second = fakeUploader();
      const checks = fakeCheck();
      const engine = createUploadEngine({
        db: reopened,
        upload: second.upload,
        check: checks.check,
        network: fakeNetwork(),
        gate: () => fakeGate(),
        log: () => undefined,
      });
      engines.push(engine);
      engine.start(USER);
      await until(() => checks.calls.length === 1, 'the server asked after the reload');
      nth(checks.calls, 0).held();
      await until(async () => (await reopened.photos.get(must(id)))?.status === 'completed');
      await settle();
      expect(second.calls).toHaveLength(0);
    });

    it('is sent when the check is refused for another reason (the upload has the last word)', async () => {
      const { id, fake, checks, network } = await cutWhileUploading();
      network.set(true);
      await until(() => checks.calls.length === 1, 'the server asked');
      nth(checks.calls, 0).fail(new ApiError(503, 'SERVER_ERROR', 'Busy', 'r'));
      await until(() => fake.calls.length === 2, 'sent');
      nth(fake.calls, 1).fail(new ApiError(503, 'SERVER_ERROR', 'Busy', 'r'));
      // The upload had its answer: no longer in doubt.
      await until(async () => (await db.photos.get(id))?.retryCount === 1);
      expect(await db.photos.get(id)).toMatchObject({ status: 'pending', inDoubt: false });
    });

    it("a shingle identification's photo is sent again without asking (it has no such read)", async () => {
      const { id, fake, checks, network } = await cutWhileUploading({ shingle: { kind: 'release_tape' } });
      network.set(true);
      await until(() => fake.calls.length === 2, 'sent again');
      expect(nth(fake.calls, 1).id).toBe(id);
      expect(checks.calls).toHaveLength(0);
    });

    it('a photo never tried, or refused with an answer, is sent without asking', async () => {
      const [id] = await store.enqueue(db, USER, [photo('a')]);
      const fake = fakeUploader();
      const checks = fakeCheck();
      engineWith({ upload: fake.upload, check: checks.check }).start(USER);
      await until(() => fake.calls.length === 1);
      nth(fake.calls, 0).fail(new ApiError(503, 'SERVER_ERROR', 'Busy', 'r'));
      await until(async () => (await db.photos.get(must(id)))?.retryCount === 1);
      await vi.advanceTimersByTimeAsync(1000);
      await until(() => fake.calls.length === 2, 'sent again');
      expect(checks.calls).toHaveLength(0);
    });
  });

  it('a network failure seen while the browser says offline counts no attempt', async () => {
    const [id] = await store.enqueue(db, USER, [photo('a')]);
    const fake = fakeUploader();
    const network = fakeNetwork();
    engineWith({ upload: fake.upload, network }).start(USER);
    await until(() => fake.calls.length === 1);
    // The request fails before the offline event arrives.
    const call = nth(fake.calls, 0);
    vi.spyOn(network, 'isOnline').mockReturnValue(false);
    call.fail(new ApiError(0, 'NETWORK_ERROR', 'Network error', 'r'));
    await until(async () => (await status(must(id))) === 'pending');
    expect((await db.photos.get(must(id)))?.retryCount).toBe(0);
  });

  it('a network failure while the server does not answer counts no attempt, pauses, and resumes once it answers', async () => {
    const [id] = await store.enqueue(db, USER, [photo('a')]);
    const fake = fakeUploader();
    let answers = false;
    let probes = 0;
    const probe = () => {
      probes += 1;
      return Promise.resolve(answers);
    };
    engineWith({ upload: fake.upload, probe }).start(USER);
    await until(() => fake.calls.length === 1);
    nth(fake.calls, 0).fail(new ApiError(0, 'NETWORK_ERROR', 'Network error', 'r'));
    await until(async () => (await status(must(id))) === 'pending');
    expect((await db.photos.get(must(id)))?.retryCount).toBe(0);
    // Paused: nothing is sent while the server stays silent, however long that lasts.
    await vi.advanceTimersByTimeAsync(10_000);
    await settle();
    expect(fake.calls).toHaveLength(1);
    expect(probes).toBeGreaterThanOrEqual(3);
    answers = true;
    await vi.advanceTimersByTimeAsync(3_000);
    await until(() => fake.calls.length === 2, 'sent again once the server answers');
    nth(fake.calls, 1).succeed();
    await until(async () => (await status(must(id))) === 'completed');
    expect((await db.photos.get(must(id)))?.retryCount).toBe(0);
  });

  it('a network failure while the server answers counts as an attempt', async () => {
    const [id] = await store.enqueue(db, USER, [photo('a')]);
    const fake = fakeUploader();
    engineWith({ upload: fake.upload, probe: () => Promise.resolve(true) }).start(USER);
    await until(() => fake.calls.length === 1);
    nth(fake.calls, 0).fail(new ApiError(0, 'NETWORK_ERROR', 'Network error', 'r'));
    await until(async () => (await db.photos.get(must(id)))?.retryCount === 1);
    expect(await status(must(id))).toBe('pending');
  });

  it('retryFailed puts failed photos back to pending with retryCount 0, and they go again', async () => {
    const [id] = await store.enqueue(db, USER, [photo('a')]);
    const fake = fakeUploader();
    const engine = engineWith({ upload: fake.upload });
    engine.start(USER);
    // Its watch on the queue starts on a zero-delay timer.
    await vi.advanceTimersByTimeAsync(0);
    await until(() => fake.calls.length === 1);
    nth(fake.calls, 0).fail(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Too big', 'r'));
    await until(async () => (await status(must(id))) === 'failed');

    expect(await store.retryFailed(db, USER)).toBe(1);
    expect(await db.photos.get(must(id))).toMatchObject({ status: 'pending', retryCount: 0, error: null });
    await until(() => fake.calls.length === 2, 'sent again');
  });

  it('clearCompleted removes completed photos and their files, nothing else', async () => {
    const [a, b] = await store.enqueue(db, USER, [photo('a'), photo('b')]);
    await db.photos.update(must(a), { status: 'completed', progress: 100 });
    expect(await store.clearCompleted(db, USER)).toBe(1);
    expect(await db.photos.get(must(a))).toBeUndefined();
    expect(await db.files.get(must(a))).toBeUndefined();
    expect(await db.photos.get(must(b))).toMatchObject({ status: 'pending' });
    expect(await db.files.get(must(b))).toBeDefined();
  });

  it('prioritising a phase gives its pending photos 10 and sends them first', async () => {
    const ids = await store.enqueue(db, USER, [
      photo('overview-new', { timestamp: 900, phase: 'overview' }),
      photo('roof-old', { timestamp: 100, phase: 'roof' }),
      photo('roof-other-session', { timestamp: 200, phase: 'roof', sessionId: SESSION_B }),
    ]);
    await store.prioritise(db, USER, SESSION_A, 'roof');
    expect((await db.photos.get(nth(ids, 1)))?.priority).toBe(PHASE_UPLOAD_PRIORITY);
    expect((await db.photos.get(nth(ids, 0)))?.priority).toBe(1);
    expect((await db.photos.get(nth(ids, 2)))?.priority).toBe(1);

    const fake = fakeUploader();
    engineWith({ upload: fake.upload }).start(USER);
    await until(() => fake.calls.length === 3);
    expect(fake.calls.map((c) => c.record.fileName)).toEqual(['roof-old.jpg', 'overview-new.jpg', 'roof-other-session.jpg']);
  });

  it('a new engine over the same database (a reload) sends what the dead page left uploading, once', async () => {
    const ids = await store.enqueue(db, USER, [photo('a'), photo('b')]);
    const first = fakeUploader();
    // The first page dies with both in flight: no stop, its answers never come.
    createUploadEngine({ db, upload: first.upload, network: fakeNetwork(), gate: () => fakeGate(), log: () => undefined }).start(USER);
    await until(async () => (await db.photos.where('status').equals('uploading').count()) === 2);

    const reopened = await import('./db').then((m) => m.openUploadDb(db.name));
    const second = fakeUploader();
    const engine = createUploadEngine({ db: reopened, upload: second.upload, network: fakeNetwork(), gate: () => fakeGate(), log: () => undefined });
    engines.push(engine);
    engine.start(USER);
    await until(() => second.calls.length === 2, 'resumed after reload');
    expect(second.calls.map((c) => c.id).sort()).toEqual([...ids].sort());
    for (const call of second.calls) call.succeed();
    await until(async () => (await reopened.photos.where('status').equals('completed').count()) === 2);
    await settle();
    expect(second.calls).toHaveLength(2);
  });

  it('only the signed-in user’s photos are sent', async () => {
    const [mine] = await store.enqueue(db, USER, [photo('mine')]);
    await store.enqueue(db, OTHER_USER, [photo('theirs-1'), photo('theirs-2')]);
    const fake = fakeUploader();
    engineWith({ upload: fake.upload }).start(USER);
    await until(() => fake.calls.length === 1);
    await settle();
    expect(fake.calls.map((c) => c.id)).toEqual([mine]);
    expect(await db.photos.where('[userId+status]').equals([OTHER_USER, 'pending']).count()).toBe(2);
  });

  it('stopping (signing out) aborts and keeps the photos pending; the same user later sends them', async () => {
    const [id] = await store.enqueue(db, USER, [photo('a')]);
    const fake = fakeUploader();
    const engine = engineWith({ upload: fake.upload });
    engine.start(USER);
    await until(() => fake.calls.length === 1);
    await engine.stop();
    await until(async () => (await status(must(id))) === 'pending');
    expect(nth(fake.calls, 0).signal.aborted).toBe(true);

    engine.start(OTHER_USER);
    await settle();
    expect(fake.calls).toHaveLength(1);
    engine.start(USER);
    await until(() => fake.calls.length === 2);
  });

  it('a sign-out while the queue is being read sends nothing after it: the photos stay pending', async () => {
    const [id] = await store.enqueue(db, USER, [photo('a', { sessionId: SESSION_B })]);
    const fake = fakeUploader();
    // The gate's answer is held, so the engine is mid-read when the user signs out.
    const held: { answer?: (pending: boolean) => void } = {};
    const gate = { ...fakeGate(), isPending: () => new Promise<boolean>((resolve) => (held.answer = resolve)) };
    const engine = engineWith({ upload: fake.upload, gate: () => gate });
    engine.start(USER);
    await until(() => held.answer !== undefined, 'the gate asked');
    const stopped = engine.stop();
    held.answer?.(false);
    await stopped;
    await settle();
    expect(fake.calls).toHaveLength(0);
    expect(await status(must(id))).toBe('pending');
  });

  it('holds back the photos of a session still only on this device until it syncs', async () => {
    const [held] = await store.enqueue(db, USER, [photo('offline-session', { sessionId: SESSION_B })]);
    const [free] = await store.enqueue(db, USER, [photo('synced-session', { sessionId: SESSION_A })]);
    const gate = fakeGate([SESSION_B]);
    const fake = fakeUploader();
    engineWith({ upload: fake.upload, gate: () => gate }).start(USER);
    await until(() => fake.calls.length === 1);
    await settle();
    expect(fake.calls.map((c) => c.id)).toEqual([free]);
    expect(await status(must(held))).toBe('pending');

    gate.sync(SESSION_B);
    await until(() => fake.calls.length === 2, 'sent after sync');
    expect(nth(fake.calls, 1).id).toBe(held);
  });

  it('follows a session gate registered after it started, and asks the gate again while photos wait', async () => {
    const [held] = await store.enqueue(db, USER, [photo('offline-session', { sessionId: SESSION_B })]);
    const first = fakeGate([SESSION_B]);
    let gate = first;
    const fake = fakeUploader();
    engineWith({ upload: fake.upload, gate: () => gate }).start(USER);
    await settle();
    expect(fake.calls).toHaveLength(0);
    // Another gate is registered (the local session store loaded later); it says the session synced
    // before the engine looked at it: the engine's next look (within 5 s) sends the photo.
    const later = fakeGate([SESSION_B]);
    gate = later;
    later.sync(SESSION_B);
    await settle();
    expect(fake.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5000);
    await until(() => fake.calls.length === 1, 'sent after the later gate synced');
    expect(nth(fake.calls, 0).id).toBe(held);
  });

  it('listens to the gate registered now when photos wait on it', async () => {
    await store.enqueue(db, USER, [photo('a', { sessionId: SESSION_B })]);
    let gate = fakeGate([SESSION_B]);
    const fake = fakeUploader();
    const engine = engineWith({ upload: fake.upload, gate: () => gate });
    engine.start(USER);
    await settle();
    const later = fakeGate([SESSION_B]);
    gate = later;
    // Anything that makes the engine look again (here a kick) makes it listen to the new gate.
    engine.kick();
    await settle();
    later.sync(SESSION_B);
    await until(() => fake.calls.length === 1, 'sent on the new gate’s news');
  });

  it('photos queued while it runs are picked up', async () => {
    const fake = fakeUploader();
    engineWith({ upload: fake.upload }).start(USER);
    // Its watch on the queue starts on a zero-delay timer.
    await vi.advanceTimersByTimeAsync(0);
    await settle();
    expect(fake.calls).toHaveLength(0);
    await store.enqueue(db, USER, [photo('late')]);
    await until(() => fake.calls.length === 1, 'late photo sent');
  });

  it('counts and summarises per user and per session', async () => {
    const [a, , c] = await store.enqueue(db, USER, [photo('a'), photo('b'), photo('c', { sessionId: SESSION_B })]);
    await store.enqueue(db, OTHER_USER, [photo('x')]);
    await db.photos.update(must(a), { status: 'completed' });
    await db.photos.update(must(c), { status: 'failed' });
    expect(await store.summarise(db, USER)).toEqual({ total: 3, completed: 1, uploading: 0, pending: 1, failed: 1 });
    expect(await store.summarise(db, USER, SESSION_B)).toEqual({ total: 1, completed: 0, uploading: 0, pending: 0, failed: 1 });
    expect(await store.countWaiting(db, USER)).toBe(2);
    expect(await store.countWaiting(db, OTHER_USER)).toBe(1);
  });
});

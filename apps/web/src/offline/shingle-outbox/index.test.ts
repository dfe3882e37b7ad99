import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShingleIdentification } from '@ridgeline/shared/contracts/shingles';
import { SEED_CATALOG } from '@ridgeline/shared/domain/shingle-catalog';
import { EMPTY_MEASUREMENTS, rankShingles } from '@ridgeline/shared/domain/shingle-id';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { sessionSyncGate } from '../session-sync-gate';
import { uploadQueueUser } from '../upload-queue/presence';
import { isShingleSavePending } from './db';
import { onShingleSaveSent } from './events';
import { saveShingleIdentification, sendWaitingShingleSaves } from './index';

// A shingle identification saved on the phone: kept on the device with no signal (its photos' gate
// holds them), sent once the signal is back and only by the user who made it, then gone from the
// device; a save the server refuses is not kept.

const USER = 'u-alice';
const measurements = { ...EMPTY_MEASUREMENTS, lengthIn: 39.375, exposureIn: 5.625, type: 'laminated' as const };

function saved(id: string): ShingleIdentification {
  return {
    id,
    createdAt: new Date().toISOString(),
    createdBy: null,
    address: '77 Elm Court',
    color: '',
    layers: null,
    measurements,
    ranking: rankShingles(SEED_CATALOG, measurements),
    catalogVersion: 1,
    agreesWithDevice: true,
    project: null,
    inspectionSessionId: null,
    photos: [],
  };
}

const save = (id: string) => ({ id, userId: USER, label: '77 Elm Court', input: { id, measurements, address: '77 Elm Court' } });

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  uploadQueueUser.set(null);
});

describe('the shingle outbox', () => {
  it('keeps a save made with no signal (its photos wait), sends it when back online, once, then forgets it', async () => {
    const id = crypto.randomUUID();
    setOnline(false);
    uploadQueueUser.set(USER);
    const outcome = await saveShingleIdentification(save(id));
    expect('kept' in outcome).toBe(true);
    expect(await isShingleSavePending(id)).toBe(true);
    expect(await sessionSyncGate().isPending(id)).toBe(true);
    expect(sent()).toHaveLength(0);

    answer('POST /api/shingles/identifications', json(saved(id), { status: 201 }));
    const arrived: string[] = [];
    const stop = onShingleSaveSent((sentId) => arrived.push(sentId));
    setOnline(true);
    await sendWaitingShingleSaves(USER);
    await sendWaitingShingleSaves(USER);
    stop();
    const posts = sent('POST /api/shingles/identifications');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ id, address: '77 Elm Court' });
    expect(arrived).toEqual([id]);
    expect(await isShingleSavePending(id)).toBe(false);
    expect(await sessionSyncGate().isPending(id)).toBe(false);
  });

  it('is sent only while the user who made it is signed in', async () => {
    const id = crypto.randomUUID();
    setOnline(false);
    await saveShingleIdentification(save(id));
    setOnline(true);
    uploadQueueUser.set('u-bob');
    await sendWaitingShingleSaves(USER);
    expect(sent('POST /api/shingles/identifications')).toHaveLength(0);
    expect(await isShingleSavePending(id)).toBe(true);
  });

  it('sends at once with a signal; a save the server refuses is not kept and says why', async () => {
    const id = crypto.randomUUID();
    setOnline(true);
    uploadQueueUser.set(USER);
    answer('POST /api/shingles/identifications', json(saved(id), { status: 201 }));
    const outcome = await saveShingleIdentification(save(id));
    expect('sent' in outcome && outcome.sent.id).toBe(id);
    expect(await isShingleSavePending(id)).toBe(false);

    const refusedId = crypto.randomUUID();
    answer('POST /api/shingles/identifications', apiError('NOT_FOUND', { message: 'Claim file not found' }));
    const refused = await saveShingleIdentification(save(refusedId));
    expect(refused).toEqual({ refused: expect.stringContaining('Claim file not found') });
    expect(await isShingleSavePending(refusedId)).toBe(false);
  });

  it('sends the waiting saves holding the outbox lock; the next holder (another tab) finds them gone', async () => {
    const id = crypto.randomUUID();
    setOnline(false);
    uploadQueueUser.set(USER);
    await saveShingleIdentification(save(id));
    setOnline(true);
    const held: string[] = [];
    const request = vi.fn(async (name: string, hold: () => Promise<void>) => {
      held.push(name);
      await hold();
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { locks: { request } }));
    answer('POST /api/shingles/identifications', json(saved(id), { status: 201 }));
    expect(await sendWaitingShingleSaves(USER)).toBe(true);
    expect(held).toEqual(['ridgeline-shingle-outbox']);
    // (An earlier test's save of this user may go in the same run: only this one is counted.)
    const posted = () => sent('POST /api/shingles/identifications').filter((request) => (request.body as { id?: string }).id === id);
    expect(posted()).toHaveLength(1);
    // The other tab's turn: nothing left, nothing sent again.
    expect(await sendWaitingShingleSaves(USER)).toBe(true);
    expect(posted()).toHaveLength(1);
    expect(await isShingleSavePending(id)).toBe(false);
  });
});

import 'fake-indexeddb/auto';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InspectionSession } from '@ridgeline/shared/contracts/inspections';
import { answer, answerWhenReleased, apiError, json, networkFailure, sent } from '../test/fake-server';
import { controlBrowserOnline } from '../test/render-with-session';
import { fakeInspection } from '../test/inspection-fakes';
import { clearInspectionDb, inspectionDb } from './inspection-db';
import { createLocalInspection, getLocalInspection, saveInspectionFields, syncInspections, useLocalInspection } from './inspection-store';
import { onSessionSynced } from './inspection-sync-events';
import { sessionSyncGate } from './session-sync-gate';
import { hasLocalInspections } from './use-inspection-sync';

const USER = 'user-1';
const browser = controlBrowserOnline();

/** The server's copy of a session: what a POST/PATCH/GET answers. */
const serverSession = (id: string, overrides: Partial<InspectionSession> = {}) =>
  fakeInspection(id, { inspector: { id: USER, name: 'Rita Field' }, ...overrides });

/** A server that applies each POST/PATCH body's fields to its one copy, as the real one does for newer edits. */
function echoServer() {
  const copies = new Map<string, InspectionSession>();
  const apply = (id: string, body: unknown) => {
    const fields = (body as { fields: Partial<InspectionSession> }).fields;
    const next = { ...(copies.get(id) ?? serverSession(id)), ...fields, updatedAt: new Date().toISOString() };
    copies.set(id, next);
    return next;
  };
  answer('POST /api/inspections', (request) => {
    const body = request.body as { id: string };
    const known = copies.has(body.id);
    return json(apply(body.id, body), { status: known ? 200 : 201 });
  });
  return { copies, apply };
}

const emptyList = () => answer('GET /api/inspections', json({ sessions: [], total: 0 }));

async function createOffline(fields = { street: '12 Hail Rd', homeownerName: 'Ann Lee' }) {
  browser.online = false;
  const id = await createLocalInspection(USER, { fields, inspector: { id: USER, name: 'Rita Field' } });
  browser.online = true;
  return id;
}

beforeEach(async () => {
  await clearInspectionDb();
});
// Unmount first: a screen still rendered would see its session vanish and ask the server for it,
// a request that lands in the next test.
afterEach(async () => {
  cleanup();
  await clearInspectionDb();
});

describe('local inspection store', () => {
  it('creates a session with no signal: a client id, pending, its fields as edited, nothing sent', async () => {
    const id = await createOffline();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const session = await getLocalInspection(USER, id);
    expect(session).toMatchObject({
      id,
      pendingCreate: true,
      street: '12 Hail Rd',
      homeownerName: 'Ann Lee',
      status: 'in_progress',
      inspector: { name: 'Rita Field' },
    });
    expect(Object.keys(session?.dirty ?? {}).sort()).toEqual(['homeownerName', 'street']);
    expect(sent()).toHaveLength(0);
    expect(await sessionSyncGate().isPending(id)).toBe(true);
    // Another user of the device does not see it.
    expect(await getLocalInspection('user-2', id)).toBeUndefined();
    // The shell's check (raw IndexedDB, no store loaded) sees it for its user only.
    expect(await hasLocalInspections(USER)).toBe(true);
    expect(await hasLocalInspections('user-2')).toBe(false);
  });

  it("syncs a pending session with one POST carrying its fields and each field's edit time, then it is no longer pending", async () => {
    const id = await createOffline();
    browser.online = false;
    await saveInspectionFields(USER, id, { city: 'Plano' });
    browser.online = true;
    const before = await getLocalInspection(USER, id);
    echoServer();
    emptyList();
    const synced: string[] = [];
    const stop = onSessionSynced((sessionId) => synced.push(sessionId));

    await syncInspections(USER);
    stop();

    const posts = sent('POST /api/inspections');
    expect(posts).toHaveLength(1);
    const body = posts[0]?.body as { id: string; fields: Record<string, unknown>; editedAt: string; fieldEditedAt: Record<string, string> };
    expect(body.id).toBe(id);
    expect(body.fields).toEqual({ street: '12 Hail Rd', homeownerName: 'Ann Lee', city: 'Plano' });
    expect(body.fieldEditedAt).toEqual(before?.dirty);
    expect(body.fieldEditedAt.city).toBe(before?.dirty.city);
    expect(body.editedAt).toBe(before?.dirty.city);
    const after = await getLocalInspection(USER, id);
    expect(after).toMatchObject({ pendingCreate: false, dirty: {}, street: '12 Hail Rd', city: 'Plano' });
    expect(synced).toEqual([id]);
    expect(await sessionSyncGate().isPending(id)).toBe(false);
  });

  it('creates the session once when the answer was lost: the retry sends the same id and the store keeps one session', async () => {
    const id = await createOffline();
    emptyList();
    // The first POST reaches the server (it creates the session) but its answer is lost on the way back.
    answer('POST /api/inspections', [networkFailure()]);
    await expect(syncInspections(USER)).rejects.toThrow();
    expect(await getLocalInspection(USER, id)).toMatchObject({ pendingCreate: true });
    const server = echoServer();
    server.apply(id, sent('POST /api/inspections')[0]?.body);

    await syncInspections(USER);

    const ids = sent('POST /api/inspections').map((request) => (request.body as { id: string }).id);
    expect(ids).toEqual([id, id]);
    expect(await inspectionDb().sessions.where('userId').equals(USER).count()).toBe(1);
    expect(await getLocalInspection(USER, id)).toMatchObject({ pendingCreate: false, dirty: {} });
  });

  it('sends one POST when two syncs are asked for at once', async () => {
    const id = await createOffline();
    echoServer();
    emptyList();
    await Promise.all([syncInspections(USER), syncInspections(USER), syncInspections(USER)]);
    expect(sent('POST /api/inspections').map((r) => (r.body as { id: string }).id)).toEqual([id]);
  });

  it('keeps an edit made while its field was being sent, and sends it next with its own time', async () => {
    const id = await createOffline();
    emptyList();
    const held = answerWhenReleased('POST /api/inspections');
    const syncing = syncInspections(USER);
    await waitFor(() => expect(sent('POST /api/inspections')).toHaveLength(1));
    await saveInspectionFields(USER, id, { street: '14 Hail Rd' });
    const editedAt = (await getLocalInspection(USER, id))?.dirty.street;
    held.release(json(serverSession(id, { street: '12 Hail Rd', homeownerName: 'Ann Lee' }), { status: 201 }));
    answer('PATCH /api/inspections/:id', () => json(serverSession(id, { street: '14 Hail Rd', homeownerName: 'Ann Lee' })));
    await syncing;

    const patches = sent(`PATCH /api/inspections/${id}` as `PATCH /${string}`);
    expect(patches).toHaveLength(1);
    expect(patches[0]?.body).toEqual({ fields: { street: '14 Hail Rd' }, editedAt, fieldEditedAt: { street: editedAt } });
    expect(await getLocalInspection(USER, id)).toMatchObject({ street: '14 Hail Rd', dirty: {} });
  });

  it('pulls the server copies of in-progress sessions and keeps local unsent edits over them', async () => {
    const id = await createOffline();
    echoServer();
    emptyList();
    await syncInspections(USER);
    browser.online = false;
    await saveInspectionFields(USER, id, { homeownerName: 'Ann Lee-Park' });
    browser.online = true;

    // Another device changed the city and the name meanwhile; a second session exists only on the server.
    const other = '7b0a5e2e-1c1e-4c55-9a1f-2f2b1b6f3a11';
    const changed = serverSession(id, { street: '12 Hail Rd', city: 'Frisco', homeownerName: 'Ann L.', updatedAt: '2030-01-01T00:00:00.000Z' });
    answer('GET /api/inspections', json({ sessions: [changed, serverSession(other, { street: '9 Oak St' })], total: 2 }));
    answer('GET /api/inspections/:id', (request) => json(request.path.includes(other) ? serverSession(other, { street: '9 Oak St' }) : changed));
    // The PATCH fails for now (no signal), the pull still must not drop the local edit.
    answer('PATCH /api/inspections/:id', [networkFailure()]);
    await expect(syncInspections(USER)).rejects.toThrow();
    // Push first: with the PATCH failed, nothing was pulled yet. Now the pull alone:
    const { pullInspection } = await import('./inspection-store');
    await pullInspection(USER, id);
    await pullInspection(USER, other);

    expect(await getLocalInspection(USER, id)).toMatchObject({ city: 'Frisco', homeownerName: 'Ann Lee-Park', dirty: { homeownerName: expect.any(String) } });
    expect(await getLocalInspection(USER, other)).toMatchObject({ street: '9 Oak St', pendingCreate: false });
  });

  it('a pass pushes then pulls: list sessions whose copy changed are fetched, unchanged ones are not', async () => {
    const known = serverSession('0c5b2a7e-8d2f-4f7e-9d7e-3f6c2d1b0a99', { street: '1 Elm', updatedAt: '2030-01-01T00:00:00.000Z' });
    answer('GET /api/inspections', json({ sessions: [known], total: 1 }));
    answer('GET /api/inspections/:id', json(known));
    await syncInspections(USER);
    await syncInspections(USER);
    expect(sent('GET /api/inspections')[0]?.path).toBe('/api/inspections?status=in_progress&mine=1&pageSize=25');
    expect(sent(`GET /api/inspections/${known.id}` as `GET /${string}`)).toHaveLength(1);
    expect(await getLocalInspection(USER, known.id)).toMatchObject({ street: '1 Elm' });
  });

  it("keeps the server's refusal on the session and does not send it again until it is edited", async () => {
    const id = await createOffline();
    answer('POST /api/inspections', apiError('VALIDATION_ERROR', { message: 'Street is too long' }));
    emptyList();
    await syncInspections(USER);
    await syncInspections(USER);
    expect(sent('POST /api/inspections')).toHaveLength(1);
    expect(await getLocalInspection(USER, id)).toMatchObject({ pendingCreate: true, syncError: 'Street is too long' });

    browser.online = false;
    await saveInspectionFields(USER, id, { street: '12 Hail Road' });
    browser.online = true;
    echoServer();
    await syncInspections(USER);
    expect(sent('POST /api/inspections')).toHaveLength(2);
    expect(await getLocalInspection(USER, id)).toMatchObject({ pendingCreate: false, syncError: null });
  });

  it('a session signed out on the server (401) is no refusal: the edit stays unsent, with no error, for the next pass', async () => {
    const id = await createOffline();
    emptyList();
    answer('POST /api/inspections', apiError('UNAUTHENTICATED'));
    await expect(syncInspections(USER)).rejects.toThrow();
    expect(await getLocalInspection(USER, id)).toMatchObject({ pendingCreate: true, syncError: null });

    echoServer();
    await syncInspections(USER);
    expect(await getLocalInspection(USER, id)).toMatchObject({ pendingCreate: false, dirty: {}, syncError: null });
  });

  it('keeps a refused edit (400 on the PATCH) on the session and does not send it again until it is edited', async () => {
    const id = await createOffline();
    echoServer();
    emptyList();
    await syncInspections(USER);
    browser.online = false;
    // The shared contract keeps a lone surrogate out of the store; the server refuses what a store
    // written before that rule may still hold.
    await expect(saveInspectionFields(USER, id, { street: '12 Hail Rd \ud800' })).rejects.toThrow();
    await saveInspectionFields(USER, id, { street: '12 Hail Rd, rear' });
    browser.online = true;
    const refused = 'Text must be valid Unicode (a lone surrogate, half of a character, is not allowed).';
    answer('PATCH /api/inspections/:id', apiError('VALIDATION_ERROR', { message: refused }));
    // A refusal is not a failure to try again later: the passes resolve and the PATCH went once.
    await syncInspections(USER);
    await syncInspections(USER);
    const path = `PATCH /api/inspections/${id}` as `PATCH /${string}`;
    expect(sent(path)).toHaveLength(1);
    expect(await getLocalInspection(USER, id)).toMatchObject({ pendingCreate: false, syncError: refused, dirty: { street: expect.any(String) } });

    browser.online = false;
    await saveInspectionFields(USER, id, { street: '12 Hail Road' });
    browser.online = true;
    answer('PATCH /api/inspections/:id', () => json(serverSession(id, { street: '12 Hail Road', homeownerName: 'Ann Lee' })));
    await syncInspections(USER);
    expect(sent(path)).toHaveLength(2);
    expect(await getLocalInspection(USER, id)).toMatchObject({ street: '12 Hail Road', syncError: null, dirty: {} });
  });

  it('does not mark unchanged values as edits', async () => {
    const id = await createOffline();
    const before = await getLocalInspection(USER, id);
    browser.online = false;
    await saveInspectionFields(USER, id, { street: '12 Hail Rd', homeownerName: 'Ann Lee' });
    expect((await getLocalInspection(USER, id))?.dirty).toEqual(before?.dirty);
  });

  it('useLocalInspection shows the device copy at once and updates live after a save', async () => {
    const id = await createOffline();
    browser.online = false;
    const { result } = renderHook(() => useLocalInspection(id, USER));
    await waitFor(() => expect(result.current.session?.street).toBe('12 Hail Rd'));
    await saveInspectionFields(USER, id, { street: '99 New St' });
    await waitFor(() => expect(result.current.session?.street).toBe('99 New St'));
    expect(result.current.loading).toBe(false);
    expect(sent()).toHaveLength(0);
  });
});

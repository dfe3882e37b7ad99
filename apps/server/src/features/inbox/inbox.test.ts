import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationsResponse } from '@ridgeline/shared/contracts/chat';
import { insertNotification, type NewNotification } from '../../data/notifications';
import { notifications } from '../../infra/db/schema/index';
import { signedInOwner, signedInUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer();
type Owner = Awaited<ReturnType<typeof signedInOwner>>;

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) } });
}

/** A notification for the user, written the way every feature writes one, at a chosen time. */
async function notifyUser(to: SignedUpUser, companyId: string, fields: Partial<NewNotification> & { at?: Date } = {}): Promise<Notification> {
  const { at, ...rest } = fields;
  const written = await insertNotification(server.db, {
    companyId,
    profileId: to.me.id,
    kind: 'mention',
    title: 'Someone mentioned you',
    body: 'Check the ridge vent',
    ...rest,
  });
  if (at) await server.db.update(notifications).set({ createdAt: at }).where(eq(notifications.id, written.id));
  return { ...written, createdAt: (at ?? new Date(written.createdAt)).toISOString() };
}

const rowOf = async (id: string) => (await server.db.select().from(notifications).where(eq(notifications.id, id)))[0];
const unreadRowsOf = (profileId: string) =>
  server.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.profileId, profileId), isNull(notifications.readAt)));

describe('the inbox', () => {
  let owner: Owner;
  let colleague: SignedUpUser;
  let stranger: Owner;

  beforeAll(async () => {
    owner = await signedInOwner(server, { name: 'Alpha Roofing', owner: { firstName: 'Olive', lastName: 'Owner' } });
    colleague = await signedInUser(server, { company: owner.company, firstName: 'Casey', lastName: 'Crew' });
    stranger = await signedInOwner(server, { name: 'Bravo Siding' });
  });

  it('lists the actor’s own notifications newest first with the actor’s name and how many are unread', async () => {
    const older = await notifyUser(colleague, owner.company.id, {
      title: 'Olive Owner mentioned you',
      actorId: owner.me.id,
      link: '/messages?conversation=1',
      at: new Date('2026-03-01T10:00:00Z'),
    });
    const newer = await notifyUser(colleague, owner.company.id, {
      title: 'Status changed',
      kind: 'status_change',
      body: '',
      at: new Date('2026-03-02T10:00:00Z'),
    });
    await notifyUser(owner, owner.company.id, { title: 'Not for Casey' });

    const response = await colleague.client.get<NotificationsResponse>('/api/notifications');
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      notifications: [
        {
          id: newer.id,
          kind: 'status_change',
          title: 'Status changed',
          body: '',
          link: null,
          actorName: null,
          readAt: null,
          createdAt: '2026-03-02T10:00:00.000Z',
        },
        {
          id: older.id,
          kind: 'mention',
          title: 'Olive Owner mentioned you',
          body: 'Check the ridge vent',
          link: '/messages?conversation=1',
          actorName: 'Olive Owner',
          readAt: null,
          createdAt: '2026-03-01T10:00:00.000Z',
        },
      ],
      unreadCount: 2,
    });
  });

  it('marks one read (answering it, keeping the first read time) and then all of the actor’s, touching no one else’s', async () => {
    const user = await signedInUser(server, { company: owner.company });
    const first = await notifyUser(user, owner.company.id, { title: 'First' });
    const second = await notifyUser(user, owner.company.id, { title: 'Second' });
    const third = await notifyUser(user, owner.company.id, { title: 'Third' });
    const colleaguesUnread = (await unreadRowsOf(colleague.me.id)).length;
    expect(colleaguesUnread).toBeGreaterThan(0);

    const marked = await user.client.post<Notification>(`/api/notifications/${first.id}/read`);
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toMatchObject({ id: first.id, title: 'First', readAt: expect.any(String) });
    const again = await user.client.post<Notification>(`/api/notifications/${first.id}/read`);
    expect(again.body.readAt).toBe(marked.body.readAt);
    expect((await user.client.get<NotificationsResponse>('/api/notifications')).body.unreadCount).toBe(2);

    const all = await user.client.post<{ updated: number }>('/api/notifications/read-all');
    expect(all.status, all.text).toBe(200);
    expect(all.body).toEqual({ updated: 2 });
    const after = await user.client.get<NotificationsResponse>('/api/notifications');
    expect(after.body.unreadCount).toBe(0);
    expect(after.body.notifications.map((n) => n.id).sort()).toEqual([first.id, second.id, third.id].sort());
    expect(after.body.notifications.every((n) => n.readAt !== null)).toBe(true);
    expect((await rowOf(first.id))?.readAt?.toISOString()).toBe(marked.body.readAt);
    // Nothing left to mark: nothing changes.
    expect((await user.client.post<{ updated: number }>('/api/notifications/read-all')).body).toEqual({ updated: 0 });
    // The colleague's inbox is untouched.
    expect((await unreadRowsOf(colleague.me.id)).length).toBe(colleaguesUnread);
  });

  it('answers 404 for another user’s notification, in the same company or another, and leaves it unread', async () => {
    const colleagues = await notifyUser(colleague, owner.company.id, { title: 'For Casey only' });
    const strangers = await notifyUser(stranger, stranger.company.id, { title: 'For Bravo only' });

    expectError(await owner.client.post(`/api/notifications/${colleagues.id}/read`), 404, 'NOT_FOUND');
    expectError(await stranger.client.post(`/api/notifications/${colleagues.id}/read`), 404, 'NOT_FOUND');
    expectError(await owner.client.post(`/api/notifications/${strangers.id}/read`), 404, 'NOT_FOUND');
    expect((await rowOf(colleagues.id))?.readAt).toBeNull();
    expect((await rowOf(strangers.id))?.readAt).toBeNull();

    // Another's id is no cursor either, and the lists never show another's notifications.
    expectError(await owner.client.get(`/api/notifications?before=${colleagues.id}`), 404, 'NOT_FOUND');
    const ownerList = await owner.client.get<NotificationsResponse>('/api/notifications');
    expect(ownerList.body.notifications.map((n) => n.title)).not.toContain('For Casey only');
    const strangerList = await stranger.client.get<NotificationsResponse>('/api/notifications');
    expect(strangerList.body.notifications.map((n) => n.title)).toEqual(['For Bravo only']);

    // read-all by the other company's owner touches only theirs.
    expect((await stranger.client.post<{ updated: number }>('/api/notifications/read-all')).body).toEqual({ updated: 1 });
    expect((await rowOf(colleagues.id))?.readAt).toBeNull();
  });

  it('keeps a notification written for the user in another company out of this company’s inbox', async () => {
    const both = await signedInUser(server, { company: owner.company });
    await notifyUser(both, stranger.company.id, { title: 'Written under another company' });
    const list = await both.client.get<NotificationsResponse>('/api/notifications');
    expect(list.body).toEqual({ notifications: [], unreadCount: 0 });
  });

  it('refuses a bad id, limit or cursor with a 400, and answers 401 and 403 without a session or a company', async () => {
    expectError(await owner.client.post('/api/notifications/not-a-uuid/read'), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.get('/api/notifications?limit=0'), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.get('/api/notifications?limit=101'), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.get('/api/notifications?limit=ten'), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.get('/api/notifications?before=yesterday'), 400, 'VALIDATION_ERROR');

    expectError(await server.client().get('/api/notifications'), 401, 'UNAUTHENTICATED');
    const loner = await signedInUser(server);
    expectError(await loner.client.get('/api/notifications'), 403, 'NO_COMPANY');
    expectError(await loner.client.post('/api/notifications/read-all'), 403, 'NO_COMPANY');
  });

  it('pages newest first: 50 by default, at most 100, the next page after an id or before an instant, with none skipped or repeated', async () => {
    const reader = await signedInUser(server, { company: owner.company });
    // 120 notifications, several sharing the same instant, so ties are ordered by id.
    const base = Date.parse('2026-04-01T00:00:00Z');
    const written: Notification[] = [];
    for (let i = 0; i < 120; i++) written.push(await notifyUser(reader, owner.company.id, { title: `N${i}`, at: new Date(base + Math.floor(i / 3) * 1000) }));

    const first = await reader.client.get<NotificationsResponse>('/api/notifications');
    expect(first.body.notifications).toHaveLength(50);
    expect(first.body.unreadCount).toBe(120);
    const times = first.body.notifications.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const most = await reader.client.get<NotificationsResponse>('/api/notifications?limit=100');
    expect(most.body.notifications).toHaveLength(100);

    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await reader.client.get<NotificationsResponse>(`/api/notifications?limit=7${before ? `&before=${before}` : ''}`);
      expect(page.status, page.text).toBe(200);
      seen.push(...page.body.notifications.map((n) => n.id));
      const last = page.body.notifications.at(-1);
      if (page.body.notifications.length < 7 || !last) break;
      before = last.id;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(new Set(seen)).toEqual(new Set(written.map((n) => n.id)));

    const byTime = await reader.client.get<NotificationsResponse>(`/api/notifications?limit=100&before=${encodeURIComponent('2026-04-01T00:00:10Z')}`);
    // Seconds 0 to 9 hold three notifications each.
    expect(byTime.body.notifications).toHaveLength(30);
    expect(byTime.body.notifications.every((n) => n.createdAt < '2026-04-01T00:00:10.000Z')).toBe(true);
  });
});

import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { startLocalPushService, type LocalPushService, type LocalSubscription } from '../../apps/server/src/test/push-service';
import { BASE_URL, ORIGIN_HEADERS, signUpAndConfirmApi, signedInUser } from '../support/flows';
import { PUSH_PORT } from '../support/ports';
import { newUser } from '../support/users';

// Web push in Chromium. Debian's Chromium has no push service, so PushManager.subscribe is replaced in
// the page by one answering a subscription of a local push service (it checks the VAPID JWT and
// decrypts the payload as a browser vendor's would; the stack lists its port in PUSH_TEST_HOSTS);
// permission comes from the browser context.

let push: LocalPushService;
test.beforeAll(async () => {
  push = await startLocalPushService({ port: PUSH_PORT });
});
test.afterAll(() => push.close());

/**
 * The page's PushManager.subscribe answers `subscription` and records how it was called;
 * Notification.requestPermission answers `permission` when given. (A script: the specs compile
 * without the DOM's types.)
 */
async function stubPush(page: Page, subscription: LocalSubscription, permission?: 'granted' | 'denied') {
  const json = JSON.stringify({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys });
  await page.addInitScript(`
    window.__pushSubscribeCalls = [];
    PushManager.prototype.subscribe = function (options) {
      window.__pushSubscribeCalls.push({ userVisibleOnly: options && options.userVisibleOnly, keyBytes: options && options.applicationServerKey ? options.applicationServerKey.byteLength : 0 });
      const json = ${json};
      return Promise.resolve({ ...json, options, getKey: () => null, toJSON: () => json, unsubscribe: () => Promise.resolve(true) });
    };
    ${permission ? `Notification.requestPermission = () => Promise.resolve(${JSON.stringify(permission)});` : ''}
  `);
}

const subscribeCalls = (page: Page) => page.evaluate<unknown>('window.__pushSubscribeCalls');

/** A colleague of the page's user: invited by them, signed up and signed in on their own request context. */
async function invitedColleague(owner: Page): Promise<{ api: APIRequestContext; id: string; name: string }> {
  const colleague = newUser('colleague');
  const invited = await owner.request.post('/api/team/invitations', { headers: ORIGIN_HEADERS, data: { email: colleague.email, role: 'member' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { id: invitationId } = (await invited.json()) as { id: string };
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  await signUpAndConfirmApi(api, colleague, { invitationId });
  const me = (await (await api.get('/api/me')).json()) as { id: string; company: { id: string } | null };
  expect(me.company).not.toBeNull();
  return { api, id: me.id, name: `${colleague.firstName} ${colleague.lastName}` };
}

test.describe('chat push notifications', () => {
  test("enabling notifications stores the subscription, and a colleague's message reaches the device decrypted, naming the sender", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['notifications'], { origin: BASE_URL });
    const subscription = push.subscribe();
    await stubPush(page, subscription);
    const owner = await signedInUser(page, 'owner');
    const ownerId = ((await (await page.request.get('/api/me')).json()) as { id: string }).id;

    await page.goto('/messages');
    await page.getByRole('button', { name: 'Enable notifications' }).first().click();
    await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(page.getByText('Push notifications are enabled on this device.')).toBeVisible();
    expect(await subscribeCalls(page)).toEqual([{ userVisibleOnly: true, keyBytes: 65 }]);

    // The colleague writes to the owner through the API: the server pushes the message once it is
    // stored; the old send-chat-push still answers, and sends no second push.
    const colleague = await invitedColleague(page);
    const dm = await colleague.api.post('/api/chat/conversations', { headers: ORIGIN_HEADERS, data: { memberIds: [ownerId] } });
    expect(dm.status(), await dm.text()).toBe(201);
    const conversationId = ((await dm.json()) as { conversation: { id: string } }).conversation.id;
    const text = `Ridge vent delivered for ${owner.lastName}, crew starts at 7 tomorrow`;
    const start = push.received.length;
    const sent = await colleague.api.post(`/api/chat/conversations/${conversationId}/messages`, {
      headers: ORIGIN_HEADERS,
      data: { clientId: crypto.randomUUID(), content: text },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const queued = await colleague.api.post('/api/functions/send-chat-push', {
      headers: ORIGIN_HEADERS,
      data: { conversation_id: conversationId, preview: text },
    });
    expect(queued.status(), await queued.text()).toBe(202);
    expect(await queued.json()).toEqual({ queued: 1 });

    await expect.poll(() => push.received.length - start, { timeout: 15_000 }).toBe(1);
    const received = push.received[start];
    expect(received?.endpoint).toBe(subscription.endpoint);
    expect(received?.payload).toEqual({
      title: colleague.name,
      body: `${text.slice(0, 30)}…`,
      conversationId,
      url: `/messages?conversation=${conversationId}`,
    });
    await colleague.api.dispose();

    // The service worker shows what a push carries: delivered to it through the DevTools protocol.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0);
    const registrationId = registrations.find((r) => !r.isDeleted)?.registrationId ?? '';
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: BASE_URL, registrationId, data: JSON.stringify(received?.payload) });
    await expect
      .poll(() =>
        page.evaluate<unknown>(
          `navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) => list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })))`,
        ),
      )
      .toEqual([{ title: colleague.name, body: `${text.slice(0, 30)}…`, tag: conversationId, data: { url: `/messages?conversation=${conversationId}` } }]);
  });

  test("'Notifications blocked' when the browser's permission is denied, and nothing is subscribed", async ({ page }) => {
    await stubPush(page, push.subscribe(), 'denied');
    await signedInUser(page, 'blocked');
    await page.goto('/messages');
    await page.getByRole('button', { name: 'Enable notifications' }).first().click();
    await expect(page.getByText('Notifications blocked', { exact: true })).toBeVisible();
    expect(await subscribeCalls(page)).toEqual([]);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast';
import { answer, apiError, json, noContent, sent } from '../../../test/fake-server';
import { applicationServerKey, enablePush, SUBSCRIBE_PATH, type PushEnvironment } from './enable-push';

vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = { endpoint: 'https://push.example/send/abc', expirationTime: null, keys: { p256dh: 'BPublicKeyOfTheDevice', auth: 'c2VjcmV0LWF1dGg' } };

function fakeEnvironment(overrides: Partial<PushEnvironment> = {}) {
  const subscribe = vi.fn((options: PushSubscriptionOptionsInit) => {
    void options;
    return Promise.resolve({ toJSON: () => SUBSCRIPTION } as unknown as PushSubscription);
  });
  const env: PushEnvironment = {
    supported: () => true,
    inFrame: () => false,
    openInNewTab: vi.fn(),
    requestPermission: vi.fn(() => Promise.resolve<NotificationPermission>('granted')),
    registration: () => Promise.resolve({ pushManager: { subscribe } } as unknown as ServiceWorkerRegistration),
    deviceInfo: () => 'Chromium on Linux',
    ...overrides,
  };
  return { env, subscribe };
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('enabling push notifications', () => {
  it("subscribes with the server's key, stores the subscription and says 'Enabled'", async () => {
    answer('GET /api/functions/webpush-public-key', () => json({ publicKey: PUBLIC_KEY }));
    answer('POST /api/push/subscriptions', () => noContent());
    const { env, subscribe } = fakeEnvironment();
    expect(await enablePush(env)).toBe('enabled');
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: applicationServerKey(PUBLIC_KEY) });
    expect(sent('POST /api/push/subscriptions')[0]?.body).toEqual({
      endpoint: SUBSCRIPTION.endpoint,
      keys: SUBSCRIPTION.keys,
      deviceInfo: 'Chromium on Linux',
    });
    expect(notify.success).toHaveBeenCalledWith('Enabled', 'Push notifications are enabled on this device.');
  });

  it("says 'Unsupported' without a service worker, PushManager or Notification, and asks nothing", async () => {
    const { env } = fakeEnvironment({ supported: () => false });
    expect(await enablePush(env)).toBe('unsupported');
    expect(env.requestPermission).not.toHaveBeenCalled();
    expect(vi.mocked(notify.error).mock.calls[0]?.[0]).toBe('Unsupported');
  });

  it("inside a frame opens /messages?subscribe=1 in a new tab with 'Open in new tab'", async () => {
    const { env } = fakeEnvironment({ inFrame: () => true });
    expect(await enablePush(env)).toBe('framed');
    expect(env.openInNewTab).toHaveBeenCalledWith(SUBSCRIBE_PATH);
    expect(SUBSCRIBE_PATH).toBe('/messages?subscribe=1');
    expect(env.requestPermission).not.toHaveBeenCalled();
    expect(vi.mocked(notify.info).mock.calls[0]?.[0]).toBe('Open in new tab');
  });

  it("says 'Notifications blocked' when permission is denied, and subscribes nothing", async () => {
    const { env, subscribe } = fakeEnvironment({ requestPermission: () => Promise.resolve('denied') });
    expect(await enablePush(env)).toBe('blocked');
    expect(subscribe).not.toHaveBeenCalled();
    expect(sent()).toHaveLength(0);
    expect(vi.mocked(notify.error).mock.calls[0]?.[0]).toBe('Notifications blocked');
  });

  it("says 'Failed' (and warns) when the subscription cannot be stored", async () => {
    answer('GET /api/functions/webpush-public-key', () => json({ publicKey: PUBLIC_KEY }));
    answer('POST /api/push/subscriptions', () => apiError('VALIDATION_ERROR'));
    const { env } = fakeEnvironment();
    expect(await enablePush(env)).toBe('failed');
    expect(vi.mocked(notify.error).mock.calls[0]?.[0]).toBe('Failed');
    expect(notify.success).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalled();
  });

  it("drops a subscription another account of this browser holds and stores a fresh one, then says 'Enabled'", async () => {
    answer('GET /api/functions/webpush-public-key', () => json({ publicKey: PUBLIC_KEY }));
    answer('POST /api/push/subscriptions', [apiError('PUSH_ENDPOINT_TAKEN'), noContent()]);
    const fresh = { endpoint: 'https://push.example/send/fresh', expirationTime: null, keys: { p256dh: 'BFreshKeyOfTheDevice', auth: 'ZnJlc2gtYXV0aA' } };
    const unsubscribe = vi.fn(() => Promise.resolve(true));
    const subscribe = vi
      .fn()
      .mockResolvedValueOnce({ toJSON: () => SUBSCRIPTION, unsubscribe })
      .mockResolvedValueOnce({ toJSON: () => fresh, unsubscribe: vi.fn() });
    const { env } = fakeEnvironment({ registration: () => Promise.resolve({ pushManager: { subscribe } } as unknown as ServiceWorkerRegistration) });
    expect(await enablePush(env)).toBe('enabled');
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledTimes(2);
    expect(sent('POST /api/push/subscriptions').map((request) => (request.body as { endpoint: string }).endpoint)).toEqual([
      SUBSCRIPTION.endpoint,
      fresh.endpoint,
    ]);
    expect(notify.success).toHaveBeenCalledWith('Enabled', 'Push notifications are enabled on this device.');
  });

  it("says 'Failed' when the browser refuses to subscribe", async () => {
    answer('GET /api/functions/webpush-public-key', () => json({ publicKey: PUBLIC_KEY }));
    const { env } = fakeEnvironment({
      registration: () =>
        Promise.resolve({
          pushManager: { subscribe: () => Promise.reject(new DOMException('no push service', 'AbortError')) },
        } as unknown as ServiceWorkerRegistration),
    });
    expect(await enablePush(env)).toBe('failed');
    expect(sent('POST /api/push/subscriptions')).toHaveLength(0);
    expect(vi.mocked(notify.error).mock.calls[0]?.[0]).toBe('Failed');
  });

  it('decodes the base64url key into the 65 bytes of a P-256 point', () => {
    const bytes = applicationServerKey(PUBLIC_KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});

import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkVapidHeader, startLocalPushService, type LocalPushService } from '../../test/push-service';
import { createPushSender } from './web-push';

let service: LocalPushService;
const keys = webpush.generateVAPIDKeys();
const subject = 'mailto:push@ridgeline.local';

beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(() => service.close());

describe('the web push sender', () => {
  it('delivers an encrypted payload the subscription\'s keys decrypt, signed for the endpoint\'s origin', async () => {
    const target = service.subscribe();
    const sender = createPushSender({ subject, keys });
    expect(await sender.send(target, { title: 'Dana Ridge', body: 'Tarp is up' })).toBe('delivered');
    const [received] = service.received.slice(-1);
    expect(received).toMatchObject({ endpoint: target.endpoint, payload: { title: 'Dana Ridge', body: 'Tarp is up' }, vapidKey: keys.publicKey, ttl: '3600' });
    expect(received?.claims).toMatchObject({ aud: service.origin, sub: subject });
  });

  it('reports a gone subscription (404, 410) and throws on any other failure', async () => {
    const sender = createPushSender({ subject, keys });
    const gone = service.subscribe();
    service.markGone(gone.endpoint, 410);
    expect(await sender.send(gone, { title: 'x' })).toBe('gone');
    const failing = service.subscribe();
    service.markFailing(failing.endpoint);
    await expect(sender.send(failing, { title: 'x' })).rejects.toThrow('push service answered 500');
    await expect(sender.send({ ...failing, endpoint: 'http://127.0.0.1:1/push/x' }, { title: 'x' })).rejects.toThrow('push request failed');
  });

  it('is refused by the push service when the VAPID header is not ours, not for its origin, or expired', () => {
    const now = Date.now();
    const headers = webpush.getVapidHeaders(service.origin, subject, keys.publicKey, keys.privateKey, 'aes128gcm', Math.floor(now / 1000) + 3600);
    expect(checkVapidHeader(headers.Authorization, service.origin, now)).toMatchObject({ ok: true });
    const other = webpush.generateVAPIDKeys();
    expect(checkVapidHeader(headers.Authorization.replace(keys.publicKey, other.publicKey), service.origin, now)).toEqual({ ok: false, reason: 'bad signature' });
    expect(checkVapidHeader(headers.Authorization, 'http://127.0.0.1:9', now)).toMatchObject({ ok: false });
    expect(checkVapidHeader(headers.Authorization, service.origin, now + 2 * 3600 * 1000)).toEqual({ ok: false, reason: 'exp not within 24 h' });
    expect(checkVapidHeader(undefined, service.origin, now)).toMatchObject({ ok: false });
  });
});

import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkVapidHeader, startLocalPushService, type LocalPushService } from '../../test/push-service';
import { createPushSender } from './web-push';

let service: LocalPushService;
const keys = webpush.generateVAPIDKeys();
const subject = 'mailto:push@ridgeline.local';
// The local push service is the listed test host; 127.0.0.1:1 (nothing listens) too, for a failed connection.
const endpoints = () => ({ allowHttp: true, testHosts: [new URL(service.origin).host, '127.0.0.1:1'] });

beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(() => service.close());

describe('the web push sender', () => {
  it("delivers an encrypted payload the subscription's keys decrypt, signed for the endpoint's origin", async () => {
    const target = service.subscribe();
    const sender = createPushSender({ subject, keys, endpoints: endpoints() });
    expect(await sender.send(target, { title: 'Dana Ridge', body: 'Tarp is up' })).toBe('delivered');
    const [received] = service.received.slice(-1);
    expect(received).toMatchObject({ endpoint: target.endpoint, payload: { title: 'Dana Ridge', body: 'Tarp is up' }, vapidKey: keys.publicKey, ttl: '3600' });
    expect(received?.claims).toMatchObject({ aud: service.origin, sub: subject });
  });

  it('reports a gone subscription (404, 410) and throws on any other failure', async () => {
    const sender = createPushSender({ subject, keys, endpoints: endpoints() });
    const gone = service.subscribe();
    service.markGone(gone.endpoint, 410);
    expect(await sender.send(gone, { title: 'x' })).toBe('gone');
    const failing = service.subscribe();
    service.markFailing(failing.endpoint);
    await expect(sender.send(failing, { title: 'x' })).rejects.toThrow('push service answered 500');
    await expect(sender.send({ ...failing, endpoint: 'http://127.0.0.1:1/push/x' }, { title: 'x' })).rejects.toThrow('push request failed');
  });

  it('refuses, without connecting, an endpoint that is not a listed host and is or resolves to a non-public address', async () => {
    const sender = createPushSender({ subject, keys, endpoints: endpoints() });
    const target = service.subscribe();
    const port = new URL(service.origin).port;
    const start = { received: service.received.length, refused: service.refused.length };
    for (const host of [`localhost:${port}`, `[::ffff:127.0.0.1]:${port}`, `[::ffff:7f00:1]:${port}`, `127.0.0.2:${port}`]) {
      expect(await sender.send({ ...target, endpoint: target.endpoint.replace(new URL(service.origin).host, host) }, { title: 'x' }), host).toBe('refused');
    }
    expect(await createPushSender({ subject, keys, endpoints: { allowHttp: false, testHosts: endpoints().testHosts } }).send(target, { title: 'x' })).toBe(
      'refused',
    );
    expect({ received: service.received.length, refused: service.refused.length }).toEqual(start);
    expect(await sender.send(target, { title: 'x' })).toBe('delivered');
  });

  it('is refused by the push service when the VAPID header is not ours, not for its origin, or expired', () => {
    const now = Date.now();
    const headers = webpush.getVapidHeaders(service.origin, subject, keys.publicKey, keys.privateKey, 'aes128gcm', Math.floor(now / 1000) + 3600);
    expect(checkVapidHeader(headers.Authorization, service.origin, now)).toMatchObject({ ok: true });
    const other = webpush.generateVAPIDKeys();
    expect(checkVapidHeader(headers.Authorization.replace(keys.publicKey, other.publicKey), service.origin, now)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    expect(checkVapidHeader(headers.Authorization, 'http://127.0.0.1:9', now)).toMatchObject({ ok: false });
    expect(checkVapidHeader(headers.Authorization, service.origin, now + 2 * 3600 * 1000)).toEqual({ ok: false, reason: 'exp not within 24 h' });
    expect(checkVapidHeader(undefined, service.origin, now)).toMatchObject({ ok: false });
  });
});

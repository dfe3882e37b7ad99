import { describe, expect, it } from 'vitest';
import { checkEndpointUrl, checkPushEndpoint, isPublicAddress, type PushEndpointRules } from './push-endpoint';

const production: PushEndpointRules = { allowHttp: false, testHosts: [] };

describe('push endpoint addresses', () => {
  it('takes public unicast addresses only', () => {
    for (const address of ['8.8.8.8', '142.250.80.42', '1.1.1.1', '2607:f8b0:4004:c07::5f', '2a00:1450:4001:80b::200a']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    const refused = [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '100.64.0.1',
      '100.127.255.255',
      '169.254.169.254',
      '169.254.0.1',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '198.18.0.1',
      '240.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '2001::1',
      '2001:db8::1',
      'not an address',
      '',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses addresses written as the host, in every form the URL parser reads as one, and http in production', () => {
    for (const endpoint of [
      'https://127.0.0.1/x',
      'https://0x7f000001/x',
      'https://2130706433/x',
      'https://0177.0.0.1/x',
      'https://127.1/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://8.8.8.8/x',
      'https://[2607:f8b0:4004:c07::5f]/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ]) {
      expect(checkEndpointUrl(endpoint, production).ok, endpoint).toBe(false);
    }
    expect(checkEndpointUrl('https://fcm.googleapis.com/fcm/send/x', production)).toMatchObject({ ok: true, listed: false });
    expect(checkEndpointUrl('http://fcm.googleapis.com/fcm/send/x', { allowHttp: true, testHosts: [] })).toMatchObject({ ok: true, listed: false });
  });

  it('lets through only the listed test hosts, by host and port, in any spelling of that address', () => {
    const rules: PushEndpointRules = { allowHttp: true, testHosts: ['127.0.0.1:4100'] };
    expect(checkEndpointUrl('http://127.0.0.1:4100/push/a', rules)).toMatchObject({ ok: true, listed: true });
    expect(checkEndpointUrl('http://0x7f000001:4100/push/a', rules)).toMatchObject({ ok: true, listed: true });
    expect(checkEndpointUrl('http://127.0.0.1:4101/push/a', rules).ok).toBe(false);
    expect(checkEndpointUrl('http://127.0.0.1/push/a', rules).ok).toBe(false);
  });

  it('resolves names: one resolving to loopback, or not resolving at all, is refused', async () => {
    expect(await checkPushEndpoint('https://localhost/push/a', production)).toMatchObject({ ok: false, reason: expect.stringContaining('127.0.0.1') });
    expect(await checkPushEndpoint('https://push.invalid/push/a', production)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('could not be resolved'),
    });
    expect(await checkPushEndpoint('http://127.0.0.1:4100/push/a', { allowHttp: true, testHosts: ['127.0.0.1:4100'] })).toMatchObject({
      ok: true,
      listed: true,
    });
  });
});

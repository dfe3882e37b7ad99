import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '@ridgeline/shared/contracts/team';
import { signUpBody, type SignedUpUser } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';

// State-changing calls are accepted only from trusted origins and only with JSON bodies: a page on
// another site, a sandboxed (`null`) origin or a header-less script cannot change company data even
// with the session cookie, and a text/plain body is refused instead of being read as `{}`.
const server = useTestServer();
let owner: SignedUpUser;

beforeAll(async () => {
  owner = await server.signUpVerified({ companyName: 'Origin Roofing' });
});

const companyName = async () => (await owner.client.get<Company>('/api/company')).body.name;

/** PATCH /api/company over a raw socket, so the request can carry no Origin at all. */
function rawPatch(headers: Record<string, string>, body: string): Promise<number> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname: url.hostname, port: url.port, path: '/api/company', method: 'PATCH', headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('write guard', () => {
  it.each([['http://evil.test'], ['null'], ['http://127.0.0.1:1']])(
    'refuses a write from Origin %s with 403 INVALID_ORIGIN and changes nothing',
    async (origin) => {
      const refused = await owner.client.patch('/api/company', { name: 'Hijacked' }, { headers: { Origin: origin } });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: { code: 'INVALID_ORIGIN', requestId: expect.any(String) } });
      expect(await companyName()).toBe('Origin Roofing');
    },
  );

  it('refuses a write with no Origin and no Referer, and accepts a same-origin Referer', async () => {
    const cookie = owner.client.cookieHeader();
    const json = { Cookie: cookie, 'Content-Type': 'application/json' };
    expect(await rawPatch(json, JSON.stringify({ name: 'No Origin' }))).toBe(403);
    expect(await companyName()).toBe('Origin Roofing');
    expect(await rawPatch({ ...json, Referer: `${server.url}/settings` }, JSON.stringify({ name: 'Referer Roofing' }))).toBe(200);
    expect(await companyName()).toBe('Referer Roofing');
    await owner.client.patch('/api/company', { name: 'Origin Roofing' });
  });

  it('answers a text/plain body with 415 instead of reading it as {}', async () => {
    const refused = await owner.client.request('PATCH', '/api/company', {
      body: JSON.stringify({ name: 'Plain Text' }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    expect(await companyName()).toBe('Origin Roofing');
  });

  it('takes a raw body only on PUT and the listed POST (the shingle photo for suggestions), still only from a trusted origin', async () => {
    const photo = { body: new Uint8Array([0xff, 0xd8, 0xff]), headers: { 'Content-Type': 'image/jpeg' } };
    const elsewhere = await owner.client.request('POST', '/api/projects', photo);
    expect(elsewhere.status).toBe(415);
    expect(elsewhere.body).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    const crossSite = await owner.client.request('POST', '/api/shingles/vision-suggestions', {
      ...photo,
      headers: { ...photo.headers, Origin: 'http://evil.test' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatchObject({ error: { code: 'INVALID_ORIGIN' } });
    // Past the guard, the route itself answers: no AI provider here, so the feature is absent.
    const listed = await owner.client.request('POST', '/api/shingles/vision-suggestions', photo);
    expect(listed.status).toBe(404);
  });

  it('guards public writes too: a cross-site sign-up creates no account', async () => {
    const before = await server.counts();
    const refused = await server.client().post('/api/auth/sign-up/email', signUpBody(), { headers: { Origin: 'http://evil.test' } });
    expect(refused.status).toBe(403);
    expect(await server.counts()).toEqual(before);
  });

  it('leaves reads alone and lets the trusted origin write JSON', async () => {
    expect((await server.client().get('/api/health', { headers: { Origin: 'http://evil.test' } })).status).toBe(200);
    const changed = await owner.client.patch<Company>('/api/company', { name: 'Trusted Roofing' });
    expect(changed.status).toBe(200);
    expect(await companyName()).toBe('Trusted Roofing');
  });
});

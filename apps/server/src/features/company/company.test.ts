import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { companySchema, type Company, type Invitation } from '@ridgeline/shared/contracts/team';
import { pixelBudgetMessage } from '@ridgeline/shared/domain/images';
import { pngBomb, tinyGif, tinyPng } from '../../test/images';
import { signedInOwner, signedInUser } from '../../test/factories';
import { sendLarge, type TestClient } from '../../test/test-client';
import type { BillingOverview } from '@ridgeline/shared/contracts/billing';
import { linkIn, signUpBody, TEST_PASSWORD, uniqueEmail } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer();
let owner: TestClient;
let manager: TestClient;
let member: TestClient;

beforeAll(async () => {
  const shingle = await signedInOwner(server, { name: 'Shingle & Sons' });
  owner = shingle.client;
  manager = (await signedInUser(server, { company: shingle.company, role: 'manager' })).client;
  member = (await signedInUser(server, { company: shingle.company, role: 'member' })).client;
});

describe('GET/PATCH /api/company', () => {
  it('shows the company to every member', async () => {
    for (const client of [owner, manager, member]) {
      const response = await client.get<Company>('/api/company');
      expect(response.status).toBe(200);
      expect(companySchema.parse(response.body)).toMatchObject({ name: 'Shingle & Sons', plan: expect.any(String), logoUrl: null });
    }
  });

  it('lets owners and managers edit it; members get 403', async () => {
    const edited = await manager.patch<Company>('/api/company', { name: '  Shingle & Daughters ', phone: '+1 555 010 7777', address: '12 Ridge Rd' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Shingle & Daughters', phone: '+1 555 010 7777', address: '12 Ridge Rd' });
    const cleared = await owner.patch<Company>('/api/company', { phone: '', address: '' });
    expect(cleared.body).toMatchObject({ name: 'Shingle & Daughters', phone: null, address: null });

    const refused = await member.patch('/api/company', { name: 'Hijacked' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await owner.get<Company>('/api/company')).body.name).toBe('Shingle & Daughters');
  });

  it('sets the hail-hit threshold of the analysis (1 to 100, default 8); members get 403', async () => {
    expect((await member.get<Company>('/api/company')).body.hailHitThreshold).toBe(8);
    const set = await manager.patch<Company>('/api/company', { hailHitThreshold: 10 });
    expect(set.status).toBe(200);
    expect(set.body.hailHitThreshold).toBe(10);
    expect((await owner.patch<Company>('/api/company', { hailHitThreshold: 1 })).body.hailHitThreshold).toBe(1);
    expect((await owner.patch<Company>('/api/company', { hailHitThreshold: 100 })).body.hailHitThreshold).toBe(100);
    for (const value of [0, 101, 8.5, -3, '9', null]) {
      const refused = await owner.patch('/api/company', { hailHitThreshold: value });
      expect(refused.status, String(value)).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    const forbidden = await member.patch('/api/company', { hailHitThreshold: 3 });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await member.get<Company>('/api/company')).body.hailHitThreshold).toBe(100);
    expect((await owner.patch<Company>('/api/company', { hailHitThreshold: 8 })).body.hailHitThreshold).toBe(8);
  });

  it('keeps the time zone documents print in: an IANA zone, set by owners and managers; anything else is 400', async () => {
    expect((await member.get<Company>('/api/company')).body.timeZone).toBeNull();
    const set = await manager.patch<Company>('/api/company', { timeZone: 'America/Chicago' });
    expect(set.status, set.text).toBe(200);
    expect(set.body.timeZone).toBe('America/Chicago');
    for (const value of ['CST', '+05:00', 'Mars/Olympus_Mons', '', 'America/Chicago\n', 42, null]) {
      const refused = await owner.patch('/api/company', { timeZone: value });
      expect(refused.status, JSON.stringify(value)).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    const forbidden = await member.patch('/api/company', { timeZone: 'Europe/Berlin' });
    expect(forbidden.status).toBe(403);
    expect((await member.get<Company>('/api/company')).body.timeZone).toBe('America/Chicago');
  });

  it('keeps where estimates charge ice barrier: the state from the address until chosen, its default until the company says; bad input is 400 and changes nothing', async () => {
    const fresh = (await member.get<Company>('/api/company')).body.iceBarrier;
    expect(fresh).toMatchObject({ atEaves: true, eaveWidthFt: 6, edition: '2021' });

    // An Edmond, Oklahoma company: the state is read from its address, and Oklahoma's default leaves the eaves out.
    const fromAddress = await manager.patch<Company>('/api/company', { address: '1200 S Broadway, Edmond, OK 73034' });
    expect(fromAddress.body.iceBarrier).toEqual({ state: 'OK', stateFrom: 'address', atEaves: false, atEavesFrom: 'state', eaveWidthFt: 6, edition: '2021' });

    const chosen = await manager.patch<Company>('/api/company', { jurisdictionState: 'MN', iceBarrierEaveFt: 3 });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.iceBarrier).toEqual({ state: 'MN', stateFrom: 'chosen', atEaves: true, atEavesFrom: 'state', eaveWidthFt: 3, edition: '2021' });
    const said = await owner.patch<Company>('/api/company', { iceBarrierAtEaves: false });
    expect(said.body.iceBarrier).toMatchObject({ state: 'MN', atEaves: false, atEavesFrom: 'chosen' });

    for (const body of [
      { jurisdictionState: 'ZZ' },
      { jurisdictionState: 'ok' },
      { iceBarrierAtEaves: 'yes' },
      { iceBarrierEaveFt: 2 },
      { iceBarrierEaveFt: 13 },
      { iceBarrierEaveFt: 4.5 },
      { iceBarrierEaveFt: null },
      { jurisdictionState: 'TX', iceBarrierEaveFt: 40 },
    ]) {
      const refused = await owner.patch('/api/company', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    const forbidden = await member.patch('/api/company', { iceBarrierAtEaves: true });
    expect(forbidden.status).toBe(403);
    // Nothing refused was written: still Minnesota, not at the eaves, 3 ft.
    expect((await member.get<Company>('/api/company')).body.iceBarrier).toMatchObject({ state: 'MN', atEaves: false, eaveWidthFt: 3 });

    // Back to following the address and its state's default.
    const reset = await owner.patch<Company>('/api/company', { jurisdictionState: null, iceBarrierAtEaves: null, iceBarrierEaveFt: 6, address: '' });
    expect(reset.body.iceBarrier).toEqual(fresh);
  });

  it('takes the browser’s time zone at sign-up when it is an IANA zone', async () => {
    const zoneOf = async (timeZone: unknown) => {
      const client = server.client();
      const email = uniqueEmail();
      const signUp = await client.post('/api/auth/sign-up/email', {
        firstName: 'Dana',
        lastName: 'Ruiz',
        companyName: 'Zone Roofing',
        phone: '+1 555 010 2030',
        email,
        password: TEST_PASSWORD,
        timeZone,
      });
      expect(signUp.status, signUp.text).toBe(200);
      await client.get(linkIn(await server.readMail(email, 'Confirm')));
      return (await client.get<Company>('/api/company')).body.timeZone;
    };
    expect(await zoneOf('America/Denver')).toBe('America/Denver');
    expect(await zoneOf('Mars/Olympus_Mons')).toBeNull();
  });

  it('answers 401 without a session', async () => {
    expect((await server.client().get('/api/company')).status).toBe(401);
    expect((await server.client().patch('/api/company', { name: 'x' })).status).toBe(401);
    expect((await owner.get<Company>('/api/company')).body.name).not.toBe('x');
  });
});

describe('PUT /api/company/logo', () => {
  it('stores a real PNG in the public avatars bucket and serves it', async () => {
    const png = tinyPng(3, 2);
    const response = await owner.put<Company>('/api/company/logo', png);
    expect(response.status).toBe(200);
    const logoUrl = response.body.logoUrl;
    if (!logoUrl) throw new Error('no logoUrl');
    expect(new URL(logoUrl).pathname).toMatch(/^\/api\/storage\/avatars\/companies\/.+\.png$/);
    const served = await fetch(logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    // A new logo replaces the old one, which is removed.
    const second = await manager.put<Company>('/api/company/logo', tinyGif());
    expect(second.status).toBe(200);
    expect(second.body.logoUrl).toMatch(/\.gif$/);
    expect((await fetch(logoUrl)).status).toBe(404);
  });

  it('refuses other bytes with 415, more than 5 MB with 413, and members with 403', async () => {
    const before = (await owner.get<Company>('/api/company')).body.logoUrl;
    const text = await owner.put('/api/company/logo', Buffer.from('just some text, not an image'), { headers: { 'Content-Type': 'image/png' } });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    const big = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await sendLarge(server.url, 'PUT', '/api/company/logo', big, { Cookie: owner.cookieHeader(), 'Content-Type': 'image/png' });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    const empty = await owner.put('/api/company/logo', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect((await member.put('/api/company/logo', tinyPng())).status).toBe(403);
    expect((await owner.get<Company>('/api/company')).body.logoUrl).toBe(before);
  });
});

describe('the pixel budget of a logo', () => {
  /** Every file of the public avatars bucket (logos and avatars). */
  const storedImages = async () => (await readdir(join(server.deps.config.dataDir, 'storage', 'avatars'), { recursive: true }).catch(() => [])).sort();

  it('refuses the 0.58 MB 12000 x 12000 PNG (144 megapixels) with 422 naming the budget, and stores nothing', async () => {
    const before = (await owner.get<Company>('/api/company')).body.logoUrl;
    const objects = await storedImages();
    const bomb = await pngBomb(12_000, 12_000, 4);
    const response = await owner.put('/api/company/logo', bomb, { headers: { 'Content-Type': 'image/png' } });
    expect(response.status, response.text).toBe(422);
    expect(response.body).toMatchObject({ error: { code: 'IMAGE_TOO_MANY_PIXELS', message: pixelBudgetMessage(), requestId: expect.any(String) } });
    expect(pixelBudgetMessage()).toContain('67 megapixels (8192 x 8192) and 16,384 pixels on a side');
    expect((await owner.get<Company>('/api/company')).body.logoUrl).toBe(before);
    expect(await storedImages()).toEqual(objects);
  });

  it('accepts a logo of exactly the budget (8192 x 8192)', async () => {
    const response = await owner.put<Company>('/api/company/logo', await pngBomb(8192, 8192));
    expect(response.status, response.text).toBe(200);
    expect(response.body.logoUrl).toMatch(/\.png$/);
  });
});

describe('invitation mail', () => {
  it('mails a link to /auth?invitation=<id>', async () => {
    const email = uniqueEmail('invitee');
    const invite = await owner.post<Invitation>('/api/team/invitations', { email: email.toUpperCase(), role: 'member' });
    expect(invite.status).toBe(201);
    expect(invite.body).toMatchObject({ email, role: 'member', status: 'pending' });
    const link = new URL(linkIn(await server.readMail(email, 'invited')));
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('invitation')).toBe(invite.body.id);
  });
});

describe('the plan chosen at sign-up', () => {
  it('is kept as the company’s chosen plan while the trial counts as Professional', async () => {
    const chooser = await server.signUpVerified({ plan: 'business' });
    const billing = await chooser.client.get<BillingOverview>('/api/billing');
    expect(billing.body).toMatchObject({ status: 'trialing', plan: 'business', effectivePlan: 'professional' });
    // Without a choice the company starts on Professional, as before.
    const plain = await server.signUpVerified();
    expect((await plain.client.get<BillingOverview>('/api/billing')).body).toMatchObject({ plan: 'professional', effectivePlan: 'professional' });
  });

  it('refuses a plan that does not exist (400) and creates nothing', async () => {
    const before = await server.counts();
    const refused = await server.client().post('/api/auth/sign-up/email', { ...signUpBody(), plan: 'platinum' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    expect(await server.counts()).toEqual(before);
  });
});

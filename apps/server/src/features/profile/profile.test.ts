import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { meSchema, type Me } from '@ridgeline/shared/contracts/team';
import { pixelBudgetMessage } from '@ridgeline/shared/domain/images';
import { pngBomb, tinyPng } from '../../test/images';
import { signedInOwner } from '../../test/factories';
import { sendLarge } from '../../test/test-client';
import { type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer();
let user: SignedUpUser;
beforeAll(async () => {
  user = await signedInOwner(server, { name: 'Profile Roofing' });
});

describe('GET/PATCH /api/me', () => {
  it('answers the Me contract', async () => {
    const me = await user.client.get<Me>('/api/me');
    expect(me.status).toBe(200);
    expect(meSchema.parse(me.body)).toMatchObject({
      email: user.email,
      firstName: 'Robin',
      lastName: 'Slate',
      phone: '+1 555 010 2030',
      avatarUrl: null,
      role: 'contractor',
      isEnabled: true,
      company: { name: 'Profile Roofing', role: 'owner' },
    });
  });

  it('updates name and phone; an empty phone clears it; omitted fields stay', async () => {
    const edited = await user.client.patch<Me>('/api/me', { firstName: ' Ana ', phone: '+44 20 7946 0000' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ firstName: 'Ana', lastName: 'Slate', phone: '+44 20 7946 0000' });
    const cleared = await user.client.patch<Me>('/api/me', { phone: '' });
    expect(cleared.body).toMatchObject({ firstName: 'Ana', phone: null });
    const session = await user.client.get<{ user: { name: string } }>('/api/auth/get-session');
    expect(session.body.user.name).toBe('Ana Slate');
  });

  it('refuses bad values with 400 and changes nothing', async () => {
    const before = (await user.client.get<Me>('/api/me')).body;
    for (const body of [{ firstName: '' }, { firstName: '   ' }, { lastName: 'x'.repeat(61) }, { phone: 'call me' }, { phone: 5550100 }]) {
      const response = await user.client.patch('/api/me', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await user.client.get<Me>('/api/me')).body).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    expect((await server.client().get('/api/me')).status).toBe(401);
    expect((await server.client().patch('/api/me', { firstName: 'X' })).status).toBe(401);
    expect((await server.client().put('/api/me/avatar', tinyPng())).status).toBe(401);
  });
});

describe('PUT /api/me/avatar', () => {
  it('stores a PNG publicly and replaces the previous one', async () => {
    const first = await user.client.put<Me>('/api/me/avatar', tinyPng(4, 4));
    expect(first.status).toBe(200);
    const firstUrl = first.body.avatarUrl;
    if (!firstUrl) throw new Error('no avatarUrl');
    const served = await fetch(firstUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    const second = await user.client.put<Me>('/api/me/avatar', tinyPng(5, 5, [0, 0, 255]));
    const secondUrl = second.body.avatarUrl;
    expect(secondUrl).not.toBe(firstUrl);
    if (!secondUrl) throw new Error('no avatarUrl');
    expect((await fetch(secondUrl)).status).toBe(200);
    expect((await fetch(firstUrl)).status).toBe(404);
  });

  it('refuses bytes that are not an image with 415 and over 5 MB with 413', async () => {
    const before = (await user.client.get<Me>('/api/me')).body.avatarUrl;
    const pdfish = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer<<>>\n%%EOF');
    for (const body of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), pdfish, Buffer.from('hello')]) {
      const response = await user.client.put('/api/me/avatar', body, { headers: { 'Content-Type': 'image/png' } });
      expect(response.status).toBe(415);
      expect(response.body).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    }
    const body = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const big = await sendLarge(server.url, 'PUT', '/api/me/avatar', body, { Cookie: user.client.cookieHeader(), 'Content-Type': 'image/png' });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect((await user.client.get<Me>('/api/me')).body.avatarUrl).toBe(before);
  });

  it('refuses an image over the pixel budget with 422 naming it, and stores nothing', async () => {
    const before = (await user.client.get<Me>('/api/me')).body.avatarUrl;
    const objects = (await readdir(join(server.deps.config.dataDir, 'storage', 'avatars'), { recursive: true }).catch(() => [])).sort();
    for (const bomb of [await pngBomb(12_000, 12_000, 4), await pngBomb(16_000, 16_000)]) {
      const response = await user.client.put('/api/me/avatar', bomb, { headers: { 'Content-Type': 'image/png' } });
      expect(response.status, response.text).toBe(422);
      expect(response.body).toMatchObject({ error: { code: 'IMAGE_TOO_MANY_PIXELS', message: pixelBudgetMessage() } });
    }
    expect((await user.client.get<Me>('/api/me')).body.avatarUrl).toBe(before);
    expect((await readdir(join(server.deps.config.dataDir, 'storage', 'avatars'), { recursive: true }).catch(() => [])).sort()).toEqual(objects);
  });
});

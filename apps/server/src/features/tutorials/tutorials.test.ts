import { beforeAll, describe, expect, it } from 'vitest';
import type { Tutorial, TutorialList } from '@ridgeline/shared/contracts/tutorials';
import { tutorials } from '../../infra/db/schema/index';
import { signedInOwner } from '../../test/factories';
import { type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { createTutorialsService } from './tutorials.service';

const server = useTestServer();
let admin: SignedUpUser;
let owner: SignedUpUser; // a company owner, not a platform admin

beforeAll(async () => {
  admin = await signedInOwner(server, { owner: { platformAdmin: true } });
  owner = await signedInOwner(server);
});

const VIDEO = 'https://www.youtube.com/embed/abcdefghijk';

describe('tutorials', () => {
  it('seeds a starter set once, so the main pages have help', async () => {
    const seeded = await server.db.select().from(tutorials);
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    await createTutorialsService({ db: server.db }).seedStarterSet();
    expect(await server.db.select().from(tutorials)).toHaveLength(seeded.length);
    const dashboard = await owner.client.get<TutorialList>('/api/tutorials?route=/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.tutorials[0]).toMatchObject({ pageRoute: '/dashboard', isActive: true });
  });

  it('finds /projects/* for /projects/:id, exact routes first, active only', async () => {
    const exact = await admin.client.post<Tutorial>('/api/admin/tutorials', { pageRoute: '/projects/42', title: 'Project 42', embedCode: VIDEO });
    expect(exact.status).toBe(201);
    const found = await owner.client.get<TutorialList>('/api/tutorials?route=/projects/42');
    expect(found.body.tutorials.map((t) => t.pageRoute)).toEqual(['/projects/42', '/projects/*']);
    const other = await owner.client.get<TutorialList>('/api/tutorials?route=/projects/77');
    expect(other.body.tutorials.map((t) => t.pageRoute)).toEqual(['/projects/*']);

    const off = await admin.client.patch<Tutorial>(`/api/admin/tutorials/${exact.body.id}`, { isActive: false });
    expect(off.body.isActive).toBe(false);
    expect((await owner.client.get<TutorialList>('/api/tutorials?route=/projects/42')).body.tutorials.map((t) => t.pageRoute)).toEqual(['/projects/*']);
    const renamed = await admin.client.patch<Tutorial>(`/api/admin/tutorials/${exact.body.id}`, { title: 'Renamed' });
    expect(renamed.body).toMatchObject({ title: 'Renamed', isActive: false });

    const ownersList = await owner.client.get<TutorialList>('/api/tutorials/all');
    expect(ownersList.body.tutorials.some((t) => t.id === exact.body.id)).toBe(false);
    const adminsList = await admin.client.get<TutorialList>('/api/tutorials/all');
    expect(adminsList.body.tutorials.some((t) => t.id === exact.body.id)).toBe(true);
  });

  it('refuses non-admins (403), anonymous callers (401), unsafe embeds and bad input (400), unknown ids (404)', async () => {
    const before = (await server.db.select().from(tutorials)).length;
    expect((await owner.client.post('/api/admin/tutorials', { pageRoute: '/team', title: 'Mine', embedCode: VIDEO })).status).toBe(403);
    const [first] = await server.db.select().from(tutorials);
    expect((await owner.client.patch(`/api/admin/tutorials/${first?.id}`, { isActive: false })).status).toBe(403);
    expect((await server.client().get('/api/tutorials?route=/dashboard')).status).toBe(401);
    for (const embedCode of ['http://www.youtube.com/embed/abcdefghijk', '<iframe src="https://evil.example/embed/x"></iframe>', '<script>alert(1)</script>']) {
      const refused = await admin.client.post('/api/admin/tutorials', { pageRoute: '/team', title: 'Bad', embedCode });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    expect((await admin.client.post('/api/admin/tutorials', { pageRoute: 'team', title: 'x', embedCode: VIDEO })).status).toBe(400);
    expect((await admin.client.post('/api/admin/tutorials', { pageRoute: '/team', title: 'x'.repeat(500), embedCode: VIDEO })).status).toBe(400);
    expect((await admin.client.patch(`/api/admin/tutorials/${first?.id}`, {})).status).toBe(400);
    expect((await admin.client.patch('/api/admin/tutorials/not-a-uuid', { title: 'x' })).status).toBe(400);
    expect((await admin.client.patch('/api/admin/tutorials/00000000-0000-4000-8000-000000000000', { title: 'x' })).status).toBe(404);
    expect((await owner.client.get('/api/tutorials?route=dashboard')).status).toBe(400);
    expect(await server.db.select().from(tutorials)).toHaveLength(before);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tutorial, TutorialList } from '@ridgeline/shared/contracts/tutorials';
import { safeEmbedUrl } from '@ridgeline/shared/domain/tutorial-embed';
import { appSettings, tutorials } from '../../infra/db/schema/index';
import { signedInOwner } from '../../test/factories';
import { type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { STAND_IN_VIDEOS, STARTER_TUTORIALS } from './starter-tutorials';
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

  it('gives every starter page its own video or a written guide: no video stands in for several pages', async () => {
    const seeded = await server.db.select().from(tutorials);
    const starters = seeded.filter((row) => STARTER_TUTORIALS.some((starter) => starter.pageRoute === row.pageRoute && starter.title === row.title));
    expect(starters).toHaveLength(STARTER_TUTORIALS.length);
    for (const row of starters) expect(row.guide ?? row.embedCode, row.pageRoute).toBeTruthy();
    const videos = starters.map((row) => safeEmbedUrl(row.embedCode)).filter((video): video is string => video !== null);
    expect(new Set(videos).size).toBe(videos.length);
    for (const row of starters) expect(row.guide, row.pageRoute).toBeTruthy();
    expect(starters.find((row) => row.pageRoute === '/dashboard')?.embedCode).toBeNull();

    const dashboard = await owner.client.get<TutorialList>('/api/tutorials?route=/dashboard');
    expect(dashboard.body.tutorials[0]).toMatchObject({ pageRoute: '/dashboard', embedCode: null, guide: expect.stringContaining('Get set up') });
  });

  it('moves a database seeded with the stand-in videos to the written guides once, leaving what an admin changed', async () => {
    const [standIn, changed] = STAND_IN_VIDEOS.filter((video) => video.pageRoute === '/messages' || video.pageRoute === '/team');
    if (!standIn || !changed) throw new Error('stand-ins expected');
    const old = await server.db
      .insert(tutorials)
      .values([
        { pageRoute: standIn.pageRoute, title: 'Team chat', description: 'old', embedCode: standIn.embedCode },
        { pageRoute: changed.pageRoute, title: 'Our own team video', description: 'an admin wrote this', embedCode: changed.embedCode },
      ])
      .returning();
    await server.db.delete(appSettings).where(eq(appSettings.key, 'tutorials_guides'));
    await createTutorialsService({ db: server.db }).seedStarterSet();
    await createTutorialsService({ db: server.db }).seedStarterSet();
    const [moved] = await server.db
      .select()
      .from(tutorials)
      .where(eq(tutorials.id, old[0]?.id ?? ''));
    expect(moved).toMatchObject({
      embedCode: null,
      guide: STARTER_TUTORIALS.find((starter) => starter.pageRoute === '/messages')?.guide,
      description: 'Direct messages, groups, attachments and @mentions.',
    });
    const [kept] = await server.db
      .select()
      .from(tutorials)
      .where(eq(tutorials.id, old[1]?.id ?? ''));
    expect(kept).toMatchObject({ embedCode: changed.embedCode, guide: null, description: 'an admin wrote this' });
  });

  it('takes a written guide instead of a video, and never leaves a tutorial with neither', async () => {
    const guideOnly = await admin.client.post<Tutorial>('/api/admin/tutorials', {
      pageRoute: '/inbox',
      title: 'Your inbox',
      guide: 'Open a notification.\nMark all read.',
      embedCode: '',
    });
    expect(guideOnly.status, guideOnly.text).toBe(201);
    expect(guideOnly.body).toMatchObject({ embedCode: null, guide: 'Open a notification.\nMark all read.' });
    const neither = await admin.client.post('/api/admin/tutorials', { pageRoute: '/inbox', title: 'Nothing', embedCode: '', guide: '  ' });
    expect(neither.status).toBe(400);
    expect(neither.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('Add a video link or a written guide') } });
    const emptied = await admin.client.patch(`/api/admin/tutorials/${guideOnly.body.id}`, { guide: '' });
    expect(emptied.status).toBe(400);
    expect(emptied.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: 'Add a video link or a written guide' } });
    const swapped = await admin.client.patch<Tutorial>(`/api/admin/tutorials/${guideOnly.body.id}`, { guide: null, embedCode: VIDEO });
    expect(swapped.body).toMatchObject({ embedCode: VIDEO, guide: null });
  });
});

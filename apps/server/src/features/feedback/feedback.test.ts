import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminFeedbackDetailSchema,
  adminFeedbackPageSchema,
  feedbackDetailSchema,
  feedbackListSchema,
  feedbackScreenshotSchema,
  feedbackSummarySchema,
  type FeedbackDetail,
  type FeedbackScreenshot,
} from '@ridgeline/shared/contracts/feedback';
import { notificationsResponseSchema } from '@ridgeline/shared/contracts/chat';
import { SCREENSHOT_MAX_BYTES, SCREENSHOT_TOO_LARGE_MESSAGE, SCREENSHOT_TYPE_MESSAGE } from '@ridgeline/shared/domain/feedback';
import { pixelBudgetMessage } from '@ridgeline/shared/domain/images';
import { intakeFeedback } from '../../data/feedback-intake';
import { companies, feedback, feedbackEntries, feedbackScreenshots, notifications } from '../../infra/db/schema/index';
import { signedInOwner, signedInUser } from '../../test/factories';
import { pngBomb, tinyGif, tinyPng } from '../../test/images';
import { sendLarge, type TestClient, type TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { FEEDBACK_REPLY_SUBJECT, feedbackStatusSubject } from './feedback-mails';
import { sweepUnsentScreenshots } from './feedback-jobs';
import { UNREADABLE_SCREENSHOT_MESSAGE } from './feedback.service';

const server = useTestServer({ API_WRITE_LIMIT: '100000' });

let ownerA: Awaited<ReturnType<typeof signedInOwner>>;
let memberA: SignedUpUser;
let colleagueA: SignedUpUser;
let ownerB: Awaited<ReturnType<typeof signedInOwner>>;
let admin: SignedUpUser;
let loner: SignedUpUser;

const MISSING = '00000000-0000-4000-8000-000000000000';
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

beforeAll(async () => {
  ownerA = await signedInOwner(server, { name: 'Alpha Roofing' });
  memberA = await signedInUser(server, { company: ownerA.company, role: 'member', firstName: 'Mel', lastName: 'Member' });
  colleagueA = await signedInUser(server, { company: ownerA.company, role: 'manager' });
  ownerB = await signedInOwner(server, { name: 'Bravo Siding' });
  admin = await signedInUser(server, { platformAdmin: true, firstName: 'Avery', lastName: 'Admin' });
  loner = await signedInUser(server);
});

function expectError(response: TestResponse | { status: number; body: unknown }, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) } });
}

const uploadScreenshot = (client: TestClient, bytes: Uint8Array) => client.put<FeedbackScreenshot>('/api/feedback/screenshots', bytes);

async function screenshot(client: TestClient, bytes: Uint8Array = tinyPng(4, 3)): Promise<FeedbackScreenshot> {
  const response = await uploadScreenshot(client, bytes);
  expect(response.status, response.text).toBe(201);
  return feedbackScreenshotSchema.parse(response.body);
}

async function send(user: SignedUpUser, body: Record<string, unknown> = {}): Promise<FeedbackDetail> {
  const response = await user.client.post<FeedbackDetail>(
    '/api/feedback',
    { type: 'problem', message: 'The photo grid jumps when I scroll.', page: '/projects', appVersion: '0.1.0', ...body },
    { headers: { 'User-Agent': BROWSER } },
  );
  expect(response.status, response.text).toBe(201);
  return feedbackDetailSchema.parse(response.body);
}

/** Row counts of what feedback writes (a refused request changes none of them). */
async function feedbackCounts() {
  const rows = await server.db.execute<{ feedback: number; entries: number; screenshots: number; notifications: number }>(sql`select
    (select count(*)::int from feedback) as feedback,
    (select count(*)::int from feedback_entries) as entries,
    (select count(*)::int from feedback_screenshots) as screenshots,
    (select count(*)::int from notifications) as notifications`);
  return rows.rows[0];
}

/** Every file in the screenshots bucket. */
async function storedScreenshots(): Promise<string[]> {
  const root = join(server.deps.config.dataDir, 'storage', 'feedback-screenshots');
  const found: string[] = [];
  async function walk(dir: string, prefix: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isDirectory()) await walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (!entry.name.endsWith('.meta.json')) found.push(`${prefix}${entry.name}`);
    }
  }
  await walk(root, '');
  return found.sort();
}

/** The newest mail's id, so a test reads only the mail sent after it. */
const lastMailId = async () => (await server.db.execute<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from mail_outbox`)).rows[0]?.id ?? 0;

const notificationsOf = async (user: SignedUpUser) => notificationsResponseSchema.parse((await user.client.get('/api/notifications')).body).notifications;

describe('sending feedback', () => {
  it('a member sends a problem about a page with a screenshot: the version and browser come with it, and only they read it', async () => {
    const png = tinyPng(4, 3);
    const shot = await screenshot(memberA.client, png);
    expect(shot).toMatchObject({ contentType: 'image/png', byteSize: png.length, width: 4, height: 3 });

    const sent = await send(memberA, { page: '/projects/123', screenshotId: shot.id });
    expect(sent).toMatchObject({
      type: 'problem',
      status: 'new',
      source: 'user',
      message: 'The photo grid jumps when I scroll.',
      page: '/projects/123',
      appVersion: '0.1.0',
      browser: BROWSER,
      replyCount: 0,
      lastReplyBy: null,
      entries: [],
      screenshot: { contentType: 'image/png', width: 4, height: 3 },
    });
    // The screenshot is read through its signed URL, exactly as uploaded.
    const image = await memberA.client.get(sent.screenshot?.url ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const list = feedbackListSchema.parse((await memberA.client.get('/api/feedback')).body);
    expect(list.items.map((item) => item.id)).toContain(sent.id);
    expect(feedbackDetailSchema.parse((await memberA.client.get(`/api/feedback/${sent.id}`)).body).id).toBe(sent.id);
  });

  it('an idea needs no page or screenshot; an empty page means none', async () => {
    const idea = await send(memberA, { type: 'idea', message: 'Let me sort claim files by carrier.', page: '' });
    expect(idea).toMatchObject({ type: 'idea', page: null, screenshot: null });
    const question = await send(memberA, { type: 'question', message: 'Where do I set my time zone?', page: undefined });
    expect(question.page).toBeNull();
  });

  it('is visible only to its author: a colleague, the owner and another company get 404 and see nothing; a platform admin reads it', async () => {
    const mine = await send(memberA, { message: 'Only I should read this.' });
    for (const other of [colleagueA, ownerA, ownerB]) {
      expectError(await other.client.get(`/api/feedback/${mine.id}`), 404, 'NOT_FOUND');
      expectError(await other.client.post(`/api/feedback/${mine.id}/replies`, { body: 'Me too' }), 404, 'NOT_FOUND');
      const theirs = feedbackListSchema.parse((await other.client.get('/api/feedback')).body);
      expect(theirs.items.map((item) => item.id)).not.toContain(mine.id);
    }
    expect(await server.db.select().from(feedbackEntries).where(eq(feedbackEntries.feedbackId, mine.id))).toEqual([]);
    const seen = adminFeedbackDetailSchema.parse((await admin.client.get(`/api/admin/feedback/${mine.id}`)).body);
    expect(seen).toMatchObject({
      id: mine.id,
      company: { id: ownerA.company.id, name: 'Alpha Roofing' },
      author: { name: 'Mel Member', email: memberA.email },
    });
    expectError(await memberA.client.get(`/api/feedback/${MISSING}`), 404, 'NOT_FOUND');
  });

  it('a screenshot is its uploader’s only: another user cannot send it, nor can it be sent twice, and then nothing is written', async () => {
    const shot = await screenshot(memberA.client);
    const before = await feedbackCounts();
    for (const other of [colleagueA, ownerB]) {
      const response = await other.client.post('/api/feedback', { type: 'problem', message: 'Stolen screenshot', appVersion: '0.1.0', screenshotId: shot.id });
      expectError(response, 422, 'FEEDBACK_SCREENSHOT_MISSING');
    }
    expectError(
      await memberA.client.post('/api/feedback', { type: 'problem', message: 'Gone', appVersion: '0.1.0', screenshotId: MISSING }),
      422,
      'FEEDBACK_SCREENSHOT_MISSING',
    );
    expect(await feedbackCounts()).toEqual(before);

    await send(memberA, { screenshotId: shot.id });
    expectError(
      await memberA.client.post('/api/feedback', { type: 'problem', message: 'Again', appVersion: '0.1.0', screenshotId: shot.id }),
      422,
      'FEEDBACK_SCREENSHOT_MISSING',
    );
  });

  it('two sends of one screenshot at once: one is sent with it, the other is refused and writes nothing', async () => {
    const shot = await screenshot(memberA.client);
    const before = await feedbackCounts();
    const body = { type: 'problem', message: 'Sent from two tabs at once', appVersion: '0.1.0', screenshotId: shot.id };
    const answers = await Promise.all([memberA.client.post('/api/feedback', body), memberA.client.post('/api/feedback', body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const after = await feedbackCounts();
    expect(after?.feedback).toBe((before?.feedback ?? 0) + 1);
    const rows = await server.db.select().from(feedbackScreenshots).where(eq(feedbackScreenshots.id, shot.id));
    expect(rows[0]?.feedbackId).toBe((answers.find((answer) => answer.status === 201)?.body as FeedbackDetail).id);
  });

  it('refuses bad input with 400 in the one error shape and writes nothing', async () => {
    const before = await feedbackCounts();
    const valid = { type: 'problem', message: 'Something', appVersion: '0.1.0' };
    for (const body of [
      {},
      { ...valid, type: 'complaint' },
      { ...valid, type: undefined },
      { ...valid, message: '   ' },
      { ...valid, message: 'x'.repeat(5001) },
      { ...valid, message: 'bad\u0000byte' },
      { ...valid, page: 'https://evil.example/' },
      { ...valid, page: '//evil.example' },
      { ...valid, page: `/${'a'.repeat(300)}` },
      { ...valid, appVersion: undefined },
      { ...valid, appVersion: 'v'.repeat(65) },
      { ...valid, screenshotId: 'not-a-uuid' },
    ]) {
      expectError(await memberA.client.post('/api/feedback', body), 400, 'VALIDATION_ERROR');
    }
    expectError(await memberA.client.request('POST', '/api/feedback', { body: '{"type":' }), 400, 'VALIDATION_ERROR');
    expectError(await memberA.client.get('/api/feedback/not-a-uuid'), 400, 'VALIDATION_ERROR');
    const mine = (await memberA.client.get<{ items: { id: string }[] }>('/api/feedback')).body.items[0]?.id ?? MISSING;
    for (const body of [{}, { body: '' }, { body: 'y'.repeat(5001) }]) {
      expectError(await memberA.client.post(`/api/feedback/${mine}/replies`, body), 400, 'VALIDATION_ERROR');
    }
    expect(await feedbackCounts()).toEqual(before);
  });

  it('needs a signed-in member of a company', async () => {
    expectError(await server.client().get('/api/feedback'), 401, 'UNAUTHENTICATED');
    expectError(await server.client().post('/api/feedback', { type: 'idea', message: 'x', appVersion: '1' }), 401, 'UNAUTHENTICATED');
    expectError(await loner.client.post('/api/feedback', { type: 'idea', message: 'x', appVersion: '1' }), 403, 'NO_COMPANY');
    expectError(await uploadScreenshot(loner.client, tinyPng()), 403, 'NO_COMPANY');
  });
});

describe('the screenshot', () => {
  it('refuses what is not a PNG, JPEG, WebP or GIF image (415), an unreadable one (415) and one over the pixel budget (422), storing nothing', async () => {
    const before = { rows: (await feedbackCounts())?.screenshots, files: await storedScreenshots() };
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    for (const bytes of [Buffer.from('just some words'), svg, pdf]) {
      const refused = await uploadScreenshot(memberA.client, bytes);
      expectError(refused, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(refused.body).toMatchObject({ error: { message: SCREENSHOT_TYPE_MESSAGE } });
    }
    const broken = Buffer.from(tinyPng());
    broken.writeUInt32BE(0, 16);
    const unreadable = await uploadScreenshot(memberA.client, broken);
    expectError(unreadable, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(unreadable.body).toMatchObject({ error: { message: UNREADABLE_SCREENSHOT_MESSAGE } });
    for (const bomb of [await pngBomb(12_000, 12_000, 4), await pngBomb(16_000, 16_000)]) {
      const refused = await uploadScreenshot(memberA.client, bomb);
      expectError(refused, 422, 'IMAGE_TOO_MANY_PIXELS');
      expect(refused.body).toMatchObject({ error: { message: pixelBudgetMessage() } });
    }
    expectError(await uploadScreenshot(memberA.client, new Uint8Array()), 400, 'VALIDATION_ERROR');
    expect({ rows: (await feedbackCounts())?.screenshots, files: await storedScreenshots() }).toEqual(before);
    // A GIF is an image too.
    expect((await screenshot(memberA.client, tinyGif())).contentType).toBe('image/gif');
  });

  it('refuses one over 10 MB with 413 naming the limit, and stores nothing', async () => {
    const files = await storedScreenshots();
    const response = await sendLarge(server.url, 'PUT', '/api/feedback/screenshots', Buffer.concat([tinyPng(), Buffer.alloc(SCREENSHOT_MAX_BYTES)]), {
      Cookie: memberA.client.cookieHeader(),
      'Content-Type': 'image/png',
    });
    expectError(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(response.body).toMatchObject({ error: { message: SCREENSHOT_TOO_LARGE_MESSAGE } });
    expect(await storedScreenshots()).toEqual(files);
  });

  it('one never sent is deleted after a day with its file; a newer one and a sent one stay', async () => {
    const stale = await screenshot(memberA.client);
    const fresh = await screenshot(memberA.client);
    const sentShot = await screenshot(memberA.client);
    await send(memberA, { screenshotId: sentShot.id });
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    await server.db
      .update(feedbackScreenshots)
      .set({ createdAt: dayAgo })
      .where(sql`${feedbackScreenshots.id} in (${stale.id}, ${sentShot.id})`);
    const [staleRow] = await server.db.select().from(feedbackScreenshots).where(eq(feedbackScreenshots.id, stale.id));
    expect(await storedScreenshots()).toContain(staleRow?.objectPath);

    const removed = await sweepUnsentScreenshots({ db: server.db, storage: server.deps.storage, logger: server.deps.logger });
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = (await server.db.select({ id: feedbackScreenshots.id }).from(feedbackScreenshots)).map((row) => row.id);
    expect(left).not.toContain(stale.id);
    expect(left).toEqual(expect.arrayContaining([fresh.id, sentShot.id]));
    expect(await storedScreenshots()).not.toContain(staleRow?.objectPath);
  });
});

describe('screenshots waiting to be sent', () => {
  const forDraft = (client: TestClient, draft: string, bytes: Uint8Array = tinyPng(4, 3)) =>
    client.put<FeedbackScreenshot>(`/api/feedback/screenshots?draft=${draft}`, bytes);
  const rowOf = async (id: string) => (await server.db.select().from(feedbackScreenshots).where(eq(feedbackScreenshots.id, id)))[0];

  it("a new screenshot for the same draft replaces the draft's waiting one and deletes its file; other drafts, a colleague and another company keep theirs", async () => {
    const author = await signedInUser(server, { company: ownerA.company, role: 'member' });
    const [draft, otherDraft] = [randomUUID(), randomUUID()];
    const first = feedbackScreenshotSchema.parse((await forDraft(author.client, draft, tinyPng(4, 3))).body);
    const kept = feedbackScreenshotSchema.parse((await forDraft(author.client, otherDraft, tinyPng(5, 3))).body);
    const colleagues = feedbackScreenshotSchema.parse((await forDraft(colleagueA.client, draft, tinyPng(6, 3))).body);
    const otherCompanys = feedbackScreenshotSchema.parse((await forDraft(ownerB.client, draft, tinyPng(8, 3))).body);
    const firstPath = (await rowOf(first.id))?.objectPath;
    expect(await storedScreenshots()).toContain(firstPath);

    const second = await forDraft(author.client, draft, tinyPng(7, 3));
    expect(second.status, second.text).toBe(201);
    const replacement = feedbackScreenshotSchema.parse(second.body);
    expect(await rowOf(first.id)).toBeUndefined();
    expect(await storedScreenshots()).not.toContain(firstPath);
    for (const stays of [replacement, kept, colleagues, otherCompanys]) expect(await rowOf(stays.id)).toBeDefined();

    // The replaced one can no longer be sent; its replacement can.
    expectError(
      await author.client.post('/api/feedback', { type: 'problem', message: 'With the first image', appVersion: '0.1.0', screenshotId: first.id }),
      422,
      'FEEDBACK_SCREENSHOT_MISSING',
    );
    expect((await send(author, { screenshotId: replacement.id })).screenshot).not.toBeNull();
    expectError(await author.client.put(`/api/feedback/screenshots?draft=not-a-uuid`, tinyPng()), 400, 'VALIDATION_ERROR');
  });

  it('at most 50 MB of screenshots a user per hour by default, sent or not: five of 10 MB are kept, the sixth is 429 before it is read, nothing stored', async () => {
    const author = await signedInUser(server, { company: ownerA.company, role: 'member' });
    const big = (n: number) => Buffer.concat([tinyPng(4, n), Buffer.alloc(SCREENSHOT_MAX_BYTES - tinyPng(4, n).length, 1)]);
    for (let n = 1; n <= 5; n++) {
      const kept = await forDraft(author.client, randomUUID(), big(n));
      expect(kept.status, kept.text).toBe(201);
      expect(feedbackScreenshotSchema.parse(kept.body).byteSize).toBe(SCREENSHOT_MAX_BYTES);
    }
    const before = { rows: (await feedbackCounts())?.screenshots, files: await storedScreenshots() };
    const refused = await sendLarge(server.url, 'PUT', `/api/feedback/screenshots?draft=${randomUUID()}`, big(6), {
      Cookie: author.client.cookieHeader(),
      'Content-Type': 'image/png',
    });
    expectError(refused, 429, 'UPLOAD_QUOTA_EXCEEDED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ error: { message: expect.stringMatching(/^Your feedback screenshots this hour have reached the limit of 50 MB\./) } });
    expect({ rows: (await feedbackCounts())?.screenshots, files: await storedScreenshots() }).toEqual(before);
    // Someone else's hour is their own.
    expect((await forDraft(colleagueA.client, randomUUID(), big(7))).status).toBe(201);
  }, 60_000);
});

describe('the team’s triage', () => {
  it('lists every company’s feedback for platform admins, filtered by status, type and company, with the open count', async () => {
    const fromB = await send(ownerB, { type: 'question', message: 'How do I add a carrier?' });
    const fromA = await send(memberA, { type: 'idea', message: 'Dark mode for the field screens' });
    const page = adminFeedbackPageSchema.parse((await admin.client.get('/api/admin/feedback')).body);
    expect(page.items.map((item) => item.id)).toEqual(expect.arrayContaining([fromA.id, fromB.id]));
    expect(page.items[0]?.id).toBe(fromA.id);
    expect(page.companies).toEqual(
      expect.arrayContaining([
        { id: ownerA.company.id, name: 'Alpha Roofing' },
        { id: ownerB.company.id, name: 'Bravo Siding' },
      ]),
    );

    const onlyB = adminFeedbackPageSchema.parse((await admin.client.get(`/api/admin/feedback?companyId=${ownerB.company.id}`)).body);
    expect(onlyB.items.every((item) => item.company.id === ownerB.company.id)).toBe(true);
    expect(onlyB.items.map((item) => item.id)).toContain(fromB.id);
    const questions = adminFeedbackPageSchema.parse((await admin.client.get('/api/admin/feedback?type=question')).body);
    expect(questions.items.map((item) => item.type)).toEqual(questions.items.map(() => 'question'));
    expect(questions.items.map((item) => item.id)).toContain(fromB.id);

    const counts = await server.db.execute<{ open: number; fresh: number }>(
      sql`select count(*) filter (where status in ('new', 'planned', 'in_progress'))::int as open, count(*) filter (where status = 'new')::int as fresh from feedback`,
    );
    const summary = feedbackSummarySchema.parse((await admin.client.get('/api/admin/feedback/summary')).body);
    expect(summary).toEqual({ open: counts.rows[0]?.open, new: counts.rows[0]?.fresh });

    await admin.client.patch(`/api/admin/feedback/${fromB.id}`, { status: 'done' });
    const open = adminFeedbackPageSchema.parse((await admin.client.get('/api/admin/feedback?status=open')).body);
    expect(open.items.map((item) => item.id)).not.toContain(fromB.id);
    const done = adminFeedbackPageSchema.parse((await admin.client.get('/api/admin/feedback?status=done')).body);
    expect(done.items.map((item) => item.id)).toContain(fromB.id);
    expect(feedbackSummarySchema.parse((await admin.client.get('/api/admin/feedback/summary')).body).open).toBe((summary.open ?? 0) - 1);
  });

  it('is for platform admins only: an owner gets 403 on every triage route and changes nothing', async () => {
    const item = await send(memberA);
    const before = await feedbackCounts();
    for (const [method, path, body] of [
      ['GET', '/api/admin/feedback', undefined],
      ['GET', '/api/admin/feedback/summary', undefined],
      ['GET', `/api/admin/feedback/${item.id}`, undefined],
      ['PATCH', `/api/admin/feedback/${item.id}`, { status: 'done' }],
      ['POST', `/api/admin/feedback/${item.id}/replies`, { body: 'Answering my own' }],
    ] as const) {
      expectError(await ownerA.client.request(method, path, body ? { json: body } : {}), 403, 'FORBIDDEN');
    }
    expect(await feedbackCounts()).toEqual(before);
    expect((await server.db.select().from(feedback).where(eq(feedback.id, item.id)))[0]?.status).toBe('new');
  });

  it('refuses a bad status, filter or id with 400, and an unknown id with 404', async () => {
    const item = await send(memberA);
    for (const body of [{}, { status: 'closed' }, { status: 'Done' }])
      expectError(await admin.client.patch(`/api/admin/feedback/${item.id}`, body), 400, 'VALIDATION_ERROR');
    for (const query of ['status=closed', 'type=bug', 'companyId=alpha', 'page=0'])
      expectError(await admin.client.get(`/api/admin/feedback?${query}`), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.post(`/api/admin/feedback/${item.id}/replies`, { body: ' ' }), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.patch(`/api/admin/feedback/${MISSING}`, { status: 'done' }), 404, 'NOT_FOUND');
    expectError(await admin.client.post(`/api/admin/feedback/${MISSING}/replies`, { body: 'Hello' }), 404, 'NOT_FOUND');
    expectError(await admin.client.get(`/api/admin/feedback/${MISSING}`), 404, 'NOT_FOUND');
  });
});

describe('replies and status changes', () => {
  it('a status change reaches the author in the inbox and by mail, once; the same status again tells nobody', async () => {
    const item = await send(memberA, { message: 'Uploads stall on my phone at the third photo.' });
    const lastMail = await lastMailId();
    const changed = adminFeedbackDetailSchema.parse((await admin.client.patch(`/api/admin/feedback/${item.id}`, { status: 'planned' })).body);
    expect(changed.status).toBe('planned');
    expect(changed.entries).toEqual([expect.objectContaining({ kind: 'status', status: 'planned', body: null, byTeam: true, authorName: 'Avery Admin' })]);

    const [told] = (await notificationsOf(memberA)).filter((n) => n.link === `/feedback-loop/${item.id}`);
    expect(told).toMatchObject({
      kind: 'feedback',
      title: 'Your feedback is now: Planned',
      body: 'Uploads stall on my phone at the third photo.',
      actorName: 'Avery Admin',
      readAt: null,
    });
    const mail = await server.readMail(memberA.email, feedbackStatusSubject('Planned'), lastMail);
    expect(mail.text).toContain('Your feedback: "Uploads stall on my phone at the third photo."');
    expect(mail.text).toContain(`${server.url}/feedback-loop/${item.id}`);

    const before = await feedbackCounts();
    const again = await admin.client.patch(`/api/admin/feedback/${item.id}`, { status: 'planned' });
    expect(again.status).toBe(200);
    expect(await feedbackCounts()).toEqual(before);
    const mails = await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where "to" = ${memberA.email} and subject = ${feedbackStatusSubject('Planned')}`,
    );
    expect(mails.rows[0]?.n).toBe(1);
    // Nobody else was told.
    expect((await notificationsOf(colleagueA)).filter((n) => n.kind === 'feedback')).toEqual([]);
  });

  it('a reply of the team reaches the author; the author answers in the thread, which the team reads', async () => {
    const item = await send(memberA, { type: 'question', message: 'Can I export claim files to CSV?' });
    const lastMail = await lastMailId();
    const replied = await admin.client.post(`/api/admin/feedback/${item.id}/replies`, { body: 'Yes: Claim Files, then Export CSV.' });
    expect(replied.status, replied.text).toBe(201);

    const mine = feedbackDetailSchema.parse((await memberA.client.get(`/api/feedback/${item.id}`)).body);
    expect(mine).toMatchObject({ replyCount: 1, lastReplyBy: 'team' });
    expect(mine.entries).toEqual([expect.objectContaining({ kind: 'reply', body: 'Yes: Claim Files, then Export CSV.', byTeam: true })]);
    const [told] = (await notificationsOf(memberA)).filter((n) => n.link === `/feedback-loop/${item.id}`);
    expect(told).toMatchObject({ kind: 'feedback', title: 'The Ridgeline team replied to your feedback', body: 'Yes: Claim Files, then Export CSV.' });
    const mail = await server.readMail(memberA.email, FEEDBACK_REPLY_SUBJECT, lastMail);
    expect(mail.text).toContain('Reply: "Yes: Claim Files, then Export CSV."');
    expect(mail.text).toContain('Your feedback: "Can I export claim files to CSV?"');

    const notificationsBefore = (await feedbackCounts())?.notifications;
    const answered = await memberA.client.post(`/api/feedback/${item.id}/replies`, { body: 'Found it, thanks!' });
    expect(answered.status, answered.text).toBe(201);
    expect(feedbackDetailSchema.parse(answered.body)).toMatchObject({ replyCount: 2, lastReplyBy: 'author' });
    expect((await feedbackCounts())?.notifications).toBe(notificationsBefore);
    const seen = adminFeedbackDetailSchema.parse((await admin.client.get(`/api/admin/feedback/${item.id}`)).body);
    expect(seen.entries.map((entry) => [entry.byTeam, entry.body])).toEqual([
      [true, 'Yes: Claim Files, then Export CSV.'],
      [false, 'Found it, thanks!'],
    ]);
  });

  it('keeps the words people typed out of the subject and escapes them in the mail’s HTML', async () => {
    const item = await send(memberA, { message: '<b>Bold</b> & "quoted"' });
    const lastMail = await lastMailId();
    await admin.client.post(`/api/admin/feedback/${item.id}/replies`, { body: '<script>alert(1)</script>' });
    const mail = await server.readMail(memberA.email, FEEDBACK_REPLY_SUBJECT, lastMail);
    expect(mail.text).toContain('Reply: "<script>alert(1)</script>"');
    const [row] = (await server.db.execute<{ subject: string; html: string }>(sql`select subject, html from mail_outbox where id = ${mail.id}`)).rows;
    expect(row?.subject).toBe(FEEDBACK_REPLY_SUBJECT);
    expect(row?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(row?.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot;');
    expect(row?.html).not.toContain('<script>');
  });
});

describe('a company that is read-only', () => {
  it('can still send feedback and answer the team', async () => {
    const ended = await signedInOwner(server, { name: 'Ended Trial Gutters' });
    await server.db
      .update(companies)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(companies.id, ended.company.id));
    expectError(await ended.client.post('/api/carriers', { name: 'Blocked Mutual' }), 402, 'BILLING_READ_ONLY');
    const shot = await screenshot(ended.client);
    const item = await send(ended, { message: 'I cannot find where to pay.', screenshotId: shot.id });
    expect((await ended.client.post(`/api/feedback/${item.id}/replies`, { body: 'Still stuck.' })).status).toBe(201);
  });
});

describe('feedback filed by another feature', () => {
  it('an answer of the assistant rated wrong arrives in triage and in its author’s list, once per rating', async () => {
    const ratingId = randomUUID();
    const filed = {
      companyId: ownerA.company.id,
      authorId: memberA.me.id,
      type: 'problem',
      message: 'Q: Is hail covered? A: Never.',
      page: '/assistant',
      source: 'assistant',
      sourceRef: ratingId,
    } as const;
    const first = await server.db.transaction((tx) => intakeFeedback(tx, filed));
    const second = await server.db.transaction((tx) => intakeFeedback(tx, filed));
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });

    const triage = adminFeedbackPageSchema.parse((await admin.client.get(`/api/admin/feedback?companyId=${ownerA.company.id}&type=problem`)).body);
    expect(triage.items.find((item) => item.id === first.id)).toMatchObject({ source: 'assistant', status: 'new', page: '/assistant' });
    const list = feedbackListSchema.parse((await memberA.client.get('/api/feedback')).body);
    expect(list.items.filter((item) => item.id === first.id)).toHaveLength(1);
    expect(
      (
        await server.db
          .select()
          .from(notifications)
          .where(eq(notifications.link, `/feedback-loop/${first.id}`))
      ).length,
    ).toBe(0);
  });
});

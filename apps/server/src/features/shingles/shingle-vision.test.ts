import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssistantConversation } from '@ridgeline/shared/contracts/assistant';
import type { ShingleVisionStatus, ShingleVisionSuggestion } from '@ridgeline/shared/contracts/shingles';
import { assistantUses } from '../../infra/db/schema/index';
import { imagePipeline } from '../../infra/images/images';
import { makeJpeg } from '../../infra/pdf/pdf-test-kit';
import { startChatCompletionsServer, type SeenContent } from '../../test/chat-completions-server';
import { insertProjectRow, signedInOwner, signedInUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { VISION_IMAGE_SIDE } from './shingle-vision.service';

// Shingle ID's suggestions from a photo, against a local server speaking the chat-completions
// protocol: the request carries the photo (a small JPEG as an image_url data URL) and no claim data;
// the answer is read against the vocabulary; the feature is absent (404) with the provider turned
// off; a bad photo is refused before the provider is asked; each answer counts against the
// company's daily assistant limit, and one company's use never touches another's.

let local: Awaited<ReturnType<typeof startChatCompletionsServer>>;
beforeAll(async () => {
  local = await startChatCompletionsServer();
});
afterAll(() => local.stop());

const server = useTestServer(() => ({
  ASSISTANT_API_KEY: 'local-test-key',
  ASSISTANT_BASE_URL: local.baseUrl,
  ASSISTANT_MODEL: 'local-vision',
  ASSISTANT_MAX_RETRIES: '0',
  ASSISTANT_TIMEOUT_MS: '5000',
}));
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let member: SignedUpUser;
let other: Awaited<ReturnType<typeof signedInOwner>>;

beforeAll(async () => {
  owner = await signedInOwner(server, { name: 'Vision Roofing' });
  member = await signedInUser(server, { company: owner.company, role: 'member' });
  other = await signedInOwner(server, { name: 'Other Roofing' });
});
beforeEach(() => {
  local.script.length = 0;
  local.seen.length = 0;
});

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) } });
}

const suggest = (user: SignedUpUser, body: Uint8Array | string, contentType = 'image/jpeg') =>
  user.client.request<ShingleVisionSuggestion>('POST', '/api/shingles/vision-suggestions', {
    body: typeof body === 'string' ? Buffer.from(body) : body,
    headers: { 'Content-Type': contentType },
  });
const usesOf = async (companyId: string) =>
  server.db
    .select()
    .from(assistantUses)
    .where(and(eq(assistantUses.companyId, companyId), eq(assistantUses.kind, 'vision')));
const answerWith = (value: object) => local.script.push({ kind: 'stream', pieces: [JSON.stringify(value)] });

function imageUrlOf(content: SeenContent | undefined): string {
  if (!Array.isArray(content)) return '';
  const part = content.find((p) => p.type === 'image_url');
  return part?.type === 'image_url' ? part.image_url.url : '';
}

describe('shingle vision: suggestions from a photo', () => {
  it('sends a small JPEG of the photo and no claim data, and keeps only what is in the vocabulary', async () => {
    await insertProjectRow(server.db, owner.company.id, { title: 'Maple Street hail claim', claimNumber: 'SECRET-CLAIM-7' });
    const big = await makeJpeg(2400, 1600, [120, 90, 60]);
    const tagged = await imagePipeline(big)
      .withExif({ IFD0: { Copyright: 'GPS-AND-OWNER-SECRET' } })
      .jpeg()
      .toBuffer();
    expect(tagged.includes('GPS-AND-OWNER-SECRET')).toBe(true);
    answerWith({ type: 'laminated', cut: 'dragon_scale', nailZone: 'fabric_strip', sealant: 'solid', manufacturer: 'Some Maker' });

    expect((await member.client.get<ShingleVisionStatus>('/api/shingles/vision')).body).toEqual({ available: true });
    const response = await suggest(member, tagged);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ type: 'laminated', cut: null, nailZone: 'fabric_strip', sealant: 'solid' });

    expect(local.seen).toHaveLength(1);
    const sent = local.seen[0];
    expect(sent?.authorization).toBe('Bearer local-test-key');
    expect(sent?.body.stream).toBeFalsy();
    const url = imageUrlOf(sent?.body.messages.find((m) => m.role === 'user')?.content);
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const jpeg = Buffer.from(url.slice('data:image/jpeg;base64,'.length), 'base64');
    const meta = await imagePipeline(jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(VISION_IMAGE_SIDE);
    expect(jpeg.includes('GPS-AND-OWNER-SECRET')).toBe(false);
    const everything = JSON.stringify(sent?.body);
    for (const secret of ['Maple Street', 'SECRET-CLAIM-7', 'Vision Roofing', owner.company.id]) expect(everything).not.toContain(secret);

    // Nothing of the photo or the answer is kept: one use, with the company, the user and the model.
    const uses = await usesOf(owner.company.id);
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ companyId: owner.company.id, userId: member.me.id, model: 'local-model' });
    expect(await usesOf(other.company.id)).toHaveLength(0);
  });

  it('reads an answer that is not JSON as no suggestion', async () => {
    local.script.push({ kind: 'stream', pieces: ['It looks like a nice roof.'] });
    const response = await suggest(owner, await makeJpeg(300, 200, [90, 90, 90]));
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ type: null, cut: null, nailZone: null, sealant: null });
  });

  it('refuses what is not a readable photo before asking the provider', async () => {
    expectError(await suggest(owner, 'not a photo at all', 'image/jpeg'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    expectError(await suggest(owner, gif, 'image/gif'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const whole = await makeJpeg(640, 480, [10, 120, 40]);
    expectError(await suggest(owner, whole.subarray(0, Math.floor(whole.length * 0.6))), 422, 'PHOTO_UNREADABLE');
    expectError(await suggest(owner, new Uint8Array(0)), 400, 'VALIDATION_ERROR');
    expect(local.seen).toHaveLength(0);
  });

  it('says the provider failed, counting nothing', async () => {
    const before = (await usesOf(owner.company.id)).length;
    local.script.push({ kind: 'status', status: 400 });
    expectError(await suggest(owner, await makeJpeg(300, 200, [1, 2, 3])), 502, 'ASSISTANT_ANSWER_FAILED');
    expect(await usesOf(owner.company.id)).toHaveLength(before);
  });

  it('is absent (404, and the status says so) once the owner turns the provider off', async () => {
    expect((await owner.client.patch('/api/assistant/settings', { providerEnabled: false })).status).toBe(200);
    try {
      expect((await member.client.get<ShingleVisionStatus>('/api/shingles/vision')).body).toEqual({ available: false });
      expectError(await suggest(member, await makeJpeg(300, 200, [1, 2, 3])), 404, 'NOT_FOUND');
      expect(local.seen).toHaveLength(0);
      // The other company's setting is its own.
      expect((await other.client.get<ShingleVisionStatus>('/api/shingles/vision')).body).toEqual({ available: true });
    } finally {
      await owner.client.patch('/api/assistant/settings', { providerEnabled: true });
    }
  });

  it("counts against the company's daily assistant limit, and never against another company's", async () => {
    const fresh = await signedInOwner(server, { name: 'Limited Roofing' });
    expect((await fresh.client.patch('/api/assistant/settings', { dailyLimit: 2 })).status).toBe(200);
    const photo = await makeJpeg(300, 200, [200, 10, 10]);
    answerWith({ type: 'three_tab' });
    answerWith({ type: 'three_tab' });
    expect((await suggest(fresh, photo)).status).toBe(200);
    expect((await suggest(fresh, photo)).status).toBe(200);
    expectError(await suggest(fresh, photo), 429, 'ASSISTANT_DAILY_LIMIT');
    expect(local.seen).toHaveLength(2);
    // The assistant counts them as the day's uses too.
    const status = await fresh.client.get<AssistantConversation>('/api/assistant/conversation');
    expect(status.body.status).toMatchObject({ answersToday: 2, dailyLimit: 2 });
    // Another company is not affected.
    answerWith({ type: 'designer' });
    const theirs = await suggest(other, photo);
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.type).toBe('designer');
  });

  it('lets a burst of 8 photos with 1 suggestion left reach the provider once', async () => {
    const burst = await signedInOwner(server, { name: 'Burst Vision Roofing' });
    expect((await burst.client.patch('/api/assistant/settings', { dailyLimit: 1 })).status).toBe(200);
    const photo = await makeJpeg(300, 200, [30, 60, 90]);
    for (let i = 0; i < 8; i += 1) answerWith({ type: 'three_tab' });
    const responses = await Promise.all(Array.from({ length: 8 }, () => suggest(burst, photo)));
    expect(local.seen).toHaveLength(1);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of responses.filter((r) => r.status !== 200)) expectError(refused, 429, 'ASSISTANT_DAILY_LIMIT');
  });

  it('counts a suggestion stopped while the provider works on it: the call was made', async () => {
    const stopper = await signedInOwner(server, { name: 'Stopping Vision Roofing' });
    expect((await stopper.client.patch('/api/assistant/settings', { dailyLimit: 3 })).status).toBe(200);
    const photo = await makeJpeg(300, 200, [90, 60, 30]);
    for (let i = 1; i <= 3; i += 1) {
      local.script.push({ kind: 'hang', pieces: [] });
      const stop = new AbortController();
      const sent = fetch(`${server.url}/api/shingles/vision-suggestions`, {
        method: 'POST',
        headers: { 'Content-Type': 'image/jpeg', Origin: server.url, Cookie: stopper.client.cookieHeader() },
        body: photo,
        signal: stop.signal,
      }).catch(() => null);
      await expect.poll(() => local.seen.length, { timeout: 5000 }).toBe(i);
      stop.abort();
      await sent;
    }
    await expect.poll(() => local.seen.filter((s) => s.closedEarly).length, { timeout: 5000 }).toBe(3);
    const status = await stopper.client.get<AssistantConversation>('/api/assistant/conversation');
    expect(status.body.status).toMatchObject({ answersToday: 3, dailyLimit: 3 });
    expectError(await suggest(stopper, photo), 429, 'ASSISTANT_DAILY_LIMIT');
    expect(local.seen).toHaveLength(3);
  });

  it('needs a signed-in member of a company', async () => {
    const anonymous = await server
      .client()
      .request('POST', '/api/shingles/vision-suggestions', { body: await makeJpeg(100, 100, [1, 1, 1]), headers: { 'Content-Type': 'image/jpeg' } });
    expect(anonymous.status).toBe(401);
    expect((await server.client().get('/api/shingles/vision')).status).toBe(401);
  });
});

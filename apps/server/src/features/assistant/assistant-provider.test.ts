import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AskDone, AssistantConversation } from '@ridgeline/shared/contracts/assistant';
import { PROVIDER_OFF_NOTICE } from '@ridgeline/shared/domain/assistant';
import { assistantMessages } from '../../infra/db/schema/index';
import { startChatCompletionsServer } from '../../test/chat-completions-server';
import { insertProjectRow, signedInOwner } from '../../test/factories';
import { parseSse } from '../../test/sse';
import { useTestServer } from '../../test/use-test-server';

// The provider adapter against a local server speaking the chat-completions protocol: streamed
// tokens, Stop, a 429 then success, failures after the retries, and a cut stream, none of which
// saves half an answer.

let local: Awaited<ReturnType<typeof startChatCompletionsServer>>;
beforeAll(async () => {
  local = await startChatCompletionsServer();
});
afterAll(() => local.stop());

const server = useTestServer(() => ({ ASSISTANT_API_KEY: 'local-test-key', ASSISTANT_BASE_URL: local.baseUrl, ASSISTANT_MODEL: 'local-model', ASSISTANT_MAX_RETRIES: '2', ASSISTANT_TIMEOUT_MS: '5000' }));
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let other: Awaited<ReturnType<typeof signedInOwner>>;

beforeAll(async () => {
  owner = await signedInOwner(server, { name: 'Provider Roofing' });
  other = await signedInOwner(server, { name: 'Other Roofing' });
});
beforeEach(() => {
  local.script.length = 0;
  local.seen.length = 0;
});

const savedOf = async (companyId: string) => server.db.select().from(assistantMessages).where(eq(assistantMessages.companyId, companyId));

describe('assistant: the provider adapter', () => {
  it('streams the tokens, checks the citations, records the usage, and sends only this company’s sources', async () => {
    const mine = await insertProjectRow(server.db, owner.company.id, { title: 'Maple Street hail claim', claimNumber: 'MINE-1' });
    await insertProjectRow(server.db, other.company.id, { title: 'Other company secret file', claimNumber: 'SECRET-9' });
    local.script.push({
      kind: 'stream',
      pieces: ['Drip edge is required ', 'at the eaves and rakes [K:irc-r905-2-8-5-drip-edge]. ', 'Gutters need guards [K:irc-r999-9-invented]. ', 'Claim MINE-1 is open [C:claim].'],
      usage: { prompt_tokens: 812, completion_tokens: 41 },
    });
    const response = await owner.client.post('/api/assistant/ask', { question: 'Is drip edge required at the eaves?', projectId: mine.id });
    expect(response.status, response.text).toBe(200);
    const events = parseSse(response.text);
    const tokens = events.filter((e) => e.event === 'token').map((e) => (e.data as { text: string }).text);
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    expect(tokens.join('')).toContain('[K:irc-r999-9-invented]');
    const done = events.find((e) => e.event === 'done')?.data as AskDone;
    expect(done.answer.mode).toBe('provider');
    expect(done.answer.content).toBe('Drip edge is required at the eaves and rakes [K:irc-r905-2-8-5-drip-edge]. Gutters need guards. Claim MINE-1 is open [C:claim].');
    expect(done.answer.dropped).toEqual(['[K:irc-r999-9-invented]']);
    expect(done.answer.citations.map((c) => (c.kind === 'passage' ? c.slug : c.ref))).toEqual(['irc-r905-2-8-5-drip-edge', 'claim']);
    const [row] = (await savedOf(owner.company.id)).filter((m) => m.id === done.answer.id);
    expect(row).toMatchObject({ model: 'local-model', promptTokens: 812, completionTokens: 41, mode: 'provider' });

    // What was sent: the key, the model, the server-built prompt with this claim file and the
    // retrieved passages, and nothing of another company.
    expect(local.seen).toHaveLength(1);
    const sent = local.seen[0];
    expect(sent?.authorization).toBe('Bearer local-test-key');
    expect(sent?.body).toMatchObject({ model: 'local-model', stream: true });
    const prompt = JSON.stringify(sent?.body.messages);
    expect(prompt).toContain('[K:irc-r905-2-8-5-drip-edge]');
    expect(prompt).toContain('Maple Street hail claim');
    expect(prompt).not.toContain('Other company secret file');
    expect(prompt).not.toContain('SECRET-9');
  });

  it('retries a 429 with backoff, then answers', async () => {
    local.script.push({ kind: 'status', status: 429, retryAfterMs: 20 }, { kind: 'stream', pieces: ['A cricket goes behind chimneys wider than 30 in [K:irc-r903-2-2-cricket].'] });
    const response = await owner.client.post('/api/assistant/ask', { question: 'When is a cricket required?' });
    const done = parseSse(response.text).find((e) => e.event === 'done')?.data as AskDone;
    expect(done.answer.citations.map((c) => (c.kind === 'passage' ? c.slug : c.ref))).toEqual(['irc-r903-2-2-cricket']);
    expect(local.seen).toHaveLength(2);
  });

  it('gives up after the retries with a clear message, and saves nothing', async () => {
    const before = await savedOf(owner.company.id);
    local.script.push({ kind: 'status', status: 503, retryAfterMs: 10 }, { kind: 'status', status: 503, retryAfterMs: 10 }, { kind: 'status', status: 503, retryAfterMs: 10 });
    const response = await owner.client.post('/api/assistant/ask', { question: 'Valley lining?' });
    const events = parseSse(response.text);
    expect(events.find((e) => e.event === 'error')?.data).toEqual({ error: { code: 'ASSISTANT_ANSWER_FAILED', message: 'The AI provider answered 503. Nothing was saved; ask again.' } });
    expect(local.seen).toHaveLength(3);
    expect(await savedOf(owner.company.id)).toEqual(before);
  });

  it('ends a cut stream with a clear message and no half-saved answer', async () => {
    const before = await savedOf(owner.company.id);
    local.script.push({ kind: 'cut', pieces: ['Step flashing is ', 'required at'] });
    const response = await owner.client.post('/api/assistant/ask', { question: 'Step flashing at a sidewall?' });
    const events = parseSse(response.text);
    expect(events.filter((e) => e.event === 'token').length).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({ event: 'error', data: { error: { code: 'ASSISTANT_ANSWER_FAILED', message: 'The answer was cut off before it was complete. Nothing was saved; ask again.' } } });
    expect(events.some((e) => e.event === 'done')).toBe(false);
    expect(await savedOf(owner.company.id)).toEqual(before);
  });

  it('stops: closing the answer aborts the provider call and saves nothing', async () => {
    const before = await savedOf(owner.company.id);
    local.script.push({ kind: 'hang', pieces: ['Counter flashing is '] });
    const stop = new AbortController();
    const response = await fetch(`${server.url}/api/assistant/ask`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: owner.client.cookieHeader() },
      body: JSON.stringify({ question: 'Counter flashing?' }),
      signal: stop.signal,
    });
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain('event: token');
    stop.abort();
    await expect.poll(() => local.seen[0]?.closedEarly, { timeout: 5000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await savedOf(owner.company.id)).toEqual(before);
  });

  it("answers built-in, sending nothing to the provider, once the owner turns it off", async () => {
    expect((await owner.client.patch('/api/assistant/settings', { providerEnabled: false })).status).toBe(200);
    const response = await owner.client.post('/api/assistant/ask', { question: 'Is drip edge required at the eaves?' });
    const done = parseSse(response.text).find((e) => e.event === 'done')?.data as AskDone;
    expect(done.answer.mode).toBe('builtin');
    expect(done.answer.content.startsWith(PROVIDER_OFF_NOTICE)).toBe(true);
    expect(local.seen).toHaveLength(0);
    const status = await owner.client.get<AssistantConversation>('/api/assistant/conversation');
    expect(status.body.status).toMatchObject({ mode: 'builtin', notice: PROVIDER_OFF_NOTICE });
    await owner.client.patch('/api/assistant/settings', { providerEnabled: true });
    expect((await owner.client.get<AssistantConversation>('/api/assistant/conversation')).body.status).toMatchObject({ mode: 'provider', notice: null });
  });
});

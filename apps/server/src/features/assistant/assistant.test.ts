import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AskDone, AssistantConversation, AssistantMessage, AssistantSettings, Passage } from '@ridgeline/shared/contracts/assistant';
import { BUILT_IN_NOTICE } from '@ridgeline/shared/domain/assistant';
import type { SupplementItem } from '@ridgeline/shared/domain/supplement';
import { assistantMessages, estimates, feedback, inspectionSessions, roofMeasurements } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser } from '../../test/factories';
import type { TestClient, TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { parseSse } from '../../test/sse';
import { useTestServer } from '../../test/use-test-server';
import { checkCitations } from './answers';
import { searchPassages, type PassageRow } from './assistant.repository';

const server = useTestServer();
let ownerA: Awaited<ReturnType<typeof signedInOwner>>;
let memberA: SignedUpUser;
let ownerB: Awaited<ReturnType<typeof signedInOwner>>;
let admin: SignedUpUser;

beforeAll(async () => {
  ownerA = await signedInOwner(server, { name: 'Alpha Roofing' });
  memberA = await signedInUser(server, { company: ownerA.company, role: 'member' });
  ownerB = await signedInOwner(server, { name: 'Bravo Siding' });
  admin = await signedInUser(server, { platformAdmin: true });
});

async function ask(client: TestClient, body: Record<string, unknown>): Promise<AskDone> {
  const response = await client.post('/api/assistant/ask', body);
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events = parseSse(response.text);
  const done = events.find((e) => e.event === 'done');
  expect(done, response.text).toBeDefined();
  return done?.data as AskDone;
}

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), requestId: expect.any(String) } });
}

const slugsOf = (message: AssistantMessage) => message.citations.flatMap((c) => (c.kind === 'passage' ? [c.slug] : []));

/** A claim file with an inspection (hit counts), a measurement with an 8:12 slope and an estimate with its supplement list. */
async function claimWithSupplement(companyId: string, options: { steepest: number }) {
  const project = await insertProjectRow(server.db, companyId, {
    title: 'Hale residence',
    lossType: 'hail',
    lossDescription: 'Hail storm in May',
    claimNumber: 'CLM-77',
    carrierName: 'Prairie Mutual',
  });
  const sessionId = randomUUID();
  await server.db.insert(inspectionSessions).values({
    id: sessionId,
    companyId,
    projectId: project.id,
    street: project.street,
    structures: [
      {
        id: 'main',
        name: 'Main house',
        kind: 'house',
        areas: ['roof'],
        slopes: [
          { direction: 'N', testSquareHits: 11 },
          { direction: 'S', testSquareHits: 4 },
        ],
      },
    ],
  });
  await server.db.insert(roofMeasurements).values({
    companyId,
    projectId: project.id,
    label: 'Main',
    structures: [
      {
        name: 'Main house',
        facets: [
          { pitchRise: options.steepest, planAreaSqFt: 1200 },
          { pitchRise: 6, planAreaSqFt: 800 },
        ],
      },
    ],
    trueAreaSqFt: 2400,
    squaresHundredths: 2400,
  });
  const supplement: SupplementItem[] = [
    {
      code: 'drip_edge',
      description: 'Drip edge',
      kind: 'missing',
      ourQuantity: 220,
      carrierQuantity: 0,
      unit: 'LF',
      amountCents: 66000,
      support: '140 LF of eaves and 80 LF of rakes measured',
    },
    {
      code: 'ice_water',
      description: 'Ice and water barrier',
      kind: 'under_counted',
      ourQuantity: 6,
      carrierQuantity: 3,
      unit: 'SQ',
      amountCents: 42000,
      support: 'eaves 140 LF by 3 ft plus valleys',
    },
  ];
  const [estimate] = await server.db
    .insert(estimates)
    .values({ companyId, sessionId, projectId: project.id, version: 1, supplement, rcvCents: 1_500_000, acvCents: 1_200_000 })
    .returning({ id: estimates.id });
  return { project, estimateId: estimate?.id ?? '' };
}

describe('assistant: the knowledge base', () => {
  // Twenty questions a roofer or a claims manager writes, and the passage that must rank first.
  const RETRIEVAL_TABLE: Array<[string, string]> = [
    ['Is drip edge required at the eaves?', 'irc-r905-2-8-5-drip-edge'],
    ['Does a recover need a tear-off when the roof already has two layers?', 'irc-r908-3-1-1-recover-not-allowed'],
    ['How many nails per shingle does the code require?', 'irc-r905-2-6-attachment'],
    ['When is a cricket required behind a chimney?', 'irc-r903-2-2-cricket'],
    ['Step flashing where the roof meets a sidewall', 'irc-r905-2-8-3-sidewall-step-flashing'],
    ['How far must the ice barrier extend inside the exterior wall?', 'irc-r905-1-2-ice-barrier-extent'],
    ['What is the minimum slope for asphalt shingles?', 'irc-r905-2-2-minimum-slope'],
    ['What attic vent ratio is required, 1/150 or 1/300?', 'irc-r806-2-vent-ratio'],
    ['How many hail hits per test square before the carrier replaces the roof?', 'hail-threshold-8'],
    ['What size is the test square?', 'hail-test-square'],
    ['What hail size damages laminated shingles?', 'hail-threshold-sizes'],
    ['What is UL 2218 class 4 impact rating?', 'hail-ul-2218'],
    ['Does GAF require starter strip at the rakes for the wind warranty?', 'gaf-starter-eaves-rakes'],
    ['Is overhead and profit 10 and 10?', 'est-overhead-profit'],
    ['What is the three trade rule for O&P?', 'est-three-trade-rule'],
    ['Waste factor for a hip roof', 'est-waste-factor'],
    ['Steep charge tiers by pitch', 'est-steep-charge'],
    ['Can rusted counter flashing be reused on a reroof?', 'irc-r908-5-reinstallation'],
    ['Owens Corning cold weather installation hand seal', 'oc-cold-weather'],
    ['Which section is R905.2.7 in the 2018 IRC, underlayment application?', 'irc-r905-2-7-ice-barrier-pointer'],
  ];

  it.each(RETRIEVAL_TABLE)('ranks the right passage first for "%s"', async (question, slug) => {
    const ranked = await searchPassages(server.db, question, '2021', 5);
    expect(ranked.map((p) => p.slug)[0], JSON.stringify(ranked.map((p) => [p.slug, p.rank]))).toBe(slug);
  });

  it('lets platform admins add, edit and retire passages; a retired passage is never retrieved again', async () => {
    const created = await admin.client.post<Passage>('/api/admin/knowledge', {
      slug: 'test-gutter-apron',
      topic: 'manufacturer',
      section: 'Test maker sheet',
      title: 'Gutter apron zebrafinch',
      body: 'A zebrafinch apron goes under the first course.',
      source: 'test sheet',
      confidence: 'P',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ slug: 'test-gutter-apron', editions: [], retired: false });
    expect((await searchPassages(server.db, 'zebrafinch', '2021', 3))[0]?.slug).toBe('test-gutter-apron');
    expectError(await admin.client.post('/api/admin/knowledge', { ...created.body, id: undefined, retired: undefined }), 409, 'CONFLICT');

    const edited = await admin.client.patch<Passage>(`/api/admin/knowledge/${created.body.id}`, { confidence: 'S', editions: ['2024'] });
    expect(edited.body).toMatchObject({ confidence: 'S', editions: ['2024'] });
    expect(await searchPassages(server.db, 'zebrafinch', '2021', 3)).toEqual([]);
    expect((await searchPassages(server.db, 'zebrafinch', '2024', 3))[0]?.slug).toBe('test-gutter-apron');

    const retired = await admin.client.patch<Passage>(`/api/admin/knowledge/${created.body.id}`, { retired: true });
    expect(retired.body.retired).toBe(true);
    expect(await searchPassages(server.db, 'zebrafinch', '2024', 3)).toEqual([]);
    const listed = await admin.client.get<{ passages: Passage[] }>('/api/admin/knowledge?retired=true');
    expect(listed.body.passages.find((p) => p.id === created.body.id)?.retired).toBe(true);
    const live = await admin.client.get<{ passages: Passage[] }>('/api/admin/knowledge');
    expect(live.body.passages.some((p) => p.id === created.body.id)).toBe(false);
    expect(live.body.passages.length).toBeGreaterThan(80);

    // Only platform admins: a company owner is not one.
    expectError(await ownerA.client.get('/api/admin/knowledge'), 403, 'FORBIDDEN');
    expectError(await ownerA.client.post('/api/admin/knowledge', { slug: 'x' }), 403, 'FORBIDDEN');
    expectError(
      await admin.client.post('/api/admin/knowledge', { slug: 'Bad Slug', topic: 'code', section: 'x', title: 'x', body: 'x', source: 'x', confidence: 'P' }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await admin.client.post('/api/admin/knowledge', {
        slug: 'ok-slug',
        topic: 'code',
        section: 'x',
        title: 'x',
        body: 'x',
        source: 'x',
        confidence: 'maybe',
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await admin.client.patch(`/api/admin/knowledge/${randomUUID()}`, { title: 'x' }), 404, 'NOT_FOUND');
    expectError(await admin.client.patch(`/api/admin/knowledge/${created.body.id}`, {}), 400, 'VALIDATION_ERROR');
  });
});

describe('assistant: answers', () => {
  it('answers in the built-in mode with the best passages and their citations, saying so plainly, and keeps the thread', async () => {
    const done = await ask(memberA.client, { question: 'Is drip edge required at the eaves?' });
    expect(done.answer.content.startsWith(BUILT_IN_NOTICE)).toBe(true);
    expect(done.answer.mode).toBe('builtin');
    expect(slugsOf(done.answer)[0]).toBe('irc-r905-2-8-5-drip-edge');
    expect(done.answer.citations[0]).toMatchObject({ kind: 'passage', section: 'IRC R905.2.8.5', confidence: 'S', edition: '2012-2021' });
    // A secondary-only fact is worded as commonly reported.
    expect(done.answer.content).toContain('Commonly reported: A drip edge is required');
    expect(done.answer.dropped).toEqual([]);
    expect(done.question).toMatchObject({ role: 'user', content: 'Is drip edge required at the eaves?' });

    const thread = await memberA.client.get<AssistantConversation>('/api/assistant/conversation');
    expect(thread.status).toBe(200);
    expect(thread.body.projectId).toBeNull();
    expect(thread.body.messages.map((m) => m.id)).toEqual([done.question.id, done.answer.id]);
    expect(thread.body.status).toMatchObject({ mode: 'builtin', notice: BUILT_IN_NOTICE, codeEdition: '2021' });
    // Private to the user: their colleague's general conversation is their own.
    const owners = await ownerA.client.get<AssistantConversation>('/api/assistant/conversation');
    expect(owners.body.id).not.toBe(thread.body.id);
    expect(owners.body.messages.some((m) => m.id === done.answer.id)).toBe(false);
  });

  it('answers about a claim file with its own records cited, and keeps one thread per claim file and user', async () => {
    const { project } = await claimWithSupplement(ownerA.company.id, { steepest: 9 });
    const done = await ask(ownerA.client, { question: 'How many hail hits on the north slope?', projectId: project.id });
    const claimRefs = done.answer.citations.flatMap((c) => (c.kind === 'claim' ? [c.ref] : []));
    expect(
      claimRefs.some((ref) => ref.startsWith('inspection:')),
      done.answer.content,
    ).toBe(true);
    expect(done.answer.content).toContain('N slope: 11 hits in the test square');
    const thread = await ownerA.client.get<AssistantConversation>(`/api/assistant/conversation?projectId=${project.id}`);
    expect(thread.body).toMatchObject({ projectId: project.id, projectTitle: 'Hale residence' });
    expect(thread.body.messages.map((m) => m.id)).toEqual([done.question.id, done.answer.id]);
    const general = await ownerA.client.get<AssistantConversation>('/api/assistant/conversation');
    expect(general.body.messages.some((m) => m.id === done.answer.id)).toBe(false);

    const summary = await ask(ownerA.client, { question: 'Summarize this claim file', projectId: project.id, task: 'claim_summary' });
    expect(summary.answer.content).toContain('What is missing:');
    expect(summary.answer.content).toContain('2 supplement items to request');
    const missing = summary.answer.citations.find((c) => c.kind === 'claim' && c.ref === 'missing:packet');
    expect(missing).toMatchObject({ href: `/projects/${project.id}?tab=documents` });
  });

  it('summarizes from the ledger and the status: the insurer’s figures, received apart from expected, a pending supplement called out, nothing "to request" on a paid file', async () => {
    const { project } = await claimWithSupplement(ownerA.company.id, { steepest: 6 });
    const entry = async (body: Record<string, unknown>) => {
      const response = await ownerA.client.post<{ entries: { id: string; kind: string; label: string | null }[] }>(
        `/api/projects/${project.id}/ledger/entries`,
        body,
      );
      expect(response.status, response.text).toBe(201);
      return response.body.entries;
    };
    const summarize = async () =>
      (await ask(ownerA.client, { question: 'Summarize this claim file', projectId: project.id, task: 'claim_summary' })).answer.content;

    // No insurer figure: our estimate is said to be ours.
    const before = await summarize();
    expect(before).toContain('the insurer has approved no figure yet: any RCV here is our estimate, not approved');
    expect(before).toContain('our estimate (not the insurer');

    await entry({ kind: 'figure', figure: 'rcv', amountCents: 1_840_000 });
    await entry({ kind: 'figure', figure: 'acv', amountCents: 1_840_000 });
    const drip = (await entry({ kind: 'supplement_requested', label: 'Drip edge', amountCents: 320_000 })).find((e) => e.label === 'Drip edge');
    await entry({ kind: 'supplement_approved', supplementId: drip?.id, amountCents: 320_000 });
    const ice = (await entry({ kind: 'supplement_requested', label: 'Ice barrier', amountCents: 733_839 })).find((e) => e.label === 'Ice barrier');
    await entry({ kind: 'payment_expected', paymentType: 'depreciation_release', amountCents: 50_000 });
    await entry({ kind: 'payment_received', paymentType: 'acv_check', amountCents: 1_000_000, date: '2026-06-01', reference: 'CHK 1' });
    const open = await summarize();
    expect(open).toContain('the insurer approved RCV $18,400.00 plus $3,200.00 of approved supplements: $21,600.00');
    expect(open).toContain('received $10,000.00, expected, not received yet $500.00');
    expect(open).toContain('Supplement awaiting the insurer: Supplement "Ice barrier" ($7,338.39) is neither approved nor denied.');
    // The supplement is on the ledger: the estimate's items are no longer "to request".
    expect(open).not.toContain('supplement items to request');

    // The insurer denies the ice barrier and pays the rest: paid in full, nothing more to request.
    await entry({ kind: 'supplement_denied', supplementId: ice?.id });
    await entry({ kind: 'payment_received', paymentType: 'supplement_check', amountCents: 1_160_000, date: '2026-07-01', reference: 'CHK 2' });
    const paid = await summarize();
    expect(paid).toContain('paid in full');
    expect(paid).toContain('Paid in full on the Money tab: nothing more to request from the insurer.');
    expect(paid).not.toContain('to request:');
    expect(paid).not.toContain('No claim packet yet');
  });

  it('drafts the supplement letter: one paragraph per item, with its measurement and its basis, under the adopted edition', async () => {
    const { project } = await claimWithSupplement(ownerA.company.id, { steepest: 9 });
    const letter2021 = await ask(ownerA.client, { question: 'Draft the supplement letter', projectId: project.id, task: 'supplement_letter' });
    const text = letter2021.answer.content;
    expect(text).toContain('1. Drip edge is missing from the scope. We measured 220 LF');
    expect(text).toContain('2. Ice and water barrier is under-counted (3 SQ in the scope)');
    expect(slugsOf(letter2021.answer)).toEqual(
      expect.arrayContaining(['irc-r905-2-8-5-drip-edge', 'irc-r905-1-2-ice-barrier-extent', 'irc-r905-1-2-ice-barrier-steep-36']),
    );
    // Secondary facts are worded "commonly reported"; no unverified passage is ever cited to a carrier.
    expect(text).toContain('Commonly reported:');
    expect(letter2021.answer.citations.every((c) => c.kind !== 'passage' || c.confidence !== '?')).toBe(true);
    expect(text).not.toContain('Unverified');

    // The edition rule: under the 2024 IRC the 36-inch steep-slope ice barrier is not claimed.
    expect((await ownerA.client.patch<AssistantSettings>('/api/assistant/settings', { codeEdition: '2024' })).body.codeEdition).toBe('2024');
    const letter2024 = await ask(ownerA.client, { question: 'Draft the supplement letter', projectId: project.id, task: 'supplement_letter' });
    expect(slugsOf(letter2024.answer)).not.toContain('irc-r905-1-2-ice-barrier-steep-36');
    expect(letter2024.answer.content).not.toContain('36 inches');
    expect(letter2024.answer.content).toContain('2024 International Residential Code');
    const research = await ask(ownerA.client, { question: 'Ice barrier on an 8:12 steep slope, 36 inches up?', research: true });
    expect(slugsOf(research.answer)).not.toContain('irc-r905-1-2-ice-barrier-steep-36');
    expect(slugsOf(research.answer)).toContain('irc-2024-ice-barrier-steep-removed');
    await ownerA.client.patch('/api/assistant/settings', { codeEdition: '2021' });
    const research2021 = await ask(ownerA.client, { question: 'Ice barrier on an 8:12 steep slope, 36 inches up?', research: true });
    expect(slugsOf(research2021.answer)).toContain('irc-r905-1-2-ice-barrier-steep-36');

    // A roof with no slope of 8:12 or more never claims it, whatever the edition.
    const shallow = await claimWithSupplement(ownerA.company.id, { steepest: 6 });
    const letterShallow = await ask(ownerA.client, { question: 'Draft the supplement letter', projectId: shallow.project.id, task: 'supplement_letter' });
    expect(slugsOf(letterShallow.answer)).not.toContain('irc-r905-1-2-ice-barrier-steep-36');
  });

  it('checks every citation: an invented section or a record not given is taken out and listed as dropped', () => {
    const passage = {
      slug: 'irc-r905-2-8-5-drip-edge',
      section: 'IRC R905.2.8.5',
      title: 'Drip edge',
      source: 's',
      editionNote: '2012-2021',
      confidence: 'S',
    } as PassageRow;
    const checked = checkCitations(
      'Drip edge is required [K:irc-r905-2-8-5-drip-edge]. Gutters need guards [K:irc-r999-9-invented]. The claim is open [C:claim] [C:file:nope].',
      {
        passages: [passage],
        facts: [{ ref: 'claim', label: 'Claim file', text: 'x', href: '/projects/1' }],
      },
    );
    expect(checked.text).toBe('Drip edge is required [K:irc-r905-2-8-5-drip-edge]. Gutters need guards. The claim is open [C:claim].');
    expect(checked.dropped).toEqual(['[K:irc-r999-9-invented]', '[C:file:nope]']);
    expect(checked.citations.map((c) => (c.kind === 'passage' ? c.slug : c.ref))).toEqual(['irc-r905-2-8-5-drip-edge', 'claim']);
  });

  it("stops at the company's daily limit with a clear message, saving nothing more", async () => {
    const owner = await signedInOwner(server, { name: 'Limit Roofing' });
    const member = await signedInUser(server, { company: owner.company, role: 'member' });
    expectError(await member.client.patch('/api/assistant/settings', { dailyLimit: 2 }), 403, 'FORBIDDEN');
    expect((await owner.client.patch<AssistantSettings>('/api/assistant/settings', { dailyLimit: 2 })).body).toMatchObject({
      dailyLimit: 2,
      providerConfigured: false,
    });
    await ask(owner.client, { question: 'drip edge' });
    await ask(member.client, { question: 'cricket' });
    const refused = await member.client.post('/api/assistant/ask', { question: 'valley lining' });
    expectError(refused, 429, 'ASSISTANT_DAILY_LIMIT');
    expect((refused.body as { error: { message: string } }).error.message).toContain('all 2 of today');
    const rows = await server.db.select().from(assistantMessages).where(eq(assistantMessages.companyId, owner.company.id));
    expect(rows).toHaveLength(4);
    const status = await member.client.get<AssistantConversation>('/api/assistant/conversation');
    expect(status.body.status).toMatchObject({ answersToday: 2, dailyLimit: 2 });
  });

  it('rates an answer; a wrong one is filed once as feedback to the team', async () => {
    const done = await ask(memberA.client, { question: 'What is the minimum slope for shingles?' });
    const helpful = await memberA.client.post<AssistantMessage>(`/api/assistant/messages/${done.answer.id}/rating`, { rating: 'helpful' });
    expect(helpful.body.rating).toBe('helpful');
    for (let i = 0; i < 2; i += 1) {
      const wrong = await memberA.client.post<AssistantMessage>(`/api/assistant/messages/${done.answer.id}/rating`, {
        rating: 'wrong',
        note: 'Our county is on 2:12 with double felt',
      });
      expect(wrong.body.rating).toBe('wrong');
    }
    const filed = await server.db
      .select()
      .from(feedback)
      .where(and(eq(feedback.source, 'assistant'), eq(feedback.sourceRef, done.answer.id)));
    expect(filed).toHaveLength(1);
    expect(filed[0]?.message).toContain('Our county is on 2:12');
    expect(filed[0]).toMatchObject({ companyId: ownerA.company.id, authorId: memberA.me.id, type: 'problem' });
    // Another user (even of the same company) cannot rate it.
    expectError(await ownerA.client.post(`/api/assistant/messages/${done.answer.id}/rating`, { rating: 'helpful' }), 404, 'NOT_FOUND');
  });

  it("keeps companies apart: another company's claim file is never context (404), and its answers are not found", async () => {
    const { project } = await claimWithSupplement(ownerA.company.id, { steepest: 9 });
    const done = await ask(ownerA.client, { question: 'drip edge', projectId: project.id });
    const before = await server.db.select().from(assistantMessages).where(eq(assistantMessages.companyId, ownerB.company.id));
    expectError(await ownerB.client.post('/api/assistant/ask', { question: 'Summarize', projectId: project.id }), 404, 'NOT_FOUND');
    expectError(await ownerB.client.post('/api/assistant/ask', { question: 'letter', projectId: project.id, task: 'supplement_letter' }), 404, 'NOT_FOUND');
    expectError(await ownerB.client.get(`/api/assistant/conversation?projectId=${project.id}`), 404, 'NOT_FOUND');
    expectError(await ownerB.client.post(`/api/assistant/messages/${done.answer.id}/rating`, { rating: 'wrong' }), 404, 'NOT_FOUND');
    expect(await server.db.select().from(assistantMessages).where(eq(assistantMessages.companyId, ownerB.company.id))).toEqual(before);
    const theirs = await ownerB.client.get<AssistantConversation>('/api/assistant/conversation');
    expect(theirs.body.messages.some((m) => m.content.includes('Hale residence'))).toBe(false);
    // Settings are the company's own.
    await ownerB.client.patch('/api/assistant/settings', { codeEdition: '2018' });
    expect((await ownerA.client.get<AssistantSettings>('/api/assistant/settings')).body.codeEdition).toBe('2021');
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const before = await server.db.select().from(assistantMessages).where(eq(assistantMessages.companyId, ownerA.company.id));
    const bad: Array<Record<string, unknown>> = [
      {},
      { question: '' },
      { question: '   ' },
      { question: 'x'.repeat(2001) },
      { question: 42 },
      { question: 'ok', projectId: 'not-a-uuid' },
      { question: 'ok', task: 'poem' },
      { question: 'ok', task: 'supplement_letter' },
      { question: 'ok', research: 'yes' },
    ];
    for (const json of bad) expectError(await ownerA.client.post('/api/assistant/ask', json), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.request('POST', '/api/assistant/ask', { body: '{"question":' }), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.post('/api/assistant/ask', { question: 'ok', projectId: randomUUID() }), 404, 'NOT_FOUND');
    expectError(await ownerA.client.get('/api/assistant/conversation?projectId=nope'), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.post('/api/assistant/messages/nope/rating', { rating: 'wrong' }), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.post(`/api/assistant/messages/${randomUUID()}/rating`, { rating: 'meh' }), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.patch('/api/assistant/settings', { codeEdition: '2015' }), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.patch('/api/assistant/settings', { dailyLimit: 0 }), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.patch('/api/assistant/settings', {}), 400, 'VALIDATION_ERROR');
    expect(await server.db.select().from(assistantMessages).where(eq(assistantMessages.companyId, ownerA.company.id))).toEqual(before);
    expectError(await server.client().post('/api/assistant/ask', { question: 'x' }), 401, 'UNAUTHENTICATED');
    expectError(await server.client().get('/api/assistant/conversation'), 401, 'UNAUTHENTICATED');
  });
});

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@ridgeline/shared/contracts/documents';
import {
  ESTIMATE_TOO_LARGE_MESSAGE,
  estimateListSchema,
  estimateSchema,
  type Estimate,
  type EstimateInput,
  type EstimateLineData,
} from '@ridgeline/shared/contracts/estimating';
import { MAX_ESTIMATE_CENTS, MAX_ESTIMATE_LINES } from '@ridgeline/shared/domain/estimate';
import { parseScopeCsv } from '@ridgeline/shared/domain/estimate-csv';
import { estimates } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser, type SignedUpUser } from '../../test/factories';
import type { TestClient } from '../../test/test-client';
import { useTestServer } from '../../test/use-test-server';
import { createSession, errorShape, line, MISSING, statusOf } from './estimating.fixtures';
import { LINE_PHOTO_MESSAGE, OLD_VERSION_MESSAGE } from './estimates.service';
import { createHash, randomUUID } from 'node:crypto';

const server = useTestServer({ API_WRITE_LIMIT: '5000' });
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let member: SignedUpUser;
let outsider: Awaited<ReturnType<typeof signedInOwner>>;
let projectId: string;
let foreignSessionId: string;
let foreignProjectId: string;

/**
 * Worked by hand: shingles 20 SQ x $285.00 = $5,700.00; drip edge 140 LF x $3.10 = $434.00; starter
 * 140 LF x $2.25 = $315.00. Line items $6,449.00; O&P 10% + 10% = $644.90 + $644.90; RCV $7,738.80;
 * 10% overall depreciation $773.88; ACV $6,964.92.
 */
const lines = () => [
  line({ id: 'l1', code: 'shingles', quantity: 20, unitPriceCents: 28_500, basis: '18.18 SQ + 10% waste' }),
  line({ id: 'l2', code: 'drip_edge', description: 'Drip edge', quantity: 140, unit: 'LF', unitPriceCents: 310, basis: 'Eave 80 LF + rake 60 LF' }),
  line({
    id: 'l3',
    code: 'starter',
    description: 'Asphalt starter, universal starter course',
    quantity: 140,
    unit: 'LF',
    unitPriceCents: 225,
    basis: 'Eave 80 LF + rake 60 LF',
  }),
];
const HAND_TOTALS = { subtotalCents: 644_900, overheadCents: 64_490, profitCents: 64_490, rcvCents: 773_880, depreciationCents: 77_388, acvCents: 696_492 };

/** The carrier paid 18 SQ of shingles and 100 LF of drip edge; no starter, no O&P. */
const carrierScope = () => [
  { description: 'Laminated - comp. shingle rfg.', quantity: 18, unit: 'SQ', unitPriceCents: 27_000 },
  { description: 'Drip edge', quantity: 100, unit: 'LF', unitPriceCents: 300 },
  { description: 'Haul debris - per pickup truck load', quantity: 1, unit: 'EA', unitPriceCents: 15_000 },
];

function estimateBody(overrides: Partial<EstimateInput> = {}): EstimateInput {
  return {
    lines: lines(),
    depreciationMode: 'overall',
    overallDepreciationBp: 1_000,
    opEnabled: true,
    carrierScope: carrierScope(),
    notes: null,
    ...overrides,
  };
}

async function create(client: TestClient, sessionId: string, overrides: Partial<EstimateInput> = {}): Promise<Estimate> {
  const response = await client.post<Estimate>('/api/estimates', { sessionId, ...estimateBody(overrides) });
  expect(response.status, statusOf(response)).toBe(201);
  return estimateSchema.parse(response.body);
}

function save(client: TestClient, id: string, body: unknown) {
  return client.request<Estimate>('PUT', `/api/estimates/${id}`, { json: body });
}

async function rowsOf(sessionId: string) {
  return server.db.select().from(estimates).where(eq(estimates.sessionId, sessionId)).orderBy(estimates.version);
}

beforeAll(async () => {
  // A proposal's letterhead prints the company's address and phone: the company has them.
  owner = await signedInOwner(server, { phone: '+1 555 010 4444', address: '9 Ridge Rd, Tulsa, OK' });
  member = await signedInUser(server, { company: owner.company, role: 'member', firstName: 'Casey', lastName: 'Gutter' });
  outsider = await signedInOwner(server);
  projectId = (await insertProjectRow(server.db, owner.company.id, { title: 'Hail claim on Elm' })).id;
  foreignProjectId = (await insertProjectRow(server.db, outsider.company.id)).id;
  foreignSessionId = await createSession(outsider.client, { street: '9 Outsider Ln' });
});

describe('POST /api/estimates', () => {
  it('computes the totals and the supplement on the server, whatever the client sends', async () => {
    const sessionId = await createSession(owner.client, { street: '12 Hail Rd' });
    const lying = { sessionId, ...estimateBody(), totals: { subtotalCents: 1, rcvCents: 1, acvCents: 1 }, supplement: [], version: 7 };
    const response = await member.client.post<Estimate>('/api/estimates', lying);
    expect(response.status, statusOf(response)).toBe(201);
    const created = estimateSchema.parse(response.body);
    expect(created).toMatchObject({
      sessionId,
      projectId: null,
      version: 1,
      isLatest: true,
      depreciationMode: 'overall',
      overallDepreciationBp: 1_000,
      opEnabled: true,
      totals: HAND_TOTALS,
      sessionAddress: '12 Hail Rd, Plano, TX 75024',
      createdByName: 'Casey Gutter',
    });
    expect(created.lines.map((l) => l.id)).toEqual(['l1', 'l2', 'l3']);
    expect(created.carrierScope).toHaveLength(3);
    // What the scope lacks or under-counts, each worth the difference at our price, with its support.
    expect(created.supplement).toEqual([
      {
        code: 'shingles',
        description: 'Laminated comp. shingle roofing, w/ felt',
        kind: 'under_counted',
        ourQuantity: 20,
        carrierQuantity: 18,
        unit: 'SQ',
        amountCents: 57_000,
        support: '18.18 SQ + 10% waste',
      },
      {
        code: 'drip_edge',
        description: 'Drip edge',
        kind: 'under_counted',
        ourQuantity: 140,
        carrierQuantity: 100,
        unit: 'LF',
        amountCents: 12_400,
        support: 'Eave 80 LF + rake 60 LF',
      },
      {
        code: 'starter',
        description: 'Asphalt starter, universal starter course',
        kind: 'missing',
        ourQuantity: 140,
        carrierQuantity: 0,
        unit: 'LF',
        amountCents: 31_500,
        support: 'Eave 80 LF + rake 60 LF',
      },
      {
        code: 'o_and_p',
        description: 'Overhead and profit',
        kind: 'missing',
        ourQuantity: 1,
        carrierQuantity: 0,
        unit: 'EA',
        amountCents: 128_980,
        support: expect.stringContaining('10% overhead + 10% profit'),
      },
    ]);
    // Saved with the estimate.
    const [row] = await rowsOf(sessionId);
    expect(row).toMatchObject({ companyId: owner.company.id, version: 1, rcvCents: 773_880, acvCents: 696_492 });
    expect(row?.supplement).toEqual(created.supplement);
  });

  it('depreciates per line when asked, without O&P, and lists no supplement without a scope', async () => {
    const sessionId = await createSession(owner.client);
    const perLine = lines().map((l, i) => ({ ...l, depreciationBp: i === 0 ? 2_500 : 0 }));
    const created = await create(owner.client, sessionId, { lines: perLine, depreciationMode: 'line', opEnabled: false, carrierScope: [] });
    // 25% of $5,700.00 = $1,425.00 on the shingles only.
    expect(created.totals).toEqual({
      subtotalCents: 644_900,
      overheadCents: 0,
      profitCents: 0,
      rcvCents: 644_900,
      depreciationCents: 142_500,
      acvCents: 502_400,
    });
    expect(created.supplement).toEqual([]);
  });

  it("numbers the versions of a session and copies the session's claim file", async () => {
    const sessionId = await createSession(owner.client, { projectId });
    const first = await create(owner.client, sessionId);
    const second = await create(owner.client, sessionId, { opEnabled: false });
    expect([first.version, second.version]).toEqual([1, 2]);
    expect(second).toMatchObject({ projectId, isLatest: true, totals: { rcvCents: 644_900 } });
    expect(second.supplement.map((s) => s.code)).not.toContain('o_and_p');

    const listed = estimateListSchema.parse((await owner.client.get(`/api/estimates?sessionId=${sessionId}`)).body).estimates;
    expect(listed.map((e) => [e.version, e.isLatest])).toEqual([
      [2, true],
      [1, false],
    ]);
    // The first version is kept as it was.
    expect(listed[1]).toEqual({ ...first, isLatest: false });
    expect((await owner.client.get<Estimate>(`/api/estimates/${first.id}`)).body.isLatest).toBe(false);
  });

  it('gives racing saves of new versions distinct numbers', async () => {
    const sessionId = await createSession(owner.client);
    const answers = await Promise.all([1, 2, 3, 4].map(() => owner.client.post<Estimate>('/api/estimates', { sessionId, ...estimateBody() })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(answers.map((a) => a.body.version).sort()).toEqual([1, 2, 3, 4]);
    expect((await rowsOf(sessionId)).map((r) => r.version)).toEqual([1, 2, 3, 4]);
  });

  it('refuses bad input with 400 in the error shape and writes nothing', async () => {
    const sessionId = await createSession(owner.client);
    const bad: unknown[] = [
      {},
      estimateBody(),
      { sessionId: 'abc', ...estimateBody() },
      { sessionId },
      { sessionId, ...estimateBody(), lines: [line({ quantity: -1 })] },
      { sessionId, ...estimateBody(), lines: [line({ unitPriceCents: 10.5 })] },
      { sessionId, ...estimateBody(), lines: [line({ unitPriceCents: -100 })] },
      { sessionId, ...estimateBody(), lines: [line({ depreciationBp: 10_001 })] },
      { sessionId, ...estimateBody(), lines: [line({ code: 'skylight' as never })] },
      { sessionId, ...estimateBody(), lines: [line({ source: 'magic' as never })] },
      { sessionId, ...estimateBody(), lines: [line({ description: '' })] },
      { sessionId, ...estimateBody(), lines: [line({ id: 'has space' })] },
      { sessionId, ...estimateBody(), lines: Array.from({ length: 301 }, (_, i) => line({ id: `l${i}` })) },
      { sessionId, ...estimateBody({ depreciationMode: 'both' as never }) },
      { sessionId, ...estimateBody({ overallDepreciationBp: -1 }) },
      { sessionId, ...estimateBody({ opEnabled: 'yes' as never }) },
      { sessionId, ...estimateBody({ carrierScope: [{ description: 'Drip edge', quantity: 'lots', unit: 'LF', unitPriceCents: 1 }] as never }) },
      { sessionId, ...estimateBody({ notes: 'x'.repeat(4001) }) },
    ];
    for (const body of bad) {
      const response = await owner.client.post('/api/estimates', body);
      expect(response.status, `${JSON.stringify(body).slice(0, 100)}: ${statusOf(response)}`).toBe(400);
      expect(response.body).toEqual(errorShape('VALIDATION_ERROR'));
    }
    const text = await owner.client.request('POST', '/api/estimates', {
      body: JSON.stringify({ sessionId, ...estimateBody() }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(await rowsOf(sessionId)).toEqual([]);
  });
});

describe('the largest estimate', () => {
  // 300 lines (the most an estimate holds) whose line items are $41,666,666.66: with 10% overhead and
  // 10% profit the RCV is $50,000,000.00 exactly, the most an estimate may total.
  const maximal = (lastPriceCents = 279_666_666) => [
    ...Array.from({ length: MAX_ESTIMATE_LINES - 1 }, (_, i) =>
      line({ id: `m${i}`, code: null, quantity: 1_000_000, unit: 'LF', unitPriceCents: 13, depreciationBp: 10_000, source: 'manual', basis: null }),
    ),
    line({ id: 'last', code: null, quantity: 1, unit: 'EA', unitPriceCents: lastPriceCents, depreciationBp: 10_000, source: 'manual', basis: null }),
  ];
  const body = (lines: EstimateLineData[]) => ({
    lines,
    depreciationMode: 'line' as const,
    overallDepreciationBp: 0,
    opEnabled: true,
    carrierScope: [],
    notes: null,
  });

  /** The totals worked in exact integers (BigInt), by the same rules: each line and each percentage to the nearest cent. */
  function exactTotals(lines: EstimateLineData[]) {
    const percent = (cents: bigint, bp: bigint) => (cents * bp + 5_000n) / 10_000n;
    const lineCents = (l: EstimateLineData) => (BigInt(Math.round(l.quantity * 100)) * BigInt(l.unitPriceCents) + 50n) / 100n;
    const subtotal = lines.reduce((n, l) => n + lineCents(l), 0n);
    const overhead = percent(subtotal, 1_000n);
    const profit = percent(subtotal, 1_000n);
    const rcv = subtotal + overhead + profit;
    const depreciation = lines.reduce((n, l) => n + percent(lineCents(l), BigInt(l.depreciationBp ?? 0)), 0n);
    return {
      subtotalCents: subtotal,
      overheadCents: overhead,
      profitCents: profit,
      rcvCents: rcv,
      depreciationCents: depreciation,
      acvCents: rcv - depreciation,
    };
  }

  it('is taken with every total exact, and a proposal made from it is signed', async () => {
    const sessionId = await createSession(owner.client, { projectId });
    const made = await create(owner.client, sessionId, body(maximal()));
    const exact = exactTotals(maximal());
    expect(exact.rcvCents).toBe(BigInt(MAX_ESTIMATE_CENTS));
    for (const [name, value] of Object.entries(made.totals)) {
      expect(Number.isSafeInteger(value), name).toBe(true);
      expect(BigInt(value), name).toBe(exact[name as keyof typeof exact]);
    }
    const [row] = await rowsOf(sessionId);
    expect(row).toMatchObject({ rcvCents: MAX_ESTIMATE_CENTS, acvCents: made.totals.acvCents });

    // Good / better / best from its total, shared with the homeowner and signed on the best option.
    const proposal = await owner.client.post<{ proposal: Proposal }>('/api/proposals', { projectId, estimateId: made.id });
    expect(proposal.status, statusOf(proposal)).toBe(201);
    const options = proposal.body.proposal.options;
    expect(options.map((o) => o.priceCents)).toEqual([5_000_000_000, 5_600_000_000, 6_400_000_000]);
    const link = await owner.client.post<{ link: { url: string } }>('/api/share-links', { proposalId: proposal.body.proposal.id, audience: 'homeowner' });
    expect(link.status, statusOf(link)).toBe(201);
    const token = decodeURIComponent(new URL(link.body.link.url).pathname.replace(/^\/share\//, ''));
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
      .png()
      .toBuffer();
    const signed = await server.client().post<{ proposal: { status: string; chosenTier: string } }>(`/api/public/share/${encodeURIComponent(token)}/sign`, {
      tier: 'best',
      name: 'Jordan Reyes',
      date: '2026-11-23',
      // The claim file has no homeowner email: the signed PDF goes to the one given here.
      email: 'jordan.reyes@example.com',
      signature: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(signed.status, statusOf(signed)).toBe(200);
    expect(signed.body.proposal).toMatchObject({ status: 'signed', chosenTier: 'best' });
  });

  it('refuses one cent more, or any line past the limit, with 400 naming it, on a new estimate and a save, and writes nothing', async () => {
    const sessionId = await createSession(owner.client);
    const over = [maximal(279_666_667), [line({ quantity: 1_000_000, unitPriceCents: 100_000_000_00 })], [line({ quantity: 175_439, unitPriceCents: 28_500 })]];
    for (const lines of over) {
      const response = await owner.client.post('/api/estimates', { sessionId, ...body(lines) });
      expect(response.status, statusOf(response)).toBe(400);
      expect(response.body).toEqual(errorShape('VALIDATION_ERROR'));
      expect((response.body as { error: { message: string } }).error.message).toBe(ESTIMATE_TOO_LARGE_MESSAGE);
    }
    expect(await rowsOf(sessionId)).toEqual([]);
    // Without O&P the same lines are under the limit, and a save that switches it on is refused.
    const saved = await create(owner.client, sessionId, { ...body(maximal(279_666_667)), opEnabled: false });
    expect(saved.totals.rcvCents).toBe(4_166_666_667);
    const before = await rowsOf(sessionId);
    const refused = await save(owner.client, saved.id, body(maximal(279_666_667)));
    expect(refused.status, statusOf(refused)).toBe(400);
    expect((refused.body as unknown as { error: { message: string } }).error.message).toBe(ESTIMATE_TOO_LARGE_MESSAGE);
    expect(await rowsOf(sessionId)).toEqual(before);
  });
});

describe('PUT /api/estimates/:id', () => {
  it('saves the latest version in place and refuses an earlier one with 409', async () => {
    const sessionId = await createSession(owner.client);
    const first = await create(owner.client, sessionId);
    const changed = await save(member.client, first.id, estimateBody({ opEnabled: false, carrierScope: [], notes: 'Adjuster meeting Friday' }));
    expect(changed.status, statusOf(changed)).toBe(200);
    expect(changed.body).toMatchObject({
      id: first.id,
      version: 1,
      isLatest: true,
      notes: 'Adjuster meeting Friday',
      totals: { subtotalCents: 644_900, rcvCents: 644_900 },
      supplement: [],
    });

    const second = await create(owner.client, sessionId);
    const before = await rowsOf(sessionId);
    const refused = await save(owner.client, first.id, estimateBody({ lines: [] }));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(errorShape('CONFLICT'));
    expect(refused.body).toMatchObject({ error: { message: OLD_VERSION_MESSAGE } });
    expect(await rowsOf(sessionId)).toEqual(before);

    // The latest recomputes everything from what is sent.
    const latest = await save(owner.client, second.id, {
      ...estimateBody({ lines: [lines()[0] ?? line()], opEnabled: false, overallDepreciationBp: 0 }),
      totals: { rcvCents: 1 },
    });
    expect(latest.status).toBe(200);
    expect(latest.body.totals).toEqual({
      subtotalCents: 570_000,
      overheadCents: 0,
      profitCents: 0,
      rcvCents: 570_000,
      depreciationCents: 0,
      acvCents: 570_000,
    });
    expect(latest.body.supplement).toEqual([expect.objectContaining({ code: 'shingles', kind: 'under_counted', amountCents: 57_000 })]);
  });

  it('refuses bad input (400, or 415 for a body that is not JSON) and unknown ids (404)', async () => {
    const sessionId = await createSession(owner.client);
    const estimate = await create(owner.client, sessionId);
    for (const body of [{}, { lines: 'none' }, { ...estimateBody(), lines: [line({ quantity: 2_000_000 })] }]) {
      const response = await save(owner.client, estimate.id, body);
      expect(response.status, statusOf(response)).toBe(400);
      expect(response.body).toEqual(errorShape('VALIDATION_ERROR'));
    }
    const text = await owner.client.request('PUT', `/api/estimates/${estimate.id}`, {
      body: JSON.stringify(estimateBody()),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect((await save(owner.client, 'not-a-uuid', estimateBody())).status).toBe(400);
    expect((await save(owner.client, MISSING, estimateBody())).body).toEqual(errorShape('NOT_FOUND'));
    expect((await owner.client.get<Estimate>(`/api/estimates/${estimate.id}`)).body).toEqual(estimate);
  });
});

/**
 * The lines a roof replacement carries, at the default prices, with descriptions holding a comma and
 * a quote: shingles 24.6 SQ x $265.00 = $6,519.00; pipe jacks 3 EA x $58.00 = $174.00; dumpster
 * 2 EA x $585.00 = $1,170.00; permit 1 EA x $350.00 = $350.00; gutters 80 LF x $11.25 = $900.00.
 * Line items $9,113.00.
 */
const roofLines = () => [
  line({
    id: 'r1',
    code: 'shingles',
    description: 'Laminated - comp. shingle rfg. - w/out felt',
    quantity: 24.6,
    unitPriceCents: 26_500,
    basis: '22.36 SQ + 10% waste',
  }),
  line({ id: 'r2', code: 'pipe_jack', description: 'Flashing - pipe jack', quantity: 3, unit: 'EA', unitPriceCents: 5_800, basis: '3 pipe jacks on the roof' }),
  line({
    id: 'r3',
    code: 'dumpster',
    description: 'Dumpster load - Approx. 20 yards, 4 tons of debris',
    quantity: 2,
    unit: 'EA',
    unitPriceCents: 58_500,
    basis: 'Tear-off 22.36 SQ, one load per 20 SQ',
  }),
  line({ id: 'r4', code: 'permit', description: 'Permit', quantity: 1, unit: 'EA', unitPriceCents: 35_000, basis: 'One permit for the roof replacement' }),
  line({
    id: 'r5',
    code: 'gutters',
    description: 'R&R Gutter / downspout - aluminum - up to 5"',
    quantity: 80,
    unit: 'LF',
    unitPriceCents: 1_125,
    basis: 'Eave 80 LF where gutter damage was photographed',
  }),
];

/** A photo of `sessionId` uploaded through the API: an elevation photo of the siding. */
let shade = 0;
async function sidingPhoto(client: TestClient, sessionId: string): Promise<string> {
  shade += 37;
  const body = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 180, g: 170, b: shade % 256 } } })
    .jpeg()
    .toBuffer();
  const id = randomUUID();
  const query = new URLSearchParams({
    fileName: 'siding.jpg',
    category: 'elevation',
    subcategory: 'siding',
    phase: 'elevations',
    sha256: createHash('sha256').update(body).digest('hex'),
  });
  const response = await client.put(`/api/inspections/${sessionId}/photos/${id}?${query.toString()}`, body);
  expect(response.status, response.text).toBe(201);
  return id;
}

describe('the photos a line names', () => {
  it('are kept with the line when they are its inspection’s; another inspection’s, another company’s or a deleted one is 400 and writes nothing', async () => {
    const sessionId = await createSession(owner.client);
    const otherSessionId = await createSession(owner.client);
    const [mine, alsoMine, otherSessions, foreign] = await Promise.all([
      sidingPhoto(owner.client, sessionId),
      sidingPhoto(owner.client, sessionId),
      sidingPhoto(owner.client, otherSessionId),
      sidingPhoto(outsider.client, foreignSessionId),
    ]);
    const siding = (photoIds: string[]) =>
      line({
        id: 'sd',
        code: 'siding',
        description: 'R&R Siding - vinyl',
        quantity: 420,
        unit: 'SF',
        unitPriceCents: 685,
        basis: 'Siding 420 SF where siding damage was photographed (2 photos)',
        photoIds,
      });
    const saved = await create(owner.client, sessionId, { lines: [...lines(), siding([mine, alsoMine])] });
    expect(saved.lines.find((l) => l.id === 'sd')?.photoIds).toEqual([mine, alsoMine]);
    expect(saved.lines.find((l) => l.id === 'l1')?.photoIds).toEqual([]);

    for (const photoIds of [[otherSessions], [foreign], [mine, MISSING]]) {
      const refused = await owner.client.post('/api/estimates', { sessionId, ...estimateBody({ lines: [siding(photoIds)] }) });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: LINE_PHOTO_MESSAGE } });
      const put = await save(owner.client, saved.id, estimateBody({ lines: [siding(photoIds)] }));
      expect(put.status, put.text).toBe(400);
    }
    const malformed = await owner.client.post('/api/estimates', { sessionId, ...estimateBody({ lines: [siding(['not-a-uuid'])] }) });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });

    // A deleted photo can no longer be named.
    expect((await owner.client.request('DELETE', `/api/photos/${alsoMine}`)).status).toBe(204);
    expect((await save(owner.client, saved.id, estimateBody({ lines: [siding([mine, alsoMine])] }))).status).toBe(400);
    // Nothing refused was written: one version, its lines as first saved.
    const rows = await rowsOf(sessionId);
    expect(rows).toHaveLength(1);
    expect((rows[0]?.lines as EstimateLineData[]).find((l) => l.id === 'sd')?.photoIds).toEqual([mine, alsoMine]);
  });
});

describe('the lines every roof replacement carries', () => {
  it('saves them, and the supplement check compares them with the scope', async () => {
    const sessionId = await createSession(owner.client);
    const scope = [
      { description: 'Laminated - comp. shingle rfg. - w/ felt', quantity: 24.6, unit: 'SQ', unitPriceCents: 27_000 },
      { description: 'Flashing - pipe jack', quantity: 2, unit: 'EA', unitPriceCents: 5_500 },
      { description: 'Dumpster load - Approx. 20 yards, 4 tons of debris', quantity: 2, unit: 'EA', unitPriceCents: 55_000 },
    ];
    const created = await create(owner.client, sessionId, { lines: roofLines(), opEnabled: false, overallDepreciationBp: 0, carrierScope: scope });
    expect(created.lines.map((l) => l.code)).toEqual(['shingles', 'pipe_jack', 'dumpster', 'permit', 'gutters']);
    expect(created.totals).toEqual({ subtotalCents: 911_300, overheadCents: 0, profitCents: 0, rcvCents: 911_300, depreciationCents: 0, acvCents: 911_300 });
    // 1 pipe jack x $58.00; the permit; 80 LF of gutters x $11.25.
    expect(created.supplement.map((i) => [i.code, i.kind, i.ourQuantity, i.carrierQuantity, i.amountCents])).toEqual([
      ['pipe_jack', 'under_counted', 3, 2, 5_800],
      ['permit', 'missing', 1, 0, 35_000],
      ['gutters', 'missing', 80, 0, 90_000],
    ]);
    const [row] = await rowsOf(sessionId);
    expect(row?.supplement).toEqual(created.supplement);
  });
});

describe('GET /api/estimates/:id/export.csv', () => {
  it('exports a version as CSV that the carrier-scope import reads back as the same lines', async () => {
    const sessionId = await createSession(owner.client);
    const estimate = await create(owner.client, sessionId, { lines: roofLines(), opEnabled: false, overallDepreciationBp: 0, carrierScope: [] });
    const response = await member.client.get(`/api/estimates/${estimate.id}/export.csv`);
    expect(response.status, statusOf(response)).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="estimate-v1-\d{4}-\d{2}-\d{2}\.csv"$/);
    // The body starts with a byte-order mark (the test client's text has it taken off, as a browser does).
    const body = response.text.replace(/^\uFEFF/, '');
    const rows = body.split('\r\n');
    expect(rows[0]).toBe('"Code","Description","Quantity","Unit","Unit price","Total"');
    expect(rows[3]).toBe('"dumpster","Dumpster load - Approx. 20 yards, 4 tons of debris","2","EA","585.00","1170.00"');
    expect(rows[5]).toBe('"gutters","R&R Gutter / downspout - aluminum - up to 5""","80","LF","11.25","900.00"');
    // The totals, without overhead and profit: O&P is off.
    expect(rows.slice(6)).toEqual([
      '"","Line items","","","","9113.00"',
      '"","RCV","","","","9113.00"',
      '"","Depreciation","","","","0.00"',
      '"","ACV","","","","9113.00"',
      '',
    ]);
    expect(response.text).not.toMatch(/Overhead|Profit/);

    const same = roofLines().map((l) => ({ description: l.description, quantity: l.quantity, unit: l.unit, unitPriceCents: l.unitPriceCents }));
    for (const file of [body, `\uFEFF${body}`]) expect(parseScopeCsv(file)).toEqual({ rows: same, errors: [] });
  });

  it('lists overhead and profit when O&P is on; an unknown id is 404, a malformed one 400', async () => {
    const sessionId = await createSession(owner.client);
    const estimate = await create(owner.client, sessionId);
    const response = await owner.client.get(`/api/estimates/${estimate.id}/export.csv`);
    expect(
      response.text
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(4),
    ).toEqual([
      '"","Line items","","","","6449.00"',
      '"","Overhead","","","","644.90"',
      '"","Profit","","","","644.90"',
      '"","RCV","","","","7738.80"',
      '"","Depreciation","","","","773.88"',
      '"","ACV","","","","6964.92"',
      '',
    ]);
    expect((await owner.client.get(`/api/estimates/${MISSING}/export.csv`)).body).toEqual(errorShape('NOT_FOUND'));
    expect((await owner.client.get('/api/estimates/not-a-uuid/export.csv')).status).toBe(400);
  });
});

describe('GET /api/estimates', () => {
  it("lists a project's estimates, each with whether it is its session's latest", async () => {
    const project = (await insertProjectRow(server.db, owner.company.id)).id;
    const a = await createSession(owner.client, { projectId: project });
    const b = await createSession(owner.client, { projectId: project });
    const a1 = await create(owner.client, a);
    const b1 = await create(owner.client, b);
    const a2 = await create(owner.client, a);
    const listed = estimateListSchema.parse((await member.client.get(`/api/estimates?projectId=${project}`)).body).estimates;
    expect(listed.map((e) => [e.id, e.isLatest])).toEqual([
      [a2.id, true],
      [b1.id, true],
      [a1.id, false],
    ]);
  });

  it('needs a session or a project, with well-formed ids, of the company', async () => {
    for (const path of ['/api/estimates', '/api/estimates?sessionId=abc', '/api/estimates?projectId=1', '/api/estimates/not-a-uuid']) {
      const response = await owner.client.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body).toEqual(errorShape('VALIDATION_ERROR'));
    }
    for (const path of [`/api/estimates?sessionId=${MISSING}`, `/api/estimates?projectId=${MISSING}`, `/api/estimates/${MISSING}`]) {
      expect((await owner.client.get(path)).body, path).toEqual(errorShape('NOT_FOUND'));
    }
  });
});

describe('tenant isolation', () => {
  it("gives another company's user 404 on every call and changes nothing", async () => {
    const sessionId = await createSession(owner.client, { projectId, street: '77 Secret St' });
    const estimate = await create(owner.client, sessionId, { notes: 'Secret notes' });
    const before = await rowsOf(sessionId);
    const o = outsider.client;
    const answers = [
      await o.get(`/api/estimates/${estimate.id}`),
      await o.get(`/api/estimates?sessionId=${sessionId}`),
      await o.get(`/api/estimates?projectId=${projectId}`),
      await save(o, estimate.id, estimateBody({ notes: 'Hijacked' })),
      await o.post('/api/estimates', { sessionId, ...estimateBody() }),
      await o.get(`/api/estimates/${estimate.id}/export.csv`),
    ];
    for (const answer of answers) {
      expect(answer.status, statusOf(answer)).toBe(404);
      expect(answer.body).toEqual(errorShape('NOT_FOUND'));
      for (const secret of ['Secret notes', '77 Secret St']) expect(answer.text).not.toContain(secret);
    }
    expect(await rowsOf(sessionId)).toEqual(before);

    // The owner's company, for its part, cannot reach the outsider's session or project either.
    expect((await owner.client.get(`/api/estimates?sessionId=${foreignSessionId}`)).status).toBe(404);
    expect((await owner.client.get(`/api/estimates?projectId=${foreignProjectId}`)).status).toBe(404);
    expect((await owner.client.post('/api/estimates', { sessionId: foreignSessionId, ...estimateBody() })).status).toBe(404);
    expect(await rowsOf(foreignSessionId)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const anonymous = server.client();
    expect((await anonymous.get(`/api/estimates?projectId=${projectId}`)).status).toBe(401);
    expect((await anonymous.post('/api/estimates', { sessionId: MISSING, ...estimateBody() })).status).toBe(401);
  });
});

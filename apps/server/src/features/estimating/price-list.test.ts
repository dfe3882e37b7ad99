import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { priceListSchema, type PriceList, type PriceListItem } from '@ridgeline/shared/contracts/estimating';
import { DEFAULT_PRICE_LIST, PRICE_CODES, pricedList, type PriceListEntry } from '@ridgeline/shared/domain/estimate';
import { priceListItems } from '../../infra/db/schema/index';
import { signedInOwner, signedInUser, type SignedUpUser } from '../../test/factories';
import { sendLarge, type TestClient } from '../../test/test-client';
import { useTestServer } from '../../test/use-test-server';
import { errorShape, statusOf } from './estimating.fixtures';

const server = useTestServer({ API_WRITE_LIMIT: '5000' });
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let manager: SignedUpUser;
let member: SignedUpUser;
let outsider: Awaited<ReturnType<typeof signedInOwner>>;

const ours = (): PriceListItem[] => [
  { code: 'shingles', description: 'Architectural shingles, 30 yr', unit: 'SQ', unitPriceCents: 31_000 },
  { code: null, description: 'Satellite dish detach & reset', unit: 'EA', unitPriceCents: 9_500 },
  { code: 'drip_edge', description: 'Drip edge, aluminum', unit: 'LF', unitPriceCents: 0 },
];

function put(client: TestClient, body: unknown) {
  return client.request<PriceList>('PUT', '/api/price-list', { json: body });
}

async function read(client: TestClient): Promise<PriceListItem[]> {
  const response = await client.get<PriceList>('/api/price-list');
  expect(response.status, statusOf(response)).toBe(200);
  return priceListSchema.parse(response.body).items;
}

async function rowsOf(companyId: string) {
  return server.db.select().from(priceListItems).where(eq(priceListItems.companyId, companyId)).orderBy(priceListItems.position);
}

beforeAll(async () => {
  owner = await signedInOwner(server);
  manager = await signedInUser(server, { company: owner.company, role: 'manager' });
  member = await signedInUser(server, { company: owner.company, role: 'member' });
  outsider = await signedInOwner(server);
});

describe('/api/price-list', () => {
  it('answers the default prices while the company has saved none', async () => {
    expect(await read(member.client)).toEqual(DEFAULT_PRICE_LIST);
    expect(await rowsOf(owner.company.id)).toEqual([]);
  });

  it('lets owners and managers replace the whole list, in its order; members read it', async () => {
    const saved = await put(owner.client, { items: ours() });
    expect(saved.status, statusOf(saved)).toBe(200);
    // The list estimates are priced from: the saved items, then the default of every formula code not in them.
    expect(saved.body).toEqual({ items: pricedList(ours()) });
    expect(await read(member.client)).toEqual(pricedList(ours()));
    expect((await rowsOf(owner.company.id)).map((r) => [r.position, r.code])).toEqual([
      [0, 'shingles'],
      [1, null],
      [2, 'drip_edge'],
    ]);

    // A shorter list replaces every row; trimmed text is kept trimmed.
    const shorter = await put(manager.client, { items: [{ code: 'starter', description: '  Starter strip ', unit: 'LF', unitPriceCents: 240 }] });
    expect(shorter.status).toBe(200);
    expect(await read(owner.client)).toEqual(pricedList([{ code: 'starter', description: 'Starter strip', unit: 'LF', unitPriceCents: 240 }]));
    expect(await rowsOf(owner.company.id)).toHaveLength(1);
  });

  it('refuses members with 403 and changes nothing', async () => {
    const before = await rowsOf(owner.company.id);
    const refused = await put(member.client, { items: ours() });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(errorShape('FORBIDDEN'));
    expect(await rowsOf(owner.company.id)).toEqual(before);
  });

  it('brings the defaults back with an empty list', async () => {
    expect((await put(owner.client, { items: [] })).body).toEqual({ items: DEFAULT_PRICE_LIST });
    expect(await rowsOf(owner.company.id)).toEqual([]);
  });

  it('ends with one whole list when saves race', async () => {
    const lists = [ours(), ours().slice(0, 1), DEFAULT_PRICE_LIST.map((item) => ({ ...item }))];
    const answers = await Promise.all(lists.map((items) => put(owner.client, { items })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const final = await read(owner.client);
    const won = lists.find((items) => JSON.stringify(pricedList(items)) === JSON.stringify(final));
    expect(won, JSON.stringify(final)).toBeDefined();
    expect(await rowsOf(owner.company.id)).toHaveLength(won?.length ?? -1);
  });

  it('refuses bad input with 400 (415 for a body that is not JSON, 413 over 1 MB) and changes nothing', async () => {
    expect((await put(owner.client, { items: ours() })).status).toBe(200);
    const before = await rowsOf(owner.company.id);
    const item = ours()[0];
    const bad: unknown[] = [
      {},
      { items: 'all' },
      { items: [{ ...item, code: 'skylight' }] },
      { items: [item, { ...item, description: 'Shingles again' }] },
      { items: [{ ...item, unitPriceCents: -1 }] },
      { items: [{ ...item, unitPriceCents: 12.5 }] },
      { items: [{ ...item, unitPriceCents: 100_000_000_01 }] },
      { items: [{ ...item, description: '   ' }] },
      { items: [{ ...item, description: 'x'.repeat(201) }] },
      { items: [{ ...item, unit: 'SQUARE-FEET-X' }] },
      { items: [{ ...item, unit: '' }] },
      { items: [{ ...item, description: 'tab\there' }] },
      { items: Array.from({ length: 501 }, (_, i) => ({ code: null, description: `Item ${i}`, unit: 'EA', unitPriceCents: 100 })) },
    ];
    for (const body of bad) {
      const response = await put(owner.client, body);
      expect(response.status, `${JSON.stringify(body).slice(0, 100)}: ${statusOf(response)}`).toBe(400);
      expect(response.body).toEqual(errorShape('VALIDATION_ERROR'));
    }
    const text = await owner.client.request('PUT', '/api/price-list', { body: JSON.stringify({ items: [] }), headers: { 'Content-Type': 'text/csv' } });
    expect(text.status).toBe(415);
    expect(text.body).toEqual(errorShape('UNSUPPORTED_MEDIA_TYPE'));
    const big = Buffer.from(JSON.stringify({ items: [], filler: 'x'.repeat(2 * 1024 * 1024) }));
    const tooLarge = await sendLarge(server.url, 'PUT', '/api/price-list', big, { Cookie: owner.client.cookieHeader() });
    expect(tooLarge.status).toBe(413);
    expect(await rowsOf(owner.company.id)).toEqual(before);
  });

  it("keeps each company's list its own", async () => {
    expect((await put(owner.client, { items: ours() })).status).toBe(200);
    // The outsider sees the defaults, not A's prices, and its save changes only its own list.
    expect(await read(outsider.client)).toEqual(DEFAULT_PRICE_LIST);
    const theirs = [{ code: 'shingles' as const, description: 'Outsider shingles', unit: 'SQ', unitPriceCents: 1 }];
    expect((await put(outsider.client, { items: theirs })).status).toBe(200);
    expect(await read(outsider.client)).toEqual(pricedList(theirs));
    expect(await read(owner.client)).toEqual(pricedList(ours()));
    expect(await rowsOf(owner.company.id)).toHaveLength(3);
  });

  it('reads a list saved before the current defaults as estimates price it: felt once, every formula code priced', async () => {
    // As a company saved the earlier defaults: the shingle line "w/ felt" beside its own felt line,
    // one item it priced itself, and none of the codes added since.
    const earlier: PriceListEntry[] = [
      { code: 'shingles', description: 'Laminated comp. shingle roofing, w/ felt', unit: 'SQ', unitPriceCents: 28_500 },
      { code: 'underlayment', description: 'Roofing felt, synthetic underlayment', unit: 'SQ', unitPriceCents: 4_200 },
      { code: 'headwall', description: 'Counterflashing, apron flashing (headwall)', unit: 'LF', unitPriceCents: 1_400 },
      { code: null, description: 'Satellite dish detach & reset', unit: 'EA', unitPriceCents: 9_500 },
    ];
    await server.db.delete(priceListItems).where(eq(priceListItems.companyId, owner.company.id));
    await server.db.insert(priceListItems).values(earlier.map((item, position) => ({ ...item, companyId: owner.company.id, position })));

    const items = await read(member.client);
    expect(items.slice(0, 4)).toEqual([
      { code: 'shingles', description: 'Laminated - comp. shingle rfg. - w/out felt', unit: 'SQ', unitPriceCents: 26_500 },
      { code: 'underlayment', description: 'Roofing felt - synthetic underlayment', unit: 'SQ', unitPriceCents: 4_200 },
      // Its price was the company's own: kept as it is.
      { code: 'headwall', description: 'Counterflashing, apron flashing (headwall)', unit: 'LF', unitPriceCents: 1_400 },
      { code: null, description: 'Satellite dish detach & reset', unit: 'EA', unitPriceCents: 9_500 },
    ]);
    expect(items.slice(4)).toEqual(DEFAULT_PRICE_LIST.filter((d) => !['shingles', 'underlayment', 'headwall'].includes(d.code)));
    expect(
      items
        .filter((i) => i.code !== null)
        .map((i) => i.code)
        .sort(),
    ).toEqual([...PRICE_CODES].sort());
    expect(items.filter((i) => /w\/ felt/.test(i.description))).toEqual([]);
    // Nothing is written by reading; saving what was read stores it.
    expect(await rowsOf(owner.company.id)).toHaveLength(4);
    expect((await put(owner.client, { items })).body).toEqual({ items });
    expect(await rowsOf(owner.company.id)).toHaveLength(items.length);
  });

  it('answers 401 without a session and 403 without a company', async () => {
    expect((await server.client().get('/api/price-list')).status).toBe(401);
    expect((await put(server.client(), { items: [] })).status).toBe(401);
    const loner = await signedInUser(server);
    expect((await loner.client.get('/api/price-list')).body).toEqual(errorShape('NO_COMPANY'));
  });
});

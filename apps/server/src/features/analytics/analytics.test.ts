import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analytics } from '@ridgeline/shared/contracts/analytics';
import type { LossType } from '@ridgeline/shared/domain/loss-type-list';
import * as schema from '../../infra/db/schema/index';
import { carriers, claimLedgerEntries, inspectionPhotos, inspectionSessions, projectStatuses, projectStatusHistory } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { createAnalyticsService } from './analytics.service';

// Figures of company A are computed by hand below from the seeded claim files, their status
// history, field sessions, photos and ledgers; company B holds data that must never show in A.

const server = useTestServer();
let ownerA: Awaited<ReturnType<typeof signedInOwner>>;
let managerA: SignedUpUser;
let memberA: Awaited<ReturnType<typeof signedInUser>>;
let ownerB: Awaited<ReturnType<typeof signedInOwner>>;
let memberB: Awaited<ReturnType<typeof signedInUser>>;
let acme = '';
let birch = '';

const RANGE = 'from=2026-01-01&to=2026-06-30';
const at = (day: string) => new Date(`${day}T00:00:00Z`);

async function statusIds(companyId: string): Promise<Map<string, string>> {
  const rows = await server.db
    .select({ id: projectStatuses.id, key: projectStatuses.key })
    .from(projectStatuses)
    .where(eq(projectStatuses.companyId, companyId));
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** A claim file created on the first day, then in each status from its day (the last stay still open). */
async function claimFile(companyId: string, stays: [string, string][], options: Parameters<typeof insertProjectRow>[2] = {}) {
  const ids = await statusIds(companyId);
  const idOf = (key: string) => ids.get(key) ?? '';
  const last = stays.at(-1) ?? ['lead', ''];
  const first = stays[0] ?? ['lead', ''];
  const project = await insertProjectRow(server.db, companyId, { ...options, createdAt: at(first[1]), statusId: idOf(last[0]) });
  await server.db.delete(projectStatusHistory).where(eq(projectStatusHistory.projectId, project.id));
  await server.db.insert(projectStatusHistory).values(
    stays.map(([key, day], index) => {
      const next = stays[index + 1];
      return { companyId, projectId: project.id, statusId: idOf(key), enteredAt: at(day), leftAt: next ? at(next[1]) : null };
    }),
  );
  return project;
}

async function session(companyId: string, day: string, inspectorId: string, projectId: string | null, extra: { carrierId?: string; lossType?: LossType } = {}) {
  const id = randomUUID();
  await server.db.insert(inspectionSessions).values({ id, companyId, projectId, inspectorId, createdBy: inspectorId, createdAt: at(day), ...extra });
  return id;
}

async function photos(companyId: string, sessionId: string, uploadedBy: string, day: string, count: number, deleted = false) {
  for (let i = 0; i < count; i += 1) {
    await server.db.insert(inspectionPhotos).values({
      id: randomUUID(),
      companyId,
      sessionId,
      filePath: `t/${randomUUID()}.jpg`,
      fileName: 'roof.jpg',
      fileSize: 1000,
      mimeType: 'image/jpeg',
      sha256: randomUUID(),
      category: 'roof',
      receivedAt: at(day),
      uploadedBy,
      deletedAt: deleted ? at(day) : null,
    });
  }
}

type Entry = Omit<typeof claimLedgerEntries.$inferInsert, 'companyId' | 'projectId'>;
async function ledger(companyId: string, projectId: string, entry: Entry) {
  const [row] = await server.db
    .insert(claimLedgerEntries)
    .values({ companyId, projectId, ...entry })
    .returning({ id: claimLedgerEntries.id });
  if (!row) throw new Error('No ledger row');
  return row.id;
}

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) } });
}

async function view(person: SignedUpUser, query = RANGE): Promise<Analytics> {
  const response = await person.client.get<Analytics>(`/api/analytics?${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

beforeAll(async () => {
  ownerA = await signedInOwner(server, { name: 'Alpha Roofing', owner: { firstName: 'Avery', lastName: 'Stone' } });
  managerA = await signedInUser(server, { company: ownerA.company, role: 'manager', firstName: 'Morgan', lastName: 'Hale' });
  memberA = await signedInUser(server, { company: ownerA.company, role: 'member', firstName: 'Mason', lastName: 'Reed' });
  ownerB = await signedInOwner(server, { name: 'Bravo Siding' });
  memberB = await signedInUser(server, { company: ownerB.company, role: 'member' });
  const a = ownerA.company.id;
  const owner = ownerA.company.owner.id;
  const member = memberA.user.id;
  const [c1, c2] = await server.db
    .insert(carriers)
    .values([
      { companyId: a, name: 'Acme Mutual' },
      { companyId: a, name: 'Birch Insurance' },
    ])
    .returning({ id: carriers.id });
  acme = c1?.id ?? '';
  birch = c2?.id ?? '';

  // P1: the member's, Acme, hail. Inspected by a session on Jan 6; filed Jan 10, approved Jan 20, paid Feb 4, closed Feb 10.
  const p1 = await claimFile(
    a,
    [
      ['lead', '2026-01-05'],
      ['inspected', '2026-01-06'],
      ['claim_filed', '2026-01-10'],
      ['approved', '2026-01-20'],
      ['paid', '2026-02-04'],
      ['closed', '2026-02-10'],
    ],
    { assigneeId: member, carrierId: acme, lossType: 'hail', rcvCents: 1_000_000 },
  );
  const s1 = await session(a, '2026-01-06', member, p1.id, { carrierId: acme, lossType: 'hail' });
  await photos(a, s1, member, '2026-01-07', 3);
  await photos(a, s1, member, '2026-01-07', 1, true);
  await ledger(a, p1.id, { kind: 'figure', figure: 'rcv', amountCents: 1_200_000 });
  const sup1 = await ledger(a, p1.id, { kind: 'supplement_requested', label: 'Drip edge', amountCents: 50_000 });
  await ledger(a, p1.id, { kind: 'supplement_approved', relatedId: sup1, amountCents: 30_000 });
  await ledger(a, p1.id, { kind: 'payment_received', paymentType: 'acv_check', amountCents: 800_000, onDate: '2026-02-01' });
  const wrong = await ledger(a, p1.id, { kind: 'payment_received', paymentType: 'other', amountCents: 100_000, onDate: '2026-01-25' });
  await ledger(a, p1.id, { kind: 'reversal', relatedId: wrong, note: 'Entered on the wrong claim file' });

  // P2: the owner's, Acme, wind. No session: inspected when it entered Inspected on Jan 12; filed Jan 22, denied Feb 1 (still there).
  await claimFile(
    a,
    [
      ['lead', '2026-01-10'],
      ['inspected', '2026-01-12'],
      ['claim_filed', '2026-01-22'],
      ['denied', '2026-02-01'],
    ],
    { assigneeId: owner, carrierId: acme, lossType: 'wind', rcvCents: 2_000_000 },
  );

  // P3: the member's, Birch, hail. Session Feb 2; filed Feb 4, approved Feb 10 (still there). A supplement denied, one reversed.
  const p3 = await claimFile(
    a,
    [
      ['lead', '2026-02-01'],
      ['inspected', '2026-02-02'],
      ['claim_filed', '2026-02-04'],
      ['approved', '2026-02-10'],
    ],
    { assigneeId: member, carrierId: birch, lossType: 'hail', rcvCents: 500_000 },
  );
  await session(a, '2026-02-02', member, p3.id, { carrierId: birch, lossType: 'hail' });
  const sup3 = await ledger(a, p3.id, { kind: 'supplement_requested', label: 'Gutters', amountCents: 20_000 });
  await ledger(a, p3.id, { kind: 'supplement_denied', relatedId: sup3 });
  const sup3b = await ledger(a, p3.id, { kind: 'supplement_requested', label: 'Typo', amountCents: 10_000 });
  await ledger(a, p3.id, { kind: 'reversal', relatedId: sup3b });

  // P4: the owner's, no carrier, still a lead: undecided.
  await claimFile(a, [['lead', '2026-02-15']], { assigneeId: owner, lossType: 'other' });

  // P5: the member's, opened before the range (left out of claim-file figures), paid $400.00 on Mar 10 (inside it).
  const p5 = await claimFile(
    a,
    [
      ['lead', '2025-06-01'],
      ['approved', '2025-07-01'],
    ],
    { assigneeId: member, carrierId: acme, lossType: 'hail' },
  );
  await ledger(a, p5.id, { kind: 'payment_received', paymentType: 'supplement_check', amountCents: 40_000, onDate: '2026-03-10' });

  // The owner's own session (no claim file) on Feb 3 with 2 photos on Feb 4.
  const s2 = await session(a, '2026-02-03', owner, null);
  await photos(a, s2, owner, '2026-02-04', 2);

  // Company B: an approved, paid claim file with a supplement, a session and photos, all inside the range.
  const b = ownerB.company.id;
  const pb = await claimFile(
    b,
    [
      ['lead', '2026-01-05'],
      ['inspected', '2026-01-06'],
      ['approved', '2026-01-09'],
    ],
    { assigneeId: memberB.user.id, lossType: 'wind', rcvCents: 9_990_000 },
  );
  const sb = await session(b, '2026-01-06', memberB.user.id, pb.id);
  await photos(b, sb, memberB.user.id, '2026-01-06', 5);
  await ledger(b, pb.id, { kind: 'supplement_requested', label: 'Bravo', amountCents: 777_700 });
  await ledger(b, pb.id, { kind: 'payment_received', paymentType: 'acv_check', amountCents: 9_000_000, onDate: '2026-01-20' });
});

describe('analytics figures on seeded data', () => {
  it("computes the company's figures for owners and managers", async () => {
    const figures = await view(ownerA);
    expect(figures.scope).toBe('company');
    expect(figures.filters).toEqual({ from: '2026-01-01', to: '2026-06-30', memberId: null, carrierId: null, lossType: null });
    expect(figures.members.map((m) => m.name)).toEqual(['Avery Stone', 'Mason Reed', 'Morgan Hale']);
    expect(figures.carriers.map((c) => c.name)).toEqual(['Acme Mutual', 'Birch Insurance']);

    // Acme: P1 approved, P2 denied = 1 of 2 = 50%. Birch: P3 approved = 100%. P4 undecided, P5 before the range.
    expect(figures.approvalByCarrier).toEqual([
      { key: acme, label: 'Acme Mutual', approved: 1, denied: 1, percent: 50 },
      { key: birch, label: 'Birch Insurance', approved: 1, denied: 0, percent: 100 },
    ]);
    // Hail: P1 and P3 approved = 100%; wind: P2 denied = 0%.
    expect(figures.approvalByLossType).toEqual([
      { key: 'hail', label: 'Hail', approved: 2, denied: 0, percent: 100 },
      { key: 'wind', label: 'Wind', approved: 0, denied: 1, percent: 0 },
    ]);
    // Requested: P1 $500.00 + P3 $200.00 = $700.00 (P3's $100.00 was reversed); approved P1 $300.00; denied P3's.
    expect(figures.supplements).toEqual({ requested: 2, requestedCents: 70_000, approved: 1, approvedCents: 30_000, denied: 1 });

    // To filed: P1 Jan 6 -> Jan 10 = 4, P2 Jan 12 -> Jan 22 = 10, P3 Feb 2 -> Feb 4 = 2. Sorted 2, 4, 10:
    // median 4; p90 at position 0.9 x 2 = 1.8 -> 4 + 0.8 x (10 - 4) = 8.8.
    // To approval: P1 Jan 6 -> Jan 20 = 14, P3 Feb 2 -> Feb 10 = 8: median 11; p90 8 + 0.9 x 6 = 13.4.
    // To payment: P1 Jan 6 -> Feb 1 = 26 (the reversed payment of Jan 25 does not count).
    expect(figures.cycleTimes).toEqual([
      { key: 'filed', label: 'Inspection to claim filed', claimFiles: 3, medianDays: 4, p90Days: 8.8 },
      { key: 'approved', label: 'Inspection to approval', claimFiles: 2, medianDays: 11, p90Days: 13.4 },
      { key: 'paid', label: 'Inspection to first payment', claimFiles: 1, medianDays: 26, p90Days: 26 },
    ]);

    // Current statuses: P4 Lead ($0), P3 Approved ($5,000.00), P2 Denied ($20,000.00), P1 Closed (the ledger's $12,000.00 over its own $10,000.00).
    expect(figures.pipelineByStatus.filter((row) => row.claimFiles > 0).map((row) => [row.name, row.claimFiles, row.rcvCents])).toEqual([
      ['Lead', 1, 0],
      ['Approved', 1, 500_000],
      ['Denied', 1, 2_000_000],
      ['Closed', 1, 1_200_000],
    ]);

    // Closed stays only (open ones run until now): Inspected 4 (P1), 10 (P2), 2 (P3): average 16 / 3 = 5.3, median 4.
    // Claim filed: 10 (P1 Jan 10 -> 20), 10 (P2 Jan 22 -> Feb 1), 6 (P3 Feb 4 -> 10): average 26 / 3 = 8.7, median 10.
    // Paid: P1 Feb 4 -> Feb 10 = 6. Closed is the end and not listed.
    const stay = (name: string) => figures.daysInStatus.find((row) => row.name === name);
    expect(stay('Inspected')).toMatchObject({ stays: 3, averageDays: 5.3, medianDays: 4 });
    expect(stay('Claim filed')).toMatchObject({ stays: 3, averageDays: 8.7, medianDays: 10 });
    expect(stay('Paid')).toMatchObject({ stays: 1, averageDays: 6, medianDays: 6 });
    expect(stay('Closed')).toBeUndefined();

    // Week of Mon Jan 5: the member's session (Jan 6) and 3 photos (a 4th deleted). Week of Mon Feb 2:
    // the owner's session (Feb 3) and 2 photos; the member's session (Feb 2). Company B's are not here.
    expect(figures.weeklyActivity.map((row) => [row.week, row.memberName, row.inspections, row.photos])).toEqual([
      ['2026-01-05', 'Mason Reed', 1, 3],
      ['2026-02-02', 'Avery Stone', 1, 2],
      ['2026-02-02', 'Mason Reed', 1, 0],
    ]);
    // February: P1's $8,000.00 (its reversed $1,000.00 left out); March: P5's $400.00.
    expect(figures.revenueByMonth).toEqual([
      { month: '2026-02-01', receivedCents: 800_000, payments: 1 },
      { month: '2026-03-01', receivedCents: 40_000, payments: 1 },
    ]);
    expect(JSON.stringify(figures)).not.toContain('Bravo');

    const manager = await view(managerA);
    expect(manager).toEqual(figures);
  });

  it('narrows to the filters: carrier, loss type, member, range', async () => {
    const birchOnly = await view(ownerA, `${RANGE}&carrierId=${birch}`);
    expect(birchOnly.approvalByCarrier.map((row) => row.label)).toEqual(['Birch Insurance']);
    // Only P3: requested $200.00, denied.
    expect(birchOnly.supplements).toEqual({ requested: 1, requestedCents: 20_000, approved: 0, approvedCents: 0, denied: 1 });
    expect(birchOnly.revenueByMonth).toEqual([]);
    // Only P3's session (Birch, hail) and no photos of it.
    expect(birchOnly.weeklyActivity.map((row) => [row.week, row.inspections, row.photos])).toEqual([['2026-02-02', 1, 0]]);

    const wind = await view(ownerA, `${RANGE}&lossType=wind`);
    expect(wind.approvalByLossType).toEqual([{ key: 'wind', label: 'Wind', approved: 0, denied: 1, percent: 0 }]);

    const february = await view(ownerA, 'from=2026-02-01&to=2026-02-28');
    // Opened in February: P3 (approved) and P4 (undecided); received in February: P1's $8,000.00.
    expect(february.approvalByCarrier).toEqual([{ key: birch, label: 'Birch Insurance', approved: 1, denied: 0, percent: 100 }]);
    expect(february.revenueByMonth).toEqual([{ month: '2026-02-01', receivedCents: 800_000, payments: 1 }]);

    const ofMember = await view(ownerA, `${RANGE}&memberId=${memberA.user.id}`);
    expect(ofMember.filters.memberId).toBe(memberA.user.id);
    // P1 and P3: filed 4 and 2: median 3, p90 2 + 0.9 x 2 = 3.8.
    expect(ofMember.cycleTimes[0]).toMatchObject({ claimFiles: 2, medianDays: 3, p90Days: 3.8 });
  });

  it('shows a member only their own figures, whatever they ask for', async () => {
    const own = await view(memberA);
    expect(own.scope).toBe('own');
    expect(own.filters.memberId).toBe(memberA.user.id);
    expect(own.members).toEqual([{ id: memberA.user.id, name: 'Mason Reed' }]);
    // P1 and P3 only: both approved.
    expect(own.approvalByCarrier.map((row) => [row.label, row.approved, row.denied])).toEqual([
      ['Acme Mutual', 1, 0],
      ['Birch Insurance', 1, 0],
    ]);
    expect(own.approvalByLossType.map((row) => row.key)).toEqual(['hail']);
    expect(own.cycleTimes[0]).toMatchObject({ claimFiles: 2, medianDays: 3, p90Days: 3.8 });
    // P2 (Denied, the owner's) and P4 (Lead) are not theirs.
    expect(own.pipelineByStatus.filter((row) => row.claimFiles > 0).map((row) => row.name)).toEqual(['Approved', 'Closed']);
    expect(own.weeklyActivity.map((row) => row.memberName)).toEqual(['Mason Reed', 'Mason Reed']);
    // P1's February payment and P5's March one are both the member's.
    expect(own.revenueByMonth.map((row) => row.receivedCents)).toEqual([800_000, 40_000]);
    expect(await view(memberA, `${RANGE}&memberId=${memberA.user.id}`)).toEqual(own);

    expectError(await memberA.client.get(`/api/analytics?${RANGE}&memberId=${ownerA.company.owner.id}`), 403, 'FORBIDDEN');
  });

  it("shows another company nothing of A's", async () => {
    const bravo = await view(ownerB);
    expect(bravo.members.map((m) => m.name)).not.toContain('Mason Reed');
    expect(bravo.carriers).toEqual([]);
    // Only B's claim file: approved, no carrier; B's supplement and payment.
    expect(bravo.approvalByCarrier).toEqual([{ key: 'none', label: 'No carrier', approved: 1, denied: 0, percent: 100 }]);
    expect(bravo.supplements).toMatchObject({ requested: 1, requestedCents: 777_700 });
    expect(bravo.revenueByMonth).toEqual([{ month: '2026-01-01', receivedCents: 9_000_000, payments: 1 }]);
    expect(bravo.weeklyActivity.map((row) => [row.inspections, row.photos])).toEqual([[1, 5]]);
    const text = JSON.stringify(bravo);
    for (const secret of ['Acme', 'Birch', 'Alpha', 'Avery', 'Mason']) expect(text).not.toContain(secret);

    // A's member or carrier named by B: the member is not found; the carrier matches nothing of B.
    expectError(await ownerB.client.get(`/api/analytics?${RANGE}&memberId=${memberA.user.id}`), 404, 'NOT_FOUND');
    const acmeFromB = await view(ownerB, `${RANGE}&carrierId=${acme}`);
    expect(acmeFromB.approvalByCarrier).toEqual([]);
    expect(acmeFromB.supplements.requested).toBe(0);
    // B's member sees only their own, in B.
    expect((await view(memberB)).members.map((m) => m.id)).toEqual([memberB.user.id]);
  });

  it('refuses bad filters with the one error shape, and anyone signed out', async () => {
    for (const query of [
      'from=2026-03-01&to=2026-02-01',
      'from=2020-01-01&to=2026-01-01',
      'lossType=meteor',
      'carrierId=acme',
      'from=2026-13-01',
      `memberId=${'x'.repeat(65)}`,
    ]) {
      expectError(await ownerA.client.get(`/api/analytics?${query}`), 400, 'VALIDATION_ERROR');
    }
    const anonymous = await fetch(`${server.url}/api/analytics`);
    expect(anonymous.status).toBe(401);
  });
});

describe('a range with one end', () => {
  it('is held to the same three years once the other end is filled in (today, or a year before `to`)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    // `from` alone runs to today: 1970 would be 57 years, and a start after today ends before it begins.
    for (const query of ['from=1970-01-01', `from=${daysFromToday(-1096)}`, `from=${daysFromToday(2)}`]) {
      expectError(await ownerA.client.get(`/api/analytics?${query}`), 400, 'VALIDATION_ERROR');
    }
    expect((await view(ownerA, `from=${daysFromToday(-1094)}`)).filters).toMatchObject({ from: daysFromToday(-1094), to: today });
    expect((await view(ownerA, 'to=2020-06-30')).filters).toMatchObject({ from: '2019-07-01', to: '2020-06-30' });
    const refused = await ownerA.client.get<{ error: { message: string } }>('/api/analytics?from=1970-01-01');
    expect(refused.body.error.message).toBe('from: A view covers at most three years');
  });
});

/** A node of PostgreSQL's JSON plan, as EXPLAIN (ANALYZE, FORMAT JSON) writes it. */
type PlanNode = { 'Node Type': string; 'Parent Relationship'?: string; 'Actual Loops'?: number; 'CTE Name'?: string; Plans?: PlanNode[] };

/**
 * The plan's nodes run more than once per statement as a subquery, or over a CTE: a subquery correlated
 * per claim file, or a stored CTE scanned again for each row, grows with the square of the claim files.
 * How the planner joins at scale (hash joins, nothing built again per status) is what bench:analytics measures.
 */
function repeatedNodes(node: PlanNode): string[] {
  const loops = node['Actual Loops'] ?? 1;
  const own = [
    ...(node['Node Type'] === 'CTE Scan' && loops > 1 ? [`CTE Scan on ${node['CTE Name'] ?? '?'} x${loops}`] : []),
    ...(node['Parent Relationship'] === 'SubPlan' && loops > 1 ? [`SubPlan ${node['Node Type']} x${loops}`] : []),
  ];
  return [...own, ...(node.Plans ?? []).flatMap(repeatedNodes)];
}

describe('analytics statements', () => {
  it('read each row once: no subquery or CTE scan runs per claim file', async () => {
    // The statements the view sends, caught by a logger on the server's own pool, then run again under EXPLAIN ANALYZE.
    const sent: { query: string; params: unknown[] }[] = [];
    const traced = drizzle(server.deps.database.pool, { schema, logger: { logQuery: (query, params) => sent.push({ query, params }) } });
    const actor = { userId: ownerA.company.owner.id, email: ownerA.email, role: 'contractor' as const, sessionId: 'plans', impersonatedBy: null };
    await createAnalyticsService({ db: traced, readTimeoutMs: 5_000 }).view(
      actor,
      { companyId: ownerA.company.id, role: 'owner' },
      { from: '2026-01-01', to: '2026-06-30' },
    );
    const reads = sent.filter(({ query }) => /^\s*(with|select)\b/i.test(query) && !query.includes('pg_try_advisory_xact_lock'));
    expect(reads.length).toBeGreaterThanOrEqual(7);
    for (const { query, params } of reads) {
      const explained = await server.deps.database.pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (analyze, format json) ${query}`, params);
      const plan = explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
      if (!plan) throw new Error('No plan');
      expect(repeatedNodes(plan), query).toEqual([]);
    }
  });
});

describe('status history', () => {
  it('records every stay when a claim file is created and moved, in the same transaction', async () => {
    const created = await ownerA.client.post<{ id: string }>('/api/projects', { title: 'History claim', homeownerName: 'Hist Owner', street: '9 History Ln' });
    expect(created.status, created.text).toBe(201);
    const ids = await statusIds(ownerA.company.id);
    const moved = await ownerA.client.post(`/api/projects/${created.body.id}/status`, { statusId: ids.get('claim_filed') });
    expect(moved.status, moved.text).toBe(200);
    const rows = await server.db
      .select({ statusId: projectStatusHistory.statusId, leftAt: projectStatusHistory.leftAt })
      .from(projectStatusHistory)
      .where(and(eq(projectStatusHistory.companyId, ownerA.company.id), eq(projectStatusHistory.projectId, created.body.id)))
      .orderBy(projectStatusHistory.enteredAt);
    expect(rows.map((row) => [row.statusId, row.leftAt === null])).toEqual([
      [ids.get('lead'), false],
      [ids.get('claim_filed'), true],
    ]);
    // A change of another column leaves the history alone.
    await server.db.execute(sql`update projects set title = 'Renamed' where id = ${created.body.id}`);
    const after = await server.db.select().from(projectStatusHistory).where(eq(projectStatusHistory.projectId, created.body.id));
    expect(after).toHaveLength(2);
  });
});

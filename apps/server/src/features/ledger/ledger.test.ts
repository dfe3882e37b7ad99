import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClaimLedger, CreateLedgerEntryInput } from '@ridgeline/shared/contracts/ledger';
import { claimLedgerEntries, estimates, inspectionSessions, projects, projectStatuses, user } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer({ API_WRITE_LIMIT: '100000' });
let ownerA: Awaited<ReturnType<typeof signedInOwner>>;
let managerA: SignedUpUser;
let memberA: SignedUpUser;
let ownerB: Awaited<ReturnType<typeof signedInOwner>>;

beforeAll(async () => {
  ownerA = await signedInOwner(server, { name: 'Alpha Roofing' });
  managerA = await signedInUser(server, { company: ownerA.company, role: 'manager' });
  memberA = await signedInUser(server, { company: ownerA.company, role: 'member' });
  ownerB = await signedInOwner(server, { name: 'Bravo Siding' });
  // The claim files here stay where they are while their entries are checked: company A has the
  // moves its ledger causes offered, not made (status-progress.test.ts checks the moves themselves).
  const suggest = await ownerA.client.patch('/api/company', { statusMoves: 'suggest' });
  expect(suggest.status, suggest.text).toBe(200);
});

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) } });
}

async function add(person: SignedUpUser, projectId: string, entry: CreateLedgerEntryInput): Promise<ClaimLedger> {
  const response = await person.client.post<ClaimLedger>(`/api/projects/${projectId}/ledger/entries`, entry);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const last = (ledger: ClaimLedger) => {
  const entry = ledger.entries.at(-1);
  if (!entry) throw new Error('No entry');
  return entry;
};

const rowsOf = (projectId: string) =>
  server.db.select().from(claimLedgerEntries).where(eq(claimLedgerEntries.projectId, projectId)).orderBy(claimLedgerEntries.createdAt);

/** A claim file of company A whose latest estimate is RCV $18,250.37, depreciation $4,112.09, ACV $14,138.28; deductible $1,000.00. */
async function claimWithEstimate() {
  const project = await insertProjectRow(server.db, ownerA.company.id, { deductibleCents: 100_000, rcvCents: 1, acvCents: 1, depreciationCents: 0 });
  const sessionId = randomUUID();
  await server.db.insert(inspectionSessions).values({ id: sessionId, companyId: ownerA.company.id, projectId: project.id });
  await server.db.insert(estimates).values({
    companyId: ownerA.company.id,
    sessionId,
    projectId: project.id,
    version: 1,
    rcvCents: 1_700_000,
    depreciationCents: 400_000,
    acvCents: 1_300_000,
  });
  await server.db.insert(estimates).values({
    companyId: ownerA.company.id,
    sessionId,
    projectId: project.id,
    version: 2,
    rcvCents: 1_825_037,
    depreciationCents: 411_209,
    acvCents: 1_413_828,
  });
  return project;
}

describe('the claim money ledger', () => {
  it('starts from the latest estimate, then reconciles figures, a supplement and payments to zero, to the cent', async () => {
    const project = await claimWithEstimate();
    const start = await ownerA.client.get<ClaimLedger>(`/api/projects/${project.id}/ledger`);
    expect(start.status, start.text).toBe(200);
    expect(start.body.entries).toEqual([]);
    expect(start.body.canWrite).toBe(true);
    // The version 2 estimate, not version 1 nor the claim file's own figures.
    expect(start.body.summary).toMatchObject({
      rcv: { amountCents: 1_825_037, source: 'estimate' },
      acv: { amountCents: 1_413_828, source: 'estimate' },
      recoverableDepreciation: { amountCents: 411_209, source: 'estimate' },
      deductible: { amountCents: 100_000, source: 'claim_file' },
      // 1,825,037 - 100,000 deductible = 1,725,037 from the insurer; + 100,000 = 1,825,037 due.
      insurerApprovedCents: 1_725_037,
      totalDueCents: 1_825_037,
      balanceDueCents: 1_825_037,
      state: 'balance_due',
      issues: [],
    });

    // The insurer approves RCV $18,000.00, ACV $13,899.99, recoverable $4,000.01, non-recoverable $100.00; deductible $1,250.00.
    await add(managerA, project.id, { kind: 'figure', figure: 'rcv', amountCents: 1_800_000 });
    await add(ownerA, project.id, { kind: 'figure', figure: 'acv', amountCents: 1_389_999 });
    await add(ownerA, project.id, { kind: 'figure', figure: 'recoverable_depreciation', amountCents: 400_001 });
    await add(ownerA, project.id, { kind: 'figure', figure: 'non_recoverable_depreciation', amountCents: 10_000 });
    await add(ownerA, project.id, { kind: 'figure', figure: 'deductible', amountCents: 125_000 });
    await add(ownerA, project.id, { kind: 'figure', figure: 'op', amountCents: 0 });
    const requested = last(await add(ownerA, project.id, { kind: 'supplement_requested', label: 'Drip edge', amountCents: 120_055 }));
    const supplemented = await add(ownerA, project.id, { kind: 'supplement_approved', supplementId: requested.id, amountCents: 100_050 });
    expect(supplemented.suggestedStatuses.map((s) => s.key)).toEqual(['approved']);
    // ACV check = ACV - deductible = 1,389,999 - 125,000 = 1,264,999.
    await add(ownerA, project.id, { kind: 'payment_received', paymentType: 'acv_check', amountCents: 1_264_999, date: '2026-10-02', reference: 'Check 10442' });
    const expected = last(
      await add(ownerA, project.id, { kind: 'payment_expected', paymentType: 'depreciation_release', amountCents: 400_001, date: '2026-11-30' }),
    );
    const awaiting = await ownerA.client.get<ClaimLedger>(`/api/projects/${project.id}/ledger`);
    expect(awaiting.body.suggestedStatuses.map((s) => [s.key, s.name])).toEqual([['depreciation_requested', 'Depreciation requested']]);
    expect(awaiting.body.summary.expectedOutstandingCents).toBe(400_001);

    await add(ownerA, project.id, {
      kind: 'payment_received',
      paymentType: 'depreciation_release',
      amountCents: 400_001,
      date: '2026-11-20',
      expectedId: expected.id,
    });
    await add(ownerA, project.id, { kind: 'payment_received', paymentType: 'mortgage_endorsed', amountCents: 100_050, date: '2026-11-21' });
    const beforeDeductible = await ownerA.client.get<ClaimLedger>(`/api/projects/${project.id}/ledger`);
    // insurer: 1,800,000 + 100,050 - 10,000 - 125,000 = 1,765,050; received from it 1,264,999 + 400,001 + 100,050 = 1,765,050.
    expect(beforeDeductible.body.summary).toMatchObject({
      insurerApprovedCents: 1_765_050,
      receivedFromInsurerCents: 1_765_050,
      balanceDueCents: 125_000,
      expectedOutstandingCents: 0,
    });

    const paid = await add(ownerA, project.id, { kind: 'payment_received', paymentType: 'deductible', amountCents: 125_000, date: '2026-11-22' });
    // 1,765,050 + 125,000 = 1,890,050 due and received: the balance is 0.
    expect(paid.summary).toMatchObject({
      rcv: { amountCents: 1_800_000, source: 'approved' },
      op: { status: 'not_approved', amountCents: 0 },
      supplementsRequestedCents: 120_055,
      supplementsApprovedCents: 100_050,
      totalDueCents: 1_890_050,
      receivedCents: 1_890_050,
      deductibleReceivedCents: 125_000,
      depreciationReleasedCents: 400_001,
      balanceDueCents: 0,
      state: 'paid_in_full',
      issues: [],
    });
    expect(paid.suggestedStatuses.map((s) => s.name)).toEqual(['Paid']);
    expect(paid.entries).toHaveLength(13);
    expect(paid.entries[0]).toMatchObject({ kind: 'figure', figure: 'rcv', createdByName: expect.any(String), createdAt: expect.any(String) });
    expect(paid.entries.find((e) => e.reference === 'Check 10442')).toMatchObject({ paymentType: 'acv_check', date: '2026-10-02' });

    // Company A chose "suggest": the ledger's moves are offered on the claim file, never made.
    const [stored] = await server.db.select({ statusId: projects.statusId }).from(projects).where(eq(projects.id, project.id));
    expect(stored?.statusId).toBe(project.statusId);
    expect(paid.statusDisagreements).toEqual([]);
  });

  it("says where the claim file's status disagrees with the ledger", async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id, {
      rcvCents: 1_000_000,
      acvCents: 800_000,
      depreciationCents: 200_000,
      deductibleCents: 50_000,
    });
    const statusId = async (key: string) => {
      const [row] = await server.db
        .select({ id: projectStatuses.id })
        .from(projectStatuses)
        .where(sql`${projectStatuses.companyId} = ${ownerA.company.id} and ${projectStatuses.key} = ${key}`);
      if (!row) throw new Error(`No status ${key}`);
      return row.id;
    };
    await add(ownerA, project.id, { kind: 'payment_received', paymentType: 'acv_check', amountCents: 750_000, date: '2026-10-01' });
    const moved = await ownerA.client.post(`/api/projects/${project.id}/status`, { statusId: await statusId('paid') });
    expect(moved.status, moved.text).toBe(200);
    // 1,000,000 due - 750,000 received = 250,000 still due.
    const ledger = await ownerA.client.get<ClaimLedger>(`/api/projects/${project.id}/ledger`);
    expect(ledger.body.statusDisagreements).toEqual([{ code: 'paid_with_balance_due', statusName: 'Paid', amountCents: 250_000 }]);
    await server.db
      .update(projects)
      .set({ statusId: await statusId('depreciation_requested') })
      .where(eq(projects.id, project.id));
    const asked = await ownerA.client.get<ClaimLedger>(`/api/projects/${project.id}/ledger`);
    // 200,000 recoverable (the claim file's figure), nothing released or expected.
    expect(asked.body.statusDisagreements).toEqual([
      { code: 'depreciation_requested_not_expected', statusName: 'Depreciation requested', amountCents: 200_000 },
    ]);
  });

  it('corrects by reversing: the reversed entry stays, marked, and stops counting', async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id, {
      rcvCents: 1_000_000,
      acvCents: 800_000,
      depreciationCents: 200_000,
      deductibleCents: 50_000,
    });
    const wrong = last(await add(ownerA, project.id, { kind: 'payment_received', paymentType: 'acv_check', amountCents: 705_000, date: '2026-10-01' }));
    const reversed = await add(ownerA, project.id, { kind: 'reversal', reversesId: wrong.id, note: 'Typed $7,050.00 for $7,500.00' });
    expect(reversed.entries[0]).toMatchObject({ id: wrong.id, reversedById: last(reversed).id });
    expect(reversed.summary.receivedCents).toBe(0);
    const fixed = await add(ownerA, project.id, { kind: 'payment_received', paymentType: 'acv_check', amountCents: 750_000, date: '2026-10-01' });
    // The claim file's own figures: 1,000,000 - 50,000 + 50,000 - 750,000 = 250,000.
    expect(fixed.summary).toMatchObject({ rcv: { source: 'claim_file' }, receivedCents: 750_000, balanceDueCents: 250_000 });

    expectError(
      await ownerA.client.post(`/api/projects/${project.id}/ledger/entries`, { kind: 'reversal', reversesId: wrong.id, note: 'Again' }),
      409,
      'LEDGER_ALREADY_REVERSED',
    );
    expectError(
      await ownerA.client.post(`/api/projects/${project.id}/ledger/entries`, { kind: 'reversal', reversesId: last(reversed).id, note: 'Undo the undo' }),
      409,
      'LEDGER_ALREADY_REVERSED',
    );
    expect(await rowsOf(project.id)).toHaveLength(3);
  });

  it('says why a ledger does not balance', async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id, { deductibleCents: 100_000 });
    await add(ownerA, project.id, { kind: 'figure', figure: 'rcv', amountCents: 1_000_000 });
    await add(ownerA, project.id, { kind: 'figure', figure: 'acv', amountCents: 850_000 });
    await add(ownerA, project.id, { kind: 'figure', figure: 'recoverable_depreciation', amountCents: 150_000 });
    const request = last(await add(ownerA, project.id, { kind: 'supplement_requested', label: 'Ice and water shield', amountCents: 50_000 }));
    await add(ownerA, project.id, { kind: 'supplement_approved', supplementId: request.id, amountCents: 60_000 });
    await add(ownerA, project.id, { kind: 'payment_received', paymentType: 'depreciation_release', amountCents: 150_100, date: '2026-10-01' });
    const ledger = await add(ownerA, project.id, { kind: 'payment_received', paymentType: 'acv_check', amountCents: 900_000, date: '2026-10-01' });
    // due 1,000,000 + 60,000 = 1,060,000; received 1,050,100; balance 9,900; released 150,100 - 150,000 = 100 too many.
    expect(ledger.summary.balanceDueCents).toBe(9_900);
    expect(ledger.summary.state).toBe('does_not_balance');
    expect(ledger.summary.issues).toEqual([
      { code: 'supplement_approved_above_requested', amountCents: 10_000, label: 'Ice and water shield' },
      { code: 'depreciation_released_above_recoverable', amountCents: 100, label: null },
    ]);
  });

  it('refuses an edit or a removal in the database itself (append-only)', async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id);
    const entry = last(await add(ownerA, project.id, { kind: 'figure', figure: 'rcv', amountCents: 123_456 }));
    const failure = async (query: Promise<unknown>) =>
      query.then(
        () => '',
        (error: unknown) => String(error instanceof Error && error.cause instanceof Error ? error.cause.message : error),
      );
    expect(await failure(server.db.update(claimLedgerEntries).set({ amountCents: 1 }).where(eq(claimLedgerEntries.id, entry.id)))).toMatch(/append-only/);
    expect(await failure(server.db.execute(sql`delete from claim_ledger_entries where id = ${entry.id}`))).toMatch(/append-only/);
    expect((await rowsOf(project.id)).map((row) => row.amountCents)).toEqual([123_456]);

    // The database's own cascades still pass: the author's account deleted, then the claim file.
    const author = await signedInUser(server, { company: ownerA.company, role: 'manager' });
    await add(author, project.id, { kind: 'figure', figure: 'deductible', amountCents: 100_000 });
    await server.db.delete(user).where(eq(user.id, author.user.id));
    const rows = await rowsOf(project.id);
    expect(rows.map((row) => [row.amountCents, row.createdBy === null, row.createdByName !== null])).toEqual([
      [123_456, false, true],
      [100_000, true, true],
    ]);
    await server.db.delete(projects).where(eq(projects.id, project.id));
    expect(await rowsOf(project.id)).toEqual([]);
  });

  it('lets everyone read, and only owners and managers write', async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id);
    const read = await memberA.client.get<ClaimLedger>(`/api/projects/${project.id}/ledger`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.canWrite).toBe(false);
    expectError(await memberA.client.post(`/api/projects/${project.id}/ledger/entries`, { kind: 'figure', figure: 'rcv', amountCents: 100 }), 403, 'FORBIDDEN');
    expect(await rowsOf(project.id)).toEqual([]);
    await add(managerA, project.id, { kind: 'figure', figure: 'rcv', amountCents: 100 });
  });

  it("shows another company's user nothing: 404 on every endpoint, and nothing written", async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id);
    const entry = last(await add(ownerA, project.id, { kind: 'supplement_requested', label: 'Gutters', amountCents: 10_000 }));
    const before = await rowsOf(project.id);
    expectError(await ownerB.client.get(`/api/projects/${project.id}/ledger`), 404, 'NOT_FOUND');
    for (const body of [
      { kind: 'figure', figure: 'rcv', amountCents: 100 },
      { kind: 'supplement_approved', supplementId: entry.id, amountCents: 100 },
      { kind: 'reversal', reversesId: entry.id, note: 'Not mine' },
    ]) {
      expectError(await ownerB.client.post(`/api/projects/${project.id}/ledger/entries`, body), 404, 'NOT_FOUND');
    }
    // B's own claim file cannot point at A's entries either.
    const own = await insertProjectRow(server.db, ownerB.company.id);
    expectError(
      await ownerB.client.post(`/api/projects/${own.id}/ledger/entries`, { kind: 'reversal', reversesId: entry.id, note: 'Not mine' }),
      422,
      'LEDGER_REFERENCE_INVALID',
    );
    expectError(
      await ownerB.client.post(`/api/projects/${own.id}/ledger/entries`, { kind: 'supplement_denied', supplementId: entry.id }),
      422,
      'LEDGER_REFERENCE_INVALID',
    );
    expect(await rowsOf(project.id)).toEqual(before);
    expect(await rowsOf(own.id)).toEqual([]);
    // An unknown claim file is the same 404.
    expectError(await ownerA.client.get(`/api/projects/${randomUUID()}/ledger`), 404, 'NOT_FOUND');
  });

  it('refuses bad input with the one error shape and writes nothing', async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id);
    const request = last(await add(ownerA, project.id, { kind: 'supplement_requested', label: 'Vents', amountCents: 20_000 }));
    const url = `/api/projects/${project.id}/ledger/entries`;
    for (const body of [
      {},
      { kind: 'bonus', amountCents: 100 },
      { kind: 'figure', figure: 'rcv', amountCents: 12.5 },
      { kind: 'figure', figure: 'rcv', amountCents: -1 },
      { kind: 'figure', figure: 'rcv', amountCents: 1_000_000_001 },
      { kind: 'figure', figure: 'rcv', amountCents: '100' },
      { kind: 'figure', figure: 'profit', amountCents: 100 },
      { kind: 'payment_received', paymentType: 'acv_check', amountCents: 0, date: '2026-10-01' },
      { kind: 'payment_received', paymentType: 'acv_check', amountCents: 100 },
      { kind: 'payment_received', paymentType: 'acv_check', amountCents: 100, date: '2026-02-30' },
      { kind: 'supplement_requested', label: '  ', amountCents: 100 },
      { kind: 'reversal', reversesId: request.id, note: '' },
      { kind: 'figure', figure: 'rcv', amountCents: 100, note: 'x'.repeat(501) },
    ]) {
      expectError(await ownerA.client.post(url, body), 400, 'VALIDATION_ERROR');
    }
    expectError(await ownerA.client.get('/api/projects/not-a-uuid/ledger'), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.post(url, { kind: 'supplement_approved', supplementId: randomUUID(), amountCents: 100 }), 422, 'LEDGER_REFERENCE_INVALID');
    expectError(
      await ownerA.client.post(url, { kind: 'payment_received', paymentType: 'acv_check', amountCents: 100, date: '2026-10-01', expectedId: request.id }),
      422,
      'LEDGER_REFERENCE_INVALID',
    );
    await add(ownerA, project.id, { kind: 'supplement_denied', supplementId: request.id });
    expectError(await ownerA.client.post(url, { kind: 'supplement_approved', supplementId: request.id, amountCents: 100 }), 409, 'LEDGER_SUPPLEMENT_DECIDED');
    expect((await rowsOf(project.id)).map((row) => row.kind)).toEqual(['supplement_requested', 'supplement_denied']);
  });

  it('suggests only statuses the company shows, and keeps to a full ledger', async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id);
    await server.db
      .update(projectStatuses)
      .set({ isHidden: true })
      .where(sql`${projectStatuses.companyId} = ${ownerA.company.id} and ${projectStatuses.key} = 'supplement_requested'`);
    const ledger = await add(ownerA, project.id, { kind: 'supplement_requested', label: 'Flashing', amountCents: 5_000 });
    expect(ledger.suggestedStatuses).toEqual([]);

    const values = Array.from({ length: 499 }, () => ({
      companyId: ownerA.company.id,
      projectId: project.id,
      kind: 'figure' as const,
      figure: 'op' as const,
      amountCents: 0,
    }));
    await server.db.insert(claimLedgerEntries).values(values);
    expectError(await ownerA.client.post(`/api/projects/${project.id}/ledger/entries`, { kind: 'figure', figure: 'rcv', amountCents: 1 }), 409, 'LEDGER_FULL');
    expect(await rowsOf(project.id)).toHaveLength(500);
  });

  it('refuses a payment received dated in the future (it is expected, not received) and takes it as expected', async () => {
    const project = await claimWithEstimate();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const check = { kind: 'payment_received' as const, paymentType: 'supplement_check' as const, amountCents: 320_000, reference: 'CHK 88' };
    expectError(await ownerA.client.post(`/api/projects/${project.id}/ledger/entries`, { ...check, date: day(19) }), 422, 'LEDGER_RECEIVED_IN_FUTURE');
    expect(await rowsOf(project.id)).toHaveLength(0);
    const expected = await add(ownerA, project.id, { kind: 'payment_expected', paymentType: 'supplement_check', amountCents: 320_000, date: day(19) });
    expect(expected.summary).toMatchObject({ receivedCents: 0, expectedOutstandingCents: 320_000 });
    // Dated today (or tomorrow, a reader ahead of the server's day) it is received.
    const received = await add(ownerA, project.id, { ...check, date: day(1), expectedId: last(expected).id });
    expect(received.summary).toMatchObject({ receivedCents: 320_000, expectedOutstandingCents: 0 });
  });
});

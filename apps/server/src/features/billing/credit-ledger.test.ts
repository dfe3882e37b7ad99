import { asc, eq, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../infra/db/client';
import { creditEntries, user } from '../../infra/db/schema/index';
import { AppError } from '../../lib/app-error';
import { createCompany, createUser } from '../../test/factories';
import { useTestServer } from '../../test/use-test-server';
import { appendCreditEntry, creditBalance } from './credit-ledger.repository';

// The credit ledger on real PostgreSQL: the balance is the sum of the rows, it never goes below zero
// even when many spends arrive at once, and a row once written is never changed.

const server = useTestServer();
/** A pool of its own, big enough that 20 spends really hold 20 transactions open at once. */
let wide: Database;

beforeAll(() => {
  const url = server.deps.config.databaseUrl;
  if (!url) throw new Error('the test server has no database URL');
  wide = openDatabase(url, server.deps.logger, 25);
});
afterAll(() => wide.close());

/** The database's own words of a failed statement (drizzle wraps the driver's error in `cause`). */
async function databaseError(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause) messages.push(current.message);
    return messages.join(' / ');
  }
  throw new Error('the statement succeeded');
}

const ledgerOf = (companyId: string) =>
  server.db.select().from(creditEntries).where(eq(creditEntries.companyId, companyId)).orderBy(asc(creditEntries.balanceAfter));

describe('credit ledger', () => {
  it('keeps the balance at or above zero under 20 concurrent spends: exactly the credits there are get spent', async () => {
    const company = await createCompany(server.db);
    await server.db.transaction((tx) =>
      appendCreditEntry(tx, { companyId: company.id, kind: 'purchase', credits: 10, reason: 'Bought 10 credits (test mode)', actorId: company.owner.id }),
    );

    const spends = Array.from({ length: 20 }, (_, index) =>
      wide.db.transaction(async (tx) => {
        const entry = await appendCreditEntry(tx, {
          companyId: company.id,
          kind: 'spend',
          credits: -1,
          reason: `Spend ${index + 1}`,
          actorId: company.owner.id,
        });
        // The transaction stays open a moment after its row, so the others really wait on the lock.
        await tx.execute(sql`select pg_sleep(0.01)`);
        return entry;
      }),
    );
    const results = await Promise.allSettled(spends);

    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(AppError);
      expect((reason as AppError).code).toBe('INSUFFICIENT_CREDITS');
      expect((reason as AppError).status).toBe(409);
    }

    expect(await creditBalance(server.db, company.id)).toBe(0);
    const rows = await ledgerOf(company.id);
    expect(rows).toHaveLength(11);
    expect(await server.db.select().from(creditEntries).where(lt(creditEntries.balanceAfter, 0))).toEqual([]);
    // Each spend saw the balance the one before it left: the running balances are 0..10, each once.
    expect(rows.map((row) => row.balanceAfter)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('is the sum of its rows, and each row carries the balance right after it', async () => {
    const company = await createCompany(server.db);
    expect(await creditBalance(server.db, company.id)).toBe(0);
    const steps = [
      { kind: 'purchase', credits: 25 },
      { kind: 'spend', credits: -4 },
      { kind: 'refund', credits: 4 },
      { kind: 'adjustment', credits: -5 },
      { kind: 'spend', credits: -2 },
    ] as const;
    const after: number[] = [];
    for (const step of steps) {
      const row = await server.db.transaction((tx) => appendCreditEntry(tx, { companyId: company.id, ...step, reason: step.kind, actorId: null }));
      after.push(row.balanceAfter);
    }
    expect(after).toEqual([25, 21, 25, 20, 18]);
    expect(await creditBalance(server.db, company.id)).toBe(18);

    // A change that would go below zero is refused and writes nothing.
    await expect(
      server.db.transaction((tx) => appendCreditEntry(tx, { companyId: company.id, kind: 'spend', credits: -19, reason: 'too much', actorId: null })),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
    });
    expect(await ledgerOf(company.id)).toHaveLength(5);
    expect(await creditBalance(server.db, company.id)).toBe(18);

    // Another company's ledger is its own.
    const other = await createCompany(server.db);
    expect(await creditBalance(server.db, other.id)).toBe(0);
  });

  it('refuses to change or rewrite a row (append-only), and the table refuses a negative balance written around the lock', async () => {
    const company = await createCompany(server.db);
    const row = await server.db.transaction((tx) =>
      appendCreditEntry(tx, { companyId: company.id, kind: 'purchase', credits: 5, reason: 'Bought 5 credits', actorId: null }),
    );

    expect(await databaseError(server.db.update(creditEntries).set({ credits: 500, balanceAfter: 500 }).where(eq(creditEntries.id, row.id)))).toMatch(
      /append-only/,
    );
    expect(await databaseError(server.db.execute(sql`update credit_entries set reason = 'edited' where id = ${row.id}`))).toMatch(/append-only/);
    const [stored] = await server.db.select().from(creditEntries).where(eq(creditEntries.id, row.id));
    expect(stored).toMatchObject({ credits: 5, balanceAfter: 5, reason: 'Bought 5 credits' });

    expect(
      await databaseError(
        server.db.insert(creditEntries).values({ companyId: company.id, kind: 'spend', credits: -6, balanceAfter: -1, reason: 'around the lock' }),
      ),
    ).toMatch(/credit_entries_balance_not_negative/);
    expect(await creditBalance(server.db, company.id)).toBe(5);
  });

  it("lets an author's account be deleted: the rows keep every figure and only lose who wrote them; a direct edit of that column is still refused", async () => {
    const company = await createCompany(server.db);
    const buyer = await createUser(server.db, { company, role: 'manager' });
    const row = await server.db.transaction((tx) =>
      appendCreditEntry(tx, { companyId: company.id, kind: 'purchase', credits: 5, reason: 'Bought 5 credits', actorId: buyer.id }),
    );
    const other = await server.db.transaction((tx) =>
      appendCreditEntry(tx, { companyId: company.id, kind: 'purchase', credits: 3, reason: 'Bought 3 credits', actorId: company.owner.id }),
    );

    expect(await databaseError(server.db.execute(sql`update credit_entries set actor_id = null where id = ${other.id}`))).toMatch(/append-only/);

    await server.db.delete(user).where(eq(user.id, buyer.id));
    const [kept] = await server.db.select().from(creditEntries).where(eq(creditEntries.id, row.id));
    expect(kept).toMatchObject({ credits: 5, balanceAfter: 5, reason: 'Bought 5 credits', actorId: null });
    const [untouched] = await server.db.select().from(creditEntries).where(eq(creditEntries.id, other.id));
    expect(untouched?.actorId).toBe(company.owner.id);
    expect(await creditBalance(server.db, company.id)).toBe(8);
  });
});

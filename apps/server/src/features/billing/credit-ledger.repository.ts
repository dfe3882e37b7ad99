import { eq, sql } from 'drizzle-orm';
import type { CreditEntryKind } from '@ridgeline/shared/domain/billing';
import type { Db, DbTx } from '../../infra/db/client';
import { creditEntries } from '../../infra/db/schema/index';
import { AppError } from '../../lib/app-error';

// The credit ledger's one way in: every change of a balance is an appended row, written here.

export type NewCreditEntry = {
  companyId: string;
  kind: CreditEntryKind;
  /** Signed: a purchase, refund or grant adds; a spend or removal takes away. */
  credits: number;
  reason: string;
  actorId: string | null;
  serviceOrderId?: string | null;
  checkoutSessionId?: string | null;
};

export type CreditEntryRow = typeof creditEntries.$inferSelect;

/** The company's balance: the sum of its ledger. */
export async function creditBalance(db: Db | DbTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditEntries.credits}), 0)` })
    .from(creditEntries)
    .where(eq(creditEntries.companyId, companyId));
  return Number(row?.total ?? 0);
}

/**
 * Appends one row to the company's ledger and returns it with the balance after it. The company's
 * ledger lock (a transaction-scoped advisory lock) is taken first, so concurrent spends run one after
 * the other: each sums the balance it sees and is refused (409 INSUFFICIENT_CREDITS) when it would go
 * below zero. The table's check on balance_after is the last line if anything wrote around this.
 */
export async function appendCreditEntry(tx: DbTx, entry: NewCreditEntry): Promise<CreditEntryRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`credits:${entry.companyId}`}, 0))`);
  const balance = await creditBalance(tx, entry.companyId);
  const balanceAfter = balance + entry.credits;
  if (balanceAfter < 0) {
    throw new AppError('INSUFFICIENT_CREDITS', `This needs ${-entry.credits} credits and your balance is ${balance}. Buy credits on /credits.`);
  }
  const [row] = await tx
    .insert(creditEntries)
    .values({
      companyId: entry.companyId,
      kind: entry.kind,
      credits: entry.credits,
      balanceAfter,
      reason: entry.reason,
      actorId: entry.actorId,
      serviceOrderId: entry.serviceOrderId ?? null,
      checkoutSessionId: entry.checkoutSessionId ?? null,
    })
    .returning();
  if (!row) throw new Error('credit entry not inserted');
  return row;
}

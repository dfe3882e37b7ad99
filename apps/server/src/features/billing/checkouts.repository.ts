import { and, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { checkoutSessions } from '../../infra/db/schema/index';

// Payments started (a Stripe Checkout Session or a test-mode purchase) and their completion.

export type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type NewCheckout = Pick<
  typeof checkoutSessions.$inferInsert,
  'id' | 'companyId' | 'kind' | 'plan' | 'pack' | 'credits' | 'amountCents' | 'testMode' | 'createdBy'
>;

export async function insertCheckoutSession(db: Db | DbTx, checkout: NewCheckout): Promise<CheckoutRow> {
  const [row] = await db.insert(checkoutSessions).values(checkout).returning();
  if (!row) throw new Error('checkout session not inserted');
  return row;
}

/** A company's checkout by id (another company's is not found). */
export async function findCheckoutSession(db: Db | DbTx, companyId: string, id: string): Promise<CheckoutRow | null> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.companyId, companyId), eq(checkoutSessions.id, id)));
  return row ?? null;
}

/** A checkout by id whatever its company (the webhook's lookup: the event names the session). */
export async function findCheckoutSessionById(db: Db | DbTx, id: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row ?? null;
}

/**
 * Moves an open checkout to complete and returns it; null when it was not open (already completed by
 * the webhook or the success page's check, or expired). The caller applies the purchase only when it
 * gets the row back, in the same transaction: a purchase is applied exactly once.
 */
export async function completeCheckoutSession(tx: DbTx, id: string): Promise<CheckoutRow | null> {
  const [row] = await tx
    .update(checkoutSessions)
    .set({ status: 'complete', completedAt: new Date() })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
    .returning();
  return row ?? null;
}

/** An open checkout that the provider says expired. */
export async function expireCheckoutSession(tx: DbTx, id: string): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}

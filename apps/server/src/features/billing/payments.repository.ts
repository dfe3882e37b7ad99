import { desc, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { billingEvents, invoices } from '../../infra/db/schema/index';

// Payments' SQL: Stripe events already applied and invoices.

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Records a webhook event by its id and tells whether it is new. Called first, in the transaction that
 * applies the event: a second delivery (even a concurrent one, which waits on the key) records nothing
 * and applies nothing.
 */
export async function recordBillingEvent(tx: DbTx, event: { id: string; type: string; companyId: string | null }): Promise<boolean> {
  const rows = await tx.insert(billingEvents).values(event).onConflictDoNothing({ target: billingEvents.id }).returning({ id: billingEvents.id });
  return rows.length > 0;
}

export async function findBillingEvent(db: Db | DbTx, id: string) {
  const [row] = await db.select().from(billingEvents).where(eq(billingEvents.id, id));
  return row ?? null;
}

export type StripeInvoiceValues = {
  companyId: string;
  stripeInvoiceId: string;
  number: string | null;
  description: string;
  amountCents: number;
  currency: string;
  status: 'paid' | 'open' | 'failed' | 'void';
  hostedUrl: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  createdAt: Date;
};

/**
 * One row per Stripe invoice: the first event writes it, later ones (paid after failed) update it.
 * Null when the invoice id is already another company's (nothing is changed then).
 */
export async function upsertStripeInvoice(tx: DbTx, values: StripeInvoiceValues): Promise<InvoiceRow | null> {
  const { createdAt: _createdAt, companyId, stripeInvoiceId: _stripeInvoiceId, ...changing } = values;
  const [row] = await tx
    .insert(invoices)
    .values({ ...values, testMode: false })
    .onConflictDoUpdate({ target: invoices.stripeInvoiceId, set: { ...changing, updatedAt: new Date() }, setWhere: eq(invoices.companyId, companyId) })
    .returning();
  return row ?? null;
}

/** The company's invoices, newest first. */
export async function listInvoices(db: Db | DbTx, companyId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.companyId, companyId)).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(200);
}

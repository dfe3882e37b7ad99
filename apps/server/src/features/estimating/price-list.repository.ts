import { asc, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { companies, priceListItems } from '../../infra/db/schema/index';

// The company's price list. Every statement filters by company_id.

export type PriceListRow = typeof priceListItems.$inferSelect;
export type NewPriceListItem = { code: string | null; description: string; unit: string; unitPriceCents: number };

/** The company's saved items in their order. */
export async function listPriceListItems(db: Db | DbTx, companyId: string): Promise<PriceListRow[]> {
  return db.select().from(priceListItems).where(eq(priceListItems.companyId, companyId)).orderBy(asc(priceListItems.position), asc(priceListItems.id));
}

/**
 * Locks the company row (FOR NO KEY UPDATE: rows pointing at the company are still written) so two
 * saves of the list run one after the other; false when the company is gone.
 */
export async function lockCompanyForPriceList(tx: DbTx, companyId: string): Promise<boolean> {
  const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('no key update');
  return row !== undefined;
}

/** Replaces every item of the company with the given ones, in that order. */
export async function replacePriceListItems(tx: DbTx, companyId: string, items: readonly NewPriceListItem[]): Promise<void> {
  await tx.delete(priceListItems).where(eq(priceListItems.companyId, companyId));
  if (items.length === 0) return;
  await tx.insert(priceListItems).values(items.map((item, position) => ({ ...item, companyId, position })));
}

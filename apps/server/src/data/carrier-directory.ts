import { and, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../infra/db/client';
import { adjusters, carriers } from '../infra/db/schema/index';

// The carrier directory is kept by the carriers feature; a claim file names one of its carriers and
// adjusters (the projects feature checks the id and writes the name in its timeline). Every statement
// filters by company_id: another company's carrier or adjuster is simply not found.

/** A carrier of the company, with its name. */
export async function findCarrier(db: Db | DbTx, companyId: string, id: string) {
  const [row] = await db
    .select({ id: carriers.id, name: carriers.name })
    .from(carriers)
    .where(and(eq(carriers.companyId, companyId), eq(carriers.id, id)));
  return row ?? null;
}

/** An adjuster of the company, with its name. */
export async function findAdjuster(db: Db | DbTx, companyId: string, id: string) {
  const [row] = await db
    .select({ id: adjusters.id, name: adjusters.name })
    .from(adjusters)
    .where(and(eq(adjusters.companyId, companyId), eq(adjusters.id, id)));
  return row ?? null;
}

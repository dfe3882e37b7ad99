import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { CreditEntryKind } from '@ridgeline/shared/domain/billing';
import type { Db, DbTx } from '../../infra/db/client';
import { checkoutSessions, creditEntries, projects, serviceOrders, user } from '../../infra/db/schema/index';

// Reads of the credit ledger: pages of rows, their count and the CSV's rows, newest first, with who
// changed the balance and the project of a service order's spend or refund. Every query filters by
// company_id; the rows are appended only through credit-ledger.repository.ts. A purchase carries
// what was paid for it: its checkout's amount (test mode and Stripe alike).

/** The ledger's filters: a kind, and a date range in UTC where both days are included. */
export type CreditEntryFilters = { kind?: CreditEntryKind | undefined; from?: string | undefined; to?: string | undefined };

export type CreditEntryListRow = {
  id: string;
  kind: CreditEntryKind;
  credits: number;
  balanceAfter: number;
  reason: string;
  actorId: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorName: string | null;
  actorEmail: string | null;
  serviceOrderId: string | null;
  projectId: string | null;
  projectTitle: string | null;
  /** What the purchase cost (its checkout's amount); null for other rows. */
  amountCents: number | null;
  createdAt: Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC at the start of a `YYYY-MM-DD` day. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

function whereOf(companyId: string, filters: CreditEntryFilters): SQL | undefined {
  return and(
    eq(creditEntries.companyId, companyId),
    filters.kind ? eq(creditEntries.kind, filters.kind) : undefined,
    filters.from ? gte(creditEntries.createdAt, startOfDay(filters.from)) : undefined,
    // "To" includes the whole day: everything before the next midnight.
    filters.to ? lt(creditEntries.createdAt, new Date(startOfDay(filters.to).getTime() + DAY_MS)) : undefined,
  );
}

const listColumns = {
  id: creditEntries.id,
  kind: creditEntries.kind,
  credits: creditEntries.credits,
  balanceAfter: creditEntries.balanceAfter,
  reason: creditEntries.reason,
  actorId: creditEntries.actorId,
  actorFirstName: user.firstName,
  actorLastName: user.lastName,
  actorName: user.name,
  actorEmail: user.email,
  serviceOrderId: creditEntries.serviceOrderId,
  projectId: serviceOrders.projectId,
  projectTitle: projects.title,
  amountCents: checkoutSessions.amountCents,
  createdAt: creditEntries.createdAt,
};

/** The company's ledger rows matching the filters, newest first, from `offset`, at most `limit`. */
export async function listCreditEntries(
  db: Db | DbTx,
  companyId: string,
  filters: CreditEntryFilters,
  limit: number,
  offset = 0,
): Promise<CreditEntryListRow[]> {
  return (
    db
      .select(listColumns)
      .from(creditEntries)
      .leftJoin(user, eq(user.id, creditEntries.actorId))
      // The order and its project are the company's own: the join repeats the company.
      .leftJoin(serviceOrders, and(eq(serviceOrders.id, creditEntries.serviceOrderId), eq(serviceOrders.companyId, companyId)))
      .leftJoin(projects, and(eq(projects.id, serviceOrders.projectId), eq(projects.companyId, companyId)))
      .leftJoin(checkoutSessions, and(eq(checkoutSessions.id, creditEntries.checkoutSessionId), eq(checkoutSessions.companyId, companyId)))
      .where(whereOf(companyId, filters))
      .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
      .limit(limit)
      .offset(offset)
  );
}

/** How many of the company's ledger rows match the filters. */
export async function countCreditEntries(db: Db | DbTx, companyId: string, filters: CreditEntryFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(creditEntries).where(whereOf(companyId, filters));
  return row?.total ?? 0;
}

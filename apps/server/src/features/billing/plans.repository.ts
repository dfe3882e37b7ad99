import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { companies, invoices, projects, projectStatuses } from '../../infra/db/schema/index';

// The plan and the trial: the active files a plan must hold, test-mode invoices and the companies
// the billing sweep looks at.

/** The company's active files (neither closed nor archived), counted on the partial index. */
export async function countActiveFiles(db: Db | DbTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.isActive, true)));
  return row?.count ?? 0;
}

/** The company's active files, least recently changed first: the first ones to close before a smaller plan. */
export async function listActiveFiles(db: Db | DbTx, companyId: string) {
  return db
    .select({ id: projects.id, title: projects.title, status: projectStatuses.name, updatedAt: projects.updatedAt })
    .from(projects)
    .innerJoin(projectStatuses, and(eq(projectStatuses.companyId, companyId), eq(projectStatuses.id, projects.statusId)))
    .where(and(eq(projects.companyId, companyId), eq(projects.isActive, true)))
    .orderBy(asc(projects.updatedAt), asc(projects.id));
}

export type NewTestInvoice = { companyId: string; description: string; amountCents: number; periodStart: Date; periodEnd: Date };

/** A test-mode charge: recorded as a paid invoice so /payments reads alike in both modes. */
export async function insertTestInvoice(tx: DbTx, invoice: NewTestInvoice): Promise<void> {
  await tx.insert(invoices).values({ ...invoice, status: 'paid', testMode: true });
}

/** Companies in their trial whose trial ends before `until` (or has ended): the reminders and the end mail. */
export async function listTrialsEndingBefore(db: Db | DbTx, until: Date) {
  return db
    .select({ id: companies.id, name: companies.name, trialEndsAt: companies.trialEndsAt })
    .from(companies)
    .where(and(eq(companies.billingStatus, 'trialing'), isNotNull(companies.trialEndsAt), lte(companies.trialEndsAt, until)));
}

/**
 * Companies whose period has ended with something to do: a downgrade waiting for the period's end, or
 * (test mode: no Stripe subscription) an active plan whose next period starts.
 */
export async function listPeriodsDue(db: Db | DbTx, now: Date) {
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        isNotNull(companies.currentPeriodEnd),
        lte(companies.currentPeriodEnd, now),
        or(isNotNull(companies.pendingPlan), and(eq(companies.billingStatus, 'active'), isNull(companies.stripeSubscriptionId))),
      ),
    );
}

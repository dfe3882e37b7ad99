import { and, asc, eq } from 'drizzle-orm';
import type { BillingStatus } from '@ridgeline/shared/domain/billing';
import type { PlanId } from '@ridgeline/shared/domain/plans';
import type { Db, DbTx } from '../../infra/db/client';
import { billingNotices, companies, members, user } from '../../infra/db/schema/index';
import { userNameColumns } from '../../data/user-columns';

// The company's billing columns (read, locked and changed here), its owners and the billing mails
// already sent: what every part of billing shares.

const billingColumns = {
  id: companies.id,
  name: companies.name,
  plan: companies.plan,
  billingStatus: companies.billingStatus,
  trialEndsAt: companies.trialEndsAt,
  pendingPlan: companies.pendingPlan,
  currentPeriodEnd: companies.currentPeriodEnd,
  graceEndsAt: companies.graceEndsAt,
  stripeCustomerId: companies.stripeCustomerId,
  stripeSubscriptionId: companies.stripeSubscriptionId,
};

export type BillingRow = {
  id: string;
  name: string;
  plan: PlanId;
  billingStatus: BillingStatus;
  trialEndsAt: Date | null;
  pendingPlan: PlanId | null;
  currentPeriodEnd: Date | null;
  graceEndsAt: Date | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
};

export type BillingPatch = Partial<Omit<BillingRow, 'id' | 'name'>>;

/** The company's billing row (no lock). */
export async function findBillingRow(db: Db | DbTx, companyId: string): Promise<BillingRow | null> {
  const [row] = await db.select(billingColumns).from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

/**
 * The company's billing row, locked until the transaction ends: every change of plan or status starts
 * here, so a webhook and a click (or two webhooks) on one company apply one after the other.
 */
export async function lockBillingRow(tx: DbTx, companyId: string): Promise<BillingRow | null> {
  const [row] = await tx.select(billingColumns).from(companies).where(eq(companies.id, companyId)).for('update');
  return row ?? null;
}

/** The company with this Stripe customer (webhooks name the customer). */
export async function findBillingRowByCustomer(db: Db | DbTx, customerId: string): Promise<BillingRow | null> {
  const [row] = await db.select(billingColumns).from(companies).where(eq(companies.stripeCustomerId, customerId));
  return row ?? null;
}

export async function updateBillingRow(tx: DbTx, companyId: string, patch: BillingPatch): Promise<void> {
  await tx
    .update(companies)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/** The company's owners, first joined first: they choose the plan and pay, billing mails go to them, everyone else is told to ask them. */
export async function listOwners(db: Db | DbTx, companyId: string) {
  return db
    .select(userNameColumns)
    .from(members)
    .innerJoin(user, eq(user.id, members.userId))
    .where(and(eq(members.companyId, companyId), eq(members.role, 'owner')))
    .orderBy(asc(members.createdAt));
}

/** Claims a billing mail (a trial reminder, a failed payment) for the company: true the first time only, so each is sent once. */
export async function claimBillingNotice(db: Db | DbTx, companyId: string, kind: string): Promise<boolean> {
  const rows = await db.insert(billingNotices).values({ companyId, kind }).onConflictDoNothing().returning({ id: billingNotices.id });
  return rows.length > 0;
}

/** Gives a claimed notice back when its mail could not be queued, so the next try sends it. */
export async function forgetBillingNotice(db: Db | DbTx, companyId: string, kind: string): Promise<void> {
  await db.delete(billingNotices).where(and(eq(billingNotices.companyId, companyId), eq(billingNotices.kind, kind)));
}

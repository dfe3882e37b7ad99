import type { BillingOverview, ChoosePlanResult, PlanCheck } from '@ridgeline/shared/contracts/billing';
import {
  addOneMonth,
  billingAccess,
  BILLING_STATUSES,
  isUpgrade,
  planById,
  planPriceCents,
  trialDaysLeft,
  type BillingStatus,
} from '@ridgeline/shared/domain/billing';
import { effectivePlan, type PlanDefinition, type PlanId, storedPlanId } from '@ridgeline/shared/domain/plans';
import { displayName } from '@ridgeline/shared/domain/users';
import { formatDateInZone } from '@ridgeline/shared/domain/time-zones';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import type { PaymentsGateway } from '../../infra/payments/gateway';
import { AppError } from '../../lib/app-error';
import { findBillingRow, listOwners, lockBillingRow, updateBillingRow, type BillingRow } from './billing-state.repository';
import { assertCanPay, canPay } from './billing.policy';
import { insertCheckoutSession } from './checkouts.repository';
import { countActiveFiles, insertTestInvoice, listActiveFiles } from './plans.repository';

export type PlansServiceDeps = {
  db: Db;
  /** Stripe, or null for the labelled test mode (a chosen plan applies at once, nothing charged). */
  payments: PaymentsGateway | null;
  publicUrl: string;
  now?: () => Date;
};

/** How many file titles a refusal names before "and N more". */
const NAMED_FILES = 10;

export const knownStatus = (status: string): BillingStatus => BILLING_STATUSES.find((known) => known === status) ?? 'active';

/** A test-mode invoice's words, its dates in the product's one format: "Professional plan, Nov 23, 2026 - Dec 23, 2026 (test mode)". */
export function testInvoiceDescription(plan: PlanDefinition, start: Date, end: Date): string {
  return `${plan.name} plan, ${formatDateInZone(start, null)} - ${formatDateInZone(end, null)} (test mode)`;
}

/** The line a plan is sold as, in Checkout and on the subscription. */
export function planLine(plan: PlanDefinition) {
  return {
    name: `Ridgeline ${plan.name}`,
    description: `Up to ${plan.activeFiles} active files, unlimited users`,
    amountCents: planPriceCents(plan.id),
    recurring: true,
  };
}

/**
 * The refusal of a plan below the active-file count: how many files to close and which, least
 * recently changed first, up to ten titles then "and N more".
 */
export function planBelowActiveFilesMessage(plan: PlanDefinition, mustClose: number, titles: string[]): string {
  const named = titles.slice(0, Math.min(mustClose, NAMED_FILES));
  const more = mustClose - named.length;
  const list = more > 0 ? `${named.join(', ')}, and ${more} more` : named.join(', ');
  const files = mustClose === 1 ? '1 active file' : `${mustClose} active files`;
  return `Close ${files} before moving to ${plan.name} (up to ${plan.activeFiles}): ${list}.`;
}

/** The plan and the trial: the company's billing overview, whether a plan fits, choosing a plan. */
export function createPlansService(deps: PlansServiceDeps) {
  const { db, payments, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  function present(row: BillingRow, active: number, actor: Actor, tenant: Tenant, payers: { name: string; email: string }[]): BillingOverview {
    const at = now();
    const status = knownStatus(row.billingStatus);
    const plan = storedPlanId(row.plan);
    const access = billingAccess({ status, trialEndsAt: row.trialEndsAt, graceEndsAt: row.graceEndsAt }, at);
    const effective = effectivePlan({ plan, status, trialEndsAt: row.trialEndsAt }, at).plan;
    return {
      mode: payments ? 'stripe' : 'test',
      plan,
      effectivePlan: effective.id,
      status,
      trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
      trialDaysLeft: status === 'trialing' ? trialDaysLeft(row.trialEndsAt, at) : 0,
      readOnly: access.readOnly,
      readOnlyReason: access.reason,
      graceEndsAt: row.graceEndsAt?.toISOString() ?? null,
      pendingPlan: row.pendingPlan === null ? null : storedPlanId(row.pendingPlan),
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      activeFiles: { active, limit: effective.activeFiles },
      canPay: canPay(actor, tenant),
      payers,
      hasPaymentMethod: row.stripeCustomerId !== null,
    };
  }

  async function overviewIn(tx: Db | DbTx, actor: Actor, tenant: Tenant): Promise<BillingOverview> {
    const [row, active, owners] = await Promise.all([
      findBillingRow(tx, tenant.companyId),
      countActiveFiles(tx, tenant.companyId),
      listOwners(tx, tenant.companyId),
    ]);
    if (!row) throw AppError.notFound('Company not found');
    return present(
      row,
      active,
      actor,
      tenant,
      owners.map((owner) => ({ name: displayName(owner), email: owner.email })),
    );
  }

  /** GET /api/billing: any member reads the plan, the trial, the access and who may pay. */
  async function overview(actor: Actor, tenant: Tenant): Promise<BillingOverview> {
    return overviewIn(db, actor, tenant);
  }

  async function checkIn(tx: Db | DbTx, companyId: string, planId: PlanId): Promise<PlanCheck> {
    const plan = planById(planId);
    const files = await listActiveFiles(tx, companyId);
    const mustClose = Math.max(0, files.length - plan.activeFiles);
    return {
      plan: plan.id,
      limit: plan.activeFiles,
      active: files.length,
      mustClose,
      activeProjects:
        mustClose > 0 ? files.map((file) => ({ id: file.id, title: file.title, status: file.status, updatedAt: file.updatedAt.toISOString() })) : [],
    };
  }

  /** GET /api/billing/plan-check: whether the active files fit the plan, and which to close first. */
  async function planCheck(tenant: Tenant, planId: PlanId): Promise<PlanCheck> {
    return checkIn(db, tenant.companyId, planId);
  }

  /** Starts the first period of a plan at once (test mode): active, the plan, a month, a paid test invoice. */
  async function startTestPeriod(tx: DbTx, companyId: string, plan: PlanDefinition, at: Date): Promise<void> {
    const end = addOneMonth(at);
    await updateBillingRow(tx, companyId, { billingStatus: 'active', plan: plan.id, currentPeriodEnd: end, graceEndsAt: null, pendingPlan: null });
    await insertTestInvoice(tx, {
      companyId,
      description: testInvoiceDescription(plan, at, end),
      amountCents: planPriceCents(plan.id),
      periodStart: at,
      periodEnd: end,
    });
  }

  /**
   * POST /api/billing/plan (owners and platform admins). A plan below the active-file count is refused
   * with the files to close first. Upgrades (and any choice that ends the trial or lifts read-only)
   * apply at once; a downgrade waits for the period's end; choosing the current plan while a downgrade
   * waits cancels it. In test mode nothing is charged and a test invoice is recorded; with Stripe a
   * company without a live subscription goes through Checkout and the webhook applies it.
   */
  async function choosePlan(actor: Actor, tenant: Tenant, planId: PlanId): Promise<ChoosePlanResult> {
    assertCanPay(actor, tenant);
    const plan = planById(planId);
    const result = await db.transaction(async (tx) => {
      const row = await lockBillingRow(tx, tenant.companyId);
      if (!row) throw AppError.notFound('Company not found');
      const at = now();
      const status = knownStatus(row.billingStatus);
      const current = storedPlanId(row.plan);
      const access = billingAccess({ status, trialEndsAt: row.trialEndsAt, graceEndsAt: row.graceEndsAt }, at);

      const check = await checkIn(tx, tenant.companyId, plan.id);
      if (check.mustClose > 0) {
        throw new AppError(
          'PLAN_BELOW_ACTIVE_FILES',
          planBelowActiveFilesMessage(
            plan,
            check.mustClose,
            check.activeProjects.map((file) => file.title),
          ),
        );
      }

      // A plan already running (active or in a payment's grace): a change of plan on it.
      const running = (status === 'active' || status === 'past_due') && !access.readOnly;
      if (running && plan.id === current) {
        if (row.pendingPlan === null) throw new AppError('SAME_PLAN', `Your company is already on the ${plan.name} plan.`);
        if (payments && row.stripeSubscriptionId) {
          await payments.changeSubscriptionPlan({
            subscriptionId: row.stripeSubscriptionId,
            line: planLine(plan),
            metadata: { companyId: tenant.companyId, plan: plan.id },
            prorate: false,
          });
        }
        await updateBillingRow(tx, tenant.companyId, { pendingPlan: null });
        return { outcome: 'applied' as const, checkoutUrl: null };
      }

      if (payments) {
        const liveSubscription = running && row.stripeSubscriptionId !== null ? row.stripeSubscriptionId : null;
        if (liveSubscription === null) {
          const session = await payments.startCheckout({
            mode: 'subscription',
            customerId: row.stripeCustomerId,
            customerEmail: actor.email,
            line: planLine(plan),
            metadata: { companyId: tenant.companyId, kind: 'plan', plan: plan.id },
            successUrl: `${publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
            cancelUrl: `${publicUrl}/pricing`,
          });
          await insertCheckoutSession(tx, {
            id: session.id,
            companyId: tenant.companyId,
            kind: 'plan',
            plan: plan.id,
            amountCents: planPriceCents(plan.id),
            testMode: false,
            createdBy: actor.userId,
          });
          return { outcome: 'checkout' as const, checkoutUrl: session.url };
        }
        const upgrade = isUpgrade(current, plan.id);
        await payments.changeSubscriptionPlan({
          subscriptionId: liveSubscription,
          line: planLine(plan),
          metadata: { companyId: tenant.companyId, plan: plan.id },
          prorate: upgrade,
        });
        if (upgrade) {
          await updateBillingRow(tx, tenant.companyId, { plan: plan.id, pendingPlan: null });
          return { outcome: 'applied' as const, checkoutUrl: null };
        }
        await updateBillingRow(tx, tenant.companyId, { pendingPlan: plan.id });
        return { outcome: 'scheduled' as const, checkoutUrl: null };
      }

      // Test mode: nothing is charged.
      if (!running) {
        await startTestPeriod(tx, tenant.companyId, plan, at);
        return { outcome: 'applied' as const, checkoutUrl: null };
      }
      if (isUpgrade(current, plan.id)) {
        // An upgrade keeps the running period; the new price is recorded for the rest of it.
        const end = row.currentPeriodEnd ?? addOneMonth(at);
        await updateBillingRow(tx, tenant.companyId, { plan: plan.id, pendingPlan: null, currentPeriodEnd: end });
        await insertTestInvoice(tx, {
          companyId: tenant.companyId,
          description: testInvoiceDescription(plan, at, end),
          amountCents: planPriceCents(plan.id),
          periodStart: at,
          periodEnd: end,
        });
        return { outcome: 'applied' as const, checkoutUrl: null };
      }
      await updateBillingRow(tx, tenant.companyId, { pendingPlan: plan.id, currentPeriodEnd: row.currentPeriodEnd ?? addOneMonth(at) });
      return { outcome: 'scheduled' as const, checkoutUrl: null };
    });
    return { ...result, billing: await overviewIn(db, actor, tenant) };
  }

  return { overview, planCheck, choosePlan };
}

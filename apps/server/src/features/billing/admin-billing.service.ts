import type { z } from 'zod';
import type { AdjustCreditsInput, AdminBillingCompany, AdminBillingPage, adminBillingQuerySchema, ExtendTrialInput } from '@ridgeline/shared/contracts/billing';
import { billingAccess, planPriceCents, type BillingStatus } from '@ridgeline/shared/domain/billing';
import { storedPlanId } from '@ridgeline/shared/domain/plans';
import { formatDateInZone } from '@ridgeline/shared/domain/time-zones';
import type { Actor } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { AppError } from '../../lib/app-error';
import { adminBillingTotals, findAdminBillingCompany, insertBillingAudit, listAdminBillingCompanies, type AdminBillingRow } from './admin-billing.repository';
import { findBillingRow, forgetBillingNotice, lockBillingRow, updateBillingRow } from './billing-state.repository';
import { appendCreditEntry, creditBalance } from './credit-ledger.repository';
import { TRIAL_NOTICES } from './billing-jobs';

// The platform admin's billing tools: every company's plan, status and money at a glance, credits
// granted or removed with a reason (a ledger row), and a trial extended (an audit row).

export type AdminBillingServiceDeps = { db: Db; now?: () => Date };

type AdminBillingQuery = z.output<typeof adminBillingQuerySchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

const asStatus = (status: string): BillingStatus => (status === 'active' || status === 'past_due' || status === 'canceled' ? status : 'trialing');

/** A company as the admin sees it: read-only by billingAccess; MRR the plan price while it pays and can write. */
function presentCompany(row: AdminBillingRow, now: Date): AdminBillingCompany {
  const status = asStatus(row.billingStatus);
  const plan = storedPlanId(row.plan);
  const access = billingAccess({ status, trialEndsAt: row.trialEndsAt, graceEndsAt: row.graceEndsAt }, now);
  const paying = (status === 'active' || status === 'past_due') && !access.readOnly;
  return {
    id: row.id,
    name: row.name,
    plan,
    status,
    readOnly: access.readOnly,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    activeFiles: row.activeFiles,
    mrrCents: paying ? planPriceCents(plan) : 0,
    failedPayments: row.failedPayments,
    creditBalance: row.creditBalance,
    owner: row.owner,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAdminBillingService(deps: AdminBillingServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function companyOrNotFound(db: Db | DbTx, companyId: string): Promise<AdminBillingCompany> {
    const row = await findAdminBillingCompany(db, companyId);
    if (!row) throw AppError.notFound('That company was not found.');
    return presentCompany(row, now());
  }

  return {
    /** A page of companies with the totals of every company the filter matches. */
    async listCompanies(query: AdminBillingQuery): Promise<AdminBillingPage> {
      const filter = { q: query.q || undefined, status: query.status };
      const at = now();
      const [rows, totals] = await Promise.all([
        listAdminBillingCompanies(deps.db, filter, query.page, query.pageSize),
        adminBillingTotals(deps.db, filter, at),
      ]);
      const { total, ...sums } = totals;
      return { companies: rows.map((row) => presentCompany(row, at)), total, page: query.page, pageSize: query.pageSize, totals: sums };
    },

    /**
     * Grants (positive) or removes (negative) credits: one adjustment row on the company's ledger with
     * the admin as actor and the reason. A removal larger than the balance is refused, naming the balance.
     */
    async adjustCredits(actor: Actor, companyId: string, input: AdjustCreditsInput): Promise<AdminBillingCompany> {
      await deps.db.transaction(async (tx) => {
        // The ledger's own lock orders changes of the balance; the company row is only looked up.
        if (!(await findBillingRow(tx, companyId))) throw AppError.notFound('That company was not found.');
        try {
          await appendCreditEntry(tx, { companyId, kind: 'adjustment', credits: input.credits, reason: input.reason, actorId: actor.userId });
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_CREDITS') throw error;
          // The ledger lock is still held: this is the balance the removal was checked against.
          const balance = await creditBalance(tx, companyId);
          throw new AppError('INSUFFICIENT_CREDITS', `The company has only ${balance} ${balance === 1 ? 'credit' : 'credits'}.`);
        }
      });
      return companyOrNotFound(deps.db, companyId);
    },

    /**
     * Extends a running or ended trial: it ends `days` later than now or than its current end,
     * whichever is later, so an ended trial reopens and the company leaves read-only at once. Only
     * trialing companies: a paying company has no trial to extend. The change is audited.
     */
    async extendTrial(actor: Actor, companyId: string, input: ExtendTrialInput): Promise<AdminBillingCompany> {
      await deps.db.transaction(async (tx) => {
        const company = await lockBillingRow(tx, companyId);
        if (!company) throw AppError.notFound('That company was not found.');
        if (company.billingStatus === 'canceled') throw AppError.conflict("This company's subscription has ended, so it has no trial to extend.");
        if (company.billingStatus !== 'trialing') throw AppError.conflict('This company is on a paid plan.');
        const from = Math.max(now().getTime(), company.trialEndsAt?.getTime() ?? 0);
        const trialEndsAt = new Date(from + input.days * DAY_MS);
        await updateBillingRow(tx, companyId, { trialEndsAt });
        // The new end gets its own reminders and end mail.
        for (const kind of TRIAL_NOTICES.all()) await forgetBillingNotice(tx, companyId, kind);
        await insertBillingAudit(tx, {
          companyId,
          actorId: actor.userId,
          action: 'extend_trial',
          detail: `Trial extended by ${input.days} ${input.days === 1 ? 'day' : 'days'} to ${formatDateInZone(trialEndsAt, null)}`,
          reason: input.reason,
        });
      });
      return companyOrNotFound(deps.db, companyId);
    },
  };
}

export type AdminBillingService = ReturnType<typeof createAdminBillingService>;

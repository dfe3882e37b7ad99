import type { CheckoutStatus, Invoice } from '@ridgeline/shared/contracts/billing';
import { isPlanId, type PlanId } from '@ridgeline/shared/domain/plans';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import type { PaymentsGateway } from '../../infra/payments/gateway';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { findBillingRow } from './billing-state.repository';
import { assertCanPay } from './billing.policy';
import { expireCheckoutSession, findCheckoutSession, type CheckoutRow } from './checkouts.repository';
import { listInvoices, type InvoiceRow } from './payments.repository';
import { completeCheckout } from './webhook.service';

// Payments a member reads (a Checkout's state, invoices) and the owner's way to Stripe's portal.

const CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const;
const INVOICE_STATUSES = ['paid', 'open', 'failed', 'void'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => values.find((v) => v === value) ?? fallback;
const planOrNull = (value: string | null): PlanId | null => (isPlanId(value) ? value : null);

function presentCheckout(row: CheckoutRow): CheckoutStatus {
  return {
    id: row.id,
    kind: row.kind === 'credits' ? 'credits' : 'plan',
    status: oneOf(CHECKOUT_STATUSES, row.status, 'open'),
    plan: planOrNull(row.plan),
    credits: row.credits,
    amountCents: row.amountCents,
    testMode: row.testMode,
  };
}

function presentInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    description: row.description,
    amountCents: row.amountCents,
    currency: row.currency,
    status: oneOf(INVOICE_STATUSES, row.status, 'open'),
    hostedUrl: row.hostedUrl,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    testMode: row.testMode,
    createdAt: row.createdAt.toISOString(),
  };
}

export type PaymentsServiceDeps = { db: Db; payments: PaymentsGateway | null; publicUrl: string; logger: Logger };

export function createPaymentsService({ db, payments, publicUrl, logger }: PaymentsServiceDeps) {
  /**
   * An open Stripe Checkout asked of Stripe: complete and paid applies it through the webhook's own
   * completion (so the success page confirms even when the webhook is late or not configured);
   * expired marks it expired. When Stripe does not answer, the row stays as it is and the page asks again.
   */
  async function reconcile(row: CheckoutRow): Promise<void> {
    if (!payments || row.testMode || row.status !== 'open') return;
    try {
      const session = await payments.retrieveCheckout(row.id);
      if (session.status === 'complete' && session.paid) {
        const periodEnd = session.subscriptionId ? (await payments.retrieveSubscription(session.subscriptionId)).currentPeriodEnd : null;
        await db.transaction((tx) =>
          completeCheckout(tx, row.id, { customerId: session.customerId, subscriptionId: session.subscriptionId, currentPeriodEnd: periodEnd }),
        );
      } else if (session.status === 'expired') {
        await db.transaction((tx) => expireCheckoutSession(tx, row.id));
      }
    } catch (error) {
      logger.warn({ err: error, checkoutId: row.id }, 'a checkout could not be confirmed with Stripe');
    }
  }

  return {
    /** A checkout of the caller's company, as the server knows it (another company's is not found). */
    async checkoutStatus(tenant: Tenant, id: string): Promise<CheckoutStatus> {
      const row = await findCheckoutSession(db, tenant.companyId, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such payment.');
      if (row.status !== 'open') return presentCheckout(row);
      await reconcile(row);
      return presentCheckout((await findCheckoutSession(db, tenant.companyId, id)) ?? row);
    },

    /** Stripe's customer portal (cards, invoices) for the payer; it returns to /payments. */
    async openPortal(actor: Actor, tenant: Tenant): Promise<{ url: string }> {
      assertCanPay(actor, tenant);
      if (!payments) {
        throw new AppError('NO_PAYMENT_CUSTOMER', 'Payments run in test mode: no card is charged, so there is no payment portal with cards or invoices.');
      }
      const company = await findBillingRow(db, tenant.companyId);
      if (!company?.stripeCustomerId) throw new AppError('NO_PAYMENT_CUSTOMER');
      return payments.openPortal(company.stripeCustomerId, `${publicUrl}/payments`);
    },

    /** The company's invoices, newest first. */
    async invoices(tenant: Tenant): Promise<Invoice[]> {
      return (await listInvoices(db, tenant.companyId)).map(presentInvoice);
    },
  };
}

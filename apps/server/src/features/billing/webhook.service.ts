import type Stripe from 'stripe';
import { graceEndsAt as graceEndsAfter } from '@ridgeline/shared/domain/billing';
import { isPlanId } from '@ridgeline/shared/domain/plans';
import type { Db, DbTx } from '../../infra/db/client';
import type { MailMessage } from '../../infra/mail/mailer';
import type { PaymentsGateway } from '../../infra/payments/gateway';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import {
  claimBillingNotice,
  findBillingRow,
  findBillingRowByCustomer,
  listOwners,
  lockBillingRow,
  updateBillingRow,
  type BillingPatch,
  type BillingRow,
} from './billing-state.repository';
import { completeCheckoutSession, expireCheckoutSession, findCheckoutSessionById, type CheckoutRow } from './checkouts.repository';
import { appendCreditEntry } from './credit-ledger.repository';
import { paymentFailedMail } from './billing-mails';
import { recordBillingEvent, upsertStripeInvoice } from './payments.repository';

// Stripe's webhook: a verified event is applied once (its id is recorded in the same transaction as
// its changes), and only to the company it names. What a completed Checkout applies is written once,
// here, for the webhook and for the success page's check alike.

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

const fromUnix = (seconds: number | null | undefined): Date | null => (seconds == null ? null : new Date(seconds * 1000));

/** What the provider knows of a completed Checkout beyond our own row. */
export type CompletedCheckout = { customerId: string | null; subscriptionId: string | null; currentPeriodEnd: Date | null };

/**
 * Completes an open checkout and applies what it bought, exactly once: the row moves from open to
 * complete and only the caller that moved it applies the purchase, in the same transaction. A plan
 * makes the company active on it at once (the trial, a failed payment or a cancellation lifted); a
 * credit pack appends one purchase row to the ledger (its checkout id is unique there too).
 * Returns the completed row, or null when it was not open.
 */
export async function completeCheckout(tx: DbTx, sessionId: string, provider: CompletedCheckout): Promise<CheckoutRow | null> {
  const checkout = await completeCheckoutSession(tx, sessionId);
  if (!checkout) return null;
  const company = await lockBillingRow(tx, checkout.companyId);
  if (!company) return checkout;
  const customer: BillingPatch = provider.customerId && !company.stripeCustomerId ? { stripeCustomerId: provider.customerId } : {};
  if (checkout.kind === 'plan' && isPlanId(checkout.plan)) {
    await updateBillingRow(tx, company.id, {
      billingStatus: 'active',
      plan: checkout.plan,
      pendingPlan: null,
      graceEndsAt: null,
      ...(provider.customerId ? { stripeCustomerId: provider.customerId } : {}),
      ...(provider.subscriptionId ? { stripeSubscriptionId: provider.subscriptionId } : {}),
      ...(provider.currentPeriodEnd ? { currentPeriodEnd: provider.currentPeriodEnd } : {}),
    });
  } else if (checkout.kind === 'credits' && checkout.credits && checkout.credits > 0) {
    await appendCreditEntry(tx, {
      companyId: company.id,
      kind: 'purchase',
      credits: checkout.credits,
      reason: `Bought ${checkout.credits} credits`,
      actorId: checkout.createdBy,
      checkoutSessionId: checkout.id,
    });
    if (customer.stripeCustomerId) await updateBillingRow(tx, company.id, customer);
  }
  return checkout;
}

/** Stripe's subscription status as the company's billing status (null: leave it as it is). */
function statusOf(stripeStatus: string): 'active' | 'past_due' | 'canceled' | null {
  if (stripeStatus === 'active' || stripeStatus === 'trialing') return 'active';
  if (stripeStatus === 'past_due' || stripeStatus === 'unpaid') return 'past_due';
  if (stripeStatus === 'canceled' || stripeStatus === 'incomplete_expired') return 'canceled';
  return null;
}

function subscriptionPeriodEnd(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end): end is number => typeof end === 'number');
  return ends.length > 0 ? fromUnix(Math.max(...ends)) : null;
}

/** The subscription an invoice bills (API 2025+: under parent.subscription_details). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** The service period an invoice bills: its first line's (the invoice's own period is the one before). */
function invoicePeriod(invoice: Stripe.Invoice): { start: Date | null; end: Date | null } {
  const line = invoice.lines.data[0];
  return line
    ? { start: fromUnix(line.period.start), end: fromUnix(line.period.end) }
    : { start: fromUnix(invoice.period_start), end: fromUnix(invoice.period_end) };
}

/** A subscription event or invoice concerns the company's current subscription (or it has none on record yet). */
const isCurrentSubscription = (company: BillingRow, subscriptionId: string | null) =>
  subscriptionId === null || company.stripeSubscriptionId === null || company.stripeSubscriptionId === subscriptionId;

export type WebhookServiceDeps = {
  db: Db;
  payments: PaymentsGateway | null;
  queueMail: (message: MailMessage) => Promise<void>;
  publicUrl: string;
  logger: Logger;
};

export function createWebhookService({ db, payments, queueMail, publicUrl, logger }: WebhookServiceDeps) {
  function verify(rawBody: string, signature: string | undefined): Stripe.Event {
    if (!payments || !signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    try {
      return payments.verifyWebhook(rawBody, signature);
    } catch {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    }
  }

  /**
   * The company a subscription or invoice concerns: the one with its Stripe customer or, before the
   * customer is on record (Stripe does not order its events: the first invoice may come before the
   * completed Checkout), the company our own Checkout wrote into the subscription's metadata.
   */
  async function companyOfCustomer(customer: string | { id: string } | null, metadata: Record<string, string> | null | undefined): Promise<string | null> {
    const customerId = idOf(customer);
    const byCustomer = customerId ? await findBillingRowByCustomer(db, customerId) : null;
    if (byCustomer) return byCustomer.id;
    const named = metadata?.companyId;
    if (!named || !/^[0-9a-f-]{36}$/i.test(named)) return null;
    const company = await findBillingRow(db, named);
    // A company already paying through another customer is not moved by a stranger's metadata.
    return company && company.stripeCustomerId === null ? company.id : null;
  }

  /** The company an event concerns, read before the transaction (null: not ours). */
  async function companyOf(event: Stripe.Event): Promise<string | null> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.expired':
        return (await findCheckoutSessionById(db, event.data.object.id))?.companyId ?? null;
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return companyOfCustomer(event.data.object.customer, event.data.object.metadata);
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return companyOfCustomer(event.data.object.customer, event.data.object.parent?.subscription_details?.metadata);
      default:
        return null;
    }
  }

  /** A completed plan Checkout's renewal date, asked of Stripe before the transaction (unknown when Stripe does not answer). */
  async function periodEndOf(subscriptionId: string | null): Promise<Date | null> {
    if (!payments || !subscriptionId) return null;
    try {
      return (await payments.retrieveSubscription(subscriptionId)).currentPeriodEnd;
    } catch (error) {
      logger.warn({ err: error, subscriptionId }, 'the subscription of a completed checkout could not be read');
      return null;
    }
  }

  async function applySubscription(tx: DbTx, companyId: string, subscription: Stripe.Subscription, deleted: boolean): Promise<void> {
    const company = await lockBillingRow(tx, companyId);
    if (!company || !isCurrentSubscription(company, subscription.id)) return;
    const status = deleted ? 'canceled' : statusOf(subscription.status);
    const periodEnd = subscriptionPeriodEnd(subscription);
    const patch: BillingPatch = { ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}) };
    if (status === 'active') Object.assign(patch, { billingStatus: 'active', graceEndsAt: null });
    // A payment Stripe still retries: the grace period already running is kept (one is started if none is).
    if (status === 'past_due') Object.assign(patch, { billingStatus: 'past_due', graceEndsAt: company.graceEndsAt ?? graceEndsAfter(new Date()) });
    // Ended: the company becomes read-only; nothing of its data is touched.
    if (status === 'canceled') Object.assign(patch, { billingStatus: 'canceled', pendingPlan: null });
    if (Object.keys(patch).length > 0) await updateBillingRow(tx, company.id, patch);
  }

  async function applyInvoice(tx: DbTx, companyId: string, invoice: Stripe.Invoice, paid: boolean): Promise<MailMessage[]> {
    const company = await lockBillingRow(tx, companyId);
    if (!company || !invoice.id) return [];
    const period = invoicePeriod(invoice);
    const written = await upsertStripeInvoice(tx, {
      companyId: company.id,
      stripeInvoiceId: invoice.id,
      number: invoice.number ?? null,
      description: invoice.lines.data[0]?.description ?? invoice.description ?? 'Ridgeline subscription',
      amountCents: paid ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      status: paid ? 'paid' : 'failed',
      hostedUrl: invoice.hosted_invoice_url ?? null,
      periodStart: period.start,
      periodEnd: period.end,
      createdAt: fromUnix(invoice.created) ?? new Date(),
    });
    if (!written || !isCurrentSubscription(company, invoiceSubscriptionId(invoice))) return [];

    if (paid) {
      const patch: BillingPatch = { billingStatus: 'active', graceEndsAt: null };
      if (period.end && (!company.currentPeriodEnd || period.end > company.currentPeriodEnd)) patch.currentPeriodEnd = period.end;
      // A downgrade waits for the period's end: the first paid invoice of the next period applies it.
      if (
        company.pendingPlan &&
        isPlanId(company.pendingPlan) &&
        period.start &&
        company.currentPeriodEnd &&
        period.start.getTime() >= company.currentPeriodEnd.getTime()
      ) {
        Object.assign(patch, { plan: company.pendingPlan, pendingPlan: null });
      }
      await updateBillingRow(tx, company.id, patch);
      return [];
    }

    // A failed payment: writes stay open for the grace period (one already running is not restarted),
    // a banner shows, and the owners are mailed once per invoice.
    const graceEnds = company.billingStatus === 'past_due' && company.graceEndsAt ? company.graceEndsAt : graceEndsAfter(new Date());
    await updateBillingRow(tx, company.id, { billingStatus: 'past_due', graceEndsAt: graceEnds });
    if (!(await claimBillingNotice(tx, company.id, `payment_failed:${invoice.id}`))) return [];
    const owners = await listOwners(tx, company.id);
    return owners.map((owner) => paymentFailedMail(owner.email, company.name, graceEnds, publicUrl));
  }

  return {
    /**
     * Verifies and applies one webhook delivery. A wrong or missing signature (or no webhook secret)
     * answers 400 and changes nothing; an event already applied, an unknown type or a company we do
     * not know changes nothing and is still acknowledged, so Stripe stops resending it.
     */
    async receive(rawBody: string, signature: string | undefined): Promise<{ applied: boolean }> {
      const event = verify(rawBody, signature);
      const companyId = await companyOf(event);
      const completedSession =
        event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded' ? event.data.object : null;
      const periodEnd = completedSession ? await periodEndOf(idOf(completedSession.subscription)) : null;

      const outcome = await db.transaction(async (tx) => {
        if (!(await recordBillingEvent(tx, { id: event.id, type: event.type, companyId }))) return { applied: false, mails: [] as MailMessage[] };
        if (!companyId) return { applied: false, mails: [] };
        switch (event.type) {
          case 'checkout.session.completed':
          case 'checkout.session.async_payment_succeeded': {
            const session = event.data.object;
            const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
            if (!paid) return { applied: false, mails: [] };
            const done = await completeCheckout(tx, session.id, {
              customerId: idOf(session.customer),
              subscriptionId: idOf(session.subscription),
              currentPeriodEnd: periodEnd,
            });
            return { applied: done !== null, mails: [] };
          }
          case 'checkout.session.expired':
            await expireCheckoutSession(tx, event.data.object.id);
            return { applied: true, mails: [] };
          case 'customer.subscription.updated':
            await applySubscription(tx, companyId, event.data.object, false);
            return { applied: true, mails: [] };
          case 'customer.subscription.deleted':
            await applySubscription(tx, companyId, event.data.object, true);
            return { applied: true, mails: [] };
          case 'invoice.paid':
            return { applied: true, mails: await applyInvoice(tx, companyId, event.data.object, true) };
          case 'invoice.payment_failed':
            return { applied: true, mails: await applyInvoice(tx, companyId, event.data.object, false) };
          default:
            return { applied: false, mails: [] };
        }
      });
      // Mails go once the changes are committed.
      for (const mail of outcome.mails) await queueMail(mail);
      return { applied: outcome.applied };
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;

import Stripe from 'stripe';
import type { Config } from '../../config';
import type { CheckoutLine, CheckoutSnapshot, PaymentsGateway, SubscriptionSnapshot } from './gateway';

// The Stripe adapter (the official package). Prices are never configured in Stripe's dashboard:
// every Checkout and every plan change sends the amount inline (price_data / prices.create with
// product_data), so the plans' one definition in the shared package is the only price list.

type StripeConfig = NonNullable<Config['stripe']>;

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

const fromUnix = (seconds: number | null | undefined): Date | null => (seconds == null ? null : new Date(seconds * 1000));

/** A subscription's period end: since API 2025-03 it lives on each item; the subscription renews at the latest one. */
export function subscriptionPeriodEnd(subscription: Pick<Stripe.Subscription, 'items'>): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end): end is number => typeof end === 'number');
  return ends.length > 0 ? fromUnix(Math.max(...ends)) : null;
}

export function toSubscriptionSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  return {
    id: subscription.id,
    status: subscription.status,
    customerId: idOf(subscription.customer) ?? '',
    currentPeriodEnd: subscriptionPeriodEnd(subscription),
    metadata: { ...subscription.metadata },
  };
}

export function toCheckoutSnapshot(session: Stripe.Checkout.Session): CheckoutSnapshot {
  return {
    id: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    metadata: { ...session.metadata },
  };
}

/** The client's address: Stripe's own, or STRIPE_API_BASE (the test suite's local Stripe). */
function clientOptions(apiBase: string | null): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000, appInfo: { name: 'Ridgeline' } };
  if (!apiBase) return options;
  const base = new URL(apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return { ...options, host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol, maxNetworkRetries: 0 };
}

function priceData(line: CheckoutLine): Stripe.Checkout.SessionCreateParams.LineItem.PriceData {
  return {
    currency: 'usd',
    unit_amount: line.amountCents,
    product_data: { name: line.name, description: line.description },
    ...(line.recurring ? { recurring: { interval: 'month' as const } } : {}),
  };
}

/** The Stripe adapter (the official package), built when STRIPE_SECRET_KEY is set. */
export function createStripeGateway(config: StripeConfig): PaymentsGateway {
  const stripe = new Stripe(config.secretKey, clientOptions(config.apiBase));

  return {
    async startCheckout(input) {
      const session = await stripe.checkout.sessions.create({
        mode: input.mode,
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.customerEmail }),
        line_items: [{ quantity: 1, price_data: priceData(input.line) }],
        metadata: input.metadata,
        // A subscription carries the metadata too, so its own events name the company; a one-time
        // purchase still makes a customer, so the portal can show its receipt and card later.
        ...(input.mode === 'subscription'
          ? { subscription_data: { metadata: input.metadata } }
          : { payment_intent_data: { metadata: input.metadata }, ...(input.customerId ? {} : { customer_creation: 'always' as const }) }),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },

    async retrieveCheckout(id) {
      return toCheckoutSnapshot(await stripe.checkout.sessions.retrieve(id));
    },

    async openPortal(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: portal.url };
    },

    async retrieveSubscription(id) {
      return toSubscriptionSnapshot(await stripe.subscriptions.retrieve(id));
    },

    async changeSubscriptionPlan({ subscriptionId, line, metadata, prorate }) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const item = subscription.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item to change`);
      const price = await stripe.prices.create({
        currency: 'usd',
        unit_amount: line.amountCents,
        recurring: { interval: 'month' },
        product_data: { name: line.name },
        metadata,
      });
      // An upgrade is charged at once for the rest of the period; a downgrade bills the new price from
      // the next period and charges nothing now.
      const updated = await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: price.id }],
        proration_behavior: prorate ? 'always_invoice' : 'none',
        metadata,
      });
      return toSubscriptionSnapshot(updated);
    },

    verifyWebhook(rawBody, signature) {
      if (!config.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set: no webhook can be verified');
      return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
    },
  };
}

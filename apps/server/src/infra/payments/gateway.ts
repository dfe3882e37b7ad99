import type Stripe from 'stripe';

// The payments port: what the billing feature asks of a payment provider. With STRIPE_SECRET_KEY the
// server fills it with the Stripe adapter (stripe-gateway.ts, the official `stripe` package); without
// one it is null and billing runs in its labelled test mode (nothing charged, completes at once).

/** One thing bought: a plan (recurring monthly) or a credit pack (once). */
export type CheckoutLine = { name: string; description: string; amountCents: number; recurring: boolean };

export type StartCheckoutInput = {
  /** `subscription` for a plan, `payment` for a credit pack. */
  mode: 'subscription' | 'payment';
  /** The company's Stripe customer when it has one; otherwise Checkout makes one from the e-mail. */
  customerId: string | null;
  customerEmail: string;
  line: CheckoutLine;
  /** companyId, kind and plan or pack: the webhook finds what to apply from these. */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
};

/** A Checkout Session as the provider reports it. */
export type CheckoutSnapshot = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  /** Paid (or, for a subscription with nothing due now, not needing payment). */
  paid: boolean;
  customerId: string | null;
  subscriptionId: string | null;
  metadata: Record<string, string>;
};

/** A subscription as the provider reports it. */
export type SubscriptionSnapshot = {
  id: string;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, ... */
  status: string;
  customerId: string;
  currentPeriodEnd: Date | null;
  metadata: Record<string, string>;
};

export type PaymentsGateway = {
  startCheckout: (input: StartCheckoutInput) => Promise<{ id: string; url: string }>;
  retrieveCheckout: (id: string) => Promise<CheckoutSnapshot>;
  /** The customer portal (cards, invoices, cancel), returning to `returnUrl`. */
  openPortal: (customerId: string, returnUrl: string) => Promise<{ url: string }>;
  retrieveSubscription: (id: string) => Promise<SubscriptionSnapshot>;
  /** Moves the subscription to another plan's price: prorated at once (upgrade) or from the next period (downgrade). */
  changeSubscriptionPlan: (input: {
    subscriptionId: string;
    line: CheckoutLine;
    metadata: Record<string, string>;
    prorate: boolean;
  }) => Promise<SubscriptionSnapshot>;
  /** Verifies a webhook body against its Stripe-Signature header; throws when it does not match. */
  verifyWebhook: (rawBody: string, signature: string) => Stripe.Event;
};

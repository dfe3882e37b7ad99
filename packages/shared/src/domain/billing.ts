import { SERVICE_TYPES, type ServiceType } from './service-types';
import { PLANS, type PlanDefinition, type PlanId } from './plans';

// Billing's rules, the same on both sides: a company's billing status, when it becomes read-only,
// the trial's days, the payment grace period, credit packs and what each service order costs.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A company's billing status. `trialing`: in the free trial (no card). `active`: a plan is paid (or
 * chosen in test mode). `past_due`: the last invoice failed; writes stay open until the grace period
 * ends. `canceled`: the subscription ended.
 */
export const BILLING_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** Days a company keeps working after a failed payment, with a banner, before it becomes read-only. */
export const PAYMENT_GRACE_DAYS = 7;

/** The trial reminder mails go this many days before the trial ends. */
export const TRIAL_REMINDER_DAYS = [3, 1] as const;

/** Why a company is read-only. */
export const READ_ONLY_REASONS = ['trial_ended', 'payment_failed', 'canceled'] as const;
export type ReadOnlyReason = (typeof READ_ONLY_REASONS)[number];

export type BillingState = { status: BillingStatus; trialEndsAt: Date | string | null; graceEndsAt: Date | string | null };

export type BillingAccess = {
  /** Everything stays visible and exportable; every write answers 402 until a plan is chosen. */
  readOnly: boolean;
  reason: ReadOnlyReason | null;
  trialing: boolean;
  /** A payment failed and the grace period runs: writes work, a banner asks to fix the card. */
  inGrace: boolean;
};

const time = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());

/** What a company may do now, from its billing status and its trial and grace deadlines. */
export function billingAccess(state: BillingState, now: Date = new Date()): BillingAccess {
  const at = now.getTime();
  if (state.status === 'trialing') {
    const end = time(state.trialEndsAt);
    const trialing = end === null || end > at;
    return { readOnly: !trialing, reason: trialing ? null : 'trial_ended', trialing, inGrace: false };
  }
  if (state.status === 'past_due') {
    const grace = time(state.graceEndsAt);
    const inGrace = grace !== null && grace > at;
    return { readOnly: !inGrace, reason: inGrace ? null : 'payment_failed', trialing: false, inGrace };
  }
  if (state.status === 'canceled') return { readOnly: true, reason: 'canceled', trialing: false, inGrace: false };
  return { readOnly: false, reason: null, trialing: false, inGrace: false };
}

/** Whole days left in the trial, rounded up (0 once it has ended). */
export function trialDaysLeft(trialEndsAt: Date | string | null, now: Date = new Date()): number {
  const end = time(trialEndsAt);
  if (end === null) return 0;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

/** The end of a payment's grace period. */
export function graceEndsAt(failedAt: Date): Date {
  return new Date(failedAt.getTime() + PAYMENT_GRACE_DAYS * DAY_MS);
}

/** The words of the 402 answer and the read-only banner: nothing is lost, and the way out is /pricing. */
export function readOnlyMessage(reason: ReadOnlyReason): string {
  const why =
    reason === 'trial_ended'
      ? 'Your free trial has ended'
      : reason === 'payment_failed'
        ? 'Your last payment failed and the grace period is over'
        : 'Your subscription has ended';
  return `${why}, so your company is read-only. Everything stays visible and exportable, and nothing has been deleted. Choose a plan on /pricing to keep working.`;
}

/** The plan definition of an id. */
export function planById(id: PlanId): PlanDefinition {
  const found = PLANS.find((plan) => plan.id === id);
  if (!found) throw new Error(`Unknown plan ${id}`);
  return found;
}

/** A move to a plan with more active files applies at once; a move down waits for the period's end. */
export function isUpgrade(from: PlanId, to: PlanId): boolean {
  return planById(to).activeFiles > planById(from).activeFiles;
}

/** A plan's monthly price in cents. */
export function planPriceCents(id: PlanId): number {
  return planById(id).priceMonthlyUsd * 100;
}

/** One month after `from`, the same day of the month (clamped to the month's last day). */
export function addOneMonth(from: Date): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** Credit packs a company can buy; bigger packs cost less per credit. */
export const CREDIT_PACKS = [
  { id: 'pack_5', credits: 5, priceCents: 12_500 },
  { id: 'pack_10', credits: 10, priceCents: 24_000 },
  { id: 'pack_25', credits: 25, priceCents: 57_500 },
  { id: 'pack_50', credits: 50, priceCents: 110_000 },
] as const;
export type CreditPackId = (typeof CREDIT_PACKS)[number]['id'];
export const CREDIT_PACK_IDS = ['pack_5', 'pack_10', 'pack_25', 'pack_50'] as const satisfies readonly CreditPackId[];

/** A credit ledger row's kind: every change of the balance is one appended row. */
export const CREDIT_ENTRY_KINDS = ['purchase', 'spend', 'refund', 'adjustment'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/** The words people read for a ledger row's kind (the pages and the CSV). */
export const CREDIT_ENTRY_KIND_LABELS: Record<CreditEntryKind, string> = { purchase: 'Purchase', spend: 'Spend', refund: 'Refund', adjustment: 'Adjustment' };

/** What each service order costs in credits, and what the office delivers for it. */
export const SERVICE_OFFERS: Record<ServiceType, { credits: number; description: string }> = {
  xact360: { credits: 4, description: 'Our estimators write an Xactimate-style estimate from your photos and measurements.' },
  copy_over_only: { credits: 2, description: "We copy the carrier's scope into your estimate format, line by line." },
  supplement360: { credits: 3, description: 'We write the supplement for the items the adjuster missed, with code citations.' },
  ugo_assisted: { credits: 1, description: 'A claims specialist guides you through the next step of this claim.' },
};

/** The service types in the order they are offered. */
export const SERVICE_ORDER_TYPES: readonly ServiceType[] = SERVICE_TYPES.map((type) => type.value);

/** A service order's status: ordered -> in progress -> delivered, or cancelled (the credits refunded). */
export const SERVICE_ORDER_STATUSES = ['ordered', 'in_progress', 'delivered', 'cancelled'] as const;
export type ServiceOrderStatus = (typeof SERVICE_ORDER_STATUSES)[number];

/** The words people read for a service order's status. */
export const SERVICE_ORDER_STATUS_LABELS: Record<ServiceOrderStatus, string> = {
  ordered: 'Ordered',
  in_progress: 'In progress',
  delivered: 'Delivered',
  cancelled: 'Canceled',
};

/** The label every screen shows while payments run without a Stripe key. */
export const TEST_MODE_LABEL = 'Test mode: no card is charged. Choosing a plan or buying credits completes at once.';

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CreditEntryKind, ServiceOrderStatus } from '@ridgeline/shared/domain/billing';
import type { ServiceType } from '@ridgeline/shared/domain/service-types';
import type { CheckoutStatus } from '@ridgeline/shared/contracts/billing';
import type { PlanId } from '@ridgeline/shared/domain/plans';
import { createdAt, timestampTz, timestamps } from './columns';
import { user } from './auth';
import { companyRef } from './companies';
import { projectFiles, projects } from './projects';

/** A user a row points at (who bought, who ordered); the row stays when the user is deleted. */
const userRef = (name: string) => text(name).references(() => user.id, { onDelete: 'set null' });

/**
 * A payment started: a Stripe Checkout Session (its `cs_...` id) or a test-mode purchase (`test_...`).
 * Completing it applies the plan or the credits once: the webhook and the success page's check may
 * both try, and only the first moves it from open to complete.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    companyId: companyRef(),
    /** `plan` (a subscription) or `credits` (a one-time pack). */
    kind: text('kind').$type<CheckoutStatus['kind']>().notNull(),
    plan: text('plan').$type<PlanId>(),
    pack: text('pack'),
    credits: integer('credits'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<CheckoutStatus['status']>().notNull().default('open'),
    testMode: boolean('test_mode').notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    completedAt: timestampTz('completed_at'),
  },
  (t) => [index('checkout_sessions_company_idx').on(t.companyId, t.createdAt)],
);

/** Stripe webhook events already applied, by event id: the same event delivered twice is applied once. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  companyId: uuid('company_id'),
  receivedAt: createdAt(),
});

/** A subscription invoice: from Stripe (`invoice.paid`, `invoice.payment_failed`) or a test-mode charge. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    stripeInvoiceId: text('stripe_invoice_id').unique(),
    number: text('number'),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** paid, open, failed or void. */
    status: text('status').notNull(),
    hostedUrl: text('hosted_url'),
    periodStart: timestampTz('period_start'),
    periodEnd: timestampTz('period_end'),
    testMode: boolean('test_mode').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('invoices_company_idx').on(t.companyId, t.createdAt)],
);

/** Billing mails already sent (trial reminders, payment failures), once per company and kind. */
export const billingNotices = pgTable(
  'billing_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    kind: text('kind').notNull(),
    sentAt: createdAt(),
  },
  (t) => [uniqueIndex('billing_notices_company_kind_unique').on(t.companyId, t.kind)],
);

/**
 * The credit ledger: append-only, one row per change of a company's balance (purchase, spend,
 * refund, admin adjustment), signed, with who and why. The balance is the sum of the rows; it never
 * goes below zero because every change takes the company's ledger lock, sums, checks, then appends.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    kind: text('kind').$type<CreditEntryKind>().notNull(),
    credits: integer('credits').notNull(),
    /** The balance right after this row (the running sum, kept so the ledger reads without a window). */
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    actorId: userRef('actor_id'),
    serviceOrderId: uuid('service_order_id'),
    /** The purchase's Checkout: a pack is credited once however often its completion arrives. */
    checkoutSessionId: text('checkout_session_id').unique(),
    createdAt: createdAt(),
  },
  (t) => [index('credit_entries_company_idx').on(t.companyId, t.createdAt), check('credit_entries_balance_not_negative', sql`${t.balanceAfter} >= 0`)],
);

/** A service ordered on a project (Xact360, Copy-Over, Supplement360, UGO Assisted), paid in credits. */
export const serviceOrders = pgTable(
  'service_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    serviceType: text('service_type').$type<ServiceType>().notNull(),
    credits: integer('credits').notNull(),
    /** ordered, in_progress, delivered or cancelled. */
    status: text('status').$type<ServiceOrderStatus>().notNull().default('ordered'),
    notes: text('notes').notNull().default(''),
    orderedBy: userRef('ordered_by'),
    deliveredFileId: uuid('delivered_file_id').references(() => projectFiles.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    ...timestamps(),
  },
  (t) => [
    index('service_orders_company_idx').on(t.companyId, t.createdAt),
    index('service_orders_project_idx').on(t.projectId),
    index('service_orders_status_idx').on(t.status),
  ],
);

/** What a platform admin changed on a company's billing (a trial extended), with who and why. */
export const billingAudit = pgTable(
  'billing_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    actorId: userRef('actor_id'),
    action: text('action').notNull(),
    detail: text('detail').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('billing_audit_company_idx').on(t.companyId, t.createdAt)],
);

import { z } from 'zod';
import { BILLING_STATUSES, CREDIT_ENTRY_KINDS, CREDIT_PACK_IDS, READ_ONLY_REASONS, SERVICE_ORDER_STATUSES } from '../domain/billing';
import { PLAN_IDS } from '../domain/plans';
import { SERVICE_TYPES, type ServiceType } from '../domain/service-types';
import { calendarDate, longText, shortText } from './common';

// Billing: the plan and trial, payments (Stripe Checkout and portal, or test mode), invoices, the
// credit ledger, service orders, and the platform admin's view across companies.

export const planIdSchema = z.enum(PLAN_IDS);
export const billingStatusSchema = z.enum(BILLING_STATUSES);
export const readOnlyReasonSchema = z.enum(READ_ONLY_REASONS);
export const creditPackIdSchema = z.enum(CREDIT_PACK_IDS);
export const creditEntryKindSchema = z.enum(CREDIT_ENTRY_KINDS);
export const serviceOrderStatusSchema = z.enum(SERVICE_ORDER_STATUSES);
export const serviceTypeSchema = z.enum(SERVICE_TYPES.map((type) => type.value) as [ServiceType, ...ServiceType[]]);

/** `stripe` when STRIPE_SECRET_KEY is set; `test` otherwise (Choose and Buy complete at once, nothing charged). */
export const paymentModeSchema = z.enum(['stripe', 'test']);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

const personSchema = z.object({ name: z.string(), email: z.string() });

// ---------------------------------------------------------------- plan and trial

/** GET /api/billing: the company's plan, trial, access and who may pay. */
export const billingOverviewSchema = z.object({
  mode: paymentModeSchema,
  /** The plan chosen (during the trial, the plan the trial counts as is `effectivePlan`). */
  plan: planIdSchema,
  /** The plan the limits follow now (Professional during the trial). */
  effectivePlan: planIdSchema,
  status: billingStatusSchema,
  trialEndsAt: z.string().nullable(),
  trialDaysLeft: z.number().int(),
  readOnly: z.boolean(),
  readOnlyReason: readOnlyReasonSchema.nullable(),
  /** Set while a failed payment's grace period runs. */
  graceEndsAt: z.string().nullable(),
  /** A downgrade waiting for the period's end. */
  pendingPlan: planIdSchema.nullable(),
  currentPeriodEnd: z.string().nullable(),
  activeFiles: z.object({ active: z.number().int(), limit: z.number().int() }),
  /** Whether the caller may choose a plan and pay (owners and platform admins). */
  canPay: z.boolean(),
  /** Who can pay, for everyone else to ask. */
  payers: z.array(personSchema),
  /** A Stripe customer exists: the portal can show cards and invoices. */
  hasPaymentMethod: z.boolean(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/** POST /api/billing/plan */
export const choosePlanSchema = z.object({ plan: planIdSchema });
export type ChoosePlanInput = z.infer<typeof choosePlanSchema>;

/** What choosing a plan did: applied at once, scheduled for the period's end, or a Checkout to finish. */
export const choosePlanResultSchema = z.object({
  outcome: z.enum(['applied', 'scheduled', 'checkout']),
  /** Stripe Checkout's page, for `checkout`. */
  checkoutUrl: z.string().nullable(),
  billing: billingOverviewSchema,
});
export type ChoosePlanResult = z.infer<typeof choosePlanResultSchema>;

/** GET /api/billing/plan-check?plan=: whether a move to the plan fits, and which files to close first. */
export const planCheckQuerySchema = z.object({ plan: planIdSchema });
export const planCheckSchema = z.object({
  plan: planIdSchema,
  limit: z.number().int(),
  active: z.number().int(),
  /** How many active files must be closed or archived before the move (0: it fits). */
  mustClose: z.number().int(),
  /** The active files, least recently changed first, when some must be closed. */
  activeProjects: z.array(z.object({ id: z.string(), title: z.string(), status: z.string(), updatedAt: z.string() })),
});
export type PlanCheck = z.infer<typeof planCheckSchema>;

/** POST /api/billing/portal: Stripe's customer portal (cards, invoices). */
export const portalSessionSchema = z.object({ url: z.string() });

/** A checkout's id in the path: Stripe's `cs_...` (longer than other ids) or a test-mode `test_<uuid>`. */
export const checkoutIdParamSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, 'Not a payment id') });

/** GET /api/billing/checkouts/:id: a Checkout as the server knows it (the success pages read this, not the URL). */
export const checkoutStatusSchema = z.object({
  id: z.string(),
  kind: z.enum(['plan', 'credits']),
  status: z.enum(['open', 'complete', 'expired']),
  plan: planIdSchema.nullable(),
  credits: z.number().int().nullable(),
  amountCents: z.number().int(),
  testMode: z.boolean(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

// ---------------------------------------------------------------- invoices

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  description: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['paid', 'open', 'failed', 'void']),
  /** Stripe's hosted invoice page; null in test mode. */
  hostedUrl: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  testMode: z.boolean(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });

// ---------------------------------------------------------------- credits

export const creditPackSchema = z.object({ id: creditPackIdSchema, credits: z.number().int(), priceCents: z.number().int() });

/** GET /api/credits */
export const creditSummarySchema = z.object({ balance: z.number().int(), packs: z.array(creditPackSchema), mode: paymentModeSchema, canBuy: z.boolean() });
export type CreditSummary = z.infer<typeof creditSummarySchema>;

/** POST /api/credits/purchase */
export const buyCreditsSchema = z.object({ pack: creditPackIdSchema });
export type BuyCreditsInput = z.infer<typeof buyCreditsSchema>;
export const buyCreditsResultSchema = z.object({
  outcome: z.enum(['applied', 'checkout']),
  checkoutId: z.string(),
  checkoutUrl: z.string().nullable(),
  balance: z.number().int(),
});
export type BuyCreditsResult = z.infer<typeof buyCreditsResultSchema>;

/** One ledger row: who changed the balance, by how much (signed) and why. */
export const creditEntrySchema = z.object({
  id: z.string(),
  kind: creditEntryKindSchema,
  credits: z.number().int(),
  /** The balance right after this row. */
  balanceAfter: z.number().int(),
  reason: z.string(),
  actorName: z.string().nullable(),
  serviceOrderId: z.string().nullable(),
  projectId: z.string().nullable(),
  /** What a purchase cost, in cents (test mode and Stripe alike); null for every other row. */
  amountCents: z.number().int().nullable(),
  createdAt: z.string(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/** GET /api/credits/entries (and entries.csv with the same filters) */
export const creditEntriesQuerySchema = z.object({
  kind: creditEntryKindSchema.optional(),
  from: calendarDate().optional(),
  to: calendarDate().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type CreditEntriesQuery = z.infer<typeof creditEntriesQuerySchema>;
export const creditEntriesPageSchema = z.object({
  entries: z.array(creditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CreditEntriesPage = z.infer<typeof creditEntriesPageSchema>;

// ---------------------------------------------------------------- service orders

export const serviceOrderSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectTitle: z.string(),
  serviceType: serviceTypeSchema,
  /** The display name (spec's names, with the fallback for unknown values). */
  serviceName: z.string(),
  credits: z.number().int(),
  status: serviceOrderStatusSchema,
  notes: z.string(),
  orderedBy: z.string().nullable(),
  /** The delivered file on the project's files, once delivered. */
  deliveredFile: z.object({ id: z.string(), fileName: z.string() }).nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceOrder = z.infer<typeof serviceOrderSchema>;
export const serviceOrderListSchema = z.object({ orders: z.array(serviceOrderSchema) });

/** POST /api/projects/:id/service-orders */
export const createServiceOrderSchema = z.object({ serviceType: serviceTypeSchema, notes: longText(2000).default('') });
export type CreateServiceOrderInput = z.infer<typeof createServiceOrderSchema>;

/** POST /api/service-orders/:id/cancel and /api/admin/service-orders/:id/cancel */
export const cancelServiceOrderSchema = z.object({ reason: shortText(500) });
export type CancelServiceOrderInput = z.infer<typeof cancelServiceOrderSchema>;

/** PUT /api/admin/service-orders/:id/delivery?fileName=: the delivered file's name (its bytes are the body). */
export const deliverServiceOrderQuerySchema = z.object({ fileName: shortText(200) });

/** POST /api/admin/service-orders/:id/status: the office starts the work. */
export const serviceOrderProgressSchema = z.object({ status: z.literal('in_progress') });

/** GET /api/admin/service-orders */
export const adminServiceOrdersQuerySchema = z.object({ status: serviceOrderStatusSchema.optional() });
export const adminServiceOrderSchema = serviceOrderSchema.extend({ companyId: z.string(), companyName: z.string() });
export type AdminServiceOrder = z.infer<typeof adminServiceOrderSchema>;
export const adminServiceOrderListSchema = z.object({ orders: z.array(adminServiceOrderSchema) });

// ---------------------------------------------------------------- platform admin

/** GET /api/admin/billing/companies */
export const adminBillingQuerySchema = z.object({
  q: z.string().trim().max(120).optional(),
  status: billingStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const adminBillingCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  plan: planIdSchema,
  status: billingStatusSchema,
  readOnly: z.boolean(),
  trialEndsAt: z.string().nullable(),
  activeFiles: z.number().int(),
  /** Monthly recurring revenue of the company in cents (0 while trialing or read-only). */
  mrrCents: z.number().int(),
  failedPayments: z.number().int(),
  creditBalance: z.number().int(),
  /** The owner, whom an admin can impersonate. */
  owner: z.object({ userId: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdminBillingCompany = z.infer<typeof adminBillingCompanySchema>;
export const adminBillingPageSchema = z.object({
  companies: z.array(adminBillingCompanySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: z.object({
    mrrCents: z.number().int(),
    paying: z.number().int(),
    trialing: z.number().int(),
    readOnly: z.number().int(),
    failedPayments: z.number().int(),
    credits: z.number().int(),
  }),
});
export type AdminBillingPage = z.infer<typeof adminBillingPageSchema>;

/** POST /api/admin/billing/companies/:id/credits: grant (positive) or remove (negative) credits, with a reason. */
export const adjustCreditsSchema = z.object({
  credits: z
    .number()
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((n) => n !== 0, 'Enter a number of credits other than 0'),
  reason: shortText(500),
});
export type AdjustCreditsInput = z.infer<typeof adjustCreditsSchema>;

/** POST /api/admin/billing/companies/:id/extend-trial */
export const extendTrialSchema = z.object({ days: z.number().int().min(1).max(90), reason: shortText(500) });
export type ExtendTrialInput = z.infer<typeof extendTrialSchema>;

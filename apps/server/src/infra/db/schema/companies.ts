import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CodeEdition } from '@ridgeline/shared/domain/assistant';
import type { BillingStatus } from '@ridgeline/shared/domain/billing';
import type { PlanId } from '@ridgeline/shared/domain/plans';
import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import type { StatusMoveMode } from '@ridgeline/shared/domain/status-progress';
import { createdAt, textRef, timestampTz, timestamps } from './columns';
import { user } from './auth';

/** A contractor company: the tenant. Plan and trial drive billing by active files. */
export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  phone: text('phone'),
  address: text('address'),
  logoPath: text('logo_path'),
  plan: text('plan').$type<PlanId>().notNull().default('professional'),
  trialEndsAt: timestampTz('trial_ends_at'),
  /** Hail hits in one test square at or above which an inspection recommends replacing the roof. */
  hailHitThreshold: integer('hail_hit_threshold').notNull().default(8),
  /** The claim packet's cover letter with `{{field}}` placeholders; null uses the product's default. */
  coverLetterTemplate: text('cover_letter_template'),
  /** The IANA time zone documents print times in ("America/Chicago"); null until set (printed in UTC). */
  timeZone: text('time_zone'),
  /** What the claim file's events do to its status: 'move' it forward (default) or 'suggest' the move (one click to accept). */
  statusMoves: text('status_moves').$type<StatusMoveMode>().notNull().default('move'),
  // Where estimates charge ice and water barrier (packages/shared/src/domain/ice-barrier.ts): the
  // state the company's jobs are in (null: read from the address), whether its jurisdiction requires
  // the barrier at the eaves (null: the state's default) and how far up the roof it runs, in feet.
  jurisdictionState: text('jurisdiction_state'),
  iceBarrierAtEaves: boolean('ice_barrier_at_eaves'),
  iceBarrierEaveFt: integer('ice_barrier_eave_ft').notNull().default(6),
  // The assistant: the IRC edition the company's jurisdictions adopted (2018, 2021, 2024: which code
  // passages hold), whether its owner lets answers go to the AI provider (off: built-in answers only),
  // and its answers per day (UTC); null uses the server's ASSISTANT_DAILY_LIMIT.
  codeEdition: text('code_edition').$type<CodeEdition>().notNull().default('2021'),
  assistantProviderEnabled: boolean('assistant_provider_enabled').notNull().default(true),
  assistantDailyLimit: integer('assistant_daily_limit'),
  // Billing (the rules are packages/shared/src/domain/billing.ts): `plan` is the plan chosen; while
  // `billing_status` is trialing and the trial runs, the limits follow Professional.
  billingStatus: text('billing_status').$type<BillingStatus>().notNull().default('trialing'),
  /** A downgrade chosen, applied when the current period ends. */
  pendingPlan: text('pending_plan').$type<PlanId>(),
  currentPeriodEnd: timestampTz('current_period_end'),
  /** After a failed payment: writes stay open until then. */
  graceEndsAt: timestampTz('grace_ends_at'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  ...timestamps(),
});

/** The company a row belongs to, deleted with it. */
export const companyRef = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** Company membership with the company role (owner, manager, member). One company per user. */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    userId: textRef('user_id', () => user.id),
    role: text('role').$type<CompanyRole>().notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('members_user_unique').on(t.userId), index('members_company_idx').on(t.companyId)],
);

/** An invitation by e-mail to join a company; accepted through a link to /auth. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    email: text('email').notNull(),
    role: text('role').$type<CompanyRole>().notNull().default('member'),
    status: text('status').notNull().default('pending'),
    inviterId: textRef('inviter_id', () => user.id),
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_company_idx').on(t.companyId), index('invitations_email_idx').on(t.email)],
);

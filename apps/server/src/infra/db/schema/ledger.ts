import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LedgerEntryKind, LedgerFigure, LedgerPaymentType } from '@ridgeline/shared/domain/ledger';
import { createdAt } from './columns';
import { user } from './auth';
import { companyRef } from './companies';
import { projects } from './projects';

/**
 * The money ledger of a claim file: append-only, one row per figure approved, supplement asked or
 * decided, payment expected or received, or reversal of an earlier row (`related_id`). A trigger
 * refuses UPDATE and DELETE written against it; only the database's own cascades (the claim file or
 * company deleted, an author's account deleted) reach it. `created_by_name` keeps who wrote it
 * readable after the account is gone.
 */
export const claimLedgerEntries = pgTable(
  'claim_ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LedgerEntryKind>().notNull(),
    figure: text('figure').$type<LedgerFigure>(),
    paymentType: text('payment_type').$type<LedgerPaymentType>(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    label: text('label'),
    onDate: date('on_date', { mode: 'string' }),
    reference: text('reference'),
    relatedId: uuid('related_id').references((): AnyPgColumn => claimLedgerEntries.id),
    note: text('note'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('claim_ledger_entries_project_idx').on(t.companyId, t.projectId, t.createdAt),
    index('claim_ledger_entries_related_idx').on(t.relatedId),
    check(
      'claim_ledger_entries_kind_known',
      sql`${t.kind} in ('figure', 'supplement_requested', 'supplement_approved', 'supplement_denied', 'payment_expected', 'payment_received', 'reversal')`,
    ),
    check('claim_ledger_entries_amount_range', sql`${t.amountCents} is null or (${t.amountCents} >= 0 and ${t.amountCents} <= 1000000000)`),
    check('claim_ledger_entries_figure', sql`(${t.kind} = 'figure') = (${t.figure} is not null)`),
    check('claim_ledger_entries_payment_type', sql`(${t.kind} in ('payment_expected', 'payment_received')) = (${t.paymentType} is not null)`),
    check('claim_ledger_entries_related', sql`${t.kind} not in ('supplement_approved', 'supplement_denied', 'reversal') or ${t.relatedId} is not null`),
  ],
);

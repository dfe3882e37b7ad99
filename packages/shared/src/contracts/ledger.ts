import { z } from 'zod';
import {
  LEDGER_AMOUNT_MAX_CENTS,
  LEDGER_ENTRY_KINDS,
  LEDGER_FIGURES,
  LEDGER_ISSUE_CODES,
  LEDGER_LABEL_MAX,
  LEDGER_NOTE_MAX,
  LEDGER_PAYMENT_TYPES,
  LEDGER_REFERENCE_MAX,
  LEDGER_STATUS_DISAGREEMENTS,
} from '../domain/ledger';
import { calendarDate, longText, singleLineString } from './common';

// The money ledger of a claim file (the "Money" tab): append-only entries and their reconciliation.
// GET /api/projects/:id/ledger, POST /api/projects/:id/ledger/entries (answers the ledger again).

const isoDateTime = z.iso.datetime({ offset: true });

export const ledgerFigureSchema = z.enum(LEDGER_FIGURES);
export const ledgerEntryKindSchema = z.enum(LEDGER_ENTRY_KINDS);
export const ledgerPaymentTypeSchema = z.enum(LEDGER_PAYMENT_TYPES);

/** Integer cents, from $0.00 up to the per-entry maximum. */
const cents = z
  .number({ error: 'Enter an amount.' })
  .int('Amounts are whole cents.')
  .min(0, 'An amount cannot be negative.')
  .max(LEDGER_AMOUNT_MAX_CENTS, `An amount is at most ${(LEDGER_AMOUNT_MAX_CENTS / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })}.`);
const positiveCents = cents.refine((value) => value > 0, 'Enter an amount above $0.00.');
const note = longText(LEDGER_NOTE_MAX)
  .nullable()
  .optional()
  .transform((text) => text || null);
const entryDate = calendarDate({ error: 'Enter a date.' });

/** POST /api/projects/:id/ledger/entries: one new entry. A correction reverses an earlier entry. */
export const createLedgerEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('figure'), figure: ledgerFigureSchema, amountCents: cents, note }),
  z.object({
    kind: z.literal('supplement_requested'),
    label: singleLineString().trim().min(1, 'Name the supplement.').max(LEDGER_LABEL_MAX),
    amountCents: positiveCents,
    note,
  }),
  z.object({ kind: z.literal('supplement_approved'), supplementId: z.uuid(), amountCents: cents, note }),
  z.object({ kind: z.literal('supplement_denied'), supplementId: z.uuid(), note }),
  z.object({
    kind: z.literal('payment_expected'),
    paymentType: ledgerPaymentTypeSchema,
    amountCents: positiveCents,
    date: entryDate.nullable().optional(),
    note,
  }),
  z.object({
    kind: z.literal('payment_received'),
    paymentType: ledgerPaymentTypeSchema,
    amountCents: positiveCents,
    date: entryDate,
    reference: singleLineString()
      .trim()
      .max(LEDGER_REFERENCE_MAX)
      .nullable()
      .optional()
      .transform((text) => text || null),
    /** The expected payment this one settles. */
    expectedId: z.uuid().nullable().optional(),
    note,
  }),
  z.object({ kind: z.literal('reversal'), reversesId: z.uuid(), note: longText(LEDGER_NOTE_MAX).min(1, 'Say why the entry is reversed.') }),
]);
export type CreateLedgerEntryInput = z.input<typeof createLedgerEntrySchema>;
export type CreateLedgerEntry = z.output<typeof createLedgerEntrySchema>;

export const ledgerEntrySchema = z.object({
  id: z.uuid(),
  kind: ledgerEntryKindSchema,
  figure: ledgerFigureSchema.nullable(),
  paymentType: ledgerPaymentTypeSchema.nullable(),
  amountCents: z.number().int().nullable(),
  label: z.string().nullable(),
  /** The day a payment was received or is expected. */
  date: z.iso.date().nullable(),
  reference: z.string().nullable(),
  /** The supplement request decided, the expected payment settled, or the entry reversed. */
  relatedId: z.uuid().nullable(),
  note: z.string().nullable(),
  /** The id of the reversal that undid this entry. */
  reversedById: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: isoDateTime,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

const figureValueSchema = z.object({ amountCents: z.number().int(), source: z.enum(['approved', 'estimate', 'claim_file', 'none']) });

export const ledgerSummarySchema = z.object({
  rcv: figureValueSchema,
  acv: figureValueSchema,
  recoverableDepreciation: figureValueSchema,
  nonRecoverableDepreciation: figureValueSchema,
  deductible: figureValueSchema,
  op: z.object({ status: z.enum(['approved', 'not_approved', 'undecided']), amountCents: z.number().int() }),
  supplements: z.array(
    z.object({
      id: z.uuid(),
      label: z.string(),
      requestedCents: z.number().int(),
      status: z.enum(['pending', 'approved', 'denied']),
      approvedCents: z.number().int().nullable(),
    }),
  ),
  supplementsRequestedCents: z.number().int(),
  supplementsApprovedCents: z.number().int(),
  supplementsDeniedCents: z.number().int(),
  insurerApprovedCents: z.number().int(),
  totalDueCents: z.number().int(),
  receivedCents: z.number().int(),
  receivedFromInsurerCents: z.number().int(),
  deductibleReceivedCents: z.number().int(),
  depreciationReleasedCents: z.number().int(),
  expectedOutstandingCents: z.number().int(),
  balanceDueCents: z.number().int(),
  issues: z.array(z.object({ code: z.enum(LEDGER_ISSUE_CODES), amountCents: z.number().int(), label: z.string().nullable() })),
  state: z.enum(['no_figures', 'balance_due', 'paid_in_full', 'does_not_balance']),
});

/** A status of the company's pipeline the entries point to, and whether the claim file is in it already. */
export const ledgerStatusSuggestionSchema = z.object({ statusId: z.uuid(), key: z.string(), name: z.string() });
export type LedgerStatusSuggestion = z.infer<typeof ledgerStatusSuggestionSchema>;

/** GET /api/projects/:id/ledger: the entries oldest first, their reconciliation and the suggested statuses. */
export const claimLedgerSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  summary: ledgerSummarySchema,
  suggestedStatuses: z.array(ledgerStatusSuggestionSchema),
  /** Where the claim file's current status says what the ledger does not (in Paid with money due, say). */
  statusDisagreements: z.array(z.object({ code: z.enum(LEDGER_STATUS_DISAGREEMENTS), statusName: z.string(), amountCents: z.number().int() })),
  /** Whether the signed-in user may add entries (owners and managers). */
  canWrite: z.boolean(),
});
export type ClaimLedger = z.infer<typeof claimLedgerSchema>;

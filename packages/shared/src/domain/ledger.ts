import { formatUsdCents } from './money';

// The claim money ledger: what the insurer approved, what was asked and paid, entry by entry, in
// integer cents. Entries are append-only: a correction reverses an earlier entry (and adds a new
// one). The reconciliation below is the one arithmetic both the server and the web app read.

/** The insurer's figures of a claim; the latest entry of each (not reversed) is the figure. */
export const LEDGER_FIGURES = ['rcv', 'acv', 'recoverable_depreciation', 'non_recoverable_depreciation', 'deductible', 'op'] as const;
export type LedgerFigure = (typeof LEDGER_FIGURES)[number];

export const LEDGER_FIGURE_LABELS: Record<LedgerFigure, string> = {
  rcv: 'RCV',
  acv: 'ACV',
  recoverable_depreciation: 'Recoverable depreciation',
  non_recoverable_depreciation: 'Non-recoverable depreciation',
  deductible: 'Deductible',
  op: 'O&P',
};

/** What an entry records. */
export const LEDGER_ENTRY_KINDS = [
  'figure',
  'supplement_requested',
  'supplement_approved',
  'supplement_denied',
  'payment_expected',
  'payment_received',
  'reversal',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export const LEDGER_ENTRY_KIND_LABELS: Record<LedgerEntryKind, string> = {
  figure: 'Approved figure',
  supplement_requested: 'Supplement requested',
  supplement_approved: 'Supplement approved',
  supplement_denied: 'Supplement denied',
  payment_expected: 'Payment expected',
  payment_received: 'Payment received',
  reversal: 'Reversal',
};

/** Where a payment comes from. Every type but the deductible is the insurer's money. */
export const LEDGER_PAYMENT_TYPES = ['acv_check', 'depreciation_release', 'supplement_check', 'deductible', 'mortgage_endorsed', 'other'] as const;
export type LedgerPaymentType = (typeof LEDGER_PAYMENT_TYPES)[number];

export const LEDGER_PAYMENT_TYPE_LABELS: Record<LedgerPaymentType, string> = {
  acv_check: 'Insurer ACV check',
  depreciation_release: 'Depreciation release',
  supplement_check: 'Supplement check',
  deductible: "Homeowner's deductible",
  mortgage_endorsed: 'Check endorsed by the mortgage company',
  other: 'Other insurer payment',
};

/** One entry amount is at most $10,000,000.00. */
export const LEDGER_AMOUNT_MAX_CENTS = 1_000_000_000;
/** A claim file's ledger holds at most this many entries (reversals included). */
export const LEDGER_ENTRIES_MAX = 500;
export const LEDGER_NOTE_MAX = 500;
export const LEDGER_LABEL_MAX = 120;
export const LEDGER_REFERENCE_MAX = 80;

/** An entry as the reconciliation reads it. `relatedId` is the supplement request, the expected payment or the reversed entry. */
export type LedgerEntryInput = {
  id: string;
  kind: LedgerEntryKind;
  figure: LedgerFigure | null;
  paymentType: LedgerPaymentType | null;
  amountCents: number | null;
  label: string | null;
  relatedId: string | null;
};

/**
 * The starting point before any figure is approved: the claim file's latest estimate (or, with no
 * estimate, the figures typed on the claim file: `figuresFrom`) and the claim file's deductible.
 */
export type LedgerStartingPoint = {
  figuresFrom: 'estimate' | 'claim_file';
  rcvCents: number | null;
  acvCents: number | null;
  depreciationCents: number | null;
  deductibleCents: number | null;
};

export type LedgerFigureSource = 'approved' | 'estimate' | 'claim_file' | 'none';
export type LedgerFigureValue = { amountCents: number; source: LedgerFigureSource };

export type LedgerSupplement = {
  id: string;
  label: string;
  requestedCents: number;
  status: 'pending' | 'approved' | 'denied';
  approvedCents: number | null;
};

export const LEDGER_ISSUE_CODES = [
  'received_above_total',
  'supplement_approved_above_requested',
  'depreciation_released_above_recoverable',
  'deductible_received_above_deductible',
  'acv_does_not_match',
  'deductible_above_claim',
] as const;
export type LedgerIssueCode = (typeof LEDGER_ISSUE_CODES)[number];

/** Why a ledger does not balance, with the amount it is off by (cents, positive). */
export type LedgerIssue = { code: LedgerIssueCode; amountCents: number; label: string | null };

export type LedgerState = 'no_figures' | 'balance_due' | 'paid_in_full' | 'does_not_balance';

export type LedgerSummary = {
  rcv: LedgerFigureValue;
  acv: LedgerFigureValue;
  recoverableDepreciation: LedgerFigureValue;
  nonRecoverableDepreciation: LedgerFigureValue;
  deductible: LedgerFigureValue;
  /** O&P: approved with its amount (part of the RCV), not approved (an entry of $0.00), or not decided yet. */
  op: { status: 'approved' | 'not_approved' | 'undecided'; amountCents: number };
  supplements: LedgerSupplement[];
  supplementsRequestedCents: number;
  supplementsApprovedCents: number;
  supplementsDeniedCents: number;
  /** What the insurer pays: RCV + approved supplements - non-recoverable depreciation - deductible. */
  insurerApprovedCents: number;
  /** What the claim is worth to the contractor: the insurer's part plus the homeowner's deductible. */
  totalDueCents: number;
  receivedCents: number;
  receivedFromInsurerCents: number;
  deductibleReceivedCents: number;
  depreciationReleasedCents: number;
  /** Payments expected that no received payment has settled yet. */
  expectedOutstandingCents: number;
  /** totalDue - received: negative means more was received than is due. */
  balanceDueCents: number;
  issues: LedgerIssue[];
  state: LedgerState;
};

function sumCents(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The entries that count: every entry that is not a reversal and that no reversal undid. */
export function effectiveLedgerEntries<E extends LedgerEntryInput>(entries: readonly E[]): E[] {
  const reversed = new Set(entries.filter((entry) => entry.kind === 'reversal' && entry.relatedId).map((entry) => entry.relatedId));
  return entries.filter((entry) => entry.kind !== 'reversal' && !reversed.has(entry.id));
}

/** The ids a reversal has undone. */
export function reversedLedgerEntryIds(entries: readonly LedgerEntryInput[]): Set<string> {
  return new Set(entries.flatMap((entry) => (entry.kind === 'reversal' && entry.relatedId ? [entry.relatedId] : [])));
}

/**
 * The reconciliation of a claim file's ledger. `entries` are in the order they were written
 * (oldest first): the latest figure of each kind wins. A figure never approved falls back to the
 * estimate's (RCV, ACV, depreciation as recoverable) and the claim file's deductible.
 */
export function reconcileLedger(entries: readonly LedgerEntryInput[], start: LedgerStartingPoint): LedgerSummary {
  const live = effectiveLedgerEntries(entries);

  const approved = new Map<LedgerFigure, number>();
  for (const entry of live) if (entry.kind === 'figure' && entry.figure && entry.amountCents !== null) approved.set(entry.figure, entry.amountCents);

  const figure = (key: LedgerFigure, fallback: number | null, fallbackSource: LedgerFigureSource): LedgerFigureValue => {
    const value = approved.get(key);
    if (value !== undefined) return { amountCents: value, source: 'approved' };
    if (fallback !== null) return { amountCents: fallback, source: fallbackSource };
    return { amountCents: 0, source: 'none' };
  };
  const rcv = figure('rcv', start.rcvCents, start.figuresFrom);
  const acv = figure('acv', start.acvCents, start.figuresFrom);
  const recoverableDepreciation = figure('recoverable_depreciation', start.depreciationCents, start.figuresFrom);
  const nonRecoverableDepreciation = figure('non_recoverable_depreciation', null, 'none');
  const deductible = figure('deductible', start.deductibleCents, 'claim_file');
  const opCents = approved.get('op');
  const op: LedgerSummary['op'] =
    opCents === undefined ? { status: 'undecided', amountCents: 0 } : { status: opCents > 0 ? 'approved' : 'not_approved', amountCents: opCents };

  const supplements: LedgerSupplement[] = live
    .filter((entry) => entry.kind === 'supplement_requested')
    .map((request) => {
      const decision = live.find((entry) => (entry.kind === 'supplement_approved' || entry.kind === 'supplement_denied') && entry.relatedId === request.id);
      return {
        id: request.id,
        label: request.label ?? '',
        requestedCents: request.amountCents ?? 0,
        status: decision === undefined ? 'pending' : decision.kind === 'supplement_approved' ? 'approved' : 'denied',
        approvedCents: decision?.kind === 'supplement_approved' ? (decision.amountCents ?? 0) : null,
      };
    });
  const supplementsRequestedCents = sumCents(supplements.map((s) => s.requestedCents));
  const supplementsApprovedCents = sumCents(supplements.map((s) => s.approvedCents ?? 0));
  const supplementsDeniedCents = sumCents(supplements.filter((s) => s.status === 'denied').map((s) => s.requestedCents));

  const received = live.filter((entry) => entry.kind === 'payment_received');
  const receivedOf = (test: (type: LedgerPaymentType | null) => boolean) =>
    sumCents(received.filter((entry) => test(entry.paymentType)).map((entry) => entry.amountCents ?? 0));
  const receivedCents = receivedOf(() => true);
  const deductibleReceivedCents = receivedOf((type) => type === 'deductible');
  const receivedFromInsurerCents = receivedCents - deductibleReceivedCents;
  const depreciationReleasedCents = receivedOf((type) => type === 'depreciation_release');

  const settled = new Set(received.map((entry) => entry.relatedId));
  const expectedOutstandingCents = sumCents(
    live.filter((entry) => entry.kind === 'payment_expected' && !settled.has(entry.id)).map((entry) => entry.amountCents ?? 0),
  );

  const insurerApprovedCents = rcv.amountCents + supplementsApprovedCents - nonRecoverableDepreciation.amountCents - deductible.amountCents;
  const totalDueCents = insurerApprovedCents + deductible.amountCents;
  const balanceDueCents = totalDueCents - receivedCents;

  const issues: LedgerIssue[] = [];
  if (receivedCents > totalDueCents) issues.push({ code: 'received_above_total', amountCents: receivedCents - totalDueCents, label: null });
  for (const supplement of supplements) {
    if (supplement.approvedCents !== null && supplement.approvedCents > supplement.requestedCents) {
      issues.push({ code: 'supplement_approved_above_requested', amountCents: supplement.approvedCents - supplement.requestedCents, label: supplement.label });
    }
  }
  if (depreciationReleasedCents > recoverableDepreciation.amountCents) {
    issues.push({ code: 'depreciation_released_above_recoverable', amountCents: depreciationReleasedCents - recoverableDepreciation.amountCents, label: null });
  }
  if (deductibleReceivedCents > deductible.amountCents) {
    issues.push({ code: 'deductible_received_above_deductible', amountCents: deductibleReceivedCents - deductible.amountCents, label: null });
  }
  // RCV = ACV + all depreciation, when all three are known.
  if (rcv.source !== 'none' && acv.source !== 'none') {
    const gap = rcv.amountCents - recoverableDepreciation.amountCents - nonRecoverableDepreciation.amountCents - acv.amountCents;
    if (gap !== 0) issues.push({ code: 'acv_does_not_match', amountCents: Math.abs(gap), label: null });
  }
  if (insurerApprovedCents < 0) issues.push({ code: 'deductible_above_claim', amountCents: -insurerApprovedCents, label: null });

  const hasFigures = rcv.source !== 'none' || live.length > 0;
  const state: LedgerState = !hasFigures
    ? 'no_figures'
    : issues.length > 0
      ? 'does_not_balance'
      : balanceDueCents === 0 && totalDueCents > 0
        ? 'paid_in_full'
        : 'balance_due';

  return {
    rcv,
    acv,
    recoverableDepreciation,
    nonRecoverableDepreciation,
    deductible,
    op,
    supplements,
    supplementsRequestedCents,
    supplementsApprovedCents,
    supplementsDeniedCents,
    insurerApprovedCents,
    totalDueCents,
    receivedCents,
    receivedFromInsurerCents,
    deductibleReceivedCents,
    depreciationReleasedCents,
    expectedOutstandingCents,
    balanceDueCents,
    issues,
    state,
  };
}

/** Why the ledger does not balance, in a sentence. */
export function ledgerIssueText(issue: LedgerIssue): string {
  const amount = formatUsdCents(issue.amountCents);
  switch (issue.code) {
    case 'received_above_total':
      return `Received ${amount} more than the insurer approved plus the deductible.`;
    case 'supplement_approved_above_requested':
      return `The supplement "${issue.label ?? ''}" was approved ${amount} above what was requested.`;
    case 'depreciation_released_above_recoverable':
      return `Depreciation released is ${amount} above the recoverable depreciation.`;
    case 'deductible_received_above_deductible':
      return `The homeowner paid ${amount} more than the deductible.`;
    case 'acv_does_not_match':
      return `ACV plus depreciation is ${amount} away from the RCV.`;
    case 'deductible_above_claim':
      return `The deductible is ${amount} above what the insurer approved.`;
  }
}

/** Where the claim file's status says what the ledger does not. */
export const LEDGER_STATUS_DISAGREEMENTS = ['paid_with_balance_due', 'depreciation_requested_not_expected'] as const;
export type LedgerStatusDisagreementCode = (typeof LEDGER_STATUS_DISAGREEMENTS)[number];
export type LedgerStatusDisagreement = { code: LedgerStatusDisagreementCode; statusName: string; amountCents: number };

/**
 * The claim file's status against the ledger, by the status's key:
 * - paid: the ledger must be paid in full (otherwise the balance due, or what was received above it);
 * - depreciation_requested: a depreciation release must be expected or received (otherwise the
 *   recoverable depreciation not yet released).
 */
export function statusDisagreements(
  status: { key: string; name: string },
  entries: readonly LedgerEntryInput[],
  summary: LedgerSummary,
): LedgerStatusDisagreement[] {
  if (status.key === 'paid' && summary.state !== 'paid_in_full') {
    return [{ code: 'paid_with_balance_due', statusName: status.name, amountCents: Math.abs(summary.balanceDueCents) }];
  }
  if (status.key === 'depreciation_requested') {
    const asked = effectiveLedgerEntries(entries).some(
      (entry) => (entry.kind === 'payment_expected' || entry.kind === 'payment_received') && entry.paymentType === 'depreciation_release',
    );
    if (!asked) {
      const unreleased = Math.max(0, summary.recoverableDepreciation.amountCents - summary.depreciationReleasedCents);
      return [{ code: 'depreciation_requested_not_expected', statusName: status.name, amountCents: unreleased }];
    }
  }
  return [];
}

/** The disagreement in a sentence. */
export function statusDisagreementText(disagreement: LedgerStatusDisagreement): string {
  const amount = formatUsdCents(disagreement.amountCents);
  switch (disagreement.code) {
    case 'paid_with_balance_due':
      return `The claim file is in "${disagreement.statusName}", but the ledger is not paid in full (${amount} off).`;
    case 'depreciation_requested_not_expected':
      return `The claim file is in "${disagreement.statusName}", but no depreciation release is on the ledger (${amount} of recoverable depreciation). Add it as a payment expected.`;
  }
}

/**
 * What the insurer has approved, the one rule every document that states what the insurer pays
 * reads (the proposal and its share page, the cover letter, the claim summary, the assistant's
 * facts): the ledger's approved RCV plus the supplements it approved, and its approved deductible
 * when one is entered. Null while the ledger holds no approved RCV: every figure is then our
 * estimate, and is said to be.
 */
export type InsurerApproved = {
  rcvCents: number;
  supplementsApprovedCents: number;
  /** RCV + approved supplements: the replacement cost the insurer approved. */
  approvedCents: number;
  deductibleCents: number | null;
};

export function insurerApproved(summary: Pick<LedgerSummary, 'rcv' | 'supplementsApprovedCents' | 'deductible'>): InsurerApproved | null {
  if (summary.rcv.source !== 'approved') return null;
  return {
    rcvCents: summary.rcv.amountCents,
    supplementsApprovedCents: summary.supplementsApprovedCents,
    approvedCents: summary.rcv.amountCents + summary.supplementsApprovedCents,
    deductibleCents: summary.deductible.source === 'approved' ? summary.deductible.amountCents : null,
  };
}

/** The supplements the insurer has neither approved nor denied. */
export function pendingSupplements(summary: Pick<LedgerSummary, 'supplements'>): LedgerSupplement[] {
  return summary.supplements.filter((supplement) => supplement.status === 'pending');
}

/** 'Supplement "Drip edge" ($7,338.39) is neither approved nor denied.' */
export function pendingSupplementText(supplement: Pick<LedgerSupplement, 'label' | 'requestedCents'>): string {
  return `Supplement "${supplement.label}" (${formatUsdCents(supplement.requestedCents)}) is neither approved nor denied.`;
}

/** How many days a calendar day (YYYY-MM-DD) is after `today` (YYYY-MM-DD): 0 today, negative before. */
export function daysAfter(day: string, today: string): number {
  const parse = (value: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  };
  const days = Math.round((parse(day) - parse(today)) / 86_400_000);
  return Number.isNaN(days) ? 0 : days;
}

/**
 * A payment received is dated today or before: a check dated later is money expected, not received
 * (the Money tab, the claim summary and analytics' money received per month keep the two apart).
 * The server allows one day ahead of its own (UTC) date for a reader whose day has already begun.
 */
export const RECEIVED_DAYS_AHEAD_ALLOWED = 1;

/** The warning at entry: "Dated in 19 days: record it as expected?" (null for today or before). */
export function futureReceivedWarning(day: string, today: string): string | null {
  const ahead = daysAfter(day, today);
  if (ahead <= 0) return null;
  return `Dated in ${ahead} day${ahead === 1 ? '' : 's'}: record it as expected?`;
}

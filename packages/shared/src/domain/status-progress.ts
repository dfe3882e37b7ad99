import { effectiveLedgerEntries, type LedgerEntryInput, type LedgerSummary } from './ledger';
import { DEFAULT_PIPELINE } from './pipeline';

// The claim file moves forward by itself: what each event of its life means for its status (the
// default pipeline's keys), and the words its timeline gives the cause. The server makes each move
// only forward (to a status later in the company's pipeline) after the event's write has committed;
// a company chooses whether a move is made ("move", the default) or offered for one click ("suggest").

export const STATUS_MOVE_MODES = ['move', 'suggest'] as const;
export type StatusMoveMode = (typeof STATUS_MOVE_MODES)[number];
export const DEFAULT_STATUS_MOVE_MODE: StatusMoveMode = 'move';
export const STATUS_MOVE_MODE_LABELS: Record<StatusMoveMode, string> = {
  move: 'Move the claim file forward by itself',
  suggest: 'Suggest the move, one click to accept',
};

/** Why a claim file moves (or is suggested a move). */
export const STATUS_MOVE_CAUSES = [
  'inspection_completed',
  'inspection_converted',
  'packet_shared',
  'marked_filed',
  'proposal_signed',
  'insurer_figures',
  'supplement_requested',
  'insurer_payment',
  'depreciation_requested',
  'paid_in_full',
] as const;
export type StatusMoveCause = (typeof STATUS_MOVE_CAUSES)[number];

/** The status (its default key) each cause moves a claim file to. */
export const STATUS_MOVE_TARGETS: Record<StatusMoveCause, string> = {
  inspection_completed: 'inspected',
  inspection_converted: 'inspected',
  packet_shared: 'claim_filed',
  marked_filed: 'claim_filed',
  // The homeowner signed for the work: what comes next is the build.
  proposal_signed: 'build_scheduled',
  insurer_figures: 'approved',
  supplement_requested: 'supplement_requested',
  insurer_payment: 'approved',
  depreciation_requested: 'depreciation_requested',
  paid_in_full: 'paid',
};

/**
 * A cause that moves a claim file only once it has reached a status (its default key): a proposal
 * signed before the insurer approved the claim is the homeowner's agreement to work the claim, not
 * the go-ahead for the build, so the file moves on to the build only once the claim is approved.
 */
export const STATUS_MOVE_REQUIRES: Partial<Record<StatusMoveCause, string>> = {
  proposal_signed: 'approved',
};

/** The cause as the claim file's timeline says it. */
export const STATUS_MOVE_CAUSE_TEXT: Record<StatusMoveCause, string> = {
  inspection_completed: 'the inspection was completed',
  inspection_converted: 'the inspection was converted to this claim file',
  packet_shared: 'the claim packet was shared with the adjuster',
  marked_filed: 'the claim was marked filed with the insurer',
  proposal_signed: 'the homeowner signed the proposal',
  insurer_figures: "the insurer's approved figures were entered",
  supplement_requested: 'a supplement is waiting for the insurer',
  insurer_payment: "the insurer's payment was received",
  depreciation_requested: 'a depreciation release was requested',
  paid_in_full: 'the ledger is paid in full',
};

export function isStatusMoveCause(value: string | null | undefined): value is StatusMoveCause {
  return value !== null && value !== undefined && (STATUS_MOVE_CAUSES as readonly string[]).includes(value);
}

/**
 * What the ledger proves about the claim, every cause it holds (the server moves to the one furthest
 * along the company's pipeline):
 * - paid in full (balanced to zero): Paid;
 * - a depreciation release expected or received: Depreciation requested;
 * - a supplement waiting for the insurer's answer: Supplement requested;
 * - a payment received from the insurer: Approved (the insurer pays what it approved);
 * - the insurer's RCV entered: Approved.
 */
export function ledgerMoveCauses(entries: readonly LedgerEntryInput[], summary: LedgerSummary): StatusMoveCause[] {
  const live = effectiveLedgerEntries(entries);
  const causes: StatusMoveCause[] = [];
  if (summary.rcv.source === 'approved') causes.push('insurer_figures');
  if (live.some((entry) => entry.kind === 'payment_received' && entry.paymentType !== null && entry.paymentType !== 'deductible'))
    causes.push('insurer_payment');
  if (summary.supplements.some((supplement) => supplement.status === 'pending')) causes.push('supplement_requested');
  if (live.some((entry) => (entry.kind === 'payment_expected' || entry.kind === 'payment_received') && entry.paymentType === 'depreciation_release')) {
    causes.push('depreciation_requested');
  }
  if (summary.state === 'paid_in_full') causes.push('paid_in_full');
  return causes;
}

/**
 * The statuses (default keys) the ledger points to, furthest along the default pipeline first: the
 * Money tab offers the first that lies ahead of the claim file, the one the server moves it to.
 */
export function ledgerStatusKeys(entries: readonly LedgerEntryInput[], summary: LedgerSummary): string[] {
  const keys = [...new Set(ledgerMoveCauses(entries, summary).map((cause) => STATUS_MOVE_TARGETS[cause]))];
  const order = (key: string) => DEFAULT_PIPELINE.findIndex((status) => status.key === key);
  return keys.sort((a, b) => order(b) - order(a));
}

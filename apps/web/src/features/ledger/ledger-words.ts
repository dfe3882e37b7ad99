import type { LedgerEntry } from '@ridgeline/shared/contracts/ledger';
import { LEDGER_ENTRY_KIND_LABELS, LEDGER_FIGURE_LABELS, LEDGER_PAYMENT_TYPE_LABELS } from '@ridgeline/shared/domain/ledger';
import { formatCents } from '../../lib/money';

// The words of the Money tab: what an entry says, and where a figure comes from.

/** One line naming an entry: "Payment received: Insurer ACV check, $12,649.99". */
export function entryTitle(entry: LedgerEntry): string {
  const what =
    entry.kind === 'figure' && entry.figure
      ? `${LEDGER_FIGURE_LABELS[entry.figure]} approved`
      : entry.paymentType
        ? `${LEDGER_ENTRY_KIND_LABELS[entry.kind]}: ${LEDGER_PAYMENT_TYPE_LABELS[entry.paymentType]}`
        : entry.label
          ? `${LEDGER_ENTRY_KIND_LABELS[entry.kind]}: ${entry.label}`
          : LEDGER_ENTRY_KIND_LABELS[entry.kind];
  return entry.amountCents === null ? what : `${what}, ${formatCents(entry.amountCents)}`;
}

export const FIGURE_SOURCE_WORDS = { approved: 'approved', estimate: 'from the estimate', claim_file: 'from the claim file', none: 'not entered' } as const;

import { formatCashAmount } from '@ridgeline/shared/domain/money';
import { planById } from '@ridgeline/shared/domain/billing';
import type { PlanId } from '@ridgeline/shared/domain/plans';
import { formatDate, formatDateTime } from '../../lib/dates';

// The words and numbers people read on the billing pages (plans, payments, credits, orders).

/** "10 credits", "1 credit". */
export const creditsText = (credits: number) => `${credits} ${Math.abs(credits) === 1 ? 'credit' : 'credits'}`;

/** A ledger row's change, signed: "+10", "-4". */
export const signedCredits = (credits: number) => (credits > 0 ? `+${credits}` : String(credits));

/** A cash amount in dollars through the cash-amount helper: "$240", "$22.5". */
export const cash = (cents: number) => `$${formatCashAmount(cents)}`;

/** "Mar 5, 2026, 12:00 PM" in the reader's time zone. */
export const entryTime = (iso: string) => formatDateTime(iso);

/** "Ask Olive Owner (olive@example.com) or Sam Slate (sam@example.com)." */
export function askText(payers: { name: string; email: string }[]): string {
  const people = payers.map((payer) => (payer.name ? `${payer.name} (${payer.email})` : payer.email));
  if (people.length === 0) return 'Ask an owner of your company.';
  const last = people.pop();
  return `Ask ${people.length > 0 ? `${people.join(', ')} or ${last ?? ''}` : (last ?? '')}.`;
}

/** A plan's name from the one plan definition. */
export const planName = (id: PlanId): string => planById(id).name;

/** "Mar 1, 2026"; empty for no date. */
export const dateText = (iso: string | null): string => (iso ? formatDate(iso) : '');

import { formatCashAmount } from '@ridgeline/shared/domain/money';
import { PLANS, type PlanId } from '@ridgeline/shared/domain/plans';

// The words of the payments pages: amounts in dollars through the cash-amount helper, plan names
// from the one plan definition, dates as people read them.

/** "$399" for 39900 cents, "$12.5" for 1250. */
export const cash = (cents: number): string => `$${formatCashAmount(cents)}`;

export const planName = (id: PlanId): string => PLANS.find((plan) => plan.id === id)?.name ?? id;

/** "Mar 1, 2026"; empty for no date. */
export const dateText = (iso: string | null): string =>
  iso ? new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso)) : '';

/** Billing plans: priced by active files, users unlimited. */
export const PLANS = [
  { id: 'starter', name: 'Starter', priceMonthlyUsd: 199, activeFiles: 10, mostPopular: false },
  { id: 'professional', name: 'Professional', priceMonthlyUsd: 399, activeFiles: 25, mostPopular: true },
  { id: 'business', name: 'Business', priceMonthlyUsd: 599, activeFiles: 50, mostPopular: false },
  { id: 'enterprise', name: 'Enterprise', priceMonthlyUsd: 999, activeFiles: 125, mostPopular: false },
] as const;

export type PlanId = (typeof PLANS)[number]['id'];

/** Plan ids as a tuple, for enums and database checks. */
export const PLAN_IDS = ['starter', 'professional', 'business', 'enterprise'] as const satisfies readonly PlanId[];

/** Length of the free trial every new company gets, no credit card asked. */
export const TRIAL_DAYS = 14;

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

/** Whether a stored text is a plan id. */
export function isPlanId(value: string | null | undefined): value is PlanId {
  return PLAN_IDS.some((id) => id === value);
}

/** A stored plan as a plan id: one the catalogue does not know reads as Professional, every company's default. */
export function storedPlanId(value: string | null): PlanId {
  return isPlanId(value) ? value : 'professional';
}

/** Length of the free trial every new company gets, no credit card asked. */
export const TRIAL_DAYS = 14;

export type PlanDefinition = (typeof PLANS)[number];

/**
 * The plan a company's limits follow: a company counts as Professional only while its billing status
 * is `trialing` and its trial has not ended; once a plan is chosen (active, past due, canceled) or the
 * trial has ended, the company's own plan's limit applies.
 */
export function effectivePlan(
  company: { plan: PlanId; status: string; trialEndsAt: Date | string | null },
  now: Date = new Date(),
): { plan: PlanDefinition; trialing: boolean } {
  const trialEnd = company.trialEndsAt === null ? null : new Date(company.trialEndsAt);
  const trialing = company.status === 'trialing' && trialEnd !== null && trialEnd.getTime() > now.getTime();
  const id: PlanId = trialing ? 'professional' : company.plan;
  const plan = PLANS.find((candidate) => candidate.id === id) ?? PLANS[1];
  return { plan, trialing };
}

/** Whether one more active file fits: active files are counted before the new one is added. */
export function hasFreeActiveSlot(active: number, limit: number): boolean {
  return active < limit;
}

/** The refusal when a plan has no free slot: it names the plan and its limit and points to /pricing. */
export function activeFileLimitMessage(plan: PlanDefinition): string {
  return `Your ${plan.name} plan allows up to ${plan.activeFiles} active files. Close or archive a claim file, or upgrade your plan on /pricing.`;
}

import { describe, expect, it } from 'vitest';
import { activeFileLimitMessage, effectivePlan, hasFreeActiveSlot, isPlanId, PLAN_IDS, PLANS, storedPlanId, TRIAL_DAYS, type PlanId } from './plans';

describe('plans', () => {
  it('has the four plans, Professional the most popular', () => {
    expect(PLANS.map((p) => p.id)).toEqual([...PLAN_IDS]);
    expect(PLANS.map((p) => [p.name, p.priceMonthlyUsd, p.activeFiles])).toEqual([
      ['Starter', 199, 10],
      ['Professional', 399, 25],
      ['Business', 599, 50],
      ['Enterprise', 999, 125],
    ]);
    expect(PLANS.filter((p) => p.mostPopular).map((p) => p.id)).toEqual(['professional']);
  });

  it('gives a 14-day trial', () => {
    expect(TRIAL_DAYS).toBe(14);
  });
});

const plan = (id: PlanId) => {
  const found = PLANS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('effective plan', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('counts a company in its trial as Professional, whatever plan it chose', () => {
    for (const id of PLAN_IDS) {
      const result = effectivePlan({ plan: id, status: 'trialing', trialEndsAt: new Date('2026-03-11T00:00:00Z') }, now);
      expect(result).toEqual({ plan: plan('professional'), trialing: true });
    }
    expect(effectivePlan({ plan: 'enterprise', status: 'trialing', trialEndsAt: '2026-03-10T12:00:01Z' }, now).plan.activeFiles).toBe(25);
  });

  it("follows the company's own plan once the trial has ended or without one", () => {
    expect(effectivePlan({ plan: 'starter', status: 'trialing', trialEndsAt: new Date('2026-03-10T12:00:00Z') }, now)).toEqual({
      plan: plan('starter'),
      trialing: false,
    });
    expect(effectivePlan({ plan: 'business', status: 'trialing', trialEndsAt: '2026-01-01T00:00:00Z' }, now)).toEqual({
      plan: plan('business'),
      trialing: false,
    });
    expect(effectivePlan({ plan: 'enterprise', status: 'trialing', trialEndsAt: null }, now)).toEqual({ plan: plan('enterprise'), trialing: false });
  });

  it('follows the chosen plan as soon as one is chosen, even with trial days left', () => {
    const trialEndsAt = new Date('2026-03-20T00:00:00Z');
    expect(effectivePlan({ plan: 'starter', status: 'active', trialEndsAt }, now)).toEqual({ plan: plan('starter'), trialing: false });
    expect(effectivePlan({ plan: 'business', status: 'past_due', trialEndsAt }, now)).toEqual({ plan: plan('business'), trialing: false });
    expect(effectivePlan({ plan: 'enterprise', status: 'canceled', trialEndsAt }, now)).toEqual({ plan: plan('enterprise'), trialing: false });
  });

  it('gives each plan its limit of active files: Starter 10, Professional 25, Business 50, Enterprise 125', () => {
    expect(PLAN_IDS.map((id) => effectivePlan({ plan: id, status: 'active', trialEndsAt: null }, now).plan.activeFiles)).toEqual([10, 25, 50, 125]);
  });
});

describe('active file slots', () => {
  it('has a free slot while the active files are below the limit, counted before the new one', () => {
    expect(hasFreeActiveSlot(0, 10)).toBe(true);
    expect(hasFreeActiveSlot(9, 10)).toBe(true);
    expect(hasFreeActiveSlot(10, 10)).toBe(false);
    expect(hasFreeActiveSlot(11, 10)).toBe(false);
    expect(hasFreeActiveSlot(24, 25)).toBe(true);
    expect(hasFreeActiveSlot(125, 125)).toBe(false);
  });

  it('refuses with a message naming the plan and its limit, pointing to /pricing', () => {
    expect(activeFileLimitMessage(plan('starter'))).toBe(
      'Your Starter plan allows up to 10 active files. Close or archive a claim file, or upgrade your plan on /pricing.',
    );
    for (const candidate of PLANS) {
      const message = activeFileLimitMessage(candidate);
      expect(message).toContain(`${candidate.name} plan`);
      expect(message).toContain(`up to ${candidate.activeFiles} active files`);
      expect(message).toContain('/pricing');
    }
  });
});

describe('stored plans', () => {
  it("knows the four plan ids and reads anything else as Professional, every company's default", () => {
    for (const id of PLAN_IDS) {
      expect(isPlanId(id)).toBe(true);
      expect(storedPlanId(id)).toBe(id);
    }
    for (const other of ['gold', '', 'Starter', null, undefined]) expect(isPlanId(other)).toBe(false);
    expect(storedPlanId('gold')).toBe('professional');
    expect(storedPlanId(null)).toBe('professional');
  });
});

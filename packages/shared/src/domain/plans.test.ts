import { describe, expect, it } from 'vitest';
import { PLAN_IDS, PLANS, TRIAL_DAYS } from './plans';

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

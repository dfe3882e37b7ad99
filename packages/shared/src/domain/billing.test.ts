import { describe, expect, it } from 'vitest';
import {
  addOneMonth,
  billingAccess,
  graceEndsAt,
  isUpgrade,
  PAYMENT_GRACE_DAYS,
  planById,
  planPriceCents,
  readOnlyMessage,
  trialDaysLeft,
  TRIAL_REMINDER_DAYS,
} from './billing';
import { PLAN_IDS, TRIAL_DAYS } from './plans';

const now = new Date('2026-11-23T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe('billing access', () => {
  it('keeps a company in its trial writable until the trial ends, then read-only', () => {
    expect(billingAccess({ status: 'trialing', trialEndsAt: inDays(TRIAL_DAYS), graceEndsAt: null }, now)).toEqual({
      readOnly: false,
      reason: null,
      trialing: true,
      inGrace: false,
    });
    expect(billingAccess({ status: 'trialing', trialEndsAt: new Date(now.getTime() + 1), graceEndsAt: null }, now).readOnly).toBe(false);
    expect(billingAccess({ status: 'trialing', trialEndsAt: now, graceEndsAt: null }, now)).toEqual({
      readOnly: true,
      reason: 'trial_ended',
      trialing: false,
      inGrace: false,
    });
    expect(billingAccess({ status: 'trialing', trialEndsAt: '2026-11-01T00:00:00Z', graceEndsAt: null }, now).reason).toBe('trial_ended');
  });

  it('keeps a failed payment writable through the grace period, then read-only', () => {
    const failedAt = inDays(-2);
    const grace = graceEndsAt(failedAt);
    expect(grace.getTime() - failedAt.getTime()).toBe(PAYMENT_GRACE_DAYS * 86_400_000);
    expect(billingAccess({ status: 'past_due', trialEndsAt: null, graceEndsAt: grace }, now)).toEqual({
      readOnly: false,
      reason: null,
      trialing: false,
      inGrace: true,
    });
    expect(billingAccess({ status: 'past_due', trialEndsAt: null, graceEndsAt: grace }, inDays(6))).toEqual({
      readOnly: true,
      reason: 'payment_failed',
      trialing: false,
      inGrace: false,
    });
  });

  it('makes a canceled subscription read-only and an active plan writable, whatever the trial date', () => {
    expect(billingAccess({ status: 'canceled', trialEndsAt: inDays(5), graceEndsAt: null }, now)).toMatchObject({ readOnly: true, reason: 'canceled' });
    expect(billingAccess({ status: 'active', trialEndsAt: inDays(-30), graceEndsAt: null }, now)).toEqual({
      readOnly: false,
      reason: null,
      trialing: false,
      inGrace: false,
    });
  });

  it('says why, that nothing is lost, and points to /pricing', () => {
    expect(readOnlyMessage('trial_ended')).toBe(
      'Your free trial has ended, so your company is read-only. Everything stays visible and exportable, and nothing has been deleted. Choose a plan on /pricing to keep working.',
    );
    expect(readOnlyMessage('payment_failed')).toMatch(/^Your last payment failed and the grace period is over, .*\/pricing/);
    expect(readOnlyMessage('canceled')).toMatch(/^Your subscription has ended, .*\/pricing/);
  });
});

describe('trial arithmetic', () => {
  it('counts whole days left, rounded up, and 0 once ended', () => {
    expect(trialDaysLeft(inDays(14), now)).toBe(14);
    expect(trialDaysLeft(inDays(13.01), now)).toBe(14);
    expect(trialDaysLeft(inDays(3), now)).toBe(3);
    expect(trialDaysLeft(new Date(now.getTime() + 60_000), now)).toBe(1);
    expect(trialDaysLeft(now, now)).toBe(0);
    expect(trialDaysLeft(inDays(-2), now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBe(0);
    expect(trialDaysLeft(inDays(2).toISOString(), now)).toBe(2);
  });

  it('reminds 3 days and 1 day before the end', () => {
    expect([...TRIAL_REMINDER_DAYS]).toEqual([3, 1]);
  });
});

describe('plan moves and prices', () => {
  it('calls a move to more active files an upgrade', () => {
    expect(isUpgrade('starter', 'professional')).toBe(true);
    expect(isUpgrade('professional', 'enterprise')).toBe(true);
    expect(isUpgrade('business', 'starter')).toBe(false);
    expect(isUpgrade('business', 'business')).toBe(false);
  });

  it('prices plans in cents', () => {
    expect(PLAN_IDS.map((id) => planPriceCents(planById(id).id))).toEqual([19_900, 39_900, 59_900, 99_900]);
  });

  it('adds a month on the same day, clamped to the end of a shorter month', () => {
    expect(addOneMonth(new Date('2026-11-23T12:00:00Z'))).toEqual(new Date('2026-12-23T12:00:00Z'));
    expect(addOneMonth(new Date('2026-12-15T00:00:00Z'))).toEqual(new Date('2027-01-15T00:00:00Z'));
    expect(addOneMonth(new Date('2026-01-31T08:00:00Z'))).toEqual(new Date('2026-02-28T08:00:00Z'));
    expect(addOneMonth(new Date('2028-01-31T08:00:00Z'))).toEqual(new Date('2028-02-29T08:00:00Z'));
  });
});

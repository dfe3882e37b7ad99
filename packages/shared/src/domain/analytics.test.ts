import { describe, expect, it } from 'vitest';
import { analyticsFilterFormSchema, analyticsQuerySchema } from '../contracts/analytics';
import { analyticsRange, approvalPercent, daysBefore, daysBetween } from './analytics';

describe('the analytics range', () => {
  it('defaults to the 365 days up to today, or up to the end asked for', () => {
    expect(analyticsRange({}, '2026-11-27')).toEqual({ from: '2025-11-27', to: '2026-11-27' });
    expect(analyticsRange({ to: '2026-03-01' }, '2026-11-27')).toEqual({ from: '2025-03-01', to: '2026-03-01' });
    expect(analyticsRange({ from: '2026-01-01' }, '2026-11-27')).toEqual({ from: '2026-01-01', to: '2026-11-27' });
  });

  it('counts calendar days across a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBefore('2028-03-01', 2)).toBe('2028-02-28');
  });

  it('refuses a range that ends before it starts or covers more than three years', () => {
    expect(analyticsQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-31' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: '2023-01-01', to: '2025-12-31' }).success).toBe(true);
    expect(analyticsQuerySchema.safeParse({ from: '2023-01-01', to: '2026-01-01' }).success).toBe(false);
  });

  it('reads the form: empty fields are "every", the rest checked as the request', () => {
    expect(analyticsFilterFormSchema.parse({ from: '', to: '2026-06-30', memberId: '', carrierId: '', lossType: 'hail' })).toEqual({
      to: '2026-06-30',
      lossType: 'hail',
    });
    expect(analyticsFilterFormSchema.safeParse({ from: '', to: '', memberId: '', carrierId: 'acme', lossType: '' }).success).toBe(false);
  });
});

describe('the approval percent', () => {
  it('is approved out of decided, rounded, and 0 with nothing decided', () => {
    expect(approvalPercent(1, 2)).toBe(33);
    expect(approvalPercent(2, 1)).toBe(67);
    expect(approvalPercent(0, 0)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { formatCashAmount, formatDeductionUsdCents, formatUsdCents, lineTotalCents, percentOfCents } from './money';

describe('formatCashAmount', () => {
  it('writes cents as dollars with up to 2 decimals and no trailing zeros', () => {
    expect(formatCashAmount(12345)).toBe('123.45');
    expect(formatCashAmount(12350)).toBe('123.5');
    expect(formatCashAmount(12300)).toBe('123');
    expect(formatCashAmount(0)).toBe('0');
    expect(formatCashAmount(1)).toBe('0.01');
    expect(formatCashAmount(10)).toBe('0.1');
    expect(formatCashAmount(100)).toBe('1');
    expect(formatCashAmount(10000)).toBe('100');
    expect(formatCashAmount(123456789)).toBe('1234567.89');
  });

  it('rounds a fraction of a cent up to the next cent', () => {
    expect(formatCashAmount(1234.5)).toBe('12.35');
    expect(formatCashAmount(1234.01)).toBe('12.35');
    expect(formatCashAmount(0.2)).toBe('0.01');
  });

  it('does not count float noise as a cent more', () => {
    expect(formatCashAmount(1234.0000000001)).toBe('12.34');
    expect(formatCashAmount(0.1 * 3 * 100)).toBe('0.3');
  });
});

describe('formatDeductionUsdCents', () => {
  it('writes an amount taken off with its minus, and a zero as $0.00, never -$0.00', () => {
    expect(formatDeductionUsdCents(0)).toBe('$0.00');
    expect(formatDeductionUsdCents(57_656)).toBe('-$576.56');
  });
});

describe('formatUsdCents', () => {
  it('shows dollars with the sign, thousands and 2 decimals', () => {
    expect(formatUsdCents(123456)).toBe('$1,234.56');
    expect(formatUsdCents(0)).toBe('$0.00');
    expect(formatUsdCents(5)).toBe('$0.05');
  });
});

describe('percentOfCents', () => {
  it('takes basis points (1% = 100) of cents, to the nearest cent', () => {
    expect(percentOfCents(100_000, 1_000)).toBe(10_000);
    expect(percentOfCents(100_833, 1_000)).toBe(10_083);
    expect(percentOfCents(5, 1_000)).toBe(1);
    expect(percentOfCents(4, 1_000)).toBe(0);
    expect(percentOfCents(120_999, 2_500)).toBe(30_250);
    expect(percentOfCents(12_345, 0)).toBe(0);
    expect(percentOfCents(12_345, 10_000)).toBe(12_345);
  });
});

describe('lineTotalCents', () => {
  it('multiplies a quantity (2 decimals) by a unit price in cents, to the nearest cent', () => {
    expect(lineTotalCents(25.61, 28_500)).toBe(729_885);
    expect(lineTotalCents(2.5, 333)).toBe(833);
    expect(lineTotalCents(2.49, 333)).toBe(829);
    expect(lineTotalCents(0.01, 49)).toBe(0);
    expect(lineTotalCents(0.01, 50)).toBe(1);
    expect(lineTotalCents(0, 28_500)).toBe(0);
  });

  it('is not thrown off by binary fractions (0.29 x 100 = 28.999999999999996)', () => {
    expect(lineTotalCents(0.29, 100)).toBe(29);
    expect(lineTotalCents(1.15, 10_000)).toBe(11_500);
    expect(Number.isInteger(lineTotalCents(7.8, 17_499))).toBe(true);
  });
});

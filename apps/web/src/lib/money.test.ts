import { describe, expect, it } from 'vitest';
import { formatCents, parseDollars } from './money';

describe('money', () => {
  it('formats cents as dollars', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(null)).toBe('—');
  });

  it('parses typed dollars into cents', () => {
    expect(parseDollars('1,234.5')).toBe(123450);
    expect(parseDollars('$980')).toBe(98000);
    expect(parseDollars('  ')).toBeNull();
    expect(parseDollars('12.345')).toBeUndefined();
    expect(parseDollars('abc')).toBeUndefined();
  });
});

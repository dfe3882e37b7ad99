import { describe, expect, it } from 'vitest';
import { axisLabel, valueTicks } from './value-axis';

const labels = (max: number, kind: Parameters<typeof valueTicks>[1], maxTicks: number) => valueTicks(max, kind, maxTicks).map((tick) => axisLabel(kind, tick));

describe('the value axis of a chart', () => {
  it('has even ticks, each labeled, none skipped: the pipeline of $18,400 + $10,000 + $3,200 (largest $31,600)', () => {
    // recharts drew $0.00, $8,000.00, $16,000.00, $32,000.00 (the $24,000.00 dropped).
    expect(labels(3_160_000, 'money', 4)).toEqual(['$0', '$20,000', '$40,000']);
    expect(labels(3_160_000, 'money', 6)).toEqual(['$0', '$10,000', '$20,000', '$30,000', '$40,000']);
    for (const [max, maxTicks] of [
      [3_160_000, 5],
      [123_456, 4],
      [987_654_321, 6],
      [1, 4],
      [50_000, 6],
    ] as const) {
      const ticks = valueTicks(max, 'money', maxTicks);
      expect(ticks[0]).toBe(0);
      expect(ticks.length).toBeLessThanOrEqual(maxTicks);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      const step = (ticks[1] ?? 0) - (ticks[0] ?? 0);
      expect(ticks.every((tick, i) => tick === i * step)).toBe(true);
      // Whole dollars.
      expect(ticks.every((tick) => tick % 100 === 0)).toBe(true);
    }
  });

  it('labels money in whole dollars, percents and counts as they are', () => {
    expect(axisLabel('money', 2_400_000)).toBe('$24,000');
    expect(axisLabel('money', 0)).toBe('$0');
    expect(labels(100, 'percent', 5)).toEqual(['0%', '25%', '50%', '75%', '100%']);
    expect(labels(100, 'percent', 4)).toEqual(['0%', '50%', '100%']);
    // Every rate 0%: still the whole scale.
    expect(labels(0, 'percent', 4)).toEqual(['0%', '50%', '100%']);
    expect(labels(7, 'count', 6)).toEqual(['0', '2', '4', '6', '8']);
    expect(labels(3, 'count', 6)).toEqual(['0', '1', '2', '3']);
  });

  it('draws one step when every value is zero, and never a fraction of the smallest unit', () => {
    expect(valueTicks(0, 'money', 4)).toEqual([0, 100]);
    expect(valueTicks(0, 'count', 4)).toEqual([0, 1]);
    // 2.5 would give 0, 2.5, 5, 7.5: counts step by 2 or 5 instead.
    expect(valueTicks(9, 'count', 5)).toEqual([0, 5, 10]);
    expect(valueTicks(1_234, 'count', 6)).toEqual([0, 250, 500, 750, 1000, 1250]);
  });
});

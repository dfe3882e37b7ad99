// The value axis of the analytics charts: even ticks (a round step, every tick drawn and labeled)
// from zero to the first tick at or above the largest value. recharts' own ticks dropped a label
// that did not fit ($0.00, $8,000.00, $16,000.00, $32,000.00): these are few enough to fit, and a
// money axis is labeled in whole dollars.

/** What a chart's values are: cents (labeled in whole dollars), percents or plain counts (days, photos). */
export type AxisKind = 'money' | 'percent' | 'count';

/** The round steps tried, times a power of ten. */
const STEPS = [1, 2, 2.5, 5, 10] as const;

/** The smallest step of each kind: a whole dollar (100 cents), one percent, one. */
const MIN_STEP: Record<AxisKind, number> = { money: 100, percent: 1, count: 1 };

/**
 * The ticks from 0 to cover `max`, at most `maxTicks` of them (2 or more), evenly `step` apart, the
 * step a round number (1, 2, 2.5 or 5 times a power of ten, never below the kind's smallest step; a
 * step of 2.5 only where its ticks stay whole units). A percent axis covers 0% to 100% at least.
 */
export function valueTicks(max: number, kind: AxisKind, maxTicks: number): number[] {
  const minStep = MIN_STEP[kind];
  // A percent axis always runs to 100%: a rate of 0% reads as none out of all.
  const top = kind === 'percent' ? Math.max(max, 100) : Math.max(max, 0);
  const intervals = Math.max(1, Math.floor(maxTicks) - 1);
  const raw = Math.max(top / intervals, minStep);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  let step = minStep;
  for (const factor of STEPS) {
    const candidate = factor * magnitude;
    if (candidate < raw) continue;
    if (!Number.isInteger(candidate / minStep)) continue;
    step = candidate;
    break;
  }
  if (step < raw) step = 10 * magnitude;
  const count = Math.max(1, Math.ceil(top / step - 1e-9));
  return Array.from({ length: count + 1 }, (_, i) => Math.round(i * step * 1e6) / 1e6);
}

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** A tick's label: "$24,000" for 2,400,000 cents, "50%", "12". */
export function axisLabel(kind: AxisKind, value: number): string {
  if (kind === 'money') return wholeDollars.format(Math.round(value / 100));
  if (kind === 'percent') return `${value}%`;
  return new Intl.NumberFormat('en-US').format(value);
}

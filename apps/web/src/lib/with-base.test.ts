import { describe, expect, it } from 'vitest';
import { cn } from './cn';
import { withBase } from './with-base';

// withBase must give what cn (tailwind-merge) gives for the bases and callers of the kit pieces that use it.
const CARD = 'rounded-lg border border-slate-200 bg-white p-4';
const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold bg-green-100 text-green-900';
const cases: [string, string | undefined][] = [
  [CARD, undefined],
  [CARD, 'p-0'],
  [CARD, 'flex flex-col gap-1'],
  [CARD, 'border-dashed border-slate-300 bg-slate-50 text-slate-700'],
  [CARD, 'flex flex-col items-start gap-3 border-dashed border-slate-300 p-6'],
  [CARD, 'flex w-full max-w-md flex-col items-center gap-4 p-8 text-center shadow-sm'],
  [CARD, 'px-2'],
  [CARD, 'md:p-2 rounded-none border-0'],
  ['text-lg font-semibold text-slate-900', 'text-slate-700'],
  ['text-lg font-semibold text-slate-900', 'text-sm font-bold'],
  ['mt-1 text-sm text-slate-700', 'mt-0 mx-2'],
  ['px-4 py-2', 'p-0'],
  ['p-4', 'pt-1'],
  [BADGE, 'ml-1'],
  [BADGE, 'ml-2 px-3'],
];

describe('withBase', () => {
  it.each(cases)('merges %s with %s as tailwind-merge does', (base, className) => {
    expect(withBase(base, className)).toBe(cn(base, className));
  });
});

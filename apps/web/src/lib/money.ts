import { formatUsdCents } from '@ridgeline/shared/domain/money';

// Money travels as integer cents; people read and type dollars.

/** "$1,234.56" for 123456 cents; an em dash when there is no amount. */
export function formatCents(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '—' : formatUsdCents(cents);
}

/** Cents from typed dollars ("1,234.5", "$980"): null when empty, undefined when it is not an amount. */
export function parseDollars(text: string): number | null | undefined {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}

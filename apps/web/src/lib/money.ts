// Money travels as integer cents; people read and type dollars.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.56" for 123456 cents; an em dash when there is no amount. */
export function formatCents(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '—' : usd.format(cents / 100);
}

/** Cents from typed dollars ("1,234.5", "$980"): null when empty, undefined when it is not an amount. */
export function parseDollars(text: string): number | null | undefined {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}

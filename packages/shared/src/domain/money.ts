// Money travels and is stored as integer cents; people read dollars.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.56" for 123456 cents. */
export function formatUsdCents(cents: number): string {
  return usd.format(cents / 100);
}

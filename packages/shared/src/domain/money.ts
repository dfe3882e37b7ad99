// Money travels and is stored as integer cents; people read dollars.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.56" for 123456 cents. */
export function formatUsdCents(cents: number): string {
  return usd.format(cents / 100);
}

/**
 * An amount taken off a total (depreciation off the RCV): "-$1,234.50", and a zero as "$0.00", never
 * "-$0.00" (nothing is taken off).
 */
export function formatDeductionUsdCents(cents: number): string {
  return cents === 0 ? formatUsdCents(0) : `-${formatUsdCents(Math.abs(cents))}`;
}

/**
 * The cash-amount helper: cents divided by 100, rounded up to a whole cent, written with up to 2
 * decimals and no trailing zeros (12345 -> "123.45", 12350 -> "123.5", 12300 -> "123", 1234.5 -> "12.35").
 */
export function formatCashAmount(cents: number): string {
  // Fractions of a cent left by float arithmetic (1234.0000000001) are not a cent more.
  const whole = Math.ceil(Math.round(cents * 1e6) / 1e6);
  const text = (whole / 100).toFixed(2);
  return text.replace(/\.?0+$/, '') || '0';
}

/** `basisPoints` (1% = 100) of an amount in cents, to the nearest cent. */
export function percentOfCents(cents: number, basisPoints: number): number {
  return Math.round((cents * basisPoints) / 10_000);
}

/** A quantity (kept to 2 decimals) times a unit price in cents, to the nearest cent. */
export function lineTotalCents(quantity: number, unitPriceCents: number): number {
  const hundredths = Math.round(quantity * 100);
  return Math.round((hundredths * unitPriceCents) / 100);
}

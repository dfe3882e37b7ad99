// Lengths on the roof are read off a tape in inches and fractions, or off a metric tape in
// millimeters. One parser reads every way a roofer types them, and one formatter writes them back,
// so "5 5/8", "5-5/8", "5.625" and "143 mm" are the same 5-5/8 in everywhere.

/** Every length is kept to the nearest 1/16 inch, the finest mark of a roofer's tape. */
export const SIXTEENTHS_PER_INCH = 16;
export const MM_PER_INCH = 25.4;

export type ParsedLength = { ok: true; inches: number } | { ok: false; message: string };

/** Rounds inches to the nearest 1/16. */
export function toSixteenth(inches: number): number {
  return Math.round(inches * SIXTEENTHS_PER_INCH) / SIXTEENTHS_PER_INCH;
}

const UNIT_MM = /^(.*?)\s*(mm|millimeters?)$/i;
const UNIT_CM = /^(.*?)\s*(cm|centimeters?)$/i;
const UNIT_IN = /^(.*?)\s*("|”|''|in\.?|inch(es)?)$/i;
const DECIMAL = /^\d+(\.\d+)?$|^\.\d+$/;
const FRACTION = /^(\d+)\/(\d+)$/;
// 5 5/8, 5-5/8, 5 - 5/8
const MIXED = /^(\d+)\s*(?:-|\s)\s*(\d+)\/(\d+)$/;

const NOT_A_LENGTH = 'Enter a length like 5 5/8, 5-5/8, 5.625 or 143 mm';

/**
 * Reads a typed length: whole and fractional inches ("39 3/8", "39-3/8", "3/8"), decimal inches
 * ("5.625"), millimeters ("143 mm") or centimeters ("14.3 cm"), with an optional inch mark. The
 * answer is in inches rounded to 1/16.
 */
export function parseLength(text: string): ParsedLength {
  let rest = text.trim().replace(/,/g, '.');
  if (rest === '') return { ok: false, message: 'Enter a length' };
  let factor = 1;
  const mm = UNIT_MM.exec(rest);
  const cm = UNIT_CM.exec(rest);
  const inch = UNIT_IN.exec(rest);
  if (mm) {
    rest = mm[1] ?? '';
    factor = 1 / MM_PER_INCH;
  } else if (cm) {
    rest = cm[1] ?? '';
    factor = 10 / MM_PER_INCH;
  } else if (inch) {
    rest = inch[1] ?? '';
  }
  rest = rest.trim();
  let value: number | null = null;
  if (DECIMAL.test(rest)) value = Number(rest);
  else if (factor === 1) {
    const mixed = MIXED.exec(rest);
    const fraction = FRACTION.exec(rest);
    if (mixed) value = fractionValue(Number(mixed[1]), Number(mixed[2]), Number(mixed[3]));
    else if (fraction) value = fractionValue(0, Number(fraction[1]), Number(fraction[2]));
  }
  if (value === null || !Number.isFinite(value)) return { ok: false, message: NOT_A_LENGTH };
  const inches = toSixteenth(value * factor);
  if (inches <= 0) return { ok: false, message: 'A length is more than zero' };
  return { ok: true, inches };
}

function fractionValue(whole: number, numerator: number, denominator: number): number | null {
  if (denominator === 0 || numerator >= denominator) return null;
  return whole + numerator / denominator;
}

/** Writes inches as a roofer reads them: 39-3/8, 5, 13-1/4 (to 1/16, the fraction reduced). */
export function formatInches(inches: number): string {
  const sixteenths = Math.round(inches * SIXTEENTHS_PER_INCH);
  const whole = Math.floor(sixteenths / SIXTEENTHS_PER_INCH);
  let numerator = sixteenths % SIXTEENTHS_PER_INCH;
  let denominator = SIXTEENTHS_PER_INCH;
  while (numerator > 0 && numerator % 2 === 0) {
    numerator /= 2;
    denominator /= 2;
  }
  if (numerator === 0) return String(whole);
  return whole === 0 ? `${numerator}/${denominator}` : `${whole}-${numerator}/${denominator}`;
}

/** Whether a number of inches sits on a 1/16 mark (what the API accepts). */
export function isSixteenth(inches: number): boolean {
  return Math.abs(inches * SIXTEENTHS_PER_INCH - Math.round(inches * SIXTEENTHS_PER_INCH)) < 1e-9;
}

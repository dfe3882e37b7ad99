import { lineTotalCents, percentOfCents } from './money';
import { measureRoof, roundTo, type LinearFeet, type RoofMeasurementResult, type StructureMeasurementInput } from './roof-measurements';

// An estimate: line items computed from the roof's measurements by named formulas, priced from the
// company's price list, then edited by hand. Money is integer cents throughout; quantities keep 2
// decimals; percentages are basis points (1% = 100).
//
// Formulas (summed over the structures):
// - shingles = squares x (1 + waste)                   (SQ)
// - starter = eave + rake                              (LF)
// - drip edge = eave + rake                            (LF)
// - ridge cap = ridge + hip                            (LF)
// - ice and water barrier = eave x 6 ft + valley x 3 ft, in squares (SQ)
// - underlayment = squares                             (SQ)
// - step flashing, headwall (counter) flashing         (LF)
// - steep charges: squares of the facets at 7-9/12, 10-12/12 and over 12/12 (SQ each)
// - high charge: squares of the structures with two stories or more (SQ)
// - tear-off: squares x layers                         (SQ)
//
// Totals: line items add up to the subtotal; O&P, when switched on, is 10% overhead + 10% profit of
// the subtotal; RCV = subtotal + O&P; depreciation is per line (each line's share, O&P not
// depreciated) or one overall percentage of RCV; ACV = RCV - depreciation.

export const PRICE_CODES = [
  'shingles',
  'starter',
  'drip_edge',
  'ridge_cap',
  'ice_water',
  'underlayment',
  'step_flashing',
  'headwall',
  'steep_7_9',
  'steep_10_12',
  'steep_over_12',
  'high_charge',
  'tear_off',
] as const;
export type PriceCode = (typeof PRICE_CODES)[number];

export type PriceListEntry = { code: PriceCode | null; description: string; unit: string; unitPriceCents: number };

/** The price list a company starts with (typical 2026 US residential prices; every company edits them). */
export const DEFAULT_PRICE_LIST: readonly (PriceListEntry & { code: PriceCode })[] = [
  { code: 'shingles', description: 'Laminated comp. shingle roofing, w/ felt', unit: 'SQ', unitPriceCents: 28_500 },
  { code: 'starter', description: 'Asphalt starter, universal starter course', unit: 'LF', unitPriceCents: 225 },
  { code: 'drip_edge', description: 'Drip edge', unit: 'LF', unitPriceCents: 310 },
  { code: 'ridge_cap', description: 'Hip / ridge cap, standard profile comp. shingles', unit: 'LF', unitPriceCents: 595 },
  { code: 'ice_water', description: 'Ice & water barrier', unit: 'SQ', unitPriceCents: 17_500 },
  { code: 'underlayment', description: 'Roofing felt, synthetic underlayment', unit: 'SQ', unitPriceCents: 4_200 },
  { code: 'step_flashing', description: 'Step flashing', unit: 'LF', unitPriceCents: 1_050 },
  { code: 'headwall', description: 'Counterflashing, apron flashing (headwall)', unit: 'LF', unitPriceCents: 1_275 },
  { code: 'steep_7_9', description: 'Additional charge for steep roof, 7/12 to 9/12 slope', unit: 'SQ', unitPriceCents: 6_800 },
  { code: 'steep_10_12', description: 'Additional charge for steep roof, 10/12 to 12/12 slope', unit: 'SQ', unitPriceCents: 10_400 },
  { code: 'steep_over_12', description: 'Additional charge for steep roof, greater than 12/12 slope', unit: 'SQ', unitPriceCents: 13_500 },
  { code: 'high_charge', description: 'Additional charge for high roof (2 stories or greater)', unit: 'SQ', unitPriceCents: 4_800 },
  { code: 'tear_off', description: 'Remove laminated comp. shingle roofing, per layer', unit: 'SQ', unitPriceCents: 7_400 },
];

/** One line of an estimate. `basis` says which measurement the quantity came from. */
export type EstimateLineInput = {
  id: string;
  code: PriceCode | null;
  description: string;
  quantity: number;
  unit: string;
  unitPriceCents: number;
  /** Depreciation of this line (used when depreciation is per line), basis points. */
  depreciationBp: number;
  source: 'formula' | 'manual';
  basis: string | null;
};

export type FormulaQuantity = { code: PriceCode; quantity: number; basis: string };

const feet = (n: number) => `${roundTo(n, 2)} LF`;
const sq = (n: number) => `${roundTo(n, 2)} SQ`;

/** The quantity of every formula, with the measurement behind it; a formula whose quantity is 0 is left out. */
export function formulaQuantities(structures: readonly StructureMeasurementInput[]): FormulaQuantity[] {
  const roof: RoofMeasurementResult = measureRoof(structures);
  const l: LinearFeet = roof.linear;
  const sum = (pick: (s: RoofMeasurementResult['structures'][number]) => number) => roundTo(roof.structures.reduce((n, s) => n + pick(s), 0), 2);
  const iceWater = roundTo((l.eave * 6 + l.valley * 3) / 100, 2);
  const highSquares = sum((s) => (s.stories >= 2 ? s.squares : 0));
  const tearOff = sum((s) => s.squares * s.layers);
  const wasteNote = roof.structures.map((s) => `${s.wastePct}%`).filter((w, i, all) => all.indexOf(w) === i).join(' / ');
  const all: FormulaQuantity[] = [
    { code: 'shingles', quantity: roof.orderSquares, basis: `${sq(roof.squares)} + ${wasteNote || '0%'} waste` },
    { code: 'starter', quantity: roundTo(l.eave + l.rake, 2), basis: `Eave ${feet(l.eave)} + rake ${feet(l.rake)}` },
    { code: 'drip_edge', quantity: roundTo(l.eave + l.rake, 2), basis: `Eave ${feet(l.eave)} + rake ${feet(l.rake)}` },
    { code: 'ridge_cap', quantity: roundTo(l.ridge + l.hip, 2), basis: `Ridge ${feet(l.ridge)} + hip ${feet(l.hip)}` },
    { code: 'ice_water', quantity: iceWater, basis: `Eave ${feet(l.eave)} x 6 ft + valley ${feet(l.valley)} x 3 ft` },
    { code: 'underlayment', quantity: roof.squares, basis: `Roof area ${sq(roof.squares)}` },
    { code: 'step_flashing', quantity: l.stepFlashing, basis: `Step flashing ${feet(l.stepFlashing)}` },
    { code: 'headwall', quantity: l.headwall, basis: `Headwall ${feet(l.headwall)}` },
    { code: 'steep_7_9', quantity: sum((s) => s.squaresByTier.steep_7_9), basis: `Facets at 7/12 to 9/12: ${sq(sum((s) => s.squaresByTier.steep_7_9))}` },
    { code: 'steep_10_12', quantity: sum((s) => s.squaresByTier.steep_10_12), basis: `Facets at 10/12 to 12/12: ${sq(sum((s) => s.squaresByTier.steep_10_12))}` },
    { code: 'steep_over_12', quantity: sum((s) => s.squaresByTier.steep_over_12), basis: `Facets over 12/12: ${sq(sum((s) => s.squaresByTier.steep_over_12))}` },
    { code: 'high_charge', quantity: highSquares, basis: `Structures of 2 stories or more: ${sq(highSquares)}` },
    { code: 'tear_off', quantity: tearOff, basis: `${sq(roof.squares)} x layers` },
  ];
  return all.filter((f) => f.quantity > 0);
}

/** Formula lines priced from the price list (a code missing from the list is priced from the defaults). */
export function buildEstimateLines(
  structures: readonly StructureMeasurementInput[],
  priceList: readonly PriceListEntry[],
  newId: () => string,
): EstimateLineInput[] {
  return formulaQuantities(structures).map(({ code, quantity, basis }) => {
    const price = priceList.find((p) => p.code === code) ?? DEFAULT_PRICE_LIST.find((p) => p.code === code);
    return {
      id: newId(),
      code,
      description: price?.description ?? code,
      quantity,
      unit: price?.unit ?? '',
      unitPriceCents: price?.unitPriceCents ?? 0,
      depreciationBp: 0,
      source: 'formula',
      basis,
    };
  });
}

export type EstimateSettings = {
  depreciationMode: 'line' | 'overall';
  /** Overall depreciation, basis points of RCV (used when the mode is 'overall'). */
  overallDepreciationBp: number;
  opEnabled: boolean;
};

export type EstimateTotals = {
  subtotalCents: number;
  overheadCents: number;
  profitCents: number;
  rcvCents: number;
  depreciationCents: number;
  acvCents: number;
};

/** O&P rates: 10% overhead and 10% profit. */
export const OVERHEAD_BP = 1_000;
export const PROFIT_BP = 1_000;

/** The most lines an estimate holds. */
export const MAX_ESTIMATE_LINES = 300;

/**
 * The most an estimate may total (RCV: the lines with overhead and profit): $50,000,000, whatever its
 * lines. Under it every figure is exact integer arithmetic far below 2^53 (a line's hundredths of a
 * unit times its price are at most 100 x the total, 5e11; a percentage of the total at most 10,000 x it,
 * 5e13), and every proposal made from it can be signed: its best option, 128% of the total, stays
 * within a proposal option's $100,000,000.
 */
export const MAX_ESTIMATE_CENTS = 5_000_000_000;

/** Each line's total in cents. */
export function lineTotal(line: Pick<EstimateLineInput, 'quantity' | 'unitPriceCents'>): number {
  return lineTotalCents(line.quantity, line.unitPriceCents);
}

/** Subtotal, O&P, RCV, depreciation and ACV of an estimate. */
export function estimateTotals(lines: readonly Pick<EstimateLineInput, 'quantity' | 'unitPriceCents' | 'depreciationBp'>[], settings: EstimateSettings): EstimateTotals {
  const subtotalCents = lines.reduce((n, line) => n + lineTotal(line), 0);
  const overheadCents = settings.opEnabled ? percentOfCents(subtotalCents, OVERHEAD_BP) : 0;
  const profitCents = settings.opEnabled ? percentOfCents(subtotalCents, PROFIT_BP) : 0;
  const rcvCents = subtotalCents + overheadCents + profitCents;
  const depreciationCents =
    settings.depreciationMode === 'overall'
      ? percentOfCents(rcvCents, settings.overallDepreciationBp)
      : lines.reduce((n, line) => n + percentOfCents(lineTotal(line), line.depreciationBp), 0);
  return { subtotalCents, overheadCents, profitCents, rcvCents, depreciationCents, acvCents: rcvCents - depreciationCents };
}

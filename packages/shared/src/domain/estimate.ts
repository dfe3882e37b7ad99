import { lineTotalCents, percentOfCents } from './money';
import { EAVES_ICE_BARRIER, VALLEY_LINING_FT, type IceBarrierPolicy } from './ice-barrier';
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
// - ice and water barrier = eave x the company's width (only where its jurisdiction requires the
//   barrier at the eaves) + valley x 3 ft, in squares (SQ)
// - underlayment = squares - ice and water barrier    (SQ): one underlayment per area
// - step flashing, headwall (counter) flashing         (LF)
// - pipe jack flashing, roof vents: the counts on the roof (EA)
// - steep charges: squares of the facets at 7-9/12, 10-12/12 and over 12/12 (SQ each)
// - high charge: squares of the structures with two stories or more (SQ)
// - tear-off: squares x layers                         (SQ)
// - dumpster: one 20-yard, 4-ton load per 20 squares of tear-off, rounded up (EA): a square of
//   laminated shingles torn off weighs about 400 lb with its felt and nails
// - permit: one for the roof replacement               (EA)
// - beyond the roof, each only on a structure where its damage was photographed, and tied to those
//   photos (see DAMAGE_KINDS): gutters (its eave feet, LF), siding (the area measured, SF), windows,
//   window screens and A/C condenser fins (counted, EA); a vent photographed supports the roof vents
//
// Underlayment is its own line, so the shingle line never includes felt: a shingle item described
// "w/ felt" prices the line as "w/out felt" (felt counted once).
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
  'pipe_jack',
  'roof_vent',
  'dumpster',
  'permit',
  'gutters',
  'siding',
  'window_glass',
  'window_screen',
  'ac_fins',
] as const;
export type PriceCode = (typeof PRICE_CODES)[number];

export type PriceListEntry = { code: PriceCode | null; description: string; unit: string; unitPriceCents: number };

/**
 * The price list a company starts with: Xactimate-style descriptions at typical 2026 US residential
 * prices. They are defaults: every company edits them in its price list.
 */
export const DEFAULT_PRICE_LIST: readonly (PriceListEntry & { code: PriceCode })[] = [
  { code: 'shingles', description: 'Laminated - comp. shingle rfg. - w/out felt', unit: 'SQ', unitPriceCents: 26_500 },
  { code: 'starter', description: 'Asphalt starter - universal starter course', unit: 'LF', unitPriceCents: 225 },
  { code: 'drip_edge', description: 'Drip edge', unit: 'LF', unitPriceCents: 310 },
  { code: 'ridge_cap', description: 'Hip / Ridge cap - Standard profile - composition shingles', unit: 'LF', unitPriceCents: 595 },
  { code: 'ice_water', description: 'Ice & water barrier', unit: 'SQ', unitPriceCents: 17_500 },
  { code: 'underlayment', description: 'Roofing felt - synthetic underlayment', unit: 'SQ', unitPriceCents: 4_200 },
  { code: 'step_flashing', description: 'Step flashing', unit: 'LF', unitPriceCents: 1_050 },
  { code: 'headwall', description: 'Counterflashing - Apron flashing', unit: 'LF', unitPriceCents: 1_275 },
  { code: 'steep_7_9', description: 'Additional charge for steep roof - 7/12 - 9/12 slope', unit: 'SQ', unitPriceCents: 6_800 },
  { code: 'steep_10_12', description: 'Additional charge for steep roof - 10/12 - 12/12 slope', unit: 'SQ', unitPriceCents: 10_400 },
  { code: 'steep_over_12', description: 'Additional charge for steep roof greater than 12/12 slope', unit: 'SQ', unitPriceCents: 13_500 },
  { code: 'high_charge', description: 'Additional charge for high roof (2 stories or greater)', unit: 'SQ', unitPriceCents: 4_800 },
  { code: 'tear_off', description: 'Remove Laminated - comp. shingle rfg. - w/out felt', unit: 'SQ', unitPriceCents: 7_400 },
  { code: 'pipe_jack', description: 'Flashing - pipe jack', unit: 'EA', unitPriceCents: 5_800 },
  { code: 'roof_vent', description: 'Roof vent - turtle type - Metal', unit: 'EA', unitPriceCents: 7_250 },
  { code: 'dumpster', description: 'Dumpster load - Approx. 20 yards, 4 tons of debris', unit: 'EA', unitPriceCents: 58_500 },
  { code: 'permit', description: 'Permit', unit: 'EA', unitPriceCents: 35_000 },
  { code: 'gutters', description: 'R&R Gutter / downspout - aluminum - up to 5"', unit: 'LF', unitPriceCents: 1_125 },
  { code: 'siding', description: 'R&R Siding - vinyl', unit: 'SF', unitPriceCents: 685 },
  { code: 'window_glass', description: 'Reglaze window - double pane, up to 16 SF', unit: 'EA', unitPriceCents: 32_500 },
  { code: 'window_screen', description: 'R&R Window screen, 1 - 9 SF', unit: 'EA', unitPriceCents: 5_400 },
  { code: 'ac_fins', description: 'Comb and straighten a/c condenser fins', unit: 'EA', unitPriceCents: 9_500 },
];

/**
 * The defaults as earlier versions of the product shipped them. A company's saved item that is still
 * exactly one of these (code, description, unit and price) was never edited: it is read as today's
 * default for its code (`pricedList`).
 */
const RETIRED_DEFAULTS: readonly (PriceListEntry & { code: PriceCode })[] = [
  { code: 'shingles', description: 'Laminated comp. shingle roofing, w/ felt', unit: 'SQ', unitPriceCents: 28_500 },
  { code: 'starter', description: 'Asphalt starter, universal starter course', unit: 'LF', unitPriceCents: 225 },
  { code: 'ridge_cap', description: 'Hip / ridge cap, standard profile comp. shingles', unit: 'LF', unitPriceCents: 595 },
  { code: 'underlayment', description: 'Roofing felt, synthetic underlayment', unit: 'SQ', unitPriceCents: 4_200 },
  { code: 'headwall', description: 'Counterflashing, apron flashing (headwall)', unit: 'LF', unitPriceCents: 1_275 },
  { code: 'steep_7_9', description: 'Additional charge for steep roof, 7/12 to 9/12 slope', unit: 'SQ', unitPriceCents: 6_800 },
  { code: 'steep_10_12', description: 'Additional charge for steep roof, 10/12 to 12/12 slope', unit: 'SQ', unitPriceCents: 10_400 },
  { code: 'steep_over_12', description: 'Additional charge for steep roof, greater than 12/12 slope', unit: 'SQ', unitPriceCents: 13_500 },
  { code: 'tear_off', description: 'Remove laminated comp. shingle roofing, per layer', unit: 'SQ', unitPriceCents: 7_400 },
];

const sameEntry = (a: PriceListEntry, b: PriceListEntry) =>
  a.code === b.code && a.description === b.description && a.unit === b.unit && a.unitPriceCents === b.unitPriceCents;

/** Whether an item is its code's default as shipped today (the company has not made the price its own). */
export function isDefaultPrice(item: PriceListEntry): boolean {
  return DEFAULT_PRICE_LIST.some((d) => sameEntry(d, item));
}

/**
 * The list estimates are priced from, given the company's saved items: each saved item as it is
 * (one still exactly as an earlier version shipped its default reads as today's default), then the
 * default of every formula code the saved items do not price. No saved items: the defaults.
 */
export function pricedList(saved: readonly PriceListEntry[]): PriceListEntry[] {
  const items = saved.map((item) => {
    const retired = RETIRED_DEFAULTS.find((r) => sameEntry(r, item));
    const current = retired ? DEFAULT_PRICE_LIST.find((d) => d.code === retired.code) : undefined;
    return current ? { ...current } : { ...item };
  });
  const priced = new Set(items.map((item) => item.code));
  return [...items, ...DEFAULT_PRICE_LIST.filter((d) => !priced.has(d.code)).map((d) => ({ ...d }))];
}

/** A shingle item's description with its felt left out: "w/ felt" becomes "w/out felt", "with felt" "without felt". */
export function shinglesWithoutFelt(description: string): string {
  return description.replace(/\bw\/\s*felt\b/gi, 'w/out felt').replace(/\bwith\s+felt\b/gi, 'without felt');
}

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
  /** The photos that support the line (damage beyond the roof); none for the rest. */
  photoIds?: string[];
};

export type FormulaQuantity = { code: PriceCode; quantity: number; basis: string; photoIds?: readonly string[] };

/**
 * Damage beyond the roof that an estimate prices from photos: each kind is recorded when a photo of it
 * was taken, and priced from the measurement of the structure it was taken of.
 * - gutters: a collateral photo of a gutter or a downspout; the structure's eave feet (LF);
 * - siding: an elevation photo of the siding; the siding area measured (SF);
 * - windows: an elevation photo of the windows; the damaged windows counted (EA);
 * - window screens: a collateral photo of a window screen; the screens counted (EA);
 * - A/C condenser fins: a collateral photo of the A/C unit; the condensers counted (EA);
 * - vents (soft metal): a collateral photo of a vent; it supports the roof-vent line (EA).
 * A photo taken of no structure counts for the session's first structure, as in the shot list.
 */
export const DAMAGE_KINDS = [
  {
    code: 'gutters',
    label: 'Gutter damage',
    shots: [
      ['collateral', 'gutter'],
      ['collateral', 'downspout'],
    ],
    quantity: 'its eave feet',
  },
  { code: 'siding', label: 'Siding damage', shots: [['elevation', 'siding']], quantity: 'the siding area to replace' },
  { code: 'window_glass', label: 'Window damage', shots: [['elevation', 'windows']], quantity: 'the damaged windows' },
  { code: 'window_screen', label: 'Window screen damage', shots: [['collateral', 'window_screen']], quantity: 'the damaged screens' },
  { code: 'ac_fins', label: 'A/C condenser damage', shots: [['collateral', 'ac_unit']], quantity: 'the A/C condensers' },
  { code: 'roof_vent', label: 'Vent damage', shots: [['collateral', 'vent']], quantity: 'the roof vents' },
] as const satisfies readonly { code: PriceCode; label: string; shots: readonly (readonly [string, string])[]; quantity: string }[];
export type DamageCode = (typeof DAMAGE_KINDS)[number]['code'];

/** The photos of one kind of damage on one structure. */
export type DamageRecord = { code: DamageCode; structureId: string; photoIds: readonly string[] };
/** Damage the inspection recorded beyond the roof, by kind and structure. */
export type RecordedDamage = readonly DamageRecord[];
export const NO_RECORDED_DAMAGE: RecordedDamage = [];

/** A 20-yard dumpster load holds 4 tons: about 20 squares of laminated shingles torn off. */
export const DUMPSTER_LOAD_SQUARES = 20;

/** A photo as the damage rules read it. */
export type DamagePhoto = { id: string; category: string; subcategory: string | null; structureId: string | null };

/** The damage the session's photos record, per kind and structure, each with its photos in the order given. */
export function recordedDamage(photos: readonly DamagePhoto[], firstStructureId: string | null): RecordedDamage {
  const records: DamageRecord[] = [];
  for (const kind of DAMAGE_KINDS) {
    const byStructure = new Map<string, string[]>();
    for (const photo of photos) {
      if (!kind.shots.some(([category, subcategory]) => photo.category === category && photo.subcategory === subcategory)) continue;
      const structureId = photo.structureId ?? firstStructureId;
      if (structureId === null) continue;
      const ids = byStructure.get(structureId) ?? [];
      if (!ids.includes(photo.id)) ids.push(photo.id);
      byStructure.set(structureId, ids);
    }
    for (const [structureId, photoIds] of byStructure) records.push({ code: kind.code, structureId, photoIds });
  }
  return records;
}

const feet = (n: number) => `${roundTo(n, 2)} LF`;
const sq = (n: number) => `${roundTo(n, 2)} SQ`;
const count = (n: number | undefined) => (n !== undefined && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const photosNote = (photoIds: readonly string[]) => (photoIds.length === 0 ? '' : ` (${plural(photoIds.length, 'photo')})`);

/**
 * What prices a kind of damage photographed on one structure, from its measurement: its eave feet
 * for the gutters, the siding area, the windows, screens and condensers counted; 0 for a structure
 * the measurement does not hold. Vents are priced by the roof's count, not per structure (null).
 */
function damageAmount(structures: readonly StructureMeasurementInput[], roof: RoofMeasurementResult, code: DamageCode, structureId: string): number | null {
  const index = structures.findIndex((s) => s.structureId === structureId);
  const s = structures[index];
  if (code === 'roof_vent') return null;
  if (!s) return 0;
  switch (code) {
    case 'gutters':
      return roof.structures[index]?.linear.eave ?? 0;
    case 'siding':
      return s.sidingSqFt ?? 0;
    case 'window_glass':
      return count(s.damagedWindows);
    case 'window_screen':
      return count(s.damagedScreens);
    case 'ac_fins':
      return count(s.acCondensers);
  }
}

/**
 * A kind of damage priced from the structures where it was photographed and measured: the sum of
 * their amounts, with their photos (at most MAX_LINE_PHOTOS, the most a line names).
 */
function damageQuantity(
  structures: readonly StructureMeasurementInput[],
  roof: RoofMeasurementResult,
  damage: RecordedDamage,
  code: DamageCode,
): { quantity: number; photoIds: string[] } {
  const amounts = damage
    .filter((d) => d.code === code)
    .map((d) => ({ photoIds: d.photoIds, amount: damageAmount(structures, roof, code, d.structureId) ?? 0 }));
  const priced = amounts.filter((a) => a.amount > 0);
  return {
    quantity: roundTo(
      priced.reduce((n, a) => n + a.amount, 0),
      2,
    ),
    photoIds: priced.flatMap((a) => a.photoIds).slice(0, MAX_LINE_PHOTOS),
  };
}

/** Damage photographed that no line prices yet: its structure's measurement has no quantity for it. */
export type UnpricedDamage = { code: DamageCode; label: string; structureId: string; photoIds: readonly string[]; needs: string };

/** Each kind of damage photographed on a structure whose measurement gives it no quantity (vents aside: the roof's count prices them). */
export function unpricedDamage(structures: readonly StructureMeasurementInput[], damage: RecordedDamage): UnpricedDamage[] {
  const roof = measureRoof(structures);
  return damage
    .filter((d) => {
      const amount = damageAmount(structures, roof, d.code, d.structureId);
      return amount !== null && amount <= 0;
    })
    .map((d) => {
      const kind = DAMAGE_KINDS.find((k) => k.code === d.code);
      return { code: d.code, label: kind?.label ?? d.code, structureId: d.structureId, photoIds: d.photoIds, needs: kind?.quantity ?? '' };
    });
}

/** The ice and water barrier's squares and their basis: the eaves where the jurisdiction requires it, the valleys always. */
function iceWaterQuantity(l: LinearFeet, policy: IceBarrierPolicy): { quantity: number; basis: string } {
  const valley = `${feet(l.valley)} x ${VALLEY_LINING_FT} ft`;
  if (!policy.atEaves) return { quantity: roundTo((l.valley * VALLEY_LINING_FT) / 100, 2), basis: `Valley ${valley}; none at the eaves (not required there)` };
  return {
    quantity: roundTo((l.eave * policy.eaveWidthFt + l.valley * VALLEY_LINING_FT) / 100, 2),
    basis: `Eave ${feet(l.eave)} x ${policy.eaveWidthFt} ft + valley ${valley}`,
  };
}

/**
 * What the formulas read beside the measurements: the damage the inspection photographed, and the
 * company's ice barrier rule (whether its jurisdiction requires the barrier at the eaves, how wide).
 */
export type FormulaInputs = { damage: RecordedDamage; iceBarrier: IceBarrierPolicy };
export const DEFAULT_FORMULA_INPUTS: FormulaInputs = { damage: NO_RECORDED_DAMAGE, iceBarrier: EAVES_ICE_BARRIER };

/** The quantity of every formula, with the measurement behind it; a formula whose quantity is 0 is left out. */
export function formulaQuantities(
  structures: readonly StructureMeasurementInput[],
  { damage, iceBarrier }: FormulaInputs = DEFAULT_FORMULA_INPUTS,
): FormulaQuantity[] {
  const roof: RoofMeasurementResult = measureRoof(structures);
  const l: LinearFeet = roof.linear;
  const sum = (pick: (s: RoofMeasurementResult['structures'][number]) => number) =>
    roundTo(
      roof.structures.reduce((n, s) => n + pick(s), 0),
      2,
    );
  const iceWater = iceWaterQuantity(l, iceBarrier);
  const underlayment = roundTo(Math.max(0, roof.squares - iceWater.quantity), 2);
  const highSquares = sum((s) => (s.stories >= 2 ? s.squares : 0));
  const tearOff = sum((s) => s.squares * s.layers);
  const loads = Math.ceil(tearOff / DUMPSTER_LOAD_SQUARES - 1e-9);
  const pipeJacks = structures.reduce((n, s) => n + count(s.pipeJacks), 0);
  const roofVents = structures.reduce((n, s) => n + count(s.roofVents), 0);
  const gutters = damageQuantity(structures, roof, damage, 'gutters');
  const siding = damageQuantity(structures, roof, damage, 'siding');
  const windows = damageQuantity(structures, roof, damage, 'window_glass');
  const screens = damageQuantity(structures, roof, damage, 'window_screen');
  const condensers = damageQuantity(structures, roof, damage, 'ac_fins');
  const ventPhotos = damage
    .filter((d) => d.code === 'roof_vent')
    .flatMap((d) => d.photoIds)
    .slice(0, MAX_LINE_PHOTOS);
  const wasteNote = roof.structures
    .map((s) => `${s.wastePct}%`)
    .filter((w, i, all) => all.indexOf(w) === i)
    .join(' / ');
  const all: FormulaQuantity[] = [
    { code: 'shingles', quantity: roof.orderSquares, basis: `${sq(roof.squares)} + ${wasteNote || '0%'} waste` },
    { code: 'starter', quantity: roundTo(l.eave + l.rake, 2), basis: `Eave ${feet(l.eave)} + rake ${feet(l.rake)}` },
    { code: 'drip_edge', quantity: roundTo(l.eave + l.rake, 2), basis: `Eave ${feet(l.eave)} + rake ${feet(l.rake)}` },
    { code: 'ridge_cap', quantity: roundTo(l.ridge + l.hip, 2), basis: `Ridge ${feet(l.ridge)} + hip ${feet(l.hip)}` },
    { code: 'ice_water', quantity: iceWater.quantity, basis: iceWater.basis },
    {
      code: 'underlayment',
      quantity: underlayment,
      basis: iceWater.quantity > 0 ? `Roof area ${sq(roof.squares)} - ice & water barrier ${sq(iceWater.quantity)}` : `Roof area ${sq(roof.squares)}`,
    },
    { code: 'step_flashing', quantity: l.stepFlashing, basis: `Step flashing ${feet(l.stepFlashing)}` },
    { code: 'headwall', quantity: l.headwall, basis: `Headwall ${feet(l.headwall)}` },
    { code: 'pipe_jack', quantity: pipeJacks, basis: `${plural(pipeJacks, 'pipe jack')} on the roof` },
    {
      code: 'roof_vent',
      quantity: roofVents,
      basis: `${plural(roofVents, 'roof vent')} on the roof${photosNote(ventPhotos)}`,
      ...(ventPhotos.length > 0 ? { photoIds: ventPhotos } : {}),
    },
    { code: 'steep_7_9', quantity: sum((s) => s.squaresByTier.steep_7_9), basis: `Facets at 7/12 to 9/12: ${sq(sum((s) => s.squaresByTier.steep_7_9))}` },
    {
      code: 'steep_10_12',
      quantity: sum((s) => s.squaresByTier.steep_10_12),
      basis: `Facets at 10/12 to 12/12: ${sq(sum((s) => s.squaresByTier.steep_10_12))}`,
    },
    {
      code: 'steep_over_12',
      quantity: sum((s) => s.squaresByTier.steep_over_12),
      basis: `Facets over 12/12: ${sq(sum((s) => s.squaresByTier.steep_over_12))}`,
    },
    { code: 'high_charge', quantity: highSquares, basis: `Structures of 2 stories or more: ${sq(highSquares)}` },
    { code: 'tear_off', quantity: tearOff, basis: `${sq(roof.squares)} x layers` },
    { code: 'dumpster', quantity: loads, basis: `Tear-off ${sq(tearOff)}, one load per ${DUMPSTER_LOAD_SQUARES} SQ` },
    { code: 'permit', quantity: roof.squares > 0 ? 1 : 0, basis: 'One permit for the roof replacement' },
    {
      code: 'gutters',
      quantity: gutters.quantity,
      basis: `Eave ${feet(gutters.quantity)} where gutter damage was photographed${photosNote(gutters.photoIds)}`,
      photoIds: gutters.photoIds,
    },
    {
      code: 'siding',
      quantity: siding.quantity,
      basis: `Siding ${roundTo(siding.quantity, 2)} SF where siding damage was photographed${photosNote(siding.photoIds)}`,
      photoIds: siding.photoIds,
    },
    {
      code: 'window_glass',
      quantity: windows.quantity,
      basis: `${plural(windows.quantity, 'damaged window')} counted${photosNote(windows.photoIds)}`,
      photoIds: windows.photoIds,
    },
    {
      code: 'window_screen',
      quantity: screens.quantity,
      basis: `${plural(screens.quantity, 'damaged screen')} counted${photosNote(screens.photoIds)}`,
      photoIds: screens.photoIds,
    },
    {
      code: 'ac_fins',
      quantity: condensers.quantity,
      basis: `${plural(condensers.quantity, 'A/C condenser')} with damage photographed${photosNote(condensers.photoIds)}`,
      photoIds: condensers.photoIds,
    },
  ];
  return all.filter((f) => f.quantity > 0);
}

/**
 * Formula lines priced from the price list (as `pricedList` reads it: a code missing from the list is
 * priced from the defaults). Underlayment is its own line, so a shingle item that includes felt is
 * used without it.
 */
export function buildEstimateLines(
  structures: readonly StructureMeasurementInput[],
  priceList: readonly PriceListEntry[],
  newId: () => string,
  inputs: FormulaInputs = DEFAULT_FORMULA_INPUTS,
): (EstimateLineInput & { photoIds: string[] })[] {
  const list = pricedList(priceList);
  const quantities = formulaQuantities(structures, inputs);
  const ownUnderlayment = quantities.some((q) => q.code === 'underlayment');
  return quantities.map(({ code, quantity, basis, photoIds = [] }) => {
    const price = list.find((p) => p.code === code);
    const description = price?.description ?? code;
    return {
      id: newId(),
      code,
      description: code === 'shingles' && ownUnderlayment ? shinglesWithoutFelt(description) : description,
      quantity,
      unit: price?.unit ?? '',
      unitPriceCents: price?.unitPriceCents ?? 0,
      depreciationBp: 0,
      source: 'formula',
      basis,
      photoIds: [...photoIds],
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
/** The most photos one line names as its support. */
export const MAX_LINE_PHOTOS = 60;

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
export function estimateTotals(
  lines: readonly Pick<EstimateLineInput, 'quantity' | 'unitPriceCents' | 'depreciationBp'>[],
  settings: EstimateSettings,
): EstimateTotals {
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

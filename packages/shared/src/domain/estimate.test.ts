import { describe, expect, it } from 'vitest';
import { proposalOptionSchema } from '../contracts/documents';
import { createEstimateSchema, ESTIMATE_TOO_LARGE_MESSAGE, estimateInputSchema } from '../contracts/estimating';
import { defaultProposalOptions } from './documents';
import {
  buildEstimateLines,
  DEFAULT_FORMULA_INPUTS,
  DEFAULT_PRICE_LIST,
  estimateTotals,
  formulaQuantities,
  isDefaultPrice,
  lineTotal,
  MAX_ESTIMATE_CENTS,
  MAX_LINE_PHOTOS,
  pricedList,
  PRICE_CODES,
  recordedDamage,
  shinglesWithoutFelt,
  unpricedDamage,
  type EstimateSettings,
  type FormulaQuantity,
  type PriceListEntry,
  type RecordedDamage,
} from './estimate';
import type { IceBarrierPolicy } from './ice-barrier';
import { EMPTY_LINEAR_FEET, type StructureMeasurementInput } from './roof-measurements';

const structure = (overrides: Partial<StructureMeasurementInput> = {}): StructureMeasurementInput => ({
  facets: [],
  linear: { ...EMPTY_LINEAR_FEET },
  hipValleyInPlan: false,
  wastePct: 10,
  layers: 1,
  stories: 1,
  ...overrides,
});

// A flat-pitch roof keeps the arithmetic by hand: 2000 sq ft on plan at 0/12 = 20 SQ.
const flat = structure({
  facets: [{ pitchRise: 0, planAreaSqFt: 2000 }],
  linear: { ridge: 40, hip: 30, valley: 20, rake: 80, eave: 120, stepFlashing: 16, headwall: 12 },
  wastePct: 10,
  layers: 2,
  stories: 1,
});

const withIceBarrier = (iceBarrier: IceBarrierPolicy) => ({ ...DEFAULT_FORMULA_INPUTS, iceBarrier });
const withDamage = (damage: RecordedDamage) => ({ ...DEFAULT_FORMULA_INPUTS, damage });

function quantityOf(quantities: FormulaQuantity[], code: FormulaQuantity['code']): FormulaQuantity | undefined {
  return quantities.find((q) => q.code === code);
}

describe('the named formulas', () => {
  const quantities = formulaQuantities([flat]);

  it('shingles = squares x (1 + waste): 20 SQ + 10% = 22 SQ', () => {
    expect(quantityOf(quantities, 'shingles')).toEqual({ code: 'shingles', quantity: 22, basis: '20 SQ + 10% waste' });
  });

  it('starter = eave + rake: 120 + 80 = 200 LF', () => {
    expect(quantityOf(quantities, 'starter')).toEqual({ code: 'starter', quantity: 200, basis: 'Eave 120 LF + rake 80 LF' });
  });

  it('drip edge = eave + rake: 200 LF', () => {
    expect(quantityOf(quantities, 'drip_edge')?.quantity).toBe(200);
  });

  it('ridge cap = ridge + hip: 40 + 30 = 70 LF', () => {
    expect(quantityOf(quantities, 'ridge_cap')).toEqual({ code: 'ridge_cap', quantity: 70, basis: 'Ridge 40 LF + hip 30 LF' });
  });

  it('ice and water barrier = eave x 6 ft + valley x 3 ft, in squares: (720 + 60) / 100 = 7.8 SQ', () => {
    expect(quantityOf(quantities, 'ice_water')).toEqual({ code: 'ice_water', quantity: 7.8, basis: 'Eave 120 LF x 6 ft + valley 20 LF x 3 ft' });
  });

  it('underlayment = squares - ice and water barrier: 20 - 7.8 = 12.2 SQ (no waste, one underlayment per area)', () => {
    expect(quantityOf(quantities, 'underlayment')).toEqual({ code: 'underlayment', quantity: 12.2, basis: 'Roof area 20 SQ - ice & water barrier 7.8 SQ' });
  });

  it('step flashing and headwall are their linear feet', () => {
    expect(quantityOf(quantities, 'step_flashing')?.quantity).toBe(16);
    expect(quantityOf(quantities, 'headwall')?.quantity).toBe(12);
  });

  it('tear-off = squares x layers: 20 x 2 = 40 SQ', () => {
    expect(quantityOf(quantities, 'tear_off')?.quantity).toBe(40);
    expect(quantityOf(formulaQuantities([{ ...flat, layers: 1 }]), 'tear_off')?.quantity).toBe(20);
    expect(quantityOf(formulaQuantities([{ ...flat, layers: 3 }]), 'tear_off')?.quantity).toBe(60);
  });

  it('leaves out every formula whose quantity is 0 (no steep facets, one story)', () => {
    expect(quantities.map((q) => q.code)).toEqual([
      'shingles',
      'starter',
      'drip_edge',
      'ridge_cap',
      'ice_water',
      'underlayment',
      'step_flashing',
      'headwall',
      'tear_off',
      'dumpster',
      'permit',
    ]);
    expect(formulaQuantities([structure()])).toEqual([]);
  });
});

describe('the ice barrier where the jurisdiction requires it', () => {
  // The Edmond, Oklahoma walk: 180 LF of eaves, 24 LF of valleys on a 30 SQ roof.
  const edmond = structure({ facets: [{ pitchRise: 0, planAreaSqFt: 3000 }], linear: { ...EMPTY_LINEAR_FEET, eave: 180, valley: 24 } });

  it('no barrier at the eaves where it is not required: the valleys keep their 3 ft lining', () => {
    const quantities = formulaQuantities([edmond], withIceBarrier({ atEaves: false, eaveWidthFt: 6 }));
    expect(quantityOf(quantities, 'ice_water')).toEqual({
      code: 'ice_water',
      quantity: 0.72,
      basis: 'Valley 24 LF x 3 ft; none at the eaves (not required there)',
    });
    expect(quantityOf(quantities, 'underlayment')?.quantity).toBe(29.28);
  });

  it('the eaves at the company’s width where it is required', () => {
    const quantities = formulaQuantities([edmond], withIceBarrier({ atEaves: true, eaveWidthFt: 3 }));
    expect(quantityOf(quantities, 'ice_water')).toEqual({ code: 'ice_water', quantity: 6.12, basis: 'Eave 180 LF x 3 ft + valley 24 LF x 3 ft' });
  });

  it('never charges two underlayments for one area: barrier + underlayment = the roof, and never below 0', () => {
    for (const policy of [
      { atEaves: true, eaveWidthFt: 6 },
      { atEaves: true, eaveWidthFt: 12 },
      { atEaves: false, eaveWidthFt: 6 },
    ]) {
      const quantities = formulaQuantities([edmond], withIceBarrier(policy));
      expect((quantityOf(quantities, 'ice_water')?.quantity ?? 0) + (quantityOf(quantities, 'underlayment')?.quantity ?? 0)).toBeCloseTo(30, 6);
    }
    const small = structure({ facets: [{ pitchRise: 0, planAreaSqFt: 500 }], linear: { ...EMPTY_LINEAR_FEET, eave: 100 } });
    expect(quantityOf(formulaQuantities([small], withIceBarrier({ atEaves: true, eaveWidthFt: 12 })), 'underlayment')).toBeUndefined();
  });

  it('no valleys and no barrier at the eaves: no ice and water line at all', () => {
    const plain = structure({ facets: [{ pitchRise: 0, planAreaSqFt: 3000 }], linear: { ...EMPTY_LINEAR_FEET, eave: 180 } });
    const codes = formulaQuantities([plain], withIceBarrier({ atEaves: false, eaveWidthFt: 6 })).map((q) => q.code);
    expect(codes).not.toContain('ice_water');
    expect(codes).toContain('underlayment');
  });
});

describe('steep and high charges', () => {
  // 1000 sq ft at 8/12 = 1201.85 (12.02 SQ), 500 at 11/12 = 678.28 (6.78 SQ), 300 at 14/12 = 460.98 (4.61 SQ).
  const steep = structure({
    facets: [
      { pitchRise: 8, planAreaSqFt: 1000 },
      { pitchRise: 11, planAreaSqFt: 500 },
      { pitchRise: 14, planAreaSqFt: 300 },
      { pitchRise: 4, planAreaSqFt: 100 },
    ],
  });

  it('charges the squares of each steep tier on its own line', () => {
    const quantities = formulaQuantities([steep]);
    expect(quantityOf(quantities, 'steep_7_9')).toEqual({ code: 'steep_7_9', quantity: 12.02, basis: 'Facets at 7/12 to 9/12: 12.02 SQ' });
    expect(quantityOf(quantities, 'steep_10_12')?.quantity).toBe(6.78);
    expect(quantityOf(quantities, 'steep_over_12')?.quantity).toBe(4.61);
  });

  it('charges a high roof for the structures of two stories or more only', () => {
    const house = structure({ facets: [{ pitchRise: 0, planAreaSqFt: 2000 }], stories: 2 });
    const garage = structure({ facets: [{ pitchRise: 0, planAreaSqFt: 500 }], stories: 1 });
    expect(quantityOf(formulaQuantities([garage]), 'high_charge')).toBeUndefined();
    expect(quantityOf(formulaQuantities([house, garage]), 'high_charge')).toEqual({
      code: 'high_charge',
      quantity: 20,
      basis: 'Structures of 2 stories or more: 20 SQ',
    });
    expect(quantityOf(formulaQuantities([{ ...house, stories: 3 }]), 'high_charge')?.quantity).toBe(20);
  });

  it('adds the structures up, waste per structure', () => {
    const house = structure({ facets: [{ pitchRise: 0, planAreaSqFt: 2000 }], wastePct: 10 });
    const garage = structure({ facets: [{ pitchRise: 0, planAreaSqFt: 500 }], wastePct: 15 });
    expect(quantityOf(formulaQuantities([house, garage]), 'shingles')).toEqual({ code: 'shingles', quantity: 27.75, basis: '25 SQ + 10% / 15% waste' });
  });
});

describe('pricing from the price list', () => {
  it('prices each formula from the list, a code missing from the list from the defaults', () => {
    let n = 0;
    const lines = buildEstimateLines(
      [flat],
      [
        { code: 'shingles', description: 'Architectural shingles', unit: 'SQ', unitPriceCents: 30_000 },
        { code: null, description: 'Skylight', unit: 'EA', unitPriceCents: 50_000 },
      ],
      () => `line-${++n}`,
    );
    expect(lines[0]).toEqual({
      id: 'line-1',
      code: 'shingles',
      description: 'Architectural shingles',
      quantity: 22,
      unit: 'SQ',
      unitPriceCents: 30_000,
      depreciationBp: 0,
      source: 'formula',
      basis: '20 SQ + 10% waste',
      photoIds: [],
    });
    expect(lines[1]).toMatchObject({
      id: 'line-2',
      code: 'starter',
      description: 'Asphalt starter - universal starter course',
      unit: 'LF',
      unitPriceCents: 225,
    });
    // A price-list item without a code is never a formula line.
    expect(lines.some((line) => line.description === 'Skylight')).toBe(false);
    expect(lines).toHaveLength(11);
  });

  it('has a default price, in whole cents, for every formula code', () => {
    expect(DEFAULT_PRICE_LIST.map((p) => p.code).sort()).toEqual([...PRICE_CODES].sort());
    for (const price of DEFAULT_PRICE_LIST) expect(Number.isInteger(price.unitPriceCents)).toBe(true);
  });
});

describe('totals', () => {
  // 10 SQ x $100.00 = $1,000.00 (10% depreciation); 2.5 LF x $3.33 = $8.325 -> $8.33 (none).
  const lines = [
    { quantity: 10, unitPriceCents: 10_000, depreciationBp: 1_000 },
    { quantity: 2.5, unitPriceCents: 333, depreciationBp: 0 },
  ];
  const settings = (overrides: Partial<EstimateSettings> = {}): EstimateSettings => ({
    depreciationMode: 'line',
    overallDepreciationBp: 0,
    opEnabled: false,
    ...overrides,
  });

  it('prices a line to the nearest cent', () => {
    expect(lineTotal(lines[1] ?? { quantity: 0, unitPriceCents: 0 })).toBe(833);
  });

  it('without O&P: RCV = the line items; depreciation per line; ACV = RCV - depreciation', () => {
    expect(estimateTotals(lines, settings())).toEqual({
      subtotalCents: 100_833,
      overheadCents: 0,
      profitCents: 0,
      rcvCents: 100_833,
      depreciationCents: 10_000,
      acvCents: 90_833,
    });
  });

  it('with O&P: 10% overhead + 10% profit of the line items, in RCV, not depreciated per line', () => {
    // 10% of $1,008.33 = $100.833 -> $100.83 each.
    expect(estimateTotals(lines, settings({ opEnabled: true }))).toEqual({
      subtotalCents: 100_833,
      overheadCents: 10_083,
      profitCents: 10_083,
      rcvCents: 120_999,
      depreciationCents: 10_000,
      acvCents: 110_999,
    });
  });

  it('overall depreciation is a percentage of RCV, ignoring the lines’ own', () => {
    // 25% of $1,209.99 = $302.4975 -> $302.50.
    expect(estimateTotals(lines, settings({ opEnabled: true, depreciationMode: 'overall', overallDepreciationBp: 2_500 }))).toMatchObject({
      rcvCents: 120_999,
      depreciationCents: 30_250,
      acvCents: 90_749,
    });
    expect(estimateTotals(lines, settings({ depreciationMode: 'overall', overallDepreciationBp: 0 }))).toMatchObject({
      depreciationCents: 0,
      acvCents: 100_833,
    });
  });

  it('keeps every figure in integer cents, whatever the quantities', () => {
    const odd = [
      { quantity: 25.61, unitPriceCents: 28_500, depreciationBp: 1_234 },
      { quantity: 7.8, unitPriceCents: 17_499, depreciationBp: 333 },
      { quantity: 0.01, unitPriceCents: 1, depreciationBp: 5_000 },
    ];
    for (const mode of ['line', 'overall'] as const) {
      for (const opEnabled of [true, false]) {
        const totals = estimateTotals(odd, { depreciationMode: mode, overallDepreciationBp: 1_777, opEnabled });
        for (const value of Object.values(totals)) expect(Number.isInteger(value)).toBe(true);
        expect(totals.acvCents).toBe(totals.rcvCents - totals.depreciationCents);
        expect(totals.rcvCents).toBe(totals.subtotalCents + totals.overheadCents + totals.profitCents);
      }
    }
    // 25.61 x $285.00 = $7,298.85 exactly; 7.8 x $174.99 = $1,364.922 -> $1,364.92; 0.01 x $0.01 -> $0.00.
    expect(estimateTotals(odd, settings()).subtotalCents).toBe(729_885 + 136_492 + 0);
  });

  it('an empty estimate is all zeros', () => {
    expect(estimateTotals([], settings({ opEnabled: true }))).toEqual({
      subtotalCents: 0,
      overheadCents: 0,
      profitCents: 0,
      rcvCents: 0,
      depreciationCents: 0,
      acvCents: 0,
    });
  });
});

describe('the most an estimate may total', () => {
  const line = (quantity: number, unitPriceCents: number) => ({
    id: 'l1',
    code: null,
    description: 'Roofing',
    quantity,
    unit: 'SQ',
    unitPriceCents,
    source: 'manual' as const,
  });

  it('is taken by the contract up to the cent, with O&P, and refused a cent over', () => {
    // $41,666,666.66 of line items with 10% + 10% O&P is $50,000,000.00; a cent more is over.
    const at = { lines: [line(1, 4_166_666_666)], opEnabled: true };
    expect(
      estimateTotals([{ ...line(1, 4_166_666_666), depreciationBp: 0 }], { depreciationMode: 'overall', overallDepreciationBp: 0, opEnabled: true }).rcvCents,
    ).toBe(MAX_ESTIMATE_CENTS);
    expect(estimateInputSchema.safeParse(at).success).toBe(true);
    const over = estimateInputSchema.safeParse({ lines: [line(1, 4_166_666_667)], opEnabled: true });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe(ESTIMATE_TOO_LARGE_MESSAGE);
    expect(ESTIMATE_TOO_LARGE_MESSAGE).toBe('An estimate may total at most $50,000,000.00 with overhead and profit. Lower a quantity or a price.');
    expect(createEstimateSchema.safeParse({ sessionId: '0c5b2a7e-8d2f-4f7e-9d7e-3f6c2d1b0a99', lines: [line(1_000_000, 100_000_000_00)] }).success).toBe(false);
  });

  it('leaves room for every proposal made from it: its good / better / best options are valid options', () => {
    const options = defaultProposalOptions(MAX_ESTIMATE_CENTS);
    expect(options.map((o) => o.priceCents)).toEqual([5_000_000_000, 5_600_000_000, 6_400_000_000]);
    for (const option of options) expect(proposalOptionSchema.safeParse(option).success, option.tier).toBe(true);
  });
});

describe('the lines every roof replacement carries', () => {
  it('prices pipe jack flashing and roof vents by the counts on the roof, added over the structures', () => {
    // House: 3 pipe jacks, 4 vents; garage: 1 pipe jack, no vent -> 4 pipe jacks, 4 vents.
    const house = structure({ facets: [{ pitchRise: 0, planAreaSqFt: 2000 }], pipeJacks: 3, roofVents: 4 });
    const garage = structure({ facets: [{ pitchRise: 0, planAreaSqFt: 500 }], pipeJacks: 1 });
    const quantities = formulaQuantities([house, garage]);
    expect(quantityOf(quantities, 'pipe_jack')).toEqual({ code: 'pipe_jack', quantity: 4, basis: '4 pipe jacks on the roof' });
    expect(quantityOf(quantities, 'roof_vent')).toEqual({ code: 'roof_vent', quantity: 4, basis: '4 roof vents on the roof' });
    expect(quantityOf(formulaQuantities([{ ...garage, pipeJacks: 1 }]), 'pipe_jack')?.basis).toBe('1 pipe jack on the roof');
  });

  it('leaves pipe jacks and vents out when none were counted (a measurement saved before the counts existed has none)', () => {
    const quantities = formulaQuantities([flat]);
    expect(quantityOf(quantities, 'pipe_jack')).toBeUndefined();
    expect(quantityOf(quantities, 'roof_vent')).toBeUndefined();
  });

  it('orders one 20-yard dumpster load per 20 squares of tear-off, rounded up', () => {
    // flat: 20 SQ x 2 layers = 40 SQ of tear-off -> 40 / 20 = 2 loads.
    expect(quantityOf(formulaQuantities([flat]), 'dumpster')).toEqual({ code: 'dumpster', quantity: 2, basis: 'Tear-off 40 SQ, one load per 20 SQ' });
    // 20 SQ x 1 layer = 20 SQ -> exactly 1 load.
    expect(quantityOf(formulaQuantities([{ ...flat, layers: 1 }]), 'dumpster')?.quantity).toBe(1);
    // 2,001 sq ft at 0/12 = 20.01 SQ -> 1.0005 loads -> 2.
    expect(quantityOf(formulaQuantities([{ ...flat, facets: [{ pitchRise: 0, planAreaSqFt: 2001 }], layers: 1 }]), 'dumpster')?.quantity).toBe(2);
    // 500 sq ft = 5 SQ -> 0.25 -> 1 load.
    expect(quantityOf(formulaQuantities([structure({ facets: [{ pitchRise: 0, planAreaSqFt: 500 }] })]), 'dumpster')?.quantity).toBe(1);
  });

  it('takes one permit for a roof replacement, none for an empty measurement', () => {
    expect(quantityOf(formulaQuantities([flat]), 'permit')).toEqual({ code: 'permit', quantity: 1, basis: 'One permit for the roof replacement' });
    const garage = structure({ facets: [{ pitchRise: 0, planAreaSqFt: 500 }] });
    expect(quantityOf(formulaQuantities([flat, garage]), 'permit')?.quantity).toBe(1);
    expect(quantityOf(formulaQuantities([structure()]), 'permit')).toBeUndefined();
  });

  it('prices gutters at the eave feet of the structures whose gutter damage was photographed, and only then, tied to those photos', () => {
    const house = structure({ structureId: 'house', facets: [{ pitchRise: 0, planAreaSqFt: 2000 }], linear: { ...EMPTY_LINEAR_FEET, eave: 120 } });
    const garage = structure({ structureId: 'garage', facets: [{ pitchRise: 0, planAreaSqFt: 500 }], linear: { ...EMPTY_LINEAR_FEET, eave: 45.5 } });
    expect(quantityOf(formulaQuantities([house, garage]), 'gutters')).toBeUndefined();
    expect(quantityOf(formulaQuantities([house, garage], withDamage([{ code: 'gutters', structureId: 'garage', photoIds: ['p1', 'p2'] }])), 'gutters')).toEqual(
      {
        code: 'gutters',
        quantity: 45.5,
        basis: 'Eave 45.5 LF where gutter damage was photographed (2 photos)',
        photoIds: ['p1', 'p2'],
      },
    );
    // Both: 120 + 45.5 = 165.5 LF.
    const both = withDamage([
      { code: 'gutters', structureId: 'house', photoIds: ['p3'] },
      { code: 'gutters', structureId: 'garage', photoIds: ['p1'] },
    ]);
    expect(quantityOf(formulaQuantities([house, garage], both), 'gutters')).toMatchObject({ quantity: 165.5, photoIds: ['p3', 'p1'] });
    // A line names at most MAX_LINE_PHOTOS of them, so the server takes it whatever the walk shot.
    const many = Array.from({ length: MAX_LINE_PHOTOS + 15 }, (_, i) => `p${i}`);
    const lots = quantityOf(formulaQuantities([house, garage], withDamage([{ code: 'gutters', structureId: 'garage', photoIds: many }])), 'gutters');
    expect(lots?.photoIds).toEqual(many.slice(0, MAX_LINE_PHOTOS));
    expect(lots?.basis).toBe(`Eave 45.5 LF where gutter damage was photographed (${MAX_LINE_PHOTOS} photos)`);
    // A structure of the calculator with no session id is never matched.
    expect(
      quantityOf(
        formulaQuantities([{ ...house, structureId: undefined }], withDamage([{ code: 'gutters', structureId: 'house', photoIds: ['p3'] }])),
        'gutters',
      ),
    ).toBeUndefined();
  });

  it('reads each kind of damage from its photos, per structure; a photo of no structure counts for the first', () => {
    const photo = (id: string, subcategory: string | null, structureId: string | null, category = 'collateral') => ({ id, category, subcategory, structureId });
    expect(recordedDamage([photo('a', 'gutter', null, 'damage'), photo('b', 'front', 'garage', 'elevation')], 'house')).toEqual([]);
    expect(recordedDamage([photo('a', 'gutter', 'garage'), photo('b', 'downspout', 'garage'), photo('a', 'gutter', 'garage')], 'house')).toEqual([
      { code: 'gutters', structureId: 'garage', photoIds: ['a', 'b'] },
    ]);
    expect(
      recordedDamage(
        [
          photo('s1', 'siding', 'house', 'elevation'),
          photo('w1', 'windows', null, 'elevation'),
          photo('sc', 'window_screen', null),
          photo('ac', 'ac_unit', null),
          photo('v', 'vent', 'garage'),
        ],
        'house',
      ),
    ).toEqual([
      { code: 'siding', structureId: 'house', photoIds: ['s1'] },
      { code: 'window_glass', structureId: 'house', photoIds: ['w1'] },
      { code: 'window_screen', structureId: 'house', photoIds: ['sc'] },
      { code: 'ac_fins', structureId: 'house', photoIds: ['ac'] },
      { code: 'roof_vent', structureId: 'garage', photoIds: ['v'] },
    ]);
    expect(recordedDamage([photo('a', 'gutter', null)], null)).toEqual([]);
  });

  it('every damaged area photographed has its line from the measurement, tied to its photos; one not measured is named as not priced', () => {
    const house = structure({
      structureId: 'house',
      facets: [{ pitchRise: 0, planAreaSqFt: 2000 }],
      linear: { ...EMPTY_LINEAR_FEET, eave: 120 },
      roofVents: 3,
      sidingSqFt: 420.5,
      damagedWindows: 2,
      damagedScreens: 0,
      acCondensers: 1,
    });
    const damage: RecordedDamage = [
      { code: 'siding', structureId: 'house', photoIds: ['s1', 's2', 's3'] },
      { code: 'window_glass', structureId: 'house', photoIds: ['w1'] },
      { code: 'window_screen', structureId: 'house', photoIds: ['sc1'] },
      { code: 'ac_fins', structureId: 'house', photoIds: ['ac1'] },
      { code: 'roof_vent', structureId: 'house', photoIds: ['v1'] },
    ];
    const quantities = formulaQuantities([house], withDamage(damage));
    expect(quantityOf(quantities, 'siding')).toEqual({
      code: 'siding',
      quantity: 420.5,
      basis: 'Siding 420.5 SF where siding damage was photographed (3 photos)',
      photoIds: ['s1', 's2', 's3'],
    });
    expect(quantityOf(quantities, 'window_glass')).toEqual({
      code: 'window_glass',
      quantity: 2,
      basis: '2 damaged windows counted (1 photo)',
      photoIds: ['w1'],
    });
    expect(quantityOf(quantities, 'ac_fins')).toMatchObject({ quantity: 1, photoIds: ['ac1'] });
    expect(quantityOf(quantities, 'roof_vent')).toEqual({ code: 'roof_vent', quantity: 3, basis: '3 roof vents on the roof (1 photo)', photoIds: ['v1'] });
    // Screens photographed but none counted: no line, and named as not priced with what it needs.
    expect(quantityOf(quantities, 'window_screen')).toBeUndefined();
    expect(unpricedDamage([house], damage)).toEqual([
      { code: 'window_screen', label: 'Window screen damage', structureId: 'house', photoIds: ['sc1'], needs: 'the damaged screens' },
    ]);
    // Nothing photographed: no siding line even with an area measured.
    expect(quantityOf(formulaQuantities([house]), 'siding')).toBeUndefined();

    const lines = buildEstimateLines([house], DEFAULT_PRICE_LIST, () => 'id', withDamage(damage));
    expect(lines.find((l) => l.code === 'siding')).toMatchObject({
      description: 'R&R Siding - vinyl',
      unit: 'SF',
      quantity: 420.5,
      photoIds: ['s1', 's2', 's3'],
    });
    expect(lines.find((l) => l.code === 'shingles')?.photoIds).toEqual([]);
  });

  it('names the lines as Xactimate does, each with a default US price in whole cents', () => {
    const named = Object.fromEntries(DEFAULT_PRICE_LIST.map((p) => [p.code, `${p.description} (${p.unit})`]));
    expect(named).toMatchObject({
      shingles: 'Laminated - comp. shingle rfg. - w/out felt (SQ)',
      tear_off: 'Remove Laminated - comp. shingle rfg. - w/out felt (SQ)',
      pipe_jack: 'Flashing - pipe jack (EA)',
      roof_vent: 'Roof vent - turtle type - Metal (EA)',
      step_flashing: 'Step flashing (LF)',
      headwall: 'Counterflashing - Apron flashing (LF)',
      dumpster: 'Dumpster load - Approx. 20 yards, 4 tons of debris (EA)',
      steep_7_9: 'Additional charge for steep roof - 7/12 - 9/12 slope (SQ)',
      steep_10_12: 'Additional charge for steep roof - 10/12 - 12/12 slope (SQ)',
      steep_over_12: 'Additional charge for steep roof greater than 12/12 slope (SQ)',
      high_charge: 'Additional charge for high roof (2 stories or greater) (SQ)',
      permit: 'Permit (EA)',
      gutters: 'R&R Gutter / downspout - aluminum - up to 5" (LF)',
    });
    for (const price of DEFAULT_PRICE_LIST) expect(price.unitPriceCents, price.code).toBeGreaterThan(0);
  });
});

describe('felt counted once', () => {
  const ids = () => {
    let n = 0;
    return () => `line-${++n}`;
  };
  const shingleLine = (list: PriceListEntry[]) => buildEstimateLines([flat], list, ids()).find((l) => l.code === 'shingles');

  it('the default shingle line is "w/out felt", beside its own underlayment line', () => {
    const lines = buildEstimateLines([flat], DEFAULT_PRICE_LIST, ids());
    expect(lines.find((l) => l.code === 'shingles')?.description).toBe('Laminated - comp. shingle rfg. - w/out felt');
    expect(lines.find((l) => l.code === 'underlayment')).toMatchObject({ description: 'Roofing felt - synthetic underlayment', quantity: 12.2 });
  });

  it('a shingle item of the company said "w/ felt" is used without felt, at the company’s price', () => {
    const list: PriceListEntry[] = [{ code: 'shingles', description: 'Architectural shingles, w/ felt', unit: 'SQ', unitPriceCents: 31_000 }];
    expect(shingleLine(list)).toMatchObject({ description: 'Architectural shingles, w/out felt', unitPriceCents: 31_000 });
    expect(shinglesWithoutFelt('Comp. shingles with felt')).toBe('Comp. shingles without felt');
    expect(shinglesWithoutFelt('Laminated - comp. shingle rfg. - W/ FELT')).toBe('Laminated - comp. shingle rfg. - w/out felt');
    expect(shinglesWithoutFelt('Laminated - comp. shingle rfg. - w/out felt')).toBe('Laminated - comp. shingle rfg. - w/out felt');
  });

  it('a saved list still holding the earlier default "w/ felt" item is priced from today’s "w/out felt" default', () => {
    const earlier: PriceListEntry[] = [
      { code: 'shingles', description: 'Laminated comp. shingle roofing, w/ felt', unit: 'SQ', unitPriceCents: 28_500 },
      { code: 'tear_off', description: 'Remove laminated comp. shingle roofing, per layer', unit: 'SQ', unitPriceCents: 7_400 },
    ];
    expect(shingleLine(earlier)).toMatchObject({ description: 'Laminated - comp. shingle rfg. - w/out felt', unitPriceCents: 26_500 });
    // 22 SQ x $265.00 = $5,830.00, where the earlier default came to 22 x $285.00 = $6,270.00 with the felt counted twice.
    expect(lineTotal(shingleLine(earlier) ?? { quantity: 0, unitPriceCents: 0 })).toBe(583_000);
  });
});

describe('the price list estimates are priced from', () => {
  it('keeps the company’s own prices, reads an untouched earlier default as today’s, and adds the defaults of every code not priced', () => {
    const saved: PriceListEntry[] = [
      { code: 'shingles', description: 'Laminated comp. shingle roofing, w/ felt', unit: 'SQ', unitPriceCents: 28_500 },
      { code: 'starter', description: 'Starter strip', unit: 'LF', unitPriceCents: 199 },
      { code: 'headwall', description: 'Counterflashing, apron flashing (headwall)', unit: 'LF', unitPriceCents: 1_400 },
      { code: null, description: 'Skylight', unit: 'EA', unitPriceCents: 50_000 },
    ];
    const list = pricedList(saved);
    expect(list.slice(0, 4)).toEqual([
      DEFAULT_PRICE_LIST[0],
      { code: 'starter', description: 'Starter strip', unit: 'LF', unitPriceCents: 199 },
      // The price was edited: the item is the company's own and stays as it is.
      { code: 'headwall', description: 'Counterflashing, apron flashing (headwall)', unit: 'LF', unitPriceCents: 1_400 },
      { code: null, description: 'Skylight', unit: 'EA', unitPriceCents: 50_000 },
    ]);
    expect(list.map((item) => item.code).slice(4)).toEqual(PRICE_CODES.filter((c) => !['shingles', 'starter', 'headwall'].includes(c)));
    expect(pricedList([])).toEqual(DEFAULT_PRICE_LIST);
  });

  it('marks an item as a default while it is exactly its code’s default', () => {
    expect(DEFAULT_PRICE_LIST.every(isDefaultPrice)).toBe(true);
    const [shingles] = DEFAULT_PRICE_LIST;
    if (!shingles) throw new Error('no default');
    expect(isDefaultPrice({ ...shingles, unitPriceCents: 27_000 })).toBe(false);
    expect(isDefaultPrice({ ...shingles, code: null })).toBe(false);
  });
});

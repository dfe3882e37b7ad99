import { describe, expect, it } from 'vitest';
import { proposalOptionSchema } from '../contracts/documents';
import { createEstimateSchema, ESTIMATE_TOO_LARGE_MESSAGE, estimateInputSchema } from '../contracts/estimating';
import { defaultProposalOptions } from './documents';
import { buildEstimateLines, DEFAULT_PRICE_LIST, estimateTotals, formulaQuantities, lineTotal, MAX_ESTIMATE_CENTS, PRICE_CODES, type EstimateSettings, type FormulaQuantity } from './estimate';
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

  it('underlayment = squares: 20 SQ (no waste)', () => {
    expect(quantityOf(quantities, 'underlayment')?.quantity).toBe(20);
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
    expect(quantities.map((q) => q.code)).toEqual(['shingles', 'starter', 'drip_edge', 'ridge_cap', 'ice_water', 'underlayment', 'step_flashing', 'headwall', 'tear_off']);
    expect(formulaQuantities([structure()])).toEqual([]);
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
    expect(quantityOf(formulaQuantities([house, garage]), 'high_charge')).toEqual({ code: 'high_charge', quantity: 20, basis: 'Structures of 2 stories or more: 20 SQ' });
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
    const lines = buildEstimateLines([flat], [{ code: 'shingles', description: 'Architectural shingles', unit: 'SQ', unitPriceCents: 30_000 }, { code: null, description: 'Skylight', unit: 'EA', unitPriceCents: 50_000 }], () => `line-${++n}`);
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
    });
    expect(lines[1]).toMatchObject({ id: 'line-2', code: 'starter', description: 'Asphalt starter, universal starter course', unit: 'LF', unitPriceCents: 225 });
    // A price-list item without a code is never a formula line.
    expect(lines.some((line) => line.description === 'Skylight')).toBe(false);
    expect(lines).toHaveLength(9);
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
  const settings = (overrides: Partial<EstimateSettings> = {}): EstimateSettings => ({ depreciationMode: 'line', overallDepreciationBp: 0, opEnabled: false, ...overrides });

  it('prices a line to the nearest cent', () => {
    expect(lineTotal(lines[1] ?? { quantity: 0, unitPriceCents: 0 })).toBe(833);
  });

  it('without O&P: RCV = the line items; depreciation per line; ACV = RCV - depreciation', () => {
    expect(estimateTotals(lines, settings())).toEqual({ subtotalCents: 100_833, overheadCents: 0, profitCents: 0, rcvCents: 100_833, depreciationCents: 10_000, acvCents: 90_833 });
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
    expect(estimateTotals(lines, settings({ opEnabled: true, depreciationMode: 'overall', overallDepreciationBp: 2_500 }))).toMatchObject({ rcvCents: 120_999, depreciationCents: 30_250, acvCents: 90_749 });
    expect(estimateTotals(lines, settings({ depreciationMode: 'overall', overallDepreciationBp: 0 }))).toMatchObject({ depreciationCents: 0, acvCents: 100_833 });
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
    expect(estimateTotals([], settings({ opEnabled: true }))).toEqual({ subtotalCents: 0, overheadCents: 0, profitCents: 0, rcvCents: 0, depreciationCents: 0, acvCents: 0 });
  });
});

describe('the most an estimate may total', () => {
  const line = (quantity: number, unitPriceCents: number) => ({ id: 'l1', code: null, description: 'Roofing', quantity, unit: 'SQ', unitPriceCents, source: 'manual' as const });

  it('is taken by the contract up to the cent, with O&P, and refused a cent over', () => {
    // $41,666,666.66 of line items with 10% + 10% O&P is $50,000,000.00; a cent more is over.
    const at = { lines: [line(1, 4_166_666_666)], opEnabled: true };
    expect(estimateTotals([{ ...line(1, 4_166_666_666), depreciationBp: 0 }], { depreciationMode: 'overall', overallDepreciationBp: 0, opEnabled: true }).rcvCents).toBe(MAX_ESTIMATE_CENTS);
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

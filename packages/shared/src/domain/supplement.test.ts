import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_LIST, estimateTotals, type EstimateLineInput, type PriceCode } from './estimate';
import { recogniseScopeLine, supplementCheck, type CarrierScopeLine } from './supplement';

let n = 0;
function line(code: PriceCode | null, quantity: number, unitPriceCents: number, basis: string | null = null, unit = 'LF'): EstimateLineInput {
  const price = DEFAULT_PRICE_LIST.find((p) => p.code === code);
  return {
    id: `l${++n}`,
    code,
    description: price?.description ?? 'Hand-written line',
    quantity,
    unit,
    unitPriceCents,
    depreciationBp: 0,
    source: basis ? 'formula' : 'manual',
    basis,
  };
}
const scope = (description: string, quantity: number, unit = 'LF', unitPriceCents = 0): CarrierScopeLine => ({ description, quantity, unit, unitPriceCents });

const ours = [
  line('starter', 200, 225, 'Eave 120 LF + rake 80 LF'),
  line('drip_edge', 200, 310, 'Eave 120 LF + rake 80 LF'),
  line('ice_water', 7.8, 17_500, 'Eave 120 LF x 6 ft + valley 20 LF x 3 ft', 'SQ'),
  line('steep_10_12', 6.78, 10_400, 'Facets at 10/12 to 12/12: 6.78 SQ', 'SQ'),
];
const noOp = estimateTotals(ours, { depreciationMode: 'line', overallDepreciationBp: 0, opEnabled: false });
const withOp = estimateTotals(ours, { depreciationMode: 'line', overallDepreciationBp: 0, opEnabled: true });

describe('recognising a carrier scope line', () => {
  it.each([
    ['I&W', 'ice_water'],
    ['i & w barrier', 'ice_water'],
    ['Ice & water barrier', 'ice_water'],
    ['Ice and water shield', 'ice_water'],
    ['Drip edge', 'drip_edge'],
    ['Drip edge/gutter apron', 'drip_edge'],
    ['Starter strip', 'starter'],
    ['Asphalt starter - universal starter course', 'starter'],
    ['Steep roof 10/12', 'steep_10_12'],
    ['Steep roof 12/12', 'steep_10_12'],
    ['Steep roof 8/12', 'steep_7_9'],
    ['Additional charge for steep roof - 7/12 to 9/12 slope', 'steep_7_9'],
    ['Additional charge for steep roof greater than 12/12 slope', 'steep_over_12'],
    ['Steep roof 14/12', 'steep_over_12'],
    ['High roof charge', 'high_charge'],
    ['Additional charge for high roof (2 stories or greater)', 'high_charge'],
    ['Tear off, haul and dispose of comp. shingles - Laminated', 'tear_off'],
    ['Remove Laminated - comp. shingle rfg. - w/out felt', 'tear_off'],
    ['Hip / Ridge cap - Standard profile - composition shingles', 'ridge_cap'],
    ['Hip & ridge', 'ridge_cap'],
    ['Step flashing', 'step_flashing'],
    ['Counterflashing - Apron flashing', 'headwall'],
    ['Laminated - comp. shingle rfg. - w/ felt', 'shingles'],
    ['3 tab - 25 yr - comp. shingle roofing', 'shingles'],
    ['Roofing felt - 15 lb.', 'underlayment'],
    ['Synthetic underlayment', 'underlayment'],
    ['Flashing - pipe jack', 'pipe_jack'],
    ['Flashing - pipe jack - lead', 'pipe_jack'],
    ['Pipe boot', 'pipe_jack'],
    ['Roof vent - turtle type', 'roof_vent'],
    ['Roof vent - turtle type - Metal', 'roof_vent'],
    ['Box vent', 'roof_vent'],
    ['Dumpster load', 'dumpster'],
    ['Dumpster load - Approx. 20 yards, 4 tons of debris', 'dumpster'],
    ['Haul debris - per pickup truck load', 'dumpster'],
    ['Permit', 'permit'],
    ['Building permits and fees', 'permit'],
    ['R&R Gutter / downspout - aluminum - up to 5"', 'gutters'],
    ['Remove gutter - aluminum', 'gutters'],
    ['Downspout - aluminum', 'gutters'],
  ] as const)('%s -> %s', (description, code) => {
    expect(recogniseScopeLine(description)).toBe(code);
  });

  it.each(['Ridge vent - aluminum', 'Chimney cap', 'Gutter guard', 'Power attic vent - motor', 'Satellite dish - detach & reset'])(
    '%s is not one of our items',
    (description) => {
      expect(recogniseScopeLine(description)).toBeNull();
    },
  );

  it('recognises every default price-list description as its own item', () => {
    for (const price of DEFAULT_PRICE_LIST) expect(recogniseScopeLine(price.description), price.description).toBe(price.code);
  });
});

describe('the supplement check', () => {
  it('lists what the scope lacks, with what the difference is worth and the measurement behind it', () => {
    const items = supplementCheck(ours, noOp, [scope('Drip edge', 200), scope('Ice & water barrier', 7.8, 'SQ'), scope('Steep roof 10/12', 6.78, 'SQ')]);
    expect(items).toEqual([
      {
        code: 'starter',
        description: 'Asphalt starter - universal starter course',
        kind: 'missing',
        ourQuantity: 200,
        carrierQuantity: 0,
        unit: 'LF',
        amountCents: 45_000,
        support: 'Eave 120 LF + rake 80 LF',
      },
    ]);
  });

  it('lists what the scope under-counts, worth the difference only', () => {
    const items = supplementCheck(ours, noOp, [
      scope('Starter strip', 200),
      scope('Drip edge', 120),
      scope('I&W', 4.5, 'SQ'),
      scope('Steep roof 10/12', 6.78, 'SQ'),
    ]);
    expect(items.map((i) => [i.code, i.kind, i.carrierQuantity, i.amountCents])).toEqual([
      ['drip_edge', 'under_counted', 120, 80 * 310],
      // 7.8 - 4.5 = 3.3 SQ x $175.00.
      ['ice_water', 'under_counted', 4.5, 57_750],
    ]);
  });

  it("adds up the scope's lines of one item, and asks nothing when the scope has as much or more", () => {
    const items = supplementCheck(ours, noOp, [
      scope('Starter - eaves', 120),
      scope('Starter - rakes', 80),
      scope('Drip edge', 250),
      scope('I&W', 7.8, 'SQ'),
      scope('Steep roof 10/12', 6.78, 'SQ'),
    ]);
    expect(items).toEqual([]);
  });

  it('ignores scope lines it does not recognise', () => {
    const complete = [scope('Starter', 200), scope('Drip edge', 200), scope('I&W', 7.8, 'SQ'), scope('Steep roof 10/12', 6.78, 'SQ')];
    expect(supplementCheck(ours, noOp, [...complete, scope('Gutter guard', 500), scope('Ridge vent', 40)])).toEqual([]);
  });

  it('requests O&P when ours is switched on and the scope has none', () => {
    const complete = [scope('Starter', 200), scope('Drip edge', 200), scope('I&W', 7.8, 'SQ'), scope('Steep roof 10/12', 6.78, 'SQ')];
    const items = supplementCheck(ours, withOp, complete);
    expect(items).toEqual([
      {
        code: 'o_and_p',
        description: 'Overhead and profit',
        kind: 'missing',
        ourQuantity: 1,
        carrierQuantity: 0,
        unit: 'EA',
        amountCents: withOp.overheadCents + withOp.profitCents,
        support: `10% overhead + 10% profit on $3,140.12 of line items`,
      },
    ]);
    // $450.00 + $620.00 + $1,365.00 + $705.12 of line items.
    expect(withOp.subtotalCents).toBe(314_012);
    expect(supplementCheck(ours, withOp, [...complete, scope('O&P', 1, 'EA')])).toEqual([]);
    expect(supplementCheck(ours, withOp, [...complete, scope('General contractor overhead', 1, 'EA')])).toEqual([]);
    expect(supplementCheck(ours, noOp, complete)).toEqual([]);
  });

  it('groups our lines of one item and says when a line was added by hand; lines without a code are not compared', () => {
    const lines = [line('starter', 120, 225, null), line('starter', 80, 225, null), line(null, 5, 10_000, null, 'EA')];
    const items = supplementCheck(lines, noOp, []);
    expect(items).toEqual([expect.objectContaining({ code: 'starter', ourQuantity: 200, amountCents: 45_000, support: 'Added by hand' })]);
  });

  it('takes the scope\'s shingle line "w/ felt" as that many squares of underlayment too, so felt is never asked for twice', () => {
    const roof = [line('shingles', 24.6, 26_500, '22.36 SQ + 10% waste', 'SQ'), line('underlayment', 22.36, 4_200, 'Roof area 22.36 SQ', 'SQ')];
    const totals = estimateTotals(roof, { depreciationMode: 'line', overallDepreciationBp: 0, opEnabled: false });
    // The carrier's 24.6 SQ "w/ felt" covers our 22.36 SQ of felt: nothing to ask.
    expect(supplementCheck(roof, totals, [scope('Laminated - comp. shingle rfg. - w/ felt', 24.6, 'SQ')])).toEqual([]);
    // 20 SQ "w/ felt" leaves 2.36 SQ of felt (2.36 x $42.00 = $99.12) and 4.6 SQ of shingles (4.6 x $265.00 = $1,219.00).
    expect(
      supplementCheck(roof, totals, [scope('Laminated - comp. shingle rfg. - w/ felt', 20, 'SQ')]).map((i) => [
        i.code,
        i.kind,
        i.carrierQuantity,
        i.amountCents,
      ]),
    ).toEqual([
      ['shingles', 'under_counted', 20, 121_900],
      ['underlayment', 'under_counted', 20, 9_912],
    ]);
    // "w/out felt" and a tear-off "w/ felt" pay for no felt: ours is missing from the scope.
    const withoutFelt = supplementCheck(roof, totals, [
      scope('Laminated - comp. shingle rfg. - w/out felt', 24.6, 'SQ'),
      scope('Remove Laminated - comp. shingle rfg. - w/ felt', 22.36, 'SQ'),
    ]);
    expect(withoutFelt.map((i) => [i.code, i.kind, i.amountCents])).toEqual([['underlayment', 'missing', 93_912]]);
  });

  it('compares the new lines too: pipe jacks, vents, dumpster, permit and gutters', () => {
    const roof = [
      line('pipe_jack', 4, 5_800, '4 pipe jacks on the roof', 'EA'),
      line('roof_vent', 5, 7_250, '5 roof vents on the roof', 'EA'),
      line('dumpster', 2, 58_500, 'Tear-off 22.36 SQ, one load per 20 SQ', 'EA'),
      line('permit', 1, 35_000, 'One permit for the roof replacement', 'EA'),
      line('gutters', 80, 1_125, 'Eave 80 LF where gutter damage was photographed', 'LF'),
    ];
    const totals = estimateTotals(roof, { depreciationMode: 'line', overallDepreciationBp: 0, opEnabled: false });
    const items = supplementCheck(roof, totals, [
      scope('Flashing - pipe jack', 3, 'EA'),
      scope('Roof vent - turtle type - Metal', 5, 'EA'),
      scope('Dumpster load - Approx. 20 yards, 4 tons of debris', 1, 'EA'),
    ]);
    expect(items.map((i) => [i.code, i.kind, i.ourQuantity, i.carrierQuantity, i.amountCents, i.support])).toEqual([
      ['pipe_jack', 'under_counted', 4, 3, 5_800, '4 pipe jacks on the roof'],
      ['dumpster', 'under_counted', 2, 1, 58_500, 'Tear-off 22.36 SQ, one load per 20 SQ'],
      ['permit', 'missing', 1, 0, 35_000, 'One permit for the roof replacement'],
      // 80 LF x $11.25 = $900.00.
      ['gutters', 'missing', 80, 0, 90_000, 'Eave 80 LF where gutter damage was photographed'],
    ]);
  });

  it('without a scope, every item of ours is missing', () => {
    expect(supplementCheck(ours, noOp, []).map((i) => i.code)).toEqual(['starter', 'drip_edge', 'ice_water', 'steep_10_12']);
  });
});

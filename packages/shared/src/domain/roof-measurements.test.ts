import { describe, expect, it } from 'vitest';
import {
  EMPTY_LINEAR_FEET,
  facetPlanArea,
  facetTrueArea,
  hipValleyAlongRoof,
  hipValleyFactor,
  measureRoof,
  measureStructure,
  orderSquares,
  pitchFactor,
  pitchTier,
  roundTo,
  squaresOf,
  type StructureMeasurementInput,
} from './roof-measurements';

const structure = (overrides: Partial<StructureMeasurementInput> = {}): StructureMeasurementInput => ({
  facets: [],
  linear: { ...EMPTY_LINEAR_FEET },
  hipValleyInPlan: false,
  wastePct: 10,
  layers: 1,
  stories: 1,
  ...overrides,
});

describe('roundTo', () => {
  it('rounds half away from zero without binary surprises', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(1.004, 2)).toBe(1);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(1.0545, 3)).toBe(1.055);
    expect(roundTo(0, 2)).toBe(0);
  });
});

describe('pitch factor', () => {
  it('matches the table: 4/12 = 1.054, 6/12 = 1.118, 8/12 = 1.202, 10/12 = 1.302, 12/12 = 1.414', () => {
    expect(roundTo(pitchFactor(4), 3)).toBe(1.054);
    expect(roundTo(pitchFactor(6), 3)).toBe(1.118);
    expect(roundTo(pitchFactor(8), 3)).toBe(1.202);
    expect(roundTo(pitchFactor(10), 3)).toBe(1.302);
    expect(roundTo(pitchFactor(12), 3)).toBe(1.414);
  });

  it('is sqrt(rise^2 + 12^2) / 12 for every whole pitch from 0/12 to 24/12', () => {
    for (let rise = 0; rise <= 24; rise++) expect(pitchFactor(rise)).toBeCloseTo(Math.sqrt(rise * rise + 144) / 12, 12);
    expect(pitchFactor(0)).toBe(1);
    expect(pitchFactor(12)).toBeCloseTo(Math.SQRT2, 12);
  });
});

describe('hip/valley factor', () => {
  it('is sqrt((rise/12)^2 + 2): 0/12 = 1.414, 6/12 = 1.5, 12/12 = 1.732', () => {
    expect(hipValleyFactor(0)).toBeCloseTo(Math.SQRT2, 12);
    expect(hipValleyFactor(6)).toBe(1.5);
    expect(hipValleyFactor(12)).toBeCloseTo(Math.sqrt(3), 12);
    for (let rise = 0; rise <= 24; rise++) expect(hipValleyFactor(rise)).toBeCloseTo(Math.sqrt((rise / 12) ** 2 + 2), 12);
  });

  it('turns a hip measured on plan (at 45 degrees to the eaves) into its length along the roof', () => {
    // A flat hip is as long as its plan line.
    expect(hipValleyAlongRoof(40, 0)).toBeCloseTo(40, 12);
    // 6/12, common run 10 ft: the hip's plan line is 10 x sqrt(2) ft, along the roof 10 x 1.5 = 15 ft.
    expect(hipValleyAlongRoof(10 * Math.SQRT2, 6)).toBeCloseTo(15, 12);
    // 12/12, common run 12 ft: rise 12 ft over a plan line of 16.97 ft, so sqrt(16.97^2 + 12^2) = 20.78 ft.
    expect(hipValleyAlongRoof(12 * Math.SQRT2, 12)).toBeCloseTo(Math.sqrt(2 * 144 + 144), 12);
  });
});

describe('pitch tiers', () => {
  it('puts every boundary in its tier: up to 6/12, 7-9/12, 10-12/12, over 12/12', () => {
    expect(pitchTier(0)).toBe('standard');
    expect(pitchTier(6)).toBe('standard');
    expect(pitchTier(7)).toBe('steep_7_9');
    expect(pitchTier(9)).toBe('steep_7_9');
    expect(pitchTier(10)).toBe('steep_10_12');
    expect(pitchTier(12)).toBe('steep_10_12');
    expect(pitchTier(13)).toBe('steep_over_12');
    expect(pitchTier(24)).toBe('steep_over_12');
  });

  it('charges a pitch between whole numbers as the whole number above it', () => {
    expect(pitchTier(6.5)).toBe('steep_7_9');
    expect(pitchTier(9.5)).toBe('steep_10_12');
    expect(pitchTier(12.1)).toBe('steep_over_12');
    // A pitch typed as 6.0000000001 by float arithmetic is still 6/12.
    expect(pitchTier(6 + 1e-12)).toBe('standard');
  });
});

describe('facet areas', () => {
  it('takes the typed plan area, else length x width, else 0', () => {
    expect(facetPlanArea({ pitchRise: 6, planAreaSqFt: 500 })).toBe(500);
    expect(facetPlanArea({ pitchRise: 6, lengthFt: 20, widthFt: 25 })).toBe(500);
    expect(facetPlanArea({ pitchRise: 6, planAreaSqFt: 450, lengthFt: 20, widthFt: 25 })).toBe(450);
    expect(facetPlanArea({ pitchRise: 6, planAreaSqFt: null, lengthFt: 20, widthFt: null })).toBe(0);
    expect(facetPlanArea({ pitchRise: 6 })).toBe(0);
  });

  it('true area = plan area x pitch factor; squares = area / 100; order squares add the waste', () => {
    expect(facetTrueArea({ pitchRise: 12, planAreaSqFt: 1000 })).toBeCloseTo(1414.2136, 4);
    expect(facetTrueArea({ pitchRise: 0, lengthFt: 30, widthFt: 40 })).toBe(1200);
    expect(squaresOf(2500)).toBe(25);
    expect(orderSquares(25, 10)).toBeCloseTo(27.5, 12);
    expect(orderSquares(25, 0)).toBe(25);
  });
});

describe('measureStructure', () => {
  // Hand-computed: 1000 x 1.118034 = 1118.03; 500 x 1.118034 = 559.02; 20 x 25 x 1.302708 = 650.85;
  // total 2327.91 sq ft = 23.28 SQ; with 10% waste 25.61 SQ.
  const gable = structure({
    facets: [
      { pitchRise: 6, planAreaSqFt: 1000 },
      { pitchRise: 6, planAreaSqFt: 500 },
      { pitchRise: 10, lengthFt: 20, widthFt: 25 },
    ],
    linear: { ...EMPTY_LINEAR_FEET, ridge: 50, hip: 40, valley: 30, eave: 100, rake: 60 },
    wastePct: 10,
    layers: 2,
    stories: 2,
  });

  it('computes each facet, the totals, squares and order squares (2 decimals, factors 3)', () => {
    const result = measureStructure(gable);
    expect(result.facets).toEqual([
      { planAreaSqFt: 1000, pitchFactor: 1.118, trueAreaSqFt: 1118.03, squares: 11.18, tier: 'standard' },
      { planAreaSqFt: 500, pitchFactor: 1.118, trueAreaSqFt: 559.02, squares: 5.59, tier: 'standard' },
      { planAreaSqFt: 500, pitchFactor: 1.302, trueAreaSqFt: 650.85, squares: 6.51, tier: 'steep_10_12' },
    ]);
    expect(result).toMatchObject({ planAreaSqFt: 2000, trueAreaSqFt: 2327.91, squares: 23.28, orderSquares: 25.61, layers: 2, stories: 2, wastePct: 10 });
    // Sums are taken before rounding: 16.7705 + 6.5085 SQ.
    expect(result.squaresByTier).toEqual({ standard: 16.77, steep_7_9: 0, steep_10_12: 6.51, steep_over_12: 0 });
  });

  it('names the predominant pitch (the most area) and its hip/valley factor', () => {
    const result = measureStructure(gable);
    expect(result.predominantRise).toBe(6);
    expect(result.hipValleyFactor).toBe(1.5);
    const steep = measureStructure(
      structure({
        facets: [
          { pitchRise: 4, planAreaSqFt: 100 },
          { pitchRise: 12, planAreaSqFt: 300 },
        ],
      }),
    );
    expect(steep.predominantRise).toBe(12);
    expect(steep.hipValleyFactor).toBe(1.732);
    expect(measureStructure(structure()).predominantRise).toBe(0);
  });

  it('keeps hips and valleys as typed, or converts them when they were measured on plan', () => {
    expect(measureStructure(gable).linear).toEqual({ ...EMPTY_LINEAR_FEET, ridge: 50, hip: 40, valley: 30, eave: 100, rake: 60 });
    // At 6/12: 40 x 1.5 / sqrt(2) = 42.43 and 30 x 1.5 / sqrt(2) = 31.82; the other lines are untouched.
    expect(measureStructure({ ...gable, hipValleyInPlan: true }).linear).toEqual({
      ...EMPTY_LINEAR_FEET,
      ridge: 50,
      hip: 42.43,
      valley: 31.82,
      eave: 100,
      rake: 60,
    });
  });

  it('measures an empty structure as zero', () => {
    expect(measureStructure(structure())).toMatchObject({ planAreaSqFt: 0, trueAreaSqFt: 0, squares: 0, orderSquares: 0, facets: [] });
  });
});

describe('measureRoof', () => {
  it("adds up the structures' rounded figures", () => {
    const house = structure({ facets: [{ pitchRise: 6, planAreaSqFt: 1500 }], linear: { ...EMPTY_LINEAR_FEET, eave: 100 }, wastePct: 10 });
    const garage = structure({ facets: [{ pitchRise: 4, lengthFt: 20, widthFt: 24 }], linear: { ...EMPTY_LINEAR_FEET, eave: 40, ridge: 24 }, wastePct: 15 });
    const roof = measureRoof([house, garage]);
    // House: 1677.05 sq ft = 16.77 SQ, 18.45 to order. Garage: 480 x 1.054093 = 505.96 = 5.06 SQ, 5.82 to order.
    expect(roof.structures.map((s) => [s.squares, s.orderSquares])).toEqual([
      [16.77, 18.45],
      [5.06, 5.82],
    ]);
    expect(roof).toMatchObject({ trueAreaSqFt: 2183.01, squares: 21.83, orderSquares: 24.27 });
    expect(roof.linear).toEqual({ ...EMPTY_LINEAR_FEET, eave: 140, ridge: 24 });
  });
});

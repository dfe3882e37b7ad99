// Roof arithmetic. A roofer measures a roof in plan (as seen from above) or takes a measurement report;
// the roof's true area is the plan area times the pitch factor, and it is bought in squares.
// - Square: 100 sq ft of roof.
// - Pitch: rise in inches per 12 in of run ("6/12").
// - Pitch factor = sqrt((rise/12)^2 + 1): 4/12 = 1.054, 6/12 = 1.118, 8/12 = 1.202, 10/12 = 1.302,
//   12/12 = 1.414. True facet area = plan area x pitch factor.
// - Hip/valley factor = sqrt((rise/12)^2 + 2): a hip or valley is that many feet long per foot of the
//   common run (both slopes at the same pitch; 6/12 = 1.5). On plan a hip or valley runs at 45 degrees
//   to the eaves, so its plan length is sqrt(2) x the common run: its length along the roof is plan
//   length x hip/valley factor / sqrt(2) (at 0/12 the plan length itself).
// - Order squares = squares x (1 + waste %).
// - Pitch tiers decide steep charges: 7-9/12, 10-12/12 and over 12/12.

/** The linear measurements of a roof, in feet. */
export const LINEAR_KINDS = [
  { value: 'ridge', label: 'Ridge' },
  { value: 'hip', label: 'Hip' },
  { value: 'valley', label: 'Valley' },
  { value: 'rake', label: 'Rake' },
  { value: 'eave', label: 'Eave' },
  { value: 'stepFlashing', label: 'Step flashing' },
  { value: 'headwall', label: 'Headwall' },
] as const;
export type LinearKind = (typeof LINEAR_KINDS)[number]['value'];
export type LinearFeet = Record<LinearKind, number>;

export const EMPTY_LINEAR_FEET: LinearFeet = { ridge: 0, hip: 0, valley: 0, rake: 0, eave: 0, stepFlashing: 0, headwall: 0 };

/** One plane of the roof: its pitch and its area on plan, typed or as length x width. */
export type FacetInput = {
  pitchRise: number;
  planAreaSqFt?: number | null;
  lengthFt?: number | null;
  widthFt?: number | null;
};

/** One structure's roof as measured. */
export type StructureMeasurementInput = {
  /** The session's structure id (or the calculator's own), when the structure has one. */
  structureId?: string;
  facets: readonly FacetInput[];
  linear: LinearFeet;
  /** Hip and valley lengths were measured on plan (a drawing, an aerial image): apply the hip/valley factor. */
  hipValleyInPlan: boolean;
  wastePct: number;
  layers: number;
  stories: number;
  /** Roof vents (turtle, box) counted on the roof; none when not given. */
  roofVents?: number;
  /** Pipe jacks (plumbing vent boots) counted on the roof; none when not given. */
  pipeJacks?: number;
  /** Beyond the roof, priced only where the damage was photographed: the siding area to replace (sq ft). */
  sidingSqFt?: number;
  /** Windows with damaged glass, window screens damaged, and A/C condensers with bent fins, counted. */
  damagedWindows?: number;
  damagedScreens?: number;
  acCondensers?: number;
};

export const PITCH_TIERS = [
  { value: 'standard', label: 'Up to 6/12', minRise: 0, maxRise: 6 },
  { value: 'steep_7_9', label: '7/12 to 9/12', minRise: 7, maxRise: 9 },
  { value: 'steep_10_12', label: '10/12 to 12/12', minRise: 10, maxRise: 12 },
  { value: 'steep_over_12', label: 'Over 12/12', minRise: 13, maxRise: Infinity },
] as const;
export type PitchTier = (typeof PITCH_TIERS)[number]['value'];

/** Rounds to `places` decimals, half away from zero, without binary surprises (1.005 -> 1.01). */
export function roundTo(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.sign(value) * (Math.round(Math.abs(value) * factor + 1e-9) / factor);
}

/** sqrt((rise/12)^2 + 1), unrounded. */
export function pitchFactor(rise: number): number {
  return Math.sqrt((rise / 12) ** 2 + 1);
}

/** sqrt((rise/12)^2 + 2), unrounded: a hip's or valley's length per foot of common run. */
export function hipValleyFactor(rise: number): number {
  return Math.sqrt((rise / 12) ** 2 + 2);
}

/** A hip or valley measured on plan (a drawing, an aerial image), as long as it is along the roof. */
export function hipValleyAlongRoof(planLengthFt: number, rise: number): number {
  return (planLengthFt * hipValleyFactor(rise)) / Math.SQRT2;
}

/**
 * The steep-charge tier of a pitch. A pitch between whole numbers belongs to the tier of the whole
 * number above it (6.5/12 is already steeper than 6/12, so it is charged as 7/12).
 */
export function pitchTier(rise: number): PitchTier {
  const whole = Math.ceil(rise - 1e-9);
  return PITCH_TIERS.find((t) => whole >= t.minRise && whole <= t.maxRise)?.value ?? 'standard';
}

/** A facet's plan area: typed, or length x width; 0 when neither is complete. */
export function facetPlanArea(facet: FacetInput): number {
  if (facet.planAreaSqFt !== null && facet.planAreaSqFt !== undefined) return facet.planAreaSqFt;
  if (facet.lengthFt && facet.widthFt) return facet.lengthFt * facet.widthFt;
  return 0;
}

/** A facet's true area (sq ft, unrounded): plan area x pitch factor. */
export function facetTrueArea(facet: FacetInput): number {
  return facetPlanArea(facet) * pitchFactor(facet.pitchRise);
}

/** Squares (unrounded) for an area in sq ft. */
export function squaresOf(areaSqFt: number): number {
  return areaSqFt / 100;
}

/** Squares to order: squares x (1 + waste %), unrounded. */
export function orderSquares(squares: number, wastePct: number): number {
  return squares * (1 + wastePct / 100);
}

export type FacetResult = { planAreaSqFt: number; pitchFactor: number; trueAreaSqFt: number; squares: number; tier: PitchTier };

export type StructureMeasurementResult = {
  facets: FacetResult[];
  planAreaSqFt: number;
  trueAreaSqFt: number;
  squares: number;
  orderSquares: number;
  /** Squares in each steep-charge tier. */
  squaresByTier: Record<PitchTier, number>;
  /** The pitch covering the most area (0 without facets). */
  predominantRise: number;
  /** Hip/valley factor at the predominant pitch. */
  hipValleyFactor: number;
  /** Linear feet along the roof: hips and valleys measured on plan are converted with the hip/valley factor (hipValleyAlongRoof). */
  linear: LinearFeet;
  wastePct: number;
  layers: number;
  stories: number;
};

const emptyTiers = (): Record<PitchTier, number> => ({ standard: 0, steep_7_9: 0, steep_10_12: 0, steep_over_12: 0 });

/**
 * Everything computed for one structure. Areas are kept to 2 decimals, squares to 2 decimals, factors
 * to 3 (as a measurement report prints them); sums are taken before rounding.
 */
export function measureStructure(input: StructureMeasurementInput): StructureMeasurementResult {
  const squaresByTier = emptyTiers();
  const areaByRise = new Map<number, number>();
  let plan = 0;
  let area = 0;
  const facets = input.facets.map((facet) => {
    const planArea = facetPlanArea(facet);
    const trueArea = facetTrueArea(facet);
    const tier = pitchTier(facet.pitchRise);
    plan += planArea;
    area += trueArea;
    squaresByTier[tier] += squaresOf(trueArea);
    areaByRise.set(facet.pitchRise, (areaByRise.get(facet.pitchRise) ?? 0) + trueArea);
    return {
      planAreaSqFt: roundTo(planArea, 2),
      pitchFactor: roundTo(pitchFactor(facet.pitchRise), 3),
      trueAreaSqFt: roundTo(trueArea, 2),
      squares: roundTo(squaresOf(trueArea), 2),
      tier,
    };
  });
  let predominantRise = 0;
  let largest = -1;
  for (const [rise, riseArea] of areaByRise) {
    if (riseArea > largest) {
      largest = riseArea;
      predominantRise = rise;
    }
  }
  const hvFactor = hipValleyFactor(predominantRise);
  const alongRoof = (feet: number) => (input.hipValleyInPlan ? hipValleyAlongRoof(feet, predominantRise) : feet);
  const squares = squaresOf(area);
  return {
    facets,
    planAreaSqFt: roundTo(plan, 2),
    trueAreaSqFt: roundTo(area, 2),
    squares: roundTo(squares, 2),
    orderSquares: roundTo(orderSquares(squares, input.wastePct), 2),
    squaresByTier: {
      standard: roundTo(squaresByTier.standard, 2),
      steep_7_9: roundTo(squaresByTier.steep_7_9, 2),
      steep_10_12: roundTo(squaresByTier.steep_10_12, 2),
      steep_over_12: roundTo(squaresByTier.steep_over_12, 2),
    },
    predominantRise,
    hipValleyFactor: roundTo(hvFactor, 3),
    linear: { ...input.linear, hip: roundTo(alongRoof(input.linear.hip), 2), valley: roundTo(alongRoof(input.linear.valley), 2) },
    wastePct: input.wastePct,
    layers: input.layers,
    stories: input.stories,
  };
}

export type RoofMeasurementResult = {
  structures: StructureMeasurementResult[];
  trueAreaSqFt: number;
  squares: number;
  orderSquares: number;
  linear: LinearFeet;
};

/** Every structure measured, and the property's totals (sums of the structures' rounded figures). */
export function measureRoof(structures: readonly StructureMeasurementInput[]): RoofMeasurementResult {
  const results = structures.map(measureStructure);
  const sum = (pick: (s: StructureMeasurementResult) => number) =>
    roundTo(
      results.reduce((n, s) => n + pick(s), 0),
      2,
    );
  const linear = { ...EMPTY_LINEAR_FEET };
  for (const kind of LINEAR_KINDS) linear[kind.value] = sum((s) => s.linear[kind.value]);
  return { structures: results, trueAreaSqFt: sum((s) => s.trueAreaSqFt), squares: sum((s) => s.squares), orderSquares: sum((s) => s.orderSquares), linear };
}

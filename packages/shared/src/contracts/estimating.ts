import { z } from 'zod';
import { centsSchema } from './fields';
import { estimateTotals, MAX_ESTIMATE_CENTS, MAX_ESTIMATE_LINES, MAX_LINE_PHOTOS, PRICE_CODES } from '../domain/estimate';
import { formatUsdCents } from '../domain/money';
import { singleLineString, longText } from './common';

// Roof measurements, estimates (with versions and the supplement check) and the company's price list.
// Money is integer cents, percentages basis points (1% = 100), quantities and feet keep 2 decimals.

const isoDateTime = z.iso.datetime({ offset: true });
const basisPoints = z.number().int().min(0).max(10_000);
/** A non-negative number kept to `places` decimals. */
const decimal = (max: number, places = 2) =>
  z
    .number()
    .min(0)
    .max(max)
    .transform((n) => Math.round(n * 10 ** places) / 10 ** places);
const clientId = singleLineString()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const optionalFeet = decimal(100_000).nullable().optional();

// ---------------------------------------------------------------- measurements

export const priceCodeSchema = z.enum(PRICE_CODES);

/** A roof plane: pitch (rise per 12) and plan area, typed or as length x width. */
export const facetSchema = z
  .object({
    id: clientId,
    name: singleLineString().trim().max(60).default(''),
    pitchRise: decimal(30, 1),
    planAreaSqFt: decimal(1_000_000).nullable().default(null),
    lengthFt: decimal(10_000).nullable().default(null),
    widthFt: decimal(10_000).nullable().default(null),
  })
  .refine((f) => f.planAreaSqFt !== null || (f.lengthFt !== null && f.widthFt !== null), {
    message: 'Enter the plan area, or the length and the width',
    path: ['planAreaSqFt'],
  });
export type Facet = z.infer<typeof facetSchema>;
export type FacetInputData = z.input<typeof facetSchema>;

export const linearFeetSchema = z.object({
  ridge: decimal(100_000).default(0),
  hip: decimal(100_000).default(0),
  valley: decimal(100_000).default(0),
  rake: decimal(100_000).default(0),
  eave: decimal(100_000).default(0),
  stepFlashing: decimal(100_000).default(0),
  headwall: decimal(100_000).default(0),
});

/** One structure's roof. `structureId` is the session's structure id (or the calculator's own). */
export const structureMeasurementSchema = z.object({
  structureId: clientId,
  name: singleLineString().trim().min(1).max(80),
  facets: z.array(facetSchema).max(60),
  linear: linearFeetSchema,
  hipValleyInPlan: z.boolean().default(false),
  wastePct: decimal(50, 1),
  layers: z.number().int().min(1).max(5),
  stories: z.number().int().min(1).max(5),
  /** Roof vents (turtle, box) counted on this roof: the roof-vent line's quantity. */
  roofVents: z.number().int('Enter a whole number of vents').min(0, 'Enter a whole number of vents').max(200, 'At most 200 vents').default(0),
  /** Pipe jacks (plumbing vent boots) counted on this roof: the pipe-jack flashing line's quantity. */
  pipeJacks: z.number().int('Enter a whole number of pipe jacks').min(0, 'Enter a whole number of pipe jacks').max(200, 'At most 200 pipe jacks').default(0),
  // Beyond the roof, each priced only where its damage was photographed (domain/estimate DAMAGE_KINDS).
  /** The siding area to replace, sq ft. */
  sidingSqFt: decimal(100_000).default(0),
  /** Windows with damaged glass, counted. */
  damagedWindows: z.number().int('Enter a whole number of windows').min(0, 'Enter a whole number of windows').max(200, 'At most 200 windows').default(0),
  /** Window screens damaged, counted. */
  damagedScreens: z.number().int('Enter a whole number of screens').min(0, 'Enter a whole number of screens').max(200, 'At most 200 screens').default(0),
  /** A/C condensers with damaged fins, counted. */
  acCondensers: z.number().int('Enter a whole number of condensers').min(0, 'Enter a whole number of condensers').max(20, 'At most 20 condensers').default(0),
});
export type StructureMeasurement = z.infer<typeof structureMeasurementSchema>;
export type StructureMeasurementData = z.input<typeof structureMeasurementSchema>;

/** The totals of an imported measurement report (EagleView, HOVER ...), typed in beside the file. */
export const reportTotalsSchema = z.object({
  provider: singleLineString().trim().max(60).default(''),
  totalSquares: optionalFeet,
  predominantPitch: singleLineString().trim().max(10).nullable().optional(),
  wastePct: decimal(50, 1).nullable().optional(),
  ridge: optionalFeet,
  hip: optionalFeet,
  valley: optionalFeet,
  rake: optionalFeet,
  eave: optionalFeet,
  stepFlashing: optionalFeet,
  headwall: optionalFeet,
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

/** POST /api/measurements: a session's measurement (one per session) or one saved to a project. */
export const createMeasurementSchema = z
  .object({
    sessionId: z.uuid().optional(),
    projectId: z.uuid().optional(),
    label: singleLineString().trim().max(120).default(''),
    structures: z.array(structureMeasurementSchema).min(1).max(20),
    reportTotals: reportTotalsSchema.nullable().default(null),
    notes: longText(2000).nullable().default(null),
  })
  .refine((m) => m.sessionId !== undefined || m.projectId !== undefined, { message: 'Choose an inspection or a claim file', path: ['projectId'] });
export type CreateMeasurementInput = z.input<typeof createMeasurementSchema>;

/** PUT /api/measurements/:id: the whole measurement as edited. */
export const updateMeasurementSchema = z.object({
  label: singleLineString().trim().max(120).default(''),
  structures: z.array(structureMeasurementSchema).min(1).max(20),
  reportTotals: reportTotalsSchema.nullable().default(null),
  notes: longText(2000).nullable().default(null),
});
export type UpdateMeasurementInput = z.input<typeof updateMeasurementSchema>;

/** GET /api/measurements: filters. */
export const measurementListQuerySchema = z.object({
  sessionId: z.uuid().optional(),
  projectId: z.uuid().optional(),
});

export const measurementReportSchema = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  uploadedAt: isoDateTime,
  /** Signed download link, valid a few minutes. */
  url: z.string(),
});

export const measurementTotalsSchema = z.object({
  trueAreaSqFt: z.number(),
  squares: z.number(),
  orderSquares: z.number(),
});

export const measurementSchema = z.object({
  id: z.uuid(),
  sessionId: z.uuid().nullable(),
  projectId: z.uuid().nullable(),
  /** The project's title, or the session's address, for lists. */
  projectTitle: z.string().nullable(),
  sessionAddress: z.string().nullable(),
  label: z.string(),
  structures: z.array(structureMeasurementSchema),
  reportTotals: reportTotalsSchema.nullable(),
  report: measurementReportSchema.nullable(),
  notes: z.string().nullable(),
  totals: measurementTotalsSchema,
  createdByName: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Measurement = z.infer<typeof measurementSchema>;

export const measurementListSchema = z.object({ measurements: z.array(measurementSchema) });

/** PUT /api/measurements/:id/report?fileName=: the report file's bytes (PDF or XML, up to 25 MB). */
export const measurementReportQuerySchema = z.object({ fileName: singleLineString().trim().min(1).max(200) });
export const MEASUREMENT_REPORT_TYPES = ['application/pdf', 'application/xml', 'text/xml'] as const;

// ---------------------------------------------------------------- price list

export const priceListItemSchema = z.object({
  code: priceCodeSchema.nullable(),
  description: singleLineString().trim().min(1).max(200),
  unit: singleLineString().trim().min(1).max(12),
  unitPriceCents: centsSchema,
});
export type PriceListItem = z.infer<typeof priceListItemSchema>;

/** PUT /api/price-list: the whole list; a formula code appears at most once. */
export const priceListSchema = z.object({
  items: z
    .array(priceListItemSchema)
    .max(500)
    .refine((items) => {
      const codes = items.map((i) => i.code).filter((c) => c !== null);
      return new Set(codes).size === codes.length;
    }, 'Each formula code may appear only once'),
});
export type PriceList = z.infer<typeof priceListSchema>;

// ---------------------------------------------------------------- estimates

export const estimateLineSchema = z.object({
  id: clientId,
  code: priceCodeSchema.nullable(),
  description: singleLineString().trim().min(1).max(200),
  quantity: decimal(1_000_000),
  unit: singleLineString().trim().max(12),
  unitPriceCents: centsSchema,
  depreciationBp: basisPoints.default(0),
  source: z.enum(['formula', 'manual']),
  basis: singleLineString().trim().max(200).nullable().default(null),
  /** The inspection's photos that support the line (damage beyond the roof): each one of its session's photos. */
  photoIds: z.array(z.uuid()).max(MAX_LINE_PHOTOS).default([]),
});
export type EstimateLine = z.infer<typeof estimateLineSchema>;
export type EstimateLineData = z.input<typeof estimateLineSchema>;

export const carrierScopeLineSchema = z.object({
  description: singleLineString().trim().min(1).max(200),
  quantity: decimal(1_000_000),
  unit: singleLineString().trim().max(12),
  unitPriceCents: centsSchema,
});

const estimateFields = {
  lines: z.array(estimateLineSchema).max(MAX_ESTIMATE_LINES),
  depreciationMode: z.enum(['line', 'overall']).default('overall'),
  overallDepreciationBp: basisPoints.default(0),
  opEnabled: z.boolean().default(false),
  carrierScope: z.array(carrierScopeLineSchema).max(300).default([]),
  notes: longText(4000).nullable().default(null),
};

export const ESTIMATE_TOO_LARGE_MESSAGE = `An estimate may total at most ${formatUsdCents(MAX_ESTIMATE_CENTS)} with overhead and profit. Lower a quantity or a price.`;

/**
 * The lines' quantities and prices together: the estimate's total (RCV, with O&P when it is on) is at
 * most MAX_ESTIMATE_CENTS, so every figure of it is exact and every proposal made from it can be signed.
 */
function totalWithinLimit(estimate: z.output<z.ZodObject<typeof estimateFields>>, ctx: z.RefinementCtx): void {
  if (estimateTotals(estimate.lines, estimate).rcvCents > MAX_ESTIMATE_CENTS) ctx.addIssue({ code: 'custom', message: ESTIMATE_TOO_LARGE_MESSAGE });
}

/** The estimate as edited: lines, depreciation, O&P and the carrier's scope. */
export const estimateInputSchema = z.object(estimateFields).superRefine(totalWithinLimit);
export type EstimateInput = z.input<typeof estimateInputSchema>;

/** POST /api/estimates: a session's first estimate, or a new version of it (`asNewVersion`). */
export const createEstimateSchema = z.object({ ...estimateFields, sessionId: z.uuid() }).superRefine(totalWithinLimit);
export type CreateEstimateInput = z.input<typeof createEstimateSchema>;

/** PUT /api/estimates/:id: saves the latest version in place (earlier versions are kept as they were: 409). */
export const updateEstimateSchema = estimateInputSchema;

/** GET /api/estimates: filters (one of them). */
export const estimateListQuerySchema = z
  .object({ sessionId: z.uuid().optional(), projectId: z.uuid().optional() })
  .refine((q) => q.sessionId !== undefined || q.projectId !== undefined, { message: 'Choose an inspection or a claim file', path: ['sessionId'] });

export const estimateTotalsSchema = z.object({
  subtotalCents: z.number().int(),
  overheadCents: z.number().int(),
  profitCents: z.number().int(),
  rcvCents: z.number().int(),
  depreciationCents: z.number().int(),
  acvCents: z.number().int(),
});

export const supplementItemSchema = z.object({
  code: z.union([priceCodeSchema, z.literal('o_and_p')]),
  description: z.string(),
  kind: z.enum(['missing', 'under_counted']),
  ourQuantity: z.number(),
  carrierQuantity: z.number(),
  unit: z.string(),
  amountCents: z.number().int(),
  support: z.string(),
});
export type SupplementItemView = z.infer<typeof supplementItemSchema>;

export const estimateSchema = z.object({
  id: z.uuid(),
  sessionId: z.uuid(),
  projectId: z.uuid().nullable(),
  version: z.number().int(),
  isLatest: z.boolean(),
  lines: z.array(estimateLineSchema),
  depreciationMode: z.enum(['line', 'overall']),
  overallDepreciationBp: z.number().int(),
  opEnabled: z.boolean(),
  carrierScope: z.array(carrierScopeLineSchema),
  notes: z.string().nullable(),
  totals: estimateTotalsSchema,
  /** What the carrier's scope lacks or under-counts; empty without a scope. Computed on every save. */
  supplement: z.array(supplementItemSchema),
  sessionAddress: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Estimate = z.infer<typeof estimateSchema>;

export const estimateListSchema = z.object({ estimates: z.array(estimateSchema) });

// ---------------------------------------------------------------- convert

/** POST /api/inspections/:id/convert: a new claim file from the session, or attach it to one. */
export const convertSessionSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('new') }),
  z.object({ mode: z.literal('attach'), projectId: z.uuid() }),
]);
export type ConvertSessionInput = z.infer<typeof convertSessionSchema>;

export const convertSessionResultSchema = z.object({
  projectId: z.uuid(),
  /** A new claim file was made (false: attached, or the session was already converted). */
  created: z.boolean(),
  photos: z.number().int(),
  measurements: z.number().int(),
  estimates: z.number().int(),
});
export type ConvertSessionResult = z.infer<typeof convertSessionResultSchema>;

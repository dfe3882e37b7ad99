import { z } from 'zod';
import {
  DISCONTINUED_STATES,
  NAIL_ZONES,
  QUESTION_KEYS,
  ROW_CONFIDENCES,
  SEALANTS,
  SHINGLE_CUTS,
  SHINGLE_TYPES,
  type CatalogEntry,
  type ShingleMeasurements,
  type ShingleRanking,
} from '../domain/shingle-id';
import { isSixteenth } from '../domain/shingle-length';
import { idSchema, shortText, singleLineString } from './common';
import { searchTermSchema } from './fields';

// Shingle identification.
// GET /api/shingles/catalog (the catalog with its version: shared lines and the company's own products),
// POST /api/shingles/identifications (save: the server ranks again), GET /api/shingles/identifications
// (history, search and filters), GET /api/shingles/identifications.csv, GET /api/shingles/identifications/:id,
// POST /api/shingles/local-products, DELETE /api/shingles/local-products/:id (a company's own products),
// PUT /api/shingles/local-products/:id (a company's own product, the whole line again),
// PUT /api/shingles/identifications/:id/photos/:photoId (a photo of the shingle, the body is the file),
// GET /api/shingles/vision and POST /api/shingles/vision-suggestions (suggestions from a photo, with an AI provider),
// POST /api/admin/shingle-catalog, PUT /api/admin/shingle-catalog/:id (the whole line again), POST /api/admin/shingle-catalog/:id/retire.

/** Lengths on the roof: a shingle is 20 to 60 in long, 8 to 24 in high, laid at 3 to 12 in exposure. */
export const SHINGLE_LIMITS = {
  length: { min: 20, max: 60 },
  height: { min: 8, max: 24 },
  exposure: { min: 3, max: 12 },
} as const;
export const SHINGLE_TAPE_TEXT_MAX = 80;
export const SHINGLE_COLOR_MAX = 60;
export const SHINGLE_LAYERS_MAX = 6;
/** An identification's history page lists at most this many rows (the newest first). */
export const SHINGLE_HISTORY_MAX = 500;

const inches = (limits: { min: number; max: number }, what: string) =>
  z
    .number()
    .min(limits.min, `A ${what} is at least ${limits.min} in`)
    .max(limits.max, `A ${what} is at most ${limits.max} in`)
    .refine(isSixteenth, 'Measure to the nearest 1/16 in')
    .nullable();

export const shingleMeasurementsSchema = z.object({
  lengthIn: inches(SHINGLE_LIMITS.length, 'length'),
  heightIn: inches(SHINGLE_LIMITS.height, 'height'),
  exposureIn: inches(SHINGLE_LIMITS.exposure, 'exposure'),
  type: z.enum([...SHINGLE_TYPES, 'unknown']),
  cut: z.enum([...SHINGLE_CUTS, 'unknown']),
  nailZone: z.enum([...NAIL_ZONES, 'unknown']),
  sealant: z.enum([...SEALANTS, 'unknown']),
  granulesOnBack: z.enum(['yes', 'no', 'unknown']),
  tapeText: singleLineString().trim().max(SHINGLE_TAPE_TEXT_MAX),
}) satisfies z.ZodType<ShingleMeasurements>;

const figureSchema = z.object({ value: z.number().positive().max(100), verified: z.boolean() }).nullable();
const catalogTextSchema = z.object({ text: z.string(), verified: z.boolean() }).nullable();
const discontinuedSchema = z.object({ value: z.enum(DISCONTINUED_STATES), verified: z.boolean() });

export const catalogEntrySchema = z.object({
  id: idSchema,
  manufacturer: z.string(),
  line: z.string(),
  type: z.enum(SHINGLE_TYPES).nullable(),
  cut: z.enum(SHINGLE_CUTS).nullable(),
  length: figureSchema,
  height: figureSchema,
  exposure: figureSchema,
  nailZone: z.object({ value: z.enum(NAIL_ZONES), verified: z.boolean() }).nullable(),
  sealant: z.object({ value: z.enum(SEALANTS), verified: z.boolean() }).nullable(),
  granulesOnBack: z.object({ value: z.boolean(), verified: z.boolean() }).nullable(),
  yearsMade: catalogTextSchema,
  discontinued: discontinuedSchema,
  confidence: z.enum(ROW_CONFIDENCES),
  source: z.string(),
  note: z.string().nullable(),
  scope: z.enum(['catalog', 'company']),
}) satisfies z.ZodType<CatalogEntry>;

/** GET /api/shingles/catalog: what the phone caches for offline ranking. */
export const shingleCatalogSchema = z.object({ version: z.number().int().positive(), entries: z.array(catalogEntrySchema) });
export type ShingleCatalog = z.infer<typeof shingleCatalogSchema>;

const reasonSchema = z.object({ tone: z.enum(['match', 'mismatch', 'unknown']), text: z.string() });
export const shingleRankingSchema = z.object({
  candidates: z.array(
    z.object({
      entryId: z.string(),
      manufacturer: z.string(),
      line: z.string(),
      type: z.enum(SHINGLE_TYPES).nullable(),
      scope: z.enum(['catalog', 'company']),
      fit: z.number(),
      level: z.enum(['strong', 'likely', 'weak']),
      reasons: z.array(reasonSchema),
      figures: z.array(z.object({ label: z.enum(['Length', 'Height', 'Exposure']), value: z.number(), verified: z.boolean() })),
      yearsMade: catalogTextSchema,
      discontinued: discontinuedSchema,
      rowConfidence: z.enum(ROW_CONFIDENCES),
    }),
  ),
  confidence: z.enum(['high', 'medium', 'low']),
  tied: z.boolean(),
  topGroup: z.array(z.string()),
  questions: z.array(z.object({ key: z.enum(QUESTION_KEYS), prompt: z.string(), options: z.array(z.object({ value: z.string(), label: z.string() })) })),
  lab: z.object({ recommended: z.boolean(), reason: z.string(), whatToSend: z.array(z.string()) }),
  summary: z.string(),
}) satisfies z.ZodType<ShingleRanking>;

/** The photos a shingle identification keeps: its face, its back, a tape across the exposure, the release tape. */
export const SHINGLE_PHOTO_KINDS = ['face', 'back', 'exposure', 'release_tape'] as const;
export type ShinglePhotoKind = (typeof SHINGLE_PHOTO_KINDS)[number];
export const SHINGLE_PHOTO_LABELS: Record<ShinglePhotoKind, string> = {
  face: 'Face of the shingle',
  back: 'Back of the shingle',
  exposure: 'Tape across the exposure',
  release_tape: 'Release tape',
};
/** At most this many photos are kept with one identification. */
export const SHINGLE_PHOTOS_MAX = 12;

/** PUT /api/shingles/identifications/:id/photos/:photoId?kind=&sha256=&fileName= (the body is the file). */
export const shinglePhotoParamSchema = z.object({ id: z.uuid(), photoId: z.uuid() });
export const shinglePhotoQuerySchema = z.object({
  kind: z.enum(SHINGLE_PHOTO_KINDS),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 lowercase hex digits'),
  fileName: singleLineString().trim().min(1).max(200),
});
export type ShinglePhotoQuery = z.infer<typeof shinglePhotoQuerySchema>;

/** A photo the server holds (readable: it was decoded whole when it arrived), with a signed address valid a few minutes. */
export const shinglePhotoSchema = z.object({ id: idSchema, kind: z.enum(SHINGLE_PHOTO_KINDS), fileName: z.string(), url: z.string(), createdAt: z.string() });
export type ShinglePhoto = z.infer<typeof shinglePhotoSchema>;
/** The upload's answer: the photo, and its stored path (the upload queue records it). */
export const shinglePhotoUploadSchema = z.object({ photo: shinglePhotoSchema.extend({ filePath: z.string() }) });

/**
 * POST /api/shingles/identifications: what was measured, where, and what the phone ranked. `id` is
 * the identification's id chosen on the phone (a save queued with no signal is sent again until it
 * arrives): the same id saved twice is one identification.
 */
export const saveIdentificationSchema = z.object({
  id: z.uuid().optional(),
  measurements: shingleMeasurementsSchema,
  color: singleLineString().trim().max(SHINGLE_COLOR_MAX).default(''),
  layers: z.number().int().min(1).max(SHINGLE_LAYERS_MAX).nullable().default(null),
  address: singleLineString().trim().max(300).default(''),
  projectId: z.uuid().nullable().default(null),
  inspectionSessionId: z.uuid().nullable().default(null),
  /** The catalog version the phone ranked with and its top candidates, to tell whether both agree. */
  deviceCatalogVersion: z.number().int().positive().nullable().default(null),
  deviceCandidateIds: z.array(idSchema).max(20).default([]),
});
export type SaveIdentificationInput = z.input<typeof saveIdentificationSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const shingleIdentificationSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  createdBy: personSchema,
  address: z.string(),
  color: z.string(),
  layers: z.number().int().nullable(),
  measurements: shingleMeasurementsSchema,
  ranking: shingleRankingSchema,
  catalogVersion: z.number().int(),
  /** Whether the phone's ranking (same catalog version) gave the same candidates in the same order. */
  agreesWithDevice: z.boolean().nullable(),
  project: z.object({ id: idSchema, name: z.string() }).nullable(),
  inspectionSessionId: z.string().nullable(),
  /** The photos the server holds, in the order they arrived. */
  photos: z.array(shinglePhotoSchema),
});
export type ShingleIdentification = z.infer<typeof shingleIdentificationSchema>;

export const shingleHistoryItemSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  createdBy: personSchema,
  address: z.string(),
  topCandidate: z.string().nullable(),
  topDiscontinued: discontinuedSchema.nullable(),
  confidence: z.enum(['high', 'medium', 'low']),
  catalogVersion: z.number().int(),
  project: z.object({ id: idSchema, name: z.string() }).nullable(),
});
export type ShingleHistoryItem = z.infer<typeof shingleHistoryItemSchema>;
export const shingleHistorySchema = z.object({ identifications: z.array(shingleHistoryItemSchema) });
export type ShingleHistory = z.infer<typeof shingleHistorySchema>;

/** GET /api/shingles/identifications?q=&confidence=&projectId= */
export const shingleHistoryQuerySchema = z.object({
  q: searchTermSchema(120).optional(),
  confidence: z.enum(['high', 'medium', 'low']).optional(),
  projectId: z.uuid().optional(),
});
export type ShingleHistoryQuery = z.input<typeof shingleHistoryQuerySchema>;

const optionalFigure = z.object({ value: z.number().min(1).max(100).refine(isSixteenth, 'Give the figure to 1/16 in'), verified: z.boolean() }).nullable();

/** A catalog line as a platform admin or a company writes it; the source and the confidence are required. */
export const catalogEntryInputSchema = z.object({
  manufacturer: shortText(80),
  line: shortText(120),
  type: z.enum(SHINGLE_TYPES).nullable(),
  cut: z.enum(SHINGLE_CUTS).nullable(),
  length: optionalFigure,
  height: optionalFigure,
  exposure: optionalFigure,
  nailZone: z
    .object({ value: z.enum(NAIL_ZONES), verified: z.boolean() })
    .nullable()
    .default(null),
  sealant: z
    .object({ value: z.enum(SEALANTS), verified: z.boolean() })
    .nullable()
    .default(null),
  granulesOnBack: z.object({ value: z.boolean(), verified: z.boolean() }).nullable().default(null),
  yearsMade: z
    .object({ text: shortText(80), verified: z.boolean() })
    .nullable()
    .default(null),
  discontinued: discontinuedSchema,
  confidence: z.enum(ROW_CONFIDENCES),
  source: shortText(300),
  note: singleLineString().trim().max(500).nullable().default(null),
});
export type CatalogEntryInput = z.input<typeof catalogEntryInputSchema>;

export const catalogEntryIdParamSchema = z.object({ id: idSchema });

/** GET /api/projects/:id/shingle-identifications: a claim file's saved identifications and its address (to start a new one there). */
export const projectShingleIdsSchema = z.object({ address: z.string(), identifications: z.array(shingleIdentificationSchema) });
export type ProjectShingleIds = z.infer<typeof projectShingleIdsSchema>;

/** GET /api/shingles/vision: whether /shingle-id offers suggestions from a photo (an AI provider is configured and the company has not turned it off). */
export const shingleVisionStatusSchema = z.object({ available: z.boolean() });
export type ShingleVisionStatus = z.infer<typeof shingleVisionStatusSchema>;

/**
 * POST /api/shingles/vision-suggestions (the body is one JPEG, PNG or WebP photo of the shingle's
 * face): what the photo suggests, each field a value of the shared vocabulary or null when the photo
 * did not show it. Suggestions only: the user applies them to the form and may change them.
 */
export const shingleVisionSuggestionSchema = z.object({
  type: z.enum(SHINGLE_TYPES).nullable(),
  cut: z.enum(SHINGLE_CUTS).nullable(),
  nailZone: z.enum(NAIL_ZONES).nullable(),
  sealant: z.enum(SEALANTS).nullable(),
});
export type ShingleVisionSuggestion = z.infer<typeof shingleVisionSuggestionSchema>;

/**
 * Reads a model's answer against the vocabulary: the JSON object in the text (a fenced block is
 * unwrapped); a field whose value is outside the vocabulary, or missing, becomes null; anything
 * that is not a JSON object suggests nothing.
 */
export function readVisionAnswer(text: string): ShingleVisionSuggestion {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  let parsed: unknown = null;
  try {
    parsed = JSON.parse((fenced?.[1] ?? text).trim());
  } catch {
    parsed = null;
  }
  const object = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const pick = <T extends string>(values: readonly [T, ...T[]], value: unknown): T | null => {
    const result = z.enum(values).safeParse(value);
    return result.success ? result.data : null;
  };
  return {
    type: pick(SHINGLE_TYPES, object.type),
    cut: pick(SHINGLE_CUTS, object.cut),
    nailZone: pick(NAIL_ZONES, object.nailZone),
    sealant: pick(SEALANTS, object.sealant),
  };
}

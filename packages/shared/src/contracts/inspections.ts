import { z } from 'zod';
import { CAPTURE_PHASE_VALUES, INSPECTION_AREA_VALUES, SLOPE_DIRECTIONS, STRUCTURE_KIND_VALUES } from '../domain/field-capture';
import { calendarDate, dateTime, idSchema, longText, namesAChange, NOTHING_TO_CHANGE_MESSAGE, singleLineString } from './common';
import { centsSchema, optionalContactEmailSchema, optionalContactPhoneSchema, optionalLineSchema, searchTermSchema } from './fields';
import { lossTypeSchema, lossTypeSourceSchema, personRef } from './project-views';

// Inspection sessions: one visit to a property, captured step by step, possibly offline.
//
// Sync model: the client generates the session id, so a session created with no signal is created
// on the server with the same id when it syncs; creating an id twice is the same session (the second
// call applies its fields like an update). Every write says when the user made the edit (`editedAt`,
// or per field in `fieldEditedAt`): for each field the later edit wins, and the value that lost
// (overwritten, or arriving too late) is kept in the session's activity timeline.

export const inspectionStatusSchema = z.enum(['in_progress', 'completed']);
export type InspectionStatus = z.infer<typeof inspectionStatusSchema>;

export const slopeSchema = z.object({
  direction: z.enum(SLOPE_DIRECTIONS),
  /** Hail hits counted inside the slope's 10 ft x 10 ft test square; null until counted. */
  testSquareHits: z.number().int().min(0).max(999).nullable(),
});
export type Slope = z.infer<typeof slopeSchema>;

/** A structure on the property, the areas to inspect on it, and its roof slopes. The id is the client's. */
export const structureSchema = z.object({
  id: singleLineString()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  name: singleLineString().trim().min(1).max(80),
  kind: z.enum(STRUCTURE_KIND_VALUES),
  areas: z.array(z.enum(INSPECTION_AREA_VALUES)).max(INSPECTION_AREA_VALUES.length),
  slopes: z.array(slopeSchema).max(16),
});
export type Structure = z.infer<typeof structureSchema>;

/** Every field a session's screens edit. All optional in a write; null clears. */
export const inspectionFieldsSchema = z.object({
  status: inspectionStatusSchema.optional(),
  street: singleLineString().trim().max(200).optional(),
  city: optionalLineSchema(100),
  state: optionalLineSchema(40),
  zip: optionalLineSchema(20),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  homeownerName: optionalLineSchema(120),
  homeownerPhone: optionalContactPhoneSchema,
  homeownerEmail: optionalContactEmailSchema,
  dateOfLoss: calendarDate().nullable().optional(),
  lossDescription: longText(2000).nullable().optional(),
  /** Leave out with a description to classify it with the shared loss-type rules. */
  lossType: lossTypeSchema.nullable().optional(),
  structures: z.array(structureSchema).max(20).optional(),
  carrierId: z.uuid().nullable().optional(),
  carrierName: optionalLineSchema(120),
  policyNumber: optionalLineSchema(60),
  claimNumber: optionalLineSchema(60),
  adjusterName: optionalLineSchema(120),
  adjusterPhone: optionalContactPhoneSchema,
  adjusterEmail: optionalContactEmailSchema,
  deductibleCents: centsSchema.nullable().optional(),
  notes: longText(4000).nullable().optional(),
});
export type InspectionFields = z.input<typeof inspectionFieldsSchema>;
export type InspectionFieldName = keyof z.infer<typeof inspectionFieldsSchema>;
export const INSPECTION_FIELD_NAMES = Object.keys(inspectionFieldsSchema.shape) as InspectionFieldName[];

const editTimes = {
  /** When the user made these edits (the client's clock). */
  editedAt: dateTime(),
  /** Per field, when that field was edited, where it differs from `editedAt` (offline edits queued over time). */
  fieldEditedAt: z.partialRecord(z.enum(INSPECTION_FIELD_NAMES as [InspectionFieldName, ...InspectionFieldName[]]), dateTime()).optional(),
};

/**
 * POST /api/inspections: 201 with the session when the id is new, 200 with it when this company
 * already has it (the fields are then applied as an update). With `projectId` the session starts from
 * that claim file: its address, homeowner, claim and carrier fill every field not given.
 */
export const createInspectionSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid().nullable().optional(),
  fields: inspectionFieldsSchema.default({}),
  ...editTimes,
});
export type CreateInspectionInput = z.input<typeof createInspectionSchema>;

/** PATCH /api/inspections/:id: any subset of the fields, later edit wins per field. */
export const updateInspectionSchema = z
  .object({ fields: inspectionFieldsSchema, ...editTimes })
  .refine((body) => namesAChange(body.fields), NOTHING_TO_CHANGE_MESSAGE);
export type UpdateInspectionInput = z.input<typeof updateInspectionSchema>;

/** GET /api/inspections/:id (and the create and update answers). */
export const inspectionSessionSchema = z.object({
  id: idSchema,
  projectId: idSchema.nullable(),
  status: inspectionStatusSchema,
  inspector: personRef,
  createdBy: personRef,
  street: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  homeownerName: z.string().nullable(),
  homeownerPhone: z.string().nullable(),
  homeownerEmail: z.string().nullable(),
  dateOfLoss: z.string().nullable(),
  lossDescription: z.string().nullable(),
  lossType: lossTypeSchema.nullable(),
  lossTypeSource: lossTypeSourceSchema.nullable(),
  structures: z.array(structureSchema),
  carrierId: idSchema.nullable(),
  carrierName: z.string().nullable(),
  policyNumber: z.string().nullable(),
  claimNumber: z.string().nullable(),
  adjusterName: z.string().nullable(),
  adjusterPhone: z.string().nullable(),
  adjusterEmail: z.string().nullable(),
  deductibleCents: z.number().int().nullable(),
  notes: z.string().nullable(),
  fieldEditedAt: z.record(z.string(), z.string()),
  /** Live photos (not deleted) of the session, and how many per capture phase. */
  photoCount: z.number().int(),
  photosByPhase: z.partialRecord(z.enum(CAPTURE_PHASE_VALUES), z.number().int()),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InspectionSession = z.infer<typeof inspectionSessionSchema>;

/** What a session holds before anything is entered: the server's new row and the device's draft start from it. */
export const BLANK_INSPECTION_CONTENT = {
  status: 'in_progress',
  street: '',
  city: null,
  state: null,
  zip: null,
  latitude: null,
  longitude: null,
  homeownerName: null,
  homeownerPhone: null,
  homeownerEmail: null,
  dateOfLoss: null,
  lossDescription: null,
  lossType: null,
  lossTypeSource: null,
  structures: [],
  carrierId: null,
  carrierName: null,
  policyNumber: null,
  claimNumber: null,
  adjusterName: null,
  adjusterPhone: null,
  adjusterEmail: null,
  deductibleCents: null,
  notes: null,
} as const satisfies Partial<InspectionSession>;

/** A row of /field-inspections and of the field hub. */
export const inspectionSummarySchema = inspectionSessionSchema.pick({
  id: true,
  projectId: true,
  status: true,
  inspector: true,
  street: true,
  city: true,
  state: true,
  zip: true,
  homeownerName: true,
  photoCount: true,
  createdAt: true,
  updatedAt: true,
});
export type InspectionSummary = z.infer<typeof inspectionSummarySchema>;

export const INSPECTION_PAGE_SIZES = [25, 50, 100] as const;

/** GET /api/inspections: newest activity first. `mine` keeps the actor's own sessions. */
export const inspectionListQuerySchema = z.object({
  q: searchTermSchema(120).optional(),
  status: inspectionStatusSchema.optional(),
  mine: z.enum(['1', '0']).optional(),
  projectId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (INSPECTION_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 25, 50 or 100')
    .default(25),
});
export type InspectionListQuery = z.input<typeof inspectionListQuerySchema>;
export const inspectionListSchema = z.object({ sessions: z.array(inspectionSummarySchema), total: z.number().int() });
export type InspectionList = z.infer<typeof inspectionListSchema>;

/** GET /api/inspections/:id/activity: newest first. `oldValue` keeps what an edit overwrote. */
export const inspectionActivityEntrySchema = z.object({
  id: idSchema,
  kind: z.enum([
    'created',
    'field_changed',
    'edit_superseded',
    'status_changed',
    'photo_uploaded',
    'photo_deleted',
    'photo_restored',
    'photo_moved',
    'converted',
  ]),
  field: z.string().nullable(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  body: z.string().nullable(),
  actor: personRef,
  createdAt: z.string(),
});
export type InspectionActivityEntry = z.infer<typeof inspectionActivityEntrySchema>;
export const inspectionActivityListSchema = z.object({ entries: z.array(inspectionActivityEntrySchema) });
export type InspectionActivityList = z.infer<typeof inspectionActivityListSchema>;

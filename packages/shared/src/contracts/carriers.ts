import { z } from 'zod';
import { idSchema, longText, shortText, singleLineString, updateBody } from './common';
import { optionalContactEmailSchema, optionalContactPhoneSchema, searchTermSchema } from './fields';
import { projectSummarySchema } from './project-views';

// The carrier directory of a company: insurance carriers and the adjusters met.
// GET/POST /api/carriers, GET/PATCH/DELETE /api/carriers/:id (the page lists its projects and adjusters),
// GET/POST /api/adjusters, PATCH/DELETE /api/adjusters/:id.

const portalUrl = singleLineString()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter a web address starting with https://' }))
  .or(z.literal('').transform(() => null))
  .nullable()
  .optional();
const notes = longText(2000).nullable().optional();

export const carrierSchema = z.object({
  id: idSchema,
  name: z.string(),
  claimsPhone: z.string().nullable(),
  claimsEmail: z.string().nullable(),
  portalUrl: z.string().nullable(),
  notes: z.string().nullable(),
  projectCount: z.number().int(),
  adjusterCount: z.number().int(),
  /** Who added it (null when not recorded): a member changes only what they added. */
  createdBy: idSchema.nullable(),
});
export type Carrier = z.infer<typeof carrierSchema>;
export const carrierListSchema = z.object({ carriers: z.array(carrierSchema) });
export type CarrierList = z.infer<typeof carrierListSchema>;

export const adjusterSchema = z.object({
  id: idSchema,
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  carrier: z.object({ id: idSchema, name: z.string() }).nullable(),
  /** Who added them (null when not recorded): a member changes only what they added. */
  createdBy: idSchema.nullable(),
});
export type Adjuster = z.infer<typeof adjusterSchema>;
export const adjusterListSchema = z.object({ adjusters: z.array(adjusterSchema) });
export type AdjusterList = z.infer<typeof adjusterListSchema>;

/** GET /api/carriers/:id */
export const carrierDetailSchema = z.object({
  carrier: carrierSchema,
  adjusters: z.array(adjusterSchema),
  projects: z.array(projectSummarySchema),
});
export type CarrierDetail = z.infer<typeof carrierDetailSchema>;

/** GET /api/carriers?q= and GET /api/adjusters?q=&carrierId= */
export const directoryQuerySchema = z.object({ q: searchTermSchema(120).optional(), carrierId: z.uuid().optional() });
export type DirectoryQuery = z.input<typeof directoryQuerySchema>;

/** POST /api/carriers (409 CARRIER_EXISTS for a name already in the directory, any case). */
export const createCarrierSchema = z.object({
  name: shortText(120),
  claimsPhone: optionalContactPhoneSchema,
  claimsEmail: optionalContactEmailSchema,
  portalUrl,
  notes,
});
export type CreateCarrierInput = z.input<typeof createCarrierSchema>;
export const updateCarrierSchema = updateBody({
  name: shortText(120).optional(),
  claimsPhone: optionalContactPhoneSchema,
  claimsEmail: optionalContactEmailSchema,
  portalUrl,
  notes,
});
export type UpdateCarrierInput = z.input<typeof updateCarrierSchema>;

export const createAdjusterSchema = z.object({
  name: shortText(120),
  phone: optionalContactPhoneSchema,
  email: optionalContactEmailSchema,
  notes,
  carrierId: z.uuid().nullable().optional(),
});
export type CreateAdjusterInput = z.input<typeof createAdjusterSchema>;
export const updateAdjusterSchema = updateBody({
  name: shortText(120).optional(),
  phone: optionalContactPhoneSchema,
  email: optionalContactEmailSchema,
  notes,
  carrierId: z.uuid().nullable().optional(),
});
export type UpdateAdjusterInput = z.input<typeof updateAdjusterSchema>;

import { z } from 'zod';
import { STATUS_MOVE_MODES } from '../domain/status-progress';
import { shortText, singleLineString } from './common';
import { contactEmailSchema, contactPhoneSchema } from './fields';
import { isIanaTimeZone, TIME_ZONE_MAX } from '../domain/time-zones';
import { ICE_BARRIER_EAVE_FT_MAX, ICE_BARRIER_EAVE_FT_MIN, US_STATE_CODES } from '../domain/ice-barrier';
import { companyRoleSchema, teamEntry } from './team-views';

export * from './team-views';

/** POST /api/team/invitations: owners cannot be invited, only promoted. */
export const inviteSchema = z.object({
  email: contactEmailSchema,
  role: z.enum(['manager', 'member']),
});
export type InviteInput = z.infer<typeof inviteSchema>;

/** PATCH /api/team/members/:id */
export const changeRoleSchema = z.object({ role: companyRoleSchema });

/** Invitation details shown before accepting. */
export const invitationPreviewSchema = z.object({ ...teamEntry, companyName: z.string(), inviterName: z.string(), status: z.string() });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** PATCH /api/company */
export const updateCompanySchema = z
  .object({
    name: shortText(120),
    phone: contactPhoneSchema.or(z.literal('')),
    address: z.string().trim().max(300),
    hailHitThreshold: z.number().int().min(1).max(100),
    /** An IANA zone name ("America/Chicago"), as the browser names it. */
    timeZone: singleLineString().trim().max(TIME_ZONE_MAX).refine(isIanaTimeZone, 'Choose a time zone from the list'),
    /** What a claim file's events do to its status: move it forward, or suggest the move (decision 042). */
    statusMoves: z.enum(STATUS_MOVE_MODES),
    /** The state the company's jobs are in; null reads it from the address. */
    jurisdictionState: z.enum(US_STATE_CODES).nullable(),
    /** Whether its jurisdiction requires an ice barrier at the eaves; null follows the state's default. */
    iceBarrierAtEaves: z.boolean().nullable(),
    /** How far up the roof from the eave's edge the barrier runs, in whole feet. */
    iceBarrierEaveFt: z
      .number()
      .int(`Enter a whole number of feet from ${ICE_BARRIER_EAVE_FT_MIN} to ${ICE_BARRIER_EAVE_FT_MAX}`)
      .min(ICE_BARRIER_EAVE_FT_MIN, `Enter a whole number of feet from ${ICE_BARRIER_EAVE_FT_MIN} to ${ICE_BARRIER_EAVE_FT_MAX}`)
      .max(ICE_BARRIER_EAVE_FT_MAX, `Enter a whole number of feet from ${ICE_BARRIER_EAVE_FT_MIN} to ${ICE_BARRIER_EAVE_FT_MAX}`),
  })
  .partial();
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;

/** PATCH /api/me */
export const updateMeSchema = z
  .object({
    firstName: shortText(60),
    lastName: shortText(60),
    phone: contactPhoneSchema.or(z.literal('')),
  })
  .partial();
export type UpdateMeInput = z.infer<typeof updateMeSchema>;

import { z } from 'zod';
import { DEFAULT_STATUS_MOVE_MODE, STATUS_MOVE_MODES } from '../domain/status-progress';
import { CODE_EDITIONS } from '../domain/assistant';
import { UNSET_ICE_BARRIER, US_STATE_CODES } from '../domain/ice-barrier';
import { COMPANY_ROLES } from '../domain/roles';
import { PLAN_IDS } from '../domain/plans';
import { idSchema } from './common';

// The read shapes of people and companies that every signed-in page loads (me, the company, the team):
// apart from the write contracts, so the first load carries no write rules. `contracts/team.ts`
// re-exports everything here.

export const companyRoleSchema = z.enum(COMPANY_ROLES);
export type CompanyRoleInput = z.infer<typeof companyRoleSchema>;

// What every row of /team (a member, an invitation) and an invitation's preview carry.
export const teamEntry = { id: idSchema, email: z.string(), role: companyRoleSchema };

/** A member row on /team. */
export const memberSchema = z.object({ ...teamEntry, userId: idSchema, name: z.string(), joinedAt: z.string() });
export type Member = z.infer<typeof memberSchema>;

/** A pending invitation on /team. */
export const invitationSchema = z.object({ ...teamEntry, status: z.string(), expiresAt: z.string() });
export type Invitation = z.infer<typeof invitationSchema>;

export const teamResponseSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
  myRole: companyRoleSchema,
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

/** Where the company's estimates charge ice and water barrier, each choice with where it came from (domain/ice-barrier). */
export const iceBarrierSettingSchema = z.object({
  state: z.enum(US_STATE_CODES).nullable(),
  stateFrom: z.enum(['chosen', 'address', 'none']),
  atEaves: z.boolean(),
  atEavesFrom: z.enum(['chosen', 'state', 'none']),
  eaveWidthFt: z.number().int(),
  edition: z.enum(CODE_EDITIONS),
});
export type IceBarrierSettingView = z.infer<typeof iceBarrierSettingSchema>;

/** The company profile on /settings. */
export const companySchema = z.object({
  id: idSchema,
  name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  logoUrl: z.string().nullable(),
  plan: z.enum(PLAN_IDS),
  trialEndsAt: z.string().nullable(),
  /** Hail hits in one test square at or above which an inspection recommends replacing the roof. */
  hailHitThreshold: z.number().int(),
  /** The IANA time zone documents print times in; null until the company sets one (documents print UTC). */
  timeZone: z.string().nullable(),
  /** What a claim file's events do to its status: 'move' it forward (default) or 'suggest' the move. */
  statusMoves: z.enum(STATUS_MOVE_MODES).default(DEFAULT_STATUS_MOVE_MODE),
  /** Where estimates charge ice and water barrier (a company read kept on a device before it existed reads the old rule). */
  iceBarrier: iceBarrierSettingSchema.default(UNSET_ICE_BARRIER),
});
export type Company = z.infer<typeof companySchema>;

/** The signed-in user's own profile. */
export const meSchema = z.object({
  id: idSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: z.enum(['admin', 'contractor']),
  isEnabled: z.boolean(),
  company: z.object({ id: idSchema, name: z.string(), role: companyRoleSchema }).nullable(),
});
export type Me = z.infer<typeof meSchema>;

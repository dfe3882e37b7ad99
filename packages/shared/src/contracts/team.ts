import { z } from 'zod';
import { COMPANY_ROLES } from '../domain/roles';
import { PLAN_IDS } from '../domain/plans';
import { idSchema, shortText } from './common';
import { contactEmailSchema, contactPhoneSchema } from './fields';

export const companyRoleSchema = z.enum(COMPANY_ROLES);
export type CompanyRoleInput = z.infer<typeof companyRoleSchema>;

// What every row of /team (a member, an invitation) and an invitation's preview carry.
const teamEntry = { id: idSchema, email: z.string(), role: companyRoleSchema };

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

/** The company profile on /settings. */
export const companySchema = z.object({
  id: idSchema,
  name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  logoUrl: z.string().nullable(),
  plan: z.enum(PLAN_IDS),
  trialEndsAt: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

/** PATCH /api/company */
export const updateCompanySchema = z
  .object({
    name: shortText(120),
    phone: contactPhoneSchema.or(z.literal('')),
    address: z.string().trim().max(300),
  })
  .partial();
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;

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

/** PATCH /api/me */
export const updateMeSchema = z
  .object({
    firstName: shortText(60),
    lastName: shortText(60),
    phone: contactPhoneSchema.or(z.literal('')),
  })
  .partial();
export type UpdateMeInput = z.infer<typeof updateMeSchema>;

import { z } from 'zod';
import { PLATFORM_ROLES } from '../domain/roles';
import { idSchema } from './common';
import { freeTextSchema, searchTermSchema } from './fields';

export * from './admin-views';

// Platform administration: the user list (disable / enable), impersonation
// and the Content-Security-Policy reports.

/** GET /api/admin/users?q=: search by name, email or company. */
export const adminUserQuerySchema = z.object({ q: searchTermSchema(120).optional().default('') });

export const adminUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  companyName: z.string().nullable(),
  role: z.enum(PLATFORM_ROLES),
  isEnabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.object({ users: z.array(adminUserSchema) });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** PATCH /api/admin/users/:id: disable (better-auth ban) or enable an account. */
export const setUserEnabledSchema = z.object({ isEnabled: z.boolean(), reason: freeTextSchema(500).optional() });
export type SetUserEnabled = z.infer<typeof setUserEnabledSchema>;

/** POST /api/functions/admin-impersonation: one function with the actions status, start and end. */
export const impersonationRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('status'), sessionId: idSchema.optional() }),
  z.object({ action: z.literal('start'), targetUserId: idSchema, reason: freeTextSchema(500).pipe(z.string().min(1, 'A reason is required')) }),
  z.object({ action: z.literal('end'), sessionId: idSchema.optional() }),
]);
export type ImpersonationRequest = z.infer<typeof impersonationRequestSchema>;

export const impersonationAuditEntrySchema = z.object({
  id: z.number(),
  admin: z.object({ id: idSchema, email: z.string() }),
  target: z.object({ id: idSchema, email: z.string() }),
  reason: z.string(),
  ip: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** active, ended (by the admin) or expired (the hour ran out). */
  status: z.enum(['active', 'ended', 'expired']),
});
export type ImpersonationAuditEntry = z.infer<typeof impersonationAuditEntrySchema>;
export const impersonationAuditSchema = z.object({ entries: z.array(impersonationAuditEntrySchema) });

/** POST /api/security/csp-violation: the browser's report as JSON, every field bounded. */
const reportText = (max: number) => z.string().max(max);
export const cspViolationSchema = z.object({
  documentURI: reportText(2048),
  referrer: reportText(2048).optional().default(''),
  blockedURI: reportText(2048).optional().default(''),
  violatedDirective: reportText(256).min(1),
  originalPolicy: reportText(4096).optional().default(''),
  disposition: z.enum(['enforce', 'report']).optional().default('enforce'),
  timestamp: z.union([z.number().nonnegative(), z.string().max(64)]).optional(),
});
export type CspViolation = z.input<typeof cspViolationSchema>;

export const cspReportSchema = z.object({
  id: z.number(),
  documentUri: z.string(),
  blockedUri: z.string().nullable(),
  violatedDirective: z.string(),
  disposition: z.string().nullable(),
  userAgent: z.string().nullable(),
  occurredAt: z.string().nullable(),
  receivedAt: z.string(),
});
export type CspReport = z.infer<typeof cspReportSchema>;
export const cspReportListSchema = z.object({ reports: z.array(cspReportSchema) });

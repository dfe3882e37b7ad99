import { z } from 'zod';
import { idSchema } from './common';

// The admin contract's read shapes that every signed-in page parses (the impersonation status the
// shell reads) and the disabled account's error code, apart from its write rules: re-exported by
// admin.ts.

/** The error code of every API call by a disabled account, but the session read and sign-out. */
export const ACCOUNT_DISABLED_CODE = 'ACCOUNT_DISABLED';

export const impersonatedUserSchema = z.object({ id: idSchema, email: z.string(), name: z.string() });
export type ImpersonatedUser = z.infer<typeof impersonatedUserSchema>;

/** The function's answer: every field always present, those that do not apply to the action null. */
const userOrNull = impersonatedUserSchema.nullable();
const textOrNull = z.string().nullable();
export const impersonationResponseSchema = z.object({
  success: z.boolean(),
  isImpersonating: z.boolean(),
  impersonatedUser: userOrNull,
  targetUser: userOrNull,
  sessionId: textOrNull,
  expiresAt: textOrNull,
  error: textOrNull,
});
export type ImpersonationResponse = z.infer<typeof impersonationResponseSchema>;

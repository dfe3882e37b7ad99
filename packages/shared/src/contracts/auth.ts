import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain/password-policy';
import { PLAN_IDS } from '../domain/plans';
import { TIME_ZONE_MAX } from '../domain/time-zones';
import { idSchema, shortText, singleLineString } from './common';
import { contactEmailSchema, contactPhoneSchema } from './fields';

/** A new password: length only, the server also refuses common passwords. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * Sign-up request: the person, their company and phone, plus credentials. `plan` is the plan chosen
 * on the landing page (the company's chosen plan; the trial counts as Professional until it ends).
 * Through an invitation, `invitationId` names it and `invitationKey` (from the mailed link) proves
 * the address, so it needs no confirmation mail.
 */
export const signUpSchema = z.object({
  firstName: shortText(60),
  lastName: shortText(60),
  companyName: shortText(120),
  phone: contactPhoneSchema,
  email: contactEmailSchema,
  password: passwordSchema,
  plan: z.enum(PLAN_IDS).optional(),
  invitationId: idSchema.optional(),
  invitationKey: z.string().trim().min(1).max(128).optional(),
  /** The browser's time zone: the new company's, when it is an IANA zone (otherwise it is left unset). */
  timeZone: singleLineString().max(TIME_ZONE_MAX).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The sign-up form's fields: what the person types (the plan, the invitation and the time zone come from the link and the browser). */
export const signUpFormSchema = signUpSchema.omit({ plan: true, invitationId: true, invitationKey: true, timeZone: true });

/** Sign-in form. */
export const signInSchema = z.object({
  email: contactEmailSchema,
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** POST /api/rpc/user_exists_by_email {_email}: whether an account uses the address. */
export const userExistsSchema = z.object({ _email: contactEmailSchema });
export const userExistsResponseSchema = z.boolean();

/** Forgot-password request. */
export const forgotPasswordSchema = z.object({ email: contactEmailSchema });

/** Ask for the confirmation mail again (the link always lands on /auth). */
export const resendConfirmationSchema = z.object({ email: forgotPasswordSchema.shape.email, callbackURL: z.string().max(200).optional() });

/** Set a new password from a reset link. */
export const resetPasswordSchema = z.object({ token: z.string().min(1).max(512), newPassword: passwordSchema });

/** Change password while signed in. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
  /** Other devices are signed out unless the caller asks to keep them (false). */
  revokeOtherSessions: z.boolean().optional(),
});

/** Multi-factor calls: POST /factors/{factorId}/challenge. */
export const factorChallengeSchema = z.object({ channel: z.string().max(20).optional() });
/** Multi-factor calls: POST /factors/{factorId}/verify. */
export const factorVerifySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  challenge_id: z.string().min(1).max(128),
});

/** Turning two-factor off needs the password and a current code from the authenticator. */
export const disableTwoFactorSchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

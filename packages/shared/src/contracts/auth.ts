import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain/password-policy';
import { TIME_ZONE_MAX } from '../domain/time-zones';
import { idSchema, shortText, singleLineString } from './common';
import { contactEmailSchema, contactPhoneSchema } from './fields';

/** A new password: length only, the server also refuses common passwords. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Sign-up form and request: the person, their company and phone, plus credentials. */
export const signUpSchema = z.object({
  firstName: shortText(60),
  lastName: shortText(60),
  companyName: shortText(120),
  phone: contactPhoneSchema,
  email: contactEmailSchema,
  password: passwordSchema,
  invitationId: idSchema.optional(),
  /** The browser's time zone: the new company's, when it is an IANA zone (otherwise it is left unset). */
  timeZone: singleLineString().max(TIME_ZONE_MAX).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Sign-up through an invitation: the company comes from the invitation. */
export const signUpFormSchema = signUpSchema.omit({ invitationId: true, timeZone: true });

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
  code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code'),
  challenge_id: z.string().min(1).max(128),
});

/** Turning two-factor off needs the password and a current code from the authenticator. */
export const disableTwoFactorSchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

import { EMAIL_ALREADY_REGISTERED_MESSAGE } from '@ridgeline/shared/domain/auth-messages';
import { ApiError } from '../../lib/api-client';

const pad = (n: number) => String(n).padStart(2, '0');

/** When a rate-limited user may try again: 'Too many attempts. Try again at 14:35 (in 30 minutes).' */
export function retryAfterMessage(retryAfterSeconds: number | null, now: Date = new Date()): string {
  if (!retryAfterSeconds) return 'Too many attempts. Please wait a few minutes and try again.';
  const at = new Date(now.getTime() + retryAfterSeconds * 1000);
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Try again at ${pad(at.getHours())}:${pad(at.getMinutes())} (in ${minutes} minute${minutes === 1 ? '' : 's'}).`;
}

/** The provider's message for a failed auth call, in words a user can act on. */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'An unexpected error occurred. Please try again.';
  if (error.code === 'EMAIL_NOT_VERIFIED') {
    return 'Please confirm your email address first: open the link we sent you when you signed up (check your spam folder too).';
  }
  if (error.code === 'BANNED_USER') return 'Your account access has been disabled by an administrator.';
  if (error.status === 429) return retryAfterMessage(error.retryAfter);
  return error.message;
}

/** True when the server says the address already has an account (spec section 5). */
export function isAlreadyRegistered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.code === 'EMAIL_ALREADY_REGISTERED' ||
    /already (registered|exists)/i.test(error.message) ||
    error.message === EMAIL_ALREADY_REGISTERED_MESSAGE
  );
}

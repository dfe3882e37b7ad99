import { EMAIL_ALREADY_REGISTERED_MESSAGE } from '@ridgeline/shared/domain/auth-messages';
import { ApiError } from '../../lib/api-client';

/** The provider's message for a failed auth call, in words a user can act on. */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'An unexpected error occurred. Please try again.';
  if (error.code === 'EMAIL_NOT_VERIFIED') return 'Please confirm your email address first: we sent you a link when you signed up.';
  if (error.code === 'BANNED_USER') return 'Your account access has been disabled by an administrator.';
  if (error.status === 429 && error.retryAfter) {
    const at = new Date(Date.now() + error.retryAfter * 1000);
    const minutes = Math.ceil(error.retryAfter / 60);
    return `Too many attempts. You can try again at ${at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })} (in ${minutes} minute${minutes === 1 ? '' : 's'}).`;
  }
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

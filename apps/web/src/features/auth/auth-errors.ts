import { EMAIL_ALREADY_REGISTERED_MESSAGE } from '@ridgeline/shared/domain/auth-messages';
import { ApiError } from '../../lib/api-client';

/** True when the server says the address already has an account (sign-up shows its own sentence then). */
export function isAlreadyRegistered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === 'EMAIL_ALREADY_REGISTERED' || /already (registered|exists)/i.test(error.message) || error.message === EMAIL_ALREADY_REGISTERED_MESSAGE;
}

import { mapError } from '@ridgeline/shared/domain/error-mapper';
import { errorMessage, isErrorCode, type ErrorCode } from '@ridgeline/shared/domain/errors';
import { ApiError } from './api-client';

// THE one place the web app turns an error into the sentence a user reads. The rule:
// 1. an API answer whose catalogue code has words of its own here gets those words (they tell the
//    user what to do next, which the server's sentence does not);
// 2. any other API answer gets the server's message, or the catalogue's words when it sent none;
// 3. anything else (a thrown TypeError, a parse failure) goes through the shared mapError.

const pad = (n: number) => String(n).padStart(2, '0');

/** When a rate-limited user may try again: 'Too many attempts. Try again at 14:35 (in 30 minutes).' */
export function retryAfterMessage(retryAfterSeconds: number | null, now: Date = new Date()): string {
  if (!retryAfterSeconds) return 'Too many attempts. Please wait a few minutes and try again.';
  const at = new Date(now.getTime() + retryAfterSeconds * 1000);
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Try again at ${pad(at.getHours())}:${pad(at.getMinutes())} (in ${minutes} minute${minutes === 1 ? '' : 's'}).`;
}

/** The catalogue codes whose words on the web differ from the server's sentence. */
const WORDS: Partial<Record<ErrorCode, (error: ApiError) => string>> = {
  EMAIL_NOT_VERIFIED: () =>
    'Please confirm your email address first: open the link we sent you when you signed up (check your spam folder too).',
  RATE_LIMITED: (error) => retryAfterMessage(error.retryAfter),
};

/** The sentence to show for any failure. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const words = isErrorCode(error.code) ? WORDS[error.code] : undefined;
    if (words) return words(error);
    if (error.status === 429) return retryAfterMessage(error.retryAfter);
    if (error.message) return error.message;
    return isErrorCode(error.code) ? errorMessage(error.code) : mapError(error, { log: () => undefined }).message;
  }
  // Handled here means shown to the user; the global handlers log what nobody handled.
  return mapError(error, { log: () => undefined }).message;
}

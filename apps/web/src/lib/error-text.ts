import type { z } from 'zod';
import { mapError } from '@ridgeline/shared/domain/error-mapper';
import { errorMessage, isErrorCode, type ErrorCode } from '@ridgeline/shared/domain/errors';
import { ApiError } from './api-client';
import { formatDate } from './dates';

// THE one place the web app turns an error into the sentence a user reads. The rule:
// 1. an API answer whose catalogue code has words of its own here gets those words (they tell the
//    user what to do next, which the server's sentence does not);
// 2. any other API answer gets the server's message, or the catalogue's words when it sent none;
// 3. anything else (a thrown TypeError, a parse failure) goes through the shared mapError.
// A form field's error is the schema's own words where the contract wrote some; where it left zod
// to say it, `formIssueText` says it as a person would (every form passes it to zod, see
// components/ui/form.tsx), so no form ever shows zod's default words.

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
  EMAIL_NOT_VERIFIED: () => 'Please confirm your email address first: open the link we sent you when you signed up (check your spam folder too).',
  RATE_LIMITED: (error) => retryAfterMessage(error.retryAfter),
  // A 429 that is not about retrying soon: the server's sentence names the company's limit and when it starts again.
  ASSISTANT_DAILY_LIMIT: (error) => error.message || errorMessage('ASSISTANT_DAILY_LIMIT'),
  // An hour's upload quota: the server's sentence names the limit (the user's, the company's or the screenshots') and when uploads continue.
  UPLOAD_QUOTA_EXCEEDED: (error) => error.message || errorMessage('UPLOAD_QUOTA_EXCEEDED'),
  // A 429 about the user's own earlier request still running, not about too many attempts.
  READ_IN_PROGRESS: (error) => error.message || errorMessage('READ_IN_PROGRESS'),
};

/** The sentence to show for any failure. */
/** What the phone says when its browser refuses to store more (IndexedDB's quota): trying again at once would fail again. */
export const DEVICE_STORAGE_FULL =
  'This phone has no room left to keep more photos for upload. Let the waiting photos upload, or free some space on the phone, then take these again.';

/** The browser's storage refused a write for want of room (the DOMException, or Dexie's error wrapping it). */
function isDeviceStorageFull(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, inner } = error as { name?: unknown; inner?: unknown };
  return name === 'QuotaExceededError' || (inner !== undefined && inner !== error && isDeviceStorageFull(inner));
}

export function errorText(error: unknown): string {
  if (isDeviceStorageFull(error)) return DEVICE_STORAGE_FULL;
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

const count = (n: number | bigint) => (typeof n === 'bigint' ? n.toString() : n.toLocaleString('en-US'));
const characters = (n: number | bigint) => `${count(n)} ${n === 1 || n === 1n ? 'character' : 'characters'}`;

/** Whether a field was left empty (nothing typed, or nothing chosen). */
const isEmpty = (input: unknown) => input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

/** A date bound in words: 'Nov 23, 2026'. */
const dateWords = (bound: number | bigint) => formatDate(Number(bound));

/**
 * What a form field says when the schema gave no words of its own, for every kind of zod issue:
 * 'Fill in this field.', 'Use at most 120 characters.', 'Enter a valid email address.' and so on.
 */
export function formIssueText(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'too_small': {
      const { origin, minimum } = issue;
      if (origin === 'string') return Number(minimum) <= 1 ? 'Fill in this field.' : `Use at least ${characters(minimum)}.`;
      if (origin === 'array' || origin === 'set') return Number(minimum) <= 1 ? 'Choose at least one.' : `Choose at least ${count(minimum)}.`;
      if (origin === 'date') return `Choose a date on or after ${dateWords(minimum)}.`;
      if (origin === 'file') return 'Choose a file that is not empty.';
      return issue.inclusive === false ? `Enter a number greater than ${count(minimum)}.` : `Enter ${count(minimum)} or more.`;
    }
    case 'too_big': {
      const { origin, maximum } = issue;
      if (origin === 'string') return `Use at most ${characters(maximum)}.`;
      if (origin === 'array' || origin === 'set') return `Choose at most ${count(maximum)}.`;
      if (origin === 'date') return `Choose a date on or before ${dateWords(maximum)}.`;
      if (origin === 'file') return 'Choose a smaller file.';
      return issue.inclusive === false ? `Enter a number less than ${count(maximum)}.` : `Enter ${count(maximum)} or less.`;
    }
    case 'invalid_type':
      if (isEmpty(issue.input)) return 'Fill in this field.';
      if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint') return 'Enter a number.';
      if (issue.expected === 'date') return 'Enter a date.';
      if (issue.expected === 'boolean') return 'Choose yes or no.';
      return 'Check this field.';
    case 'invalid_format':
      if (isEmpty(issue.input)) return 'Fill in this field.';
      switch (issue.format) {
        case 'email':
          return 'Enter a valid email address, like name@example.com.';
        case 'url':
          return 'Enter a web address starting with https://.';
        case 'date':
          return 'Enter a date.';
        case 'datetime':
          return 'Enter a date and a time.';
        case 'time':
          return 'Enter a time.';
        case 'uuid':
        case 'guid':
        case 'cuid':
        case 'cuid2':
        case 'ulid':
        case 'nanoid':
          return 'Choose one from the list.';
        default:
          return 'Check the format of this field.';
      }
    case 'invalid_value':
      return 'Choose one of the options.';
    case 'not_multiple_of':
      return `Enter a multiple of ${count(issue.divisor)}.`;
    case 'unrecognized_keys':
      return 'This form has a field it should not. Reload the page and try again.';
    case 'invalid_key':
    case 'invalid_element':
    case 'invalid_union':
    case 'custom':
    default:
      return isEmpty(issue.input) ? 'Fill in this field.' : 'Check this field.';
  }
}

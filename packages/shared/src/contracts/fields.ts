import { z } from 'zod';
import { sanitizeEmail, sanitizePhone, sanitizeSql, sanitizeText } from '../domain/sanitizers';
import { emailSchema, phoneSchema } from './common';

// The fields every contract shares, cleaned by the sanitizers before they are validated. Cleaning
// is an extra layer: the server still binds every value as a query parameter and escapes output.

/** An e-mail address: trimmed and lowercased, anything that is not an address becomes '' and is refused (the first bound keeps the pattern test short). */
export const contactEmailSchema = z.string().max(1000).transform(sanitizeEmail).pipe(emailSchema);

/** A phone number: only digits, + - ( ) . and single spaces are kept, then 7 to 30 of them are required. */
export const contactPhoneSchema = z
  .string()
  .max(100)
  .transform((value) => sanitizePhone(value).replace(/\s+/g, ' ').trim())
  .pipe(phoneSchema);

/** A search term, trimmed and bounded, without quotes, semicolons or backslashes (names like O'Brien stay whole). */
export const searchTermSchema = (max = 120) => z.string().trim().max(max).transform(sanitizeSql);

/** Stored free text (reasons, notes): no markup characters, quotes or slashes, at most `max` characters. */
export const freeTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => sanitizeText(value, max).replace(/ {2,}/g, ' ').trim());

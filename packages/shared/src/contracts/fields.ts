import { z } from 'zod';
import { sanitizeEmail, sanitizePhone, sanitizeSql, sanitizeText } from '../domain/sanitizers';
import { emailSchema, phoneSchema, singleLineString } from './common';

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

/** An amount of money in integer cents, from none to a hundred million dollars. */
export const centsSchema = z.number().int().min(0).max(100_000_000_00);

/** A single line of text of at most `max` characters, trimmed; null or absent when not given. */
export const optionalLineSchema = (max: number) => singleLineString().trim().max(max).nullable().optional();

/** An empty string clears a contact field; anything else must be a valid address or number. */
export const optionalContactEmailSchema = contactEmailSchema
  .or(z.literal('').transform(() => null))
  .nullable()
  .optional();
export const optionalContactPhoneSchema = contactPhoneSchema
  .or(z.literal('').transform(() => null))
  .nullable()
  .optional();

/** The property's address, as a claim file and an inspection both name its fields. */
export const PROPERTY_ADDRESS_FIELDS = ['street', 'city', 'state', 'zip'] as const;

/** How to reach the homeowner, as a claim file and an inspection both name its fields. */
export const HOMEOWNER_CONTACT_FIELDS = ['homeownerName', 'homeownerPhone', 'homeownerEmail'] as const;

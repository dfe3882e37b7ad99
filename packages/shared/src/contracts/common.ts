import { z } from 'zod';

// Control characters (U+0000-U+001F and U+007F) are refused in every text field: PostgreSQL cannot
// store a NUL, and none of them is typed by a person. Multi-line fields keep tab, newline and
// carriage return; single-line fields (names, e-mails, phones, ids) refuse those too.
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;

export const CONTROL_CHARACTER_MESSAGE = 'Control characters are not allowed';

/** Whether the text holds a refused control character (multi-line text may hold tab, LF and CR). */
export function hasControlCharacter(text: string, options: { multiLine: boolean }): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === DELETE) return true;
    if (code >= 0x20) continue;
    if (options.multiLine && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
}

// A lone surrogate (one half of a UTF-16 pair, U+D800-U+DFFF, without its other half) is not text:
// PostgreSQL cannot store it, and JSON.parse makes one from an escape such as "\ud800". It is refused
// wherever text is taken, like a control character. A well-formed pair (an emoji) is one character.
export const LONE_SURROGATE_MESSAGE = 'Text must be valid Unicode (a lone surrogate, half of a character, is not allowed)';

/** With the u flag a well-formed pair is one code point above U+FFFF, so only a lone half matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Whether the text holds a lone surrogate. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** A string with no control character at all and no lone surrogate. */
export const singleLineString = () =>
  z
    .string()
    .refine((text) => !hasControlCharacter(text, { multiLine: false }), CONTROL_CHARACTER_MESSAGE)
    .refine((text) => !hasLoneSurrogate(text), LONE_SURROGATE_MESSAGE);

/** A string that may span lines (tab, LF, CR) but holds no other control character and no lone surrogate. */
export const multiLineString = () =>
  z
    .string()
    .refine((text) => !hasControlCharacter(text, { multiLine: true }), CONTROL_CHARACTER_MESSAGE)
    .refine((text) => !hasLoneSurrogate(text), LONE_SURROGATE_MESSAGE);

// Dates. PostgreSQL has no year 0 and cannot read the years JavaScript writes past 9999
// (+010000-01-01), so such a date, well-formed as text, failed in the database with a 500. No date
// the product takes (a date of loss, a due date, a payment, the homeowner's signature, when a photo
// was taken or an edit made, the range of a view) falls outside 1900-2100: every date a request
// carries is held to that range, and one outside is a 400. Answers keep plain ISO dates: they
// describe what is stored.
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2100-12-31';
export const DATE_RANGE_MESSAGE = `Enter a date from ${DATE_MIN} to ${DATE_MAX}`;
const FIRST_INSTANT = Date.parse(`${DATE_MIN}T00:00:00Z`);
const END_INSTANT = Date.parse('2101-01-01T00:00:00Z');

/** A calendar date (YYYY-MM-DD) a request carries, 1900-01-01 to 2100-12-31; `error` words a malformed one. */
export const calendarDate = (params?: { error: string }) => z.iso.date(params).refine((text) => text >= DATE_MIN && text <= DATE_MAX, DATE_RANGE_MESSAGE);

/** An instant a request carries (ISO 8601 with Z or an offset), 1900-01-01 to 2100-12-31 in UTC. */
export const dateTime = () =>
  z.iso.datetime({ offset: true }).refine((text) => {
    const instant = Date.parse(text);
    return instant >= FIRST_INSTANT && instant < END_INSTANT;
  }, DATE_RANGE_MESSAGE);

// An update (a PATCH body) names at least one field: one that names none is a 400 "Nothing to change"
// on the body itself (no path), so nothing is written and no activity is recorded for it. A field
// given as undefined (left out) names nothing; null names a field (it clears it).
export const NOTHING_TO_CHANGE_MESSAGE = 'Nothing to change';

/** Whether the fields of an update name at least one change (a value other than undefined). */
export const namesAChange = (fields: object): boolean => Object.values(fields).some((value) => value !== undefined);

/** An update's body: these optional fields, refused with "Nothing to change" when it names none of them. */
export const updateBody = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape).refine(namesAChange, NOTHING_TO_CHANGE_MESSAGE);

/** Trimmed, bounded free text for names and titles. */
export const shortText = (max = 120) => singleLineString().trim().min(1).max(max);

/** Trimmed, bounded text that may span lines (addresses, descriptions, reasons). */
export const longText = (max = 2000) => multiLineString().trim().max(max);

/** An e-mail address, trimmed and lowercased. */
export const emailSchema = singleLineString().trim().toLowerCase().max(254).pipe(z.email());

/** A phone number: digits and + - ( ) . and spaces, 7 to 30 characters. */
export const phoneSchema = z
  .string()
  .trim()
  .max(30)
  .regex(/^[0-9+\-(). ]{7,30}$/, 'Enter a valid phone number');

/** Ids generated by better-auth and by the server. */
export const idSchema = singleLineString().min(1).max(64);

/** A route's `:id` parameter holding a better-auth or server id. */
export const idParamSchema = z.object({ id: idSchema });

/** A route's `:id` parameter holding a uuid primary key. */
export const uuidParamSchema = z.object({ id: z.uuid() });

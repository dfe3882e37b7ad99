import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarDate, DATE_RANGE_MESSAGE, dateTime, hasLoneSurrogate, longText, NOTHING_TO_CHANGE_MESSAGE, shortText, updateBody } from './common';

// A lone surrogate (half of a UTF-16 pair) is not text; a well-formed pair is one character.

describe('lone surrogates', () => {
  it('are found wherever they stand, and a pair (an emoji) is not one', () => {
    for (const text of ['\ud800', 'a\udfff', '\ud83c', 'x\ud83cy', '\udfe0\ud83c', '🏠\ud800', '\ud800🏠'])
      expect(hasLoneSurrogate(text), JSON.stringify(text)).toBe(true);
    for (const text of ['', 'Hail hit', '🏠', '\ud83c\udfe0', 'Roof 🏠 and 👷 crew', 'Café ß 中文']) expect(hasLoneSurrogate(text), text).toBe(false);
  });

  it('are refused by the shared text fields, single- and multi-line', () => {
    expect(shortText().safeParse('Main\ud800 house').success).toBe(false);
    expect(longText().safeParse('Line one\nline \udc00two').success).toBe(false);
    expect(shortText().parse('Main house 🏠')).toBe('Main house 🏠');
    expect(longText().parse('Line one\nline 🏠 two')).toBe('Line one\nline 🏠 two');
  });
});

// PostgreSQL has no year 0 and cannot read JavaScript's years past 9999: a date a request carries is
// 1900-01-01 to 2100-12-31, or refused with words naming the range.
describe('dates a request carries', () => {
  it('are calendar dates from 1900-01-01 to 2100-12-31', () => {
    for (const date of ['1900-01-01', '2026-06-01', '2024-02-29', '2100-12-31']) expect(calendarDate().safeParse(date).success, date).toBe(true);
    for (const date of ['0000-01-01', '0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31']) {
      expect(calendarDate().safeParse(date).error?.issues[0]?.message, date).toBe(DATE_RANGE_MESSAGE);
    }
    for (const date of ['2023-02-29', '2026-13-01', '26-06-01', '+010000-01-01', '']) expect(calendarDate().safeParse(date).success, date).toBe(false);
    expect(calendarDate({ error: 'Enter a date.' }).safeParse('June 1').error?.issues[0]?.message).toBe('Enter a date.');
  });

  it('are instants from 1900-01-01 to the end of 2100-12-31 in UTC, whatever their offset', () => {
    for (const time of ['1900-01-01T00:00:00Z', '2026-06-01T12:00:00.000Z', '2100-12-31T23:59:59.999Z', '2101-01-01T00:00:00+05:00']) {
      expect(dateTime().safeParse(time).success, time).toBe(true);
    }
    for (const time of ['0000-01-01T00:00:00.000Z', '1899-12-31T23:59:59Z', '1900-01-01T00:00:00+01:00', '2101-01-01T00:00:00Z', '2100-12-31T23:00:00-05:00']) {
      expect(dateTime().safeParse(time).error?.issues[0]?.message, time).toBe(DATE_RANGE_MESSAGE);
    }
    for (const time of ['2026-06-01', '2026-06-01T12:00:00', 'yesterday']) expect(dateTime().safeParse(time).success, time).toBe(false);
  });
});

describe('an update body', () => {
  const patch = updateBody({ name: shortText().optional(), note: longText().nullable().optional() });

  it('is refused with "Nothing to change" on the body itself when it names no field', () => {
    for (const body of [{}, { name: undefined }]) {
      const result = patch.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'custom', message: NOTHING_TO_CHANGE_MESSAGE, path: [] })]);
    }
  });

  it('takes any one field, null included (it clears the field)', () => {
    expect(patch.parse({ name: 'Main house' })).toEqual({ name: 'Main house' });
    expect(patch.parse({ note: null })).toEqual({ note: null });
    expect(patch.shape.name).toBeInstanceOf(z.ZodOptional);
  });
});

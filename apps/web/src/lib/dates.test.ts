import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatMonthDay, formatTime } from './dates';

// One date format per locale: the helpers write every date, and no other file of the app formats a
// date or a time by itself (numbers may still be written with toLocaleString('en-US')).

const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./dates.ts'], { eager: true, query: '?raw', import: 'default' });

/** A date or time formatted on the spot: toLocaleDateString, toLocaleTimeString, Intl.DateTimeFormat, or toLocaleString other than a number's. */
const OWN_FORMAT = /toLocaleDateString|toLocaleTimeString|DateTimeFormat|toLocaleString\((?!'en-US'\))/;

describe('dates', () => {
  it('writes a day, a moment, a time and a calendar day in the reader’s locale (US English here)', () => {
    const at = new Date(2026, 10, 23, 14, 5, 9);
    expect(formatDate(at)).toBe('Nov 23, 2026');
    expect(formatDateTime(at.toISOString())).toBe('Nov 23, 2026, 2:05 PM');
    expect(formatTime(at)).toBe('2:05 PM');
    expect(formatTime(at, { seconds: true })).toBe('2:05:09 PM');
    expect(formatMonthDay(at)).toBe('Nov 23');
    expect(formatDay('2026-04-03')).toBe('Apr 3, 2026');
    expect(formatDay('not a day')).toBe('not a day');
    expect(formatDate('not a date')).toBe('');
  });

  it('is the only place the app formats a date or a time', () => {
    const files = Object.keys(SOURCES);
    expect(files.length).toBeGreaterThan(200);
    const offenders = Object.entries(SOURCES)
      .filter(([, source]) => OWN_FORMAT.test(source))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});

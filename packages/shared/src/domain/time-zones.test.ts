import { describe, expect, it } from 'vitest';
import { datesInOtherFormats, formatCalendarDate, formatDateInZone, formatDateTimeInZone, isIanaTimeZone, printZone } from './time-zones';

describe('time zones', () => {
  it('accepts IANA zone names and refuses offsets, abbreviations, unknown names and junk', () => {
    for (const zone of ['America/Chicago', 'America/Argentina/Buenos_Aires', 'Europe/Berlin', 'Etc/GMT+5', 'UTC'])
      expect(isIanaTimeZone(zone), zone).toBe(true);
    for (const zone of ['', '+05:00', 'CST', 'Mars/Olympus_Mons', 'America/Chicago; drop table', 'x'.repeat(65), 'America//Chicago'])
      expect(isIanaTimeZone(zone), zone).toBe(false);
    expect(printZone('Nowhere/City')).toBe('UTC');
    expect(printZone(null)).toBe('UTC');
  });

  it('prints a moment in the zone with the zone named, plain spaces only', () => {
    const at = new Date('2026-03-03T20:14:00Z');
    expect(formatDateTimeInZone(at, 'America/Chicago')).toBe('Mar 3, 2026, 2:14 PM CST');
    expect(formatDateTimeInZone(new Date('2026-07-03T20:14:00Z'), 'America/Chicago')).toBe('Jul 3, 2026, 3:14 PM CDT');
    expect(formatDateTimeInZone(at, null)).toBe('Mar 3, 2026, 8:14 PM UTC');
    expect(formatDateTimeInZone(at, 'Asia/Kolkata')).toBe('Mar 4, 2026, 1:44 AM GMT+5:30');
    expect(formatDateTimeInZone(at, 'America/Chicago')).toMatch(/^[\x20-\x7e]+$/);
  });

  it('prints the calendar day in the zone, and a date of loss as written', () => {
    expect(formatDateInZone(new Date('2026-03-04T03:00:00Z'), 'America/Chicago')).toBe('Mar 3, 2026');
    expect(formatDateInZone(new Date('2026-03-04T03:00:00Z'), 'UTC')).toBe('Mar 4, 2026');
    expect(formatCalendarDate('2026-05-02')).toBe('May 2, 2026');
    expect(formatCalendarDate('')).toBe('');
  });
});

describe('one date format', () => {
  it('finds the dates written another way, and none of the product’s own', () => {
    expect(datesInOtherFormats('Loss Nov 14, 2026; signed Dec 1, 2026, 6:54 PM CST; May 3, 2026')).toEqual([]);
    expect(datesInOtherFormats('Loss 2026-11-14, due 12/01/2026, paid November 20, 2026')).toEqual(['2026-11-14', 'November 20, 2026', '12/01/2026']);
    expect(datesInOtherFormats('Production 2008-2015, model 1-2-3')).toEqual([]);
  });
});

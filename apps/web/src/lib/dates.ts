import { isIanaTimeZone } from '@ridgeline/shared/domain/time-zones';

// THE one place the web app writes a date or a time for the user: one format per locale (the
// browser's), so a date reads the same on every page ("Nov 23, 2026" and "Nov 23, 2026, 2:05 PM" in
// US English). Every page formats through these; a test keeps other formatting out of the app.
// It also names the browser's time zone: what a new company's documents print times in, until it
// chooses another.

type When = string | number | Date;

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const TIME_WITH_SECONDS = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const MONTH_DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const MONTH_YEAR = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' });

function toDate(value: When): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day: "Nov 23, 2026" ('' for something that is not a date). */
export function formatDate(value: When): string {
  const date = toDate(value);
  return date ? DATE.format(date) : '';
}

/** A moment: "Nov 23, 2026, 2:05 PM" ('' for something that is not a date). */
export function formatDateTime(value: When): string {
  const date = toDate(value);
  return date ? DATE_TIME.format(date) : '';
}

/** A time of day: "2:05 PM"; with seconds, "2:05:09 PM" ('' for something that is not a date). */
export function formatTime(value: When, options: { seconds?: boolean } = {}): string {
  const date = toDate(value);
  if (!date) return '';
  return (options.seconds ? TIME_WITH_SECONDS : TIME).format(date);
}

/** A day and month without the year, for short spans inside a year: "Nov 23". */
export function formatMonthDay(value: When): string {
  const date = toDate(value);
  return date ? MONTH_DAY.format(date) : '';
}

/** A calendar day stored as YYYY-MM-DD (a date of loss, a due date), on that day wherever the reader is. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** The month of a calendar day stored as YYYY-MM-DD (a month's figures are dated by its first day): "Feb 2026". */
export function formatMonth(day: string): string {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(day);
  return match ? MONTH_YEAR.format(new Date(Number(match[1]), Number(match[2]) - 1, 1)) : day;
}

/** The IANA zone the browser runs in ("America/Chicago"), or null when it names none the server accepts. */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isIanaTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** Every IANA zone the browser knows, for a picker; the given zone first when the list lacks it. */
export function timeZoneChoices(current: string | null): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = known.filter(isIanaTimeZone);
  if (!zones.includes('UTC')) zones.push('UTC');
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** Today in the reader's own calendar as YYYY-MM-DD: a machine value (an input's value, a comparison), never shown. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

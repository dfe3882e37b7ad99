// The company's time zone: every time a document prints (a photo's capture, the server's receipt, a
// signature) is read in it and names it, so an adjuster in another state reads the roofer's clock
// and knows it ("Mar 3, 2026, 2:14 PM CST"). It is an IANA zone name ("America/Chicago"), taken from
// the browser when the company is created or first saves its settings; a company with none yet
// prints in UTC, named as such.

/** The zone documents print in while the company has none. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** Longest zone name accepted (the longest IANA names are about 30 characters). */
export const TIME_ZONE_MAX = 64;

/** An IANA name: "UTC", or Area/Location ("America/Argentina/Buenos_Aires", "Etc/GMT+5"). */
const IANA_NAME = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/;

/**
 * Whether `value` is an IANA time zone this runtime knows. Offsets ("+05:00") and abbreviations
 * ("CST") are refused: they do not follow daylight saving time.
 */
export function isIanaTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > TIME_ZONE_MAX || !IANA_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone to print in: the company's when it is a known IANA zone, UTC otherwise. */
export function printZone(zone: string | null | undefined): string {
  return zone && isIanaTimeZone(zone) ? zone : FALLBACK_TIME_ZONE;
}

/** Some runtimes put narrow or thin spaces around "PM"; documents print plain spaces. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ');

/** "Mar 3, 2026, 2:14 PM CST": a moment in the zone, with the zone named. */
export function formatDateTimeInZone(date: Date, zone: string | null | undefined): string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: printZone(zone),
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return plainSpaces(format.format(date));
}

/** "Mar 3, 2026": the calendar day of a moment in the zone. */
export function formatDateInZone(date: Date, zone: string | null | undefined): string {
  return plainSpaces(new Intl.DateTimeFormat('en-US', { timeZone: printZone(zone), year: 'numeric', month: 'short', day: 'numeric' }).format(date));
}

/** "Mar 3, 2026" for a calendar date written as YYYY-MM-DD (a date of loss): no zone moves it. */
export function formatCalendarDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return formatDateInZone(date, FALLBACK_TIME_ZONE);
}

/**
 * Every screen and paper writes a date one way ("Nov 14, 2026", with its time "Nov 14, 2026, 2:14 PM
 * CST"). The dates in `text` written another way: ISO days ("2026-11-14"), long month names
 * ("November 14, 2026"; May reads the same both ways) and numeric US days ("11/14/2026").
 */
export function datesInOtherFormats(text: string): string[] {
  const patterns = [
    /\b(19|20)\d{2}-\d{2}-\d{2}\b/g,
    /\b(January|February|March|April|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/g,
    /\b\d{1,2}\/\d{1,2}\/(19|20)\d{2}\b/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[0]));
}

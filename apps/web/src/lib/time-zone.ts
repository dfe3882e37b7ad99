import { isIanaTimeZone } from '@ridgeline/shared/domain/time-zones';

// The browser's time zone: what a new company's documents print times in, until it chooses another.

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

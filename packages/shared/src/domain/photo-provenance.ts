// Where a photo's time and place come from, and the flags an adjuster would raise (decision 039).
// A photo's "taken" time and place are the camera's (the file's own metadata: DateTimeOriginal with
// OffsetTimeOriginal, GPS), or the device's at the moment it took the photo in the app; a photo
// chosen from the library without camera metadata has no taken time or place: it says when it was
// added, and the device's location at upload is kept apart, labelled as such. The flags are
// worked out on the server (it knows the claim's date of loss, the property and the session's other
// photos) and only shown by the screens and the report.

import { printZone } from './time-zones';

/** How far (in miles) a photo may be from the property or from the session's other photos before it is flagged. */
export const PROVENANCE_DISTANCE_MILES = 1;

/** How a photo came in: taken with the app's camera button, or chosen "From library". */
export const PHOTO_ORIGINS = ['camera', 'library'] as const;
export type PhotoOrigin = (typeof PHOTO_ORIGINS)[number];

/** Where a taken time or place came from: the file's camera metadata (EXIF), or the device when it took the photo. */
export type ProvenanceSource = 'exif' | 'device' | null;

/** The words of a source, as the evidence appendix and the gallery print them. */
export function timeSourceWords(source: ProvenanceSource): string {
  return source === 'exif' ? 'camera metadata' : source === 'device' ? 'device at capture' : 'none';
}

/** The place's source; a library photo's device location is "device at upload", never a taken place. */
export function placeSourceWords(source: ProvenanceSource, deviceAtUpload: boolean): string {
  if (source === 'exif') return 'camera metadata';
  if (source === 'device') return 'device at capture';
  return deviceAtUpload ? 'device at upload' : 'none';
}

/** The words for a photo without a camera time: "the file has no camera time". */
export const NO_CAMERA_TIME = 'the file has no camera time';

export const PROVENANCE_FLAG_KINDS = ['before-loss', 'far-from-property', 'far-from-session', 'edited'] as const;
export type ProvenanceFlagKind = (typeof PROVENANCE_FLAG_KINDS)[number];
export type ProvenanceFlag = { kind: ProvenanceFlagKind; reason: string };

/**
 * The Software tag of an editor, not of a camera (a phone's camera writes its OS version or firmware
 * there). Matched case-insensitively as a word anywhere in the tag.
 */
export const PHOTO_EDITOR_SOFTWARE = [
  'Photoshop',
  'Lightroom',
  'Adobe',
  'GIMP',
  'Snapseed',
  'Picsart',
  'VSCO',
  'Affinity',
  'Pixelmator',
  'Canva',
  'Paint.NET',
  'Facetune',
  'Luminar',
  'Capture One',
  'Photopea',
  'PhotoScape',
  'Fotor',
  'Darktable',
  'RawTherapee',
  'Corel',
  'Paintshop',
  'ACDSee',
  'Polarr',
  'Photos Editor',
] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const EDITOR = new RegExp(`(^|[^a-z])(${PHOTO_EDITOR_SOFTWARE.map(escape).join('|')})([^a-z]|$)`, 'i');

/** The editor named by a Software tag, or null when the tag is a camera's (or absent). */
export function editorSoftware(software: string | null | undefined): string | null {
  const text = software?.trim();
  return text && EDITOR.test(text) ? text : null;
}

type Size = { width: number; height: number };

/**
 * Why a file looks edited after capture, in words, or null: saved by an editor (its Software tag),
 * or pixels whose size is not the one its camera metadata records (either way round: the stored
 * size is upright, the metadata's is the sensor's).
 */
export function editedReason(input: { software: string | null; pixels: Size | null; camera: Size | null }): string | null {
  const editor = editorSoftware(input.software);
  if (editor) return `Edited after capture: the file was saved by ${editor}`;
  const { pixels, camera } = input;
  if (pixels && camera && camera.width > 0 && camera.height > 0) {
    const same = (pixels.width === camera.width && pixels.height === camera.height) || (pixels.width === camera.height && pixels.height === camera.width);
    if (!same)
      return `Edited after capture: it is ${pixels.width} × ${pixels.height} pixels, while its camera metadata says ${camera.width} × ${camera.height}`;
  }
  return null;
}

export type LatLng = { lat: number; lng: number };

/** The great-circle distance in miles. */
export function milesBetween(a: LatLng, b: LatLng): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "1.4 miles", "5,134 miles". */
export function milesWords(miles: number): string {
  const rounded = miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
  return `${rounded.toLocaleString('en-US')} mile${rounded === 1 ? '' : 's'}`;
}

/**
 * How far a photo is from the nearest of the session's other photos, or null when fewer than two
 * others have a place: with one other, neither photo can be told to be the odd one out.
 */
export function nearestOtherMiles(place: LatLng, others: readonly LatLng[]): number | null {
  if (others.length < 2) return null;
  return Math.min(...others.map((other) => milesBetween(place, other)));
}

export type ProvenanceInput = {
  /** The taken time's calendar day in the company's time zone (YYYY-MM-DD), and how it prints. */
  takenDay: { iso: string; words: string } | null;
  /** Where it was taken (camera metadata or the device at capture); never a library photo's device location. */
  takenPlace: LatLng | null;
  /** The edited-after-capture reason (editedReason), if any. */
  edited: string | null;
  /** The claim's date of loss (YYYY-MM-DD) and how it prints. */
  dateOfLoss: { iso: string; words: string } | null;
  /** The property's coordinates, when known. */
  property: LatLng | null;
  /** Where the session's other photos were taken (their taken places). */
  otherPlaces: readonly LatLng[];
  /** The distance allowed; PROVENANCE_DISTANCE_MILES unless a caller says otherwise. */
  maxMiles?: number;
};

/** The flags of one photo, each with its reason in words, in the order an adjuster would raise them. */
export function provenanceFlags(input: ProvenanceInput): ProvenanceFlag[] {
  const flags: ProvenanceFlag[] = [];
  const maxMiles = input.maxMiles ?? PROVENANCE_DISTANCE_MILES;
  if (input.takenDay && input.dateOfLoss && input.takenDay.iso < input.dateOfLoss.iso) {
    flags.push({ kind: 'before-loss', reason: `Taken ${input.takenDay.words}, before the date of loss (${input.dateOfLoss.words})` });
  }
  if (input.takenPlace && input.property) {
    const miles = milesBetween(input.takenPlace, input.property);
    if (miles > maxMiles) flags.push({ kind: 'far-from-property', reason: `Taken ${milesWords(miles)} from the property` });
  }
  const nearest = input.takenPlace ? nearestOtherMiles(input.takenPlace, input.otherPlaces) : null;
  if (nearest !== null && nearest > maxMiles) {
    flags.push({ kind: 'far-from-session', reason: `Taken ${milesWords(nearest)} from the nearest of the session's other photos` });
  }
  if (input.edited) flags.push({ kind: 'edited', reason: input.edited });
  return flags;
}

/**
 * The instant of a camera's local time ("2008:10:22 16:29:49", EXIF's format) with its offset
 * ("+02:00"), or, without one, read in `zone` (the company's: a camera that wrote no offset wrote
 * its own wall clock). Null for a value that is no date.
 */
export function cameraTime(local: string, offset: string | null, zone: string | null): Date | null {
  const match = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(local.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const off = offset ? /^([+-])(\d{2}):?(\d{2})$/.exec(offset.trim()) : null;
  if (off) {
    const minutes = (Number(off[2]) * 60 + Number(off[3])) * (off[1] === '-' ? -1 : 1);
    return new Date(wall - minutes * 60_000);
  }
  // The zone's offset at that wall time: guessed once, corrected once (enough across a DST change).
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: printZone(zone),
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/**
 * When a photo was taken, in words: "Taken <time>" from a taken time only; a photo without one says
 * when it was added and that the file has no camera time ("Added Dec 1, 2026, 6:54 PM; the file has
 * no camera time"), or, before the server has read the file, that it is being read. `format` writes
 * a moment as the reader's screen or paper does.
 */
export function takenWords(photo: { capturedAt: string | null; receivedAt: string; metadataRead: boolean }, format: (iso: string) => string): string {
  if (photo.capturedAt) return `Taken ${format(photo.capturedAt)}`;
  if (!photo.metadataRead) return `Added ${format(photo.receivedAt)}; reading its camera metadata`;
  return `Added ${format(photo.receivedAt)}; ${NO_CAMERA_TIME}`;
}

/** Where a photo was taken, in words: "GPS 43.46000, 11.88000", or the device's location at upload labelled as such, or null. */
export function placeWords(photo: { gps: LatLng | null; deviceGps: LatLng | null }): string | null {
  const at = (p: LatLng) => `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;
  if (photo.gps) return `GPS ${at(photo.gps)}`;
  if (photo.deviceGps) return `Device at upload ${at(photo.deviceGps)} (not where it was taken)`;
  return null;
}

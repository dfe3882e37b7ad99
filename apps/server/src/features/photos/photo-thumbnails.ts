import exifr from 'exifr';
import { cameraTime } from '@ridgeline/shared/domain/photo-provenance';
import type { Sharp } from 'sharp';
import type { Db } from '../../infra/db/client';
import type { EventPublisher } from '../../infra/events/event-bus';
import { imagePipeline, isOverPixelBudget, readImageHeader } from '../../infra/images/images';
import type { Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import { decodeHeic } from './heic-decoder';
import { findPhotoForThumbnails, saveSmallThumbnail, saveThumbnailResult, type ThumbnailResult } from './photos.repository';

// The thumbnail job: two JPEG sizes of a photo, upright (EXIF orientation applied), stored next to
// the original; the photo's GPS and capture time from its camera metadata (EXIF), which take the
// place of the device's (decision 039), with its Software tag and recorded size; and the
// dimensions of a HEIC photo (the request does not decode HEIC). The large size is made by the job
// queue, never in the upload request; the small one is what the upload's decode check of a JPEG,
// PNG or WebP draws anyway (the whole file decoded at its smallest scale), so the upload stores it
// and the job publishes it first, before it decodes the original again for the large one. The
// upload answer names no thumbnail: the job publishes each as it is stored, the small one first so
// a gallery shows the photo while the large one is made. Nothing is decoded over the pixel budget:
// sharp refuses such an input, and a HEIC photo's header is read before the HEIC decoder sees it.

export const THUMBNAIL_JOB = 'generate-photo-thumbnails';
/** `smallStored`: the upload stored the small size beside the original; the job makes only the large one. */
export type ThumbnailJob = { photoId: string; companyId: string; smallStored?: boolean };

const BUCKET = 'project-files';
/** The long edge of each size, in pixels. */
export const THUMB_SIZES = { small: 400, large: 1600 } as const;
const HEIC_TYPES = new Set(['image/heic', 'image/heif']);
/** How long a stored thumbnail may be cached: an hour. */
export const THUMBNAIL_CACHE_CONTROL = 'max-age=3600';

/** Where a thumbnail of an original lives: beside it, `<name>_thumb_<size>.jpg`. */
export function thumbnailPath(filePath: string, size: keyof typeof THUMB_SIZES): string {
  const dot = filePath.lastIndexOf('.');
  const stem = dot > filePath.lastIndexOf('/') ? filePath.slice(0, dot) : filePath;
  return `${stem}_thumb_${size}.jpg`;
}

export type Thumbnails = { small: Buffer; large: Buffer; width: number; height: number };

const LARGE_RESIZE = [THUMB_SIZES.large, THUMB_SIZES.large, { fit: 'inside', withoutEnlargement: true }] as const;
const SMALL_RESIZE = [THUMB_SIZES.small, THUMB_SIZES.small, { fit: 'inside', withoutEnlargement: true }] as const;
const LARGE_JPEG = { quality: 82 } as const;
const SMALL_JPEG = { quality: 78 } as const;

/**
 * The upload's decode check of a JPEG, PNG or WebP, which keeps its drawing: the small thumbnail
 * (upright, JPEG shrink-on-load decodes at 1/8 scale yet reads every scan to the end), or null when
 * the pixels do not decode to their end (a truncated or damaged file). An image over the pixel
 * budget is refused with 422 IMAGE_TOO_MANY_PIXELS before a pixel is decoded.
 */
export async function drawSmallThumbnail(bytes: Buffer): Promise<Buffer | null> {
  try {
    return await imagePipeline(bytes, { failOn: 'truncated' })
      .rotate()
      .resize(...SMALL_RESIZE)
      .jpeg(SMALL_JPEG)
      .toBuffer();
  } catch (error) {
    if (isOverPixelBudget(error)) throw new AppError('IMAGE_TOO_MANY_PIXELS');
    return null;
  }
}

/** The large size only, from a JPEG, PNG or WebP original whose upright size the upload stored. */
export async function makeLargeThumbnail(bytes: Buffer): Promise<Buffer> {
  return imagePipeline(bytes, { failOn: 'none' })
    .rotate()
    .resize(...LARGE_RESIZE)
    .jpeg(LARGE_JPEG)
    .toBuffer();
}

/**
 * Makes both sizes from the original's bytes: decoded once, rotated upright and shrunk to the large
 * size (JPEG shrink-on-load keeps this cheap), then the small one from the large. `known` is the
 * upright size the upload already read from the header (JPEG, PNG, WebP): no second header read.
 */
export async function makeThumbnails(bytes: Buffer, mimeType: string, known?: { width: number; height: number }): Promise<Thumbnails> {
  let source: Sharp;
  let width: number;
  let height: number;
  if (HEIC_TYPES.has(mimeType)) {
    // Over the budget: refused (422 IMAGE_TOO_MANY_PIXELS) before a pixel is decoded.
    await readImageHeader(bytes);
    const image = await decodeHeic(bytes);
    width = image.width;
    height = image.height;
    source = imagePipeline(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
  } else {
    source = imagePipeline(bytes, { failOn: 'none' }).rotate();
    const size = known ?? (await imagePipeline(bytes).metadata()).autoOrient;
    width = size.width;
    height = size.height;
  }
  const large = await source
    .resize(...LARGE_RESIZE)
    .jpeg(LARGE_JPEG)
    .toBuffer();
  const small = await imagePipeline(large)
    .resize(...SMALL_RESIZE)
    .jpeg(SMALL_JPEG)
    .toBuffer();
  return { small, large, width, height };
}

export type ExifFacts = {
  gps: { lat: number; lng: number } | null;
  capturedAt: Date | null;
  /** The Software tag, and the pixel size the metadata records (PixelXDimension, PixelYDimension). */
  software: string | null;
  size: { width: number; height: number } | null;
};

const NO_EXIF: ExifFacts = { gps: null, capturedAt: null, software: null, size: null };
const EXIF_PICK = [
  'DateTimeOriginal',
  'OffsetTimeOriginal',
  'CreateDate',
  'OffsetTimeDigitized',
  'Software',
  'ExifImageWidth',
  'ExifImageHeight',
  'latitude',
  'longitude',
  'GPSLatitude',
  'GPSLongitude',
  'GPSLatitudeRef',
  'GPSLongitudeRef',
];

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const positive = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/**
 * The camera metadata of a JPEG or HEIC file (exifr reads both): GPS, the original capture time
 * (DateTimeOriginal with OffsetTimeOriginal; without an offset, the camera's wall clock read in
 * `zone`, the company's), the Software tag and the recorded pixel size. Nulls when absent or unreadable.
 */
export async function readExif(bytes: Buffer, zone: string | null = null): Promise<ExifFacts> {
  const facts: ExifFacts = { ...NO_EXIF };
  try {
    // Raw values: exifr's own dates would read the camera's wall clock in the server's zone.
    const parsed: unknown = await exifr.parse(bytes, { gps: true, reviveValues: false, pick: EXIF_PICK });
    if (!parsed || typeof parsed !== 'object') return facts;
    const exif = parsed as Record<string, unknown>;
    const { latitude, longitude } = exif;
    if (typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude) && Number.isFinite(longitude)) {
      if (Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 && !(latitude === 0 && longitude === 0)) facts.gps = { lat: latitude, lng: longitude };
    }
    const original = text(exif.DateTimeOriginal);
    const digitized = text(exif.CreateDate);
    facts.capturedAt = original
      ? cameraTime(original, text(exif.OffsetTimeOriginal), zone)
      : digitized
        ? cameraTime(digitized, text(exif.OffsetTimeDigitized), zone)
        : null;
    facts.software = text(exif.Software);
    const width = positive(exif.ExifImageWidth);
    const height = positive(exif.ExifImageHeight);
    facts.size = width && height ? { width, height } : null;
  } catch {
    // A file without readable EXIF simply has none.
  }
  return facts;
}

/**
 * The job's handler: makes and stores the thumbnails of one photo, records them, and announces them
 * (photo-thumbnails-ready): every screen that lists the photo then shows them without a reload.
 */
export function createThumbnailWorker({ db, storage, events }: { db: Db; storage: Storage; events: EventPublisher }) {
  return async function generate({ photoId, companyId, smallStored = false }: ThumbnailJob): Promise<void> {
    const photo = await findPhotoForThumbnails(db, companyId, photoId);
    if (!photo) return; // purged or never stored: nothing to do
    const smallPath = thumbnailPath(photo.filePath, 'small');
    const largePath = thumbnailPath(photo.filePath, 'large');
    const known = photo.width && photo.height ? { width: photo.width, height: photo.height } : undefined;
    // The upload stored the small size (it is only ever told so for a JPEG, PNG or WebP, whose
    // upright size it stored too): it is published before the original is decoded again.
    const largeOnly = smallStored && known !== undefined && !HEIC_TYPES.has(photo.mimeType);
    if (largeOnly) await saveSmallThumbnail(db, companyId, photoId, smallPath);
    const original = await storage.get(BUCKET, photo.filePath);
    if (!original) throw new Error(`The original of photo ${photoId} is missing at ${photo.filePath}`);
    const [thumbs, exif] = await Promise.all([
      largeOnly && known
        ? makeLargeThumbnail(original.body).then((large) => ({ large, small: null, ...known }))
        : makeThumbnails(original.body, photo.mimeType, known),
      readExif(original.body, photo.timeZone),
    ]);
    // Thumbnails are derived from the original: making them again replaces them.
    const stored = { contentType: 'image/jpeg', cacheControl: THUMBNAIL_CACHE_CONTROL, upsert: true };
    await Promise.all([...(thumbs.small ? [storage.put(BUCKET, smallPath, thumbs.small, stored)] : []), storage.put(BUCKET, largePath, thumbs.large, stored)]);
    const result: ThumbnailResult = {
      thumbSmallPath: smallPath,
      thumbLargePath: largePath,
      thumbnailsAt: new Date(),
      width: thumbs.width,
      height: thumbs.height,
    };
    // The file's camera metadata is the photo's taken time and place, over what the device sent.
    if (exif.gps) {
      result.gpsCoordinates = `${exif.gps.lat},${exif.gps.lng}`;
      result.gpsSource = 'exif';
    }
    if (exif.capturedAt) {
      result.capturedAt = exif.capturedAt;
      result.capturedAtSource = 'exif';
    }
    result.cameraSoftware = exif.software;
    result.cameraWidth = exif.size?.width ?? null;
    result.cameraHeight = exif.size?.height ?? null;
    await saveThumbnailResult(db, companyId, photoId, result);
    await events.publish('photo-thumbnails-ready', { companyId, photoId, projectId: photo.projectId, sessionId: photo.sessionId });
  };
}
